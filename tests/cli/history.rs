//! The history of a list: every revision kept, listed, printed, restored; trimmed to
//! `history_limit`; an unreadable line passed over; never ahead of the store.

use std::fs;

use serde_json::Value;

use crate::support::{
    HISTORY, TestEnv, envelope_end, items, kept_revisions_hint, not_kept, nothing_to_undo,
    restored, still_open, unvouched_hint,
};

/// The plan of `three_changes`' revision 2, as every command that shows or restores it prints it.
const REVISION_2: &str = concat!(
    "[1/3] Ship\n",
    "  1 [x] Code\n",
    "  2 [ ] Test\n",
    "  3 [ ] Docs\n",
    still_open!(2 of 3)
);

/// The plan of `three_changes`' revision 3, the overwrite.
const REVISION_3: &str = concat!(
    "[1/2] Ship\n",
    "  1 [x] Code\n",
    "  2 [▶] Test\n",
    still_open!(1 of 2)
);

/// Three changes: a plan, a step done, a full overwrite that drops an open item.
#[track_caller]
fn three_changes(env: &TestEnv) {
    env.plan(
        "Ship",
        &["in_progress:Code", "pending:Test", "pending:Docs"],
    );
    env.todos(&["update", "1", "completed"])
        .expect_stdout(REVISION_2)
        .run()
        .success();
    env.todos(&[
        "write",
        "--summary",
        "Ship",
        "-t",
        "completed:Code",
        "-t",
        "in_progress:Test",
    ])
    .expect_stdout(REVISION_3).expect_stderr("warning: dropped open item 3 \"Docs\" (pending); send it again to keep it, or `todos undo`\n").run()
    .success();
}

/// A change after `three_changes`: `create More`, checked whole.
#[track_caller]
fn create_more(env: &TestEnv) {
    env.todos(&["create", "More"])
        .expect_stdout(concat!(
            "[1/3] Ship\n",
            "  1 [x] Code\n",
            "  2 [▶] Test\n",
            "  4 [ ] More\n",
            still_open!(2 of 3)
        ))
        .run();
}

/// The revision of each line of the history file, in file order; every line must be whole.
#[track_caller]
fn recorded_revisions(env: &TestEnv) -> Vec<u64> {
    env.read(HISTORY)
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).expect("every line whole")["revision"]
                .as_u64()
                .expect("a revision")
        })
        .collect()
}

