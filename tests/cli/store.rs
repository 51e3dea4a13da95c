//! The store, the workspace, the lock, the completion log and the configuration.

use std::fs;

use crate::support::{
    LOCK, TestEnv, envelope_end, lock_busy_hint, still_open, unreadable_store_hint,
    waiting_for_lock,
};

#[test]
fn show_and_recap_create_nothing() {
    let env = TestEnv::new();
    // Where no plan is, they say so on stderr (the folder, and how to start one).
    let note = format!(
        "note: no plan in {} yet; start one with `todos write --summary TEXT -t STEP…` or `todos create STEP…`\n",
        env.ws().display()
    );
    env.todos(&["show"])
        .expect_code(0)
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .expect_stderr(note.clone())
        .run();
    env.todos(&["recap"])
        .expect_code(0)
        .expect_stdout("[0/0] No todos.\n")
        .expect_stderr(note)
        .run();
    assert!(env.tree().is_empty());
    let names: Vec<_> = fs::read_dir(env.ws())
        .unwrap()
        .flatten()
        .map(|entry| entry.file_name())
        .collect();
    assert_eq!(names, [".git"], "not even a lock file");
}

#[test]
fn the_store_is_versioned_pretty_and_in_a_stable_key_order() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:A"]);
    let text = env.read(".todos.json");
    insta::assert_snapshot!(text, @r#"
    {
      "version": 1,
      "revision": 1,
      "updated_at": "2025-01-02T17:42:33+00:00",
      "next_id": 2,
      "summary": "S",
      "session": {
        "id": "20250102-174233",
        "started_at": "2025-01-02T17:42:33+00:00",
        "log_file": "todoList-20250102-174233.md",
        "completed_plans": 0
      },
      "todos": [
        {
          "id": "1",
          "content": "A",
          "status": "in_progress"
        }
      ]
    }
    "#);
    let left: Vec<String> = std::fs::read_dir(env.ws())
        .unwrap()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".todos-tmp"))
        .collect();
    assert!(left.is_empty(), "no temp file is left behind: {left:?}");
}

#[test]
fn a_corrupt_store_is_left_alone_with_a_way_back() {
    let env = TestEnv::new();
    env.write_file(
        ".todos.json",
        "{\n  \"version\": 1,\n  \"todos\": [oops]\n}\n",
    );
    for args in [
        &["show"][..],
        &["recap"],
        &["create", "x"],
        &["write", "--summary", "S"],
        &["update", "1", "done"],
    ] {
        env.rejects(
            env.todos(args).expect_stderr(concat!(
                "error: [ROOT]/ws/.todos.json cannot be read as a todos store: expected value \
                    at line 3 column 13\n",
                unreadable_store_hint!(),
            )),
            4,
        );
    }
    let json = env
        .rejects(
            env.todos(&["--json", "show"]).expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"STORE_CORRUPT\",\
                     \"message\":\"[ROOT]/ws/.todos.json cannot be read as a todos store: \
                     expected value at line 3 column 13\",\"details\":[],\"hint\":\"the file \
                     was left untouched; run `todos undo` to set it aside and restore the \
                     latest revision its history kept, or fix [ROOT]/ws/.todos.json by \
                     hand\"},\"text\":\"error: [ROOT]/ws/.todos.json cannot be read as a \
                     todos store: expected value at line 3 column 13\",",
                envelope_end!(),
            )),
            4,
        )
        .json();
    assert_eq!(json["error"]["code"], "STORE_CORRUPT");
    env.write_file(
        ".todos.json",
        r#"{"version": 2, "revision": 1, "next_id": 1, "todos": []}"#,
    );
    env.rejects(
        env.todos(&["show"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json cannot be read as a todos store: format version \
                2 is not 1, the one this todos reads\n",
            unreadable_store_hint!(),
        )),
        4,
    );
}

