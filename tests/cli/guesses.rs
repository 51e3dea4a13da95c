//! A newcomer's guesses at the command line: another name for a command runs it, a word that
//! names no command names the one that works, swapped arguments do what was meant, a mistyped
//! list name is named.

use crate::support::{TestEnv, envelope_end, ids_hint, no_item, still_open, try_help};

/// Words a newcomer guesses that are another name for a command run it.
#[test]
fn natural_aliases_run_their_command() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    env.todos(&["add", "B"])
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .run_in_process()
        .success();
    env.todos(&["new", "C"])
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C\n",
            still_open!(3 of 3)
        ))
        .run_in_process()
        .success();
    env.todos(&["ls"])
        .expect_code(0)
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C\n"
        ))
        .run_in_process();
    env.todos(&["rm", "3"]).expect_stdout(concat!("[0/2] Ship\n", "  1 [ ] A\n", "  2 [ ] B\n", still_open!(2 of 2))).expect_stderr("warning: removed open item 3 \"C\" (pending); if it is still needed, `todos undo` brings it back\n").run_in_process().success();
    env.todos(&["delete", "2"])
        .expect_stdout(concat!("[0/1] Ship\n", "  1 [ ] A\n", still_open!(1 of 1))).expect_stderr("warning: removed open item 2 \"B\" (pending); if it is still needed, `todos undo` brings it back\n").run_in_process()
        .success();
    env.todos(&["show"])
        .expect_code(0)
        .expect_stdout(concat!("[0/1] Ship\n", "  1 [ ] A\n"))
        .run_in_process();
}

/// Words that are no command name the exact command that does what was meant, with the ids
/// typed; never clap's nearest command (`list` is not `history`).
#[test]
fn guesses_that_are_no_command_name_the_command_that_works() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A", "pending:B"]);
    for (args, message, hint) in [
        (
            &["done", "2"][..],
            "error: todos has no command 'done'",
            "hint: run `todos update 2 completed` to mark an item completed",
        ),
        (
            &["done", "1", "2"],
            "error: todos has no command 'done'",
            "hint: run `todos update 1 completed && todos update 2 completed` to mark an item completed",
        ),
        (
            &["list"],
            "error: todos has no command 'list'",
            "hint: run `todos show` to print the plan (every list: `todos show --all`)",
        ),
        (
            &["lists"],
            "error: todos has no command 'lists'",
            "hint: run `todos show --all` to print every list",
        ),
        (
            &["start", "1"],
            "error: todos has no command 'start'",
            "hint: run `todos update 1 in_progress` to start an item",
        ),
        (
            &["update", "2", "--status", "completed"],
            "error: `todos update` has no option --status",
            "hint: run `todos update 2 completed`",
        ),
        (
            &["update", "2", "--status"],
            "error: `todos update` has no option --status",
            "hint: run `todos update 2 STATUS`",
        ),
        (
            &["update", "--status=done", "2"],
            "error: `todos update` has no option --status",
            "hint: run `todos update 2 done`",
        ),
        (
            &["update", "2", "--title", "New text"],
            "error: `todos update` has no option --title",
            "hint: run `todos update 2 --content \"New text\"`",
        ),
    ] {
        let done = env.rejects(
            env.todos(args)
                .expect_stderr(format!("{message}\n{hint}\n")),
            2,
        );
        assert!(!done.stderr.contains("history"), "{args:?}");
    }
    // With --json: the same words in the envelope.
    let json = env
        .rejects(
            env.todos(&["--json", "done", "2"]).expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"USAGE\",\"message\":\"todos \
                     has no command 'done'\",\"details\":[],\"hint\":\"run `todos update 2 \
                     completed` to mark an item completed\"},\"text\":\"error: todos has no \
                     command 'done'\",",
                envelope_end!(no workspace),
            )),
            2,
        )
        .json();
    assert_eq!(json["error"]["code"], "USAGE");
    assert_eq!(json["error"]["message"], "todos has no command 'done'");
    assert_eq!(
        json["error"]["hint"],
        "run `todos update 2 completed` to mark an item completed"
    );
    // A word no table knows is clap's as before.
    env.rejects(
        env.todos(&["frobnicate"]).expect_stderr(concat!(
            "error: unrecognized subcommand 'frobnicate'\n",
            "\n",
            "Usage: todos [OPTIONS] <COMMAND>\n",
            "\n",
            try_help!()
        )),
        2,
    );
}

/// `update completed 2`: an id is a number and no status is one, so the swap can only mean
/// `update 2 completed`, and does.
#[test]
fn update_with_status_and_id_swapped_does_what_was_meant() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A", "pending:B"]);
    env.todos(&["update", "completed", "2"])
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [ ] A\n",
            "  2 [x] B\n",
            still_open!(1 of 2)
        ))
        .run_in_process()
        .success();
    // A status word where the id goes, with no number after it, is still refused as before.
    env.rejects(
        env.todos(&["update", "completed", "done"])
            .expect_stderr(concat!(no_item!("id", "completed"), ids_hint!(1, 2))),
        1,
    );
}