#[test]
fn history_shows_where_an_item_was_dropped_and_undo_to_brings_it_back() {
    let env = TestEnv::new();
    three_changes(&env);
    let listing = env
        .todos(&["history"])
        .expect_stdout(concat!(
            "3  2025-01-02 17:42:33  write   [1/2]  removed 3 \"Docs\" (pending); 2 pending \
                → in_progress\n",
            "2  2025-01-02 17:42:33  update  [1/3]  1 in_progress → completed\n",
            "1  2025-01-02 17:42:33  write   [0/3]  3 items\n",
        ))
        .run()
        .success()
        .stdout;
    insta::assert_snapshot!(listing, @r#"
    3  2025-01-02 17:42:33  write   [1/2]  removed 3 "Docs" (pending); 2 pending → in_progress
    2  2025-01-02 17:42:33  update  [1/3]  1 in_progress → completed
    1  2025-01-02 17:42:33  write   [0/3]  3 items
    "#);
    env.todos(&["history", "2"])
        .expect_stdout(concat!(
            "revision 2 · 2025-01-02 17:42:33 · update\n",
            "[1/3] Ship\n",
            "  1 [x] Code\n",
            "  2 [ ] Test\n",
            "  3 [ ] Docs\n"
        ))
        .run()
        .success();
    let json = env
        .todos(&["--json", "history", "--limit", "1"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"list\":\"default\",\
                 \"revisions\":[{\"revision\":3,\"at\":\"2025-01-02T17:42:33+00:00\",\
                 \"command\":\"write\",\"changes\":\"removed 3 \\\"Docs\\\" (pending); 2 \
                 pending → in_progress\",\"done\":1,\"total\":2}]},\"text\":\"3 kept \
                 revisions of the list default.\",",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(json["data"]["revisions"].as_array().unwrap().len(), 1);
    assert_eq!(json["data"]["revisions"][0]["revision"], 3);

    env.todos(&["undo", "--to", "2"])
        .expect_stdout(REVISION_2)
        .expect_stderr(restored!(2))
        .run()
        .success();
    let store = env.store();
    assert_eq!(store["revision"], 4, "a restore is a new revision");
    assert_eq!(
        items(&store["todos"]),
        [
            ("1".into(), "completed".into(), "Code".into()),
            ("2".into(), "pending".into(), "Test".into()),
            ("3".into(), "pending".into(), "Docs".into())
        ]
    );
    // Ids are never handed out twice: the next new item gets 4.
    env.todos(&["create", "Release"])
        .expect_stdout(concat!(
            "[1/4] Ship\n",
            "  1 [x] Code\n",
            "  2 [ ] Test\n",
            "  3 [ ] Docs\n",
            "  4 [ ] Release\n",
            still_open!(3 of 4)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][3]["id"], "4");
    env.todos(&["history", "--limit", "2"])
        .expect_stdout(concat!(
            "5  2025-01-02 17:42:33  create       [1/4]  added 4\n",
            "4  2025-01-02 17:42:33  undo --to 2  [1/3]  added 3; 2 in_progress → pending\n"
        ))
        .run()
        .success();
}

#[test]
fn a_second_undo_goes_further_back_and_redo_returns() {
    let env = TestEnv::new();
    three_changes(&env);
    let before = items(&env.store()["todos"]);
    env.todos(&["undo"])
        .expect_stdout(REVISION_2)
        .expect_stderr(restored!(2))
        .run()
        .success();
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 3);
    let after_one = items(&env.store()["todos"]);
    env.todos(&["undo"])
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Code\n",
            "  2 [ ] Test\n",
            "  3 [ ] Docs\n",
            still_open!(3 of 3)
        ))
        .expect_stderr(restored!(1))
        .run()
        .success();
    assert_ne!(
        items(&env.store()["todos"]),
        before,
        "a second undo is no redo"
    );
    env.todos(&["redo"])
        .expect_stdout(REVISION_2)
        .expect_stderr(restored!(2))
        .run()
        .success();
    assert_eq!(items(&env.store()["todos"]), after_one);
    env.todos(&["redo"])
        .expect_stdout(REVISION_3)
        .expect_stderr(restored!(3))
        .run()
        .success();
    assert_eq!(items(&env.store()["todos"]), before);
    assert_eq!(env.store()["revision"], 7);
}

#[test]
fn undo_refuses_what_the_history_does_not_keep_and_changes_nothing() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&["undo"])
            .expect_stderr(concat!(nothing_to_undo!(), kept_revisions_hint!())),
        1,
    );
    env.plan("S", &["pending:A"]);
    env.rejects(
        env.todos(&["undo", "--to", "9"])
            .expect_stderr(concat!(not_kept!(9, kept 1 to 1), kept_revisions_hint!())),
        1,
    );
    env.rejects(
        env.todos(&["history", "9"]).expect_stderr(concat!(
            not_kept!(9, kept 1 to 1),
            "hint: run `todos history` to see the kept revisions\n"
        )),
        1,
    );
}

