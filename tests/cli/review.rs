//! Regressions found in review: the log across sessions and failed saves, hostile stores,
//! counters at their end, and edges of the command line.

use std::fs;

use crate::support::{TestEnv, error_paths, items};

fn blocks(log: &str) -> Vec<&str> {
    log.lines()
        .filter(|line| line.starts_with("# task"))
        .collect()
}

#[test]
fn a_session_started_in_the_same_second_gets_its_own_log_file() {
    let env = TestEnv::new();
    env.todos(&["write", "--summary", "A", "-t", "completed:One"])
        .env("TODOS_SESSION", "s1")
        .run()
        .success();
    env.todos(&["write", "--summary", "B", "-t", "completed:Two"])
        .env("TODOS_SESSION", "s2")
        .run()
        .success();
    let first = env.read("memory/todos/todoList-20250102-174233.md");
    let second = env.read("memory/todos/todoList-20250102-174233-2.md");
    assert!(
        first.contains("Summary: A") && !first.contains("Summary: B"),
        "{first}"
    );
    assert!(
        second.starts_with("# task1-20250102-174233\n\nSummary: B\n"),
        "{second}"
    );
    assert_eq!(
        env.store()["session"]["log_file"],
        "todoList-20250102-174233-2.md"
    );
}

#[test]
fn a_failed_save_takes_its_log_block_back() {
    let env = TestEnv::new();
    env.plan("S", &["pending:a"]);
    // A folder where the temp file goes is refused before anything is written (the failing
    // save after a written block is made on a full disk in safety.rs).
    fs::create_dir(env.path(".todos.json.tmp")).unwrap();
    let done = env.rejects(env.todos(&["update", "1", "completed"]), 6);
    assert!(done.stderr.contains(".todos.json.tmp"), "{}", done.stderr);
    fs::remove_dir(env.path(".todos.json.tmp")).unwrap();
    env.todos(&[
        "write",
        "--summary",
        "S",
        "-t",
        "completed:b",
        "-t",
        "completed:c",
    ])
    .run()
    .success();
    let log = env.read("memory/todos/todoList-20250102-174233.md");
    assert_eq!(blocks(&log), ["# task1-20250102-174233"]);
    assert!(
        log.contains("- b\n- c\n") && !log.contains("- a\n"),
        "{log}"
    );
}

#[test]
fn a_store_cannot_send_the_log_outside_the_memory_folder() {
    let env = TestEnv::new();
    for log_file in [
        "/tmp/victim.md",
        "../../escape.md",
        "sub/dir.md",
        "notes.txt",
    ] {
        let store = serde_json::json!({
            "version": 1, "revision": 1, "next_id": 2,
            "session": {"id": "s", "started_at": "x", "log_file": log_file, "completed_plans": 0},
            "todos": [{"id": "1", "content": "a", "status": "pending"}]
        });
        env.write_file(".todos.json", store.to_string());
        let done = env.rejects(env.todos(&["update", "1", "done"]), 4);
        assert!(
            done.stderr.contains("is not a file name ending in .md"),
            "{}",
            done.stderr
        );
    }
}

#[test]
fn hand_made_stores_with_broken_ids_or_shape_are_corrupt() {
    let env = TestEnv::new();
    let cases = [
        (
            r#"{"version":1,"revision":1,"next_id":3,"todos":[{"id":"1","content":"a","status":"pending"},{"id":"1","content":"b","status":"pending"}]}"#,
            "the id \"1\" of an earlier item",
        ),
        (
            r#"{"version":1,"revision":1,"next_id":3,"todos":[{"id":" ","content":"a","status":"pending"}]}"#,
            "an empty id",
        ),
        (
            r#"[1,3,null,5,null,null,[["1","a","pending",null,null]]]"#,
            "not a JSON object",
        ),
    ];
    for (store, message) in cases {
        env.write_file(".todos.json", store);
        let done = env.rejects(env.todos(&["show"]), 4);
        assert!(done.stderr.contains(message), "{}", done.stderr);
    }
}

