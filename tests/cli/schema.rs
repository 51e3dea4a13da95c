//! `todos schema`: the examples of the seed documents and of SPEC.md, validated against the
//! printed schemas with the `jsonschema` crate and sent to the tool itself.
//!
//! The schemas document the canonical shape only. So every example is one of three kinds:
//! canonical (the schema accepts it and so does `todos`), another agent's shape (the schema
//! refuses it, `todos` accepts it, and what `todos` stores, sent back in the canonical shape,
//! passes the schema), or invalid (both refuse it).

use serde_json::{Value, json};

use crate::support::{
    TestEnv, envelope_end, give_items_hint, input_problems, send_id_hint, still_open,
};

#[track_caller]
fn schema(env: &TestEnv, command: &str) -> Value {
    let done = env
        .todos(&["schema", command])
        .stdout_in_parts("a JSON schema, read as a value")
        .run();
    serde_json::from_str(&done.stdout).expect("the schema is JSON")
}

#[track_caller]
fn validator(env: &TestEnv, command: &str) -> jsonschema::Validator {
    let schema = schema(env, command);
    assert!(jsonschema::meta::is_valid(&schema), "{schema}");
    jsonschema::validator_for(&schema).expect("the schema compiles")
}

/// `todos write` with this input in a fresh workspace, which must exit `code`: the envelope.
#[track_caller]
fn write(input: &Value, code: i32) -> Value {
    let env = TestEnv::new();
    let done = env
        .todos(&["--json", "write"])
        .stdin(input.to_string())
        .expect_code(code)
        .stdout_in_parts("the envelope: the tests check its data")
        .run();
    done.json()
}

/// SPEC.md §3 fills the status of four rows with "…"; "pending" stands in for it.
const SPEC_CANONICAL: &str =
    r#"{"summary":"…","todos":[{"content":"…","status":"in_progress","id":"…"}]}"#;
/// Claude Code's `TodoWrite` with a summary: canonical, since the schema takes `activeForm`.
const SPEC_CLAUDE_CANONICAL: &str = r#"{"summary":"…","todos":[{"content":"…","status":"pending","activeForm":"…","priority":"high","id":"…"}]}"#;

/// SPEC §3's rows, the new ones last (Qwen's `blockedBy` empty: the row's one item has no other
/// item to wait on; tests/cli/dependencies.rs covers them).
const SPEC_ALIASES: [&str; 13] = [
    r#"{"todos":[{"title":"…","status":"done"}]}"#,
    r#"{"task":"…","steps":[{"id":"step1","description":"…","status":"completed"}]}"#,
    r#"{"todos":[{"id":"…","text":"…","status":"pending"}]}"#,
    r#"{"todos":[{"content":"…","status":"pending","activeForm":"…","priority":"high","id":"…"}]}"#,
    r#"{"explanation":"…","plan":[{"step":"…","status":"pending"}]}"#,
    r#"{"todos":[{"description":"…","status":"pending"}]}"#,
    r#"{"todos":[{"description":"…","status":"blocked"}]}"#,
    r#"{"merge":true,"todos":[{"id":"…","content":"…","status":"cancelled"}]}"#,
    r#"{"operation":"write","todoList":[{"id":1,"title":"…","description":"…","status":"not-started"}]}"#,
    r#"{"todos":[{"id":"…","content":"…","status":"in-progress","priority":"high"}]}"#,
    r#"{"todos":[{"id":"…","content":"…","status":"pending","blockedBy":[]}]}"#,
    r#"{"todos":"[x] Reproduce\n[-] Patch\n[ ] Test"}"#,
    "```json\n{\"summary\":\"…\",\"todos\":[{\"content\":\"…\",\"status\":\"pending\"}]}\n```",
];

/// 003, the `TodoWrite` design document (§5): the plan of its envelope example.
const SEED_CANONICAL: &str = r#"{"summary": "修复 multi_edit 重叠检测并完善文档", "todos": [
    {"id": "t1", "content": "修复重叠检测", "status": "in_progress"},
    {"id": "t2", "content": "更新文档", "status": "pending"},
    {"id": "t3", "content": "性能优化脚本", "status": "cancelled"}]}"#;

