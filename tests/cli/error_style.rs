//! One example of every error class, as a user sees it on stderr: `error: …` saying what is
//! wrong, then `hint: …` saying what to do where there is something to do. The same words go to
//! the JSON envelope. Paths of the temporary workspace are shown as `[WS]`.

use std::fs;

use crate::support::{LOCK, TestEnv, disk_full, send_id_hint, still_open, try_help, update_needs};

/// Runs a command that must be refused with `code`, checks that it changed nothing and that
/// `--json` carries the same message and hint, and returns stderr with `[WS]` for the workspace.
#[track_caller]
fn refused(env: &TestEnv, args: &[&str], code: i32) -> String {
    let done = env.rejects(
        env.todos(args)
            .stderr_varies("compared whole by the caller, with [WS] for the workspace"),
        code,
    );
    let mut json_args = vec!["--json"];
    json_args.extend_from_slice(args);
    // With --json, stderr keeps only the notes printed while the command ran.
    let notes: String = done
        .stderr
        .lines()
        .filter(|line| line.starts_with("note: "))
        .flat_map(|line| [line, "\n"])
        .collect();
    let error = env
        .rejects(
            env.todos(&json_args)
                .stdout_in_parts("the envelope's message and hint are the text run's, below")
                .expect_stderr(notes),
            code,
        )
        .json()["error"]
        .clone();
    let message = error["message"].as_str().expect("a message");
    assert!(
        done.stderr.contains(&format!("error: {message}\n")),
        "{}",
        done.stderr
    );
    match error["hint"].as_str() {
        Some(hint) => {
            assert!(done.stderr.contains(&format!("hint: {hint}\n")));
            in_one_voice(hint);
        }
        None => assert!(!done.stderr.contains("hint:"), "{}", done.stderr),
    }
    in_one_voice(message);
    workspace_as_placeholder(env, &done.stderr)
}

/// Messages and hints are clauses, not sentences: no capital to start, no period to end.
#[track_caller]
fn in_one_voice(text: &str) {
    assert!(!text.starts_with(char::is_uppercase), "{text}");
    assert!(!text.ends_with('.'), "{text}");
}

fn workspace_as_placeholder(env: &TestEnv, text: &str) -> String {
    let ws = env.ws();
    let real = fs::canonicalize(&ws).unwrap_or_else(|_| ws.clone());
    text.replace(&real.display().to_string(), "[WS]")
        .replace(&ws.display().to_string(), "[WS]")
}

#[test]
fn invalid_input_names_every_problem_with_its_path() {
    let env = TestEnv::new();
    let long = "Write the migration that moves every session token to the new table";
    let snapshot = format!(
        r#"{{"summary": "Ship 1.2", "todos": [
            {{"content": "Tag the release", "status": "finished"}},
            {{"content": "{long}", "status": "pending"}},
            {{"content": "Publish", "status": "pending", "priorty": "high"}}]}}"#
    );
    let stderr = refused(&env, &["write", &snapshot], 1);
    insta::assert_snapshot!(stderr, @r#"
    error: the input has 3 problems
      todos[0].status: unknown status "finished"; use one of pending, in_progress, completed, cancelled, failed, blocked, todo, open, not_started, running, active, doing, done, complete, closed, canceled
      todos[1].content: is 67 characters long, the limit is 60; shorten the text to what the step is, and put the detail in "description"; or raise the limit with "max_content_chars" in .todos.config.json or TODOS_MAX_CONTENT_CHARS
      todos[2].priorty: unknown field "priorty"; did you mean "priority"?
    "#);
}

