//! Items that wait on others (SPEC §3a): a snapshot's own ids translated, unknown ids, self
//! references and cycles refused at their path, blockers freed when they go, and which item is
//! ready next.

use serde_json::{Value, json};

use crate::support::{
    TestEnv, envelope_end, error_paths, ids_hint, json_line, no_item, still_open,
};

/// An orchestrator's plan: the snapshot names its own ids, which todos translates.
pub(crate) const PLAN: &str = r#"{"summary": "Ship the API", "todos": [
    {"id": "schema", "content": "Write the schema", "status": "pending"},
    {"id": "server", "content": "Build the server", "status": "pending", "blocked_by": ["schema"]},
    {"id": "client", "content": "Build the client", "status": "pending", "blockedBy": ["schema"]},
    {"id": "e2e", "content": "Run the end-to-end tests", "status": "pending", "depends_on": ["server", "client"]}]}"#;

/// Writes `PLAN` and checks the checklist it prints: four items, the last three waiting.
#[track_caller]
pub(crate) fn write_plan(env: &TestEnv) {
    env.todos(&["write"])
        .stdin(PLAN)
        .expect_stdout(concat!(
            "[0/4] Ship the API\n",
            "  1 [ ] Write the schema\n",
            "  2 [ ] Build the server ⧗ 1\n",
            "  3 [ ] Build the client ⧗ 1\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            still_open!(4 of 4)
        ))
        .run();
}

pub(crate) fn blocked_by(store: &Value, index: usize) -> Value {
    store["todos"][index]
        .get("blocked_by")
        .cloned()
        .unwrap_or(json!([]))
}

/// `write --json`'s envelope when `PLAN` is sent again to the plan it made (revision 1): no
/// change, the ids translated; `depends_on` is what the last item sent.
fn unchanged(depends_on: Value) -> Value {
    let pending =
        |id: &str, content: &str| json!({"id": id, "content": content, "status": "pending"});
    let waiting = |id: &str, content: &str, key: &str, on: Value| {
        let mut item = pending(id, content);
        item[key] = on;
        item
    };
    json!({
        "status": "success",
        "data": {
            "summary": "Ship the API",
            "todos": [
                pending("1", "Write the schema"),
                waiting("2", "Build the server", "blocked_by", json!(["1"])),
                waiting("3", "Build the client", "blocked_by", json!(["1"])),
                waiting("4", "Run the end-to-end tests", "blocked_by", json!(["2", "3"])),
            ],
            "recap": "[0/4] Next: Write the schema. Pending: Build the server; Build the client; \
                      Run the end-to-end tests.",
            "revision": 1,
            "changed": false,
            "warnings": [],
        },
        "text": "No change: the plan already matches (revision 1).",
        "stats": {
            "total": 4, "pending": 4, "in_progress": 0, "completed": 0, "cancelled": 0,
            "failed": 0, "blocked": 0,
        },
        "context": {
            "cwd": "[ROOT]/ws",
            "workspace": "[ROOT]/ws",
            "list": "default",
            "params_input": {
                "summary": "Ship the API",
                "todos": [
                    pending("schema", "Write the schema"),
                    waiting("server", "Build the server", "blocked_by", json!(["schema"])),
                    waiting("client", "Build the client", "blockedBy", json!(["schema"])),
                    waiting("e2e", "Run the end-to-end tests", "depends_on", depends_on),
                ],
            },
        },
    })
}

