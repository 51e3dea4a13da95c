//! The path every user takes every day (issue 31): one meaning per field, a plan that begins
//! and ends, failures that show, refusals a person can read.

use serde_json::json;

use crate::support::{
    TestEnv, envelope_end, error_paths, input_problems, instructions, json_line, no_summary,
    restored, still_open, unchanged, unknown_status,
};

/// The plan S with A and B pending, as a change or a restore prints it.
const A_AND_B: &str = concat!(
    "[0/2] S\n",
    "  1 [ ] A\n",
    "  2 [ ] B\n",
    still_open!(2 of 2)
);

#[test]
fn a_description_in_update_never_rewords_the_item() {
    let env = TestEnv::new();
    env.plan("Parse", &["pending:Write parser", "pending:Test it"]);
    env.todos(&["update"])
        .stdin(r#"{"taskId":"1","description":"Use serde; handle trailing commas"}"#)
        .expect_stdout(concat!(
            "[0/2] Parse\n",
            "  1 [ ] Write parser\n",
            "  2 [ ] Test it\n",
            still_open!(2 of 2)
        ))
        .run_in_process()
        .success();
    let item = &env.store()["todos"][0];
    assert_eq!(item["content"], "Write parser");
    assert_eq!(item["description"], "Use serde; handle trailing commas");
    // The history names what changed: the description, not a rewording.
    env.todos(&["history"])
        .expect_stdout(concat!(
            "2  2025-01-02 17:42:33  update  [0/2]  1 description\n",
            "1  2025-01-02 17:42:33  write   [0/2]  2 items\n"
        ))
        .run_in_process()
        .success();
    // TaskCreate's description is the description too, even without a subject: refused,
    // with nothing written.
    env.rejects(
        env.todos(&["create"])
            .stdin(r#"{"description":"Only detail"}"#).expect_stderr("error: content: is missing; every item needs its text (content, title, text, step or subject)\n"),
        1,
    );
    // A snapshot item with no other text key still takes it as its text (Gemini CLI).
    env.todos(&["write"])
        .stdin(r#"{"todos":[{"description":"Gemini step","status":"pending"}]}"#)
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  3 [ ] Gemini step\n",
            still_open!(1 of 1),
        ))
        .expect_stderr(concat!(
            no_summary!(),
            "warning: dropped 2 open items: 1 \"Write parser\" (pending), 2 \"Test it\" \
                    (pending); send them again to keep them, or `todos undo`\n",
        ))
        .run_in_process()
        .success();
    assert_eq!(env.store()["todos"][0]["content"], "Gemini step");
}

#[test]
fn create_and_update_take_description_priority_and_active_form() {
    let env = TestEnv::new();
    env.todos(&[
        "create",
        "Fix the parser",
        "--priority",
        "HIGH",
        "--description",
        "Trailing commas too",
    ])
    .expect_stdout(concat!(
        "[0/1] (no summary)\n",
        "  1 [ ] Fix the parser (high priority)\n",
        still_open!(1 of 1)
    ))
    .run_in_process()
    .success();
    let item = &env.store()["todos"][0];
    assert_eq!(
        (&item["priority"], &item["description"]),
        (&json!("high"), &json!("Trailing commas too"))
    );
    env.todos(&[
        "update",
        "1",
        "--priority",
        "low",
        "--description",
        "Only commas",
        "--active-form",
        "Fixing the parser",
    ])
    .expect_stdout(concat!(
        "[0/1] (no summary)\n",
        "  1 [ ] Fix the parser (low priority)\n",
        still_open!(1 of 1)
    ))
    .run_in_process()
    .success();
    let item = &env.store()["todos"][0];
    assert_eq!(item["content"], "Fix the parser");
    assert_eq!(item["priority"], "low");
    assert_eq!(item["description"], "Only commas");
    assert_eq!(item["active_form"], "Fixing the parser");
    // A bad value is named by the option typed, and nothing changes.
    let done = env.rejects(
        env.todos(&["update", "1", "--priority", "hgh"])
            .expect_stderr("error: --priority: unknown priority \"hgh\"; did you mean \"high\"?\n"),
        1,
    );
    assert_eq!(
        done.stderr,
        "error: --priority: unknown priority \"hgh\"; did you mean \"high\"?\n"
    );
    env.rejects(env.todos(&["create", "B", "--priority", "urgent"]).expect_stderr("error: --priority: unknown priority \"urgent\"; use one of critical, high, medium, low\n"), 1);
}

#[test]
fn update_help_fits_in_sixty_lines() {
    let env = TestEnv::new();
    let help = env
        .todos(&["update", "--help"])
        .stdout_in_parts("a help page: its length and flags are checked below")
        .run()
        .stdout;
    assert!(
        help.lines().count() <= 60,
        "{} lines:\n{help}",
        help.lines().count()
    );
    for flag in ["--description", "--priority", "--active-form"] {
        assert!(help.contains(flag), "{help}");
    }
}

#[test]
fn a_new_task_starts_a_new_plan_without_the_old_summary() {
    let env = TestEnv::new();
    env.plan(
        "Ship wc.py with a --lines flag",
        &["completed:Write wc.py", "completed:Add --lines"],
    );
    // Claude Code's snapshot for another task: no summary, no item kept.
    env
        .todos(&["write"])
        .stdin(r#"{"todos":[{"content":"Read the logs","status":"in_progress","activeForm":"Reading"},{"content":"Fix the bug","status":"pending"}]}"#)
        .expect_stdout(concat!(
                "[0/2] (no summary)\n",
                "  3 [▶] Read the logs — Reading\n",
                "  4 [ ] Fix the bug\n",
                still_open!(2 of 2),
            )).expect_stderr(no_summary!()).run_in_process()
        .success();
    assert_eq!(env.store().get("summary"), None);
    // A plan that goes on keeps its summary.
    env.todos(&["write", "--summary", "Fix the crash"])
        .expect_stdout(concat!(
            "[0/2] Fix the crash\n",
            "  3 [▶] Read the logs — Reading\n",
            "  4 [ ] Fix the bug\n",
            still_open!(2 of 2)
        ))
        .run_in_process()
        .success();
    env.todos(&["write"])
        .stdin(r#"{"todos":[{"content":"Read the logs","status":"completed"},{"content":"Fix the bug","status":"in_progress"}]}"#)
        .expect_stdout(concat!("[1/2] Fix the crash\n", "  3 [x] Read the logs\n", "  4 [▶] Fix the bug\n", still_open!(1 of 2))).run_in_process()
        .success();
    assert_eq!(env.store()["summary"], "Fix the crash");
}

#[test]
fn a_summary_can_be_cleared_every_way() {
    for clear in [
        &[
            "write",
            r#"{"summary":null,"todos":[{"content":"A","status":"pending"}]}"#,
        ][..],
        &[
            "write",
            r#"{"summary":"","todos":[{"content":"A","status":"pending"}]}"#,
        ],
        &["write", r#"{"summary":null}"#],
        &["write", "--summary", ""],
        &["write", "--summary", "  ", "-t", "pending:A"],
    ] {
        let env = TestEnv::new();
        env.plan("Old summary", &["pending:A"]);
        env.todos(clear)
            .expect_stdout(concat!(
                "[0/1] (no summary)\n",
                "  1 [ ] A\n",
                still_open!(1 of 1)
            ))
            .run_in_process()
            .success();
        let store = env.store();
        assert_eq!(store.get("summary"), None, "{clear:?}");
        assert_eq!(store["todos"][0]["content"], "A", "{clear:?}");
    }
    // An empty list clears the plan and its summary.
    let env = TestEnv::new();
    env.plan("Old summary", &["completed:A"]);
    env.todos(&["write", "[]"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .run_in_process()
        .success();
    let store = env.store();
    assert_eq!((store.get("summary"), &store["todos"]), (None, &json!([])));
}

#[test]
fn a_finished_plan_with_a_failure_says_so_first() {
    let env = TestEnv::new();
    env.plan(
        "Type-check the project",
        &[
            "completed:A",
            "completed:B",
            "completed:C",
            "completed:D",
            "completed:E",
            "cancelled:F",
            "cancelled:G",
            "failed:Try mypy strict mode",
        ],
    );
    env.todos(&["recap"])
        .expect_stdout("[8/8] Finished, 1 failed: Try mypy strict mode. Cancelled: F; G.\n")
        .run_in_process()
        .success();
    // `check` passes (a failure is a result to report), and says it first.
    env.todos(&["check"])
        .expect_stdout("[8/8] Finished, 1 failed: Try mypy strict mode. Cancelled: F; G.\n")
        .expect_stderr("")
        .expect_code(0)
        .run();
    let done = env
        .todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[8/8] Type-check the project\n",
            "  1 [x] A\n",
            "  2 [x] B\n",
            "  3 [x] C\n",
            "  4 [x] D\n",
            "  5 [x] E\n",
            "  6 [~] F\n",
            "  7 [~] G\n",
            "  8 [!] Try mypy strict mode\n",
            "Finished, 1 of 8 failed.\n"
        ))
        .expect_stderr(unchanged!(1))
        .run_in_process()
        .success();
    assert!(
        done.stdout.ends_with("\nFinished, 1 of 8 failed.\n"),
        "{}",
        done.stdout
    );
}

#[test]
fn a_todo_with_a_colon_is_a_pending_item_unless_it_names_a_status() {
    let env = TestEnv::new();
    env.todos(&[
        "write",
        "--summary",
        "S",
        "-t",
        "Fix bug: null deref",
        "-t",
        "done:Reproduce",
    ])
    .expect_stdout(concat!(
        "[1/2] S\n",
        "  1 [ ] Fix bug: null deref\n",
        "  2 [x] Reproduce\n",
        still_open!(1 of 2)
    ))
    .run_in_process()
    .success();
    // A near miss of a status is a typo, refused with the fix.
    let done = env.rejects(
        env.todos(&["write", "-t", "complted:Reproduce"])
            .expect_stderr(unknown_status!("-t #1", "complted", "completed")),
        1,
    );
    assert_eq!(
        done.stderr,
        unknown_status!("-t #1", "complted", "completed")
    );
}

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn a_repeated_problem_is_one_line_and_a_refusal_fits_twenty() {
    let env = TestEnv::new();
    let long = |n: usize| "x".repeat(83 + n % 2);
    let todos: Vec<_> = (0..14)
        .map(|n| json!({"content": long(n), "status": "pending"}))
        .collect();
    let done = env.rejects(
        env.todos(&["write"])
            .stdin(json!({"todos": todos}).to_string()).expect_stderr(concat!(
                    input_problems!(15),
                    "  todos[0-13].content (14 items): is 83-84 characters long, the limit is \
                        60; shorten the text to what the step is, and put the detail in \"description\"; \
                        or raise the limit with \"max_content_chars\" in .todos.config.json or TODOS_MAX_CONTENT_CHARS\n",
                    "  todos: holds 14 items, the limit is 10; remove items or merge small steps \
                        into one; or raise the limit with \"max_items\" in .todos.config.json or \
                        TODOS_MAX_ITEMS\n",
                )),
        1,
    );
    let lines: Vec<&str> = done.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", done.stderr);
    assert!(
        lines[1].starts_with(
            "  todos[0-13].content (14 items): is 83-84 characters long, the limit is 60;"
        ),
        "{}",
        done.stderr
    );
    // `--json` keeps one entry per path.
    let details: Vec<_> = (0..14)
        .map(|n| {
            json!({
                "path": format!("todos[{n}].content"),
                "message": format!(
                    "is {} characters long, the limit is 60; shorten the text to what the step \
                     is, and put the detail in \"description\"; or raise the limit with \
                     \"max_content_chars\" in .todos.config.json or TODOS_MAX_CONTENT_CHARS",
                    long(n).len()
                ),
            })
        })
        .chain(std::iter::once(json!({
            "path": "todos",
            "message": "holds 14 items, the limit is 10; remove items or merge small steps into \
                        one; or raise the limit with \"max_items\" in .todos.config.json or \
                        TODOS_MAX_ITEMS",
        })))
        .collect();
    let envelope = env
        .rejects(
            env.todos(&["--json", "write"])
                .stdin(json!({"todos": todos}).to_string())
                .expect_stdout(json_line(&json!({
                    "status": "error",
                    "error": {
                        "code": "INVALID_PARAM",
                        "message": "the input has 15 problems",
                        "details": details,
                    },
                    "text": "error: the input has 15 problems",
                    "context": {
                        "cwd": "[ROOT]/ws",
                        "workspace": "[ROOT]/ws",
                        "list": "default",
                        "params_input": {"todos": todos},
                    },
                }))),
            1,
        )
        .json();
    assert_eq!(error_paths(&envelope).len(), 15);
    // Hundreds of different problems still make at most 20 lines.
    let wild: Vec<_> = (0..300)
        .map(|n| json!({"content": "a", "status": "pending", format!("field{n}"): 1}))
        .collect();
    // The first 18 of them, one line each, and a line that counts the rest.
    let wild_refusal: String = std::iter::once(input_problems!(301).to_owned())
        .chain((0..18).map(|n| {
            format!(
                "  todos[{n}].field{n}: unknown field \"field{n}\"; the fields here are id, \
                 content, description, activeForm, priority, blocked_by, owner and status\n"
            )
        }))
        .chain(std::iter::once(
            "  … and 283 more problems (--json lists every one)\n".to_owned(),
        ))
        .collect();
    let done = env.rejects(
        env.todos(&["write"])
            .stdin(json!({"todos": wild}).to_string())
            .expect_stderr(wild_refusal),
        1,
    );
    assert!(done.stderr.lines().count() <= 20, "{}", done.stderr);
    assert!(
        done.stderr
            .contains("more problems (--json lists every one)")
    );
}

#[test]
fn a_bad_status_and_an_unknown_blocker_are_reported_together() {
    let env = TestEnv::new();
    let envelope = env
        .rejects(
            env.todos(&["--json", "write"]).stdin(
                r#"{"todos":[{"content":"a","status":"bogus","blocked_by":["99"]},{"id":"b","content":"b","status":"pending","blocked_by":["98"]}]}"#,
            ).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"the input has 3 problems\",\"details\":[{\"path\":\"todos[0].status\",\
                \"message\":\"unknown status \\\"bogus\\\"; use one of pending, in_progress, \
                completed, cancelled, failed, blocked, todo, open, not_started, running, \
                active, doing, done, complete, closed, canceled\"},\
                {\"path\":\"todos[0].blocked_by[0]\",\"message\":\"\\\"99\\\" names no item\"},\
                {\"path\":\"todos[1].blocked_by[0]\",\"message\":\"\\\"98\\\" names no item; \
                the snapshot's ids are b\"}]},\"text\":\"error: the input has 3 problems\",\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"todos\":[{\"content\":\"a\",\
                \"status\":\"bogus\",\"blocked_by\":[\"99\"]},{\"id\":\"b\",\
                \"content\":\"b\",\"status\":\"pending\",\"blocked_by\":[\"98\"]}]}}}\n"),
            1,
        )
        .json();
    assert_eq!(
        error_paths(&envelope),
        [
            "todos[0].status",
            "todos[0].blocked_by[0]",
            "todos[1].blocked_by[0]"
        ]
    );
}

#[test]
fn dropped_items_are_one_warning_and_quiet_silences_it() {
    let env = TestEnv::new();
    let items: Vec<String> = (1..=60).map(|n| format!("pending:Step {n}")).collect();
    let items: Vec<&str> = items.iter().map(String::as_str).collect();
    env.todos(&["write", "--summary", "Big"])
        .env("TODOS_MAX_ITEMS", "100")
        .expect_stdout(concat!("[0/0] Big\n", "  No todos.\n"))
        .run_in_process()
        .success();
    let mut args = vec!["write", "--summary", "Big"];
    for item in &items {
        args.extend(["-t", item]);
    }
    // The 60 open items, as write and undo print them.
    let listed = (1..=60)
        .map(|n| format!("  {n:>2} [ ] Step {n}\n"))
        .collect::<Vec<_>>()
        .concat();
    let big = format!("[0/60] Big\n{listed}{}", still_open!(60 of 60));
    env.todos(&args)
        .env("TODOS_MAX_ITEMS", "100")
        .expect_stdout(&big)
        .run_in_process();
    let done = env
        .todos(&["write", "[]"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n",))
        .expect_stderr(
            "warning: dropped 60 open items: 1 \"Step 1\" (pending), 2 \"Step 2\" (pending), \
                3 \"Step 3\" (pending), 4 \"Step 4\" (pending), 5 \"Step 5\" (pending) (+55 \
                more); send them again to keep them, or `todos undo`\n",
        )
        .run_in_process()
        .success();
    assert_eq!(
        done.stderr,
        "warning: dropped 60 open items: 1 \"Step 1\" (pending), 2 \"Step 2\" (pending), \
         3 \"Step 3\" (pending), 4 \"Step 4\" (pending), 5 \"Step 5\" (pending) (+55 more); \
         send them again to keep them, or `todos undo`\n"
    );
    env.todos(&["undo"])
        .env("TODOS_MAX_ITEMS", "100")
        .expect_stdout(big)
        .expect_stderr(restored!(2))
        .run_in_process();
    env.todos(&["-q", "write", "[]"])
        .expect_stdout("")
        .expect_stderr("")
        .run_in_process()
        .success();
}

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn undo_walks_back_and_redo_walks_forward_until_another_change() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.todos(&["create", "B"])
        .expect_stdout(A_AND_B)
        .run_in_process()
        .success();
    env.todos(&["create", "C"])
        .expect_stdout(concat!(
            "[0/3] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C\n",
            still_open!(3 of 3)
        ))
        .run_in_process()
        .success();
    let step = |command: &str, note: &str, items: usize| {
        let done = env
            .todos(&["--json", command])
            .stdout_in_parts("the envelope: its items are counted below")
            .run_in_process()
            .json();
        assert_eq!(
            done["data"]["todos"].as_array().map(Vec::len),
            Some(items),
            "{command}: {done}"
        );
        env.todos(&["history", "--limit", "1"])
            .expect_stdout(format!("{note}\n"))
            .run_in_process();
    };
    step(
        "undo",
        "4  2025-01-02 17:42:33  undo --to 2  [0/2]  removed 3 \"C\" (pending)",
        2,
    );
    step(
        "undo",
        "5  2025-01-02 17:42:33  undo --to 1  [0/1]  removed 2 \"B\" (pending)",
        1,
    );
    step(
        "undo",
        "6  2025-01-02 17:42:33  undo --to 0  [0/0]  removed 1 \"A\" (pending); summary cleared",
        0,
    );
    env.rejects(env.todos(&["undo"]).expect_stderr(concat!("error: nothing more to undo: the plan shown is revision 0, the empty plan before the first change\n", "hint: `todos redo` steps forward again\n")), 1);
    step(
        "redo",
        "7  2025-01-02 17:42:33  redo --to 1  [0/1]  added 1; summary",
        1,
    );
    env.todos(&["redo"])
        .expect_stdout(A_AND_B)
        .expect_stderr(restored!(2))
        .run();
    step(
        "redo",
        "9  2025-01-02 17:42:33  redo --to 3  [0/3]  added 3",
        3,
    );
    env.rejects(
        env.todos(&["redo"]).expect_stderr(concat!(
            "error: nothing to redo: no undo was taken back since the last change\n",
            "hint: `todos undo` takes the last change back; `todos redo` then puts it back\n"
        )),
        1,
    );
    // Another change ends the run: nothing to redo after it.
    env.todos(&["undo"])
        .expect_stdout(A_AND_B)
        .expect_stderr(restored!(2))
        .run_in_process()
        .success();
    env.todos(&["create", "D"])
        .expect_stdout(concat!(
            "[0/3] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  4 [ ] D\n",
            still_open!(3 of 3)
        ))
        .run_in_process()
        .success();
    env.rejects(
        env.todos(&["redo"]).expect_stderr(concat!(
            "error: nothing to redo: the last change was not an undo\n",
            "hint: `todos undo` takes the last change back; `todos redo` then puts it back\n"
        )),
        1,
    );
}

#[test]
fn show_and_recap_say_where_no_plan_is() {
    let env = TestEnv::new();
    let note = format!(
        "note: no plan in {} yet; start one with `todos write --summary TEXT -t STEP…` or `todos create STEP…`\n",
        env.ws().display()
    );
    env.todos(&["show"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .expect_stderr(note.clone())
        .run()
        .success();
    env.todos(&["recap"])
        .expect_stdout("[0/0] No todos.\n")
        .expect_stderr(note)
        .run()
        .success();
    env.todos(&["-q", "show"]).expect_stderr("").run().success();
    let json = env
        .todos(&["--json", "recap"])
        .expect_stderr("")
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\"todos\":[],\
                 \"recap\":\"[0/0] No todos.\",\"revision\":0,\"warnings\":[]},\
                 \"text\":\"[0/0] No todos.\",\"stats\":{\"total\":0,\"pending\":0,\
                 \"in_progress\":0,\"completed\":0,\"cancelled\":0,\"failed\":0,\
                 \"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success();
    assert_eq!(json.json()["status"], "success");
    assert!(!env.path(".todos.json").exists(), "show creates nothing");
}

#[test]
fn history_names_every_change() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.todos(&["update", "1", "--priority", "high"])
        .expect_stdout(concat!(
            "[0/1] S\n",
            "  1 [ ] A (high priority)\n",
            still_open!(1 of 1)
        ))
        .run_in_process()
        .success();
    env.todos(&["update", "1", "--description", "More"])
        .expect_stdout(concat!(
            "[0/1] S\n",
            "  1 [ ] A (high priority)\n",
            still_open!(1 of 1)
        ))
        .run_in_process()
        .success();
    env.todos(&["update", "1", "--owner", "w1"])
        .expect_stdout(concat!(
            "[0/1] S\n",
            "  1 [ ] A (high priority) @w1\n",
            still_open!(1 of 1)
        ))
        .run_in_process()
        .success();
    env.todos(&["write", "--summary", ""])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] A (high priority) @w1\n",
            still_open!(1 of 1)
        ))
        .run_in_process()
        .success();
    let history = env
        .todos(&["history"])
        .expect_stdout(concat!(
            "5  2025-01-02 17:42:33  write   [0/1]  summary cleared\n",
            "4  2025-01-02 17:42:33  update  [0/1]  1 @w1\n",
            "3  2025-01-02 17:42:33  update  [0/1]  1 description\n",
            "2  2025-01-02 17:42:33  update  [0/1]  1 priority high\n",
            "1  2025-01-02 17:42:33  write   [0/1]  1 item\n"
        ))
        .run_in_process()
        .success()
        .stdout;
    let changes: Vec<&str> = history
        .lines()
        .map(|line| {
            line.split("  ")
                .filter(|part| !part.is_empty())
                .last()
                .unwrap_or("")
        })
        .collect();
    assert_eq!(
        changes,
        [
            "summary cleared",
            "1 @w1",
            "1 description",
            "1 priority high",
            "1 item"
        ],
        "{history}"
    );
}

/// The plan with one item of each status, as the checklist shows it: its first five items, and
/// (`FIX_LOGIN`) whole as `write` prints it, item 6 waiting on 2.
macro_rules! fix_login {
    () => {
        concat!(
            "[3/6] Fix login\n",
            "  1 [x] Repro\n",
            "  2 [▶] Patch (high priority) @w1\n",
            "  3 [=] Ask Bob\n",
            "  4 [~] Perf\n",
            "  5 [!] Flaky\n",
        )
    };
}
const FIX_LOGIN: &str = concat!(fix_login!(), "  6 [ ] Test ⧗ 2\n", still_open!(3 of 6));

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn no_marker_reads_back_as_another_status_and_markdown_round_trips() {
    let env = TestEnv::new();
    env.todos(&["write"])
        .stdin(concat!(
            r#"{"summary":"Fix login","todos":["#,
            r#"{"content":"Repro","status":"completed"},"#,
            r#"{"content":"Patch","status":"in_progress","priority":"high","owner":"w1"},"#,
            r#"{"content":"Ask Bob","status":"blocked"},"#,
            r#"{"content":"Perf","status":"cancelled"},"#,
            r#"{"content":"Flaky","status":"failed"},"#,
            r#"{"content":"Test","status":"pending","blocked_by":["2"]}]}"#,
        ))
        .expect_stdout(FIX_LOGIN)
        .run_in_process()
        .success();
    let store = env.read(".todos.json");
    let markdown = env
        .todos(&["show", "--format", "markdown"])
        .expect_stdout(concat!(
            "## Fix login\n",
            "\n",
            "Progress: 3/6 done\n",
            "\n",
            "- [x] Repro\n",
            "- [ ] **Patch _(high priority)_** (in progress) `@w1`\n",
            "- [ ] Ask Bob (blocked)\n",
            "- [x] ~~Perf~~ (cancelled)\n",
            "- [x] Flaky (failed)\n",
            "- [ ] Test (waits on: Patch)\n"
        ))
        .run_in_process()
        .success()
        .stdout;
    env.todos(&["write"])
        .stdin(markdown.as_str())
        .expect_stderr(unchanged!(1))
        .expect_stdout(FIX_LOGIN)
        .run_in_process()
        .success();
    assert_eq!(env.read(".todos.json"), store);
    // In a fresh workspace it makes the same items, statuses, priority, owner and summary.
    let other = TestEnv::new();
    other
        .todos(&["write"])
        .stdin(markdown.as_str())
        .expect_stdout(concat!(
            fix_login!(),
            "  6 [ ] Test
",
            still_open!(3 of 6)
        ))
        .run_in_process()
        .success();
    let made = other.store();
    assert_eq!(made["summary"], "Fix login");
    assert_eq!(
        crate::support::items(&made["todos"]),
        crate::support::items(&env.store()["todos"])
    );
    assert_eq!(made["todos"][1]["priority"], "high");
    assert_eq!(made["todos"][1]["owner"], "w1");
    // The checklist's markers, read back as a checklist, keep every status.
    let shown = env
        .todos(&["show"])
        .expect_stdout(concat!(
            fix_login!(),
            "  6 [ ] Test ⧗ 2
"
        ))
        .run_in_process()
        .success()
        .stdout;
    let lines: Vec<String> = shown
        .lines()
        .skip(1)
        .map(|line| {
            line.trim_start()
                .split_once(' ')
                .map_or("", |(_, rest)| rest)
                .to_owned()
        })
        .map(|line| {
            line.split(" (")
                .next()
                .unwrap_or("")
                .split(" @")
                .next()
                .unwrap_or("")
                .split(" ⧗")
                .next()
                .unwrap_or("")
                .to_owned()
        })
        .collect();
    let third = TestEnv::new();
    third
        .todos(&["write"])
        .stdin(lines.join("\n"))
        .expect_stdout(concat!(
            "[3/6] (no summary)\n",
            "  1 [x] Repro\n",
            "  2 [▶] Patch\n",
            "  3 [=] Ask Bob\n",
            "  4 [~] Perf\n",
            "  5 [!] Flaky\n",
            "  6 [ ] Test\n",
            still_open!(3 of 6),
        ))
        .expect_stderr(no_summary!())
        .run_in_process()
        .success();
    let statuses = |store: &serde_json::Value| -> Vec<String> {
        crate::support::items(&store["todos"])
            .into_iter()
            .map(|(_, status, _)| status)
            .collect()
    };
    assert_eq!(statuses(&third.store()), statuses(&env.store()));
}

#[test]
fn init_sets_up_the_agents_the_repository_shows() {
    let env = TestEnv::new();
    env.write_file("CLAUDE.md", "# Project\n");
    std::fs::create_dir_all(env.path(".gemini")).unwrap();
    env.todos(&["init"])
        .expect_stdout(concat!(
            "Set up the agents this repository shows: Claude Code (CLAUDE.md); Gemini \
                CLI (.gemini/); --agent chooses one.\n",
            instructions!(updated "CLAUDE.md"),
            instructions!(created "GEMINI.md"),
        ))
        .run()
        .success();
    assert!(env.read("CLAUDE.md").contains("todos:begin"));
    assert!(env.read("GEMINI.md").contains("todos:begin"));
    assert!(!env.path("AGENTS.md").exists());
    // None shown: AGENTS.md, saying so.
    let bare = TestEnv::new();
    bare.todos(&["init"]).expect_stdout(concat!("No agent's files here (CLAUDE.md, .claude/, .codex/, GEMINI.md, .gemini/): set up AGENTS.md, which most agents read; --agent chooses one.\n", instructions!(created "AGENTS.md"))).run().success();
    assert!(bare.path("AGENTS.md").exists());
    // `init --git` writes git's files only.
    let git = TestEnv::new();
    let made = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(git.ws())
        .env("HOME", git.home())
        .output()
        .expect("git init");
    assert!(made.status.success());
    let json = git
        .todos(&["--json", "init", "--git"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"agent\":null,\"agents\":[],\
                 \"files\":[{\"path\":\".gitattributes\",\"action\":\"created\"},\
                 {\"path\":\".git/config\",\"action\":\"updated\"}]},\"text\":\"Set up: git \
                 merges plans with todos.\",",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    let paths: Vec<&str> = json["data"]["files"]
        .as_array()
        .expect("files")
        .iter()
        .filter_map(|file| file["path"].as_str())
        .collect();
    assert_eq!(paths, [".gitattributes", ".git/config"], "{json}");
    assert!(!git.path("AGENTS.md").exists());
}

#[test]
fn follow_and_watch_end_when_their_workspace_folder_goes() {
    use crate::support::Spawned;
    use std::time::Duration;
    for (args, what, replace) in [
        (&["history", "--follow"][..], "follow", false),
        (&["show", "--watch"], "watch", true),
    ] {
        let env = TestEnv::new();
        env.plan("S", &["pending:A"]);
        let mut running = Spawned(env.todos(args).spawn());
        // The first screen or revision is out: the watch has begun.
        let mut first = [0_u8; 1];
        std::io::Read::read_exact(running.0.stdout.as_mut().expect("stdout"), &mut first)
            .expect("first output");
        let ws = env.ws();
        if replace {
            std::fs::rename(&ws, env.root().join("ws.old")).expect("move the workspace");
            std::fs::create_dir(&ws).expect("a new folder in its place");
        } else {
            std::fs::remove_dir_all(&ws).expect("delete the workspace");
        }
        assert_eq!(
            running.exit_code(Duration::from_secs(15)),
            Some(1),
            "{args:?} ended"
        );
        let mut stderr = String::new();
        std::io::Read::read_to_string(running.0.stderr.as_mut().expect("stderr"), &mut stderr)
            .expect("stderr");
        let why = if replace {
            "was replaced by another folder"
        } else {
            "was deleted"
        };
        assert_eq!(
            stderr,
            format!(
                "error: the workspace folder {} {why}: nothing more to {what}\nhint: run the command again in the workspace you mean\n",
                ws.display()
            )
        );
    }
}
