//! Every error class: its exit code, its words, its envelope, and an untouched workspace.

use crate::support::{
    TestEnv, disk_full, envelope_end, input_problems, revision_ahead, todos_now_hint, try_help,
    unknown_status, unsafe_path_hint,
};

#[test]
fn invalid_input_reports_every_problem_at_once() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let input = r#"{"summary": "S", "todos": [
        {"content": "ok", "status": "pending"},
        {"content": "two", "status": "in_progress"},
        {"content": "three", "status": "in_progress"},
        {"status": "pending"},
        {"content": "x", "status": "pending", "stauts": "done"}]}"#;
    let done = env.rejects(env.todos(&["write"]).stdin(input).expect_stderr(concat!(
            input_problems!(3),
            "  todos[3].content: is missing; every item needs its text (content, title, \
                text, step or subject, or description or details alone)\n",
            "  todos[4].stauts: unknown field \"stauts\"; did you mean \"status\"?\n",
            "  todos: has 2 items in_progress (todos[1], todos[2]), at most 1 may be; \
                finish or pause the item in progress first (completed, or back to pending); \
                or raise the limit with \"max_in_progress\" in .todos.config.json or TODOS_MAX_IN_PROGRESS\n",
        )), 1);
    insta::assert_snapshot!(done.stderr, @r#"
    error: the input has 3 problems
      todos[3].content: is missing; every item needs its text (content, title, text, step or subject, or description or details alone)
      todos[4].stauts: unknown field "stauts"; did you mean "status"?
      todos: has 2 items in_progress (todos[1], todos[2]), at most 1 may be; finish or pause the item in progress first (completed, or back to pending); or raise the limit with "max_in_progress" in .todos.config.json or TODOS_MAX_IN_PROGRESS
    "#);
}

#[test]
fn malformed_input_is_refused_cleanly() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    // Each input with the whole message it is refused with.
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            b"{\"todos\": [".to_vec(),
            "stdin is not valid JSON: EOF while parsing a list at line 1 column 11",
        ),
        (
            b"{\"summary\": \"\xff\xfe\"}".to_vec(),
            "stdin is not valid UTF-8 (first bad byte at offset 13)",
        ),
        (
            format!("{}{}", "[".repeat(200), "]".repeat(200)).into_bytes(),
            "stdin is not valid JSON: recursion limit exceeded at line 1 column 128",
        ),
        (
            br#"{"summary": "a", "summary": "b"}"#.to_vec(),
            "stdin is not valid JSON: duplicate key \"summary\" at line 1 column 32",
        ),
        (
            br#"{"todos": [{"content": "a", "status": "pending", "status": "done"}]}"#.to_vec(),
            "stdin is not valid JSON: duplicate key \"status\" in todos[0] at line 1 column 66",
        ),
        (
            br#"{"summary": "\ud800"}"#.to_vec(),
            "stdin is not valid JSON: unexpected end of hex escape at line 1 column 20",
        ),
        (
            br#"{"summary": "\udc00"}"#.to_vec(),
            "stdin is not valid JSON: lone leading surrogate in hex escape at line 1 column 19",
        ),
        (
            br#"{"todos": [{"content": "a", "status": "pending", "id": 1e999}]}"#.to_vec(),
            "stdin is not valid JSON: number out of range at line 1 column 60",
        ),
        (
            b"\"just a string\"".to_vec(),
            "the input must be a JSON object such as {\"summary\": \"…\", \"todos\": […]} or an array of items, not a string",
        ),
        (
            b"{} trailing".to_vec(),
            "stdin is not valid JSON: trailing characters at line 1 column 4",
        ),
        (
            vec![b' '; 1024 * 1024 + 1],
            "stdin is larger than 1 MiB (1048576 bytes); a plan is a short list",
        ),
    ];
    for (input, message) in cases {
        env.rejects(
            env.todos(&["write"])
                .stdin(&input)
                .expect_stderr(format!("error: {message}\n")),
            1,
        );
        let json = env
            .rejects(
                env.todos(&["--json", "write"])
                    .stdin(&input)
                    .stdout_in_parts("the envelope: its status and code, below"),
                1,
            )
            .json();
        assert_eq!(json["status"], "error");
        assert_eq!(json["error"]["code"], "INVALID_PARAM");
    }
}

