//! `todos check`: the exit code says whether work is left; stderr says which.

use crate::support::{
    LOCK, TestEnv, envelope_end, finish_before_stop, items_still_open, still_open,
    unreadable_store_hint,
};

#[test]
fn an_empty_or_finished_plan_passes() {
    let env = TestEnv::new();
    env.todos(&["check"])
        .expect_code(0)
        .expect_stdout("[0/0] No todos.\n")
        .expect_stderr("")
        .run();
    assert!(!env.path(".todos.json").exists(), "check creates nothing");
    assert!(!env.path(LOCK).exists(), "check takes no lock");
    env.plan("S", &["completed:A", "cancelled:B", "failed:C"]);
    let done = env
        .todos(&["check"])
        .expect_stdout("[3/3] Finished, 1 failed: C. Cancelled: B.\n")
        .run()
        .success();
    assert!(done.stderr.is_empty(), "{}", done.stderr);
}

#[test]
fn open_items_fail_with_the_recap_and_the_items_on_stderr() {
    let env = TestEnv::new();
    env.plan(
        "Fix login",
        &[
            "completed:Reproduce",
            "in_progress:Patch the check",
            "pending:Add a test",
        ],
    );
    let check = env
        .todos(&["check"])
        .expect_stdout("")
        .expect_stderr(concat!(
            items_still_open!(2 of 3),
            "[1/3] In progress: Patch the check. Pending: Add a test.\n",
            "  2 [▶] Patch the check\n",
            "  3 [ ] Add a test\n",
            "Finish them before you stop: mark each completed as soon as it is done (todos \
             update ID completed), cancelled when it is no longer needed, failed when you \
             tried and it could not be done, or blocked when it waits on something outside \
             the plan (it stays open).\n",
        ));
    env.rejects(check, 1);
}

#[test]
fn hook_mode_exits_2_once_per_stop() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:A"]);
    env.rejects(
        env.todos(&["check", "--hook"]).expect_stderr(concat!(
            items_still_open!(1),
            "[0/1] In progress: A.\n",
            "  1 [▶] A\n",
            finish_before_stop!(it),
        )),
        2,
    );
    // A Stop hook's event: the first stop is sent back, with a way out for a question.
    let stop = r#"{"session_id": "abc", "hook_event_name": "Stop", "stop_hook_active": false}"#;
    env.rejects(
        env.todos(&["check", "--hook"])
            .stdin(stop)
            .expect_stderr(concat!(
                items_still_open!(1),
                "[0/1] In progress: A.\n",
                "  1 [▶] A\n",
                finish_before_stop!(it),
                "If you need the user's answer first, ask and stop: this reminder comes once \
                per stop.\n",
            )),
        2,
    );
    // Claude Code is already continuing because of a Stop hook: let it stop.
    let again = stop.replace("false", "true");
    env.todos(&["check", "--hook"])
        .stdin(again)
        .expect_stdout("[0/1] In progress: A.\n")
        .run()
        .success();
    // Whatever else arrives on stdin is not an event, and not a reason to fail differently.
    env.rejects(
        env.todos(&["check", "--hook"])
            .stdin("not json")
            .expect_stderr(concat!(
                items_still_open!(1),
                "[0/1] In progress: A.\n",
                "  1 [▶] A\n",
                finish_before_stop!(it),
            )),
        2,
    );
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/1] S\n",
            "  1 [x] A\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    env.todos(&["check", "--hook"])
        .stdin(stop)
        .expect_stdout("[1/1] All done.\n")
        .run()
        .success();
}

#[test]
fn stale_fails_only_when_open_and_unchanged_for_long() {
    let env = TestEnv::new();
    // The plan is written at 17:42:33.
    env.plan("S", &["in_progress:A", "pending:B"]);
    let at = |time: &str| format!("2025-01-02T{time}Z");
    env.todos(&["check", "--stale", "10"])
        .env("TODOS_NOW", at("17:50:00"))
        .expect_stdout("[0/2] In progress: A. Pending: B.\n")
        .run()
        .success();
    env.rejects(
        env.todos(&["check", "--stale", "10"])
            .env("TODOS_NOW", at("17:57:40"))
            .expect_stderr(concat!(
                "todos: the plan has not changed for 15 min and 2 of 2 items are open.\n",
                "[0/2] In progress: A. Pending: B.\n",
                "  1 [▶] A\n",
                "  2 [ ] B\n",
                "Update your todos now: mark the item you are working on in_progress, and \
                        each other completed as soon as it is done (todos update ID completed), \
                        cancelled when it is no longer needed, failed when you tried and it could \
                        not be done, or blocked when it waits on something outside the plan (it \
                        stays open).\n",
            )),
        1,
    );
    // A change resets the clock; a finished plan is never stale.
    env.todos(&["update", "1", "completed"])
        .env("TODOS_NOW", at("17:58:00"))
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [x] A\n",
            "  2 [ ] B\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    env.todos(&["check", "--stale", "10"])
        .env("TODOS_NOW", at("18:00:00"))
        .expect_stdout("[1/2] Pending: B.\n")
        .run()
        .success();
    env.todos(&["update", "2", "completed"])
        .expect_stdout(concat!(
            "[2/2] S\n",
            "  1 [x] A\n",
            "  2 [x] B\n",
            "All 2 done.\n"
        ))
        .run()
        .success();
    env.todos(&["check", "--stale", "10"])
        .env("TODOS_NOW", at("23:00:00"))
        .expect_stdout("[2/2] All done.\n")
        .run()
        .success();
}