#[test]
fn a_snapshots_own_ids_are_translated_and_resending_it_changes_nothing() {
    let env = TestEnv::new();
    write_plan(&env);
    let store = env.store();
    assert_eq!(blocked_by(&store, 0), json!([]));
    assert_eq!(blocked_by(&store, 1), json!(["1"]));
    assert_eq!(blocked_by(&store, 3), json!(["2", "3"]));
    let revision = store["revision"].clone();
    let again = env
        .todos(&["--json", "write"])
        .stdin(PLAN)
        .expect_stdout(json_line(&unchanged(json!(["server", "client"]))))
        .run()
        .success();
    assert_eq!(again.json()["data"]["changed"], false);
    assert_eq!(env.store()["revision"], revision);
    // Our own ids work as well as the snapshot's.
    let ours = PLAN.replace(r#"["server", "client"]"#, r#"["2", "3"]"#);
    let again = env
        .todos(&["--json", "write"])
        .stdin(ours)
        .expect_stdout(json_line(&unchanged(json!(["2", "3"]))))
        .run()
        .success();
    assert_eq!(again.json()["data"]["changed"], false);
    env.todos(&["show"])
        .expect_stdout(concat!(
            "[0/4] Ship the API\n",
            "  1 [ ] Write the schema\n",
            "  2 [ ] Build the server ⧗ 1\n",
            "  3 [ ] Build the client ⧗ 1\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n"
        ))
        .run()
        .success();
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/4] Ship the API\n",
            "  1 [x] Write the schema\n",
            "  2 [ ] Build the server\n",
            "  3 [ ] Build the client\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            still_open!(3 of 4)
        ))
        .run()
        .success();
    env.todos(&["show"])
        .expect_stdout(concat!(
            "[1/4] Ship the API\n",
            "  1 [x] Write the schema\n",
            "  2 [ ] Build the server\n",
            "  3 [ ] Build the client\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n"
        ))
        .run()
        .success();
}

#[test]
fn unknown_ids_self_references_and_cycles_are_refused_at_their_path() {
    let env = TestEnv::new();
    write_plan(&env);
    for (snapshot, path, words) in [
        (
            r#"{"todos": [{"id": "a", "content": "A", "status": "pending", "blocked_by": ["b"]}]}"#,
            "todos[0].blocked_by[0]",
            "\"b\" names no item",
        ),
        (
            r#"{"todos": [{"id": "a", "content": "A", "status": "pending", "blocked_by": ["a"]}]}"#,
            "todos[0].blocked_by[0]",
            "cannot wait on itself",
        ),
        (
            // The snapshot drops item 1, so it cannot wait on it.
            r#"{"todos": [{"content": "A", "status": "pending", "blocked_by": ["1"]}]}"#,
            "todos[0].blocked_by[0]",
            "names an item this snapshot drops",
        ),
        (
            r#"{"todos": [
                {"id": "a", "content": "A", "status": "pending", "blocked_by": ["c"]},
                {"id": "b", "content": "B", "status": "pending", "blocked_by": ["a"]},
                {"id": "c", "content": "C", "status": "pending", "blocked_by": ["b"]}]}"#,
            "todos[0].blocked_by[0]",
            r#"makes a cycle: 5 "A" waits on 7 "C", which waits on 6 "B", which waits on 5 "A""#,
        ),
    ] {
        let json = env
            .rejects(
                env.todos(&["--json", "write"])
                    .stdin(snapshot)
                    .stdout_in_parts("the envelope: its path and message, below"),
                1,
            )
            .json();
        assert_eq!(error_paths(&json), [path], "{json}");
        let message = json["error"]["details"][0]["message"].as_str().unwrap();
        assert!(message.contains(words), "{message}");
    }
    // An update that would close a cycle is refused the same way.
    let json = env
        .rejects(
            env.todos(&["--json", "update", "1", "--blocked-by", "4"])
                .expect_stdout(
                    "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"--blocked-by: makes a cycle: 1 \\\"Write the schema\\\" waits \
                on 4 \\\"Run the end-to-end tests\\\", which waits on 2 \\\"Build the server\\\", \
                which waits on 1 \\\"Write the schema\\\"; an item cannot wait on itself, \
                so drop one of these dependencies\",\"details\":[{\"path\":\"--blocked-by\",\
                \"message\":\"makes a cycle: 1 \\\"Write the schema\\\" waits on 4 \\\"Run \
                the end-to-end tests\\\", which waits on 2 \\\"Build the server\\\", which \
                waits on 1 \\\"Write the schema\\\"; an item cannot wait on itself, so drop \
                one of these dependencies\"}]},\"text\":\"error: --blocked-by: makes a cycle: \
                1 \\\"Write the schema\\\" waits on 4 \\\"Run the end-to-end tests\\\", \
                which waits on 2 \\\"Build the server\\\", which waits on 1 \\\"Write the \
                schema\\\"; an item cannot wait on itself, so drop one of these dependencies\",\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"id\":\"1\",\
                \"addBlockedBy\":[\"4\"]}}}\n",
                ),
            1,
        )
        .json();
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    assert!(message.contains("makes a cycle: "), "{message}");
    for id in ["1", "2", "4"] {
        assert!(message.contains(&format!("{id} \"")), "{message}");
    }
    env.rejects(
        env.todos(&["update", "2", "--blocked-by", "9"])
            .expect_stderr(concat!(
                no_item!("--blocked-by 9", "9"),
                ids_hint!(1, 2, 3, 4)
            )),
        1,
    );
    env.rejects(
        env.todos(&["create", "X", "--blocked-by", "9"])
            .expect_stderr(concat!(
                no_item!("--blocked-by 9", "9"),
                ids_hint!(1, 2, 3, 4)
            )),
        1,
    );
    env.rejects(env.todos(&["update", "2", "--owner", "no spaces"]).expect_stderr("error: --owner: \"no spaces\" is not an owner name: use 1-64 letters, digits, '.', '_', '-' or '@' (e.g. api-agent, w1, ana@example.com)\n"), 1);
}

