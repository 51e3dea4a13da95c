//! The rough edges a newcomer met in the first hour (issue 16), each kept fixed.

use crate::support::TestEnv;

#[test]
fn an_empty_summary_flag_is_refused_not_dropped() {
    let env = TestEnv::new();
    env.plan("Fix login", &["pending:Reproduce"]);
    for args in [
        &["write", "--summary", ""][..],
        &["write", "--summary", "  ", "-t", "pending:A"],
    ] {
        let done = env.rejects(env.todos(args), 1);
        assert!(
            done.stderr
                .starts_with("error: --summary is empty\nhint: give the one line"),
            "{}",
            done.stderr
        );
    }
}

#[test]
fn an_empty_plan_says_no_todos_once() {
    let env = TestEnv::new();
    env.plan("Fix login", &["pending:Reproduce"]);
    let done = env.todos(&["write", "[]"]).run().success();
    assert_eq!(done.stdout, "[0/0] Fix login\n  No todos.\n");
}

#[test]
fn the_priority_is_shown() {
    let env = TestEnv::new();
    env.todos(&["write"])
        .stdin(r#"{"summary":"S","todos":[{"content":"Patch","status":"pending","priority":"HIGH"},{"content":"Test","status":"pending"}]}"#)
        .run()
        .success();
    let shown = env.todos(&["show"]).run().success().stdout;
    assert_eq!(
        shown,
        "[0/2] S\n  1 [ ] Patch (high priority)\n  2 [ ] Test\n"
    );
    let markdown = env
        .todos(&["show", "--format", "markdown"])
        .run()
        .success()
        .stdout;
    assert!(
        markdown.contains("- [ ] Patch _(high priority)_\n"),
        "{markdown}"
    );
}

#[test]
fn json_and_markdown_at_once_is_a_usage_error() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let done = env.rejects(env.todos(&["--json", "show", "--format", "markdown"]), 2);
    let envelope = done.json();
    assert_eq!(envelope["error"]["code"], "USAGE");
    assert!(
        envelope["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("choose one")),
        "{envelope}"
    );
    let done = env.rejects(
        env.todos(&["--json", "show", "--watch", "--format", "markdown"]),
        2,
    );
    assert_eq!(done.json()["error"]["code"], "USAGE");
    // The formats that agree with --json still run.
    env.todos(&["--json", "show", "--format", "json"])
        .run()
        .success();
}

#[test]
fn only_the_top_level_has_a_version_flag() {
    let env = TestEnv::new();
    let version = env.todos(&["-V"]).run().success().stdout;
    assert!(version.starts_with("todos "), "{version}");
    for command in env.subcommands() {
        // A hook's usage error is no block (exit 1, hook_exits.rs).
        let code = if command == "hook" { 1 } else { 2 };
        env.rejects(env.todos(&[&command, "-V"]), code);
        let help = env.todos(&[&command, "--help"]).run().success().stdout;
        assert!(!help.contains("--version"), "{command}: {help}");
    }
}

#[test]
fn update_help_says_when_its_arguments_are_needed() {
    let env = TestEnv::new();
    let help = env.todos(&["update", "-h"]).run().success().stdout;
    let arguments: Vec<&str> = help
        .lines()
        .skip_while(|line| *line != "Arguments:")
        .take_while(|line| !line.is_empty())
        .collect();
    // clap wraps the help to the terminal: compare words, not lines.
    let arguments = arguments
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        arguments.contains("Needed, unless the whole request comes as JSON on stdin"),
        "{arguments}"
    );
    assert!(
        arguments.contains("Needed, unless --content changes the text alone"),
        "{arguments}"
    );
}

#[test]
fn a_revision_ahead_of_the_plan_is_not_called_a_change_since_reading() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.todos(&["create", "B"]).run().success();
    let done = env.rejects(
        env.todos(&["update", "1", "completed", "--expect-revision", "99"]),
        3,
    );
    assert!(
        done.stderr.starts_with(
            "error: the plan is at revision 2, not 99: revision 99 does not exist yet, so no command read it\n"
        ),
        "{}",
        done.stderr
    );
    assert!(
        done.stderr.contains("--expect-revision 2"),
        "{}",
        done.stderr
    );
    assert!(!done.stderr.contains("changed it since"), "{}", done.stderr);
    let behind = env.rejects(
        env.todos(&["update", "1", "completed", "--expect-revision", "1"]),
        3,
    );
    assert!(
        behind
            .stderr
            .contains("someone changed it since you read it"),
        "{}",
        behind.stderr
    );
}

