//! The Markdown completion log: one block per finished plan, in its session's file, written
//! once, never torn, never outside the memory folder.

use std::fs;

use crate::support::{TestEnv, memory_dir_hint, restored, still_open, unreadable_store_hint};

#[test]
fn a_finished_plan_is_logged_once() {
    let env = TestEnv::new();
    env.plan(
        "Fix multi_edit",
        &[
            "in_progress:Fix the overlap check",
            "pending:Update docs",
            "pending:Perf script",
        ],
    );
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/3] Fix multi_edit\n",
            "  1 [x] Fix the overlap check\n",
            "  2 [ ] Update docs\n",
            "  3 [ ] Perf script\n",
            still_open!(2 of 3)
        ))
        .run()
        .success();
    env.todos(&["update", "3", "cancelled"])
        .expect_stdout(concat!(
            "[2/3] Fix multi_edit\n",
            "  1 [x] Fix the overlap check\n",
            "  2 [ ] Update docs\n",
            "  3 [~] Perf script\n",
            still_open!(1 of 3)
        ))
        .run()
        .success();
    assert!(!env.path("memory").exists(), "not finished yet");
    env.todos(&["update", "2", "completed"])
        .env("TODOS_NOW", "2025-01-02T18:00:05+08:00")
        .expect_stdout(concat!(
            "[3/3] Fix multi_edit\n",
            "  1 [x] Fix the overlap check\n",
            "  2 [x] Update docs\n",
            "  3 [~] Perf script\n",
            "All 3 done.\n"
        ))
        .run()
        .success();
    let log = env.read("memory/todos/todoList-20250102-174233.md");
    insta::assert_snapshot!(log, @r"
    # task1-20250102-100005

    Summary: Fix multi_edit

    [2/3] Completed:
    - Fix the overlap check
    - Update docs

    [1/3] Cancelled:
    - ~~Perf script~~
    ");
    // The same finished list again, even with a new summary, is not a second plan.
    env.todos(&[
        "write",
        "--summary",
        "Fix multi_edit v2",
        "-t",
        "completed:Fix the overlap check",
        "-t",
        "completed:Update docs",
        "-t",
        "cancelled:Perf script",
    ])
    .expect_stdout(concat!(
        "[3/3] Fix multi_edit v2\n",
        "  1 [x] Fix the overlap check\n",
        "  2 [x] Update docs\n",
        "  3 [~] Perf script\n",
        "All 3 done.\n"
    ))
    .run()
    .success();
    assert_eq!(env.read("memory/todos/todoList-20250102-174233.md"), log);
    // A second plan in the same session is task 2 in the same file, with a Failed section.
    env.plan("Second", &["completed:One", "failed:Two"]);
    let log = env.read("memory/todos/todoList-20250102-174233.md");
    assert!(log.contains("\n\n# task2-20250102-174233\n\nSummary: Second\n\n[1/2] Completed:\n- One\n\n[1/2] Failed:\n- Two\n"), "{log}");
    assert_eq!(env.store()["session"]["completed_plans"], 2);
}

