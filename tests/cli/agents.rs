//! Each agent's todo tool, with a payload as that agent sends it. Above each test: where its
//! field names and status words come from — the agent's own published tool definition where it
//! was read for this file, SPEC §3's row where it was not (said so).

use serde_json::json;

use crate::support::{
    TestEnv, envelope_end, error_paths, finish_before_stop, items, items_still_open, no_summary,
    still_asks, still_open, trust_step, unchanged,
};

fn triple(id: &str, status: &str, content: &str) -> (String, String, String) {
    (id.into(), status.into(), content.into())
}

/// The Fix login plan once its docs item is cancelled.
const DOCS_CANCELLED: &str = concat!(
    "[3/4] Fix login\n",
    "  1 [x] Reproduce\n",
    "  2 [x] Patch\n",
    "  3 [▶] Test\n",
    "  4 [~] Update the docs\n",
    still_open!(1 of 4)
);

/// Cursor's `todo_write`: `merge` and `todos[]` of `id`, `content`, `status` (pending,
/// `in_progress`, completed, cancelled), as SPEC §3 records it from Cursor's tool definition
/// (Cursor's sources and docs are not open). With `"merge": true` only the named items change.
#[test]
fn cursor_todo_write_merges_by_id() {
    let env = TestEnv::new();
    env.plan(
        "Fix login",
        &["completed:Reproduce", "in_progress:Patch", "pending:Test"],
    );
    let merge = r#"{"merge": true, "todos": [
        {"id": "2", "content": "Patch", "status": "completed"},
        {"id": "3", "content": "Test", "status": "in_progress"},
        {"id": "docs", "content": "Update the docs", "status": "pending"}]}"#;
    // No dropped item: not a word on stderr.
    env.todos(&["write"])
        .stdin(merge)
        .expect_code(0)
        .expect_stderr("")
        .expect_stdout(concat!(
            "[2/4] Fix login\n",
            "  1 [x] Reproduce\n",
            "  2 [x] Patch\n",
            "  3 [▶] Test\n",
            "  4 [ ] Update the docs\n",
            still_open!(2 of 4)
        ))
        .run();
    assert_eq!(
        items(&env.store()["todos"]),
        [
            triple("1", "completed", "Reproduce"),
            triple("2", "completed", "Patch"),
            triple("3", "in_progress", "Test"),
            triple("4", "pending", "Update the docs"),
        ]
    );
    // A merge that names one item leaves the others alone; sent again, it changes nothing.
    let cancel = r#"{"merge": true, "todos": [{"id": "4", "content": "Update the docs", "status": "cancelled"}]}"#;
    env.todos(&["write"])
        .stdin(cancel)
        .expect_stdout(DOCS_CANCELLED)
        .run()
        .success();
    let revision = env.store()["revision"].clone();
    env.todos(&["write"])
        .stdin(cancel)
        .expect_stdout(DOCS_CANCELLED)
        .expect_stderr(unchanged!(3))
        .run()
        .success();
    assert_eq!(env.store()["revision"], revision);
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 4);
}

#[test]
fn a_merge_that_would_overflow_the_list_is_refused_whole() {
    let env = TestEnv::new();
    let nine: Vec<String> = (1..=9).map(|i| format!("pending:Step {i}")).collect();
    let nine: Vec<&str> = nine.iter().map(String::as_str).collect();
    env.plan("Long", &nine);
    let two = r#"{"merge": true, "todos": [{"id": "a", "content": "Ten", "status": "pending"}, {"id": "b", "content": "Eleven", "status": "pending"}]}"#;
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(two).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"todos: holds 11 items, the limit is 10; remove items or merge \
                small steps into one; or raise the limit with \\\"max_items\\\" in .todos.config.json \
                or TODOS_MAX_ITEMS\",\"details\":[{\"path\":\"todos\",\
                \"message\":\"holds 11 items, the limit is 10; remove items or merge small \
                steps into one; or raise the limit with \\\"max_items\\\" in .todos.config.json \
                or TODOS_MAX_ITEMS\"}]},\"text\":\"error: todos: holds 11 items, the limit \
                is 10; remove items or merge small steps into one; or raise the limit with \
                \\\"max_items\\\" in .todos.config.json or TODOS_MAX_ITEMS\",\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"merge\":true,\
                \"todos\":[{\"id\":\"a\",\"content\":\"Ten\",\"status\":\"pending\"},\
                {\"id\":\"b\",\"content\":\"Eleven\",\"status\":\"pending\"}]}}}\n"), 1)
        .json();
    assert_eq!(error_paths(&json), ["todos"]);
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("holds 11 items, the limit is 10; remove items or merge small steps"),
        "{message}"
    );
}

