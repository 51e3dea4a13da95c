//! `todos history --follow`: a follower process reads while writer processes write, and sees
//! every revision exactly once, in order, across the history's trims; it ends cleanly on
//! SIGINT and when its reader goes away. Every wait is bounded; the child is killed at the end.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::Value;

use crate::support::{HISTORY, Spawned, TestEnv, still_open};

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
    // A short history, so writers trim (rewrite) it several times while the follower reads
    // (once it holds about 50 lines, then every ten or so). Not shorter: a follower that falls
    // more than `limit` revisions behind finds those between trimmed away (and warns of them),
    // and with 20 one waking late on a loaded machine did, about one run in ten.
    let limit = "40";
    env.plan(
        "Race",
        &["pending:A", "pending:B", "pending:C", "pending:D"],
    );
    let mut child = env
        .todos(&["--json", "history", "--follow"])
        .env("TODOS_HISTORY_LIMIT", limit)
        .spawn();
    let lines = lines(&mut child);
    let follower = Spawned(child);
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
    follower.interrupted(WAIT);
}

#[test]
fn text_lines_then_a_clean_end_when_the_reader_goes_away() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A", "pending:B"]);
    env.todos(&["update", "1", "in_progress"])
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [▶] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    let mut child = env.todos(&["history", "--follow", "--limit", "1"]).spawn();
    let lines = lines(&mut child);
    let mut follower = Spawned(child);
    let first = lines.recv_timeout(WAIT).expect("the kept revision");
    assert!(
        first.starts_with("2  2025-01-02 17:42:33  update  [0/2]  1 pending → in_progress"),
        "{first}"
    );
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] A\n",
            "  2 [ ] B\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    let next = lines.recv_timeout(WAIT).expect("the new revision");
    assert!(next.starts_with("3  "), "{next}");
    assert!(next.ends_with("[1/2]  1 in_progress → completed"), "{next}");
    // The reader goes away: the follower notices while nothing changes, and ends with 0.
    drop(lines);
    std::thread::sleep(Duration::from_millis(50));
    env.todos(&["update", "2", "completed"])
        .expect_stdout(concat!(
            "[2/2] Ship\n",
            "  1 [x] A\n",
            "  2 [x] B\n",
            "All 2 done.\n"
        ))
        .run()
        .success();
    assert_eq!(follower.exit_code(WAIT), Some(0));
}

/// A line no todos wrote: revision 10^15, far beyond any store, with an empty plan.
const PLANTED: &str = "{\"revision\":1000000000000000,\"at\":\"\",\"command\":\"planted\",\"todos\":[],\"next_id\":1}\n";

fn append(env: &TestEnv, text: &str) {
    use std::io::Write as _;
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(env.path(HISTORY))
        .unwrap();
    file.write_all(text.as_bytes()).unwrap();
}

/// The follower's stderr once it is stopped with SIGINT.
fn stopped(follower: Spawned) -> String {
    follower.interrupted(WAIT)
}

/// The revisions of `history`'s lines, oldest first.
fn history_revisions(env: &TestEnv) -> Vec<String> {
    // A reader for the follower's comparison: a planted line earns a warning in some cases and
    // not others, which the tests above check; here only the revisions count.
    let history = env.todos(&["history"]).run_unchecked().success().stdout;
    let mut revisions: Vec<String> = history
        .lines()
        .map(|line| line.split_whitespace().next().unwrap().to_owned())
        .collect();
    revisions.reverse();
    revisions
}

#[test]
fn a_planted_line_is_skipped_as_history_skips_it_and_hides_nothing_after_it() {
    // Far ahead of the store, planted before the follower starts and while it runs; a plan
    // that breaks the rules (an id todos never hands out), while it runs.
    let broken = PLANTED.replace("1000000000000000", "2").replace(
        "\"todos\":[]",
        "\"todos\":[{\"id\":\"x\",\"content\":\"a\",\"status\":\"pending\"}]",
    );
    for (before, planted) in [
        (true, PLANTED.to_owned()),
        (false, PLANTED.to_owned()),
        (false, broken),
    ] {
        let env = TestEnv::new();
        env.plan("Ship", &["pending:A"]);
        if before {
            append(&env, &planted);
        }
        let mut child = env.todos(&["history", "--follow"]).spawn();
        let lines = lines(&mut child);
        let follower = Spawned(child);
        let first = lines.recv_timeout(WAIT).expect("the kept revision");
        assert_eq!(first, "1  2025-01-02 17:42:33  write  [0/1]  1 item");
        if !before {
            append(&env, &planted);
        }
        env.todos(&["-q", "create", "B"]).run().success();
        env.todos(&["-q", "create", "C"]).run().success();
        let mut printed = vec![first];
        printed.extend((0..2).map(|_| lines.recv_timeout(WAIT).expect("the revisions after it")));
        let revisions: Vec<String> = printed
            .iter()
            .map(|line| line.split_whitespace().next().unwrap().to_owned())
            .collect();
        // What the follower printed is what `history` prints, and the planted line is neither.
        assert_eq!(revisions, history_revisions(&env), "{planted}: {printed:?}");
        assert!(
            printed[1].ends_with("create  [0/2]  added 2"),
            "{printed:?}"
        );
        assert!(
            printed[2].ends_with("create  [0/3]  added 3"),
            "{printed:?}"
        );
        let stderr = stopped(follower);
        if before {
            assert_eq!(
                stderr,
                format!(
                    "warning: {} line 2: revision 1000000000000000 is not one the store (at \
                     revision 1) can have had; it was passed over\n",
                    env.path(HISTORY).display()
                )
            );
        }
        assert!(!stderr.contains("left the history"), "{stderr}");
    }
}

