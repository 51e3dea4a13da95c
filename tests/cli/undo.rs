//! `todos undo`: the way back from a bad overwrite and from a corrupt store.

use std::fs;

use serde_json::json;

use crate::support::{
    TestEnv, envelope_end, items, kept_revisions_hint, nothing_to_undo, restored, stale_revision,
    still_open, unreadable_store_hint, unvouched_hint,
};

/// The plan S with a, b and c pending, as a change or a restore prints it.
const S_ABC: &str = concat!(
    "[0/3] S\n",
    "  1 [ ] a\n",
    "  2 [ ] b\n",
    "  3 [ ] c\n",
    still_open!(3 of 3)
);

/// Two revisions: the plan S with A, then B created.
#[track_caller]
fn a_then_b(env: &TestEnv) {
    env.plan("S", &["pending:A"]);
    env.todos(&["create", "B"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .run();
}

#[test]
fn undo_restores_what_a_full_overwrite_dropped() {
    let env = TestEnv::new();
    env.plan("S", &["completed:A", "in_progress:B", "pending:C"]);
    env
        .todos(&["write", "--summary", "S", "-t", "completed:A"])
        .expect_stdout(concat!("[1/1] S\n", "  1 [x] A\n", "The one item is done.\n")).expect_stderr("warning: dropped 2 open items: 2 \"B\" (in_progress), 3 \"C\" (pending); send them again to keep them, or `todos undo`\n").run()
        .success();
    env.todos(&["undo"])
        .expect_stdout(concat!(
            "[1/3] S\n",
            "  1 [x] A\n",
            "  2 [▶] B\n",
            "  3 [ ] C\n",
            still_open!(2 of 3)
        ))
        .expect_stderr(restored!(1))
        .run()
        .success();
    let store = env.store();
    assert_eq!(store["revision"], 3, "an undo is a change of its own");
    assert_eq!(items(&store["todos"]).len(), 3);
    // `redo` takes the undo back.
    env.todos(&["redo"])
        .expect_stdout(concat!(
            "[1/1] S\n",
            "  1 [x] A\n",
            "The one item is done.\n"
        ))
        .expect_stderr(restored!(2))
        .run()
        .success();
    assert_eq!(items(&env.store()["todos"]).len(), 1);
    assert_eq!(env.store()["revision"], 4);
}

#[test]
fn undo_never_hands_an_id_out_twice() {
    let env = TestEnv::new();
    a_then_b(&env);
    env.todos(&["undo"])
        .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .expect_stderr(restored!(1))
        .run()
        .success();
    env.todos(&["create", "C"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] A\n",
            "  3 [ ] C\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    let ids: Vec<String> = items(&env.store()["todos"])
        .into_iter()
        .map(|(id, _, _)| id)
        .collect();
    assert_eq!(ids, ["1", "3"], "B's id 2 is not reused for C");
}

#[test]
fn nothing_to_undo_is_refused() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&["undo"])
            .expect_stderr(concat!(nothing_to_undo!(), kept_revisions_hint!())),
        1,
    );
    a_then_b(&env);
    env.rejects(
        env.todos(&["undo", "--expect-revision", "1"])
            .expect_stderr(stale_revision!(2, not 1)),
        3,
    );
}

/// The store with its items replaced by a string: unreadable as a store, still JSON, so the
/// history line it names can be read from it. Returns what was written.
fn broken_store(env: &TestEnv) -> String {
    let mut store = env.store();
    store["todos"] = json!("tor");
    let text = serde_json::to_string_pretty(&store).unwrap();
    env.write_file(".todos.json", &text);
    text
}

/// A store that no longer says which history line it goes on from vouches for none: `undo`
/// refuses to restore one, and leaves the store where it is (SPEC §9), whatever the hint of
/// the unreadable store suggested.
#[test]
fn undo_of_garbage_over_a_history_restores_nothing_it_cannot_vouch_for() {
    let env = TestEnv::new();
    a_then_b(&env);
    env.write_file(".todos.json", "garbage");
    env.rejects(
        env.todos(&["undo"]).expect_stderr(concat!(
            "error: revision 2 cannot be restored: the store (revision 2) names no line of \
             [ROOT]/ws/.todos/default.history.jsonl: an older todos, a merge or another \
             checkout wrote it; 2 lines of the history cannot be vouched for, and undo restores \
             only what this workspace's own changes wrote\n",
            unvouched_hint!()
        )),
        1,
    );
}

