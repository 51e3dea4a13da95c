//! `todos show --watch` into a pipe: each new state, then a blank line; a clean exit on
//! SIGTERM and on a closed stdout. Every wait is bounded and the child is killed at the end.

use std::io::{BufRead, BufReader};
use std::process::{ChildStdout, Command};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use crate::support::{Spawned, TestEnv, still_open};

const WAIT: Duration = Duration::from_secs(10);

/// `show --watch` started with its stdout piped to the test.
#[track_caller]
fn start_watch(env: &TestEnv) -> (Spawned, ChildStdout) {
    let mut child = env.todos(&["show", "--watch"]).spawn();
    let stdout = child.stdout.take().expect("piped stdout");
    (Spawned(child), stdout)
}

/// The states the watcher prints, one per message, read on a thread so a test never blocks.
fn states(stdout: ChildStdout) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut state = String::new();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if line.is_empty() {
                if tx.send(std::mem::take(&mut state)).is_err() {
                    break;
                }
            } else {
                state.push_str(&line);
                state.push('\n');
            }
        }
    });
    rx
}

#[track_caller]
fn next(states: &Receiver<String>) -> String {
    states
        .recv_timeout(WAIT)
        .expect("a new state within the time limit")
}

#[test]
fn prints_each_new_state_and_ends_on_sigterm() {
    let env = TestEnv::new();
    env.plan("Ship", &["in_progress:Build", "pending:Test"]);
    let (mut watcher, stdout) = start_watch(&env);
    let states = states(stdout);
    assert_eq!(next(&states), "[0/2] Ship\n  1 [▶] Build\n  2 [ ] Test\n");
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] Build\n",
            "  2 [ ] Test\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    assert_eq!(next(&states), "[1/2] Ship\n  1 [x] Build\n  2 [ ] Test\n");
    env.todos(&["update", "2", "in_progress"])
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] Build\n",
            "  2 [▶] Test\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    assert_eq!(next(&states), "[1/2] Ship\n  1 [x] Build\n  2 [▶] Test\n");
    env.todos(&[
        "write",
        "--summary",
        "Ship",
        "-t",
        "completed:Build",
        "-t",
        "completed:Test",
    ])
    .expect_stdout(concat!(
        "[2/2] Ship\n",
        "  1 [x] Build\n",
        "  2 [x] Test\n",
        "All 2 done.\n"
    ))
    .run()
    .success();
    assert_eq!(next(&states), "[2/2] Ship\n  1 [x] Build\n  2 [x] Test\n");
    let pid = watcher.0.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status();
    if killed.is_ok_and(|status| status.success()) {
        assert_eq!(watcher.exit_code(WAIT), Some(0), "a clean exit on SIGTERM");
    }
    assert!(
        states.recv_timeout(Duration::from_millis(100)).is_err(),
        "no state without a change"
    );
}

#[test]
fn ends_when_its_reader_goes_away_and_creates_nothing() {
    let env = TestEnv::new();
    let (mut watcher, stdout) = start_watch(&env);
    let mut first = String::new();
    let mut reader = BufReader::new(stdout);
    reader.read_line(&mut first).expect("the first state");
    assert_eq!(first, "[0/0] (no summary)\n");
    assert!(
        !env.path(".todos.json").exists(),
        "watching creates nothing"
    );
    drop(reader);
    env.plan("S", &["pending:A"]);
    assert_eq!(
        watcher.exit_code(WAIT),
        Some(0),
        "a clean exit on a closed pipe"
    );
}

#[test]
fn ends_when_its_reader_goes_away_even_while_nothing_changes() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let (mut watcher, stdout) = start_watch(&env);
    let mut first = String::new();
    let mut reader = BufReader::new(stdout);
    reader.read_line(&mut first).expect("the first state");
    drop(reader);
    // No change follows: the watch must notice the closed pipe by itself.
    assert_eq!(
        watcher.exit_code(WAIT),
        Some(0),
        "a clean exit on a closed pipe"
    );
}

/// `show --watch --all`: one view of every list, redrawn when any of them changes, a named list
/// made after the watch began included (`--json`: one envelope a state, one line each).
#[test]
fn watches_every_list_at_once() {
    let env = TestEnv::new();
    env.plan("Main", &["pending:Step"]);
    env.todos(&["-l", "api", "create", "Route"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] Route\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    let mut child = env.todos(&["--json", "show", "--watch", "--all"]).spawn();
    let stdout = child.stdout.take().expect("piped stdout");
    let mut watcher = Spawned(child);
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let lists = |line: String| -> Vec<(String, usize)> {
        let json: serde_json::Value = serde_json::from_str(&line).expect("one envelope a line");
        json["data"]["lists"]
            .as_array()
            .expect("lists")
            .iter()
            .map(|list| {
                let done = list["todos"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|item| item["status"] == "completed")
                    .count();
                (list["list"].as_str().unwrap().to_owned(), done)
            })
            .collect()
    };
    let first = next(&lines);
    // Each redraw is the envelope `show --all --json` prints, headline and all.
    let shown = env
        .todos(&["--json", "show", "--all"])
        .stdout_varies("compared whole with the watch's first redraw")
        .run();
    assert_eq!(format!("{first}\n"), shown.stdout);
    let headline: serde_json::Value = serde_json::from_str(&first).expect("one envelope a line");
    assert_eq!(headline["text"], "2 lists, 2 items in all.");
    let first = lists(first);
    assert_eq!(first, [("default".into(), 0), ("api".into(), 0)]);
    env.todos(&["-l", "api", "update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/1] (no summary)\n",
            "  1 [x] Route\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    assert_eq!(
        lists(next(&lines)),
        [("default".into(), 0), ("api".into(), 1)]
    );
    env.todos(&["-l", "web", "create", "Page"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] Page\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    let third = lists(next(&lines));
    assert_eq!(third.len(), 3, "{third:?}");
    let killed = Command::new("kill")
        .args(["-TERM", &watcher.0.id().to_string()])
        .status();
    assert!(killed.is_ok_and(|status| status.success()));
    assert_eq!(watcher.exit_code(WAIT), Some(0));
}

/// A store that cannot be read is shown as `show` refuses it, the same two lines; the watch goes
/// on, and shows the plan again once the file is whole.
#[test]
fn an_unreadable_store_is_shown_as_show_refuses_it_until_it_is_whole() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    let whole = std::fs::read(env.path(".todos.json")).expect("the store");
    let (_watcher, stdout) = start_watch(&env);
    let states = states(stdout);
    assert_eq!(next(&states), "[0/1] Ship\n  1 [ ] Build\n");
    // Each file is put in place whole, by a rename, so the watch never reads half of one.
    let replace = |bytes: &[u8]| {
        std::fs::write(env.path("next.json"), bytes).expect("the next store");
        std::fs::rename(env.path("next.json"), env.path(".todos.json")).expect("put in place");
    };
    replace(br#"{"todos": 5}"#);
    let refusal = concat!(
        "error: [ROOT]/ws/.todos.json cannot be read as a todos store: invalid type: integer `5`, ",
        "expected a sequence at line 1 column 11\n",
        "hint: the file was left untouched; run `todos undo` to set it aside and restore the ",
        "latest revision its history kept, or fix [ROOT]/ws/.todos.json by hand\n"
    );
    env.todos(&["show"])
        .expect_code(4)
        .expect_stderr(refusal)
        .run();
    let root = env.root().display().to_string();
    assert_eq!(next(&states).replace(&root, "[ROOT]"), refusal);
    replace(&whole);
    assert_eq!(next(&states), "[0/1] Ship\n  1 [ ] Build\n");
}