#[test]
fn a_blocker_typed_twice_is_one_and_a_refusal_names_the_one_refused() {
    let env = TestEnv::new();
    write_plan(&env);
    // A repeated id is one id: the one refused is named as typed, not by its place among the
    // ids kept (which named `--blocked-by 1` here).
    env.rejects(
        env.todos(&[
            "update",
            "2",
            "--blocked-by",
            "1",
            "--blocked-by",
            "1",
            "--blocked-by",
            "9",
        ])
        .expect_stderr(concat!(
            no_item!("--blocked-by 9", "9"),
            ids_hint!(1, 2, 3, 4)
        )),
        1,
    );
}

#[test]
fn what_a_snapshot_leaves_out_keeps_its_stored_value_and_null_clears_it() {
    let env = TestEnv::new();
    write_plan(&env);
    env.todos(&["update", "2", "--owner", "api-agent"])
        .expect_stdout(concat!(
            "[0/4] Ship the API\n",
            "  1 [ ] Write the schema\n",
            "  2 [ ] Build the server ⧗ 1 @api-agent\n",
            "  3 [ ] Build the client ⧗ 1\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            still_open!(4 of 4)
        ))
        .run()
        .success();
    // An agent that knows nothing of owners or dependencies re-sends the list.
    let plain = r#"{"todos": [
        {"content": "Write the schema", "status": "completed"},
        {"content": "Build the server", "status": "pending"},
        {"content": "Build the client", "status": "pending"},
        {"content": "Run the end-to-end tests", "status": "pending"}]}"#;
    env.todos(&["write"])
        .stdin(plain)
        .expect_stdout(concat!(
            "[1/4] Ship the API\n",
            "  1 [x] Write the schema\n",
            "  2 [ ] Build the server @api-agent\n",
            "  3 [ ] Build the client\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            still_open!(3 of 4)
        ))
        .run()
        .success();
    let store = env.store();
    assert_eq!(store["todos"][1]["owner"], "api-agent");
    assert_eq!(blocked_by(&store, 3), json!(["2", "3"]));
    let cleared = plain.replace(
        r#""Build the server", "status": "pending""#,
        r#""Build the server", "status": "pending", "owner": null, "blocked_by": []"#,
    );
    env.todos(&["write"])
        .stdin(cleared)
        .expect_stdout(concat!(
            "[1/4] Ship the API\n",
            "  1 [x] Write the schema\n",
            "  2 [ ] Build the server\n",
            "  3 [ ] Build the client\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            still_open!(3 of 4)
        ))
        .run()
        .success();
    let store = env.store();
    assert!(store["todos"][1].get("owner").is_none(), "{store}");
    assert!(store["todos"][1].get("blocked_by").is_none(), "{store}");
}

