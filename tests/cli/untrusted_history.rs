//! The history is untrusted input (SPEC §6, §9): a line out of order, repeated, far beyond the
//! store, or holding a plan that breaks §3 is passed over with a warning, never restored and
//! never a reason to refuse a change. A revision the history misses is named as missing, and
//! plain `undo` restores the nearest kept one before it.

use serde_json::{Value, json};

use crate::support::{
    HISTORY, TestEnv, kept_revisions_hint, not_kept, restored, still_open, unvouched_hint,
};

/// Revisions 1 and 2: `A`, then `A B`.
fn two_revisions(env: &TestEnv) {
    env.plan("Ship", &["pending:A"]);
    env.todos(&["create", "B"])
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
}

/// Revisions 1 to 3, each one item more: `A`, `A B`, `A B C`.
fn three_revisions(env: &TestEnv) {
    two_revisions(env);
    env.todos(&["create", "C"])
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
}

/// A history line as todos writes one, with `todos` as the plan.
fn line(revision: u64, todos: &Value) -> String {
    json!({"revision": revision, "at": "2025-01-02T17:42:33+00:00", "command": "write",
           "summary": "Planted", "todos": todos, "next_id": 90})
    .to_string()
}

fn planted_plan() -> Value {
    json!([{"id": "7", "content": "Planted", "status": "pending"}])
}

/// What plain `undo` prints when it restores `revision` of "Ship" with `items` (A, B, …)
/// pending, after the warnings `history --json` gave about the history's lines.
fn undone(revision: u64, items: usize, warnings: &[String]) -> (String, String) {
    let listed = ["A", "B", "C"][..items]
        .iter()
        .enumerate()
        .map(|(n, item)| format!("  {} [ ] {item}\n", n + 1))
        .collect::<Vec<_>>()
        .concat();
    let warned = warnings
        .iter()
        .map(|w| format!("warning: {w}\n"))
        .collect::<Vec<_>>()
        .concat();
    (
        format!(
            "[0/{items}] Ship\n{listed}{items} of {items} open — finish them before you wrap up.\n"
        ),
        format!("{warned}note: Restored the plan of revision {revision}.\n"),
    )
}

/// The revisions `history --json` lists, newest first, and its warnings.
fn listed(env: &TestEnv) -> (Vec<u64>, Vec<String>) {
    let json = env
        .todos(&["--json", "history"])
        .stdout_in_parts("the envelope: its revisions and warnings are read from it")
        .run()
        .json();
    let revisions = json["data"]["revisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["revision"].as_u64().unwrap())
        .collect();
    let warnings = json["data"]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_owned())
        .collect();
    (revisions, warnings)
}

fn history_with(env: &TestEnv, before: &[String], after: &[String]) {
    let honest = env.read(HISTORY);
    let mut text = String::new();
    for line in before {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&honest);
    for line in after {
        text.push_str(line);
        text.push('\n');
    }
    env.write_file(HISTORY, text);
}

/// The plan Ship with A to D pending, as a change or a restore prints it.
const FOUR_ITEMS: &str = concat!(
    "[0/4] Ship\n",
    "  1 [ ] A\n",
    "  2 [ ] B\n",
    "  3 [ ] C\n",
    "  4 [ ] D\n",
    still_open!(4 of 4),
);

#[test]
fn a_planted_line_out_of_order_hides_no_revision_wherever_it_stands() {
    for (before, after) in [
        (vec![line(9, &planted_plan())], vec![]),
        (vec![], vec![line(2, &planted_plan())]),
        (
            vec![line(3, &planted_plan())],
            vec![line(1, &planted_plan())],
        ),
    ] {
        let env = TestEnv::new();
        three_revisions(&env);
        history_with(&env, &before, &after);
        let (revisions, warnings) = listed(&env);
        assert_eq!(revisions, [3, 2, 1], "{warnings:?}");
        assert!(
            warnings
                .iter()
                .any(|w| w.contains("out of order") || w.contains("repeats a revision")),
            "{warnings:?}"
        );
        // Plain undo restores the user's revision 2, never the planted plan.
        let (plan, notes) = undone(2, 2, &warnings);
        env.todos(&["undo"])
            .expect_stdout(plan)
            .expect_stderr(notes)
            .run();
        let contents: Vec<Value> = env.store()["todos"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["content"].clone())
            .collect();
        assert_eq!(contents, ["A", "B"]);
    }
}