#[test]
fn undo_sets_a_corrupt_store_aside_and_restores_the_latest_kept_revision() {
    let env = TestEnv::new();
    a_then_b(&env);
    // Broken by hand, the store still names the history's line it goes on from.
    let broken = broken_store(&env);
    env.rejects(
        env.todos(&["show"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json cannot be read as a todos store: invalid type: \
                string \"tor\", expected a sequence at line 14 column 16\n",
            unreadable_store_hint!(),
        )),
        4,
    );
    let done = env
        .todos(&["--json", "undo"])
        .env("TODOS_NOW", "2025-03-04T05:06:07Z")
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"S\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"pending\"},\
                 {\"id\":\"2\",\"content\":\"B\",\"status\":\"pending\"}],\"recap\":\"[0/2] \
                 Pending: A; B.\",\"revision\":3,\"changed\":true,\"warnings\":[]},\
                 \"text\":\"Moved the unreadable store to \
                 [ROOT]/ws/.todos.json.corrupt-20250304-050607. Restored the plan of \
                 revision 2. Todos: 2 pending.\",\"stats\":{\"total\":2,\"pending\":2,\
                 \"in_progress\":0,\"completed\":0,\"cancelled\":0,\"failed\":0,\
                 \"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success();
    let json = done.json();
    assert_eq!(
        json["data"]["todos"].as_array().unwrap().len(),
        2,
        "the last revision the history kept, from before the store broke"
    );
    assert_eq!(
        fs::read_to_string(env.path(".todos.json.corrupt-20250304-050607")).unwrap(),
        broken
    );
    assert!(
        json["text"]
            .as_str()
            .unwrap()
            .starts_with("Moved the unreadable store to")
    );
    env.todos(&["show"])
        .expect_stdout(concat!("[0/2] S\n", "  1 [ ] A\n", "  2 [ ] B\n"))
        .run()
        .success();
}

