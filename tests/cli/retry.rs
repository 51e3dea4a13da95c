//! Every refusal costs an agent a turn, so each names its fix: retried with only what the
//! error said, the command passes. Each refusal leaves the workspace byte-for-byte unchanged.

use crate::support::{
    TestEnv, envelope_end, error_paths, finish_before_stop, items_still_open, no_summary,
    still_open, try_help, unknown_status,
};

#[test]
fn a_mistyped_status_is_answered_with_the_status_meant() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:A"]);
    env.rejects(
        env.todos(&["update", "1", "complet"])
            .expect_stderr(unknown_status!("status", "complet", "completed")),
        1,
    );
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/1] S\n",
            "  1 [x] A\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
}

#[test]
fn a_mistyped_field_is_answered_with_the_field_meant() {
    let env = TestEnv::new();
    let sent = r#"{"summary": "S", "todos": [{"contnet": "A", "status": "pending"}]}"#;
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(sent).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"the input has 2 problems\",\"details\":[{\"path\":\"todos[0].contnet\",\
                \"message\":\"unknown field \\\"contnet\\\"; did you mean \\\"content\\\"?\"},\
                {\"path\":\"todos[0].content\",\"message\":\"is missing; every item needs \
                its text (content, title, text, step or subject, or description or details \
                alone)\"}]},\"text\":\"error: the input has 2 problems\",\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"summary\":\"S\",\
                \"todos\":[{\"contnet\":\"A\",\"status\":\"pending\"}]}}}\n"), 1)
        .json();
    assert_eq!(error_paths(&json), ["todos[0].contnet", "todos[0].content"]);
    assert_eq!(
        json["error"]["details"][0]["message"],
        r#"unknown field "contnet"; did you mean "content"?"#
    );
    env.todos(&["write"])
        .stdin(sent.replace("contnet", "content"))
        .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .run()
        .success();
}

