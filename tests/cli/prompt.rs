//! `todos prompt`: the guide an agent gets in its system prompt.

use crate::support::{TestEnv, still_open};

/// `todos prompt`'s whole guide with the default limits: the tests that read the guide compare
/// it whole against this one copy.
pub const GUIDE: &str = concat!(
    "## Plan with `todos`\n",
    "\n",
    "This workspace keeps your plan in `.todos.json` through the `todos` command, where a person can watch it (`todos show --watch`) and it survives context compaction. `todos` is your plan, whether or not you also have a built-in todo list.\n",
    "\n",
    "- Keep a plan when a task takes 3 or more steps, or when the user asks for one; skip it for a quick question or a one-step fix.\n",
    "- `todos write` replaces the whole list: always send every item, finished ones included, since what you leave out is dropped. For small changes use `todos create` (append items) or `todos update` (one item).\n",
    "- Always give a one-line summary of what the whole plan is for.\n",
    "- Work on one item at a time: mark it in_progress when you start it.\n",
    "- Mark an item completed as soon as it is done, cancelled when it is no longer needed, failed when you tried and it could not be done, or blocked when it waits on something outside the plan (it stays open), each as it happens, not in a batch at the end; never drop an item.\n",
    "- Before you say you are done, run `todos check`: it fails while items are open.\n",
    "\n",
    "Limits: at most 10 items; each item at most 60 characters (an item over \
            60 characters is refused, not cut: keep items short and put detail in \"description\"); \
            a summary of at most 200 characters; at most 1 item in_progress at a time. \
            Statuses: pending (not started yet), in_progress (being worked on), completed \
            (finished), cancelled (dropped, no longer needed), failed (tried, and it \
            did not work) or blocked (waiting on something outside the plan).\n",
    "\n",
    "```sh\n",
    "todos write <<'JSON'\n",
    "{\"summary\": \"Fix the login timeout\", \"todos\": [\n",
    "  {\"content\": \"Reproduce the timeout\", \"status\": \"completed\"},\n",
    "  {\"content\": \"Patch the token expiry check\", \"status\": \"in_progress\"},\n",
    "  {\"content\": \"Add a regression test\", \"status\": \"pending\"}]}\n",
    "JSON\n",
    "todos create \"Update the changelog\"   # append pending items\n",
    "todos update 2 completed              # ids are printed by every command\n",
    "todos update 3 in_progress\n",
    "todos update 4 cancelled\n",
    "todos show                            # the checklist, with ids\n",
    "todos recap                           # one line: where the plan stands\n",
    "todos check                           # exit 1 while items are open\n",
    "```\n",
);

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
    let guide = env.todos(&["prompt"]).expect_stdout(GUIDE).run().stdout;
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
        .expect_stdout(
            GUIDE.replace(
                "at most 10 items; each item at most 60 characters (an item over 60 characters",
                "at most 20 items; each item at most 120 characters (an item over 120 characters",
            )
            .replace("at most 1 item in_progress", "at most 2 items in_progress"),
        )
        .run()
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
    let guide = env
        .todos(&["prompt"])
        .expect_stdout(GUIDE)
        .run()
        .success()
        .stdout;
    let snapshot = heredoc(&guide);
    let schema = env
        .todos(&["schema"])
        .stdout_in_parts("a JSON schema, read as a value")
        .run()
        .stdout;
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
            still_open!(2 of 3)
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
            still_open!(3 of 4)
        ))
        .run()
        .success();
    for (args, expected) in [
        (
            ["update", "2", "completed"],
            concat!(
                "[2/4] Fix the login timeout\n",
                "  1 [x] Reproduce the timeout\n",
                "  2 [x] Patch the token expiry check\n",
                "  3 [ ] Add a regression test\n",
                "  4 [ ] Update the changelog\n",
                still_open!(2 of 4)
            ),
        ),
        (
            ["update", "3", "in_progress"],
            concat!(
                "[2/4] Fix the login timeout\n",
                "  1 [x] Reproduce the timeout\n",
                "  2 [x] Patch the token expiry check\n",
                "  3 [▶] Add a regression test\n",
                "  4 [ ] Update the changelog\n",
                still_open!(2 of 4)
            ),
        ),
        (
            ["update", "4", "cancelled"],
            concat!(
                "[3/4] Fix the login timeout\n",
                "  1 [x] Reproduce the timeout\n",
                "  2 [x] Patch the token expiry check\n",
                "  3 [▶] Add a regression test\n",
                "  4 [~] Update the changelog\n",
                still_open!(1 of 4)
            ),
        ),
    ] {
        env.todos(&args).expect_stdout(expected).run();
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
        .expect_stdout(format!(
            "{{\"status\":\"success\",\"data\":{{\"prompt\":{}}},\"text\":\"The todos guide for an agent's system prompt.\",\"context\":{{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":null}}}}\n",
            serde_json::to_string(GUIDE).unwrap()
        ))
        .run()
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