/// Revision 0 is the plan before any change: `undo` right after the first change restores
/// it, and a second `undo` brings the first change back.
#[test]
fn undo_after_the_first_change_restores_the_empty_plan() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let done = env.todos(&["undo"]).run().success();
    assert!(
        done.stderr
            .contains("Restored revision 0, the empty plan before the first change."),
        "{}",
        done.stderr
    );
    assert_eq!(env.store()["todos"], serde_json::json!([]));
    assert_eq!(env.store()["revision"], 2);
    assert!(env.store().get("summary").is_none(), "{}", env.store());
    env.todos(&["undo"]).run().success();
    assert_eq!(env.store()["todos"][0]["content"], "A");
    assert_eq!(env.store()["summary"], "S");
    env.todos(&["undo", "--to", "0"]).run().success();
    env.todos(&["create", "B"]).run().success();
    assert_eq!(env.store()["todos"][0]["id"], "2", "ids never go back");
}

#[test]
fn init_help_shows_the_marker_init_writes() {
    let env = TestEnv::new();
    let help = env.todos(&["init", "--help"]).run().success().stdout;
    // The help's `<!-- todos:begin … -->`, with … standing for the rest of the line.
    let shown = help
        .split('`')
        .find(|part| part.starts_with("<!-- todos:begin"))
        .unwrap_or_else(|| panic!("no begin marker in {help}"));
    let (head, tail) = shown.split_once('…').expect("an ellipsis in the marker");
    env.todos(&["init"]).run().success();
    let written = env.read("AGENTS.md");
    let line = written
        .lines()
        .find(|line| line.starts_with("<!-- todos:begin"))
        .expect("a begin marker");
    assert!(
        line.starts_with(head.trim_end()) && line.ends_with(tail.trim_start()),
        "{shown:?} vs {line:?}"
    );
    assert!(written.contains("\n<!-- todos:end -->"), "{written}");
    assert!(help.contains("`<!-- todos:end -->`"), "{help}");
}

// ---- A second newcomer's hour (issue 24) ----

/// Words a newcomer guesses that are another name for a command run it.
#[test]
fn natural_aliases_run_their_command() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let added = env.todos(&["add", "B"]).run_in_process().success();
    assert!(added.stdout.contains("  2 [ ] B\n"), "{}", added.stdout);
    env.todos(&["new", "C"]).run_in_process().success();
    let shown = env.todos(&["ls"]).run_in_process().success();
    assert_eq!(
        shown.stdout,
        "[0/3] Ship\n  1 [ ] A\n  2 [ ] B\n  3 [ ] C\n"
    );
    env.todos(&["rm", "3"]).run_in_process().success();
    env.todos(&["delete", "2"]).run_in_process().success();
    let shown = env.todos(&["show"]).run_in_process().success();
    assert_eq!(shown.stdout, "[0/1] Ship\n  1 [ ] A\n");
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
        let done = env.rejects(env.todos(args), 2);
        assert_eq!(done.stderr, format!("{message}\n{hint}\n"), "{args:?}");
        assert!(!done.stderr.contains("history"), "{args:?}");
    }
    // With --json: the same words in the envelope.
    let json = env.rejects(env.todos(&["--json", "done", "2"]), 2).json();
    assert_eq!(json["error"]["code"], "USAGE");
    assert_eq!(json["error"]["message"], "todos has no command 'done'");
    assert_eq!(
        json["error"]["hint"],
        "run `todos update 2 completed` to mark an item completed"
    );
    // A word no table knows is clap's as before.
    let done = env.rejects(env.todos(&["frobnicate"]), 2);
    assert!(
        done.stderr
            .starts_with("error: unrecognized subcommand 'frobnicate'")
    );
}

/// `update completed 2`: an id is a number and no status is one, so the swap can only mean
/// `update 2 completed`, and does.
#[test]
fn update_with_status_and_id_swapped_does_what_was_meant() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A", "pending:B"]);
    let done = env
        .todos(&["update", "completed", "2"])
        .run_in_process()
        .success();
    assert!(done.stdout.contains("  2 [x] B\n"), "{}", done.stdout);
    // A status word where the id goes, with no number after it, is still refused as before.
    env.rejects(env.todos(&["update", "completed", "done"]), 1);
}

#[test]
fn help_of_help_is_the_help() {
    let env = TestEnv::new();
    let help = env.todos(&["help", "--help"]).run().success();
    let top = env.todos(&["--help"]).run().success();
    assert_eq!(help.stdout, top.stdout);
}

