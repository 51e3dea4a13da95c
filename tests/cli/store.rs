//! The store, the workspace, the lock, the completion log and the configuration.

use std::fs;

use crate::support::TestEnv;

#[test]
fn show_and_recap_create_nothing() {
    let env = TestEnv::new();
    let done = env.todos(&["show"]).run().success();
    assert_eq!(done.stdout, "[0/0] (no summary)\n  No todos.\n");
    assert_eq!(
        env.todos(&["recap"]).run().success().stdout,
        "[0/0] No todos.\n"
    );
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
    assert!(
        !env.path(".todos.json.tmp").exists(),
        "no temp file is left behind"
    );
}

#[test]
fn the_workspace_is_found_upwards() {
    let env = TestEnv::new();
    env.plan("Root plan", &["pending:A"]);
    fs::create_dir_all(env.path("deep/er")).unwrap();
    let done = env
        .todos(&["recap"])
        .current_dir(env.path("deep/er"))
        .run()
        .success();
    assert_eq!(done.stdout, "[0/1] Pending: A.\n");
    assert!(!env.path("deep/er/.todos.json").exists());
}

#[test]
fn a_git_folder_marks_the_workspace_when_no_store_exists() {
    let env = TestEnv::new();
    fs::create_dir_all(env.path("repo/.git")).unwrap();
    fs::create_dir_all(env.path("repo/src")).unwrap();
    env.todos(&["create", "From src"])
        .current_dir(env.path("repo/src"))
        .run()
        .success();
    assert!(env.path("repo/.todos.json").exists());
    assert!(!env.path("repo/src/.todos.json").exists());
}

#[test]
fn workspace_flag_and_variable() {
    let env = TestEnv::new();
    fs::create_dir_all(env.path("a")).unwrap();
    fs::create_dir_all(env.path("b")).unwrap();
    env.todos(&["-C", "a", "create", "In a"]).run().success();
    env.todos(&["create", "In b"])
        .env("TODOS_WORKSPACE", env.path("b"))
        .run()
        .success();
    assert!(env.path("a/.todos.json").exists() && env.path("b/.todos.json").exists());
    assert!(!env.path(".todos.json").exists());
    let done = env.rejects(env.todos(&["-C", "missing", "create", "x"]), 1);
    assert!(done.stderr.contains("is not a folder"), "{}", done.stderr);
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
        let done = env.rejects(env.todos(args), 4);
        assert!(
            done.stderr
                .contains(".todos.json cannot be read as a todos store"),
            "{}",
            done.stderr
        );
        assert!(done.stderr.contains("line 3 column"), "{}", done.stderr);
        assert!(
            done.stderr.contains("hint: the file was left untouched"),
            "{}",
            done.stderr
        );
    }
    let json = env.rejects(env.todos(&["--json", "show"]), 4).json();
    assert_eq!(json["error"]["code"], "STORE_CORRUPT");
    env.write_file(
        ".todos.json",
        r#"{"version": 2, "revision": 1, "next_id": 1, "todos": []}"#,
    );
    let done = env.rejects(env.todos(&["show"]), 4);
    assert!(done.stderr.contains("format version 2"), "{}", done.stderr);
}

#[test]
fn a_held_lock_times_out_with_a_conflict() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(env.path(".todos.json.lock"))
        .unwrap();
    lock.lock().unwrap();
    let done = env.rejects(env.todos(&["--lock-timeout", "0.5", "create", "B"]), 3);
    assert!(
        done.stderr.contains("waiting for the lock"),
        "{}",
        done.stderr
    );
    assert!(done.stderr.contains("held the lock"), "{}", done.stderr);
    let json = env
        .rejects(
            env.todos(&["--json", "--lock-timeout", "0", "create", "B"]),
            3,
        )
        .json();
    assert_eq!(json["error"]["code"], "CONFLICT");
    // Readers never wait for the lock.
    env.todos(&["show"]).run().success();
    lock.unlock().unwrap();
    env.todos(&["--lock-timeout", "0", "create", "B"])
        .run()
        .success();
}