/// VS Code / Copilot's `manage_todo_list`: `operation` write or read, `todoList[]` of a numeric
/// `id`, `title`, `description` and `status` not-started, in-progress or completed. Taken from
/// SPEC §3's row (the tool lives in microsoft/vscode-copilot-chat; its schema was not re-read
/// for this test).
#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn vscode_manage_todo_list_writes_and_reads() {
    let env = TestEnv::new();
    let write = r#"{"operation": "write", "todoList": [
        {"id": 1, "title": "Reproduce the bug", "description": "Run the failing login test", "status": "completed"},
        {"id": 2, "title": "Patch the check", "description": "Token expiry is compared in seconds\nagainst milliseconds", "status": "in-progress"},
        {"id": 3, "title": "Add a regression test", "description": "", "status": "not-started"}]}"#;
    env.todos(&["write"])
        .stdin(write)
        .expect_stdout(concat!(
            "[1/3] (no summary)\n",
            "  1 [x] Reproduce the bug\n",
            "  2 [▶] Patch the check\n",
            "  3 [ ] Add a regression test\n",
            still_open!(2 of 3),
        ))
        .expect_stderr(no_summary!())
        .run()
        .success();
    let store = env.store();
    assert_eq!(
        items(&store["todos"]),
        [
            triple("1", "completed", "Reproduce the bug"),
            triple("2", "in_progress", "Patch the check"),
            triple("3", "pending", "Add a regression test"),
        ]
    );
    assert_eq!(
        store["todos"][1]["description"],
        "Token expiry is compared in seconds\nagainst milliseconds"
    );
    assert!(
        store["todos"][2].get("description").is_none(),
        "blank is none"
    );
    // The description is kept for --json; the checklist stays one line per item.
    env.todos(&["show"])
        .expect_stdout(concat!(
            "[1/3] (no summary)\n",
            "  1 [x] Reproduce the bug\n",
            "  2 [▶] Patch the check\n",
            "  3 [ ] Add a regression test\n"
        ))
        .run()
        .success();
    let json = env
        .todos(&["--json", "show"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\"todos\":[{\"id\":\"1\",\
                 \"content\":\"Reproduce the bug\",\"status\":\"completed\",\
                 \"description\":\"Run the failing login test\"},{\"id\":\"2\",\
                 \"content\":\"Patch the check\",\"status\":\"in_progress\",\
                 \"description\":\"Token expiry is compared in seconds\\nagainst \
                 milliseconds\"},{\"id\":\"3\",\"content\":\"Add a regression test\",\
                 \"status\":\"pending\"}],\"recap\":\"[1/3] In progress: Patch the check. \
                 Pending: Add a regression test.\",\"revision\":1,\"warnings\":[]},\
                 \"text\":\"Todos: 1 pending, 1 in_progress, 1 completed.\",\
                 \"stats\":{\"total\":3,\"pending\":1,\"in_progress\":1,\"completed\":1,\
                 \"cancelled\":0,\"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(
        json["data"]["todos"][0]["description"],
        "Run the failing login test"
    );

    // An agent that knows nothing of descriptions re-sends the list: they are kept; an
    // explicit null clears one.
    let claude = r#"{"todos": [
        {"content": "Reproduce the bug", "status": "completed", "activeForm": "Reproducing"},
        {"content": "Patch the check", "status": "in_progress", "activeForm": "Patching", "description": null},
        {"content": "Add a regression test", "status": "pending", "activeForm": "Adding a test"}]}"#;
    env.todos(&["write"])
        .stdin(claude)
        .expect_stdout(concat!(
            "[1/3] (no summary)\n",
            "  1 [x] Reproduce the bug\n",
            "  2 [▶] Patch the check — Patching\n",
            "  3 [ ] Add a regression test\n",
            still_open!(2 of 3)
        ))
        .run()
        .success();
    let store = env.store();
    assert_eq!(
        store["todos"][0]["description"],
        "Run the failing login test"
    );
    assert!(
        store["todos"][1].get("description").is_none(),
        "null clears"
    );
    env.todos(&["write"])
        .stdin(write)
        .expect_stdout(concat!(
            "[1/3] (no summary)\n",
            "  1 [x] Reproduce the bug\n",
            "  2 [▶] Patch the check — Patching\n",
            "  3 [ ] Add a regression test\n",
            still_open!(2 of 3)
        ))
        .run()
        .success();

    // "read" only prints: nothing is written, not even a revision.
    let before = env.tree();
    let read = env
        .todos(&["--json", "write"])
        .stdin(r#"{"operation": "read"}"#)
        .expect_stdout("{\"status\":\"success\",\"data\":{\"summary\":null,\
                \"todos\":[{\"id\":\"1\",\"content\":\"Reproduce the bug\",\
                \"status\":\"completed\",\"active_form\":\"Reproducing\",\
                \"description\":\"Run the failing login test\"},{\"id\":\"2\",\
                \"content\":\"Patch the check\",\"status\":\"in_progress\",\
                \"active_form\":\"Patching\",\"description\":\"Token expiry is compared \
                in seconds\\nagainst milliseconds\"},{\"id\":\"3\",\
                \"content\":\"Add a regression test\",\"status\":\"pending\",\
                \"active_form\":\"Adding a test\"}],\"recap\":\"[1/3] In progress: Patch \
                the check. Pending: Add a regression test.\",\"revision\":3,\
                \"changed\":false,\"warnings\":[]},\"text\":\"No change: the plan already \
                matches (revision 3).\",\"stats\":{\"total\":3,\"pending\":1,\
                \"in_progress\":1,\"completed\":1,\"cancelled\":0,\
                \"failed\":0,\"blocked\":0},\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"operation\":\"read\"}}}\n").run()
        .success()
        .json();
    assert_eq!(read["data"]["changed"], false);
    assert_eq!(read["data"]["todos"].as_array().unwrap().len(), 3);
    assert_eq!(env.tree(), before);
}

