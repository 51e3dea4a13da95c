use serde_json::json;

use crate::support::{
    TestEnv, envelope_end, items, no_summary, stale_revision, still_open, unchanged,
};

fn ids(env: &TestEnv) -> Vec<String> {
    items(&env.store()["todos"])
        .into_iter()
        .map(|(id, _, _)| id)
        .collect()
}

/// The plan S with one pending item A, as a change prints it.
const S_WITH_A: &str = concat!("[0/1] S\n", "  1 [ ] A\n", still_open!(1 of 1));

#[test]
fn args_form_builds_a_plan() {
    let env = TestEnv::new();
    env.todos(&[
        "write",
        "--summary",
        "Fix login",
        "-t",
        "completed:Reproduce",
        "-t",
        "in_progress:Patch the check",
    ])
    .expect_code(0)
    .expect_stdout(concat!(
        "[1/2] Fix login\n",
        "  1 [x] Reproduce\n",
        "  2 [▶] Patch the check\n",
        still_open!(1 of 2)
    ))
    .run();
    let store = env.store();
    assert_eq!(store["version"], 1);
    assert_eq!(store["revision"], 1);
    assert_eq!(store["summary"], "Fix login");
    assert_eq!(
        items(&store["todos"]),
        [
            ("1".into(), "completed".into(), "Reproduce".into()),
            ("2".into(), "in_progress".into(), "Patch the check".into())
        ]
    );
}

#[test]
fn input_comes_from_an_argument_a_dash_a_pipe_or_a_file() {
    let snapshot = r#"{"summary":"S","todos":[{"content":"A","status":"pending"}]}"#;
    let env = TestEnv::new();
    env.todos(&["write", snapshot])
        .expect_stdout(S_WITH_A)
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["content"], "A");

    let env = TestEnv::new();
    env.todos(&["write", "-"])
        .stdin(snapshot)
        .expect_stdout(S_WITH_A)
        .run()
        .success();
    assert_eq!(env.store()["summary"], "S");

    let env = TestEnv::new();
    env.todos(&["write"])
        .stdin(snapshot)
        .expect_stdout(S_WITH_A)
        .run()
        .success();
    assert_eq!(env.store()["revision"], 1);

    let env = TestEnv::new();
    env.write_file("plan.json", snapshot);
    env.todos(&["write", "--file", "plan.json"])
        .expect_stdout(S_WITH_A)
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["status"], "pending");
}

#[test]
fn summary_flag_overrides_the_snapshot() {
    let env = TestEnv::new();
    env.todos(&[
        "write",
        "--summary",
        "Flag",
        r#"{"summary":"Json","todos":[]}"#,
    ])
    .expect_stdout(concat!("[0/0] Flag\n", "  No todos.\n"))
    .run()
    .success();
    assert_eq!(env.store()["summary"], "Flag");
}

