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
        env.rejects(env.todos(&[&command, "-V"]), 2);
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
