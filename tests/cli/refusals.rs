//! Refusals in the words typed: each names the flag, argument or field the user gave, lists
//! every problem at once, and says what to do next.

use crate::support::{
    TestEnv, envelope_end, error_paths, ids_hint, no_item, revision_ahead, stale_revision,
    still_open, too_many_items, unknown_status,
};

#[test]
fn json_and_markdown_at_once_is_a_usage_error() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    // Alone or with --watch, the same refusal, before anything is read or watched.
    for args in [
        &["--json", "show", "--format", "markdown"][..],
        &["--json", "show", "--watch", "--format", "markdown"],
    ] {
        let done = env.rejects(
            env.todos(args).expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"USAGE\",\
                     \"message\":\"--json prints the JSON envelope and --format markdown \
                     prints Markdown: choose one\",\"details\":[],\"hint\":\"for Markdown, \
                     drop --json; for the plan as JSON, drop --format (or use `todos show \
                     --format json`)\"},\"text\":\"error: --json prints the JSON envelope \
                     and --format markdown prints Markdown: choose one\",",
                envelope_end!(),
            )),
            2,
        );
        let envelope = done.json();
        assert_eq!(envelope["error"]["code"], "USAGE");
        assert!(
            envelope["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("choose one")),
            "{envelope}"
        );
    }
    // The formats that agree with --json still run.
    env.todos(&["--json", "show", "--format", "json"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"S\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"pending\"}],\
                 \"recap\":\"[0/1] Pending: A.\",\"revision\":1,\"warnings\":[]},\
                 \"text\":\"Todos: 1 pending.\",\"stats\":{\"total\":1,\"pending\":1,\
                 \"in_progress\":0,\"completed\":0,\"cancelled\":0,\"failed\":0,\
                 \"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success();
}

#[test]
fn a_revision_ahead_of_the_plan_is_not_called_a_change_since_reading() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.todos(&["create", "B"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    env.rejects(
        env.todos(&["update", "1", "completed", "--expect-revision", "99"])
            .expect_stderr(revision_ahead!(2, not 99)),
        3,
    );
    env.rejects(
        env.todos(&["update", "1", "completed", "--expect-revision", "1"])
            .expect_stderr(stale_revision!(2, not 1)),
        3,
    );
}

/// A refusal of `update`'s options names the option typed, with its value, not the field of
/// the JSON form it became.
#[test]
fn update_refusals_name_the_flag_typed() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A", "pending:B", "pending:C"]);
    let done = env.rejects(
        env.todos(&["update", "3", "--blocked-by", "3"])
            .expect_stderr(concat!(
                "error: --blocked-by 3: \"3\" is this item itself; an item cannot wait on itself\n",
                ids_hint!()
            )),
        1,
    );
    assert_eq!(
        done.stderr,
        concat!(
            "error: --blocked-by 3: \"3\" is this item itself; an item cannot wait on itself\n",
            ids_hint!(),
        )
    );
    env.rejects(
        env.todos(&["update", "3", "--blocked-by", "1", "--blocked-by", "9"])
            .expect_stderr(concat!(no_item!("--blocked-by 9", "9"), ids_hint!())),
        1,
    );
    env.rejects(env.todos(&["update", "3", "--owner", "two words"]).expect_stderr("error: --owner: \"two words\" is not an owner name: use 1-64 letters, digits, '.', '_', '-' or '@' (e.g. api-agent, w1, ana@example.com)\n"), 1);
    // JSON on stdin keeps its own field names.
    env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"taskId": "3", "addBlockedBy": ["3"]}"#).expect_stderr(concat!("error: addBlockedBy[0]: \"3\" is this item itself; an item cannot wait on itself\n", ids_hint!())),
        1,
    );
}

/// `-t` is counted as the user typed them (`-t #2`), and one without a status is pending.
#[test]
fn args_form_names_the_t_typed_and_takes_no_status_as_pending() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&[
            "write",
            "--summary",
            "S",
            "-t",
            "pending:A",
            "-t",
            "complted:B",
        ])
        .expect_stderr(unknown_status!("-t #2", "complted", "completed")),
        1,
    );
    let done = env
        .todos(&[
            "write",
            "--summary",
            "S",
            "-t",
            "Do a thing",
            "-t",
            "completed:Read",
        ])
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [ ] Do a thing\n",
            "  2 [x] Read\n",
            still_open!(1 of 2)
        ))
        .run_in_process()
        .success();
    assert_eq!(
        done.stdout,
        concat!(
            "[1/2] S\n",
            "  1 [ ] Do a thing\n",
            "  2 [x] Read\n",
            still_open!(1 of 2),
        )
    );
}