#[test]
fn a_vscode_read_with_a_list_or_a_mistyped_operation_is_refused() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let json = env
        .rejects(
            env.todos(&["--json", "write"]).stdin(
                r#"{"operation": "read", "todoList": [{"id": 1, "title": "A", "status": "completed"}]}"#,
            ).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                    \"message\":\"operation: \\\"read\\\" only prints the plan; to change it, \
                    send \\\"write\\\" with the list\",\"details\":[{\"path\":\"operation\",\
                    \"message\":\"\\\"read\\\" only prints the plan; to change it, send \\\"write\\\" \
                    with the list\"}]},\"text\":\"error: operation: \\\"read\\\" only prints \
                    the plan; to change it, send \\\"write\\\" with the list\",\
                    \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                    \"list\":\"default\",\"params_input\":{\"operation\":\"read\",\
                    \"todoList\":[{\"id\":1,\"title\":\"A\",\"status\":\"completed\"}]}}}\n"),
            1,
        )
        .json();
    assert_eq!(error_paths(&json), ["operation"]);
    env.rejects(
        env.todos(&["write"])
            .stdin(r#"{"operation": "wirte", "todoList": []}"#).expect_stderr("error: operation: unknown operation \"wirte\"; did you mean \"write\"? Use \"write\" to replace the list or \"read\" to print it\n"),
        1,
    );
}

/// `OpenCode`'s `todowrite`: `todos[]` of `content`, `status` (pending, `in_progress`, completed,
/// cancelled), `priority` (high, medium, low) and `id`; Amp's and Trae's `todo_write` send
/// `in-progress` and `todo`. Taken from SPEC §3's row (`OpenCode`'s tool is in sst/opencode; it
/// was not re-read for this test).
#[test]
fn opencode_amp_and_trae_todo_lists() {
    let env = TestEnv::new();
    let opencode = r#"{"todos": [
        {"content": "Read the failing test", "status": "completed", "priority": "high", "id": "1"},
        {"content": "Fix the parser", "status": "in_progress", "priority": "high", "id": "2"},
        {"content": "Run the suite", "status": "pending", "priority": "medium", "id": "3"}]}"#;
    env.todos(&["write"])
        .stdin(opencode)
        .expect_stdout(concat!(
            "[1/3] (no summary)\n",
            "  1 [x] Read the failing test (high priority)\n",
            "  2 [▶] Fix the parser (high priority)\n",
            "  3 [ ] Run the suite (medium priority)\n",
            still_open!(2 of 3),
        ))
        .expect_stderr(no_summary!())
        .run()
        .success();
    assert_eq!(env.store()["todos"][1]["priority"], "high");
    let amp = r#"{"todos": [
        {"id": "1", "content": "Read the failing test", "status": "completed", "priority": "high"},
        {"id": "2", "content": "Fix the parser", "status": "in-progress", "priority": "high"},
        {"id": "3", "content": "Run the suite", "status": "todo", "priority": "low"}]}"#;
    env.todos(&["write"])
        .stdin(amp)
        .expect_stdout(concat!(
            "[1/3] (no summary)\n",
            "  1 [x] Read the failing test (high priority)\n",
            "  2 [▶] Fix the parser (high priority)\n",
            "  3 [ ] Run the suite (low priority)\n",
            still_open!(2 of 3)
        ))
        .run()
        .success();
    assert_eq!(
        items(&env.store()["todos"]),
        [
            triple("1", "completed", "Read the failing test"),
            triple("2", "in_progress", "Fix the parser"),
            triple("3", "pending", "Run the suite"),
        ]
    );
    assert_eq!(env.store()["todos"][2]["priority"], "low");
}