#[test]
fn counters_at_their_end_are_refused_not_wrapped() {
    let env = TestEnv::new();
    let max = u64::MAX;
    env.write_file(
        ".todos.json",
        format!(r#"{{"version":1,"revision":5,"next_id":{max},"todos":[]}}"#),
    );
    let json = env.rejects(env.todos(&["--json", "create", "a"]), 1).json();
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
    let done = env.rejects(env.todos(&["create", "a"]), 1);
    assert!(
        done.stderr.contains("revision counter") && !done.stderr.contains("panicked"),
        "{}",
        done.stderr
    );
}

#[test]
fn undo_of_a_corrupt_store_hands_out_no_revision_or_id_twice() {
    let env = TestEnv::new();
    env.plan("S", &["pending:a", "pending:b"]);
    env.todos(&["create", "c"]).run().success(); // revision 2, id 3
    env.write_file(".todos.json", "garbage");
    env.todos(&["undo"]).run().success();
    assert!(env.store()["revision"].as_u64().unwrap() > 2);
    env.todos(&["create", "d"]).run().success();
    let ids: Vec<String> = items(&env.store()["todos"])
        .into_iter()
        .map(|(id, _, _)| id)
        .collect();
    assert_eq!(ids, ["1", "2", "3", "4"], "c kept its id, d got a new one");
    // What a half-readable store still says of its counters is kept.
    env.write_file(
        ".todos.json",
        r#"{"version": 1, "revision": 40, "next_id": 90, "todos": "oops"}"#,
    );
    env.todos(&["undo"]).run().success();
    assert_eq!(env.store()["revision"], 41);
    assert_eq!(env.store()["next_id"], 90);
}

#[test]
fn setting_aside_twice_in_one_second_keeps_both_files() {
    let env = TestEnv::new();
    env.plan("S", &["pending:a"]);
    env.todos(&["create", "b"]).run().success();
    env.write_file(".todos.json", "FIRST");
    env.todos(&["undo"]).run().success();
    env.todos(&["create", "c"]).run().success();
    env.write_file(".todos.json", "SECOND");
    env.todos(&["undo"]).run().success();
    assert_eq!(env.read(".todos.json.corrupt-20250102-174233"), "FIRST");
    assert_eq!(env.read(".todos.json.corrupt-20250102-174233-2"), "SECOND");
}

#[test]
fn error_messages_escape_what_the_input_holds() {
    let env = TestEnv::new();
    let input = r#"{"todos":[{"content":"a","status":"\u001b]0;pwned\u0007x"},{"content":"b","status":"done","\u001b[2J":1}]}"#;
    let done = env.rejects(env.todos(&["write", input]), 1);
    assert!(
        !done.stderr.contains('\u{1b}') && !done.stderr.contains('\u{7}'),
        "{:?}",
        done.stderr
    );
    assert!(
        done.stderr.contains("\\u{1b}]0;pwned\\u{7}x"),
        "{}",
        done.stderr
    );
}

#[test]
fn update_takes_its_change_from_arguments_or_stdin_not_both() {
    let env = TestEnv::new();
    env.plan("S", &["pending:a"]);
    env.rejects(
        env.todos(&["update", "--content", "x"])
            .stdin(r#"{"id":"1","status":"completed"}"#),
        2,
    );
    env.rejects(env.todos(&["update", "1"]), 2);
    let json = env
        .rejects(env.todos(&["--json", "update"]).stdin(r#"{"id":"1"}"#), 1)
        .json();
    assert_eq!(error_paths(&json), ["status"]);
    let message = json["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("status: is missing; send the new status"),
        "{message}"
    );
}

#[test]
fn a_folder_given_as_file_is_an_input_error() {
    let env = TestEnv::new();
    let done = env.rejects(env.todos(&["write", "--file", "."]), 1);
    assert!(done.stderr.contains("it is a folder"), "{}", done.stderr);
}

#[test]
fn an_empty_workspace_variable_counts_as_unset() {
    let env = TestEnv::new();
    env.todos(&["create", "a"])
        .env("TODOS_WORKSPACE", "")
        .run()
        .success();
    assert!(env.path(".todos.json").exists());
}

#[test]
#[cfg(unix)]
fn saving_keeps_the_store_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    env.plan("S", &["pending:a"]);
    fs::set_permissions(env.path(".todos.json"), fs::Permissions::from_mode(0o600)).unwrap();
    env.todos(&["create", "b"]).run().success();
    let mode = fs::metadata(env.path(".todos.json"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}