#[test]
fn the_history_keeps_the_latest_history_limit_revisions() {
    let env = TestEnv::new();
    for step in 0..12 {
        let count = step + 1;
        let width = if count < 10 { 1 } else { 2 };
        let listed = (0..count)
            .map(|n| format!("  {:>width$} [ ] step {n}\n", n + 1))
            .collect::<Vec<_>>()
            .concat();
        let open = if count == 1 {
            "1 of 1 open — finish it before you wrap up.".to_owned()
        } else {
            format!("{count} of {count} open — finish them before you wrap up.")
        };
        env.todos(&["create", &format!("step {step}")])
            .env("TODOS_HISTORY_LIMIT", "4")
            .env("TODOS_MAX_ITEMS", "50")
            .expect_stdout(format!("[0/{count}] (no summary)\n{listed}{open}\n"))
            .run();
    }
    let lines = env.read(HISTORY).lines().count();
    assert!(
        (4..=5).contains(&lines),
        "{lines} lines kept for a limit of 4"
    );
    let json = env
        .todos(&["--json", "history"])
        .env("TODOS_HISTORY_LIMIT", "4")
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"list\":\"default\",\
                 \"revisions\":[{\"revision\":12,\"at\":\"2025-01-02T17:42:33+00:00\",\
                 \"command\":\"create\",\"changes\":\"added 12\",\"done\":0,\"total\":12},\
                 {\"revision\":11,\"at\":\"2025-01-02T17:42:33+00:00\",\
                 \"command\":\"create\",\"changes\":\"added 11\",\"done\":0,\"total\":11},\
                 {\"revision\":10,\"at\":\"2025-01-02T17:42:33+00:00\",\
                 \"command\":\"create\",\"changes\":\"added 10\",\"done\":0,\"total\":10},\
                 {\"revision\":9,\"at\":\"2025-01-02T17:42:33+00:00\",\"command\":\"create\",\
                 \"changes\":\"9 items\",\"done\":0,\"total\":9}]},\"text\":\"4 kept \
                 revisions of the list default.\",",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    let revisions: Vec<u64> = json["data"]["revisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["revision"].as_u64().unwrap())
        .collect();
    assert_eq!(revisions, [12, 11, 10, 9]);
    env.write_file(".todos.config.json", r#"{"history_limit": 0}"#);
    env.rejects(env.todos(&["history"]).expect_stderr("error: configuration file [ROOT]/ws/.todos.config.json: key \"history_limit\" is invalid: it must be a whole number of at least 1\n"), 1);
}

#[test]
fn an_unreadable_history_line_is_passed_over_with_a_warning() {
    let env = TestEnv::new();
    three_changes(&env);
    let history = env.read(HISTORY);
    let mut lines: Vec<&str> = history.lines().collect();
    lines[1] = "{\"revision\": 2, \"torn";
    env.write_file(HISTORY, lines.join("\n") + "\n");
    // Line 2 was torn, so line 3's name for the line before it names nothing the history holds:
    // line 1 is listed, marked, and no longer restored (SPEC §9).
    let warned = concat!(
        "warning: [ROOT]/ws/.todos/default.history.jsonl line 2: it cannot be read (EOF while \
         parsing a string at line 1 column 21); it was passed over\n",
        "warning: 1 line of [ROOT]/ws/.todos/default.history.jsonl is not vouched for by the \
         store (marked \"not vouched for\"): an older todos wrote it, or a checkout, a pull or \
         another user put it there; undo restores none of them\n"
    );
    let done = env
        .todos(&["history"])
        .expect_stdout(concat!(
            "3  2025-01-02 17:42:33  write  [1/2]  removed 3 \"Docs\" (pending); 1 in_progress → \
             completed; 2 pending → in_progress\n",
            "1  2025-01-02 17:42:33  write  [0/3]  3 items · not vouched for\n"
        ))
        .expect_stderr(warned)
        .run()
        .success();
    assert_eq!(done.stdout.lines().count(), 2);
    // A change still records itself, and undo restores what chains to the store.
    create_more(&env);
    env.todos(&["undo"])
        .expect_stdout(REVISION_3)
        .expect_stderr(concat!(
            "warning: [ROOT]/ws/.todos/default.history.jsonl line 2: it cannot be read (EOF \
             while parsing a string at line 1 column 21); it was passed over\n",
            restored!(3)
        ))
        .run()
        .success();
    env.rejects(
        env.todos(&["undo", "--to", "1"]).expect_stderr(concat!(
            "error: revision 1 cannot be restored: the line before revision 3 that the store's \
             chain names is not in [ROOT]/ws/.todos/default.history.jsonl: the history was \
             replaced (git overwrites ignored files on a pull or a checkout), comes from another \
             checkout, or was trimmed; 1 line of the history cannot be vouched for, and undo \
             restores only what this workspace's own changes wrote\n",
            unvouched_hint!()
        )),
        1,
    );
}

#[test]
fn a_missing_revision_is_recorded_by_the_next_change() {
    // A process killed between its save and its history line leaves the history behind the
    // store: the next change writes the missing revision first.
    let env = TestEnv::new();
    three_changes(&env);
    let history = env.read(HISTORY);
    let without_last: Vec<&str> = history.lines().take(2).collect();
    env.write_file(HISTORY, without_last.join("\n") + "\n");
    create_more(&env);
    let revisions = recorded_revisions(&env);
    assert_eq!(revisions, [1, 2, 3, 4]);
}

/// The plan is committed, the history is not: `git checkout .todos.json` puts back an older
/// revision while the history holds newer ones. The next change goes past both, so no
/// revision is recorded twice and `undo --to` restores the plan it names.
#[test]
fn a_store_put_back_at_an_older_revision_never_repeats_one() {
    let env = TestEnv::new();
    env.plan("Ship", &["in_progress:Code", "pending:Test"]);
    let checked_in = env.read(".todos.json");
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] Code\n",
            "  2 [ ] Test\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    env.todos(&["update", "2", "in_progress"])
        .expect_stdout(REVISION_3)
        .run()
        .success();
    env.write_file(".todos.json", &checked_in);
    let json = env
        .todos(&["--json", "create", "Docs"])
        .expect_stdout("{\"status\":\"success\",\"data\":{\"summary\":\"Ship\",\
                \"todos\":[{\"id\":\"1\",\"content\":\"Code\",\"status\":\"in_progress\"},\
                {\"id\":\"2\",\"content\":\"Test\",\"status\":\"pending\"},\
                {\"id\":\"3\",\"content\":\"Docs\",\"status\":\"pending\"}],\
                \"recap\":\"[0/3] In progress: Code. Pending: Test; Docs.\",\
                \"revision\":4,\"changed\":true,\"warnings\":[]},\"text\":\"Updated todos: \
                2 pending, 1 in_progress.\",\"stats\":{\"total\":3,\
                \"pending\":2,\"in_progress\":1,\"completed\":0,\"cancelled\":0,\
                \"failed\":0,\"blocked\":0},\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"items\":[\"Docs\"]}}}\n").run()
        .success()
        .json();
    assert_eq!(json["data"]["revision"], 4, "{json}");
    let revisions = recorded_revisions(&env);
    assert_eq!(revisions, [1, 2, 3, 4]);
    // Revisions 2 and 3 do not lead to the store put back at revision 1 (SPEC §9): they are
    // listed, marked, and not restored; undo goes back along the chain, to revision 1.
    env.rejects(
        env.todos(&["undo", "--to", "2"]).expect_stderr(concat!(
            "error: revision 2 cannot be restored: its line in \
             [ROOT]/ws/.todos/default.history.jsonl is not on the chain of lines that leads to \
             the store: a store put back by git, or a line an older todos, a checkout or another \
             user wrote; 2 lines of the history cannot be vouched for, and undo restores only \
             what this workspace's own changes wrote\n",
            unvouched_hint!()
        )),
        1,
    );
    env.todos(&["undo"])
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [▶] Code\n",
            "  2 [ ] Test\n",
            still_open!(2 of 2)
        ))
        .expect_stderr(restored!(1))
        .run()
        .success();
    let store = env.store();
    assert_eq!(store["revision"], 5);
    // Redo goes forward along the chain again: to revision 4, the change made on the
    // checked-in plan.
    env.todos(&["redo"])
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Code\n",
            "  2 [ ] Test\n",
            "  3 [ ] Docs\n",
            still_open!(3 of 3)
        ))
        .expect_stderr(restored!(4))
        .run()
        .success();
    let contents: Vec<String> = items(&env.store()["todos"])
        .into_iter()
        .map(|(_, _, content)| content)
        .collect();
    assert_eq!(contents, ["Code", "Test", "Docs"]);
}

