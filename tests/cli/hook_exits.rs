//! A hook exits only with codes its agent reads as "go on" or "block" (SPEC §9): whatever
//! fails, a write of its own output included, it exits 1 ("report it, go on").

use std::fs::OpenOptions;

use crate::support::TestEnv;

fn full() -> std::fs::File {
    OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("open /dev/full")
}

#[test]
fn a_hook_that_cannot_write_its_output_lets_the_agent_go_on() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Write the code"]);
    let stop = r#"{"hook_event_name":"Stop","session_id":"s"}"#;
    let start = r#"{"hook_event_name":"SessionStart","source":"startup"}"#;
    // The stop would block (exit 2) with its reason on stderr; a reason that cannot be written
    // must not block the agent with no reason.
    env.todos(&["hook"])
        .stdin(stop)
        .expect_code(2)
        .expect_stderr(concat!(
            "todos: the one item is still open:\n",
            "  1 [ ] Write the code\n",
            "Finish it before you stop: mark it completed as soon as it is done (todos \
                update ID completed), cancelled when it is no longer needed, failed when \
                you tried and it could not be done, or blocked when it waits on something \
                outside the plan (it stays open). If you need the user's answer first, ask \
                and stop: this reminder comes once per stop.\n",
        ))
        .run()
        .code(2);
    env.todos(&["hook"])
        .stdin(stop)
        .stderr_to(full())
        .expect_code(1)
        .run()
        .code(1);
    env.todos(&["hook"])
        .stdin(start)
        .stdout_to(full())
        .expect_code(1)
        .expect_stderr("error: cannot write the output: No space left on device (os error 28)\n")
        .run()
        .code(1);
    env.todos(&["check", "--hook"])
        .stderr_to(full())
        .expect_code(1)
        .run()
        .code(1);
    env.todos(&["check", "--hook"])
        .stdout_to(full())
        .stderr_to(full())
        .expect_code(1)
        .run()
        .code(1);
    // Any other command still says that the caller did not get its answer.
    env.todos(&["show"])
        .stdout_to(full())
        .expect_code(5)
        .expect_stderr("error: cannot write the output: No space left on device (os error 28)\n")
        .run()
        .code(5);
}

#[test]
fn a_mistyped_hook_command_is_no_block() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Write the code"]);
    for (args, refusal) in [
        (
            &["hook", "--bogus"][..],
            "error: unexpected argument '--bogus' found\n\nUsage: todos hook [OPTIONS]\n\nFor more information, try '--help'.\n",
        ),
        (
            &["-C", ".", "hook", "extra"],
            "error: unexpected argument 'extra' found\n\nUsage: todos hook [OPTIONS]\n\nFor more information, try '--help'.\n",
        ),
        (
            &["check", "--hook", "--stale", "soon"],
            "error: invalid value 'soon' for '--stale <MINUTES>': invalid digit found in string\n\nFor more information, try '--help'.\n",
        ),
        (
            &["--color", "never", "check", "--bogus", "--hook"],
            "error: unexpected argument '--bogus' found\n\nUsage: todos check [OPTIONS]\n\nFor more information, try '--help'.\n",
        ),
        (
            &["--lock-timeout=2", "-q", "hook", "--bogus"],
            "error: unexpected argument '--bogus' found\n\nUsage: todos hook [OPTIONS]\n\nFor more information, try '--help'.\n",
        ),
        (
            &["-l", "a", "-q", "check", "--hook", "--bogus"],
            "error: unexpected argument '--bogus' found\n\nUsage: todos check --hook\n\nFor more information, try '--help'.\n",
        ),
    ] {
        env.rejects(env.todos(args).expect_stderr(refusal), 1);
    }
    // Any other command's usage error stays exit 2.
    env.rejects(
        env.todos(&["show", "--bogus"]).expect_stderr(concat!(
            "error: unexpected argument '--bogus' found\n",
            "\n",
            "Usage: todos show [OPTIONS]\n",
            "\n",
            "For more information, try '--help'.\n"
        )),
        2,
    );
    env.rejects(
        env.todos(&["check", "--bogus"]).expect_stderr(concat!(
            "error: unexpected argument '--bogus' found\n",
            "\n",
            "Usage: todos check [OPTIONS]\n",
            "\n",
            "For more information, try '--help'.\n"
        )),
        2,
    );
}