#[test]
fn an_unknown_id_is_listed_once() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A", "pending:B", "pending:C"]);
    let done = env.rejects(
        env.todos(&["remove", "9"])
            .expect_stderr(concat!(no_item!("ID", "9"), ids_hint!())),
        1,
    );
    assert_eq!(done.stderr, concat!(no_item!("ID", "9"), ids_hint!()));
    env.todos(&["remove", "2", "3"])
        .expect_stdout(concat!("[0/1] Ship\n", "  1 [ ] A\n", still_open!(1 of 1))).expect_stderr("warning: removed 2 open items: 2 \"B\" (pending), 3 \"C\" (pending); if they are still needed, `todos undo` brings them back\n").run_in_process()
        .success();
    env.rejects(
        env.todos(&["remove", "9"])
            .expect_stderr(concat!(no_item!("ID", "9"), ids_hint!(1))),
        1,
    );
}

/// With the list full of finished items, finishing or cancelling cannot help: the advice
/// says to remove them or start a new plan.
#[test]
fn the_item_limit_advice_knows_finished_items_still_count() {
    let env = TestEnv::new();
    let ten: Vec<String> = (1..=10).map(|i| format!("completed:Step {i}")).collect();
    let ten: Vec<&str> = ten.iter().map(String::as_str).collect();
    env.plan("Done", &ten);
    let done = env.rejects(env.todos(&["create", "One more"]).expect_stderr("error: todos: holds 11 items (10 finished), the limit is 10; finished items \
            still count: remove them (`todos remove ID…`) or start a new plan with `todos \
            write`; or raise the limit with \"max_items\" in .todos.config.json or TODOS_MAX_ITEMS\n"), 1);
    assert_eq!(
        done.stderr,
        "error: todos: holds 11 items (10 finished), the limit is 10; finished items still \
         count: remove them (`todos remove ID…`) or start a new plan with `todos write`; or \
         raise the limit with \"max_items\" in .todos.config.json or TODOS_MAX_ITEMS\n"
    );
    let eleven: Vec<String> = (1..=11).map(|i| format!("pending:Step {i}")).collect();
    let mut args = vec!["write", "--summary", "S"];
    for item in &eleven {
        args.extend(["-t", item]);
    }
    env.rejects(
        env.todos(&args)
            .expect_stderr(too_many_items!(11, limit 10)),
        1,
    );
}

/// An owner has 1-64 characters: an empty `--owner` is refused, not dropped.
#[test]
fn an_empty_owner_flag_is_refused() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    for args in [
        &["update", "1", "--owner", ""][..],
        &["update", "1", "--owner", "  "],
        &["create", "B", "--owner", ""],
        &["next", "--claim", "--owner", ""],
    ] {
        let done = env.rejects(env.todos(args).expect_stderr(concat!("error: --owner is empty\n", "hint: give who works on it: 1-64 letters, digits, '.', '_', '-' or '@' (e.g. --owner api-agent); `todos update ID --no-owner` takes an item's owner away\n")), 1);
        assert!(
            done.stderr
                .starts_with("error: --owner is empty\nhint: give who works on it"),
            "{args:?}: {}",
            done.stderr
        );
    }
}

/// A bad status and an unknown blocker in one snapshot: both in one refusal.
#[test]
fn a_status_and_a_dependency_problem_are_reported_together() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let json = env
        .rejects(
            env.todos(&["--json", "write"]).stdin(
                r#"{"summary": "S", "todos": [{"id": "a", "content": "A", "status": "bogus"}, {"content": "B", "status": "pending", "blocked_by": ["9", "a"]}]}"#,
            ).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"the input has 2 problems\",\"details\":[{\"path\":\"todos[0].status\",\
                \"message\":\"unknown status \\\"bogus\\\"; use one of pending, in_progress, \
                completed, cancelled, failed, blocked, todo, open, not_started, running, \
                active, doing, done, complete, closed, canceled\"},\
                {\"path\":\"todos[1].blocked_by[0]\",\"message\":\"\\\"9\\\" names no item; \
                give the items ids (\\\"id\\\") and name those, or name ids that `todos \
                show` prints\"}]},\"text\":\"error: the input has 2 problems\",\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"summary\":\"S\",\
                \"todos\":[{\"id\":\"a\",\"content\":\"A\",\"status\":\"bogus\"},\
                {\"content\":\"B\",\"status\":\"pending\",\"blocked_by\":[\"9\",\
                \"a\"]}]}}}\n"),
            1,
        )
        .json();
    let paths: Vec<&str> = json["error"]["details"]
        .as_array()
        .unwrap()
        .iter()
        .map(|detail| detail["path"].as_str().unwrap())
        .collect();
    // "a" is the refused item's own id: no problem of its own.
    assert_eq!(paths, ["todos[0].status", "todos[1].blocked_by[0]"]);
}

