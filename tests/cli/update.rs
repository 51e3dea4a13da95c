use crate::support::{
    TestEnv, error_paths, ids_hint, input_problems, items, no_item, revision_ahead, send_id_hint,
    still_open, try_help, unchanged, update_needs,
};

#[test]
fn changes_the_status_of_one_item() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A", "pending:B"]);
    env.todos(&["update", "2", "in_progress"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] A\n",
            "  2 [▶] B\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    env.todos(&["update", "2", "DONE"])
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [ ] A\n",
            "  2 [x] B\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][1]["status"], "completed");
    assert_eq!(env.store()["revision"], 3);
}

#[test]
fn changes_the_content() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.todos(&["update", "1", "--content", "  A, said better "])
        .expect_stdout(concat!(
            "[0/1] S\n",
            "  1 [ ] A, said better\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert_eq!(
        items(&env.store()["todos"])[0],
        ("1".into(), "pending".into(), "A, said better".into())
    );
}

#[test]
fn reads_json_from_stdin() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.todos(&["update"])
        .stdin(r#"{"id": "1", "status": "running", "activeForm": "Doing A"}"#)
        .expect_stdout(concat!(
            "[0/1] S\n",
            "  1 [▶] A — Doing A\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["status"], "in_progress");
    assert_eq!(env.store()["todos"][0]["active_form"], "Doing A");
    env.todos(&["show"])
        .expect_stdout(concat!("[0/1] S\n", "  1 [▶] A — Doing A\n"))
        .run()
        .success();
}

#[test]
fn leaving_a_terminal_status_needs_reopen() {
    let env = TestEnv::new();
    env.plan("S", &["completed:A", "pending:B"]);
    for status in ["pending", "in_progress"] {
        env.rejects(
            env.todos(&["update", "1", status]).expect_stderr(format!(
                "error: status: item 1 is completed; moving it back to {status} needs --reopen\n\
                 hint: to reopen it, run `todos update 1 {status} --reopen`\n"
            )),
            1,
        );
    }
    env.todos(&["update", "1", "cancelled"])
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [~] A\n",
            "  2 [ ] B\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    env.todos(&["update", "1", "pending", "--reopen"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["status"], "pending");
    env.todos(&["update", "1", "failed"])
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [!] A\n",
            "  2 [ ] B\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    env.todos(&["update"])
        .stdin(r#"{"id":"1","status":"pending","reopen":true}"#)
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
fn an_unknown_id_is_named_with_the_ids_there_are() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A", "pending:B"]);
    env.rejects(
        env.todos(&["update", "9", "completed"])
            .expect_stderr(concat!(no_item!("id", "9"), ids_hint!(1, 2))),
        1,
    );
}

#[test]
fn a_second_item_in_progress_is_refused() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:A", "pending:B"]);
    env.rejects(
        env.todos(&["update", "2", "in_progress"]).expect_stderr(
            "error: status: item 2 cannot start: item 1 is already in_progress and at \
            most 1 may be; finish or pause the item in progress first (completed, or \
            back to pending); or raise the limit with \"max_in_progress\" in .todos.config.json \
            or TODOS_MAX_IN_PROGRESS\n",
        ),
        1,
    );
    env.todos(&["update", "2", "in_progress"])
        .env("TODOS_MAX_IN_PROGRESS", "2")
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [▶] A\n",
            "  2 [▶] B\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
}

#[test]
fn bad_requests_are_refused_without_a_change() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.rejects(env.todos(&["update", "1", "finished"]).expect_stderr("error: status: unknown status \"finished\"; use one of pending, in_progress, completed, cancelled, failed, blocked, todo, open, not_started, running, active, doing, done, complete, closed, canceled\n"), 1);
    env.rejects(
        env.todos(&["update", "1"])
            .expect_stderr(update_needs!("<STATUS|--content <TEXT>|--owner <NAME>|…")),
        2,
    );
    env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"status": "completed"}"#)
            .expect_stderr(
                "error: id: is missing; name the item to change (its id from `todos show`)\n",
            ),
        1,
    );
    env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"id": "1", "stauts": "completed"}"#).expect_stderr(concat!(
                    input_problems!(2),
                    "  stauts: unknown field \"stauts\"; did you mean \"status\"?\n",
                    "  status: is missing; send the new status (pending, in_progress, completed, \
                        cancelled, failed or blocked; deleted removes the item), or a content, description, \
                        activeForm, priority, owner or blocked_by to change\n",
                    send_id_hint!("1"),
                )),
        1,
    );
    env.rejects(env.todos(&["update", "1", "--content", "bad\u{1b}[2J"]).expect_stderr("error: --content: holds a control character (U+001B); use one line of printable text\n"), 1);
    env.rejects(
        env.todos(&["update", "1", "completed", "--expect-revision", "5"])
            .expect_stderr(revision_ahead!(1, not 5)),
        3,
    );
}

#[test]
fn the_same_status_again_is_no_change() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let before = env.tree();
    env.todos(&["update", "1", "pending"])
        .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .expect_stderr(unchanged!(1))
        .run()
        .success();
    assert_eq!(env.tree(), before);
}

#[test]
fn update_takes_its_change_from_arguments_or_stdin_not_both() {
    let env = TestEnv::new();
    env.plan("S", &["pending:a"]);
    env.rejects(
        env.todos(&["update", "--content", "x"])
            .stdin(r#"{"id":"1","status":"completed"}"#)
            .expect_stderr(update_needs!("<ID>")),
        2,
    );
    env.rejects(
        env.todos(&["update", "1"])
            .expect_stderr(update_needs!("<STATUS|--content <TEXT>|--owner <NAME>|…")),
        2,
    );
    let json = env
        .rejects(
            env.todos(&["--json", "update"])
                .stdin(r#"{"id":"1"}"#)
                .expect_stdout(
                    "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"status: is missing; send the new status (pending, in_progress, \
                completed, cancelled, failed or blocked; deleted removes the item), or a \
                content, description, activeForm, priority, owner or blocked_by to change\",\
                \"details\":[{\"path\":\"status\",\"message\":\"is missing; send the new \
                status (pending, in_progress, completed, cancelled, failed or blocked; deleted \
                removes the item), or a content, description, activeForm, priority, owner \
                or blocked_by to change\"}],\"hint\":\"send the id and what changes, e.g. \
                {\\\"id\\\": \\\"1\\\", \\\"status\\\": \\\"completed\\\"}\"},\
                \"text\":\"error: status: is missing; send the new status (pending, in_progress, \
                completed, cancelled, failed or blocked; deleted removes the item), or a \
                content, description, activeForm, priority, owner or blocked_by to change\",\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"id\":\"1\"}}}\n",
                ),
            1,
        )
        .json();
    assert_eq!(error_paths(&json), ["status"]);
    let message = json["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("status: is missing; send the new status"),
        "{message}"
    );
}