/// A refusal of `update`'s options names the option typed, with its value, not the field of
/// the JSON form it became.
#[test]
fn update_refusals_name_the_flag_typed() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A", "pending:B", "pending:C"]);
    let done = env.rejects(env.todos(&["update", "3", "--blocked-by", "3"]), 1);
    assert_eq!(
        done.stderr,
        "error: --blocked-by 3: \"3\" is this item itself; an item cannot wait on itself\n\
         hint: the ids are 1, 2, 3; run `todos show` to see each item with its id\n"
    );
    let done = env.rejects(
        env.todos(&["update", "3", "--blocked-by", "1", "--blocked-by", "9"]),
        1,
    );
    assert!(
        done.stderr
            .starts_with("error: --blocked-by 9: no item has id \"9\"\n"),
        "{}",
        done.stderr
    );
    let done = env.rejects(env.todos(&["update", "3", "--owner", "two words"]), 1);
    assert!(
        done.stderr
            .starts_with("error: --owner: \"two words\" is not an owner name"),
        "{}",
        done.stderr
    );
    // JSON on stdin keeps its own field names.
    let done = env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"taskId": "3", "addBlockedBy": ["3"]}"#),
        1,
    );
    assert!(
        done.stderr.starts_with("error: addBlockedBy[0]: "),
        "{}",
        done.stderr
    );
}

/// `-t` is counted as the user typed them (`-t #2`), and one without a status is pending.
#[test]
fn args_form_names_the_t_typed_and_takes_no_status_as_pending() {
    let env = TestEnv::new();
    let done = env.rejects(
        env.todos(&[
            "write",
            "--summary",
            "S",
            "-t",
            "pending:A",
            "-t",
            "bogus:B",
        ]),
        1,
    );
    assert!(
        done.stderr
            .starts_with("error: -t #2: unknown status \"bogus\""),
        "{}",
        done.stderr
    );
    let done = env
        .todos(&[
            "write",
            "--summary",
            "S",
            "-t",
            "Do a thing",
            "-t",
            "completed:Read",
        ])
        .run_in_process()
        .success();
    assert_eq!(
        done.stdout,
        "[1/2] S\n  1 [ ] Do a thing\n  2 [x] Read\n1 of 2 open — finish it before you wrap up.\n"
    );
}

#[test]
fn an_unknown_id_is_listed_once() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A", "pending:B", "pending:C"]);
    let done = env.rejects(env.todos(&["remove", "9"]), 1);
    assert_eq!(
        done.stderr,
        "error: ID: no item has id \"9\"\n\
         hint: the ids are 1, 2, 3; run `todos show` to see each item with its id\n"
    );
    env.todos(&["remove", "2", "3"]).run_in_process().success();
    let done = env.rejects(env.todos(&["remove", "9"]), 1);
    assert!(
        done.stderr
            .ends_with("hint: the one id is 1; run `todos show` to see each item with its id\n"),
        "{}",
        done.stderr
    );
}

#[test]
fn counts_are_in_correct_english() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let done = env.todos(&["history"]).run_in_process().success();
    assert_eq!(
        done.stdout,
        "1  2025-01-02 17:42:33  write  [0/1]  1 item\n"
    );
    let json = env
        .todos(&["--json", "history"])
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["text"], "1 kept revision of the list default.");
    let json = env
        .todos(&["--json", "show", "--all"])
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["text"], "1 list, 1 item in all.");
}