/// Qwen Code's `todo_write` (QwenLM/qwen-code-docs, tools/todo-write.md: `todos[]` of `id`,
/// `content`, `status`; the example ids below are its own) and `blockedBy` (SPEC §3's row):
/// the snapshot's own ids are translated to the ids todos gives (§3a).
#[test]
fn qwen_code_todo_write_with_blocked_by() {
    let env = TestEnv::new();
    let qwen = r#"{"todos": [
        {"id": "create-model", "content": "Create user preferences model", "status": "in_progress", "blockedBy": []},
        {"id": "add-endpoints", "content": "Add API endpoints for preferences", "status": "pending"}]}"#;
    env.todos(&["write"])
        .stdin(qwen)
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [▶] Create user preferences model\n",
            "  2 [ ] Add API endpoints for preferences\n",
            still_open!(2 of 2),
        ))
        .expect_stderr(no_summary!())
        .run()
        .success();
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 2);
    let blocked = r#"{"todos": [
        {"id": "create-model", "content": "Create user preferences model", "status": "in_progress"},
        {"id": "add-endpoints", "content": "Add API endpoints for preferences", "status": "pending", "blockedBy": ["create-model"]}]}"#;
    env.todos(&["write"])
        .stdin(blocked)
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [▶] Create user preferences model\n",
            "  2 [ ] Add API endpoints for preferences ⧗ 1\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][1]["blocked_by"], json!(["1"]));
    let unknown = blocked.replace(r#"["create-model"]"#, r#"["create-models"]"#);
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(unknown).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"todos[1].blockedBy[0]: \\\"create-models\\\" names no item; \
                the snapshot's ids are create-model, add-endpoints\",\
                \"details\":[{\"path\":\"todos[1].blockedBy[0]\",\"message\":\"\\\"create-models\\\" \
                names no item; the snapshot's ids are create-model, add-endpoints\"}]},\
                \"text\":\"error: todos[1].blockedBy[0]: \\\"create-models\\\" names no \
                item; the snapshot's ids are create-model, add-endpoints\",\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"todos\":[{\"id\":\"create-model\",\
                \"content\":\"Create user preferences model\",\"status\":\"in_progress\"},\
                {\"id\":\"add-endpoints\",\"content\":\"Add API endpoints for preferences\",\
                \"status\":\"pending\",\"blockedBy\":[\"create-models\"]}]}}}\n"), 1)
        .json();
    assert_eq!(error_paths(&json), ["todos[1].blockedBy[0]"]);
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    assert!(message.contains("create-model, add-endpoints"), "{message}");
}