const SEED_ALIASES: [&str; 4] = [
    // 000, Kimi SetTodoList: the input example.
    r#"{"todos": [{"title": "梳理需求", "status": "done"}, {"title": "实现主流程", "status": "in_progress"}, {"title": "补充测试", "status": "pending"}]}"#,
    // 001, WeKnora TodoWriteTool: the usage example, as JSON.
    r#"{"task": "比较 WeKnora 与 LangChain、LlamaIndex", "steps": [
        {"id": "step1", "description": "搜索知识库中的 WeKnora 架构信息", "status": "pending"},
        {"id": "step2", "description": "使用 web_search 检索 LangChain 文档", "status": "pending"},
        {"id": "step3", "description": "使用 web_search 检索 LlamaIndex 文档", "status": "pending"},
        {"id": "step4", "description": "对比三个框架的核心特性", "status": "pending"}]}"#,
    // 003, the design document's `params_input`: canonical fields, but no summary.
    r#"{"todos": [{"content": "修复重叠检测", "status": "in_progress"}]}"#,
    // 004, s03 TodoManager: its items, as its update() validates them.
    r#"{"todos": [{"id": "todo_0", "text": "Write tests", "status": "completed"}, {"id": "todo_1", "text": "Ship", "status": "in_progress"}]}"#,
];

#[test]
fn canonical_examples_pass_the_schema_and_the_tool() {
    let env = TestEnv::new();
    let validator = validator(&env, "write");
    // The README's examples/plan.json sends Claude Code's `activeForm` (issue 16).
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/plan.json"))
            .unwrap();
    for example in [
        SPEC_CANONICAL,
        SPEC_CLAUDE_CANONICAL,
        SEED_CANONICAL,
        &readme,
    ] {
        let input: Value = serde_json::from_str(example).unwrap();
        assert!(validator.is_valid(&input), "{example}");
        let json = write(&input, 0);
        assert_eq!(json["data"]["warnings"], json!([]), "{json}");
    }
}

#[test]
fn other_agents_shapes_are_outside_the_schema_but_accepted() {
    let env = TestEnv::new();
    let validator = validator(&env, "write");
    for example in SPEC_ALIASES.iter().chain(&SEED_ALIASES) {
        // A fenced or checklist text is no JSON value at all: the schema cannot cover it.
        let input = serde_json::from_str::<Value>(example).ok();
        if let Some(input) = &input {
            assert!(
                !validator.is_valid(input),
                "not the canonical shape: {example}"
            );
        }
        let env = TestEnv::new();
        let done = env
            .todos(&["--json", "write"])
            .stdin(*example)
            .stdout_in_parts("the envelope: what todos made of the shape, checked below")
            .run();
        let (code, json) = (done.code, done.json());
        assert_eq!(code, 0, "todos accepts it: {json}");
        // What todos made of it, sent back in the canonical shape, is canonical.
        let canonical = json!({
            "summary": json["data"]["summary"].as_str().unwrap_or("A summary"),
            "todos": json["data"]["todos"],
        });
        let errors: Vec<String> = validator
            .iter_errors(&canonical)
            .map(|err| err.to_string())
            .collect();
        assert!(errors.is_empty(), "{canonical}: {errors:?}");
    }
}

