//! `todos history --follow`: a follower process reads while writer processes write, and sees
//! every revision exactly once, in order, across the history's trims; it ends cleanly on
//! SIGINT and when its reader goes away. Every wait is bounded; the child is killed at the end.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::Value;

use crate::support::{Spawned, TestEnv};

const WAIT: Duration = Duration::from_secs(20);

/// The lines the follower prints, read on a thread so a test never blocks.
fn lines(child: &mut Child) -> Receiver<String> {
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn revision(line: &str) -> u64 {
    let envelope: Value = serde_json::from_str(line).expect("one envelope a line");
    assert_eq!(envelope["status"], "success", "{line}");
    envelope["data"]["revision"].as_u64().expect("a revision")
}

#[test]
fn a_follower_sees_every_revision_of_concurrent_writers_once_in_order() {
    let env = TestEnv::new();
    // A short history, so writers trim (rewrite) it several times while the follower reads.
    let limit = "20";
    env.plan(
        "Race",
        &["pending:A", "pending:B", "pending:C", "pending:D"],
    );
    let mut child = env
        .todos(&["--json", "history", "--follow"])
        .env("TODOS_HISTORY_LIMIT", limit)
        .spawn();
    let lines = lines(&mut child);
    let mut follower = Spawned(child);
    let mut seen = vec![revision(
        &lines.recv_timeout(WAIT).expect("the kept revision"),
    )];
    let writers: Vec<_> = (1..=4)
        .map(|writer| {
            let runs: Vec<_> = (0..20)
                .map(|round| {
                    env.todos(&[
                        "-q",
                        "update",
                        &writer.to_string(),
                        "--content",
                        &format!("w{writer} r{round}"),
                    ])
                    .env("TODOS_HISTORY_LIMIT", limit)
                })
                .collect();
            std::thread::spawn(move || {
                for run in runs {
                    run.run().success();
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().expect("writer");
    }
    let last = env.store()["revision"].as_u64().expect("revision");
    assert_eq!(last, 81);
    while seen.last() != Some(&last) {
        let line = lines
            .recv_timeout(WAIT)
            .expect("every revision within the time limit");
        seen.push(revision(&line));
    }
    let expected: Vec<u64> = (1..=last).collect();
    assert_eq!(seen, expected, "each revision once, in order");
    // It held no lock: a change goes through while it runs, and shows up.
    env.todos(&["-q", "update", "1", "completed"])
        .arg("--lock-timeout")
        .arg("1")
        .run()
        .success();
    assert_eq!(
        revision(&lines.recv_timeout(WAIT).expect("the next one")),
        last + 1
    );
    let pid = follower.0.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .is_ok_and(|s| s.success())
    );
    assert_eq!(follower.exit_code(WAIT), Some(0));
}

#[test]
fn text_lines_then_a_clean_end_when_the_reader_goes_away() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A", "pending:B"]);
    env.todos(&["update", "1", "in_progress"]).run().success();
    let mut child = env.todos(&["history", "--follow", "--limit", "1"]).spawn();
    let lines = lines(&mut child);
    let mut follower = Spawned(child);
    let first = lines.recv_timeout(WAIT).expect("the kept revision");
    assert!(
        first.starts_with("2  2025-01-02 17:42:33  update  [0/2]  1 pending → in_progress"),
        "{first}"
    );
    env.todos(&["update", "1", "completed"]).run().success();
    let next = lines.recv_timeout(WAIT).expect("the new revision");
    assert!(next.starts_with("3  "), "{next}");
    assert!(next.ends_with("[1/2]  1 in_progress → completed"), "{next}");
    // The reader goes away: the follower notices while nothing changes, and ends with 0.
    drop(lines);
    std::thread::sleep(Duration::from_millis(50));
    env.todos(&["update", "2", "completed"]).run().success();
    assert_eq!(follower.exit_code(WAIT), Some(0));
}