#[test]
fn a_mistyped_priority_or_list_key_is_answered_too() {
    let env = TestEnv::new();
    let json = env
        .rejects(
            env.todos(&["--json", "write"])
                .stdin(r#"{"sumary": "S", "todos": [{"content": "A", "status": "pending", "priority": "hgih"}]}"#).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                        \"message\":\"the input has 2 problems\",\"details\":[{\"path\":\"sumary\",\
                        \"message\":\"unknown field \\\"sumary\\\"; did you mean \\\"summary\\\"?\"},\
                        {\"path\":\"todos[0].priority\",\"message\":\"unknown priority \\\"hgih\\\"; \
                        did you mean \\\"high\\\"?\"}]},\"text\":\"error: the input has 2 problems\",\
                        \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                        \"list\":\"default\",\"params_input\":{\"sumary\":\"S\",\
                        \"todos\":[{\"content\":\"A\",\"status\":\"pending\",\
                        \"priority\":\"hgih\"}]}}}\n"),
            1,
        )
        .json();
    assert_eq!(error_paths(&json), ["sumary", "todos[0].priority"]);
    assert_eq!(
        json["error"]["details"][0]["message"],
        r#"unknown field "sumary"; did you mean "summary"?"#
    );
    assert_eq!(
        json["error"]["details"][1]["message"],
        r#"unknown priority "hgih"; did you mean "high"?"#
    );
    let json = env
        .rejects(
            env.todos(&["--json", "create"])
                .stdin(r#"{"itmes": ["A"]}"#)
                .expect_stdout(concat!(
                    "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                         \"message\":\"the input has 2 problems\",\
                         \"details\":[{\"path\":\"itmes\",\"message\":\"unknown field \
                         \\\"itmes\\\"; did you mean \\\"items\\\"?\"},{\"path\":\"content\",\
                         \"message\":\"is missing; every item needs its text (content, \
                         title, text, step or subject)\"}]},\"text\":\"error: the input has \
                         2 problems\",",
                    envelope_end!(),
                )),
            1,
        )
        .json();
    assert_eq!(
        json["error"]["details"][0]["message"],
        r#"unknown field "itmes"; did you mean "items"?"#
    );
}

#[test]
fn update_reports_the_typo_and_the_missing_status_together() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let json = env
        .rejects(
            env.todos(&["--json", "update"])
                .stdin(r#"{"id": "1", "stauts": "done"}"#).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                        \"message\":\"the input has 2 problems\",\"details\":[{\"path\":\"stauts\",\
                        \"message\":\"unknown field \\\"stauts\\\"; did you mean \\\"status\\\"?\"},\
                        {\"path\":\"status\",\"message\":\"is missing; send the new status (pending, \
                        in_progress, completed, cancelled, failed or blocked; deleted removes the \
                        item), or a content, description, activeForm, priority, owner or blocked_by \
                        to change\"}],\"hint\":\"send the id and what changes, e.g. {\\\"id\\\": \
                        \\\"1\\\", \\\"status\\\": \\\"completed\\\"}\"},\"text\":\"error: the input \
                        has 2 problems\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                        \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"id\":\"1\",\
                        \"stauts\":\"done\"}}}\n"),
            1,
        )
        .json();
    assert_eq!(error_paths(&json), ["stauts", "status"]);
    let details = &json["error"]["details"];
    assert!(
        details[0]["message"]
            .as_str()
            .unwrap()
            .contains(r#"did you mean "status"?"#)
    );
    assert!(
        details[1]["message"]
            .as_str()
            .unwrap()
            .starts_with("is missing; send the new status")
    );
    env.todos(&["update"])
        .stdin(r#"{"id": "1", "status": "done"}"#)
        .expect_stdout(concat!(
            "[1/1] S\n",
            "  1 [x] A\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
}

#[test]
fn a_long_item_is_told_first_how_to_fit_then_how_to_raise_the_limit() {
    let env = TestEnv::new();
    let long = "Patch the token expiry check so that it compares milliseconds too";
    assert_eq!(long.chars().count(), 65);
    let sent =
        format!(r#"{{"summary": "S", "todos": [{{"content": "{long}", "status": "pending"}}]}}"#);
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(&sent).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"todos[0].content: is 65 characters long, the limit is 60; \
                shorten the text to what the step is, and put the detail in \\\"description\\\"; \
                or raise the limit with \\\"max_content_chars\\\" in .todos.config.json \
                or TODOS_MAX_CONTENT_CHARS\",\"details\":[{\"path\":\"todos[0].content\",\
                \"message\":\"is 65 characters long, the limit is 60; shorten the text to \
                what the step is, and put the detail in \\\"description\\\"; or raise the \
                limit with \\\"max_content_chars\\\" in .todos.config.json or TODOS_MAX_CONTENT_CHARS\"}]},\
                \"text\":\"error: todos[0].content: is 65 characters long, the limit is \
                60; shorten the text to what the step is, and put the detail in \\\"description\\\"; \
                or raise the limit with \\\"max_content_chars\\\" in .todos.config.json \
                or TODOS_MAX_CONTENT_CHARS\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"summary\":\"S\",\
                \"todos\":[{\"content\":\"Patch the token expiry check so that it compares \
                milliseconds too\",\"status\":\"pending\"}]}}}\n"), 1)
        .json();
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    let fit = message
        .find(r#"put the detail in "description""#)
        .expect(message);
    let raise = message.find("TODOS_MAX_CONTENT_CHARS").expect(message);
    assert!(fit < raise, "{message}");
    // The retry the message names: a short text, the rest in the description.
    env.todos(&["write"])
        .stdin(r#"{"summary": "S", "todos": [{"content": "Patch the token expiry check", "description": "Compare milliseconds too", "status": "pending"}]}"#)
        .expect_stdout(concat!("[0/1] S\n", "  1 [ ] Patch the token expiry check\n", still_open!(1 of 1))).run()
        .success();
    let item = &env.store()["todos"][0];
    assert_eq!(item["description"], "Compare milliseconds too");
}

#[test]
fn a_long_description_says_how_to_fit() {
    let env = TestEnv::new();
    let sent = serde_json::json!({"todos": [{"title": "A", "description": "d".repeat(2001), "status": "pending"}]});
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(sent.to_string()).expect_stdout(format!("{{\"status\":\"error\",\"error\":{{\"code\":\"INVALID_PARAM\",\
                \"message\":\"todos[0].description: is 2001 characters long, the limit is \
                2000; keep to what the step needs; put longer notes in a file and name it \
                in the description\",\"details\":[{{\"path\":\"todos[0].description\",\
                \"message\":\"is 2001 characters long, the limit is 2000; keep to what the \
                step needs; put longer notes in a file and name it in the description\"}}]}},\
                \"text\":\"error: todos[0].description: is 2001 characters long, the limit \
                is 2000; keep to what the step needs; put longer notes in a file and name \
                it in the description\",\"context\":{{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{{\"todos\":[{{\"title\":\"A\",\
                \"description\":\"{long}\",\
                \"status\":\"pending\"}}]}}}}}}\n", long = "d".repeat(2001))), 1)
        .json();
    assert_eq!(error_paths(&json), ["todos[0].description"]);
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    assert!(
        message
            .starts_with("is 2001 characters long, the limit is 2000; keep to what the step needs"),
        "{message}"
    );
}

#[test]
fn separators_and_byte_order_marks_inside_text_are_refused() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    for (text, words) in [
        ("A\u{2028}B", "a line or paragraph separator (U+2028)"),
        ("A\u{2029}B", "a line or paragraph separator (U+2029)"),
        ("A\u{feff}B", "a byte-order mark (U+FEFF)"),
    ] {
        let sent = serde_json::json!({"todos": [{"content": text, "status": "pending"}]});
        env.rejects(
            env.todos(&["write"])
                .stdin(sent.to_string())
                .expect_stderr(format!(
                    "error: todos[0].content: holds {words}; use one line of printable text\n"
                )),
            1,
        );
    }
    // At the very start of the input a byte-order mark is only an encoding's signature.
    env.todos(&["write"])
        .stdin("\u{feff}{\"todos\": [{\"content\": \"B\", \"status\": \"pending\"}]}")
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  2 [ ] B\n",
            still_open!(1 of 1),
        ))
        .expect_stderr(concat!(
            no_summary!(),
            "warning: dropped open item 1 \"A\" (pending); send it again to keep it, \
                    or `todos undo`\n",
        ))
        .run()
        .success();
}

#[test]
fn a_huge_unknown_key_makes_a_short_error() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let key = "k".repeat(100 * 1024);
    let sent = format!(r#"{{"todos": [{{"content": "A", "status": "pending", "{key}": 1}}]}}"#);
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(sent).expect_stdout(format!("{{\"status\":\"error\",\"error\":{{\"code\":\"INVALID_PARAM\",\
                \"message\":\"todos[0].kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…: unknown \
                field \\\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…\\\"; the fields here \
                are id, content, description, activeForm, priority, blocked_by, owner and \
                status\",\"details\":[{{\"path\":\"todos[0].kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…\",\
                \"message\":\"unknown field \\\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…\\\"; \
                the fields here are id, content, description, activeForm, priority, blocked_by, \
                owner and status\"}}]}},\"text\":\"error: todos[0].kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…: \
                unknown field \\\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…\\\"; the fields \
                here are id, content, description, activeForm, priority, blocked_by, owner \
                and status\",\"context\":{{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{{\"todos\":[{{\"content\":\"A\",\
                \"status\":\"pending\",\"{key}\":1}}]}}}}}}\n")), 1)
        .json();
    // The envelope's context echoes the input as it came; the error itself stays short.
    let error = json["error"].to_string();
    assert!(error.len() < 1024, "{} bytes: {error}", error.len());
    let path = json["error"]["details"][0]["path"].as_str().unwrap();
    assert_eq!(path, format!("todos[0].{}…", "k".repeat(40)));
}

