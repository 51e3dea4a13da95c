use crate::support::{
    TestEnv, envelope_end, error_paths, give_items_hint, input_problems, items, still_open,
    too_many_items,
};

#[test]
fn creates_pending_items_from_arguments() {
    let env = TestEnv::new();
    let done = env
        .todos(&["create", "Write the migration", "Run it on staging"])
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [ ] Write the migration\n",
            "  2 [ ] Run it on staging\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    assert!(
        done.stdout
            .contains("  1 [ ] Write the migration\n  2 [ ] Run it on staging\n"),
        "{}",
        done.stdout
    );
    assert_eq!(env.store()["todos"][1]["status"], "pending");
}

#[test]
fn reads_items_json_an_array_or_lines_from_stdin() {
    for input in [r#"{"items": ["a", "b"]}"#, r#"["a", "b"]"#, "a\n\n  b\n"] {
        let env = TestEnv::new();
        env.todos(&["create"])
            .stdin(input)
            .expect_stdout(concat!(
                "[0/2] (no summary)\n",
                "  1 [ ] a\n",
                "  2 [ ] b\n",
                still_open!(2 of 2)
            ))
            .run()
            .success();
        let contents: Vec<String> = items(&env.store()["todos"])
            .into_iter()
            .map(|(_, _, c)| c)
            .collect();
        assert_eq!(contents, ["a", "b"], "{input:?}");
    }
}

#[test]
fn appends_after_existing_items_with_fresh_ids() {
    let env = TestEnv::new();
    env.plan("S", &["completed:A", "pending:B"]);
    env.todos(&["write", "--summary", "S", "-t", "completed:A"])
        .expect_stdout(concat!("[1/1] S\n", "  1 [x] A\n", "The one item is done.\n")).expect_stderr("warning: dropped open item 2 \"B\" (pending); send it again to keep it, or `todos undo`\n").run()
        .success();
    env.todos(&["create", "C"])
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [x] A\n",
            "  3 [ ] C\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    let got = items(&env.store()["todos"]);
    assert_eq!(got[1], ("3".into(), "pending".into(), "C".into()));
    assert_eq!(env.store()["summary"], "S");
}

#[test]
fn zero_items_are_refused() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.rejects(
        env.todos(&["create"])
            .stdin("\n\n")
            .expect_stderr(concat!("error: stdin is empty\n", give_items_hint!())),
        1,
    );
    env.rejects(
        env.todos(&["create"])
            .stdin(r#"{"items": []}"#)
            .expect_stderr(concat!("error: no items to create\n", give_items_hint!())),
        1,
    );
}

#[test]
fn the_item_limit_counts_what_is_already_there() {
    let env = TestEnv::new();
    let nine: Vec<String> = (1..=9).map(|i| format!("item {i}")).collect();
    let args: Vec<&str> = std::iter::once("create")
        .chain(nine.iter().map(String::as_str))
        .collect();
    env.todos(&args)
        .expect_stdout(concat!(
            "[0/9] (no summary)\n",
            "  1 [ ] item 1\n",
            "  2 [ ] item 2\n",
            "  3 [ ] item 3\n",
            "  4 [ ] item 4\n",
            "  5 [ ] item 5\n",
            "  6 [ ] item 6\n",
            "  7 [ ] item 7\n",
            "  8 [ ] item 8\n",
            "  9 [ ] item 9\n",
            still_open!(9 of 9)
        ))
        .run()
        .success();
    env.rejects(
        env.todos(&["create", "ten", "eleven"])
            .expect_stderr(too_many_items!(11, limit 10)),
        1,
    );
    env.todos(&["create", "ten", "eleven"])
        .env("TODOS_MAX_ITEMS", "11")
        .expect_stdout(concat!(
            "[0/11] (no summary)\n",
            "   1 [ ] item 1\n",
            "   2 [ ] item 2\n",
            "   3 [ ] item 3\n",
            "   4 [ ] item 4\n",
            "   5 [ ] item 5\n",
            "   6 [ ] item 6\n",
            "   7 [ ] item 7\n",
            "   8 [ ] item 8\n",
            "   9 [ ] item 9\n",
            "  10 [ ] ten\n",
            "  11 [ ] eleven\n",
            still_open!(11 of 11)
        ))
        .run()
        .success();
}

