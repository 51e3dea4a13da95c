//! Configuration: flags over `TODOS_*` over the workspace's file over the user's, and an invalid
//! value refused by name.

use std::fs;

use crate::support::{TestEnv, still_open, too_many_items};

#[test]
fn configuration_layers() {
    let env = TestEnv::new();
    fs::create_dir_all(env.home().join(".config/todos")).unwrap();
    fs::write(
        env.home().join(".config/todos/config.json"),
        r#"{"max_items": 2, "max_content_chars": 5}"#,
    )
    .unwrap();
    env.rejects(
        env.todos(&["create", "a", "b", "c"]).expect_stderr(concat!(
            too_many_items!(3, limit 2),
            "hint: each word became its own item (3 items: \"a\", \"b\", \"c\"): to keep \
                a text whole, quote it: `todos create \"a b c\"`\n",
        )),
        1,
    );
    env.write_file(".todos.config.json", r#"{"max_items": 3}"#);
    env.rejects(
        env.todos(&["create", "a", "b", "toolong"]).expect_stderr(
            "error: CONTENT #3: is 7 characters long, the limit is 5; shorten the text \
            to what the step is, and put the detail in \"description\"; or raise the \
            limit with \"max_content_chars\" in .todos.config.json or TODOS_MAX_CONTENT_CHARS\n",
        ),
        1,
    );
    env.todos(&["create", "a", "b", "toolong"])
        .env("TODOS_MAX_CONTENT_CHARS", "7")
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            "  3 [ ] toolong\n",
            still_open!(3 of 3)
        ))
        .expect_stderr("warning: each word became its own item (3 items: \"a\", \"b\", \"toolong\"): to keep a text whole, quote it: `todos create \"a b toolong\"`; `todos undo` takes these 3 items back\n")
        .run()
        .success();
    env.write_file(".todos.config.json", r#"{"memory_dir": "notes"}"#);
    env.todos(&["write", "--summary", "S", "-t", "completed:a"])
        .expect_stdout(concat!("[1/1] S\n", "  1 [x] a\n", "The one item is done.\n")).expect_stderr("warning: dropped 2 open items: 2 \"b\" (pending), 3 \"toolong\" (pending); send them again to keep them, or `todos undo`\n").run()
        .success();
    assert!(env.path("notes/todoList-20250102-174233.md").exists());
}

#[test]
fn invalid_configuration_names_the_file_and_key() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.write_file(".todos.config.json", r#"{"max_items": "ten"}"#);
    env.rejects(env.todos(&["create", "x"]).expect_stderr("error: configuration file [ROOT]/ws/.todos.config.json: key \"max_items\" is invalid: it must be a whole number of at least 1\n"), 1);
    env.write_file(".todos.config.json", r#"{"max_iterms": 20}"#);
    env.rejects(env.todos(&["create", "x"]).expect_stderr(concat!(
            "error: configuration file [ROOT]/ws/.todos.config.json: key \"max_iterms\" is invalid: ",
            "unknown key; the keys are max_items, max_content_chars, max_summary_chars, ",
            "max_in_progress, memory_dir, history_limit, claim_lease, worktrees, remote, ",
            "remote_timeout, clock_skew\n"
        )), 1);
    env.write_file(".todos.config.json", "{not json");
    env.rejects(env.todos(&["create", "x"]).expect_stderr("error: configuration file [ROOT]/ws/.todos.config.json is not valid JSON: key must be a string at line 1 column 2\n"), 1);
    fs::remove_file(env.path(".todos.config.json")).unwrap();
    env.rejects(
        env.todos(&["create", "x"]).env("TODOS_MAX_ITEMS", "many").expect_stderr("error: environment variable TODOS_MAX_ITEMS=\"many\" is invalid: it must be a whole number of at least 1\n"),
        1,
    );
}

#[test]
fn an_invalid_config_refuses_the_readers_too() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.write_file(".todos.config.json", r#"{"max_itemz": 3}"#);
    for args in [
        &["show"][..],
        &["recap"],
        &["check"],
        &["undo"],
        &["show", "--watch"],
    ] {
        env.rejects(env.todos(args).expect_stderr(concat!(
            "error: configuration file [ROOT]/ws/.todos.config.json: key \"max_itemz\" is invalid: ",
            "unknown key; the keys are max_items, max_content_chars, max_summary_chars, ",
            "max_in_progress, memory_dir, history_limit, claim_lease, worktrees, remote, ",
            "remote_timeout, clock_skew\n"
        )), 1);
    }
}