/// With the list full of finished items, finishing or cancelling cannot help: the advice
/// says to remove them or start a new plan.
#[test]
fn the_item_limit_advice_knows_finished_items_still_count() {
    let env = TestEnv::new();
    let ten: Vec<String> = (1..=10).map(|i| format!("completed:Step {i}")).collect();
    let ten: Vec<&str> = ten.iter().map(String::as_str).collect();
    env.plan("Done", &ten);
    let done = env.rejects(env.todos(&["create", "One more"]), 1);
    assert_eq!(
        done.stderr,
        "error: todos: holds 11 items (10 finished), the limit is 10; finished items still \
         count: remove them (`todos remove ID…`) or start a new plan with `todos write`; or \
         raise the limit with \"max_items\" in .todos.config.json or TODOS_MAX_ITEMS\n"
    );
    let eleven: Vec<String> = (1..=11).map(|i| format!("pending:Step {i}")).collect();
    let mut args = vec!["write", "--summary", "S"];
    for item in &eleven {
        args.extend(["-t", item]);
    }
    let done = env.rejects(env.todos(&args), 1);
    assert!(
        done.stderr.contains(
            "holds 11 items, the limit is 10; remove items or merge small steps into one;"
        ),
        "{}",
        done.stderr
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
    .run()
    .success();
    for args in [
        &["-l", "wbe", "show"][..],
        &["-l", "wbe", "recap"],
        &["-l", "wbe", "update", "1", "completed"],
    ] {
        let done = env.rejects(env.todos(args), 1);
        assert_eq!(
            done.stderr,
            "error: no list wbe (did you mean web?)\n\
             hint: run the command with `-l web`; `todos show --all` prints every list\n",
            "{args:?}"
        );
    }
    let done = env.todos(&["-l", "wbe", "create", "x"]).run().success();
    assert!(
        done.stderr.starts_with(
            "warning: made a new list wbe, beside the list web: if you meant web, run the command again with `-l web`\n"
        ),
        "{}",
        done.stderr
    );
    // Now it exists: no more words about it.
    let done = env.todos(&["-l", "wbe", "show"]).run().success();
    assert_eq!(done.stderr, "");
    // A name near no list is a new list, silently.
    let done = env.todos(&["-l", "api", "show"]).run().success();
    assert_eq!(done.stderr, "");
}

/// Codex's explanation is a note on the change: echoed, kept in the history line, and never
/// the summary.
#[test]
fn codex_explanation_is_a_note_on_the_change() {
    let env = TestEnv::new();
    env.plan("Refactor the parser", &["pending:Split the lexer"]);
    let done = env
        .todos(&["write"])
        .stdin(r#"{"explanation": "Lexer split;\nnow tests", "plan": [{"step": "Split the lexer", "status": "completed"}, {"step": "Add tests", "status": "in_progress"}]}"#)
        .run_in_process()
        .success();
    assert_eq!(done.stderr, "note: this change: Lexer split; now tests\n");
    assert!(
        done.stdout.starts_with("[1/2] Refactor the parser\n"),
        "{}",
        done.stdout
    );
    let history = env.todos(&["history"]).run_in_process().success().stdout;
    assert!(
        history.starts_with("2  2025-01-02 17:42:33  write  [1/2]  added 2; 1 pending → completed · Lexer split; now tests\n"),
        "{history}"
    );
    let json = env
        .todos(&["--json", "history"])
        .run_in_process()
        .success()
        .json();
    assert_eq!(
        json["data"]["revisions"][0]["note"],
        "Lexer split; now tests"
    );
    assert_eq!(json["data"]["revisions"][1].get("note"), None);
    // A control character in it is refused like any text.
    env.rejects(
        env.todos(&["write"]).stdin(
            r#"{"explanation": "bad\u001b[31m", "plan": [{"step": "A", "status": "pending"}]}"#,
        ),
        1,
    );
}

/// Claude Code's and Gemini CLI's shapes carry no summary: said once, when the plan is first
/// written, not on every write after.
#[test]
fn a_missing_summary_warns_once() {
    let env = TestEnv::new();
    let warning = "warning: the plan has no summary: say in one line what it is for with \"summary\" or --summary\n";
    let first = env
        .todos(&["write"])
        .stdin(r#"{"todos": [{"content": "A", "status": "pending"}]}"#)
        .run_in_process()
        .success();
    assert_eq!(first.stderr, warning);
    let again = env
        .todos(&["write"])
        .stdin(r#"{"todos": [{"content": "A", "status": "in_progress"}]}"#)
        .run_in_process()
        .success();
    assert_eq!(again.stderr, "");
}

/// `context.list` is in every envelope (SPEC §4), on a failure too.
#[test]
fn every_envelope_names_its_list() {
    let env = TestEnv::new();
    let json = env
        .todos(&["--json", "-l", "api", "create", "A"])
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["context"]["list"], "api");
    let json = env
        .todos(&["--json", "show"])
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["context"]["list"], "default");
    let json = env
        .rejects(
            env.todos(&["--json", "-l", "api", "update", "9", "completed"]),
            1,
        )
        .json();
    assert_eq!(json["context"]["list"], "api");
    let json = env.rejects(env.todos(&["--json", "frobnicate"]), 2).json();
    assert_eq!(json["context"]["list"], serde_json::Value::Null);
}

#[test]
fn history_json_keeps_the_warnings_text_prints() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let mut history = env.read(".todos.history.jsonl");
    history.push_str("garbage\n");
    env.write_file(".todos.history.jsonl", history);
    let text = env.todos(&["history"]).run_in_process().success();
    assert!(
        text.stderr.contains("line 2: it cannot be read"),
        "{}",
        text.stderr
    );
    let json = env
        .todos(&["--json", "history"])
        .run_in_process()
        .success()
        .json();
    let warnings = json["data"]["warnings"].as_array().expect("data.warnings");
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0]
            .as_str()
            .unwrap()
            .contains("line 2: it cannot be read")
    );
}