#[test]
fn a_revision_far_beyond_the_store_never_stops_a_change() {
    for revision in [u64::MAX, (1 << 53) - 1, 1 << 53, 3 + 1_000_001] {
        let env = TestEnv::new();
        three_revisions(&env);
        history_with(&env, &[], &[line(revision, &planted_plan())]);
        let (revisions, warnings) = listed(&env);
        assert_eq!(revisions, [3, 2, 1]);
        assert!(
            warnings
                .iter()
                .any(|w| w.contains(&format!("revision {revision} is not one the store"))),
            "{warnings:?}"
        );
        let done = env
            .todos(&["create", "D"])
            .expect_stdout(FOUR_ITEMS)
            .run()
            .success();
        assert_eq!(env.store()["revision"], 4, "{}", done.stderr);
        env.todos(&["create", "E"])
            .expect_stdout(concat!(
                "[0/5] Ship\n",
                "  1 [ ] A\n",
                "  2 [ ] B\n",
                "  3 [ ] C\n",
                "  4 [ ] D\n",
                "  5 [ ] E\n",
                still_open!(5 of 5)
            ))
            .run()
            .success();
        assert_eq!(env.store()["revision"], 5);
        env.rejects(
            env.todos(&["undo", "--to", &revision.to_string()])
                .expect_stderr(format!(
                    "error: revision {revision} is not kept: the history keeps revisions 1 to 5\n\
                     {kept_revisions_hint}",
                    kept_revisions_hint = kept_revisions_hint!()
                )),
            1,
        );
        env.todos(&["undo"])
            .expect_stdout(FOUR_ITEMS)
            .expect_stderr(restored!(4))
            .run()
            .success();
        assert_eq!(env.store()["todos"].as_array().unwrap().len(), 4);
    }
}

/// Plans that break §3 are never restored, whatever `undo` is asked, and the refusal changes
/// nothing; the history still lists the user's own revisions.
#[test]
fn a_planted_plan_that_breaks_the_rules_is_never_restored() {
    let self_blocked =
        json!([{"id": "1", "content": "A", "status": "pending", "blocked_by": ["1"]}]);
    let twice = json!([
        {"id": "1", "content": "A", "status": "pending"},
        {"id": "1", "content": "B", "status": "pending"}
    ]);
    let control = json!([{"id": "1", "content": "A\u{1b}[2J\u{9b}", "status": "pending"}]);
    let hostile_id = json!([{"id": "1;touch${IFS}/tmp/x;:", "content": "A", "status": "pending"}]);
    let unknown_blocker =
        json!([{"id": "1", "content": "A", "status": "pending", "blocked_by": ["8"]}]);
    let cycle = json!([
        {"id": "1", "content": "A", "status": "pending", "blocked_by": ["2"]},
        {"id": "2", "content": "B", "status": "pending", "blocked_by": ["1"]}
    ]);
    let bad_status = json!([{"id": "1", "content": "A", "status": "evil"}]);
    let empty = json!([{"id": "1", "content": "", "status": "pending"}]);
    for plan in [
        self_blocked,
        twice,
        control,
        hostile_id,
        unknown_blocker,
        cycle,
        bad_status,
        empty,
    ] {
        let env = TestEnv::new();
        three_revisions(&env);
        history_with(&env, &[], &[line(4, &plan)]);
        let (revisions, warnings) = listed(&env);
        assert_eq!(revisions, [3, 2, 1], "{plan}");
        assert!(
            warnings.iter().any(|w| w.contains("line 4")),
            "{plan}: {warnings:?}"
        );
        assert!(
            warnings.iter().all(|w| !w.contains('\u{1b}')),
            "{warnings:?}"
        );
        env.rejects(
            env.todos(&["undo", "--to", "4"])
                .expect_stderr(concat!(not_kept!(4, kept 1 to 3), kept_revisions_hint!())),
            1,
        );
        env.rejects(
            env.todos(&["history", "4"]).expect_stderr(concat!(
                not_kept!(4, kept 1 to 3),
                "hint: run `todos history` to see the kept revisions\n"
            )),
            1,
        );
        // Plain undo from revision 3 restores revision 2, the user's.
        let (restored, notes) = undone(2, 2, &warnings);
        env.todos(&["undo"])
            .expect_stdout(restored)
            .expect_stderr(notes)
            .run();
        assert_eq!(env.store()["todos"].as_array().unwrap().len(), 2, "{plan}");
    }
}

