//! A hook exits only with codes its agent reads as "go on" or "block" (SPEC §9): whatever
//! fails, a write of its own output included, it exits 1 ("report it, go on").

use std::fs::OpenOptions;

use crate::support::{TestEnv, disk_full, items_still_open, try_help};

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
            items_still_open!(1, listed),
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
        .expect_stderr(disk_full!())
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
        .expect_stderr(disk_full!())
        .run()
        .code(5);
}

/// clap's refusal of an argument the command does not take, over the command's usage line:
/// `unexpected!("--bogus", usage "todos hook [OPTIONS]")`.
macro_rules! unexpected {
    ($arg:literal, usage $usage:literal) => {
        concat!(
            "error: unexpected argument '",
            $arg,
            "' found\n\nUsage: ",
            $usage,
            "\n\n",
            try_help!()
        )
    };
}

#[test]
fn a_mistyped_hook_command_is_no_block() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Write the code"]);
    for (args, refusal) in [
        (
            &["hook", "--bogus"][..],
            unexpected!("--bogus", usage "todos hook [OPTIONS]"),
        ),
        (
            &["-C", ".", "hook", "extra"],
            unexpected!("extra", usage "todos hook [OPTIONS]"),
        ),
        (
            &["check", "--hook", "--stale", "soon"],
            concat!(
                "error: invalid value 'soon' for '--stale <MINUTES>': invalid digit found in \
                 string\n",
                "\n",
                try_help!(),
            ),
        ),
        (
            &["--color", "never", "check", "--bogus", "--hook"],
            unexpected!("--bogus", usage "todos check [OPTIONS]"),
        ),
        (
            &["--lock-timeout=2", "-q", "hook", "--bogus"],
            unexpected!("--bogus", usage "todos hook [OPTIONS]"),
        ),
        (
            &["-l", "a", "-q", "check", "--hook", "--bogus"],
            unexpected!("--bogus", usage "todos check --hook"),
        ),
    ] {
        env.rejects(env.todos(args).expect_stderr(refusal), 1);
    }
    // Any other command's usage error stays exit 2.
    env.rejects(
        env.todos(&["show", "--bogus"])
            .expect_stderr(unexpected!("--bogus", usage "todos show [OPTIONS]")),
        2,
    );
    env.rejects(
        env.todos(&["check", "--bogus"])
            .expect_stderr(unexpected!("--bogus", usage "todos check [OPTIONS]")),
        2,
    );
}