#[test]
fn summary_alone_changes_only_the_summary() {
    let env = TestEnv::new();
    env.plan("Old", &["pending:A"]);
    env.todos(&["write", "--summary", "New"])
        .expect_stdout(concat!("[0/1] New\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .run()
        .success();
    assert_eq!(env.store()["summary"], "New");
    assert_eq!(items(&env.store()["todos"]).len(), 1);
    assert_eq!(env.store()["revision"], 2);
}

#[test]
fn summary_flag_with_a_piped_snapshot_applies_both() {
    let env = TestEnv::new();
    let piped = r#"{"summary":"Piped","todos":[{"content":"A","status":"pending"}]}"#;
    env.todos(&["write", "--summary", "Flag"])
        .stdin(piped)
        .expect_stdout(concat!("[0/1] Flag\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .run()
        .success();
    assert_eq!(env.store()["summary"], "Flag");
    assert_eq!(env.store()["todos"][0]["content"], "A");
    // An empty pipe with --summary is a summary-only change, not an error.
    env.todos(&["write", "--summary", "Again"])
        .stdin("")
        .expect_stdout(concat!("[0/1] Again\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .run()
        .success();
    assert_eq!(env.store()["summary"], "Again");
    assert_eq!(env.store()["todos"][0]["content"], "A");
}

#[test]
fn a_null_or_absent_list_is_a_query() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let before = env.tree();
    for query in [r#"{"todos":null}"#, "{}"] {
        env.todos(&["write", query])
            .expect_stdout(S_WITH_A)
            .expect_stderr(unchanged!(1))
            .run()
            .success();
    }
    assert_eq!(env.tree(), before);
    env.todos(&["write", r#"{"todos":null,"summary":"T"}"#])
        .expect_stdout(concat!("[0/1] T\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .run()
        .success();
    assert_eq!(env.store()["summary"], "T");
    assert_eq!(env.store()["todos"][0]["content"], "A");
}

#[test]
fn an_empty_list_clears_the_plan() {
    let env = TestEnv::new();
    env.plan("S", &["completed:A"]);
    env.todos(&["write", r#"{"todos":[]}"#])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .run()
        .success();
    assert_eq!(env.store()["todos"], json!([]));
}

#[test]
fn an_identical_write_changes_nothing_and_says_so() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:A", "pending:B"]);
    let before = env.tree();
    let same = [
        "write",
        "--summary",
        "S",
        "-t",
        "in_progress:A",
        "-t",
        "pending:B",
    ];
    let later = env.todos(&same).env("TODOS_NOW", "2025-01-03T00:00:00Z");
    later
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [▶] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .expect_stderr(unchanged!(1))
        .run()
        .success();
    assert_eq!(env.tree(), before, "identical write touched the files");
    let json = env
        .todos(&[&["--json"][..], &same].concat())
        .expect_stdout("{\"status\":\"success\",\"data\":{\"summary\":\"S\",\
                \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"in_progress\"},\
                {\"id\":\"2\",\"content\":\"B\",\"status\":\"pending\"}],\
                \"recap\":\"[0/2] In progress: A. Pending: B.\",\"revision\":1,\
                \"changed\":false,\"warnings\":[]},\"text\":\"No change: the plan already \
                matches (revision 1).\",\"stats\":{\"total\":2,\"pending\":1,\
                \"in_progress\":1,\"completed\":0,\"cancelled\":0,\
                \"failed\":0,\"blocked\":0},\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"todos\":[{\"content\":\"A\",\
                \"status\":\"in_progress\"},{\"content\":\"B\",\"status\":\"pending\"}],\
                \"summary\":\"S\"}}}\n").run()
        .json();
    assert_eq!(json["data"]["changed"], false);
    assert_eq!(json["data"]["revision"], 1);
}

#[test]
fn ids_survive_resending_and_rewording_by_id() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A", "pending:B", "pending:C"]);
    // Claude-style ids "1".."3" happen to match ours: "1" keeps its id though reworded.
    env.todos(&["write", r#"{"todos":[{"id":"1","content":"A reworded","status":"completed"},{"content":"C","status":"in_progress"},{"content":"D","status":"pending"}]}"#])
        .expect_stdout(concat!("[1/3] S\n", "  1 [x] A reworded\n", "  3 [▶] C\n", "  4 [ ] D\n", still_open!(2 of 3))).expect_stderr("warning: dropped open item 2 \"B\" (pending); send it again to keep it, or `todos undo`\n").run()
        .success();
    assert_eq!(ids(&env), ["1", "3", "4"]);
}

#[test]
fn ids_never_go_back() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A", "pending:B"]);
    env.todos(&["write", r#"{"todos":[]}"#])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n")).expect_stderr("warning: dropped 2 open items: 1 \"A\" (pending), 2 \"B\" (pending); send them again to keep them, or `todos undo`\n").run()
        .success();
    env.todos(&[
        "write",
        r#"{"todos":[{"content":"New","status":"pending"}]}"#,
    ])
    .expect_stdout(concat!(
        "[0/1] (no summary)\n",
        "  3 [ ] New\n",
        still_open!(1 of 1)
    ))
    .expect_stderr(no_summary!())
    .run()
    .success();
    assert_eq!(ids(&env), ["3"]);
}

#[test]
fn dropping_open_items_warns_with_each_name_in_one_line() {
    let env = TestEnv::new();
    env.plan(
        "S",
        &["completed:Done one", "in_progress:Working", "pending:Later"],
    );
    let done = env
        .todos(&["write", "--summary", "S", "-t", "completed:Done one"])
        .expect_stdout(concat!("[1/1] S\n", "  1 [x] Done one\n", "The one item is done.\n")).expect_stderr("warning: dropped 2 open items: 2 \"Working\" (in_progress), 3 \"Later\" (pending); send them again to keep them, or `todos undo`\n").run()
        .success();
    assert_eq!(done.stderr.lines().count(), 1, "{}", done.stderr);
    let json = env
        .todos(&["--json", "write", r#"{"todos":[]}"#])
        .expect_stdout(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\
                \"todos\":[],\"recap\":\"[0/0] No todos.\",\"revision\":3,\
                \"changed\":true,\"warnings\":[]},\"text\":\"Updated todos: no items.\",\
                \"stats\":{\"total\":0,\"pending\":0,\"in_progress\":0,\
                \"completed\":0,\"cancelled\":0,\"failed\":0,\"blocked\":0},\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"todos\":[]}}}\n",
        )
        .run()
        .success()
        .json();
    assert_eq!(
        json["data"]["warnings"],
        json!([]),
        "completed items are not open"
    );
}

#[test]
fn a_missing_summary_is_accepted_with_a_warning_and_a_stored_one_is_kept() {
    let env = TestEnv::new();
    env.todos(&["write", r#"{"todos":[{"content":"A","status":"pending"}]}"#])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] A\n",
            still_open!(1 of 1)
        ))
        .expect_stderr(no_summary!())
        .run()
        .success();
    env.todos(&["write", "--summary", "Kept"])
        .expect_stdout(concat!("[0/1] Kept\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .run()
        .success();
    // The plan goes on (A is kept): its summary stays.
    env.todos(&[
        "write",
        r#"{"todos":[{"content":"A","status":"completed"},{"content":"B","status":"pending"}]}"#,
    ])
    .expect_stdout(concat!(
        "[1/2] Kept\n",
        "  1 [x] A\n",
        "  2 [ ] B\n",
        still_open!(1 of 2)
    ))
    .run()
    .success();
    assert_eq!(env.store()["summary"], "Kept");
}

#[test]
fn sixty_chinese_characters_pass_and_sixty_one_do_not() {
    let env = TestEnv::new();
    let sixty = format!("pending:{}", "修".repeat(60));
    env.todos(&["write", "--summary", "中文", "-t", &sixty])
        .expect_stdout(concat!("[0/1] 中文\n", "  1 [ ] 修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修修\n", still_open!(1 of 1))).run()
        .success();
    let sixty_one = format!("pending:{}", "修".repeat(61));
    env.rejects(
        env.todos(&["write", "-t", &sixty_one]).expect_stderr(
            "error: -t #1: is 61 characters long, the limit is 60; shorten the text to \
            what the step is, and put the detail in \"description\"; or raise the limit \
            with \"max_content_chars\" in .todos.config.json or TODOS_MAX_CONTENT_CHARS\n",
        ),
        1,
    );
}

#[test]
fn content_is_trimmed() {
    let env = TestEnv::new();
    env.todos(&[
        "write",
        r#"{"summary":"  S  ","todos":[{"content":"  A  ","status":"pending"}]}"#,
    ])
    .expect_stdout(S_WITH_A)
    .run()
    .success();
    assert_eq!(env.store()["todos"][0]["content"], "A");
    assert_eq!(env.store()["summary"], "S");
}

#[test]
fn expect_revision_guards_against_lost_updates() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.todos(&["write", "--expect-revision", "1", "--summary", "T"])
        .expect_stdout(concat!("[0/1] T\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .run()
        .success();
    env.rejects(
        env.todos(&["write", "--expect-revision", "1", "--summary", "U"])
            .expect_stderr(stale_revision!(2, not 1)),
        3,
    );
    let json = env
        .rejects(
            env.todos(&[
                "--json",
                "write",
                "--expect-revision",
                "7",
                "--summary",
                "U",
            ])
            .expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"CONFLICT\",\
                     \"message\":\"the plan is at revision 2, not 7: revision 7 does not \
                     exist yet, so no command read it\",\"details\":[],\"hint\":\"take the \
                     revision from the last output of todos (`todos --json show` gives it as \
                     data.revision), here --expect-revision 2\"},\"text\":\"error: the plan \
                     is at revision 2, not 7: revision 7 does not exist yet, so no command \
                     read it\",",
                envelope_end!(),
            )),
            3,
        )
        .json();
    assert_eq!(json["error"]["code"], "CONFLICT");
}

#[test]
fn a_terminal_stdin_is_a_usage_error_not_a_hang() {
    let env = TestEnv::new();
    // `script` gives the child a pseudo-terminal as stdin, and prints what the child printed
    // on it (both streams) on its own stdout.
    let done = env
        .todos(&["write"])
        .via(&[
            "bash",
            "-c",
            "exec script -qec \"$(printf '%q ' \"$0\" \"$@\")\" /dev/null",
        ])
        .env("PATH", "/usr/bin:/bin")
        .expect_code(2)
        .expect_stdout(concat!("error: no input: stdin is a terminal\r\n", "hint: pipe a snapshot in (`todos write < plan.json`), pass it as an argument, use --file PATH, or build one with --summary TEXT -t STATUS:CONTENT\r\n")).run();
    let text = done.stdout;
    assert!(
        text.contains("error: no input: stdin is a terminal"),
        "{text}"
    );
    assert!(text.contains("hint: pipe a snapshot in"), "{text}");
    assert!(!env.path(".todos.json").exists());
}

#[test]
fn empty_or_blank_piped_stdin_is_invalid() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    for input in ["", "  \n\t\n"] {
        env.rejects(env.todos(&["write"]).stdin(input).expect_stderr(concat!("error: stdin is empty\n", "hint: pipe a snapshot in (`todos write < plan.json`), pass it as an argument, use --file PATH, or build one with --summary TEXT -t STATUS:CONTENT\n")), 1);
    }
}

#[test]
fn new_session_starts_a_new_log_file() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let first = env.store()["session"]["log_file"].clone();
    env.todos(&[
        "write",
        "--new-session",
        "--summary",
        "S",
        "-t",
        "pending:A",
    ])
    .env("TODOS_NOW", "2025-01-05T08:00:00Z")
    .expect_stdout(S_WITH_A)
    .run()
    .success();
    assert_eq!(first, "todoList-20250102-174233.md");
    assert_eq!(
        env.store()["session"]["log_file"],
        "todoList-20250105-080000.md"
    );
    assert_eq!(env.store()["revision"], 2);
}

#[test]
fn a_folder_given_as_file_is_an_input_error() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&["write", "--file", "."]).expect_stderr(concat!(
            "error: cannot read .: it is a folder\n",
            "hint: check the --file path\n"
        )),
        1,
    );
}

#[test]
fn json_names_every_dropped_item_in_data_dropped_and_text_shortens_to_one_line() {
    let env = TestEnv::new();
    let seven = [
        "pending:Reproduce the login timeout",
        "pending:Patch the token expiry check",
        "in_progress:Add a regression test",
        "pending:Update the changelog",
        "blocked:Ask for the review",
        "pending:Tag the release",
        "pending:Publish the packages",
        "completed:Read the report",
    ];
    env.plan("Ship", &seven);
    // Text: one line, as many names as fit, the rest counted.
    env.todos(&["write", "[]"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .expect_stderr(concat!(
            "warning: dropped 7 open items: 1 \"Reproduce the login timeout\" (pending), ",
            "2 \"Patch the token expiry check\" (pending) (+5 more); send them again to keep ",
            "them, or `todos undo`\n"
        ))
        .run()
        .success();
    env.todos(&["-q", "undo"]).run().success();
    // JSON: every dropped open item, whole, in `data.dropped` and in the warning; the
    // finished one is not dropped work.
    let dropped = json!([
        {"id": "1", "content": "Reproduce the login timeout", "status": "pending"},
        {"id": "2", "content": "Patch the token expiry check", "status": "pending"},
        {"id": "3", "content": "Add a regression test", "status": "in_progress"},
        {"id": "4", "content": "Update the changelog", "status": "pending"},
        {"id": "5", "content": "Ask for the review", "status": "blocked"},
        {"id": "6", "content": "Tag the release", "status": "pending"},
        {"id": "7", "content": "Publish the packages", "status": "pending"},
    ]);
    let warning = concat!(
        "dropped 7 open items: 1 \"Reproduce the login timeout\" (pending), 2 \"Patch the token ",
        "expiry check\" (pending), 3 \"Add a regression test\" (in_progress), 4 \"Update the ",
        "changelog\" (pending), 5 \"Ask for the review\" (blocked), 6 \"Tag the release\" ",
        "(pending), 7 \"Publish the packages\" (pending); send them again to keep them, or ",
        "`todos undo`"
    );
    let envelope = json!({
        "status": "success",
        "data": {"summary": null, "todos": [], "recap": "[0/0] No todos.", "revision": 4,
                 "changed": true, "dropped": dropped, "warnings": [warning]},
        "text": "Updated todos: no items.",
        "stats": {"total": 0, "pending": 0, "in_progress": 0, "completed": 0, "cancelled": 0,
                  "failed": 0, "blocked": 0},
        "context": {"cwd": "[ROOT]/ws", "workspace": "[ROOT]/ws", "list": "default",
                    "params_input": []},
    });
    env.todos(&["--json", "write", "[]"])
        .expect_stdout(format!("{envelope}\n"))
        .run()
        .success();
}
