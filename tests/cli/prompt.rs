//! `todos prompt`: the guide an agent gets in its system prompt.

use crate::support::TestEnv;

/// The JSON of the guide's `todos write <<'JSON'` heredoc.
#[track_caller]
fn heredoc(guide: &str) -> &str {
    let start = guide
        .find("todos write <<'JSON'\n")
        .expect("a heredoc example")
        + 21;
    let len = guide[start..].find("\nJSON\n").expect("the heredoc ends");
    &guide[start..start + len]
}

#[test]
fn says_when_and_how_to_plan_with_the_limits() {
    let env = TestEnv::new();
    let guide = env.todos(&["prompt"]).run_unchecked().success().stdout;
    for needle in [
        "3 or more steps",
        "when the user asks",
        "replaces the whole list: always send every item",
        "todos create",
        "todos update",
        "one-line summary",
        "in_progress when you start it",
        "completed as soon as it is done",
        "cancelled when it is no longer needed",
        "at most 10 items",
        "an item over 60 characters is refused",
        "a summary of at most 200 characters",
        "at most 1 item in_progress",
        "todos check",
        "todos recap",
    ] {
        assert!(guide.contains(needle), "{needle:?} missing from:\n{guide}");
    }
    assert!(guide.lines().count() < 45, "short: {guide}");
    assert!(!env.path(".todos.json").exists(), "prompt creates nothing");
}

#[test]
fn limits_follow_the_configuration() {
    let env = TestEnv::new();
    env.write_file(".todos.config.json", r#"{"max_items": 20}"#);
    let guide = env
        .todos(&["prompt"])
        .env("TODOS_MAX_CONTENT_CHARS", "120")
        .env("TODOS_MAX_IN_PROGRESS", "2")
        .run_unchecked()
        .success()
        .stdout;
    assert!(guide.contains("at most 20 items"), "{guide}");
    assert!(
        guide.contains("an item over 120 characters is refused"),
        "{guide}"
    );
    assert!(guide.contains("at most 2 items in_progress"), "{guide}");
}

#[test]
fn the_heredoc_example_works_as_written() {
    let env = TestEnv::new();
    let guide = env.todos(&["prompt"]).run_unchecked().success().stdout;
    let snapshot = heredoc(&guide);
    let schema = env.todos(&["schema"]).run_unchecked().success().stdout;
    let validator = jsonschema::validator_for(&serde_json::from_str(&schema).unwrap()).unwrap();
    assert!(validator.is_valid(&serde_json::from_str(snapshot).unwrap()));
    // No warning.
    env.todos(&["write"])
        .stdin(snapshot)
        .expect_code(0)
        .expect_stderr("")
        .expect_stdout(concat!(
            "[1/3] Fix the login timeout\n",
            "  1 [x] Reproduce the timeout\n",
            "  2 [▶] Patch the token expiry check\n",
            "  3 [ ] Add a regression test\n",
            "2 of 3 open — finish them before you wrap up.\n"
        ))
        .run();
    // The ids the guide's next commands use exist after its `create`.
    env.todos(&["create", "Update the changelog"])
        .expect_stdout(concat!(
            "[1/4] Fix the login timeout\n",
            "  1 [x] Reproduce the timeout\n",
            "  2 [▶] Patch the token expiry check\n",
            "  3 [ ] Add a regression test\n",
            "  4 [ ] Update the changelog\n",
            "3 of 4 open — finish them before you wrap up.\n"
        ))
        .run()
        .success();
    for args in [
        ["update", "2", "completed"],
        ["update", "3", "in_progress"],
        ["update", "4", "cancelled"],
    ] {
        env.todos(&args).run_unchecked().success();
    }
    let store = env.store();
    let statuses: Vec<&str> = store["todos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        ["completed", "completed", "in_progress", "cancelled"]
    );
}

#[test]
fn json_gives_the_guide_in_the_envelope() {
    let env = TestEnv::new();
    let json = env
        .todos(&["--json", "prompt"])
        .run_unchecked()
        .success()
        .json();
    assert_eq!(json["status"], "success");
    assert!(
        json["data"]["prompt"]
            .as_str()
            .unwrap()
            .starts_with("## Plan with `todos`")
    );
}
