//! `--help` on every command: a one-line and a longer description, an example, every value of a
//! choice explained, and the statuses with their aliases where a command takes a status.

use crate::support::TestEnv;

/// The text above `Usage:`: the description.
fn description(help: &str) -> &str {
    help.split("\nUsage:").next().unwrap_or_default().trim()
}

#[test]
fn every_command_has_a_short_and_a_long_description_and_an_example() {
    let env = TestEnv::new();
    for command in env.subcommands() {
        let short = env.todos(&[&command, "-h"]).run().success().stdout;
        let long = env.todos(&[&command, "--help"]).run().success().stdout;
        let (one_line, longer) = (description(&short), description(&long));
        assert!(
            !one_line.is_empty() && !one_line.contains('\n'),
            "{command}: a one-line description in -h: {short}"
        );
        assert!(
            longer.starts_with(one_line) && longer.len() > one_line.len() + 60,
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
    let mut pages = vec![env.todos(&["--help"]).run().success().stdout];
    for command in env.subcommands() {
        pages.push(env.todos(&[&command, "--help"]).run().success().stdout);
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

#[test]
fn commands_that_take_a_status_list_the_statuses_and_aliases_they_accept() {
    let env = TestEnv::new();
    for command in ["write", "update"] {
        let help = env.todos(&[command, "--help"]).run().success().stdout;
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
            env.todos(&["write", "-t", &format!("{name}:A")])
                .run()
                .success();
            assert_eq!(env.store()["todos"][0]["status"], status.as_str(), "{name}");
        }
    }
}