#[test]
fn json_gives_the_envelope_and_keeps_the_exit_code() {
    let env = TestEnv::new();
    env.plan("S", &["completed:A", "pending:B"]);
    let done = env
        .todos(&["--json", "check", "--stale", "5"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"S\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"completed\"},\
                 {\"id\":\"2\",\"content\":\"B\",\"status\":\"pending\"}],\"recap\":\"[1/2] \
                 Pending: B.\",\"revision\":1,\"warnings\":[],\"check\":{\"passed\":true,\
                 \"open\":1,\"owner\":null,\"stale_minutes\":5,\"minutes_since_change\":0,\
                 \"stop_hook_active\":false}},\"text\":\"1 of 2 open — finish it before you \
                 wrap up. Last change 0 min ago (stale after 5).\",\"stats\":{\"total\":2,\
                 \"pending\":1,\"in_progress\":0,\"completed\":1,\"cancelled\":0,\
                 \"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run();
    assert_eq!(done.code, 0, "changed 0 min ago: not stale");
    let json = done.json();
    assert_eq!(json["status"], "success");
    assert_eq!(json["data"]["check"]["passed"], true);
    assert_eq!(json["data"]["check"]["minutes_since_change"], 0);
    let done = env
        .todos(&["--json", "check"])
        .expect_code(1)
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"S\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"completed\"},\
                 {\"id\":\"2\",\"content\":\"B\",\"status\":\"pending\"}],\"recap\":\"[1/2] \
                 Pending: B.\",\"revision\":1,\"warnings\":[],\"check\":{\"passed\":false,\
                 \"open\":1,\"owner\":null,\"stale_minutes\":null,\"minutes_since_change\":0,\
                 \"stop_hook_active\":false}},\"text\":\"1 of 2 open — finish it before you \
                 wrap up.\",\"stats\":{\"total\":2,\"pending\":1,\"in_progress\":0,\
                 \"completed\":1,\"cancelled\":0,\"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .code(1);
    let json = done.json();
    assert_eq!(json["data"]["check"]["passed"], false);
    assert_eq!(json["data"]["check"]["open"], 1);
    assert_eq!(json["data"]["recap"], "[1/2] Pending: B.");
    assert_eq!(json["stats"]["pending"], 1);
    assert_eq!(json["text"], "1 of 2 open — finish it before you wrap up.");
    assert!(done.stderr.is_empty(), "one JSON object, nothing else");
}

#[test]
fn a_corrupt_store_is_an_error_not_an_open_plan() {
    let env = TestEnv::new();
    env.write_file(".todos.json", "{not json");
    // Exit 1, which every agent reads as "go on" (Gemini CLI blocks on any code but 0 and 1),
    // with the reason on stderr; without --hook, the store's own code.
    env.rejects(
        env.todos(&["check", "--hook"]).expect_stderr(concat!(
            "todos hook: [ROOT]/ws/.todos.json cannot be read as a todos store: key must \
                be a string at line 1 column 2\n",
            unreadable_store_hint!(),
        )),
        1,
    );
    env.rejects(
        env.todos(&["check"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json cannot be read as a todos store: key must be \
                a string at line 1 column 2\n",
            unreadable_store_hint!(),
        )),
        4,
    );
}

/// A worker (`--owner` or `TODOS_OWNER`) may stop once its own items and the unowned ones are
/// done: an item another worker holds does not keep it working, and is not listed to it.
#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn an_owner_is_held_only_by_its_own_and_unowned_items() {
    let env = TestEnv::new();
    env.todos(&["write"])
        .stdin(
            r#"{"summary": "Ship", "todos": [
                {"content": "Schema", "status": "completed", "owner": "w1"},
                {"content": "Server", "status": "in_progress", "owner": "w2"},
                {"content": "Client", "status": "in_progress", "owner": "w1"},
                {"content": "Docs", "status": "pending"}]}"#,
        )
        .expect_stdout(concat!(
            "[1/4] Ship\n",
            "  1 [x] Schema @w1\n",
            "  2 [▶] Server @w2\n",
            "  3 [▶] Client @w1\n",
            "  4 [ ] Docs\n",
            still_open!(3 of 4)
        ))
        .run()
        .success();
    env.rejects(
        env.todos(&["check", "--owner", "w1"])
            .expect_stderr(concat!(
                "todos: 2 of 4 items (held by @w1 or no one) are still open.\n",
                "[1/4] In progress: Server (+1 more). Pending: Docs.\n",
                "  3 [▶] Client @w1\n",
                "  4 [ ] Docs\n",
                finish_before_stop!(them),
            )),
        1,
    );

    env.todos(&["update", "3", "completed"])
        .expect_stdout(concat!(
            "[2/4] Ship\n",
            "  1 [x] Schema @w1\n",
            "  2 [▶] Server @w2\n",
            "  3 [x] Client @w1\n",
            "  4 [ ] Docs\n",
            still_open!(2 of 4)
        ))
        .run()
        .success();
    env.todos(&["update", "4", "completed"])
        .expect_stdout(concat!(
            "[3/4] Ship\n",
            "  1 [x] Schema @w1\n",
            "  2 [▶] Server @w2\n",
            "  3 [x] Client @w1\n",
            "  4 [x] Docs\n",
            still_open!(1 of 4)
        ))
        .run()
        .success();
    // w2 still works on item 2: w1 is free to stop, w2 and the whole plan are not.
    let free = env
        .todos(&["--json", "check"])
        .env("TODOS_OWNER", "w1")
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"Ship\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"Schema\",\"status\":\"completed\",\
                 \"owner\":\"w1\"},{\"id\":\"2\",\"content\":\"Server\",\
                 \"status\":\"in_progress\",\"owner\":\"w2\"},{\"id\":\"3\",\
                 \"content\":\"Client\",\"status\":\"completed\",\"owner\":\"w1\"},\
                 {\"id\":\"4\",\"content\":\"Docs\",\"status\":\"completed\"}],\
                 \"recap\":\"[3/4] In progress: Server.\",\"revision\":3,\"warnings\":[],\
                 \"check\":{\"passed\":true,\"open\":0,\"owner\":\"w1\",\
                 \"stale_minutes\":null,\"minutes_since_change\":0,\
                 \"stop_hook_active\":false}},\"text\":\"1 of 4 open — finish it before you \
                 wrap up.\",\"stats\":{\"total\":4,\"pending\":0,\"in_progress\":1,\
                 \"completed\":3,\"cancelled\":0,\"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(free["data"]["check"]["passed"], true, "{free}");
    assert_eq!(free["data"]["check"]["open"], 0, "{free}");
    assert_eq!(free["data"]["check"]["owner"], "w1", "{free}");
    // The flag wins over the variable, as for `next`.
    env.rejects(
        env.todos(&["check", "--hook", "--owner", "w2"])
            .env("TODOS_OWNER", "w1")
            .expect_stderr(concat!(
                "todos: 1 of 4 items (held by @w2 or no one) is still open.\n",
                "[3/4] In progress: Server.\n",
                "  2 [▶] Server @w2\n",
                finish_before_stop!(it),
            )),
        2,
    );
    env.rejects(
        env.todos(&["check"]).expect_stderr(concat!(
            "todos: 1 of 4 items is still open.\n",
            "[3/4] In progress: Server.\n",
            "  2 [▶] Server @w2\n",
            finish_before_stop!(it),
        )),
        1,
    );
}

#[test]
fn a_malformed_owner_is_refused_with_its_source() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    for (run, source) in [
        (
            env.todos(&["--json", "check", "--owner", "two words"]),
            "--owner",
        ),
        (
            env.todos(&["--json", "check"])
                .env("TODOS_OWNER", "bad/name"),
            "TODOS_OWNER",
        ),
    ] {
        let json = env
            .rejects(
                run.stdout_in_parts("the envelope: its code and path, below"),
                1,
            )
            .json();
        assert_eq!(json["error"]["code"], "INVALID_PARAM", "{json}");
        assert_eq!(json["error"]["details"][0]["path"], source, "{json}");
    }
}
