//! `--help` on every command: a one-line and a longer description, an example, every value of a
//! choice explained, and the statuses with their aliases where a command takes a status.

use crate::support::{TestEnv, envelope_end, instructions};

/// The text above `Usage:`: the description.
fn description(help: &str) -> &str {
    help.split("\nUsage:").next().unwrap_or_default().trim()
}

#[test]
fn every_command_has_a_short_and_a_long_description_and_an_example() {
    let env = TestEnv::new();
    for command in env.subcommands() {
        let short = env
            .todos(&[&command, "-h"])
            .stdout_in_parts("a help page: its parts are checked below")
            .run()
            .success()
            .stdout;
        let long = env
            .todos(&[&command, "--help"])
            .stdout_in_parts("a help page: its parts are checked below")
            .run()
            .success()
            .stdout;
        let (one_line, longer) = (description(&short), description(&long));
        assert!(
            !one_line.is_empty() && !one_line.contains('\n'),
            "{command}: a one-line description in -h: {short}"
        );
        // `update --help` stays compact, to fit in 60 lines (issue 31): its longer description
        // follows the options.
        let longer_after = command == "update" && long.contains("\nMoving a finished item");
        assert!(
            longer_after || (longer.starts_with(one_line) && longer.len() > one_line.len() + 60),
            "{command}: a longer description in --help: {long}"
        );
        for help in [&short, &long] {
            let examples = help
                .split("\nExample")
                .nth(1)
                .unwrap_or_else(|| panic!("{command}: no example in {help}"));
            assert!(
                examples.contains(&format!("todos {command}")),
                "{command}: the example runs the command: {examples}"
            );
        }
    }
}

#[test]
fn every_value_of_every_choice_is_explained() {
    let env = TestEnv::new();
    let mut explained = Vec::new();
    let mut pages = vec![
        env.todos(&["--help"])
            .stdout_in_parts("a help page: its parts are checked below")
            .run()
            .stdout,
    ];
    for command in env.subcommands() {
        pages.push(
            env.todos(&[&command, "--help"])
                .stdout_in_parts("a help page: its parts are checked below")
                .run()
                .success()
                .stdout,
        );
    }
    for page in &pages {
        // clap falls back to this bare list when a value has no doc comment.
        assert!(!page.contains("[possible values:"), "{page}");
        let mut lines = page.lines().map(str::trim);
        while lines.any(|line| line == "Possible values:") {
            let block = lines.by_ref().take_while(|line| !line.is_empty());
            // A value's explanation may wrap onto lines of its own.
            for line in block.filter(|line| line.starts_with("- ")) {
                let (value, text) = line[2..]
                    .split_once(':')
                    .unwrap_or_else(|| panic!("unexplained value {line:?}"));
                assert!(text.trim().len() > 3, "{line:?}");
                explained.push(value.to_owned());
            }
        }
    }
    for value in [
        "auto",
        "always",
        "never",
        "text",
        "markdown",
        "json",
        "bash",
        "powershell",
    ] {
        assert!(
            explained.iter().any(|v| v == value),
            "{value}: {explained:?}"
        );
    }
}

/// The statuses table of `--help`: each alias (and each status itself) with its status.
#[track_caller]
fn statuses_table(help: &str) -> Vec<(String, String)> {
    let table = help
        .split("Statuses")
        .nth(1)
        .unwrap_or_else(|| panic!("no statuses in {help}"));
    let mut names = Vec::new();
    for line in table
        .lines()
        .skip(1)
        .take_while(|line| line.starts_with("  "))
    {
        let status = line
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_owned();
        names.push((status.clone(), status.clone()));
        if let Some((_, aliases)) = line.split_once("alias: ").or(line.split_once("aliases: ")) {
            for alias in aliases.split(", ") {
                names.push((alias.trim().to_owned(), status.clone()));
            }
        }
    }
    names
}

/// What `write` prints for a plan "S" of one item "A" in `status`.
fn one_item_plan(status: &str) -> String {
    let (done, mark, end) = match status {
        "pending" => (0, ' ', "1 of 1 open — finish it before you wrap up."),
        "in_progress" => (0, '▶', "1 of 1 open — finish it before you wrap up."),
        "blocked" => (0, '=', "1 of 1 open — finish it before you wrap up."),
        "completed" => (1, 'x', "The one item is done."),
        "cancelled" => (1, '~', "The one item is done."),
        "failed" => (1, '!', "Finished: the one item failed."),
        other => panic!("unknown status {other}"),
    };
    format!("[{done}/1] S\n  1 [{mark}] A\n{end}\n")
}

