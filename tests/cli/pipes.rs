//! A closed stdout (`todos show | head -1`) ends every command quietly: no panic, exit 0. An
//! output that cannot be written is exit 5; a closed stderr never panics.

use std::fs;
use std::process::Stdio;

use crate::support::{LOCK, TestEnv, disk_full, still_open, unchanged};

/// Runs `args` with stdout a pipe whose reading end is already closed.
#[track_caller]
fn into_closed_pipe(env: &TestEnv, args: &[&str], stdin: Option<&str>) -> (i32, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = env
        .todos(args)
        .into_command()
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let (Some(input), Some(mut pipe)) = (stdin, child.stdin.take()) {
        std::io::Write::write_all(&mut pipe, input.as_bytes()).unwrap();
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn every_command_ends_quietly_on_a_closed_pipe() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A", "pending:B"]);
    let cases: [(&[&str], Option<&str>); 12] = [
        (&["show"], None),
        (&["show", "--format", "markdown"], None),
        (&["show", "--format", "json"], None),
        (&["--json", "show"], None),
        (&["recap"], None),
        (&["create", "C"], None),
        (&["update", "3", "completed"], None),
        (&["write", "--summary", "T"], None),
        (
            &["write"],
            Some(r#"{"todos":[{"content":"A","status":"pending"}]}"#),
        ),
        (&["undo"], None),
        (&["--json", "update", "9", "done"], None),
        (&["--help"], None),
    ];
    for (args, stdin) in cases {
        let (code, stderr) = into_closed_pipe(&env, args, stdin);
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "{args:?}: {stderr}"
        );
        let refused = args.contains(&"9"); // No item 9: the error still ends quietly.
        assert_eq!(code, i32::from(refused), "{args:?}: {stderr}");
    }
}

#[test]
fn show_into_head_exits_quietly() {
    let env = TestEnv::new();
    let many: Vec<String> = (0..3000).map(|i| format!("pending:item {i}")).collect();
    let mut args = vec!["write", "--summary", "Big"];
    for item in &many {
        args.extend(["-t", item.as_str()]);
    }
    env.todos(&args)
        .env("TODOS_MAX_ITEMS", "5000")
        .stdout_in_parts("the 3000-item plan: the test is about show's first line below")
        .run();
    env.todos(&["show"])
        .via(&[
            "bash",
            "-c",
            "\"$0\" \"$@\" | head -1; echo \"exit=${PIPESTATUS[0]}\"",
        ])
        .expect_code(0)
        .expect_stdout(concat!("[0/3000] Big\n", "exit=0\n"))
        .expect_stderr("")
        .run();
}

#[test]
fn a_failure_to_write_the_output_exits_5_and_a_closed_pipe_stays_quiet() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let full = || {
        fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    for args in [
        &["show"][..],
        &["recap"],
        &["--json", "show"],
        &["prompt"],
        &["schema"],
    ] {
        let done = env
            .todos(args)
            .stdout_to(full())
            .expect_code(5)
            .expect_stderr(disk_full!())
            .run();
        assert_eq!(done.code, 5, "{args:?}: {}", done.stderr);
    }
    // A change is made, then its output fails: the change stands, and the refusal says so with
    // its revision, so an agent that retries does not make it twice.
    let done = env
        .todos(&["create", "B"])
        .stdout_to(full())
        .expect_code(5).expect_stderr(concat!("error: cannot write the output: No space left on device (os error 28); the change was saved as revision 2\n", "hint: do not make it again: `todos show` prints the plan as it is now\n")).run();
    assert_eq!(done.code, 5, "{}", done.stderr);
    assert_eq!(
        done.stderr,
        "error: cannot write the output: No space left on device (os error 28); the change was \
         saved as revision 2\n\
         hint: do not make it again: `todos show` prints the plan as it is now\n"
    );
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 2);
    let done = env
        .todos(&["--json", "update", "2", "in_progress"])
        .stdout_to(full())
        .expect_code(5).expect_stderr(concat!("error: cannot write the output: No space left on device (os error 28); the change was saved as revision 3\n", "hint: do not make it again: `todos show` prints the plan as it is now\n")).run();
    assert_eq!(done.code, 5, "{}", done.stderr);
    assert!(
        done.stderr
            .starts_with("error: cannot write the output: No space left on device (os error 28); the change was saved as revision 3\n"),
        "{}",
        done.stderr
    );
    assert_eq!(env.store()["revision"], 3);
    // A change that changed nothing saved nothing: it says no more than a reader.
    let done = env
        .todos(&["update", "2", "in_progress"])
        .stdout_to(full())
        .expect_code(5)
        .expect_stderr(concat!(unchanged!(3), disk_full!()))
        .run();
    assert_eq!(done.code, 5, "{}", done.stderr);
    assert_eq!(done.stderr, concat!(unchanged!(3), disk_full!()));
}

#[test]
fn a_closed_stderr_never_panics() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let closed = || {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        writer
    };
    // An error, a warning and the lock-wait note, each written to a stderr nobody reads.
    let done = env
        .todos(&["write", "-t", "complted:A"])
        .stderr_to(closed())
        .expect_code(1)
        .run();
    assert_eq!(done.code, 1);
    let done = env
        .todos(&["write", "-t", "pending:Z"])
        .stderr_to(closed())
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  2 [ ] Z\n",
            still_open!(1 of 1)
        ))
        .run();
    assert_eq!(done.code, 0);
    let lock = fs::OpenOptions::new()
        .write(true)
        .open(env.path(LOCK))
        .unwrap();
    lock.lock().unwrap();
    let done = env
        .todos(&["--lock-timeout", "1", "create", "C"])
        .stderr_to(closed())
        .expect_code(3)
        .run();
    assert_eq!(done.code, 3, "a panic would be 5: {}", done.stdout);
}