/// The CPU time a process has used so far, from /proc (Linux).
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    let hz = Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|out| {
            String::from_utf8_lossy(&out.stdout)
                .trim()
                .parse::<u64>()
                .ok()
        })
        .unwrap_or(100);
    Duration::from_millis(ticks * 1000 / hz)
}

#[test]
fn the_follower_costs_what_is_appended_not_what_the_history_holds() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    // An unfinished last line of 32 MB, then 300 one-byte appends to it, 2 ms apart.
    append(&env, &format!("{{\"pad\":\"{}", "x".repeat(32 << 20)));
    let mut child = env.todos(&["history", "--follow"]).spawn();
    let lines = lines(&mut child);
    let follower = Spawned(child);
    lines.recv_timeout(WAIT).expect("the kept revision");
    let start = cpu_time(follower.0.id());
    for _ in 0..300 {
        append(&env, "x");
        std::thread::sleep(Duration::from_millis(2));
    }
    // A moment for the follower to take in the last bytes, then what it used: reading the line
    // whole once it ends is what the line costs, whenever it was written, and is not measured.
    std::thread::sleep(Duration::from_millis(200));
    let used = cpu_time(follower.0.id()).saturating_sub(start);
    // Rescanning the 32 MB line on every wake took seconds; the bytes added cost next to
    // nothing.
    assert!(used < Duration::from_millis(300), "{used:?}");
    drop(stopped(follower));
}

#[test]
fn a_follower_reads_on_where_the_history_goes() {
    // In a workspace with no `.todos/` yet, the first change makes the folder and the history
    // in it: the follower, watching the root, sees it come and reads it.
    let env = TestEnv::new();
    let mut child = env.todos(&["--json", "history", "--follow"]).spawn();
    let printed = lines(&mut child);
    let follower = Spawned(child);
    env.create_a();
    assert_eq!(
        revision(&printed.recv_timeout(WAIT).expect("revision 1")),
        1
    );
    drop(follower);
    // A workspace of an older todos: the follower reads the history at the old place, and
    // reads on once a change moves it into `.todos/`, each revision once.
    let env = crate::clean_workspace::old_workspace();
    let mut child = env.todos(&["--json", "history", "--follow"]).spawn();
    let printed = lines(&mut child);
    let follower = Spawned(child);
    let first: Vec<u64> = (0..2)
        .map(|_| revision(&printed.recv_timeout(WAIT).expect("a kept revision")))
        .collect();
    assert_eq!(first, [1, 2]);
    env.todos(&["create", "C"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    env.todos(&["create", "D"])
        .expect_stdout(concat!(
            "[0/4] (no summary)\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C\n",
            "  4 [ ] D\n",
            still_open!(4 of 4)
        ))
        .run()
        .success();
    let next: Vec<u64> = (0..2)
        .map(|_| revision(&printed.recv_timeout(WAIT).expect("a new revision")))
        .collect();
    assert_eq!(next, [3, 4]);
    assert!(!env.path(".todos.history.jsonl").exists());
    drop(follower);
}

#[test]
fn a_history_of_many_bad_lines_names_five_and_counts_the_rest_when_followed() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    append(&env, &"garbage\n".repeat(40));
    let mut child = env.todos(&["history", "--follow"]).spawn();
    let lines = lines(&mut child);
    let follower = Spawned(child);
    let first = lines.recv_timeout(WAIT).expect("the kept revision");
    assert_eq!(first, "1  2025-01-02 17:42:33  write  [0/1]  1 item");
    let history = env.path(HISTORY).display().to_string();
    let bad = |line: usize| {
        format!(
            "warning: {history} line {line}: it cannot be read (expected value at line 1 column \
             1); it was passed over\n"
        )
    };
    let mut warnings: String = (2..=6).map(bad).collect();
    warnings.push_str("warning: ");
    warnings.push_str(&history);
    warnings.push_str(": 35 more lines, from line 7 to line 41, were passed over too\n");
    assert_eq!(stopped(follower), warnings);
}