/// Gemini CLI's `write_todos` (gemini-cli, docs/tools/todos.md: `todos[]` of `description` and
/// `status` pending, `in_progress`, completed, cancelled; the first texts below are its example),
/// and `blocked` (SPEC §3's row).
#[test]
fn gemini_write_todos_with_cancelled_and_blocked() {
    let env = TestEnv::new();
    let gemini = r#"{"todos": [
        {"description": "Initialize new React project", "status": "completed"},
        {"description": "Implement state management", "status": "in_progress"},
        {"description": "Wait for the API key from the user", "status": "blocked"},
        {"description": "Create API service", "status": "cancelled"}]}"#;
    let json = env
        .todos(&["--json", "write"])
        .stdin(gemini)
        .expect_stdout(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\
                \"todos\":[{\"id\":\"1\",\"content\":\"Initialize new React project\",\
                \"status\":\"completed\"},{\"id\":\"2\",\"content\":\"Implement state management\",\
                \"status\":\"in_progress\"},{\"id\":\"3\",\"content\":\"Wait for the API \
                key from the user\",\"status\":\"blocked\"},{\"id\":\"4\",\
                \"content\":\"Create API service\",\"status\":\"cancelled\"}],\
                \"recap\":\"[2/4] In progress: Implement state management. Blocked: Wait \
                for the API key from the user. Cancelled: Create API service.\",\
                \"revision\":1,\"changed\":true,\"warnings\":[\"the plan has no summary: \
                say in one line what it is for with \\\"summary\\\" or --summary\"]},\
                \"text\":\"Updated todos: 1 in_progress, 1 completed, 1 cancelled, 1 blocked.\",\
                \"stats\":{\"total\":4,\"pending\":0,\"in_progress\":1,\
                \"completed\":1,\"cancelled\":1,\"failed\":0,\"blocked\":1},\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"todos\":[{\"description\":\"Initialize \
                new React project\",\"status\":\"completed\"},{\"description\":\"Implement \
                state management\",\"status\":\"in_progress\"},{\"description\":\"Wait for \
                the API key from the user\",\"status\":\"blocked\"},\
                {\"description\":\"Create API service\",\"status\":\"cancelled\"}]}}}\n",
        )
        .run()
        .success()
        .json();
    assert_eq!(json["stats"]["blocked"], 1);
    assert_eq!(
        json["data"]["recap"],
        "[2/4] In progress: Implement state management. Blocked: Wait for the API key from the \
         user. Cancelled: Create API service."
    );
    env.todos(&["show"])
        .expect_stdout(concat!(
            "[2/4] (no summary)\n",
            "  1 [x] Initialize new React project\n",
            "  2 [▶] Implement state management\n",
            "  3 [=] Wait for the API key from the user\n",
            "  4 [~] Create API service\n"
        ))
        .run()
        .success();
    // Blocked is open: check fails, and the item is listed among the open ones.
    env.rejects(
        env.todos(&["check"]).expect_stderr(concat!(
            items_still_open!(2 of 4),
            "[2/4] In progress: Implement state management. Blocked: Wait for the API \
                key from the user. Cancelled: Create API service.\n",
            "  2 [▶] Implement state management\n",
            "  3 [=] Wait for the API key from the user\n",
            finish_before_stop!(them),
        )),
        1,
    );
}

/// Roo Code's `update_todo_list` (its native tool definition: one string `todos`, "full markdown
/// checklist in execution order, using [ ] for pending, [x] for completed, and [-] for in
/// progress").
#[test]
fn roo_code_update_todo_list_checklist_in_a_string() {
    let env = TestEnv::new();
    let roo = json!({"todos": "[x] Analyze requirements\n[-] Design architecture\n[ ] Implement core logic\n[ ] Write tests"});
    env.todos(&["write"])
        .stdin(roo.to_string())
        .expect_stdout(concat!(
            "[1/4] (no summary)\n",
            "  1 [x] Analyze requirements\n",
            "  2 [▶] Design architecture\n",
            "  3 [ ] Implement core logic\n",
            "  4 [ ] Write tests\n",
            still_open!(3 of 4),
        ))
        .expect_stderr(no_summary!())
        .run()
        .success();
    assert_eq!(
        items(&env.store()["todos"]),
        [
            triple("1", "completed", "Analyze requirements"),
            triple("2", "in_progress", "Design architecture"),
            triple("3", "pending", "Implement core logic"),
            triple("4", "pending", "Write tests"),
        ]
    );
}

#[test]
fn a_markdown_checklist_on_plain_stdin() {
    let env = TestEnv::new();
    let text = "- [x] Reproduce\n* [ ] Patch\n[-] Test\n  - [~] Perf script\n- [!] Flaky job\n";
    env.todos(&["write", "--summary", "Fix login"])
        .stdin(text)
        .expect_stdout(concat!(
            "[3/5] Fix login\n",
            "  1 [x] Reproduce\n",
            "  2 [ ] Patch\n",
            "  3 [▶] Test\n",
            "  4 [~] Perf script\n",
            "  5 [!] Flaky job\n",
            still_open!(2 of 5)
        ))
        .run()
        .success();
    assert_eq!(
        items(&env.store()["todos"]),
        [
            triple("1", "completed", "Reproduce"),
            triple("2", "pending", "Patch"),
            triple("3", "in_progress", "Test"),
            triple("4", "cancelled", "Perf script"),
            triple("5", "failed", "Flaky job"),
        ]
    );
    assert_eq!(env.store()["summary"], "Fix login");
}