#[test]
fn a_new_session_variable_starts_a_new_log() {
    let env = TestEnv::new();
    env.todos(&["write", "--summary", "A", "-t", "completed:One"])
        .env("TODOS_SESSION", "alpha")
        .expect_stdout(concat!(
            "[1/1] A\n",
            "  1 [x] One\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    env.todos(&["write", "--summary", "B", "-t", "completed:Two"])
        .env("TODOS_SESSION", "beta")
        .env("TODOS_NOW", "2025-02-01T09:00:00Z")
        .expect_stdout(concat!(
            "[1/1] B\n",
            "  2 [x] Two\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    assert!(
        env.read("memory/todos/todoList-20250102-174233.md")
            .starts_with("# task1-20250102-174233\n")
    );
    assert!(
        env.read("memory/todos/todoList-20250201-090000.md")
            .starts_with("# task1-20250201-090000\n")
    );
    assert_eq!(env.store()["session"]["id"], "beta");
}

#[test]
fn times_are_local_to_tz() {
    let env = TestEnv::new();
    env.todos(&["write", "--summary", "A", "-t", "completed:One"])
        .env("TZ", "Asia/Shanghai")
        .expect_stdout(concat!(
            "[1/1] A\n",
            "  1 [x] One\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    assert!(
        env.path("memory/todos/todoList-20250103-014233.md")
            .exists()
    );
    assert_eq!(env.store()["updated_at"], "2025-01-03T01:42:33+08:00");
}

#[test]
fn a_log_that_cannot_be_written_fails_before_the_store_changes() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:A"]);
    env.write_file("blocker", "a regular file");
    // A file where the log folder goes is refused before anything is written (a log that
    // fails on a full disk is in filesystems.rs).
    env.rejects(
        env.todos(&["update", "1", "completed"])
            .env("TODOS_MEMORY_DIR", "blocker/todos")
            .expect_stderr(concat!(
                "error: [ROOT]/ws/blocker is not a folder; todos does not read or write through \
                        it\n",
                memory_dir_hint!(),
            )),
        6,
    );
    // Once the log can be written, the same change goes through and is logged once.
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/1] S\n",
            "  1 [x] A\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    assert!(
        env.read("memory/todos/todoList-20250102-174233.md")
            .starts_with("# task1-")
    );
}

fn blocks(log: &str) -> Vec<&str> {
    log.lines()
        .filter(|line| line.starts_with("# task"))
        .collect()
}

#[test]
fn a_session_started_in_the_same_second_gets_its_own_log_file() {
    let env = TestEnv::new();
    env.todos(&["write", "--summary", "A", "-t", "completed:One"])
        .env("TODOS_SESSION", "s1")
        .expect_stdout(concat!(
            "[1/1] A\n",
            "  1 [x] One\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    env.todos(&["write", "--summary", "B", "-t", "completed:Two"])
        .env("TODOS_SESSION", "s2")
        .expect_stdout(concat!(
            "[1/1] B\n",
            "  2 [x] Two\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    let first = env.read("memory/todos/todoList-20250102-174233.md");
    let second = env.read("memory/todos/todoList-20250102-174233-2.md");
    assert!(
        first.contains("Summary: A") && !first.contains("Summary: B"),
        "{first}"
    );
    assert!(
        second.starts_with("# task1-20250102-174233\n\nSummary: B\n"),
        "{second}"
    );
    assert_eq!(
        env.store()["session"]["log_file"],
        "todoList-20250102-174233-2.md"
    );
}

#[test]
fn a_failed_save_takes_its_log_block_back() {
    let env = TestEnv::new();
    env.plan("S", &["pending:a"]);
    // Every temporary name this process would take beside the store is taken (in process, so
    // the process id is known): the save fails after the block was written, and takes it back.
    // (The failing save on a full disk is in filesystems.rs.)
    let taken: Vec<String> = (0..100)
        .map(|n| format!(".todos/..todos.json.{}-{n}.todos-tmp", std::process::id()))
        .collect();
    for name in &taken {
        fs::create_dir(env.path(name)).unwrap();
    }
    let before = env.everything();
    let done = env
        .todos(&["update", "1", "completed"])
        .expect_code(5)
        .expect_stderr("error: cannot find a free temporary name beside [ROOT]/ws/.todos.json\n")
        .run_in_process();
    assert_eq!(done.code, 5, "{}", done.stderr);
    assert_eq!(env.everything(), before, "the log block was taken back");
    for name in &taken {
        fs::remove_dir(env.path(name)).unwrap();
    }
    env.todos(&[
        "write",
        "--summary",
        "S",
        "-t",
        "completed:b",
        "-t",
        "completed:c",
    ])
    .expect_stdout(concat!(
        "[2/2] S\n",
        "  2 [x] b\n",
        "  3 [x] c\n",
        "All 2 done.\n"
    ))
    .expect_stderr(
        "warning: dropped open item 1 \"a\" (pending); send it again to keep it, or `todos undo`\n",
    )
    .run()
    .success();
    let log = env.read("memory/todos/todoList-20250102-174233.md");
    assert_eq!(blocks(&log), ["# task1-20250102-174233"]);
    assert!(
        log.contains("- b\n- c\n") && !log.contains("- a\n"),
        "{log}"
    );
}

#[test]
fn a_store_cannot_send_the_log_outside_the_memory_folder() {
    let env = TestEnv::new();
    for log_file in [
        "/tmp/victim.md",
        "../../escape.md",
        "sub/dir.md",
        "notes.txt",
    ] {
        let store = serde_json::json!({
            "version": 1, "revision": 1, "next_id": 2,
            "session": {"id": "s", "started_at": "x", "log_file": log_file, "completed_plans": 0},
            "todos": [{"id": "1", "content": "a", "status": "pending"}]
        });
        env.write_file(".todos.json", store.to_string());
        env.rejects(
            env.todos(&["update", "1", "done"]).expect_stderr(format!(
                "error: [ROOT]/ws/.todos.json cannot be read as a todos store: \
                 session.log_file \"{log_file}\" is not a file name ending in .md\n\
                 {unreadable_store_hint}",
                unreadable_store_hint = unreadable_store_hint!()
            )),
            4,
        );
    }
}

/// `undo` that takes a finished plan back says so under its block: the block stays, one line
/// names the revision that withdrew it; a redo and later changes add nothing twice.
#[test]
fn undo_of_a_finished_plan_withdraws_its_block_in_one_line() {
    let env = TestEnv::new();
    env.plan("Ship", &["in_progress:Build"]);
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/1] Ship\n",
            "  1 [x] Build\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    env.todos(&["undo"])
        .expect_stdout(concat!(
            "[0/1] Ship\n",
            "  1 [▶] Build\n",
            still_open!(1 of 1)
        ))
        .expect_stderr(restored!(1))
        .run()
        .success();
    let log = env.read("memory/todos/todoList-20250102-174233.md");
    assert!(
        log.ends_with(
            "- Build\n\nWithdrawn: task1-20250102-174233 was taken back by revision 3 (undo --to 1).\n"
        ),
        "{log}"
    );
    env.todos(&["undo"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .expect_stderr(restored!(0))
        .run()
        .success();
    env.todos(&["create", "Tag"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  2 [ ] Tag\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    let after = env.read("memory/todos/todoList-20250102-174233.md");
    assert_eq!(after, log, "a redo writes no second block");
}