#[test]
fn invalid_examples_fail_the_schema_and_the_tool() {
    let env = TestEnv::new();
    let validator = validator(&env, "write");
    let item = |content: &str, status: &str| json!({"content": content, "status": status});
    let eleven: Vec<Value> = (0..11)
        .map(|i| item(&format!("Step {i}"), "pending"))
        .collect();
    let invalid = [
        // 000, Kimi: the document's own invalid example (empty title, unknown status).
        json!({"todos": [{"title": "", "status": "working"}]}),
        json!({"summary": "S", "todos": eleven}),
        json!({"summary": "S", "todos": [item(&"x".repeat(61), "pending")]}),
        json!({"summary": "S", "todos": [item("A", "in_progress"), item("B", "in_progress")]}),
        json!({"summary": "S", "todos": [{"content": "A", "stauts": "pending"}]}),
        json!({"summary": "S", "todos": [item("A", "working")]}),
        json!({"summary": "S", "todos": [item("two\nlines", "pending")]}),
        json!({"summary": "S", "todos": [item("   ", "pending")]}),
        json!({"summary": "x".repeat(201), "todos": []}),
        json!({"summary": "S", "todos": [{"content": "A"}]}),
    ];
    for input in invalid {
        assert!(!validator.is_valid(&input), "the schema refuses {input}");
        let json = write(&input, 1);
        assert_eq!(json["error"]["code"], "INVALID_PARAM");
    }
}

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn create_and_update_examples() {
    let env = TestEnv::new();
    let create = validator(&env, "create");
    // SPEC §2 and 002's create_todos: {"items": [...]}.
    let items = json!({"items": ["Write the migration", "Run it on staging"]});
    assert!(create.is_valid(&items));
    env.todos(&["create"])
        .stdin(items.to_string())
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [ ] Write the migration\n",
            "  2 [ ] Run it on staging\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    // The other forms create takes are outside the schema: an array, and Claude Code's
    // TaskCreate (one item's subject, description and activeForm).
    assert!(!create.is_valid(&json!(["a", "b"])));
    let task_create = json!({"subject": "Run the tests", "description": "All of them", "activeForm": "Running the tests"});
    assert!(!create.is_valid(&task_create));
    env.todos(&["create"])
        .stdin(task_create.to_string())
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] Write the migration\n",
            "  2 [ ] Run it on staging\n",
            "  3 [ ] Run the tests\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    for (bad, refusal) in [
        (
            json!({"items": []}),
            concat!("error: no items to create\n", give_items_hint!()),
        ),
        (
            json!({"items": [""]}),
            "error: items[0]: is empty; say what the step is\n",
        ),
        (
            json!({"tasks": ["a"]}),
            concat!(
                input_problems!(2),
                "  tasks: unknown field \"tasks\"; the fields here are items, content, \
                 description, activeForm, priority, blocked_by, owner, type and parentId\n",
                "  content: is missing; every item needs its text (content, title, text, step \
                 or subject)\n",
            ),
        ),
    ] {
        assert!(!create.is_valid(&bad), "{bad}");
        env.rejects(
            env.todos(&["create"])
                .stdin(bad.to_string())
                .expect_stderr(refusal),
            1,
        );
    }

    let update = validator(&env, "update");
    // SPEC §2's stdin form.
    let change = json!({"id": "2", "status": "completed"});
    assert!(update.is_valid(&change));
    env.todos(&["update"])
        .stdin(change.to_string())
        .expect_stdout(concat!(
            "[1/3] (no summary)\n",
            "  1 [ ] Write the migration\n",
            "  2 [x] Run it on staging\n",
            "  3 [ ] Run the tests\n",
            still_open!(2 of 3)
        ))
        .run()
        .success();
    // 002's update_todo sends its own status names: accepted, but not canonical.
    let alias = json!({"id": "1", "status": "running"});
    assert!(!update.is_valid(&alias));
    env.todos(&["update"])
        .stdin(alias.to_string())
        .expect_stdout(concat!(
            "[1/3] (no summary)\n",
            "  1 [▶] Write the migration\n",
            "  2 [x] Run it on staging\n",
            "  3 [ ] Run the tests\n",
            still_open!(2 of 3)
        ))
        .run()
        .success();
    for (bad, refusal) in [
        (
            json!({"id": "1"}),
            concat!(
                "error: status: is missing; send the new status (pending, in_progress, \
                 completed, cancelled, failed or blocked; deleted removes the item), or a \
                 content, description, activeForm, priority, owner or blocked_by to change\n",
                send_id_hint!("1"),
            ),
        ),
        (
            json!({"status": "completed"}),
            "error: id: is missing; name the item to change (its id from `todos show`)\n",
        ),
    ] {
        assert!(!update.is_valid(&bad), "{bad}");
        env.rejects(
            env.todos(&["update"])
                .stdin(bad.to_string())
                .expect_stderr(refusal),
            1,
        );
    }
    assert_eq!(env.store()["todos"][0]["status"], "in_progress");
    assert_eq!(env.store()["todos"][1]["status"], "completed");
}

