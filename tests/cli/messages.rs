//! What a command says when it works: counts in correct English, each warning and note once,
//! the same in text and in the envelope, and where to look next.

use crate::support::{HISTORY, TestEnv, envelope_end, no_summary, still_open};

#[test]
fn an_empty_plan_says_no_todos_once() {
    let env = TestEnv::new();
    env.plan("Fix login", &["pending:Reproduce"]);
    // An empty list clears the plan and its summary (SPEC §2).
    env.todos(&["write", "[]"])
        .expect_code(0)
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .expect_stderr("warning: dropped open item 1 \"Reproduce\" (pending); send it again to keep it, or `todos undo`\n").run();
}

#[test]
fn the_priority_is_shown() {
    let env = TestEnv::new();
    env.todos(&["write"])
        .stdin(r#"{"summary":"S","todos":[{"content":"Patch","status":"pending","priority":"HIGH"},{"content":"Test","status":"pending"}]}"#)
        .expect_stdout(concat!("[0/2] S\n", "  1 [ ] Patch (high priority)\n", "  2 [ ] Test\n", still_open!(2 of 2))).run()
        .success();
    let shown = env
        .todos(&["show"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] Patch (high priority)\n",
            "  2 [ ] Test\n"
        ))
        .run()
        .success()
        .stdout;
    assert_eq!(
        shown,
        "[0/2] S\n  1 [ ] Patch (high priority)\n  2 [ ] Test\n"
    );
    env.todos(&["show", "--format", "markdown"])
        .expect_stdout(concat!(
            "## S\n",
            "\n",
            "Progress: 0/2 done\n",
            "\n",
            "- [ ] Patch _(high priority)_\n",
            "- [ ] Test\n"
        ))
        .run()
        .success();
}

#[test]
fn counts_are_in_correct_english() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let done = env
        .todos(&["history"])
        .expect_stdout("1  2025-01-02 17:42:33  write  [0/1]  1 item\n")
        .run_in_process()
        .success();
    assert_eq!(
        done.stdout,
        "1  2025-01-02 17:42:33  write  [0/1]  1 item\n"
    );
    let json = env
        .todos(&["--json", "history"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"list\":\"default\",\
                 \"revisions\":[{\"revision\":1,\"at\":\"2025-01-02T17:42:33+00:00\",\
                 \"command\":\"write\",\"changes\":\"1 item\",\"done\":0,\"total\":1}]},\
                 \"text\":\"1 kept revision of the list default.\",",
            envelope_end!(),
        ))
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["text"], "1 kept revision of the list default.");
    let json = env
        .todos(&["--json", "show", "--all"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"lists\":[{\"list\":\"default\",\
                 \"summary\":\"Ship\",\"todos\":[{\"id\":\"1\",\"content\":\"A\",\
                 \"status\":\"pending\"}],\"recap\":\"[0/1] Pending: A.\",\"revision\":1,\
                 \"warnings\":[]}]},\"text\":\"1 list, 1 item in all.\",",
            envelope_end!(),
        ))
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["text"], "1 list, 1 item in all.");
}

/// Codex's explanation is a note on the change: echoed, kept in the history line, and never
/// the summary.
#[test]
fn codex_explanation_is_a_note_on_the_change() {
    let env = TestEnv::new();
    env.plan("Refactor the parser", &["pending:Split the lexer"]);
    let done = env
        .todos(&["write"])
        .stdin(r#"{"explanation": "Lexer split;\nnow tests", "plan": [{"step": "Split the lexer", "status": "completed"}, {"step": "Add tests", "status": "in_progress"}]}"#)
        .expect_stdout(concat!("[1/2] Refactor the parser\n", "  1 [x] Split the lexer\n", "  2 [▶] Add tests\n", still_open!(1 of 2))).expect_stderr("note: this change: Lexer split; now tests\n").run_in_process()
        .success();
    assert_eq!(done.stderr, "note: this change: Lexer split; now tests\n");
    assert!(
        done.stdout.starts_with("[1/2] Refactor the parser\n"),
        "{}",
        done.stdout
    );
    let history = env
        .todos(&["history"])
        .expect_stdout(concat!("2  2025-01-02 17:42:33  write  [1/2]  added 2; 1 pending → completed · Lexer split; now tests\n", "1  2025-01-02 17:42:33  write  [0/1]  1 item\n")).run_in_process()
        .success()
        .stdout;
    assert!(
        history.starts_with("2  2025-01-02 17:42:33  write  [1/2]  added 2; 1 pending → completed · Lexer split; now tests\n"),
        "{history}"
    );
    let json = env
        .todos(&["--json", "history"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"list\":\"default\",\
                 \"revisions\":[{\"revision\":2,\"at\":\"2025-01-02T17:42:33+00:00\",\
                 \"command\":\"write\",\"changes\":\"added 2; 1 pending → completed\",\
                 \"done\":1,\"total\":2,\"note\":\"Lexer split; now tests\"},{\"revision\":1,\
                 \"at\":\"2025-01-02T17:42:33+00:00\",\"command\":\"write\",\"changes\":\"1 \
                 item\",\"done\":0,\"total\":1}]},\"text\":\"2 kept revisions of the list \
                 default.\",",
            envelope_end!(),
        ))
        .run_in_process()
        .success()
        .json();
    assert_eq!(
        json["data"]["revisions"][0]["note"],
        "Lexer split; now tests"
    );
    assert_eq!(json["data"]["revisions"][1].get("note"), None);
    // A control character in it is refused like any text.
    env.rejects(
        env.todos(&["write"])
            .stdin(
                r#"{"explanation": "bad\u001b[31m", "plan": [{"step": "A", "status": "pending"}]}"#,
            )
            .expect_stderr(
                "error: explanation: holds a control character (U+001B); use one line of \
                printable text\n",
            ),
        1,
    );
}

/// Claude Code's and Gemini CLI's shapes carry no summary: said once, when the plan is first
/// written, not on every write after.
#[test]
fn a_missing_summary_warns_once() {
    let env = TestEnv::new();
    let warning = no_summary!();
    let first = env
        .todos(&["write"])
        .stdin(r#"{"todos": [{"content": "A", "status": "pending"}]}"#)
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] A\n",
            still_open!(1 of 1)
        ))
        .expect_stderr(no_summary!())
        .run_in_process()
        .success();
    assert_eq!(first.stderr, warning);
    let again = env
        .todos(&["write"])
        .stdin(r#"{"todos": [{"content": "A", "status": "in_progress"}]}"#)
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [▶] A\n",
            still_open!(1 of 1)
        ))
        .run_in_process()
        .success();
    assert_eq!(again.stderr, "");
}