#[test]
fn dropping_or_removing_a_blocker_frees_what_waited_on_it_with_a_warning() {
    let env = TestEnv::new();
    write_plan(&env);
    env.todos(&["remove", "2"])
        .expect_stdout(concat!(
            "[0/3] Ship the API\n",
            "  1 [ ] Write the schema\n",
            "  3 [ ] Build the client ⧗ 1\n",
            "  4 [ ] Run the end-to-end tests ⧗ 3\n",
            still_open!(3 of 3),
        ))
        .expect_stderr(concat!(
            "warning: removed open item 2 \"Build the server\" (pending); if it is still \
                needed, `todos undo` brings it back\n",
            "warning: removed item 2 \"Build the server\" was blocking 4 \"Run the end-to-end \
                tests\": it no longer waits on it\n",
        ))
        .run()
        .success();
    assert_eq!(blocked_by(&env.store(), 2), json!(["3"]));
    // Dropped from a snapshot: the same.
    let without_client = r#"{"todos": [
        {"content": "Write the schema", "status": "pending"},
        {"content": "Run the end-to-end tests", "status": "pending"}]}"#;
    env.todos(&["write"])
        .stdin(without_client)
        .expect_stdout(concat!(
            "[0/2] Ship the API\n",
            "  1 [ ] Write the schema\n",
            "  4 [ ] Run the end-to-end tests\n",
            still_open!(2 of 2),
        ))
        .expect_stderr(concat!(
            "warning: dropped open item 3 \"Build the client\" (pending); send it again \
                    to keep it, or `todos undo`\n",
            "warning: removed item 3 \"Build the client\" was blocking 4 \"Run the end-to-end \
                    tests\": it no longer waits on it\n",
        ))
        .run()
        .success();
    assert_eq!(blocked_by(&env.store(), 1), json!([]));
    // Ids never come back.
    env.todos(&["create", "New step"])
        .expect_stdout(concat!(
            "[0/3] Ship the API\n",
            "  1 [ ] Write the schema\n",
            "  4 [ ] Run the end-to-end tests\n",
            "  5 [ ] New step\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][2]["id"], "5");
}

#[test]
fn starting_an_item_that_still_waits_is_accepted_with_a_warning() {
    let env = TestEnv::new();
    write_plan(&env);
    env.todos(&["update", "4", "in_progress"])
        .expect_stdout(concat!(
            "[0/4] Ship the API\n",
            "  1 [ ] Write the schema\n",
            "  2 [ ] Build the server ⧗ 1\n",
            "  3 [ ] Build the client ⧗ 1\n",
            "  4 [▶] Run the end-to-end tests ⧗ 2, 3\n",
            still_open!(4 of 4),
        ))
        .expect_stderr(
            "warning: started item 4 \"Run the end-to-end tests\" while it waits on 2, \
                3 (not completed or cancelled yet)\n",
        )
        .run()
        .success();
}

/// Cursor's merge keeps the items it does not name, so a dependency may name them.
#[test]
fn a_merge_may_wait_on_items_it_does_not_name() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A", "pending:B"]);
    let merge = r#"{"merge": true, "todos": [
        {"id": "c", "content": "C", "status": "pending", "blocked_by": ["1", "2"]}]}"#;
    env.todos(&["write"])
        .stdin(merge)
        .expect_stdout(concat!(
            "[0/3] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C ⧗ 1, 2\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    assert_eq!(blocked_by(&env.store(), 2), json!(["1", "2"]));
    let cycle = r#"{"merge": true, "todos": [
        {"id": "1", "content": "A", "status": "pending", "blocked_by": ["3"]}]}"#;
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(cycle).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"todos[0].blocked_by[0]: makes a cycle: 1 \\\"A\\\" waits on \
                3 \\\"C\\\", which waits on 1 \\\"A\\\"; an item cannot wait on itself, \
                so drop one of these dependencies\",\"details\":[{\"path\":\"todos[0].blocked_by[0]\",\
                \"message\":\"makes a cycle: 1 \\\"A\\\" waits on 3 \\\"C\\\", which waits \
                on 1 \\\"A\\\"; an item cannot wait on itself, so drop one of these dependencies\"}]},\
                \"text\":\"error: todos[0].blocked_by[0]: makes a cycle: 1 \\\"A\\\" waits \
                on 3 \\\"C\\\", which waits on 1 \\\"A\\\"; an item cannot wait on itself, \
                so drop one of these dependencies\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"merge\":true,\
                \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"pending\",\
                \"blocked_by\":[\"3\"]}]}}}\n"), 1)
        .json();
    assert_eq!(error_paths(&json), ["todos[0].blocked_by[0]"]);
}

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn next_prints_the_first_ready_item_and_says_why_when_none_is() {
    let env = TestEnv::new();
    env.todos(&["next"])
        .expect_code(0)
        .expect_stdout("Nothing to do: the plan is empty.\n")
        .run();
    write_plan(&env);
    env.todos(&["next"])
        .expect_code(0)
        .expect_stdout("  1 [ ] Write the schema\n")
        .run();
    // `next` alone changes nothing.
    assert_eq!(env.store()["todos"][0]["status"], "pending");
    env.todos(&["next", "--claim", "--owner", "w1"])
        .expect_code(0)
        .expect_stdout("  1 [▶] Write the schema @w1\n")
        .run();
    env.todos(&["history", "--limit", "1"])
        .expect_stdout(
            "2  2025-01-02 17:42:33  next --claim  [0/4]  1 pending → in_progress; 1 @w1\n",
        )
        .run()
        .success();
    let json = env
        .todos(&["--json", "next"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"next\":null,\"claim\":null,\
                 \"claimed\":false,\"reason\":\"Nothing is ready: 3 items wait on 1, 2, 3; 1 \
                 item in progress elsewhere (1 @w1).\",\"revision\":2,\"recap\":\"[0/4] In \
                 progress: Write the schema. Pending: Build the server; Build the client; \
                 Run the end-to-end tests.\",\"warnings\":[]},\"text\":\"Nothing is ready: 3 \
                 items wait on 1, 2, 3; 1 item in progress elsewhere (1 @w1).\",\
                 \"stats\":{\"total\":4,\"pending\":3,\"in_progress\":1,\"completed\":0,\
                 \"cancelled\":0,\"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(json["data"]["next"], Value::Null);
    assert_eq!(
        json["data"]["reason"],
        "Nothing is ready: 3 items wait on 1, 2, 3; 1 item in progress elsewhere (1 @w1)."
    );
    assert_eq!(json["text"], json["data"]["reason"]);
    let recap = env.todos(&["recap"]).expect_stdout("[0/4] In progress: Write the schema. Pending: Build the server; Build the client; Run the end-to-end tests.\n").run().success().stdout;
    assert_eq!(
        recap,
        "[0/4] In progress: Write the schema. Pending: Build the server; Build the client; Run the end-to-end tests.\n"
    );
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/4] Ship the API\n",
            "  1 [x] Write the schema @w1\n",
            "  2 [ ] Build the server\n",
            "  3 [ ] Build the client\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            still_open!(3 of 4)
        ))
        .run()
        .success();
    let recap = env
        .todos(&["recap"])
        .expect_stdout(
            "[1/4] Next: Build the server. Pending: Build the client; Run the end-to-end tests.\n",
        )
        .run()
        .success()
        .stdout;
    assert_eq!(
        recap,
        "[1/4] Next: Build the server. Pending: Build the client; Run the end-to-end tests.\n"
    );
    // TODOS_OWNER claims as --owner does; items owned by others are skipped.
    env.todos(&["update", "2", "--owner", "w2"])
        .expect_stdout(concat!(
            "[1/4] Ship the API\n",
            "  1 [x] Write the schema @w1\n",
            "  2 [ ] Build the server @w2\n",
            "  3 [ ] Build the client\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            still_open!(3 of 4)
        ))
        .run()
        .success();
    let json = env
        .todos(&["--json", "next", "--claim"])
        .env("TODOS_OWNER", "w3")
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"next\":{\"id\":\"3\",\
                 \"content\":\"Build the client\",\"status\":\"in_progress\",\
                 \"blocked_by\":[\"1\"],\"owner\":\"w3\"},\"claim\":{\"owner\":\"w3\",\
                 \"revision\":5,\"lease_until\":null,\"taken_over_from\":null,\
                 \"taken_over\":null},\"claimed\":true,\"revision\":5,\"recap\":\"[1/4] In \
                 progress: Build the client. Pending: Build the server; Run the end-to-end \
                 tests.\",\"warnings\":[]},\"text\":\"Claimed: 3 \\\"Build the client\\\".\",\
                 \"stats\":{\"total\":4,\"pending\":2,\"in_progress\":1,\"completed\":1,\
                 \"cancelled\":0,\"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(json["data"]["claimed"], true);
    assert_eq!(json["data"]["next"]["id"], "3");
    assert_eq!(json["data"]["next"]["owner"], "w3");
    assert_eq!(json["data"]["next"]["status"], "in_progress");
    // One item in progress per owner: w3, claiming again, gets its own item 3 back.
    env.todos(&["create", "Extra"])
        .expect_stdout(concat!(
            "[1/5] Ship the API\n",
            "  1 [x] Write the schema @w1\n",
            "  2 [ ] Build the server @w2\n",
            "  3 [▶] Build the client @w3\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            "  5 [ ] Extra\n",
            still_open!(4 of 5)
        ))
        .run()
        .success();
    let json = env
        .todos(&["--json", "next", "--claim", "--owner", "w3"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"next\":{\"id\":\"3\",\
                 \"content\":\"Build the client\",\"status\":\"in_progress\",\
                 \"blocked_by\":[\"1\"],\"owner\":\"w3\"},\"claim\":{\"owner\":\"w3\",\
                 \"revision\":6,\"lease_until\":null,\"taken_over_from\":null,\
                 \"taken_over\":null},\"claimed\":false,\"revision\":6,\"recap\":\"[1/5] In \
                 progress: Build the client. Pending: Build the server; Run the end-to-end \
                 tests; Extra.\",\"warnings\":[\"w3 already has item 3 \\\"Build the \
                 client\\\" in progress (at most 1 per owner): finish it (completed, \
                 cancelled, failed or blocked) before you claim another\"]},\"text\":\"Next: \
                 3 \\\"Build the client\\\".\",\"stats\":{\"total\":5,\"pending\":3,\
                 \"in_progress\":1,\"completed\":1,\"cancelled\":0,\"failed\":0,\
                 \"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(json["data"]["next"]["id"], "3");
    assert_eq!(json["data"]["claimed"], false);
    let warning = json["data"]["warnings"][0].as_str().unwrap();
    assert!(
        warning.starts_with(r#"w3 already has item 3 "Build the client" in progress"#),
        "{warning}"
    );
    // A claimer without a name, while an unowned item is in progress, is refused.
    env.todos(&["update", "2", "--no-owner", "in_progress"])
        .expect_stdout(concat!(
            "[1/5] Ship the API\n",
            "  1 [x] Write the schema @w1\n",
            "  2 [▶] Build the server\n",
            "  3 [▶] Build the client @w3\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            "  5 [ ] Extra\n",
            still_open!(4 of 5)
        ))
        .run()
        .success();
    env.rejects(env.todos(&["next", "--claim"]).expect_stderr(concat!("error: --claim: 1 item without an owner already in_progress, at most 1 may be: 2 \"Build the server\"\n", "hint: claim with a name (--owner NAME or TODOS_OWNER), or finish that item first\n")), 1);
    for (id, status, plan) in [
        (
            "5",
            "cancelled",
            concat!(
                "[2/5] Ship the API\n",
                "  1 [x] Write the schema @w1\n",
                "  2 [▶] Build the server\n",
                "  3 [▶] Build the client @w3\n",
                "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
                "  5 [~] Extra\n",
                still_open!(3 of 5),
            ),
        ),
        (
            "3",
            "cancelled",
            concat!(
                "[3/5] Ship the API\n",
                "  1 [x] Write the schema @w1\n",
                "  2 [▶] Build the server\n",
                "  3 [~] Build the client @w3\n",
                "  4 [ ] Run the end-to-end tests ⧗ 2\n",
                "  5 [~] Extra\n",
                still_open!(2 of 5),
            ),
        ),
        (
            "2",
            "completed",
            concat!(
                "[4/5] Ship the API\n",
                "  1 [x] Write the schema @w1\n",
                "  2 [x] Build the server\n",
                "  3 [~] Build the client @w3\n",
                "  4 [ ] Run the end-to-end tests\n",
                "  5 [~] Extra\n",
                still_open!(1 of 5),
            ),
        ),
        (
            "4",
            "completed",
            concat!(
                "[5/5] Ship the API\n",
                "  1 [x] Write the schema @w1\n",
                "  2 [x] Build the server\n",
                "  3 [~] Build the client @w3\n",
                "  4 [x] Run the end-to-end tests\n",
                "  5 [~] Extra\n",
                "All 5 done.\n",
            ),
        ),
    ] {
        env.todos(&["update", id, status]).expect_stdout(plan).run();
    }
    env.todos(&["next", "--claim"])
        .expect_code(0)
        .expect_stdout("Nothing to do: All 5 done.\n")
        .run();
    env.rejects(env.todos(&["next", "--owner", "a b"]).expect_stderr("error: --owner: \"a b\" is not an owner name: use 1-64 letters, digits, '.', '_', '-' or '@' (e.g. api-agent, w1, ana@example.com)\n"), 1);
}