#[test]
fn a_killed_writer_never_leaves_the_history_ahead_of_the_store() {
    use std::process::Stdio;
    use std::time::Duration;
    let env = TestEnv::on_disk();
    for round in 0..40_u64 {
        let mut child = env
            .todos(&["-q", "create", &format!("round {round}")])
            .env("TODOS_MAX_ITEMS", "1000")
            .into_command()
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(round * 97 % 3000));
        let _ = child.kill();
        let _ = child.wait();
        let Ok(store) = fs::read_to_string(env.path(".todos.json")) else {
            continue;
        };
        let store: Value = serde_json::from_str(&store).expect("the store is whole");
        let stored = store["revision"].as_u64().unwrap();
        let history = fs::read_to_string(env.path(HISTORY)).unwrap_or_default();
        let latest = history
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .filter_map(|line| line["revision"].as_u64())
            .max()
            .unwrap_or(0);
        assert!(
            latest <= stored,
            "round {round}: history at {latest}, store at {stored}"
        );
    }
    // After the kills, one whole change leaves the history caught up with the store.
    env.todos(&["create", "last"])
        .env("TODOS_MAX_ITEMS", "1000")
        .stdout_varies("what the killed writers left")
        .run()
        .success();
    let store = env.store();
    let history = env.read(HISTORY);
    let last: Value = serde_json::from_str(history.lines().last().unwrap()).unwrap();
    assert_eq!(last["revision"], store["revision"]);
}