/// `-l wbe` beside `web`: reading says so and changes nothing; making the list says so.
#[test]
fn a_mistyped_list_name_is_named() {
    let env = TestEnv::new();
    env.todos(&[
        "-l",
        "web",
        "write",
        "--summary",
        "Site",
        "-t",
        "pending:Page",
    ])
    .expect_stdout(concat!(
        "[0/1] Site\n",
        "  1 [ ] Page\n",
        still_open!(1 of 1)
    ))
    .run()
    .success();
    for args in [
        &["-l", "wbe", "show"][..],
        &["-l", "wbe", "recap"],
        &["-l", "wbe", "update", "1", "completed"],
    ] {
        let done = env.rejects(
            env.todos(args).expect_stderr(concat!(
                "error: no list wbe (did you mean web?)\n",
                "hint: run the command with `-l web`; `todos show --all` prints every list\n"
            )),
            1,
        );
        assert_eq!(
            done.stderr,
            "error: no list wbe (did you mean web?)\n\
             hint: run the command with `-l web`; `todos show --all` prints every list\n",
            "{args:?}"
        );
    }
    env
        .todos(&["-l", "wbe", "create", "x"])
        .expect_stdout(concat!("[0/1] (no summary)\n", "  1 [ ] x\n", still_open!(1 of 1))).expect_stderr("warning: made a new list wbe, beside the list web: if you meant web, run the command again with `-l web`\n").run()
        .success();
    // Now it exists: no more words about it.
    env.todos(&["-l", "wbe", "show"])
        .expect_code(0)
        .expect_stderr("")
        .expect_stdout(concat!("[0/1] (no summary)\n", "  1 [ ] x\n"))
        .run();
    // A name near no list is a new list: only the note that no plan is there yet.
    env.todos(&["-l", "api", "show"])
        .expect_code(0)
        .expect_stderr(format!(
            "note: no plan in {} yet; start one with `todos -l api write --summary TEXT -t STEP…` or `todos -l api create STEP…`\n",
            env.ws().display()
        ))
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n")).run();
}

/// Text left unquoted after a status, `-t` or `--content` gets the hint the quoted near miss
/// gets, not only clap's "unexpected argument".
#[test]
fn unquoted_words_are_answered_as_the_quoted_near_miss_is() {
    let env = TestEnv::new();
    env.plan(
        "Ship",
        &["pending:A", "pending:B", "pending:C", "pending:D"],
    );
    for (args, stderr) in [
        (
            &["update", "2", "in", "progress"][..],
            concat!(
                "error: STATUS: unknown status \"in progress\" (typed as 2 words); did you mean ",
                "\"in_progress\"?\n",
                "hint: run `todos update 2 in_progress`\n"
            ),
        ),
        (
            &["write", "-t", "pending:Fix", "the", "bug"],
            concat!(
                "error: -t takes one argument, but \"pending:Fix the bug\" was typed as 3 words\n",
                "hint: quote the text: `todos write -t \"pending:Fix the bug\"`\n"
            ),
        ),
        (
            &["write", "-t", "pending:Fix", "bug"],
            concat!(
                "error: -t takes one argument, but \"pending:Fix bug\" was typed as 2 words\n",
                "hint: quote the text: `todos write -t \"pending:Fix bug\"`\n"
            ),
        ),
        (
            &["write", "-t", "in", "progress:Fix"],
            concat!(
                "error: -t: unknown status \"in progress\" (typed as 2 words); did you mean ",
                "\"in_progress\"?\n",
                "hint: run `todos write -t in_progress:Fix`\n"
            ),
        ),
        (
            &["update", "4", "--content", "Write", "unit", "tests"],
            concat!(
                "error: --content takes one argument, but \"Write unit tests\" was typed as 3 ",
                "words\n",
                "hint: quote the text: `todos update 4 --content \"Write unit tests\"`\n"
            ),
        ),
        (
            // Two words: the second is taken for the status, and names none.
            &["update", "4", "--content", "Write", "tests"],
            concat!(
                "error: --content takes one argument, but \"Write tests\" was typed as 2 words\n",
                "hint: quote the text: `todos update 4 --content \"Write tests\"`\n"
            ),
        ),
        (
            &["update", "4", "--description", "Flaky", "again"],
            concat!(
                "error: --description takes one argument, but \"Flaky again\" was typed as 2 ",
                "words\n",
                "hint: quote the text: `todos update 4 --description \"Flaky again\"`\n"
            ),
        ),
        (
            &["update", "2", "Fix", "the", "bug"],
            concat!(
                "error: STATUS takes one argument, but \"Fix the bug\" was typed as 3 words\n",
                "hint: quote the text: `todos update 2 --content \"Fix the bug\"`\n"
            ),
        ),
    ] {
        env.rejects(env.todos(args).expect_stderr(stderr), 2);
    }
    env.rejects(
        env.todos(&["--json", "update", "2", "in", "progress"])
            .expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"USAGE\",\"message\":\"STATUS: unknown ",
                "status \\\"in progress\\\" (typed as 2 words); did you mean \\\"in_progress\\\"?\",",
                "\"details\":[],\"hint\":\"run `todos update 2 in_progress`\"},\"text\":",
                "\"error: STATUS: unknown status \\\"in progress\\\" (typed as 2 words); did you ",
                "mean \\\"in_progress\\\"?\",\"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":null,",
                "\"list\":null,\"params_input\":null}}\n"
            )),
        2,
    );
}
