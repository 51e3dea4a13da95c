//! Every view that shows owners marks an ended lease the same way (`@w1 lease ended`): the
//! checklist, the Markdown view, the session-start and stop hooks and `check --hook`.

use crate::support::{TestEnv, items_still_open};

const T0: &str = "2025-01-02T17:00:00Z";
const T10: &str = "2025-01-02T17:10:00Z";
const T19: &str = "2025-01-02T17:19:00Z";

fn leased() -> TestEnv {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Schema", "pending:Docs"]);
    env.todos(&["next", "--claim", "--owner", "w1", "--lease", "15m"])
        .env("TODOS_NOW", T0)
        .expect_stdout("  1 [▶] Schema @w1\n")
        .expect_stderr("note: Claimed: 1 \"Schema\". Lease until 2025-01-02 17:15:00.\n")
        .run()
        .success();
    env
}

/// Runs every view that shows owners at `now` and compares each whole: w1's item marked
/// `@w1{ended}`.
#[track_caller]
fn views(env: &TestEnv, now: &str, ended: &str) {
    let run = |args: &[&str], stdin: &str| env.todos(args).env("TODOS_NOW", now).stdin(stdin);
    let items = format!("  1 [▶] Schema @w1{ended}\n  2 [ ] Docs\n");
    let finish = "Finish them before you stop: mark each completed as soon as it is done (todos \
                  update ID completed), cancelled when it is no longer needed, failed when you \
                  tried and it could not be done, or blocked when it waits on something outside \
                  the plan (it stays open).";
    run(&["show"], "")
        .expect_stdout(format!("[0/2] Ship\n{items}"))
        .run();
    run(&["show", "--format", "markdown"], "")
        .expect_stdout(format!(
            "## Ship\n\nProgress: 0/2 done\n\n\
             - [ ] **Schema** (in progress) `@w1{ended}`\n- [ ] Docs\n"
        ))
        .run();
    run(
        &["hook"],
        r#"{"hook_event_name":"SessionStart","source":"startup"}"#,
    )
    .expect_stdout(format!(
        "Plan (todos) [0/2] Ship — open items (update with `todos update ID STATUS`):\n{items}"
    ))
    .run();
    run(&["hook"], r#"{"hook_event_name":"Stop","session_id":"s"}"#)
        .expect_code(2)
        .expect_stderr(format!(
            "{items_still_open}{items}{finish} If you need the user's answer first, ask and \
             stop: this reminder comes once per stop.\n",
            items_still_open = items_still_open!(2 of 2, listed)
        ))
        .run();
    run(&["check", "--hook"], "")
        .expect_code(2)
        .expect_stderr(format!(
            "{items_still_open}[0/2] In progress: Schema. Pending: Docs.\n\
             {items}{finish}\n",
            items_still_open = items_still_open!(2 of 2)
        ))
        .run();
}

#[test]
fn every_view_that_shows_owners_marks_an_ended_lease() {
    let env = leased();
    views(&env, T10, "");
    views(&env, T19, " lease ended");
}