/// An owner has 1-64 characters: an empty `--owner` is refused, not dropped.
#[test]
fn an_empty_owner_flag_is_refused() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    for args in [
        &["update", "1", "--owner", ""][..],
        &["update", "1", "--owner", "  "],
        &["create", "B", "--owner", ""],
        &["next", "--claim", "--owner", ""],
    ] {
        let done = env.rejects(env.todos(args), 1);
        assert!(
            done.stderr
                .starts_with("error: --owner is empty\nhint: give who works on it"),
            "{args:?}: {}",
            done.stderr
        );
    }
}

/// A bad status and an unknown blocker in one snapshot: both in one refusal.
#[test]
fn a_status_and_a_dependency_problem_are_reported_together() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let json = env
        .rejects(
            env.todos(&["--json", "write"]).stdin(
                r#"{"summary": "S", "todos": [{"id": "a", "content": "A", "status": "bogus"}, {"content": "B", "status": "pending", "blocked_by": ["9", "a"]}]}"#,
            ),
            1,
        )
        .json();
    let paths: Vec<&str> = json["error"]["details"]
        .as_array()
        .unwrap()
        .iter()
        .map(|detail| detail["path"].as_str().unwrap())
        .collect();
    // "a" is the refused item's own id: no problem of its own.
    assert_eq!(paths, ["todos[0].status", "todos[1].blocked_by[0]"]);
}

/// A command's help shows its own options; the global ones once, in `todos --help`.
#[test]
fn a_command_help_points_to_the_global_options() {
    let env = TestEnv::new();
    let top = env.todos(&["--help"]).run_in_process().success().stdout;
    assert!(top.contains("Global options:\n"), "{top}");
    assert!(top.contains("--lock-timeout"), "{top}");
    for command in env.subcommands() {
        let help = env
            .todos(&[&command, "--help"])
            .run_in_process()
            .success()
            .stdout;
        assert!(!help.contains("Global options:"), "{command}: {help}");
        assert!(!help.contains("--lock-timeout <SECS>"), "{command}: {help}");
        assert!(
            help.trim_end().ends_with(
                "Global options (-C, -l, --json, --color, -q, --lock-timeout) work here too: see `todos --help`."
            ),
            "{command}: {help}"
        );
    }
    let update = env
        .todos(&["update", "--help"])
        .run_in_process()
        .success()
        .stdout;
    assert!(update.lines().count() < 70, "{update}");
    // They still work after the command's name.
    env.plan("Ship", &["pending:A"]);
    let json = env
        .todos(&["show", "--json"])
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["status"], "success");
}

/// `todos mcp` where `todos-mcp` is missing says so as every error does (`error:`, lower case),
/// with the fix for where this `todos` runs from.
#[test]
fn a_missing_mcp_server_is_an_error_like_every_other() {
    let env = TestEnv::new();
    let bin = env.root().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let todos = crate::support::todos_alone_in(&bin);
    let output = crate::support::output_when_free(
        std::process::Command::new(&todos)
            .args(["--color", "never", "mcp"])
            .env_clear()
            .current_dir(env.ws())
            .stdin(std::process::Stdio::null()),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(5));
    assert_eq!(
        stderr,
        format!(
            "error: the MCP server is not installed: {} does not exist\n\
             hint: install todos with its default features (`cargo install --path .` in a clone), \
             which puts todos-mcp next to todos\n",
            bin.join("todos-mcp").display()
        )
    );
}

/// `create`'s refusals name what was typed: the text (`CONTENT #2`) and `--blocked-by 99`,
/// once, not once for each new item it applies to.
#[test]
fn create_refusals_name_what_was_typed() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:A"]);
    let done = env.rejects(env.todos(&["create", "B", " "]), 1);
    assert_eq!(
        done.stderr,
        "error: CONTENT #2: is empty; say what the step is\n"
    );
    let done = env.rejects(env.todos(&["create", "B", "C", "--blocked-by", "99"]), 1);
    assert_eq!(
        done.stderr,
        "error: --blocked-by 99: no item has id \"99\"\n\
         hint: the one id is 1; run `todos show` to see each item with its id\n"
    );
}