#[test]
fn every_bad_item_is_named() {
    let env = TestEnv::new();
    let long = "x".repeat(61);
    env.rejects(
        env.todos(&["create", "ok", "", &long])
            .expect_stderr(concat!(
                input_problems!(2),
                "  CONTENT #2: is empty; say what the step is\n",
                "  CONTENT #3: is 61 characters long, the limit is 60; shorten the text to \
                what the step is, and put the detail in \"description\"; or raise the limit \
                with \"max_content_chars\" in .todos.config.json or TODOS_MAX_CONTENT_CHARS\n",
            )),
        1,
    );
    let json = env
        .rejects(
            env.todos(&["--json", "create"])
                .stdin(r#"{"items": ["a", 7], "extra": 1}"#)
                .expect_stdout(concat!(
                    "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                     \"message\":\"the input has 2 problems\",\
                     \"details\":[{\"path\":\"extra\",\"message\":\"unknown field \
                     \\\"extra\\\"; the fields here are items, content, description, \
                     activeForm, priority, blocked_by, owner, type and parentId\"},\
                     {\"path\":\"items[1]\",\"message\":\"must be a string, not a \
                     number\"}]},\"text\":\"error: the input has 2 problems\",",
                    envelope_end!(),
                )),
            1,
        )
        .json();
    let paths = error_paths(&json);
    assert_eq!(paths, ["extra", "items[1]"]);
}

#[test]
fn create_refuses_two_spellings_of_items() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&["create"])
            .stdin(r#"{"items": ["a"], "Items": ["b"]}"#)
            .expect_stderr("error: Items: says the same as \"items\"; give only one of them\n"),
        1,
    );
}

#[test]
fn one_word_arguments_make_an_item_each_and_say_how_to_quote() {
    let env = TestEnv::new();
    env.todos(&["create", "Fix", "the", "flaky", "test"])
        .expect_stdout(concat!(
            "[0/4] (no summary)\n",
            "  1 [ ] Fix\n",
            "  2 [ ] the\n",
            "  3 [ ] flaky\n",
            "  4 [ ] test\n",
            still_open!(4 of 4)
        ))
        .expect_stderr(concat!(
            "warning: each word became its own item (4 items: \"Fix\", \"the\", \"flaky\", ",
            "\"test\"): to keep a text whole, quote it: `todos create \"Fix the flaky test\"`; ",
            "`todos undo` takes these 4 items back\n"
        ))
        .run()
        .success();
    // Two one-word items, or texts already quoted, are what was meant: nothing to say.
    env.todos(&["-q", "undo"]).run().success();
    env.todos(&["create", "Reproduce", "Patch"])
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  5 [ ] Reproduce\n",
            "  6 [ ] Patch\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
}

#[test]
fn an_unquoted_description_says_which_words_became_items() {
    let env = TestEnv::new();
    let args = [
        "create",
        "Fix",
        "flaky",
        "login",
        "test",
        "--description",
        "Because",
        "it",
        "fails",
        "on",
        "CI",
    ];
    env.todos(&args)
        .stdout_varies("eight one-word items, counted below")
        .expect_stderr(concat!(
            "warning: each word became its own item (8 items: \"Fix\", \"flaky\", \"login\", ",
            "\"test\", \"it\", \"fails\", \"on\", \"CI\"), and --description took only ",
            "\"Because\": to keep a text whole, quote it: `todos create \"Fix flaky login test\" ",
            "--description \"Because it fails on CI\"`; `todos undo` takes these 8 items back\n"
        ))
        .run()
        .success();
    assert_eq!(items(&env.store()["todos"]).len(), 8);
    env.todos(&["-q", "undo"]).run().success();
    // The item's text quoted, the description not: only the description's words are named.
    let envelope = env
        .todos(&[
            "--json",
            "create",
            "Fix flaky login test",
            "--description",
            "Because",
            "it",
            "fails",
        ])
        .stdout_in_parts("the envelope: its warning is checked")
        .run()
        .json();
    assert_eq!(
        envelope["data"]["warnings"],
        serde_json::json!([concat!(
            "--description took only \"Because\", and the words after it became items of ",
            "their own (\"it\", \"fails\"): to keep a text whole, quote it: `todos create ",
            "\"Fix flaky login test\" --description \"Because it fails\"`; `todos undo` takes ",
            "these 3 items back"
        )])
    );
}

#[test]
fn eleven_unquoted_words_are_refused_with_how_to_quote_them() {
    let env = TestEnv::new();
    let words = [
        "Make", "the", "login", "page", "load", "fast", "on", "slow", "mobile", "networks", "again",
    ];
    let mut args = vec!["create"];
    args.extend(words);
    env.rejects(
        env.todos(&args).expect_stderr(concat!(
            "error: todos: holds 11 items, the limit is 10; remove items or merge small steps ",
            "into one; or raise the limit with \"max_items\" in .todos.config.json or ",
            "TODOS_MAX_ITEMS\n",
            "hint: each word became its own item (11 items: \"Make\", \"the\", \"login\", ",
            "\"page\", \"load\", \"fast\", \"on\", \"slow\", \"mobile\", \"networks\", \"again\"): ",
            "to keep a text whole, quote it: `todos create \"Make the login page load fast on ",
            "slow mobile networks again\"`\n"
        )),
        1,
    );
}