#[test]
fn undo_of_a_corrupt_store_without_history_leaves_an_empty_plan() {
    let env = TestEnv::new();
    // Counters still readable: the empty plan goes on from them, never back.
    env.write_file(
        ".todos.json",
        r#"{"version": 1, "revision": 7, "next_id": 12, "todos": "broken"}"#,
    );
    env.todos(&["undo"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n",))
        .expect_stderr(concat!(
            "warning: the history keeps no revision to restore: the plan is empty\n",
            "note: Moved the unreadable store to [ROOT]/ws/.todos.json.corrupt-20250102-174233. \
                The plan is empty.\n",
        ))
        .run()
        .success();
    assert_eq!(env.store()["revision"], 8);
    assert_eq!(env.store()["next_id"], 12);
    env.todos(&["recap"])
        .expect_code(0)
        .expect_stdout("[0/0] No todos.\n")
        .run();
    let done = env
        .todos(&["--json", "create", "A"])
        .expect_stdout(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\
                \"todos\":[{\"id\":\"12\",\"content\":\"A\",\"status\":\"pending\"}],\
                \"recap\":\"[0/1] Pending: A.\",\"revision\":9,\"changed\":true,\
                \"warnings\":[]},\"text\":\"Updated todos: 1 pending.\",\
                \"stats\":{\"total\":1,\"pending\":1,\"in_progress\":0,\
                \"completed\":0,\"cancelled\":0,\"failed\":0,\"blocked\":0},\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"items\":[\"A\"]}}}\n",
        )
        .run()
        .success();
    assert_eq!(done.json()["data"]["todos"][0]["id"], "12");
    assert_eq!(done.json()["data"]["revision"], 9);
}

#[test]
fn undo_of_garbage_without_history_sends_no_counter_back() {
    let env = TestEnv::new();
    env.write_file(".todos.json", "garbage");
    // Nothing says how far the counters went: refused, the store left as it is.
    env.rejects(
        env.todos(&["undo"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json cannot be read, and its history keeps no revision \
                to restore nor does it hold a revision and id counter to go on from\n",
            "hint: the file was left untouched; fix it by hand, or move it aside (mv \
                [ROOT]/ws/.todos.json [ROOT]/ws/.todos.json.broken) to start a new plan, \
                whose ids may repeat old ones\n",
        )),
        4,
    );
}

#[test]
fn undo_of_a_corrupt_store_hands_out_no_revision_or_id_twice() {
    let env = TestEnv::new();
    env.plan("S", &["pending:a", "pending:b"]);
    env.todos(&["create", "c"])
        .expect_stdout(S_ABC)
        .run()
        .success(); // revision 2, id 3
    broken_store(&env);
    env.todos(&["undo"]).expect_stdout(S_ABC).expect_stderr("note: Moved the unreadable store to [ROOT]/ws/.todos.json.corrupt-20250102-174233. Restored the plan of revision 2.\n").run().success();
    assert!(env.store()["revision"].as_u64().unwrap() > 2);
    env.todos(&["create", "d"])
        .expect_stdout(concat!(
            "[0/4] S\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            "  3 [ ] c\n",
            "  4 [ ] d\n",
            still_open!(4 of 4)
        ))
        .run()
        .success();
    let ids: Vec<String> = items(&env.store()["todos"])
        .into_iter()
        .map(|(id, _, _)| id)
        .collect();
    assert_eq!(ids, ["1", "2", "3", "4"], "c kept its id, d got a new one");
    // What a half-readable store still says of its counters is kept.
    let mut store = env.store();
    store["revision"] = json!(40);
    store["next_id"] = json!(90);
    store["todos"] = json!("oops");
    env.write_file(".todos.json", serde_json::to_string(&store).unwrap());
    // Its own line is no longer known (the store says revision 40): undo goes back to the
    // line it names, revision 3.
    env.todos(&["undo"])
        .expect_stdout(S_ABC)
        .expect_stderr(
            "note: Moved the unreadable store to \
             [ROOT]/ws/.todos.json.corrupt-20250102-174233-2. Restored the plan of revision 3.\n",
        )
        .run()
        .success();
    assert_eq!(env.store()["revision"], 41);
    assert_eq!(env.store()["next_id"], 90);
}

#[test]
fn setting_aside_twice_in_one_second_keeps_both_files() {
    let env = TestEnv::new();
    env.plan("S", &["pending:a"]);
    env.todos(&["create", "b"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    broken_store(&env);
    let first = env.read(".todos.json");
    env.todos(&["undo"]).expect_stdout(concat!("[0/2] S\n", "  1 [ ] a\n", "  2 [ ] b\n", still_open!(2 of 2))).expect_stderr("note: Moved the unreadable store to [ROOT]/ws/.todos.json.corrupt-20250102-174233. Restored the plan of revision 2.\n").run().success();
    env.todos(&["create", "c"])
        .expect_stdout(S_ABC)
        .run()
        .success();
    broken_store(&env);
    let second = env.read(".todos.json");
    env.todos(&["undo"]).expect_stdout(S_ABC).expect_stderr("note: Moved the unreadable store to [ROOT]/ws/.todos.json.corrupt-20250102-174233-2. Restored the plan of revision 4.\n").run().success();
    assert_eq!(env.read(".todos.json.corrupt-20250102-174233"), first);
    assert_eq!(env.read(".todos.json.corrupt-20250102-174233-2"), second);
}

/// Revision 0 is the plan before any change: `undo` right after the first change restores
/// it, and `redo` brings the first change back.
#[test]
fn undo_after_the_first_change_restores_the_empty_plan() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.todos(&["undo"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .expect_stderr(restored!(0))
        .run()
        .success();
    assert_eq!(env.store()["todos"], serde_json::json!([]));
    assert_eq!(env.store()["revision"], 2);
    assert!(env.store().get("summary").is_none(), "{}", env.store());
    env.todos(&["redo"])
        .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n", still_open!(1 of 1)))
        .expect_stderr(restored!(1))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["content"], "A");
    assert_eq!(env.store()["summary"], "S");
    env.todos(&["undo", "--to", "0"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .expect_stderr(restored!(0))
        .run()
        .success();
    env.todos(&["create", "B"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  2 [ ] B\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["id"], "2", "ids never go back");
}

/// Two kills in a row (after the saves of revisions 1 and 2) leave no history at all.
pub(crate) fn history_lost(env: &TestEnv) {
    env.plan("Ship", &["pending:Build"]);
    env.plan("Ship", &["pending:Build", "pending:Test"]);
    fs::remove_file(env.path(".todos/default.history.jsonl")).unwrap();
}

/// An unreadable store that still names its history line, and every name `undo` would set it
/// aside as taken (at the tests' clock): a store with the history key broken by hand.
pub(crate) fn no_name_to_set_aside(env: &TestEnv) {
    env.plan("Ship", &["pending:Build"]);
    env.plan("Ship", &["pending:Build", "pending:Test"]);
    let mut store = env.store();
    store["todos"] = json!("tor");
    env.write_file(".todos.json", serde_json::to_string_pretty(&store).unwrap());
    for n in 1..=1000 {
        let name = match n {
            1 => ".todos.json.corrupt-20250102-174233".to_owned(),
            n => format!(".todos.json.corrupt-20250102-174233-{n}"),
        };
        env.write_file(&name, "");
    }
}

/// `undo --to` a revision two kills kept out of the history names the nearest kept one as
/// the `--to` to type (the MCP server's words: `mcp/hints.rs`).
#[test]
fn undo_to_a_missing_revision_names_the_nearest_kept_one() {
    let env = TestEnv::new();
    history_lost(&env);
    env.rejects(
        env.todos(&["undo", "--to", "1"]).expect_stderr(
            "error: revision 1 is missing from the history: a change was stopped before it \
             recorded it (the history keeps no revision yet)\n\
             hint: the nearest kept revision before it is 0: `todos undo --to 0`; `todos \
             history` lists them all\n",
        ),
        1,
    );
}

/// Every name to set an unreadable store aside as taken: remove old ones, then undo again (the
/// MCP server's words: `mcp/hints.rs`).
#[test]
fn a_store_with_no_name_left_to_set_it_aside_says_to_remove_old_ones() {
    let env = TestEnv::new();
    no_name_to_set_aside(&env);
    env.rejects(
        env.todos(&["undo"]).expect_stderr(
            "error: cannot set [ROOT]/ws/.todos.json aside: \
             [ROOT]/ws/.todos.json.corrupt-20250102-174233 and the next 999 names are all taken\n\
             hint: remove old .corrupt- files of this store, then run todos undo again\n",
        ),
        5,
    );
}