/// `context.list` is in every envelope (SPEC §4), on a failure too.
#[test]
fn every_envelope_names_its_list() {
    let env = TestEnv::new();
    let json = env
        .todos(&["--json", "-l", "api", "create", "A"])
        .expect_stdout(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\
                \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"pending\"}],\
                \"recap\":\"[0/1] Pending: A.\",\"revision\":1,\"changed\":true,\
                \"warnings\":[]},\"text\":\"Updated todos: 1 pending.\",\
                \"stats\":{\"total\":1,\"pending\":1,\"in_progress\":0,\
                \"completed\":0,\"cancelled\":0,\"failed\":0,\"blocked\":0},\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"api\",\"params_input\":{\"items\":[\"A\"]}}}\n",
        )
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["context"]["list"], "api");
    let json = env
        .todos(&["--json", "show"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\"todos\":[],\
                 \"recap\":\"[0/0] No todos.\",\"revision\":0,\"warnings\":[]},\
                 \"text\":\"Todos: no items.\",\"stats\":{\"total\":0,\"pending\":0,\
                 \"in_progress\":0,\"completed\":0,\"cancelled\":0,\"failed\":0,\
                 \"blocked\":0},",
            envelope_end!(),
        ))
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["context"]["list"], "default");
    let json = env
        .rejects(
            env.todos(&["--json", "-l", "api", "update", "9", "completed"])
                .expect_stdout(
                    "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                    \"message\":\"id: no item has id \\\"9\\\"\",\"details\":[{\"path\":\"id\",\
                    \"message\":\"no item has id \\\"9\\\"\"}],\"hint\":\"the one id is 1; run \
                    `todos show` to see each item with its id\"},\"text\":\"error: id: no item \
                    has id \\\"9\\\"\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                    \"workspace\":\"[ROOT]/ws\",\"list\":\"api\",\"params_input\":{\"id\":\"9\",\
                    \"status\":\"completed\"}}}\n",
                ),
            1,
        )
        .json();
    assert_eq!(json["context"]["list"], "api");
    let json = env
        .rejects(
            env.todos(&["--json", "frobnicate"]).expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"USAGE\",\
                     \"message\":\"unrecognized subcommand 'frobnicate'\\n\\nUsage: todos \
                     [OPTIONS] <COMMAND>\\n\\nFor more information, try '--help'.\",\
                     \"details\":[],\"hint\":\"see `todos --help`\"},\"text\":\"error: \
                     unrecognized subcommand 'frobnicate'\\n\\nUsage: todos [OPTIONS] \
                     <COMMAND>\\n\\nFor more information, try '--help'.\",",
                envelope_end!(no workspace),
            )),
            2,
        )
        .json();
    assert_eq!(json["context"]["list"], serde_json::Value::Null);
}

#[test]
fn history_json_keeps_the_warnings_text_prints() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let mut history = env.read(HISTORY);
    history.push_str("garbage\n");
    env.write_file(HISTORY, history);
    env.todos(&["history"]).expect_stdout("1  2025-01-02 17:42:33  write  [0/1]  1 item\n").expect_stderr("warning: [ROOT]/ws/.todos/default.history.jsonl line 2: it cannot be read (expected value at line 1 column 1); it was passed over\n").run_in_process().success();
    let json = env
        .todos(&["--json", "history"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"list\":\"default\",\
                 \"revisions\":[{\"revision\":1,\"at\":\"2025-01-02T17:42:33+00:00\",\
                 \"command\":\"write\",\"changes\":\"1 item\",\"done\":0,\"total\":1}],\
                 \"warnings\":[\"[ROOT]/ws/.todos/default.history.jsonl line 2: it cannot be \
                 read (expected value at line 1 column 1); it was passed over\"]},\
                 \"text\":\"1 kept revision of the list default.\",",
            envelope_end!(),
        ))
        .run_in_process()
        .success()
        .json();
    let warnings = json["data"]["warnings"].as_array().expect("data.warnings");
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0]
            .as_str()
            .unwrap()
            .contains("line 2: it cannot be read")
    );
}