#[test]
fn a_finished_plan_is_logged_once() {
    let env = TestEnv::new();
    env.plan(
        "Fix multi_edit",
        &[
            "in_progress:Fix the overlap check",
            "pending:Update docs",
            "pending:Perf script",
        ],
    );
    env.todos(&["update", "1", "completed"]).run().success();
    env.todos(&["update", "3", "cancelled"]).run().success();
    assert!(!env.path("memory").exists(), "not finished yet");
    env.todos(&["update", "2", "completed"])
        .env("TODOS_NOW", "2025-01-02T18:00:05+08:00")
        .run()
        .success();
    let log = env.read("memory/todos/todoList-20250102-174233.md");
    insta::assert_snapshot!(log, @r"
    # task1-20250102-100005

    Summary: Fix multi_edit

    [2/3] Completed:
    - Fix the overlap check
    - Update docs

    [1/3] Cancelled:
    - ~~Perf script~~
    ");
    // The same finished list again, even with a new summary, is not a second plan.
    env.todos(&[
        "write",
        "--summary",
        "Fix multi_edit v2",
        "-t",
        "completed:Fix the overlap check",
        "-t",
        "completed:Update docs",
        "-t",
        "cancelled:Perf script",
    ])
    .run()
    .success();
    assert_eq!(env.read("memory/todos/todoList-20250102-174233.md"), log);
    // A second plan in the same session is task 2 in the same file, with a Failed section.
    env.plan("Second", &["completed:One", "failed:Two"]);
    let log = env.read("memory/todos/todoList-20250102-174233.md");
    assert!(log.contains("\n\n# task2-20250102-174233\n\nSummary: Second\n\n[1/2] Completed:\n- One\n\n[1/2] Failed:\n- Two\n"), "{log}");
    assert_eq!(env.store()["session"]["completed_plans"], 2);
}

#[test]
fn a_new_session_variable_starts_a_new_log() {
    let env = TestEnv::new();
    env.todos(&["write", "--summary", "A", "-t", "completed:One"])
        .env("TODOS_SESSION", "alpha")
        .run()
        .success();
    env.todos(&["write", "--summary", "B", "-t", "completed:Two"])
        .env("TODOS_SESSION", "beta")
        .env("TODOS_NOW", "2025-02-01T09:00:00Z")
        .run()
        .success();
    assert!(
        env.read("memory/todos/todoList-20250102-174233.md")
            .starts_with("# task1-20250102-174233\n")
    );
    assert!(
        env.read("memory/todos/todoList-20250201-090000.md")
            .starts_with("# task1-20250201-090000\n")
    );
    assert_eq!(env.store()["session"]["id"], "beta");
}

#[test]
fn times_are_local_to_tz() {
    let env = TestEnv::new();
    env.todos(&["write", "--summary", "A", "-t", "completed:One"])
        .env("TZ", "Asia/Shanghai")
        .run()
        .success();
    assert!(
        env.path("memory/todos/todoList-20250103-014233.md")
            .exists()
    );
    assert_eq!(env.store()["updated_at"], "2025-01-03T01:42:33+08:00");
}

#[test]
fn a_log_that_cannot_be_written_fails_before_the_store_changes() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:A"]);
    env.write_file("blocker", "a regular file");
    // A file where the log folder goes is refused before anything is written (a log that
    // fails on a full disk is in safety.rs).
    let done = env.rejects(
        env.todos(&["update", "1", "completed"])
            .env("TODOS_MEMORY_DIR", "blocker/todos"),
        6,
    );
    assert!(
        done.stderr.contains("blocker is not a folder"),
        "{}",
        done.stderr
    );
    // Once the log can be written, the same change goes through and is logged once.
    env.todos(&["update", "1", "completed"]).run().success();
    assert!(
        env.read("memory/todos/todoList-20250102-174233.md")
            .starts_with("# task1-")
    );
}

#[test]
fn configuration_layers() {
    let env = TestEnv::new();
    fs::create_dir_all(env.home().join(".config/todos")).unwrap();
    fs::write(
        env.home().join(".config/todos/config.json"),
        r#"{"max_items": 2, "max_content_chars": 5}"#,
    )
    .unwrap();
    env.rejects(env.todos(&["create", "a", "b", "c"]), 1);
    env.write_file(".todos.config.json", r#"{"max_items": 3}"#);
    let done = env.rejects(env.todos(&["create", "a", "b", "toolong"]), 1);
    assert!(
        done.stderr.contains("is 7 characters long, the limit is 5"),
        "{}",
        done.stderr
    );
    env.todos(&["create", "a", "b", "toolong"])
        .env("TODOS_MAX_CONTENT_CHARS", "7")
        .run()
        .success();
    env.write_file(".todos.config.json", r#"{"memory_dir": "notes"}"#);
    env.todos(&["write", "--summary", "S", "-t", "completed:a"])
        .run()
        .success();
    assert!(env.path("notes/todoList-20250102-174233.md").exists());
}

#[test]
fn invalid_configuration_names_the_file_and_key() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.write_file(".todos.config.json", r#"{"max_items": "ten"}"#);
    let done = env.rejects(env.todos(&["create", "x"]), 1);
    assert!(
        done.stderr.contains(
            ".todos.config.json: key \"max_items\" is invalid: it must be a whole number"
        ),
        "{}",
        done.stderr
    );
    env.write_file(".todos.config.json", r#"{"max_iterms": 20}"#);
    let done = env.rejects(env.todos(&["create", "x"]), 1);
    assert!(
        done.stderr
            .contains("key \"max_iterms\" is invalid: unknown key"),
        "{}",
        done.stderr
    );
    env.write_file(".todos.config.json", "{not json");
    env.rejects(env.todos(&["create", "x"]), 1);
    fs::remove_file(env.path(".todos.config.json")).unwrap();
    let done = env.rejects(
        env.todos(&["create", "x"]).env("TODOS_MAX_ITEMS", "many"),
        1,
    );
    assert!(
        done.stderr.contains("TODOS_MAX_ITEMS=\"many\" is invalid"),
        "{}",
        done.stderr
    );
}