#[test]
fn a_write_that_reopens_a_finished_item_warns_by_name() {
    let env = TestEnv::new();
    env.plan("S", &["completed:Tag", "pending:Publish"]);
    env
        .todos(&[
            "write",
            "--summary",
            "S",
            "-t",
            "pending:Tag",
            "-t",
            "pending:Publish",
        ])
        .expect_stdout(concat!("[0/2] S\n", "  1 [ ] Tag\n", "  2 [ ] Publish\n", still_open!(2 of 2))).expect_stderr("warning: reopened item 1 \"Tag\": completed → pending; if it is finished, send it as completed\n").run()
        .success();
}

#[test]
fn json_usage_errors_carry_clap_s_whole_message() {
    let env = TestEnv::new();
    let json = env
        .rejects(env.todos(&["--json", "update", "--content", "x"]).expect_stdout(concat!(
            "{\"status\":\"error\",\"error\":{\"code\":\"USAGE\",\"message\":\"the following \
             required arguments were not provided:\\n  <ID>\\n\\nUsage: todos update \
             [OPTIONS] ID <STATUS|--content TEXT|--owner NAME|--blocked-by ID|...>\\n       \
             todos update [OPTIONS] < REQUEST_JSON\\n\\nFor more information, try \
             '--help'.\",\"details\":[],\"hint\":\"see `todos --help`\"},\"text\":\"error: \
             the following required arguments were not provided:\\n  <ID>\\n\\nUsage: todos \
             update [OPTIONS] ID <STATUS|--content TEXT|--owner NAME|--blocked-by \
             ID|...>\\n       todos update [OPTIONS] < REQUEST_JSON\\n\\nFor more \
             information, try '--help'.\",",
            envelope_end!(no workspace),
        )), 2)
        .json();
    let message = json["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("the following required arguments were not provided:\n  <ID>"),
        "{message}"
    );
    assert!(message.contains("Usage: todos update"), "{message}");
    assert_eq!(json["error"]["code"], "USAGE");
}