/// Fifty items in progress is a plan no limit allows: written under raised limits, `undo`
/// restores it only under limits that allow it again.
#[test]
fn a_kept_plan_over_the_limits_is_restored_only_under_limits_that_fit() {
    let env = TestEnv::new();
    let fifty: Vec<Value> = (1..=50)
        .map(|n| json!({"content": format!("S{n}"), "status": "in_progress"}))
        .collect();
    let raised = |run: crate::support::Run| {
        run.env("TODOS_MAX_ITEMS", "50")
            .env("TODOS_MAX_IN_PROGRESS", "50")
    };
    raised(env.todos(&["-q", "write"]))
        .stdin(json!({"summary": "Wide", "todos": fifty}).to_string())
        .run()
        .success();
    env.todos(&["-q", "write"])
        .stdin(
            json!({"summary": "Ship", "todos": [{"content": "A", "status": "pending"}]})
                .to_string(),
        )
        .run()
        .success();
    let items: Vec<String> = (0..50).map(|n| format!("todos[{n}]")).collect();
    env.rejects(
        env.todos(&["undo"]).expect_stderr(format!(
            "error: revision 1 cannot be restored: todos: holds 50 items, the limit is 10; remove \
             items or merge small steps into one; or raise the limit with \"max_items\" in \
             .todos.config.json or TODOS_MAX_ITEMS; todos: has 50 items in_progress ({}), at most \
             1 may be; finish or pause the item in progress first (completed, or back to \
             pending); or raise the limit with \"max_in_progress\" in .todos.config.json or \
             TODOS_MAX_IN_PROGRESS\n\
             hint: restore another revision (`todos history` lists them), or raise the limit as \
             said and run undo again\n",
            items.join(", ")
        )),
        1,
    );
    let done = raised(env.todos(&["--json", "undo"]))
        .stdout_in_parts("the envelope: the restored plan's size is read from it")
        .run()
        .success();
    assert_eq!(done.json()["data"]["todos"].as_array().unwrap().len(), 50);
    assert_eq!(env.store()["summary"], "Wide");
}

/// Two kills in a row leave the history without the line the store names: `undo` cannot
/// tell that from a history put in place, so it refuses, saying so; the next change starts a
/// sound history that `undo` follows again.
#[test]
fn undo_over_a_missing_revision_restores_the_nearest_kept_one() {
    let env = TestEnv::new();
    three_revisions(&env);
    env.todos(&["create", "D"])
        .expect_stdout(FOUR_ITEMS)
        .run()
        .success();
    // As a kill after the saves of revisions 3 and 4 leaves it: the history stops at 2.
    let kept: Vec<String> = env
        .read(HISTORY)
        .lines()
        .take(2)
        .map(ToOwned::to_owned)
        .collect();
    env.write_file(HISTORY, kept.join("\n") + "\n");
    env.rejects(
        env.todos(&["undo"]).expect_stderr(concat!(
            "error: revision 3 cannot be restored: the line before revision 4 that the store's \
             chain names is not in [ROOT]/ws/.todos/default.history.jsonl: the history was \
             replaced (git overwrites ignored files on a pull or a checkout), comes from another \
             checkout, or was trimmed; 2 lines of the history cannot be vouched for, and undo \
             restores only what this workspace's own changes wrote\n",
            unvouched_hint!()
        )),
        1,
    );
    // The next change records the revision it replaced: undo and redo follow it.
    env.todos(&["-q", "create", "E"]).run().success();
    env.todos(&["undo"])
        .expect_stdout(FOUR_ITEMS)
        .expect_stderr(restored!(4))
        .run()
        .success();
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 4);
    // With no history at all (kills at the first two changes), undo restores revision 0.
    let env = TestEnv::new();
    two_revisions(&env);
    std::fs::remove_file(env.path(HISTORY)).unwrap();
    env.todos(&["undo"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n",))
        .expect_stderr(concat!(
            "warning: revision 1 is missing from the history (a change was stopped before \
                it recorded it): restored revision 0, the nearest kept before it\n",
            restored!(0),
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"], json!([]));
}