#[test]
fn limits_in_force_come_from_the_configuration() {
    let env = TestEnv::new();
    env.write_file(".todos.config.json", r#"{"max_content_chars": 120}"#);
    let done = env
        .todos(&["schema", "write"])
        .env("TODOS_MAX_ITEMS", "25")
        .stdout_in_parts("a JSON schema, read as a value")
        .run();
    let schema: Value = serde_json::from_str(&done.stdout).unwrap();
    let todos = &schema["properties"]["todos"];
    assert_eq!(todos["maxItems"], 25);
    assert_eq!(todos["items"]["properties"]["content"]["maxLength"], 120);
    let description = schema["description"].as_str().unwrap();
    assert!(description.contains("at most 25 items"), "{description}");
    assert!(
        description.contains("an item over 120 characters is refused"),
        "{description}"
    );
}

#[test]
fn tool_definitions_for_each_vendor() {
    let env = TestEnv::new();
    let tool = |command: &str, vendor: &str| -> Value {
        let done = env
            .todos(&["schema", command, "--tool", vendor])
            .stdout_in_parts("a tool definition, read as a value")
            .run();
        serde_json::from_str(&done.stdout).unwrap()
    };
    let openai = tool("write", "openai");
    assert_eq!(openai["type"], "function");
    assert_eq!(openai["name"], "todos_write");
    assert!(
        openai["description"]
            .as_str()
            .unwrap()
            .contains("Send every item each time")
    );
    assert_eq!(
        openai["parameters"]["required"],
        json!(["summary", "todos"])
    );
    let anthropic = tool("create", "anthropic");
    assert_eq!(
        anthropic.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["name", "description", "input_schema"]
    );
    assert_eq!(
        anthropic["input_schema"]["properties"]["items"]["maxItems"],
        10
    );
    let gemini = tool("update", "gemini");
    assert_eq!(gemini["name"], "todos_update");
    let parameters = gemini["parameters"].to_string();
    for keyword in ["additionalProperties", "pattern", "anyOf", "$schema"] {
        assert!(!parameters.contains(keyword), "{keyword} in {parameters}");
    }
    // The wrapped parameters still validate what they describe.
    let validator = jsonschema::validator_for(&openai["parameters"]).unwrap();
    assert!(validator.is_valid(&serde_json::from_str::<Value>(SPEC_CANONICAL).unwrap()));
}

#[test]
fn schema_reads_nothing_but_the_configuration_and_writes_nothing() {
    let env = TestEnv::new();
    let before = env.tree();
    let done = env
        .todos(&["--json", "schema", "update"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"name\":\"todos_update\",\
             \"schema\":{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\
             \"title\":\"todos update input\",\"description\":\"Change one item of the todo \
             plan of the workspace by its id (todos update): its status, text, owner or \
             dependencies (status deleted removes it). Work on one item at a time: mark an \
             item in_progress when you start it, completed as soon as it is done, cancelled \
             when it is no longer needed, failed when you tried and it could not be done, or \
             blocked when it waits on something outside the plan (it stays open) (at most 1 \
             item in_progress). Moving a completed, cancelled or failed item back to an open \
             status needs reopen: true. Text: each item 1-60 characters (longer items are \
             refused, not cut).\",\"type\":\"object\",\
             \"properties\":{\"id\":{\"type\":\"string\",\"minLength\":1,\
             \"pattern\":\"\\\\S\",\"description\":\"The id of the item to change, as todos \
             printed it.\"},\"status\":{\"type\":\"string\",\"enum\":[\"pending\",\
             \"in_progress\",\"completed\",\"cancelled\",\"failed\",\"blocked\",\"deleted\"],\
             \"description\":\"The new status: pending to put it back for later, in_progress \
             when you start it, completed as soon as it is done, cancelled when it is no \
             longer needed, failed when you tried and it could not be done, or blocked when \
             it waits on something outside the plan (it stays open); deleted removes the \
             item.\"},\"content\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":60,\
             \"pattern\":\"^[^\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F\\\\u202A-\\\\u202E\\\\u2066-\
             \\\\u2069\\\\u2028\\\\u2029\\\\uFEFF]*[^\\\\s\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F\
             \\\\u202A-\\\\u202E\\\\u2066-\\\\u2069\\\\u2028\\\\u2029\\\\uFEFF][^\\\\u0000-\\\\u0\
             01F\\\\u007F-\\\\u009F\\\\u202A-\\\\u202E\\\\u2066-\\\\u2069\\\\u2028\\\\u2029\\\\uFEFF]*$\",\
             \"description\":\"What the step is: one line of 1-60 characters.\"},\
             \"description\":{\"type\":\"string\",\"maxLength\":2000,\
             \"pattern\":\"^[^\\\\u0000-\\\\u0008\\\\u000B\\\\u000C\\\\u000E-\\\\u001F\\\\u007F-\
             \\\\u009F\\\\u202A-\\\\u202E\\\\u2066-\\\\u2069\\\\u2028\\\\u2029\\\\uFEFF]*$\",\
             \"description\":\"Longer detail for whoever does the step; may hold line breaks \
             (optional, shown by --json, never in the checklist).\"},\
             \"active_form\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":200,\
             \"pattern\":\"^[^\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F\\\\u202A-\\\\u202E\\\\u2066-\
             \\\\u2069\\\\u2028\\\\u2029\\\\uFEFF]*[^\\\\s\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F\
             \\\\u202A-\\\\u202E\\\\u2066-\\\\u2069\\\\u2028\\\\u2029\\\\uFEFF][^\\\\u0000-\\\\u0\
             01F\\\\u007F-\\\\u009F\\\\u202A-\\\\u202E\\\\u2066-\\\\u2069\\\\u2028\\\\u2029\\\\uFEFF]*$\",\
             \"description\":\"Present-continuous wording shown while the item is in \
             progress, e.g. \\\"Running the tests\\\" (optional).\"},\
             \"activeForm\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":200,\
             \"pattern\":\"^[^\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F\\\\u202A-\\\\u202E\\\\u2066-\
             \\\\u2069\\\\u2028\\\\u2029\\\\uFEFF]*[^\\\\s\\\\u0000-\\\\u001F\\\\u007F-\\\\u009F\
             \\\\u202A-\\\\u202E\\\\u2066-\\\\u2069\\\\u2028\\\\u2029\\\\uFEFF][^\\\\u0000-\\\\u0\
             01F\\\\u007F-\\\\u009F\\\\u202A-\\\\u202E\\\\u2066-\\\\u2069\\\\u2028\\\\u2029\\\\uFEFF]*$\",\
             \"description\":\"Present-continuous wording shown while the item is in \
             progress, e.g. \\\"Running the tests\\\" (optional).\"},\
             \"priority\":{\"type\":\"string\",\"enum\":[\"critical\",\"high\",\"medium\",\
             \"low\"],\"description\":\"How much the item matters (optional).\"},\
             \"owner\":{\"anyOf\":[{\"type\":\"string\",\"pattern\":\"^[A-Za-z0-9._@-]{1,\
             64}$\",\"description\":\"Who works on the item: an agent's or a person's name, \
             1-64 letters, digits, '.', '_', '-' or '@' (optional; `todos next --claim \
             --owner NAME` sets it).\"},{\"type\":\"null\"}],\"description\":\"Who works on \
             the item; null: nobody.\"},\"blocked_by\":{\"type\":\"array\",\
             \"items\":{\"type\":\"string\",\"minLength\":1,\"pattern\":\"\\\\S\",\
             \"description\":\"An item's id.\"},\"description\":\"Ids of the items this one \
             waits on: it is ready once each is completed or cancelled (a failed or blocked \
             one still holds it up) (optional). Replaces the whole list; [] clears it.\"},\
             \"addBlockedBy\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\
             \"minLength\":1,\"pattern\":\"\\\\S\",\"description\":\"An item's id.\"},\
             \"description\":\"Ids of items this one waits on from now on.\"},\
             \"unblock\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"minLength\":1,\
             \"pattern\":\"\\\\S\",\"description\":\"An item's id.\"},\"description\":\"Ids \
             of items this one no longer waits on.\"},\"reopen\":{\"type\":\"boolean\",\
             \"description\":\"Allow a completed, cancelled or failed item to become open \
             again.\"},\"take\":{\"type\":\"boolean\",\"description\":\"Take another owner's \
             item over on purpose (update --take): it becomes owner's, else the name the \
             change is made under.\"}},\"required\":[\"id\"],\
             \"anyOf\":[{\"required\":[\"status\"]},{\"required\":[\"content\"]},\
             {\"required\":[\"description\"]},{\"required\":[\"active_form\"]},\
             {\"required\":[\"activeForm\"]},{\"required\":[\"priority\"]},\
             {\"required\":[\"owner\"]},{\"required\":[\"blocked_by\"]},\
             {\"required\":[\"addBlockedBy\"]},{\"required\":[\"unblock\"]},\
             {\"required\":[\"take\"]}],\"not\":{\"required\":[\"active_form\",\
             \"activeForm\"]},\"additionalProperties\":false}},\"text\":\"The JSON Schema of \
             the todos_update input.\",",
            envelope_end!(),
        )).run()
        .success();
    let json = done.json();
    assert_eq!(json["status"], "success");
    assert_eq!(json["data"]["name"], "todos_update");
    assert_eq!(json["data"]["schema"]["required"], json!(["id"]));
    assert_eq!(env.tree(), before);
    assert!(!env.path(".todos.json").exists());
}