#[test]
fn an_unknown_id_lists_the_ids_there_are() {
    let env = TestEnv::new();
    env.plan(
        "Fix login",
        &["completed:Reproduce", "pending:Patch the check"],
    );
    let stderr = refused(&env, &["update", "9", "completed"], 1);
    insta::assert_snapshot!(stderr, @r#"
    error: id: no item has id "9"
    hint: the ids are 1, 2; run `todos show` to see each item with its id
    "#);
}

/// The plan "Fix login" at revision 2: `Reproduce`, then `Patch the check` added.
fn at_revision_2(env: &TestEnv) {
    env.plan("Fix login", &["pending:Reproduce"]);
    env.todos(&["create", "Patch the check"])
        .expect_stdout(concat!(
            "[0/2] Fix login\n",
            "  1 [ ] Reproduce\n",
            "  2 [ ] Patch the check\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
}

#[test]
fn reopening_without_reopen_gives_the_command_that_does() {
    let env = TestEnv::new();
    env.plan(
        "Fix login",
        &["completed:Reproduce", "pending:Patch the check"],
    );
    let stderr = refused(&env, &["update", "1", "in_progress"], 1);
    insta::assert_snapshot!(stderr, @"
    error: status: item 1 is completed; moving it back to in_progress needs --reopen
    hint: to reopen it, run `todos update 1 in_progress --reopen`
    ");
}

#[test]
fn a_stale_revision_is_a_conflict_with_the_current_one() {
    let env = TestEnv::new();
    at_revision_2(&env);
    let stderr = refused(&env, &["create", "Add a test", "--expect-revision", "1"], 3);
    insta::assert_snapshot!(stderr, @"
    error: the plan is at revision 2, not 1: someone changed it since you read it
    hint: run `todos show` to see the plan as it is now, then retry with --expect-revision 2 if your change still holds
    ");
}

#[test]
fn a_corrupt_store_is_left_alone_with_the_ways_back() {
    let env = TestEnv::new();
    at_revision_2(&env);
    env.write_file(".todos.json", "{\"version\": 1, \"todos\": [\n");
    let stderr = refused(&env, &["show"], 4);
    insta::assert_snapshot!(stderr, @"
    error: [WS]/.todos.json cannot be read as a todos store: EOF while parsing a list at line 2 column 0
    hint: the file was left untouched; run `todos undo` to set it aside and restore the latest revision its history kept, or fix [WS]/.todos.json by hand
    ");
}

#[test]
fn a_held_lock_times_out_as_a_conflict() {
    let env = TestEnv::new();
    env.plan("Fix login", &["pending:Reproduce"]);
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(env.path(LOCK))
        .expect("open the lock file");
    lock.lock().expect("hold the lock");
    let stderr = refused(&env, &["--lock-timeout", "1", "create", "Add a test"], 3);
    drop(lock);
    insta::assert_snapshot!(stderr, @"
    note: waiting for the lock on [WS]/.todos/default.json.lock, held by another todos process
    error: another todos process held the lock on [WS]/.todos/default.json.lock longer than --lock-timeout (1 s)
    hint: try again once it is done, or wait longer with --lock-timeout SECS
    ");
}

#[test]
fn a_request_with_nothing_to_do_is_an_input_error() {
    let env = TestEnv::new();
    env.plan("Fix login", &["pending:Reproduce"]);
    let done = env.rejects(env.todos(&["update"]).stdin(r#"{"id": "1"}"#).expect_stderr(concat!(
            "error: status: is missing; send the new status (pending, in_progress, completed, \
                cancelled, failed or blocked; deleted removes the item), or a content, description, \
                activeForm, priority, owner or blocked_by to change\n",
            send_id_hint!("1"),
        )), 1);
    insta::assert_snapshot!(done.stderr, @r#"
    error: status: is missing; send the new status (pending, in_progress, completed, cancelled, failed or blocked; deleted removes the item), or a content, description, activeForm, priority, owner or blocked_by to change
    hint: send the id and what changes, e.g. {"id": "1", "status": "completed"}
    "#);
    // On the command line, clap itself asks for the missing STATUS or --content.
    env.rejects(
        env.todos(&["update", "1"])
            .expect_stderr(update_needs!("<STATUS|--content <TEXT>|--owner <NAME>|…")),
        2,
    );
}

#[cfg(target_os = "linux")]
#[test]
fn an_unsafe_path_names_the_path_and_what_to_do() {
    let env = TestEnv::new();
    fs::create_dir_all(env.path(".todos.json")).expect("a folder in the store's place");
    let stderr = refused(&env, &["show"], 6);
    insta::assert_snapshot!(stderr, @r"
    error: [WS]/.todos.json is a folder, not a file; todos does not read or write through it
    hint: if this workspace is yours, replace it with a regular file or folder inside the workspace (or remove it), then run the command again
    ");
}

#[test]
fn an_io_failure_is_internal_and_names_what_failed() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let done = env.rejects(
        env.todos(&["show"])
            .stdout_to(full)
            .expect_stderr(disk_full!()),
        5,
    );
    insta::assert_snapshot!(done.stderr, @"error: cannot write the output: No space left on device (os error 28)");
}