#[test]
fn a_checklist_line_that_is_no_item_is_named() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let json = env
        .rejects(
            env.todos(&["--json", "write"])
                .stdin("- [x] Reproduce\nthen patch it\n- [?] Test\n").expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                        \"message\":\"the input has 2 problems\",\"details\":[{\"path\":\"todos[1]\",\
                        \"message\":\"is not a checklist line such as \\\"[ ] Write the test\\\" \
                        (boxes: [ ] pending, [-] in_progress, [x] completed, [~] cancelled, [!] \
                        failed, [=] blocked)\"},{\"path\":\"todos[2]\",\"message\":\"has the box \
                        \\\"[?]\\\", which names no status; use [ ] pending, [-] in_progress, [x] \
                        completed, [~] cancelled, [!] failed, [=] blocked\"}]},\
                        \"text\":\"error: the input has 2 problems\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                        \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"todos\":\"- \
                        [x] Reproduce\\nthen patch it\\n- [?] Test\"}}}\n"),
            1,
        )
        .json();
    assert_eq!(error_paths(&json), ["todos[1]", "todos[2]"]);
    let message = json["error"]["details"][1]["message"].as_str().unwrap();
    assert!(message.contains("[x] completed"), "{message}");
}

/// Claude Code's `TaskCreate` (`subject`, `description`, `activeForm`) on `create`, and
/// `TaskUpdate` on `update`: its input schema (tools/TaskUpdateTool) is a strict object of
/// `taskId`, `subject`, `description`, `activeForm`, `status` (the task statuses or `deleted`),
/// `addBlocks`, `addBlockedBy`, `owner` and `metadata`.
#[test]
fn claude_code_task_create_and_task_update() {
    let env = TestEnv::new();
    env.plan("Ship", &["completed:Tag"]);
    let create = r#"{"subject": "Run the tests", "description": "The whole suite, then the benches", "activeForm": "Running the tests"}"#;
    env.todos(&["create"])
        .stdin(create)
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] Tag\n",
            "  2 [ ] Run the tests\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    let item = &env.store()["todos"][1];
    assert_eq!(item["content"], "Run the tests");
    assert_eq!(item["description"], "The whole suite, then the benches");
    assert_eq!(item["active_form"], "Running the tests");
    let update = r#"{"taskId": "2", "status": "in_progress", "subject": "Run every test", "addBlockedBy": []}"#;
    env.todos(&["update"])
        .stdin(update)
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] Tag\n",
            "  2 [▶] Run every test — Running the tests\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    let item = &env.store()["todos"][1];
    assert_eq!(
        (item["status"].as_str(), item["content"].as_str()),
        (Some("in_progress"), Some("Run every test"))
    );
    env.todos(&["show"])
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] Tag\n",
            "  2 [▶] Run every test — Running the tests\n"
        ))
        .run()
        .success();
}