#[test]
fn the_error_envelope_has_only_the_allowed_keys() {
    let env = TestEnv::new();
    let json = env
        .rejects(
            env.todos(&[
                "--json",
                "write",
                r#"{"todos": [{"content": "a", "status": "nope"}]}"#,
            ]).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"todos[0].status: unknown status \\\"nope\\\"; use one of pending, \
                in_progress, completed, cancelled, failed, blocked, todo, open, not_started, \
                running, active, doing, done, complete, closed, canceled\",\
                \"details\":[{\"path\":\"todos[0].status\",\"message\":\"unknown status \
                \\\"nope\\\"; use one of pending, in_progress, completed, cancelled, failed, \
                blocked, todo, open, not_started, running, active, doing, done, complete, \
                closed, canceled\"}]},\"text\":\"error: todos[0].status: unknown status \
                \\\"nope\\\"; use one of pending, in_progress, completed, cancelled, failed, \
                blocked, todo, open, not_started, running, active, doing, done, complete, \
                closed, canceled\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"todos\":[{\"content\":\"a\",\
                \"status\":\"nope\"}]}}}\n"),
            1,
        )
        .json();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["status", "error", "text", "context"]);
    assert_eq!(json["error"]["details"][0]["path"], "todos[0].status");
    assert_eq!(
        json["context"]["params_input"]["todos"][0]["status"],
        "nope"
    );
}

#[test]
fn usage_errors_exit_2_and_speak_json_when_asked() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&["frobnicate"]).expect_stderr(concat!(
            "error: unrecognized subcommand 'frobnicate'\n",
            "\n",
            "Usage: todos [OPTIONS] <COMMAND>\n",
            "\n",
            try_help!()
        )),
        2,
    );
    let json = env
        .rejects(
            env.todos(&["--json", "write", "--bogus"])
                .expect_stdout(concat!(
                    "{\"status\":\"error\",\"error\":{\"code\":\"USAGE\",\"message\":\"unexpected \
             argument '--bogus' found\\n\\n  tip: to pass '--bogus' as a value, use '-- \
             --bogus'\\n\\nUsage: todos write [OPTIONS] [SNAPSHOT_JSON]\\n\\nFor more \
             information, try '--help'.\",\"details\":[],\"hint\":\"see `todos --help`\"},\
             \"text\":\"error: unexpected argument '--bogus' found\\n\\n  tip: to pass \
             '--bogus' as a value, use '-- --bogus'\\n\\nUsage: todos write [OPTIONS] \
             [SNAPSHOT_JSON]\\n\\nFor more information, try '--help'.\",",
                    envelope_end!(no workspace),
                )),
            2,
        )
        .json();
    assert_eq!(json["error"]["code"], "USAGE");
    let context = json["context"].as_object().expect("a context");
    let keys: Vec<&String> = context.keys().collect();
    assert_eq!(keys, ["cwd", "workspace", "list", "params_input"]);
    assert!(
        context["workspace"].is_null(),
        "not known before the command line is read"
    );
    env.rejects(
        env.todos(&["write", "{}", "--file", "x.json"])
            .expect_stderr(concat!(
                "error: the argument '[SNAPSHOT_JSON]' cannot be used with '--file <PATH>'\n",
                "\n",
                "Usage: todos write <SNAPSHOT_JSON>\n",
                "\n",
                try_help!()
            )),
        2,
    );
    env.rejects(env.todos(&["write", "{}", "-t", "pending:a"]).expect_stderr(concat!("error: the argument '[SNAPSHOT_JSON]' cannot be used with '--todo <STATUS:CONTENT>'\n", "\n", "Usage: todos write <SNAPSHOT_JSON>\n", "\n", try_help!())), 2);
    env.rejects(
        env.todos(&["--lock-timeout", "-1", "show"])
            .expect_stderr(concat!(
                "error: unexpected argument '-1' found\n",
                "\n",
                "Usage: todos [OPTIONS] <COMMAND>\n",
                "\n",
                try_help!()
            )),
        2,
    );
    env.rejects(
        env.todos(&["--color", "sometimes", "show"])
            .expect_stderr(concat!(
                "error: the argument '--color <WHEN>' cannot be used multiple times\n",
                "\n",
                "Usage: todos [OPTIONS] <COMMAND>\n",
                "\n",
                try_help!()
            )),
        2,
    );
}