#[test]
fn a_torn_last_line_is_dropped_and_the_history_caught_up() {
    // A write cut short (a full disk, a crash) leaves a last line with no newline: the next
    // change must not glue its line to it.
    let env = TestEnv::new();
    three_changes(&env);
    let history = env.read(HISTORY);
    let last = history.lines().last().unwrap();
    let torn = format!(
        "{}{}",
        &history[..history.len() - last.len() - 1],
        &last[..last.len() / 2]
    );
    env.write_file(HISTORY, &torn);
    create_more(&env);
    let revisions = recorded_revisions(&env);
    assert_eq!(revisions, [1, 2, 3, 4], "revision 3 written again, then 4");
}

#[test]
fn a_history_of_many_bad_lines_names_five_and_counts_the_rest() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let mut history = env.read(HISTORY);
    for _ in 0..40 {
        history.push_str("garbage\n");
    }
    env.write_file(HISTORY, history);
    let bad = |line: usize| {
        format!(
            "warning: [ROOT]/ws/.todos/default.history.jsonl line {line}: it cannot be read \
             (expected value at line 1 column 1); it was passed over\n"
        )
    };
    let mut warnings: String = (2..=6).map(bad).collect();
    warnings.push_str(
        "warning: [ROOT]/ws/.todos/default.history.jsonl: 35 more lines, from line 7 to line \
         41, were passed over too\n",
    );
    env.todos(&["history"])
        .expect_stdout("1  2025-01-02 17:42:33  write  [0/1]  1 item\n")
        .expect_stderr(warnings)
        .run()
        .success();
}

#[test]
fn one_line_past_the_five_named_is_counted_as_one() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let mut history = env.read(HISTORY);
    // A copy of the first line, then five bad ones: the repeated revision is passed over
    // after the bad lines are read, and still named first, in the file's order.
    let first = history.lines().next().unwrap().to_owned();
    history.push_str(&first);
    history.push('\n');
    history.push_str(&"garbage\n".repeat(5));
    env.write_file(HISTORY, history);
    let bad = |line: usize| {
        format!(
            "warning: [ROOT]/ws/.todos/default.history.jsonl line {line}: it cannot be read \
             (expected value at line 1 column 1); it was passed over\n"
        )
    };
    let mut warnings = String::from(
        "warning: [ROOT]/ws/.todos/default.history.jsonl line 1: revision 1 repeats a \
         revision kept elsewhere; it was passed over\n",
    );
    warnings.extend((3..=6).map(bad));
    warnings.push_str(
        "warning: [ROOT]/ws/.todos/default.history.jsonl: 1 more line, line 7, was passed over \
         too\n",
    );
    env.todos(&["history"])
        .expect_stdout("1  2025-01-02 17:42:33  write  [0/1]  1 item\n")
        .expect_stderr(warnings)
        .run()
        .success();
}