/// `create`'s refusals name what was typed: the text (`CONTENT #2`) and `--blocked-by 99`,
/// once, not once for each new item it applies to.
#[test]
fn create_refusals_name_what_was_typed() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let done = env.rejects(
        env.todos(&["create", "B", " "])
            .expect_stderr("error: CONTENT #2: is empty; say what the step is\n"),
        1,
    );
    assert_eq!(
        done.stderr,
        "error: CONTENT #2: is empty; say what the step is\n"
    );
    let done = env.rejects(
        env.todos(&["create", "B", "C", "--blocked-by", "99"])
            .expect_stderr(concat!(no_item!("--blocked-by 99", "99"), ids_hint!(1))),
        1,
    );
    assert_eq!(
        done.stderr,
        concat!(no_item!("--blocked-by 99", "99"), ids_hint!(1))
    );
}

/// `todos mcp` and `todos board` in a `todos` built without them (`--no-default-features`) say
/// so as every error does (`error:`, lower case), with how to build them in; the board's
/// `--json` still prints.
#[cfg(not(feature = "mcp"))]
#[test]
fn a_todos_built_without_the_mcp_server_says_how_to_get_it() {
    let env = TestEnv::new();
    env.todos(&["mcp"])
        .expect_code(5)
        .expect_stderr(concat!(
            "error: this todos was built without the MCP server (the `mcp` feature)\n",
            "hint: build todos with its default features: `cargo build --release` in a clone of \
             todos, or `cargo install --path .` there\n"
        ))
        .run();
}

#[cfg(not(feature = "board"))]
#[test]
fn a_todos_built_without_the_board_says_how_to_get_it() {
    let env = TestEnv::new();
    env.todos(&["board", "--no-open"])
        .expect_code(5)
        .expect_stderr(concat!(
            "error: this todos was built without the board's page (the `board` feature)\n",
            "hint: build todos with its default features: `cargo build --release` in a clone of \
             todos, or `cargo install --path .` there\n"
        ))
        .run();
}

#[test]
fn remove_refuses_an_unknown_id_listing_the_ids_that_exist() {
    let env = TestEnv::new();
    env.plan("S", &["completed:A", "pending:B"]);
    let json = env
        .rejects(
            env.todos(&["--json", "remove", "1", "7"]).expect_stdout(
                "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"ID: no item has id \\\"7\\\"\",\"details\":[{\"path\":\"ID\",\
                \"message\":\"no item has id \\\"7\\\"\"}],\"hint\":\"the ids are 1, 2; \
                run `todos show` to see each item with its id\"},\"text\":\"error: ID: no \
                item has id \\\"7\\\"\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"ids\":[\"1\",\
                \"7\"]}}}\n",
            ),
            1,
        )
        .json();
    assert_eq!(json["error"]["code"], "INVALID_PARAM");
    assert_eq!(error_paths(&json), ["ID"]);
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    assert_eq!(message, "no item has id \"7\"");
    let hint = json["error"]["hint"].as_str().unwrap();
    assert!(hint.starts_with("the ids are 1, 2;"), "{hint}");
    // A finished item goes without a warning.
    env.todos(&["remove", "1"])
        .expect_code(0)
        .expect_stderr("")
        .expect_stdout(concat!("[0/1] S\n", "  2 [ ] B\n", still_open!(1 of 1)))
        .run();
    env.rejects(
        env.todos(&["remove", "1", "--expect-revision", "1"])
            .expect_stderr(stale_revision!(2, not 1)),
        3,
    );
}