#[test]
fn every_exit_code_is_reachable() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    assert_eq!(
        env.todos(&["show"])
            .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n"))
            .run()
            .code,
        0
    );
    assert_eq!(
        env.todos(&["write", "-t", "complted:A"])
            .expect_code(1)
            .expect_stderr(unknown_status!("-t #1", "complted", "completed"))
            .run()
            .code,
        1
    );
    assert_eq!(
        env.todos(&["show", "--format", "yaml"])
            .expect_code(2)
            .expect_stderr(concat!(
                "error: invalid value 'yaml' for '--format <FORMAT>'\n",
                "  [possible values: text, markdown, json]\n",
                "\n",
                try_help!()
            ))
            .run()
            .code,
        2
    );
    assert_eq!(
        env.todos(&["create", "B", "--expect-revision", "99"])
            .expect_code(3)
            .expect_stderr(revision_ahead!(1, not 99))
            .run()
            .code,
        3
    );
    env.write_file("broken/.todos.json", "not json");
    assert_eq!(
        env.todos(&["-C", "broken", "show"])
            .expect_code(4)
            .expect_stderr(concat!(
                "error: [ROOT]/ws/broken/.todos.json cannot be read as a todos store: it \
                is not a JSON object\n",
                "hint: the file was left untouched; run `todos undo` to set it aside and \
                restore the latest revision its history kept, or fix [ROOT]/ws/broken/.todos.json \
                by hand\n",
            ))
            .run()
            .code,
        4
    );
    env.write_file("blocked/.todos.json", "");
    std::fs::remove_file(env.path("blocked/.todos.json")).unwrap();
    std::fs::create_dir_all(env.path("blocked/.todos.json")).unwrap();
    env.rejects(
        env.todos(&["-C", "blocked", "show"]).expect_stderr(concat!(
            "error: [ROOT]/ws/blocked/.todos.json is a folder, not a file; todos does \
                not read or write through it\n",
            unsafe_path_hint!(),
        )),
        6,
    );
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    env.rejects(
        env.todos(&["show"])
            .stdout_to(full)
            .expect_stderr(disk_full!()),
        5,
    );
}

#[test]
fn args_form_errors_name_the_flag_item() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&["write", "-t", "pending:ok", "-t", "complted:Two"])
            .expect_stderr(unknown_status!("-t #2", "complted", "completed")),
        1,
    );
    // `--summary` beside `-t` is named as the flag typed, as it is beside a JSON snapshot.
    env.rejects(
        env.todos(&["write", "--summary", "bad\u{7}summary", "-t", "pending:ok"]).expect_stderr("error: --summary: holds a control character (U+0007); use one line of printable text\n"),
        1,
    );
    let long = "s".repeat(201);
    env.rejects(
        env.todos(&["write", "--summary", &long, "-t", "pending:ok"])
            .expect_stderr(concat!(
                "error: --summary: is 201 characters long, the limit is 200; shorten the summary ",
                "to one line saying what the plan is for; or raise the limit with ",
                "\"max_summary_chars\" in .todos.config.json or TODOS_MAX_SUMMARY_CHARS\n"
            )),
        1,
    );
}

#[test]
fn a_bad_clock_is_named() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&["create", "A"])
            .env("TODOS_NOW", "yesterday")
            .expect_stderr(concat!(
                "error: TODOS_NOW=\"yesterday\" is not an RFC 3339 time: premature end of input\n",
                todos_now_hint!()
            )),
        1,
    );
}

#[test]
fn help_has_an_example_on_every_command() {
    let env = TestEnv::new();
    for command in ["write", "create", "update", "show", "recap"] {
        let done = env
            .todos(&[command, "--help"])
            .stdout_in_parts("a help page: its example is checked below")
            .run();
        assert!(
            done.stdout.contains("Example"),
            "{command}: {}",
            done.stdout
        );
        assert!(
            done.stdout.contains(&format!("todos {command}")),
            "{command}"
        );
    }
}

#[test]
fn error_messages_escape_what_the_input_holds() {
    let env = TestEnv::new();
    let input = r#"{"todos":[{"content":"a","status":"\u001b]0;pwned\u0007x"},{"content":"b","status":"done","\u001b[2J":1}]}"#;
    env.rejects(
        env.todos(&["write", input]).expect_stderr(concat!(
            input_problems!(2),
            "  todos[0].status: unknown status \"\\u{1b}]0;pwned\\u{7}x\"; use one of \
                pending, in_progress, completed, cancelled, failed, blocked, todo, open, \
                not_started, running, active, doing, done, complete, closed, canceled\n",
            "  todos[1].\\u{1b}[2J: unknown field \"\\u{1b}[2J\"; the fields here are \
                id, content, description, activeForm, priority, blocked_by, owner and status\n",
        )),
        1,
    );
}
