//! Every view that shows owners marks an ended lease the same way (`@w1 lease ended`): the
//! checklist, the Markdown view, the session-start and stop hooks and `check --hook`.

use crate::support::TestEnv;

const T0: &str = "2025-01-02T17:00:00Z";
const T10: &str = "2025-01-02T17:10:00Z";
const T19: &str = "2025-01-02T17:19:00Z";

fn leased() -> TestEnv {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Schema", "pending:Docs"]);
    env.todos(&["next", "--claim", "--owner", "w1", "--lease", "15m"])
        .env("TODOS_NOW", T0)
        .expect_stdout("  1 [▶] Schema @w1\n")
        .expect_stderr("note: Claimed: 1 \"Schema\". Lease until 2025-01-02T17:15:00+00:00.\n")
        .run()
        .success();
    env
}

fn views(env: &TestEnv, now: &str) -> Vec<String> {
    let run = |args: &[&str], stdin: &str| {
        let done = env
            .todos(args)
            .env("TODOS_NOW", now)
            .stdin(stdin)
            .run_unchecked();
        format!("{}{}", done.stdout, done.stderr)
    };
    vec![
        run(&["show"], ""),
        run(&["show", "--format", "markdown"], ""),
        run(
            &["hook"],
            r#"{"hook_event_name":"SessionStart","source":"startup"}"#,
        ),
        run(&["hook"], r#"{"hook_event_name":"Stop","session_id":"s"}"#),
        run(&["check", "--hook"], ""),
    ]
}

#[test]
fn every_view_that_shows_owners_marks_an_ended_lease() {
    let env = leased();
    for view in views(&env, T10) {
        assert!(view.contains("@w1"), "{view}");
        assert!(!view.contains("lease ended"), "{view}");
    }
    for view in views(&env, T19) {
        assert!(view.contains("@w1 lease ended"), "{view}");
    }
}
