//! Parallel processes on one store: no change lost, no torn read, the lock waits and times out;
//! parallel `init` runs lose no byte of the user's files.

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::os::unix::process::CommandExt as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use std::{fs, thread};

use crate::support::{LOCK, TestEnv, lock_busy_hint, still_open, waiting_for_lock};

#[track_caller]
fn lock_file(env: &TestEnv) -> File {
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(env.path(LOCK))
        .unwrap()
}

#[test]
fn eight_writers_lose_no_change() {
    let env = TestEnv::new();
    thread::scope(|scope| {
        for writer in 0..8 {
            let env = &env;
            scope.spawn(move || {
                for step in 0..25 {
                    let content = format!("writer {writer} step {step}");
                    env.todos(&["create", &content])
                        .env("TODOS_MAX_ITEMS", "1000")
                        .stdout_varies("the plan, as the racing writers leave it")
                        .stderr_varies("a racing writer may be told it waits for the lock")
                        .run();
                }
            });
        }
    });
    let store = env.store();
    let todos = store["todos"].as_array().unwrap();
    assert_eq!(todos.len(), 200);
    let ids: BTreeSet<&str> = todos
        .iter()
        .map(|item| item["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 200, "every id distinct");
    let contents: BTreeSet<&str> = todos
        .iter()
        .map(|item| item["content"].as_str().unwrap())
        .collect();
    assert_eq!(contents.len(), 200, "every change kept");
    assert_eq!(store["revision"], 200);
    assert_eq!(store["next_id"], 201);
}

#[test]
fn readers_always_see_a_whole_store() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A", "pending:B"]);
    thread::scope(|scope| {
        let env = &env;
        scope.spawn(move || {
            for round in 0..60 {
                let (a, b, plan, reopened) = if round % 2 == 0 {
                    (
                        "completed",
                        "in_progress",
                        concat!(
                            "[1/2] S\n",
                            "  1 [x] A\n",
                            "  2 [▶] B\n",
                            still_open!(1 of 2),
                        ),
                        "",
                    )
                } else {
                    (
                        "in_progress",
                        "pending",
                        concat!(
                            "[0/2] S\n",
                            "  1 [▶] A\n",
                            "  2 [ ] B\n",
                            still_open!(2 of 2),
                        ),
                        "warning: reopened item 1 \"A\": completed → in_progress; if it is finished, \
                         send it as completed\n",
                    )
                };
                env.todos(&[
                    "write",
                    "--summary",
                    "S",
                    "-t",
                    &format!("{a}:A"),
                    "-t",
                    &format!("{b}:B"),
                ])
                .expect_stdout(plan)
                .expect_stderr(reopened)
                .run();
            }
        });
        for _ in 0..120 {
            let json = env
                .todos(&["--json", "show"])
                .stdout_varies("the revision the reader meets the writer at")
                .run()
                .json();
            assert_eq!(json["status"], "success");
            assert_eq!(json["data"]["todos"].as_array().unwrap().len(), 2, "{json}");
        }
    });
}

#[test]
fn a_waiting_writer_says_so_and_goes_on_when_the_lock_is_released() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let lock = lock_file(&env);
    lock.lock().unwrap();
    let started = Instant::now();
    let done = thread::scope(|scope| {
        let writer = scope.spawn(|| {
            env.todos(&["create", "B"])
                .expect_stdout(concat!(
                    "[0/2] S\n",
                    "  1 [ ] A\n",
                    "  2 [ ] B\n",
                    still_open!(2 of 2),
                ))
                .expect_stderr(waiting_for_lock!())
                .run()
        });
        thread::sleep(Duration::from_millis(700));
        lock.unlock().unwrap();
        writer.join().unwrap()
    });
    done.success();
    assert!(started.elapsed() >= Duration::from_millis(700));
    assert_eq!(env.store()["todos"][1]["content"], "B");
}