#[test]
fn a_mistyped_command_is_answered_with_the_command_meant() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&["shwo"]).expect_stderr(concat!(
            "error: unrecognized subcommand 'shwo'\n",
            "\n",
            "  tip: a similar subcommand exists: 'show'\n",
            "\n",
            "Usage: todos [OPTIONS] <COMMAND>\n",
            "\n",
            try_help!()
        )),
        2,
    );
}

#[test]
fn one_item_is_spoken_of_in_the_singular() {
    let env = TestEnv::new();
    let done = env
        .todos(&["write", "--summary", "S", "-t", "pending:A"])
        .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .run()
        .success();
    assert!(
        done.stdout.ends_with(concat!("\n", still_open!(1 of 1))),
        "{}",
        done.stdout
    );
    env.rejects(
        env.todos(&["check"]).expect_stderr(concat!(
            items_still_open!(1),
            "[0/1] Pending: A.\n",
            "  1 [ ] A\n",
            finish_before_stop!(it),
        )),
        1,
    );
    let done = env
        .todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/1] S\n",
            "  1 [x] A\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    assert!(
        done.stdout.ends_with("\nThe one item is done.\n"),
        "{}",
        done.stdout
    );
    let json = env
        .todos(&["--json", "check"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"S\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"completed\"}],\
                 \"recap\":\"[1/1] All done.\",\"revision\":2,\"warnings\":[],\
                 \"check\":{\"passed\":true,\"open\":0,\"owner\":null,\"stale_minutes\":null,\
                 \"minutes_since_change\":0,\"stop_hook_active\":false}},\"text\":\"The one \
                 item is done.\",\"stats\":{\"total\":1,\"pending\":0,\"in_progress\":0,\
                 \"completed\":1,\"cancelled\":0,\"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(json["text"], "The one item is done.");
}

/// The other refusals the new shapes brought, each at its path, each leaving the workspace as
/// it was.
#[test]
fn every_new_refusal_names_its_place_and_changes_nothing() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    for (args, stdin, path, words) in [
        (
            &["--json", "write"][..],
            r#"{"merge": "yes", "todos": []}"#,
            "merge",
            "must be true or false",
        ),
        (
            &["--json", "write"],
            r#"{"todos": [{"content": "A", "status": "deleted"}]}"#,
            "todos[0].status",
            "leave it out",
        ),
        (
            &["--json", "write"],
            r#"{"todos": [{"title": "A", "description": "bell\u0007", "status": "pending"}]}"#,
            "todos[0].description",
            "a control character (U+0007)",
        ),
        (
            &["--json", "write"],
            r#"{"todos": 5}"#,
            "todos",
            "must be an array of items or a Markdown checklist",
        ),
        (
            &["--json", "create"],
            r#"{"items": ["B"], "subject": "C"}"#,
            "items",
            "not both",
        ),
        (
            &["--json", "create"],
            r#"{"items": "B"}"#,
            "items",
            "must be an array of items",
        ),
        (
            &["--json", "create"],
            r#"{"activeForm": "Doing it"}"#,
            "content",
            "is missing",
        ),
        (
            &["--json", "update"],
            r#"{"taskId": "1", "addBlockedBy": "2"}"#,
            "addBlockedBy[0]",
            "no item has id \"2\"",
        ),
        (
            &["--json", "update"],
            r#"{"taskId": "1", "status": "pending", "addBlocks": ["1"]}"#,
            "addBlocks[0]",
            "cannot wait on itself",
        ),
        (
            &["--json", "write"],
            r#"{"todos": [{"content": "A", "status": "pending", "blocked_by": ["9"]}]}"#,
            "todos[0].blocked_by[0]",
            "names no item",
        ),
        (
            &["--json", "update"],
            r#"{"taskId": "1", "owner": "two words"}"#,
            "owner",
            "not an owner name",
        ),
    ] {
        let json = env
            .rejects(
                env.todos(args)
                    .stdin(stdin)
                    .stdout_in_parts("the envelope: its path and message, below"),
                1,
            )
            .json();
        assert_eq!(error_paths(&json)[0], path, "{stdin}: {json}");
        let message = json["error"]["details"][0]["message"].as_str().unwrap();
        assert!(message.contains(words), "{stdin}: {message}");
    }
}
