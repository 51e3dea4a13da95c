use crate::support::{TestEnv, error_paths, items};

#[test]
fn creates_pending_items_from_arguments() {
    let env = TestEnv::new();
    let done = env
        .todos(&["create", "Write the migration", "Run it on staging"])
        .run_unchecked()
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
            .run_unchecked()
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
        .run_unchecked()
        .success();
    env.todos(&["create", "C"]).run_unchecked().success();
    let got = items(&env.store()["todos"]);
    assert_eq!(got[1], ("3".into(), "pending".into(), "C".into()));
    assert_eq!(env.store()["summary"], "S");
}

#[test]
fn zero_items_are_refused() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.rejects(env.todos(&["create"]).stdin("\n\n"), 1);
    let done = env.rejects(env.todos(&["create"]).stdin(r#"{"items": []}"#), 1);
    assert!(
        done.stderr.contains("no items to create"),
        "{}",
        done.stderr
    );
}

#[test]
fn the_item_limit_counts_what_is_already_there() {
    let env = TestEnv::new();
    let nine: Vec<String> = (1..=9).map(|i| format!("item {i}")).collect();
    let args: Vec<&str> = std::iter::once("create")
        .chain(nine.iter().map(String::as_str))
        .collect();
    env.todos(&args).run_unchecked().success();
    let done = env.rejects(env.todos(&["create", "ten", "eleven"]), 1);
    assert!(
        done.stderr.contains("holds 11 items, the limit is 10"),
        "{}",
        done.stderr
    );
    assert!(done.stderr.contains("TODOS_MAX_ITEMS"), "{}", done.stderr);
    env.todos(&["create", "ten", "eleven"])
        .env("TODOS_MAX_ITEMS", "11")
        .run_unchecked()
        .success();
}

#[test]
fn every_bad_item_is_named() {
    let env = TestEnv::new();
    let long = "x".repeat(61);
    let done = env.rejects(env.todos(&["create", "ok", "", &long]), 1);
    assert!(
        done.stderr.contains("CONTENT #2: is empty"),
        "{}",
        done.stderr
    );
    assert!(
        done.stderr.contains("CONTENT #3: is 61 characters long"),
        "{}",
        done.stderr
    );
    let json = env
        .rejects(
            env.todos(&["--json", "create"])
                .stdin(r#"{"items": ["a", 7], "extra": 1}"#),
            1,
        )
        .json();
    let paths = error_paths(&json);
    assert_eq!(paths, ["extra", "items[1]"]);
}

#[test]
fn create_refuses_two_spellings_of_items() {
    let env = TestEnv::new();
    let done = env.rejects(
        env.todos(&["create"])
            .stdin(r#"{"items": ["a"], "Items": ["b"]}"#),
        1,
    );
    assert!(done.stderr.contains("Items"), "{}", done.stderr);
    assert!(done.stderr.contains("give only one"), "{}", done.stderr);
}