/// Claude Code's `TaskUpdate`: `deleted` removes the task, `addBlockedBy` and `addBlocks` add
/// dependencies from either side, `owner` assigns it.
#[test]
fn claude_task_update_deletes_adds_blockers_and_owners() {
    let env = TestEnv::new();
    env.plan(
        "Ship",
        &["pending:Tag", "pending:Publish", "pending:Announce"],
    );
    for (payload, tag, announce) in [
        (r#"{"taskId": "2", "addBlockedBy": ["1"]}"#, "[ ] Tag", ""),
        (r#"{"taskId": "2", "addBlocks": ["3"]}"#, "[ ] Tag", " ⧗ 2"),
        (
            r#"{"taskId": "1", "owner": "api-agent", "status": "in_progress"}"#,
            "[▶] Tag @api-agent",
            " ⧗ 2",
        ),
    ] {
        env.todos(&["update"])
            .stdin(payload)
            .expect_stdout(format!(
                "[0/3] Ship\n  \
                 1 {tag}\n  \
                 2 [ ] Publish ⧗ 1\n  \
                 3 [ ] Announce{announce}\n\
                 {still_open}",
                still_open = still_open!(3 of 3)
            ))
            .run();
    }
    let store = env.store();
    assert_eq!(store["todos"][1]["blocked_by"], json!(["1"]));
    assert_eq!(store["todos"][2]["blocked_by"], json!(["2"]));
    assert_eq!(store["todos"][0]["owner"], "api-agent");
    env.todos(&["update"])
        .stdin(r#"{"taskId": "2", "status": "deleted"}"#)
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [▶] Tag @api-agent\n",
            "  3 [ ] Announce\n",
            still_open!(2 of 2),
        ))
        .expect_stderr(concat!(
            "warning: removed open item 2 \"Publish\" (pending); if it is still needed, \
                    `todos undo` brings it back\n",
            "warning: removed item 2 \"Publish\" was blocking 3 \"Announce\": it no longer \
                    waits on it\n",
        ))
        .run()
        .success();
    let store = env.store();
    assert_eq!(store["todos"].as_array().unwrap().len(), 2);
    assert!(store["todos"][1].get("blocked_by").is_none(), "{store}");
}

/// Agents wrap JSON in a Markdown fence (```json … ```) as they would in chat.
#[test]
fn json_in_a_markdown_fence() {
    let env = TestEnv::new();
    let fenced = "```json\n{\"summary\": \"Fix login\", \"todos\": [{\"content\": \"Patch\", \"status\": \"in_progress\"}]}\n```\n";
    env.todos(&["write"])
        .stdin(fenced)
        .expect_stdout(concat!(
            "[0/1] Fix login\n",
            "  1 [▶] Patch\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert_eq!(env.store()["summary"], "Fix login");
    env.todos(&["update"])
        .stdin("```\n{\"id\": \"1\", \"status\": \"done\"}\n```")
        .expect_stdout(concat!(
            "[1/1] Fix login\n",
            "  1 [x] Patch\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    env.todos(&["create"])
        .stdin("```json\n{\"items\": [\"Tag\"]}\n```")
        .expect_stdout(concat!(
            "[1/2] Fix login\n",
            "  1 [x] Patch\n",
            "  2 [ ] Tag\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    assert_eq!(
        items(&env.store()["todos"]),
        [
            triple("1", "completed", "Patch"),
            triple("2", "pending", "Tag")
        ]
    );
}

#[test]
fn aliases_of_statuses_ids_and_fields() {
    let env = TestEnv::new();
    let input = r#"{"todos": [
        {"task_id": 7, "subject": "A", "status": "complete"},
        {"taskId": "8", "content": "B", "status": "Closed"},
        {"id": 9, "title": "C", "status": "open"},
        {"id": "10", "text": "D", "status": "not_started"},
        {"step": "E", "status": "Not-Started"},
        {"title": "F", "description": "Detail of F", "status": "in-progress"},
        {"description": "G alone is the text", "status": "blocked"}]}"#;
    env.todos(&["write", "--summary", "S"])
        .stdin(input)
        .expect_stdout(concat!(
            "[2/7] S\n",
            "  1 [x] A\n",
            "  2 [x] B\n",
            "  3 [ ] C\n",
            "  4 [ ] D\n",
            "  5 [ ] E\n",
            "  6 [▶] F\n",
            "  7 [=] G alone is the text\n",
            still_open!(5 of 7)
        ))
        .run()
        .success();
    let store = env.store();
    let statuses: Vec<String> = items(&store["todos"]).into_iter().map(|t| t.1).collect();
    assert_eq!(
        statuses,
        [
            "completed",
            "completed",
            "pending",
            "pending",
            "pending",
            "in_progress",
            "blocked"
        ]
    );
    assert_eq!(store["todos"][5]["content"], "F");
    assert_eq!(store["todos"][5]["description"], "Detail of F");
    assert_eq!(store["todos"][6]["content"], "G alone is the text");
    assert!(store["todos"][6].get("description").is_none());
    // A numeric id is its decimal text: it names the stored item "1".
    env.todos(&["update"])
        .stdin(r#"{"task_id": 1, "status": "cancelled"}"#)
        .expect_stdout(concat!(
            "[2/7] S\n",
            "  1 [~] A\n",
            "  2 [x] B\n",
            "  3 [ ] C\n",
            "  4 [ ] D\n",
            "  5 [ ] E\n",
            "  6 [▶] F\n",
            "  7 [=] G alone is the text\n",
            still_open!(5 of 7)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["status"], "cancelled");
}

/// What `init --agent AGENT --hooks --mcp` prints when it `action`s (created, unchanged) every
/// file.
fn full_setup(agent: &str, action: &str) -> String {
    match agent {
        "claude" => format!(
            concat!(
                "{action} CLAUDE.md: the todos instructions (10 items, 60 characters an item)\n",
                "{action} .claude/settings.json: `todos hook` as the SessionStart (startup|resume|clear|compact|fork), PostToolUse and Stop hooks; allows `Bash(todos:*)` and `mcp__todos` (permissions.allow), todos alone\n",
                "{action} .mcp.json: the todos MCP server (todos mcp), Claude Code asks you once to approve the project's MCP servers when it next starts here; check with /mcp\n",
                still_asks!(claude),
                trust_step!(claude),
            ),
            action = action
        ),
        "codex" => format!(
            concat!(
                "{action} AGENTS.md: the todos instructions (10 items, 60 characters an item)\n",
                "{action} .codex/hooks.json: `todos hook` as the SessionStart \
                 (startup|resume|clear|compact|fork), PostToolUse and Stop hooks\n",
                "{action} .codex/config.toml: the todos MCP server (todos mcp), its tools \
                 approved (default_tools_approval_mode = \"approve\"); Codex loads a \
                 project's .codex/config.toml once you trust the folder; check with /mcp\n",
                still_asks!(codex),
                trust_step!(codex),
            ),
            action = action
        ),
        "gemini" => format!(
            concat!(
                "{action} GEMINI.md: the todos instructions (10 items, 60 characters an item)\n",
                "{action} .gemini/settings.json: `todos hook` as the SessionStart, BeforeAgent, \
                        AfterTool and AfterAgent hooks; the todos MCP server (todos mcp), trusted (\"trust\": \
                        true), so Gemini CLI offers its tools without asking; it loads a project's \
                        MCP servers in a trusted folder; check with /mcp; allows `run_shell_command(todos)` \
                        (tools.allowed), todos alone\n",
                still_asks!(gemini),
                trust_step!(gemini),
            ),
            action = action
        ),
        other => panic!("no setup for {other}"),
    }
}

/// After one `todos init --agent X --hooks --mcp`, each agent's project files allow `todos`
/// and its MCP tools, and nothing else: every rule and every approval names todos alone, as
/// scripts/agents-e2e.sh measured each agent's rules (Claude Code 2.1.330, Codex 0.169.0,
/// Gemini CLI 0.61.0) in its default permission mode.
#[test]
fn each_agent_is_set_up_to_run_todos_alone_without_asking() {
    let env = TestEnv::new();
    for agent in ["claude", "codex", "gemini"] {
        env.todos(&["init", "--agent", agent, "--hooks", "--mcp"])
            .expect_stdout(full_setup(agent, "created"))
            .run();
    }
    let json = |path: &str| serde_json::from_str::<serde_json::Value>(&env.read(path)).unwrap();
    let claude = json(".claude/settings.json");
    assert_eq!(
        claude["permissions"],
        json!({"allow": ["Bash(todos:*)", "mcp__todos"]})
    );
    assert_eq!(
        json(".mcp.json")["mcpServers"],
        json!({"todos": {"type": "stdio", "command": "todos", "args": ["mcp"]}})
    );
    let gemini = json(".gemini/settings.json");
    assert_eq!(
        gemini["tools"],
        json!({"allowed": ["run_shell_command(todos)"]})
    );
    assert_eq!(
        gemini["mcpServers"],
        json!({"todos": {"command": "todos", "args": ["mcp"], "trust": true}})
    );
    assert_eq!(
        env.read(".codex/config.toml"),
        "[mcp_servers.todos]\ncommand = \"todos\"\nargs = [\"mcp\"]\ndefault_tools_approval_mode = \"approve\"\n"
    );
    // Nothing that allows more: no wildcard, no approval mode, no sandbox or trust setting.
    for file in [
        ".claude/settings.json",
        ".gemini/settings.json",
        ".codex/config.toml",
    ] {
        let text = env.read(file);
        for broader in [
            "Bash(*)",
            "\"Bash\"",
            "run_shell_command\"",
            "defaultMode",
            "bypassPermissions",
            "approval_policy",
            "sandbox_mode",
            "trust_level",
            "autoAccept",
            "yolo",
        ] {
            assert!(!text.contains(broader), "{file} holds {broader}: {text}");
        }
    }
    // Once more: nothing changes.
    let before = env.tree();
    for agent in ["claude", "codex", "gemini"] {
        env.todos(&["init", "--agent", agent, "--hooks", "--mcp"])
            .expect_stdout(full_setup(agent, "unchanged"))
            .run();
    }
    assert_eq!(env.tree(), before);
}