#[test]
fn lock_timeout_gives_up_with_a_conflict_and_changes_nothing() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let lock = lock_file(&env);
    lock.lock().unwrap();
    let started = Instant::now();
    let done = env.rejects(
        env.todos(&["--lock-timeout", "1", "update", "1", "completed"])
            .expect_stderr(concat!(
                waiting_for_lock!(),
                "error: another todos process held the lock on [ROOT]/ws/.todos/default.json.lock \
                    longer than --lock-timeout (1 s)\n",
                lock_busy_hint!(),
            )),
        3,
    );
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(950),
        "gave up after {waited:?}"
    );
    assert!(
        waited < Duration::from_secs(9),
        "the flag, not the 10 s default, decided: {waited:?}"
    );
    assert!(
        done.stderr
            .contains("error: another todos process held the lock"),
        "{}",
        done.stderr
    );
    assert!(
        done.stderr
            .contains("hint: try again once it is done, or wait longer with --lock-timeout SECS"),
        "{}",
        done.stderr
    );
}

#[test]
fn a_killed_lock_holder_releases_the_lock_at_once() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    // flock(1) holds the lock itself (-o keeps it from the child), like a todos killed mid-change.
    // In a process group of its own, with no stream of the test runner's, so that killing the
    // group ends its `sleep` too and nothing is left holding the runner's output open.
    let mut holder = Command::new("flock")
        .args(["-o", LOCK, "sleep", "60"])
        .current_dir(env.ws())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("flock from util-linux");
    let probe = lock_file(&env);
    let deadline = Instant::now() + Duration::from_secs(10);
    while probe.try_lock().is_ok() {
        probe.unlock().unwrap();
        assert!(Instant::now() < deadline, "flock never took the lock");
        thread::sleep(Duration::from_millis(10));
    }
    // The whole group: flock, and the `sleep` it started.
    let group = format!("-{}", holder.id());
    let killed = Command::new("kill")
        .args(["-KILL", "--", &group])
        .status()
        .unwrap();
    assert!(killed.success());
    holder.wait().unwrap();
    env.todos(&["--lock-timeout", "5", "create", "B"])
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
fn parallel_init_runs_lose_no_byte_of_the_users_files() {
    let env = TestEnv::new();
    let mine = "# My project\n\nRules I wrote myself, with ünïcode.\n";
    env.write_file("CLAUDE.md", mine);
    env.write_file(".claude/settings.json", r#"{"model": "opus"}"#);
    for _round in 0..4 {
        let children: Vec<_> = (0..8)
            .map(|i| {
                let args: &[&str] = if i % 2 == 0 {
                    &[
                        "init",
                        "--agent",
                        "claude",
                        "--hooks",
                        "--lock-timeout",
                        "60",
                    ]
                } else {
                    &["init", "--agent", "codex", "--lock-timeout", "60"]
                };
                env.todos(args).spawn()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert!(output.status.success(), "{output:?}");
        }
    }
    let claude = env.read("CLAUDE.md");
    assert!(
        claude.starts_with(&format!("{mine}\n<!-- todos:begin")),
        "{claude}"
    );
    assert_eq!(claude.matches("<!-- todos:begin").count(), 1, "{claude}");
    assert_eq!(env.read("AGENTS.md").matches("<!-- todos:end").count(), 1);
    let settings: serde_json::Value =
        serde_json::from_str(&env.read(".claude/settings.json")).unwrap();
    assert_eq!(settings["model"], "opus");
    assert_eq!(settings["hooks"]["Stop"].as_array().unwrap().len(), 1);
    let strays: Vec<_> = fs::read_dir(env.ws())
        .unwrap()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().contains("tmp"))
        .collect();
    assert!(strays.is_empty(), "{strays:?}");
}

#[test]
fn changes_racing_refused_ones_in_a_fresh_workspace_all_land() {
    // A refused change that made `.todos/` removes it again; a change that looked at the folder
    // just before must make it again, not fail to open its lock file in it.
    for round in 0..10 {
        let env = TestEnv::new();
        thread::scope(|scope| {
            for writer in 0..6 {
                let env = &env;
                scope.spawn(move || {
                    for _ in 0..5 {
                        env.todos(&["-q", "update", "99", "completed"])
                            .expect_code(1)
                            .stderr_varies("its hint varies with what the plan holds by then")
                            .run();
                    }
                    env.todos(&["-q", "create", &format!("w{writer}")])
                        .stdout_varies("the plan, as the race leaves it")
                        .run();
                });
            }
        });
        assert_eq!(
            env.store()["todos"].as_array().unwrap().len(),
            6,
            "round {round}"
        );
    }
}