#[test]
fn a_held_lock_times_out_with_a_conflict() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(env.path(LOCK))
        .unwrap();
    lock.lock().unwrap();
    env.rejects(
        env.todos(&["--lock-timeout", "0.5", "create", "B"])
            .expect_stderr(concat!(
                waiting_for_lock!(),
                "error: another todos process held the lock on [ROOT]/ws/.todos/default.json.lock \
                longer than --lock-timeout (0.5 s)\n",
                lock_busy_hint!(),
            )),
        3,
    );
    let json = env
        .rejects(
            env.todos(&["--json", "--lock-timeout", "0", "create", "B"]).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"CONFLICT\",\
                    \"message\":\"another todos process held the lock on [ROOT]/ws/.todos/default.json.lock \
                    longer than --lock-timeout (0 s)\",\"details\":[],\
                    \"hint\":\"try again once it is done, or wait longer with --lock-timeout \
                    SECS\"},\"text\":\"error: another todos process held the lock on [ROOT]/ws/.todos/default.json.lock \
                    longer than --lock-timeout (0 s)\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                    \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"items\":[\"B\"]}}}\n"),
            3,
        )
        .json();
    assert_eq!(json["error"]["code"], "CONFLICT");
    // Readers never wait for the lock.
    env.todos(&["show"])
        .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n"))
        .run()
        .success();
    lock.unlock().unwrap();
    env.todos(&["--lock-timeout", "0", "create", "B"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
}

#[test]
fn hand_made_stores_with_broken_ids_or_shape_are_corrupt() {
    let env = TestEnv::new();
    let cases = [
        (
            r#"{"version":1,"revision":1,"next_id":3,"todos":[{"id":"1","content":"a","status":"pending"},{"id":"1","content":"b","status":"pending"}]}"#,
            "todos[1].id: \"1\" is the id of an earlier item",
        ),
        (
            r#"{"version":1,"revision":1,"next_id":3,"todos":[{"id":" ","content":"a","status":"pending"}]}"#,
            "todos[0].id: \" \" is not an id todos hands out (decimal digits, no leading zero)",
        ),
        (
            r#"[1,3,null,5,null,null,[["1","a","pending",null,null]]]"#,
            "it is not a JSON object",
        ),
    ];
    for (store, message) in cases {
        env.write_file(".todos.json", store);
        env.rejects(env.todos(&["show"]).expect_stderr(unreadable(message)), 4);
    }
}

/// What a command says of a `.todos.json` it cannot read as a store, for `why`.
fn unreadable(why: &str) -> String {
    format!(
        "error: [ROOT]/ws/.todos.json cannot be read as a todos store: {why}\n\
         {unreadable_store_hint}",
        unreadable_store_hint = unreadable_store_hint!()
    )
}

/// Counters run up to 2^53 - 1 (what every JSON reader reads exactly): a store past that is
/// corrupt, and one at the end refuses the change that would pass it, never wraps.
#[test]
fn counters_at_their_end_are_refused_not_wrapped() {
    let env = TestEnv::new();
    let max = (1_u64 << 53) - 1;
    env.write_file(
        ".todos.json",
        format!(r#"{{"version":1,"revision":5,"next_id":{max},"todos":[]}}"#),
    );
    let json = env
        .rejects(
            env.todos(&["--json", "create", "a"]).expect_stdout(
                "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
            \"message\":\"the store's id counter is at its maximum and cannot go on\",\
            \"details\":[],\"hint\":\"start a new store: move .todos.json aside\"},\
            \"text\":\"error: the store's id counter is at its maximum and cannot go \
            on\",\"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
            \"list\":\"default\",\"params_input\":{\"items\":[\"a\"]}}}\n",
            ),
            1,
        )
        .json();
    assert_eq!(json["error"]["code"], "INVALID_PARAM");
    assert!(
        json["error"]["message"]
            .as_str()
            .unwrap()
            .contains("id counter"),
        "{json}"
    );
    env.write_file(
        ".todos.json",
        format!(r#"{{"version":1,"revision":{max},"next_id":1,"todos":[]}}"#),
    );
    env.rejects(
        env.todos(&["create", "a"]).expect_stderr(concat!(
            "error: the store's revision counter is at its maximum and cannot go on\n",
            "hint: start a new store: move .todos.json aside\n"
        )),
        1,
    );
    for (field, value) in [("revision", u64::MAX), ("next_id", max + 1)] {
        let other = if field == "revision" {
            "next_id"
        } else {
            "revision"
        };
        env.write_file(
            ".todos.json",
            format!(r#"{{"version":1,"{field}":{value},"{other}":1,"todos":[]}}"#),
        );
        env.rejects(
            env.todos(&["create", "a"])
                .expect_stderr(unreadable(&format!(
                    "{field}: {value} is beyond the largest counter todos keeps ({max})"
                ))),
            4,
        );
    }
}

#[test]
#[cfg(unix)]
fn saving_keeps_the_store_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    env.plan("S", &["pending:a"]);
    fs::set_permissions(env.path(".todos.json"), fs::Permissions::from_mode(0o600)).unwrap();
    env.todos(&["create", "b"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    let mode = fs::metadata(env.path(".todos.json"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
#[cfg(target_os = "linux")]
fn a_change_leaves_the_workspace_folders_access_time_alone() {
    // A change reads `.todos/` for killed writers' temporary files; setting a folder's access
    // time on the way would make the store's fsync write the folder's inode too
    // (docs/performance.md), so the folder is read with O_NOATIME. The workspace's root, which
    // gains the store's new name, is opened to be synced, never read.
    let env = TestEnv::new();
    env.plan("S", &["in_progress:a", "pending:b"]);
    let accessed = |folder: &std::path::Path| fs::metadata(folder).unwrap().accessed().unwrap();
    let set_old_access_time = |folder: &std::path::Path| {
        let status = std::process::Command::new("touch")
            .args(["-a", "-d", "@1000000000"])
            .arg(folder)
            .status()
            .unwrap();
        assert!(status.success());
        accessed(folder)
    };
    for folder in [env.ws(), env.path(".todos")] {
        // Where the file system keeps no access times (noatime), this test could not fail.
        let old = set_old_access_time(&folder);
        assert!(fs::read_dir(&folder).unwrap().count() >= 3);
        assert_ne!(
            accessed(&folder),
            old,
            "the test's file system records when a folder is read"
        );
    }
    let before = [env.ws(), env.path(".todos")].map(|folder| set_old_access_time(&folder));
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [x] a\n",
            "  2 [ ] b\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["status"], "completed");
    assert_eq!(
        [env.ws(), env.path(".todos")].map(|folder| accessed(&folder)),
        before
    );
}