#[test]
fn commands_that_take_a_status_list_the_statuses_and_aliases_they_accept() {
    let env = TestEnv::new();
    for command in ["write", "update"] {
        let help = env
            .todos(&[command, "--help"])
            .stdout_in_parts("a help page: its parts are checked below")
            .run()
            .success()
            .stdout;
        let table = statuses_table(&help);
        let statuses: Vec<&str> = table
            .iter()
            .filter(|(name, status)| name == status)
            .map(|(name, _)| name.as_str())
            .collect();
        assert_eq!(
            statuses,
            [
                "pending",
                "in_progress",
                "completed",
                "cancelled",
                "failed",
                "blocked"
            ],
            "{command}"
        );
        assert_eq!(table.len(), 16, "{command}: {table:?}");
        assert!(help.contains("--reopen"), "{command}");
        // What the help promises, the parser accepts.
        for (name, status) in &table {
            let env = TestEnv::new();
            env.todos(&["write", "--summary", "S", "-t", &format!("{name}:A")])
                .expect_stdout(one_item_plan(status))
                .run_in_process();
            assert_eq!(env.store()["todos"][0]["status"], status.as_str(), "{name}");
        }
    }
}

#[test]
fn only_the_top_level_has_a_version_flag() {
    let env = TestEnv::new();
    let version = env
        .todos(&["-V"])
        .expect_stdout("todos 0.1.0\n")
        .run()
        .success()
        .stdout;
    assert!(version.starts_with("todos "), "{version}");
    for command in env.subcommands() {
        // A hook's usage error is no block (exit 1, hook_exits.rs).
        let code = if command == "hook" { 1 } else { 2 };
        let refused = env.rejects(
            env.todos(&[&command, "-V"]).stderr_varies(
                "ends with each command's own usage; its first lines are checked below",
            ),
            code,
        );
        assert!(
            refused
                .stderr
                .starts_with("error: unexpected argument '-V' found\n\n"),
            "{command}: {}",
            refused.stderr
        );
        let help = env
            .todos(&[&command, "--help"])
            .stdout_in_parts("a help page: its parts are checked below")
            .run()
            .success()
            .stdout;
        assert!(!help.contains("--version"), "{command}: {help}");
    }
}

#[test]
fn update_help_says_when_its_arguments_are_needed() {
    let env = TestEnv::new();
    let help = env
        .todos(&["update", "-h"])
        .stdout_in_parts("a help page: its parts are checked below")
        .run()
        .success()
        .stdout;
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
fn init_help_shows_the_marker_init_writes() {
    let env = TestEnv::new();
    let help = env
        .todos(&["init", "--help"])
        .stdout_in_parts("a help page: its parts are checked below")
        .run()
        .success()
        .stdout;
    // The help's `<!-- todos:begin … -->`, with … standing for the rest of the line.
    let shown = help
        .split('`')
        .find(|part| part.starts_with("<!-- todos:begin"))
        .unwrap_or_else(|| panic!("no begin marker in {help}"));
    let (head, tail) = shown.split_once('…').expect("an ellipsis in the marker");
    env.todos(&["init"]).expect_stdout(concat!("No agent's files here (CLAUDE.md, .claude/, .codex/, GEMINI.md, .gemini/): set up AGENTS.md, which most agents read; --agent chooses one.\n", instructions!(created "AGENTS.md"))).run().success();
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

#[test]
fn help_of_help_is_the_help() {
    let env = TestEnv::new();
    let help = env
        .todos(&["help", "--help"])
        .stdout_in_parts("a help page: its parts are checked below")
        .run()
        .success();
    let top = env
        .todos(&["--help"])
        .stdout_in_parts("a help page: its parts are checked below")
        .run()
        .success();
    assert_eq!(help.stdout, top.stdout);
}

/// A command's help shows its own options; the global ones once, in `todos --help`.
#[test]
fn a_command_help_points_to_the_global_options() {
    let env = TestEnv::new();
    let top = env
        .todos(&["--help"])
        .stdout_in_parts("a help page: its parts are checked below")
        .run_in_process()
        .success()
        .stdout;
    assert!(top.contains("Global options:\n"), "{top}");
    assert!(top.contains("--lock-timeout"), "{top}");
    for command in env.subcommands() {
        let help = env
            .todos(&[&command, "--help"])
            .stdout_in_parts("a help page: its parts are checked below")
            .run_in_process()
            .success()
            .stdout;
        assert!(!help.contains("Global options:"), "{command}: {help}");
        assert!(!help.contains("--lock-timeout <SECS>"), "{command}: {help}");
        assert!(
            help.trim_end().ends_with(
                "Global options (-C, -l, --json, --color, -q, --lock-timeout, --offline) work here too: see `todos\n--help`."
            ),
            "{command}: {help}"
        );
    }
    let update = env
        .todos(&["update", "--help"])
        .stdout_in_parts("a help page: its parts are checked below")
        .run_in_process()
        .success()
        .stdout;
    assert!(update.lines().count() <= 60, "{update}");
    // They still work after the command's name.
    env.plan("Ship", &["pending:A"]);
    let json = env
        .todos(&["show", "--json"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"Ship\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"pending\"}],\
                 \"recap\":\"[0/1] Pending: A.\",\"revision\":1,\"warnings\":[]},\
                 \"text\":\"Todos: 1 pending.\",\"stats\":{\"total\":1,\"pending\":1,\
                 \"in_progress\":0,\"completed\":0,\"cancelled\":0,\"failed\":0,\
                 \"blocked\":0},",
            envelope_end!(),
        ))
        .run_in_process()
        .success()
        .json();
    assert_eq!(json["status"], "success");
}
