//! `todos mcp` driven as a client drives it: JSON-RPC lines on the real binary's stdin, answers
//! read from its stdout, under both protocol revisions.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{
    Run, TestEnv, envelope_end, error_paths, instructions, items, still_asks, still_open, whole,
};

mod hints;

const LEGACY: &str = "2025-11-25";
const CURRENT: &str = "2026-07-28";
const TOOLS: [&str; 11] = [
    "write", "create", "update", "show", "recap", "remove", "next", "history", "undo", "redo",
    "check",
];
/// Long enough for a loaded CI machine; a hang fails the test instead of blocking the suite.
const PATIENCE: Duration = Duration::from_secs(20);

/// One server and the client's side of its pipes.
struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
    /// The `_meta` every request carries under 2026-07-28; `None` in a 2025-11-25 session.
    meta: Option<Value>,
}

impl Client {
    fn start(run: Run) -> Self {
        let mut child = run.spawn_piped();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout pipe");
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin,
            lines,
            next_id: 0,
            meta: None,
        }
    }

    /// A 2025-11-25 session, `capabilities` being the client's.
    fn legacy(run: Run, capabilities: Value) -> Self {
        let mut client = Self::start(run);
        let mut params = json!({
            "protocolVersion": LEGACY,
            "clientInfo": {"name": "test", "version": "1"},
        });
        params["capabilities"] = capabilities;
        let answer = client.request("initialize", params);
        assert_eq!(answer["result"]["protocolVersion"], LEGACY, "{answer}");
        assert_eq!(answer["result"]["serverInfo"]["name"], "todos");
        client.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        client
    }

    /// A 2026-07-28 client: no handshake, `_meta` on every request.
    fn current(run: Run, capabilities: Value) -> Self {
        let mut client = Self::start(run);
        let mut meta = json!({
            "io.modelcontextprotocol/protocolVersion": CURRENT,
            "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"},
        });
        meta["io.modelcontextprotocol/clientCapabilities"] = capabilities;
        client.meta = Some(meta);
        client
    }

    fn send(&mut self, message: &Value) {
        self.send_line(&message.to_string());
    }

    fn send_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to the server");
        stdin.flush().expect("flush");
    }

    fn receive(&mut self) -> Value {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => serde_json::from_str(&line).unwrap_or_else(|err| panic!("{err}: {line}")),
            Err(RecvTimeoutError::Timeout) => panic!("no answer from the server in {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed stdout"),
        }
    }

    /// Sends a request and returns its answer, answering the server's own requests (roots)
    /// with `on_request` meanwhile.
    fn request_with(
        &mut self,
        method: &str,
        mut params: Value,
        on_request: &mut dyn FnMut(&Value) -> Value,
    ) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        if let Some(meta) = &self.meta {
            params["_meta"] = meta.clone();
        }
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.receive();
            if message["id"] == id && message.get("method").is_none() {
                return message;
            }
            if message.get("method").is_some() && message.get("id").is_some() {
                let result = on_request(&message);
                self.send(&json!({"jsonrpc": "2.0", "id": message["id"], "result": result}));
            }
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.request_with(method, params, &mut |message| {
            panic!("unexpected request from the server: {message}")
        })
    }

    /// `tools/call`, returning its `result`.
    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let mut params = json!({"name": tool});
        params["arguments"] = arguments;
        let answer = self.request("tools/call", params);
        answer
            .get("result")
            .cloned()
            .unwrap_or_else(|| panic!("no result: {answer}"))
    }

    /// A successful call's envelope, checked to be the same as text and as structured content.
    #[track_caller]
    fn envelope(&mut self, tool: &str, arguments: Value) -> Value {
        let result = self.call(tool, arguments);
        assert_eq!(result["isError"], false, "{result}");
        same_text_and_structure(&result)
    }

    /// A refused call's error envelope.
    #[track_caller]
    fn refusal(&mut self, tool: &str, arguments: Value) -> Value {
        let result = self.call(tool, arguments);
        assert_eq!(result["isError"], true, "{result}");
        let envelope = same_text_and_structure(&result);
        assert_eq!(envelope["status"], "error", "{envelope}");
        envelope
    }

    /// Closes stdin and waits for the server to end on its own; returns its exit code.
    fn close(mut self) -> i32 {
        drop(self.stdin.take());
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code().unwrap_or(-1);
            }
            assert!(
                started.elapsed() < PATIENCE,
                "the server did not end when stdin closed"
            );
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[track_caller]
fn same_text_and_structure(result: &Value) -> Value {
    let text = result["content"][0]["text"].as_str().expect("text content");
    let parsed: Value = serde_json::from_str(text).expect("the text is the envelope");
    assert_eq!(parsed, result["structuredContent"]);
    parsed
}

fn server(env: &TestEnv) -> Run {
    env.todos(&["mcp"])
}

/// A client of `env`'s server (the 2025 revision, no capabilities) that has written
/// `plan_of_three`.
fn client_with_three(env: &TestEnv) -> Client {
    let mut client = Client::legacy(server(env), json!({}));
    client.envelope("write", plan_of_three());
    client
}

fn plan_of_three() -> Value {
    json!({"summary": "Ship it", "todos": [
        {"content": "Reproduce", "status": "completed"},
        {"content": "Patch", "status": "in_progress"},
        {"content": "Test", "status": "pending"},
    ]})
}

#[test]
fn both_revisions_list_the_tools_with_the_schemas_in_force() {
    let env = TestEnv::new();
    let printed = env
        .todos(&["schema", "write"])
        .env("TODOS_MAX_CONTENT_CHARS", "42")
        .stdout_in_parts("a JSON schema, compared as a value below")
        .run();
    let mut schema: Value = serde_json::from_str(&printed.stdout).expect("a JSON schema");
    for key in ["$schema", "title", "description"] {
        schema.as_object_mut().unwrap().remove(key);
    }
    let run = || server(&env).env("TODOS_MAX_CONTENT_CHARS", "42");
    for mut client in [
        Client::legacy(run(), json!({})),
        Client::current(run(), json!({})),
    ] {
        let tools = client.request("tools/list", json!({}))["result"]["tools"].clone();
        let _ = &mut schema;
        let names: Vec<&str> = tools
            .as_array()
            .unwrap()
            .iter()
            .map(|tool| tool["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, TOOLS);
        let write = &tools[0];
        let mut input = write["inputSchema"].clone();
        let list = input["properties"]
            .as_object_mut()
            .unwrap()
            .remove("list")
            .expect("every tool takes list");
        assert_eq!(list["type"], json!(["string", "null"]));
        // The command's own fields, described as `todos schema` describes them, and nothing
        // required that the command does not require.
        assert_eq!(
            input["properties"]["todos"]["description"],
            schema["properties"]["todos"]["description"]
        );
        assert!(input.get("required").is_none(), "{input}");
        assert!(input["properties"]["expect_revision"].is_object());
        assert_eq!(
            input["properties"]["todos"]["items"]["properties"]["content"]["maxLength"],
            42
        );
        let description = write["description"].as_str().unwrap();
        assert!(
            description.contains("Send every item each time"),
            "{description}"
        );
        assert!(
            description.contains("at most 42 characters"),
            "{description}"
        );
        assert_eq!(write["annotations"]["destructiveHint"], true);
        assert_eq!(tools[3]["annotations"]["readOnlyHint"], true);
        for tool in tools.as_array().unwrap() {
            assert!(
                tool["inputSchema"]["properties"]["list"].is_object(),
                "{tool}"
            );
        }
        assert_eq!(client.close(), 0);
    }
}

#[test]
fn the_2026_revision_is_discovered_and_served_without_a_handshake() {
    let env = TestEnv::new();
    let mut client = Client::current(server(&env), json!({}));
    let discovered = client.request("server/discover", json!({}));
    let versions = &discovered["result"]["supportedVersions"];
    for version in [LEGACY, CURRENT] {
        assert!(
            versions.as_array().unwrap().contains(&json!(version)),
            "{discovered}"
        );
    }
    assert_eq!(
        discovered["result"]["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "todos"
    );
    let result = client.call("write", plan_of_three());
    assert_eq!(result["resultType"], "complete");
    assert_eq!(result["structuredContent"]["data"]["revision"], 1);
    assert_eq!(items(&env.store()["todos"]).len(), 3);
    assert_eq!(client.close(), 0);
}

#[test]
fn every_tool_answers_with_the_envelope_of_its_command() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));

    let written = client.envelope("write", plan_of_three());
    assert_eq!(written["status"], "success");
    assert_eq!(written["data"]["changed"], true);
    assert_eq!(
        written["text"],
        "Updated todos: 1 pending, 1 in_progress, 1 completed."
    );
    assert_eq!(written["context"]["params_input"], plan_of_three());
    assert_eq!(
        written["context"]["workspace"],
        env.ws().to_string_lossy().as_ref()
    );

    let created = client.envelope("create", json!({"items": ["Document"]}));
    assert_eq!(
        items(&created["data"]["todos"])[3],
        ("4".into(), "pending".into(), "Document".into())
    );

    let updated = client.envelope("update", json!({"id": "2", "status": "completed"}));
    assert_eq!(updated["data"]["todos"][1]["status"], "completed");
    // The aliases the command's stdin accepts are accepted here too.
    let aliased = client.envelope("update", json!({"id": "3", "status": "Doing"}));
    assert_eq!(aliased["data"]["todos"][2]["status"], "in_progress");

    let shown = client.envelope("show", json!({}));
    let cli = env
        .todos(&["--json", "show"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"Ship it\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"Reproduce\",\
                 \"status\":\"completed\"},{\"id\":\"2\",\"content\":\"Patch\",\
                 \"status\":\"completed\"},{\"id\":\"3\",\"content\":\"Test\",\
                 \"status\":\"in_progress\"},{\"id\":\"4\",\"content\":\"Document\",\
                 \"status\":\"pending\"}],\"recap\":\"[2/4] In progress: Test. Pending: \
                 Document.\",\"revision\":4,\"warnings\":[]},\"text\":\"Todos: 1 pending, 1 \
                 in_progress, 2 completed.\",\"stats\":{\"total\":4,\"pending\":1,\
                 \"in_progress\":1,\"completed\":2,\"cancelled\":0,\"failed\":0,\
                 \"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(shown, cli, "show is `todos --json show`");
    let recap = client.envelope("recap", json!({}));
    let cli = env
        .todos(&["--json", "recap"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"Ship it\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"Reproduce\",\
                 \"status\":\"completed\"},{\"id\":\"2\",\"content\":\"Patch\",\
                 \"status\":\"completed\"},{\"id\":\"3\",\"content\":\"Test\",\
                 \"status\":\"in_progress\"},{\"id\":\"4\",\"content\":\"Document\",\
                 \"status\":\"pending\"}],\"recap\":\"[2/4] In progress: Test. Pending: \
                 Document.\",\"revision\":4,\"warnings\":[]},\"text\":\"[2/4] In progress: \
                 Test. Pending: Document.\",\"stats\":{\"total\":4,\"pending\":1,\
                 \"in_progress\":1,\"completed\":2,\"cancelled\":0,\"failed\":0,\
                 \"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(recap, cli, "recap is `todos --json recap`");
    assert_eq!(
        recap["data"]["recap"],
        "[2/4] In progress: Test. Pending: Document."
    );
    assert_eq!(
        recap["text"], recap["data"]["recap"],
        "the recap tool's text is the recap line"
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn check_with_items_open_is_a_result_carrying_the_open_count() {
    let env = TestEnv::new();
    let mut client = client_with_three(&env);
    // Open items are check's answer, not a failed call: a client shows it as a result.
    let checked = client.envelope("check", json!({}));
    assert_eq!(checked["status"], "success", "{checked}");
    assert_eq!(checked["data"]["check"]["passed"], false);
    assert_eq!(checked["data"]["check"]["open"], 2);
    assert_eq!(
        checked["data"]["recap"],
        "[1/3] In progress: Patch. Pending: Test."
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn a_refusal_is_a_tool_error_carrying_the_paths_and_changes_nothing() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let before = env.tree();
    let mut client = Client::legacy(server(&env), json!({}));
    let long = "x".repeat(61);
    let refused = client.refusal(
        "write",
        json!({"summary": "S", "todos": [
            {"content": "A", "status": "pending"},
            {"content": long, "stauts": "pending"},
        ]}),
    );
    assert_eq!(refused["error"]["code"], "INVALID_PARAM");
    let paths = error_paths(&refused);
    for path in ["todos[1].content", "todos[1].stauts", "todos[1].status"] {
        assert!(paths.contains(&path.to_owned()), "{path} in {paths:?}");
    }
    assert_eq!(
        refused["context"]["params_input"]["todos"][1]["stauts"],
        "pending"
    );
    let unknown = client.refusal("update", json!({"id": "9", "status": "completed"}));
    assert_eq!(error_paths(&unknown), ["id"]);
    assert!(
        unknown["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("the one id is 1")
    );
    let extra = client.refusal("show", json!({"format": "text"}));
    assert_eq!(error_paths(&extra), ["format"]);
    assert_eq!(env.tree(), before, "a refused call changed the workspace");

    let missing = client.request("tools/call", json!({"name": "delete", "arguments": {}}));
    assert_eq!(missing["error"]["code"], -32602, "{missing}");
    assert_eq!(client.close(), 0);
}

#[test]
fn every_call_reads_the_store_afresh() {
    let env = TestEnv::new();
    let mut client = client_with_three(&env);
    env.todos(&["update", "3", "cancelled"])
        .expect_stdout(concat!(
            "[2/3] Ship it\n",
            "  1 [x] Reproduce\n",
            "  2 [▶] Patch\n",
            "  3 [~] Test\n",
            still_open!(1 of 3)
        ))
        .run()
        .success();
    env.todos(&["create", "From the shell"])
        .expect_stdout(concat!(
            "[2/4] Ship it\n",
            "  1 [x] Reproduce\n",
            "  2 [▶] Patch\n",
            "  3 [~] Test\n",
            "  4 [ ] From the shell\n",
            still_open!(2 of 4)
        ))
        .run()
        .success();
    let shown = client.envelope("show", json!({}));
    assert_eq!(shown["data"]["todos"][2]["status"], "cancelled");
    assert_eq!(shown["data"]["todos"][3]["content"], "From the shell");
    assert_eq!(shown["data"]["revision"], 3);
    // A change by the server is seen by the next command at once.
    client.envelope("update", json!({"id": "2", "status": "completed"}));
    client.envelope("update", json!({"id": "4", "status": "in_progress"}));
    let cli = env
        .todos(&["--json", "show"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"Ship it\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"Reproduce\",\
                 \"status\":\"completed\"},{\"id\":\"2\",\"content\":\"Patch\",\
                 \"status\":\"completed\"},{\"id\":\"3\",\"content\":\"Test\",\
                 \"status\":\"cancelled\"},{\"id\":\"4\",\"content\":\"From the shell\",\
                 \"status\":\"in_progress\"}],\"recap\":\"[3/4] In progress: From the shell. \
                 Cancelled: Test.\",\"revision\":5,\"warnings\":[]},\"text\":\"Todos: 1 \
                 in_progress, 2 completed, 1 cancelled.\",\"stats\":{\"total\":4,\
                 \"pending\":0,\"in_progress\":1,\"completed\":2,\"cancelled\":1,\
                 \"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(cli["data"]["revision"], 5);
    // A configuration changed meanwhile is in force at the next call.
    env.write_file(".todos.config.json", r#"{"max_items": 4}"#);
    let refused = client.refusal("create", json!({"items": ["Fifth"]}));
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("the limit is 4")
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn commands_and_calls_changing_the_plan_at_once_lose_nothing() {
    let env = TestEnv::new();
    let run = || server(&env).env("TODOS_MAX_ITEMS", "1000");
    thread::scope(|scope| {
        for shell in 0..4 {
            let env = &env;
            scope.spawn(move || {
                for step in 0..15 {
                    env.todos(&["create", &format!("shell {shell} step {step}")])
                        .env("TODOS_MAX_ITEMS", "1000")
                        .stdout_varies("the plan as the racing writers left it")
                        .stderr_varies("a racing writer may be told it waits for the lock")
                        .run();
                }
            });
        }
        for server in 0..2 {
            let mut client = Client::legacy(run(), json!({}));
            scope.spawn(move || {
                for step in 0..15 {
                    client.envelope(
                        "create",
                        json!({"items": [format!("server {server} step {step}")]}),
                    );
                }
                assert_eq!(client.close(), 0);
            });
        }
    });
    let store = env.store();
    let contents: std::collections::BTreeSet<String> = items(&store["todos"])
        .into_iter()
        .map(|(_, _, content)| content)
        .collect();
    assert_eq!(contents.len(), 90, "every change kept");
    assert_eq!(store["revision"], 90);
}

#[test]
fn the_list_argument_works_on_a_named_list() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    let mut plan = plan_of_three();
    plan["list"] = json!("api");
    let written = client.envelope("write", plan);
    assert_eq!(written["data"]["revision"], 1);
    assert!(written["context"]["params_input"].get("list").is_none());
    assert!(
        env.path(".todos/api.json").exists(),
        "the named list's store"
    );
    assert!(
        !env.path(".todos.json").exists(),
        "the default list untouched"
    );
    let recap = client.envelope("recap", json!({"list": "api"}));
    assert_eq!(recap["data"]["todos"].as_array().unwrap().len(), 3);
    let default = client.envelope("show", json!({"list": null}));
    assert_eq!(default["data"]["todos"], json!([]));
    let before = env.tree();
    let refused = client.refusal("create", json!({"items": ["X"], "list": 5}));
    assert_eq!(error_paths(&refused), ["list"]);
    let refused = client.refusal("create", json!({"items": ["X"], "list": "../escape"}));
    let text = refused["error"]["message"].as_str().unwrap();
    assert!(text.contains("list name"), "{text}");
    assert_eq!(env.tree(), before);
    assert_eq!(client.close(), 0);
}

#[test]
fn finishing_the_plan_through_the_server_writes_the_completion_log() {
    let env = TestEnv::new();
    let mut client = client_with_three(&env);
    client.envelope("update", json!({"id": "2", "status": "completed"}));
    assert!(!env.path("memory/todos").exists(), "not finished yet");
    client.envelope("update", json!({"id": "3", "status": "cancelled"}));
    let logs: Vec<_> = std::fs::read_dir(env.path("memory/todos"))
        .expect("the log folder")
        .flatten()
        .collect();
    assert_eq!(logs.len(), 1);
    let log = std::fs::read_to_string(logs[0].path()).unwrap();
    assert!(log.contains("# task1-20250102-174233"), "{log}");
    assert!(log.contains("Summary: Ship it"), "{log}");
    assert!(log.contains("- ~~Test~~"), "{log}");
    assert_eq!(client.close(), 0);
}

#[test]
fn malformed_lines_are_survived() {
    let env = TestEnv::new();
    let mut client = Client::start(server(&env));
    // Before the handshake, and after it.
    client.send_line("this is not JSON");
    client.send_line("{");
    let mut client = {
        let answer = client.request(
            "initialize",
            json!({"protocolVersion": LEGACY, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
        );
        assert_eq!(answer["result"]["protocolVersion"], LEGACY);
        client
    };
    for line in [
        "",
        "not json",
        "[1, 2",
        "{\"jsonrpc\": \"2.0\", \"id\": 99, \"method\": \"tools/call\", \"params\": 7}",
        "{\"jsonrpc\": \"2.0\", \"id\": 98, \"method\": \"no/such/method\"}",
        "\u{0}\u{1}\u{2}",
        "{\"jsonrpc\": \"2.0\", \"id\": 97, \"method\": \"tools/call\", \"params\": {\"name\": \"write\", \"arguments\": [1]}}",
    ] {
        client.send_line(line);
    }
    // Whatever those lines were answered with, the next call is served.
    let written = client.envelope("write", plan_of_three());
    assert_eq!(written["data"]["revision"], 1);
    assert_eq!(client.envelope("recap", json!({}))["data"]["revision"], 1);
    let refused = client.refusal("write", json!({"todos": "[x] A\n[ ] B\n[?] C"}));
    assert_eq!(refused["error"]["code"], "INVALID_PARAM");
    assert_eq!(client.close(), 0);
}

#[test]
fn the_workspace_is_the_first_root_unless_given_with_dash_c() {
    let env = TestEnv::new();
    let project = env.ws().join("project");
    let other = env.ws().join("other project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::create_dir_all(&other).unwrap();
    let uri =
        |path: &std::path::Path| format!("file://{}", path.to_string_lossy().replace(' ', "%20"));
    let roots = json!({"roots": [{"uri": uri(&other), "name": "Other"}, {"uri": uri(&project)}]});

    // 2025-11-25: the server asks roots/list itself, once.
    let mut client = Client::legacy(server(&env), json!({"roots": {"listChanged": true}}));
    let mut asked = 0;
    let answer = client.request_with(
        "tools/call",
        json!({"name": "create", "arguments": {"items": ["In the root"]}}),
        &mut |request| {
            assert_eq!(request["method"], "roots/list");
            asked += 1;
            roots.clone()
        },
    );
    assert_eq!(asked, 1);
    assert_eq!(
        answer["result"]["structuredContent"]["context"]["workspace"],
        other.to_string_lossy().as_ref()
    );
    assert!(other.join(".todos.json").exists());
    assert!(!env.path(".todos.json").exists());
    client.envelope("create", json!({"items": ["Again"]}));
    assert_eq!(client.close(), 0);

    // 2026-07-28: the first call answers input_required; the retry carries the roots.
    let mut client = Client::current(server(&env), json!({"roots": {}}));
    let first = client.call("show", json!({}));
    assert_eq!(first["resultType"], "input_required", "{first}");
    assert_eq!(first["inputRequests"]["roots"]["method"], "roots/list");
    let retry = client.request(
        "tools/call",
        json!({"name": "show", "arguments": {}, "inputResponses": {"roots": roots}}),
    );
    let shown = &retry["result"]["structuredContent"];
    assert_eq!(shown["data"]["todos"][1]["content"], "Again", "{retry}");
    // Asked once: later calls run in the same root.
    let recap = client.envelope("recap", json!({}));
    assert_eq!(
        recap["context"]["workspace"],
        other.to_string_lossy().as_ref()
    );
    assert_eq!(client.close(), 0);

    // -C beats the roots, and they are not asked for.
    let run = env.todos(&["-C", "project", "mcp"]);
    let mut client = Client::legacy(run, json!({"roots": {}}));
    let written = client.envelope("write", plan_of_three());
    assert_eq!(
        written["context"]["workspace"],
        project.to_string_lossy().as_ref()
    );
    assert!(project.join(".todos.json").exists());
    assert_eq!(client.close(), 0);

    // A client without roots: the workspace found from the current folder.
    let sub = env.ws().join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let mut client = Client::current(server(&env).current_dir(&sub), json!({}));
    let shown = client.envelope("show", json!({}));
    assert_eq!(
        shown["context"]["workspace"],
        env.ws().to_string_lossy().as_ref()
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn the_server_ends_when_stdin_closes_even_before_a_handshake() {
    let env = TestEnv::new();
    let client = Client::start(server(&env));
    assert_eq!(client.close(), 0);
    let run = env
        .todos(&["-C", "nowhere", "mcp"])
        .expect_code(1)
        .expect_stderr(concat!(
            "error: the workspace [ROOT]/ws/nowhere is not a folder\n",
            "hint: create it first, or pass another -C/--workspace (or TODOS_WORKSPACE)\n"
        ))
        .run();
    assert_eq!(run.code, 1, "a bad -C is refused before serving: {run:?}");
}

#[test]
fn the_server_starts_as_the_registration_says() {
    let env = TestEnv::new();
    env.todos(&["init", "--agent", "claude", "--mcp"])
        .expect_stdout(concat!(
                instructions!(created "CLAUDE.md"),
                "created .mcp.json: the todos MCP server (todos mcp), Claude Code asks you \
                    once to approve the project's MCP servers when it next starts here; check \
                    with /mcp\n",
                "created .claude/settings.json: allows `Bash(todos:*)` and `mcp__todos` (permissions.allow), \
                    todos alone\n",
                still_asks!(claude),
            )).run()
        .success();
    let config: Value = serde_json::from_str(&env.read(".mcp.json")).unwrap();
    let server = &config["mcpServers"]["todos"];
    assert_eq!(server["command"], "todos");
    let args: Vec<&str> = server["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|arg| arg.as_str().unwrap())
        .collect();
    let mut client = Client::legacy(env.todos(&args), json!({}));
    let tools = client.request("tools/list", json!({}));
    assert_eq!(
        tools["result"]["tools"].as_array().unwrap().len(),
        TOOLS.len()
    );
    assert_eq!(client.close(), 0);
}

/// One binary: a `todos` alone in its folder serves `todos mcp` itself, with no other program
/// beside it to hand over to.
#[test]
fn todos_mcp_serves_in_the_todos_binary_alone() {
    let env = TestEnv::new();
    let lonely = env.home().join("bin");
    std::fs::create_dir_all(&lonely).unwrap();
    let mut client = Client::legacy(server(&env).alone_in(&lonely), json!({}));
    assert_eq!(
        client.envelope("write", plan_of_three())["data"]["revision"],
        1
    );
    assert_eq!(client.close(), 0);
    let beside: Vec<_> = std::fs::read_dir(&lonely)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(beside, ["todos"], "nothing but todos itself");
}

#[test]
fn history_gives_the_kept_revisions_and_the_plan_of_each() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    let empty = client.envelope("history", json!({}));
    assert_eq!(empty["data"]["revisions"], json!([]));
    client.envelope("write", plan_of_three());
    // An overwrite that drops two items: the history still has them.
    client.envelope(
        "write",
        json!({"summary": "Ship it", "todos": [{"content": "Reproduce", "status": "completed"}]}),
    );
    let history = client.envelope("history", json!({"list": "default"}));
    let revisions = history["data"]["revisions"].as_array().unwrap();
    assert_eq!(revisions.len(), 2);
    assert_eq!(revisions[0]["revision"], 2);
    assert_eq!(revisions[0]["command"], "write");
    assert!(
        revisions[0]["changes"]
            .as_str()
            .unwrap()
            .contains("removed 2 \"Patch\""),
        "{history}"
    );
    assert_eq!(revisions[1]["at"], "2025-01-02T17:42:33+00:00");
    let before = client.envelope("history", json!({"revision": 1}));
    assert_eq!(before["data"]["revision"], 1);
    assert_eq!(items(&before["data"]["todos"]).len(), 3);
    assert_eq!(before["stats"]["total"], 3);
    let missing = client.refusal("history", json!({"revision": 7}));
    assert!(
        missing["error"]["message"]
            .as_str()
            .unwrap()
            .contains("revision 7 is not kept: the history keeps revisions 1 to 2")
    );
    let bad = client.refusal("history", json!({"revision": "one", "limit": 3}));
    assert_eq!(error_paths(&bad), ["revision", "limit"]);
    // A read: the store is as the last write left it.
    assert_eq!(env.store()["revision"], 2);
    assert_eq!(client.close(), 0);
}

#[test]
fn next_claims_and_remove_deletes_through_the_server() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    client.envelope(
        "write",
        json!({"summary": "Ship", "todos": [
            {"id": "a", "content": "Build", "status": "pending"},
            {"id": "b", "content": "Test", "status": "pending", "blocked_by": ["a"]},
            {"content": "Docs", "status": "pending"}]}),
    );
    let claimed = client.envelope("next", json!({"claim": true, "owner": "w1"}));
    assert_eq!(claimed["data"]["next"]["content"], "Build", "{claimed}");
    assert_eq!(env.store()["todos"][0]["status"], "in_progress");
    assert_eq!(env.store()["todos"][0]["owner"], "w1");
    let peek = client.envelope("next", json!({"owner": "w2"}));
    assert_eq!(
        peek["data"]["next"]["content"], "Docs",
        "Test waits on Build: {peek}"
    );
    let removed = client.envelope("remove", json!({"ids": ["3"]}));
    assert_eq!(removed["data"]["todos"].as_array().unwrap().len(), 2);
    let before = env.tree();
    let refused = client.refusal("remove", json!({"ids": ["9"]}));
    assert_eq!(refused["error"]["code"], "INVALID_PARAM");
    let refused = client.refusal("next", json!({"claim": "yes"}));
    assert_eq!(error_paths(&refused), ["claim"]);
    assert_eq!(env.tree(), before);
    assert_eq!(client.close(), 0);
}

/// Requests written at once, without waiting for any answer; the answers by id.
fn pipelined(client: &mut Client, calls: &[(&str, Value)]) -> Vec<Value> {
    let mut lines = String::new();
    let first = client.next_id + 1;
    for (tool, arguments) in calls {
        client.next_id += 1;
        let mut params = json!({"name": tool, "arguments": arguments});
        if let Some(meta) = &client.meta {
            params["_meta"] = meta.clone();
        }
        let request = json!({"jsonrpc": "2.0", "id": client.next_id, "method": "tools/call", "params": params});
        lines.push_str(&request.to_string());
        lines.push('\n');
    }
    let stdin = client.stdin.as_mut().expect("stdin open");
    stdin.write_all(lines.as_bytes()).expect("write");
    stdin.flush().expect("flush");
    let mut answers = vec![Value::Null; calls.len()];
    for _ in 0..calls.len() {
        let answer = client.receive();
        let id = answer["id"].as_u64().expect("an id");
        answers[usize::try_from(id - first).unwrap()] = answer;
    }
    answers
}

#[test]
fn pipelined_calls_take_effect_in_the_order_sent() {
    for current in [false, true] {
        let env = TestEnv::new();
        let client = if current {
            Client::current(server(&env), json!({}))
        } else {
            Client::legacy(server(&env), json!({}))
        };
        pipelined_in_order(client);
    }
}

fn pipelined_in_order(mut client: Client) {
    client.envelope(
        "write",
        json!({"summary": "S", "todos": [{"content": "c0", "status": "pending"}]}),
    );
    // A hundred updates, each naming the next text, then a show: nothing waits for a reply.
    let mut calls: Vec<(&str, Value)> = (1..=100)
        .map(|n| ("update", json!({"id": "1", "content": format!("c{n}")})))
        .collect();
    calls.push(("show", json!({})));
    let answers = pipelined(&mut client, &calls);
    for (n, answer) in answers.iter().take(100).enumerate() {
        let envelope = same_text_and_structure(&answer["result"]);
        assert_eq!(envelope["data"]["revision"], n + 2, "{envelope}");
    }
    let shown = same_text_and_structure(&answers[100]["result"]);
    assert_eq!(shown["data"]["todos"][0]["content"], "c100");
    assert_eq!(shown["data"]["revision"], 101);
    // A show sent right after an update sees it.
    let answers = pipelined(
        &mut client,
        &[
            ("update", json!({"id": "1", "status": "completed"})),
            ("show", json!({})),
        ],
    );
    let shown = same_text_and_structure(&answers[1]["result"]);
    assert_eq!(shown["data"]["todos"][0]["status"], "completed");
    assert_eq!(client.close(), 0);
}

#[test]
fn every_changing_tool_takes_expect_revision() {
    let env = TestEnv::new();
    let mut client = Client::current(server(&env), json!({}));
    let written = client.envelope("write", plan_of_three());
    assert_eq!(written["data"]["revision"], 1);
    let before = env.tree();
    for (tool, arguments) in [
        (
            "write",
            json!({"summary": "Other", "todos": [], "expect_revision": 0}),
        ),
        ("create", json!({"items": ["More"], "expect_revision": 7})),
        (
            "update",
            json!({"id": "3", "status": "completed", "expect_revision": 2}),
        ),
        ("remove", json!({"ids": ["3"], "expect_revision": 5})),
        (
            "next",
            json!({"claim": true, "owner": "w1", "expect_revision": 9}),
        ),
    ] {
        let refused = client.refusal(tool, arguments);
        assert_eq!(refused["error"]["code"], "CONFLICT", "{tool}: {refused}");
    }
    assert_eq!(
        env.tree(),
        before,
        "a refused compare-and-swap changes nothing"
    );
    let updated = client.envelope(
        "update",
        json!({"id": "3", "status": "completed", "expect_revision": 1}),
    );
    assert_eq!(updated["data"]["revision"], 2);
    let refused = client.refusal("update", json!({"id": "3", "expect_revision": "2"}));
    assert_eq!(refused["error"]["details"][0]["path"], "expect_revision");
    assert!(
        refused["error"]["details"][0]["message"]
            .as_str()
            .unwrap()
            .contains("must be a revision number"),
        "{refused}"
    );
    let refused = client.refusal("next", json!({"expect_revision": 2}));
    assert_eq!(refused["error"]["details"][0]["path"], "expect_revision");
    assert_eq!(client.close(), 0);
}

#[test]
fn geminis_own_write_todos_shape_is_taken_by_the_write_tool() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    let tools = client.request("tools/list", json!({}))["result"]["tools"].clone();
    let schema = tools[0]["inputSchema"].clone();
    let shape = json!({"todos": [
        {"description": "Reproduce the bug", "status": "completed"},
        {"description": "Patch the check", "status": "in_progress"},
    ]});
    let validator = jsonschema::validator_for(&schema).unwrap();
    assert!(validator.is_valid(&shape), "the client's own check passes");
    let written = client.envelope("write", shape);
    assert_eq!(written["data"]["todos"][1]["content"], "Patch the check");
    assert_eq!(client.close(), 0);
}

#[test]
fn malformed_and_oversized_messages_get_an_error_reply() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    client.send_line("{\"jsonrpc\": \"2.0\", \"id\": 1,");
    let answer = client.receive();
    assert_eq!(answer["error"]["code"], -32700, "{answer}");
    // Every error reply carries an id: null when the line's could not be read.
    assert_eq!(answer.get("id"), Some(&Value::Null), "{answer}");
    client.send_line("{\"jsonrpc\": \"2.0\", \"id\": 41, \"method\": 3}");
    let answer = client.receive();
    assert_eq!(answer["error"]["code"], -32600, "{answer}");
    assert_eq!(answer.get("id"), Some(&json!(41)), "{answer}");
    // A batch, or any JSON that is not one object, has no id to answer under: `[1]` is not 1.
    for line in [
        "[1]",
        "[{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"ping\"}]",
        "7",
    ] {
        client.send_line(line);
        let answer = client.receive();
        assert_eq!(answer["error"]["code"], -32600, "{line}: {answer}");
        assert_eq!(answer.get("id"), Some(&Value::Null), "{line}: {answer}");
    }
    // An id no reply can carry (an object, null) is answered under null.
    client.send_line("{\"jsonrpc\": \"2.0\", \"id\": {\"n\": 1}, \"method\": \"ping\"}");
    let answer = client.receive();
    assert_eq!(answer["error"]["code"], -32600, "{answer}");
    assert_eq!(answer.get("id"), Some(&Value::Null), "{answer}");
    // A method this server does not serve, under the request's own id.
    client.send_line("{\"jsonrpc\": \"2.0\", \"id\": \"m\", \"method\": \"resources/list\"}");
    let answer = client.receive();
    assert_eq!(answer["error"]["code"], -32601, "{answer}");
    assert_eq!(answer.get("id"), Some(&json!("m")), "{answer}");
    // Over the 16 MiB cap: dropped unread, answered, and the next call is served.
    let mut line = String::from(
        "{\"jsonrpc\": \"2.0\", \"id\": 5, \"method\": \"tools/call\", \"params\": {\"name\": \"write\", \"arguments\": {\"summary\": \"",
    );
    line.push_str(&"x".repeat(17 * 1024 * 1024));
    line.push_str("\"}}}");
    client.send_line(&line);
    let answer = client.receive();
    assert_eq!(answer["error"]["code"], -32600, "{answer}");
    assert_eq!(answer.get("id"), Some(&Value::Null), "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("16 MiB"),
        "{answer}"
    );
    assert_eq!(client.envelope("recap", json!({}))["status"], "success");
    assert!(!env.path(".todos.json").exists());
    assert_eq!(client.close(), 0);
}

#[test]
fn the_tool_list_help_man_page_and_readme_name_the_same_tools() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    let tools = client.request("tools/list", json!({}))["result"]["tools"].clone();
    let listed: Vec<String> = tools
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(client.close(), 0);
    let table: Vec<String> = todos::policy::mcp::MCP_TOOLS
        .iter()
        .map(|tool| tool.name.to_owned())
        .collect();
    assert_eq!(listed, table);
    let help = env
        .todos(&["mcp", "--help"])
        .stdout_in_parts("compared whole with the reviewed snapshot mcp_help")
        .run()
        .success()
        .stdout;
    insta::assert_snapshot!("mcp_help", whole(&help));
    let man = env
        .todos(&["man"])
        .stdout_in_parts("the man page: its tools section is checked below")
        .run()
        .stdout;
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/mcp.md")).unwrap();
    assert!(
        help.contains(&todos::policy::sentences::mcp_tools_help()),
        "{help}"
    );
    assert!(
        readme.contains(&todos::policy::sentences::mcp_tools_markdown()),
        "docs/mcp.md's MCP tool table is todos::policy::sentences::mcp_tools_markdown()"
    );
    let man = man.replace("\\*(Aq", "'").replace("\\-", "-");
    assert!(
        man.contains(&todos::policy::sentences::mcp_tools_help()),
        "man page: {man}"
    );
}

/// A claim through the server takes a lease as `next --claim --lease` does, and a server run
/// under a worker's name (`TODOS_OWNER`) is held to the owner rule as that worker's shell is:
/// it cannot finish another owner's item.
#[test]
fn leases_and_owners_hold_through_the_server() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build", "pending:Test"]);
    let mut client = Client::legacy(server(&env), json!({}));
    let claimed = client.envelope(
        "next",
        json!({"claim": true, "owner": "w1", "lease": "15m"}),
    );
    assert_eq!(claimed["data"]["claim"]["owner"], "w1", "{claimed}");
    let until = env.store()["todos"][0]["lease_until"].clone();
    assert!(until.is_string(), "the lease is stored: {}", env.store());
    assert_eq!(claimed["data"]["claim"]["lease_until"], until);
    let before = env.tree();
    let refused = client.refusal("next", json!({"lease": "15m"}));
    assert_eq!(error_paths(&refused), ["lease"], "{refused}");
    let refused = client.refusal(
        "next",
        json!({"claim": true, "owner": "w2", "lease": "soon"}),
    );
    assert_eq!(refused["error"]["code"], "INVALID_PARAM", "{refused}");
    assert_eq!(env.tree(), before);
    assert_eq!(client.close(), 0);

    let mut worker = Client::legacy(server(&env).env("TODOS_OWNER", "w2"), json!({}));
    let before = env.tree();
    let refused = worker.refusal("update", json!({"id": "1", "status": "completed"}));
    assert_eq!(refused["error"]["code"], "CONFLICT", "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("w1"),
        "names the owner: {refused}"
    );
    assert_eq!(env.tree(), before, "a refused call changes nothing");
    let done = worker.envelope("update", json!({"id": "2", "status": "in_progress"}));
    assert_eq!(done["data"]["todos"][1]["status"], "in_progress", "{done}");
    assert_eq!(worker.close(), 0);
}

/// The `"id":…` of a reply line, as the server wrote it.
fn raw_id(line: &str) -> String {
    let start = line.find("\"id\":").expect("an id") + 5;
    let rest = &line[start..];
    let end = if let Some(string) = rest.strip_prefix('"') {
        string.find('"').map(|at| at + 2).expect("a closed string")
    } else {
        rest.find([',', '}']).expect("the id's end")
    };
    rest[..end].to_owned()
}

#[test]
fn every_json_rpc_id_is_echoed_exactly() {
    let env = TestEnv::new();
    let big_string = format!("\"{}\"", "é".repeat(100_000));
    let ids = [
        "18446744073709551615".to_owned(),
        "1.5".to_owned(),
        "-9223372036854775809".to_owned(),
        "0".to_owned(),
        "-1".to_owned(),
        "\"7\"".to_owned(),
        big_string,
    ];
    let mut client = Client::start(server(&env));
    let next = |client: &mut Client, id: &str, method: &str, params: &str| {
        client.send_line(&format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"{method}\",\"params\":{params}}}"
        ));
        let line = client
            .lines
            .recv_timeout(PATIENCE)
            .expect("an answer to every id");
        assert_eq!(raw_id(&line), id, "{}", &line[..line.len().min(300)]);
        serde_json::from_str::<Value>(&line).unwrap()
    };
    // The handshake itself, under the largest id a u64 holds.
    let answer = next(
        &mut client,
        &ids[0],
        "initialize",
        &json!({"protocolVersion": LEGACY, "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}})
        .to_string(),
    );
    assert_eq!(answer["result"]["protocolVersion"], LEGACY, "{answer}");
    client.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    for id in &ids {
        let answer = next(&mut client, id, "ping", "{}");
        assert!(answer.get("result").is_some(), "{id}: {answer}");
        let answer = next(
            &mut client,
            id,
            "tools/call",
            r#"{"name":"recap","arguments":{}}"#,
        );
        assert_eq!(answer["result"]["isError"], false, "{id}: {answer}");
        // A refused message answers under its own id too.
        let answer = next(&mut client, id, "no/such/method", "{}");
        assert!(answer.get("error").is_some(), "{id}: {answer}");
    }
    assert_eq!(client.close(), 0);
}

/// The everyday path through the server (issue 31): a description stays a description, a new
/// task drops the old summary, undo walks back and redo forward, and check says a failure first.
#[test]
fn the_server_walks_the_everyday_path_with_undo_redo_and_check() {
    let env = TestEnv::new();
    let mut client = client_with_three(&env);
    let updated = client.envelope("update", json!({"taskId": "2", "description": "Use serde"}));
    assert_eq!(updated["data"]["todos"][1]["content"], "Patch");
    assert_eq!(updated["data"]["todos"][1]["description"], "Use serde");
    let undone = client.envelope("undo", json!({}));
    assert_eq!(undone["data"]["todos"][1].get("description"), None);
    let undone = client.envelope("undo", json!({}));
    assert_eq!(
        undone["data"]["todos"],
        json!([]),
        "a second undo goes further back"
    );
    let redone = client.envelope("redo", json!({}));
    assert_eq!(items(&redone["data"]["todos"]).len(), 3);
    let refused = client.refusal("redo", json!({"expect_revision": 1}));
    assert_eq!(refused["error"]["code"], "CONFLICT");
    let fresh = client.envelope(
        "write",
        json!({"todos": [{"description": "Another task", "status": "failed"}]}),
    );
    assert_eq!(fresh["data"]["summary"], Value::Null, "{fresh}");
    assert_eq!(fresh["data"]["todos"][0]["content"], "Another task");
    let checked = client.envelope("check", json!({}));
    assert_eq!(checked["data"]["check"]["passed"], true);
    assert_eq!(
        checked["data"]["recap"],
        "[1/1] Finished, 1 failed: Another task."
    );
    assert_eq!(client.close(), 0);
}

/// A refused call's whole envelope: its error, its text and its context (the workspace the
/// server runs in, the default list, and `params`, the command's input as the envelope shows
/// it, or null); its error and text are returned for the test to compare whole.
#[track_caller]
fn refused_whole(env: &TestEnv, client: &mut Client, call: (&str, Value), params: Value) -> Value {
    let (tool, arguments) = call;
    let before = env.tree();
    let refused = client.refusal(tool, arguments);
    assert_eq!(env.tree(), before, "a refused call changed the workspace");
    let ws = env.root().join("ws");
    let mut expected = json!({
        "status": "error",
        "context": {"cwd": ws, "workspace": ws, "list": "default"},
    });
    expected["context"]["params_input"] = params;
    expected["error"] = refused["error"].clone();
    expected["text"] = refused["text"].clone();
    assert_eq!(refused, expected, "{refused}");
    json!({"error": refused["error"], "text": refused["text"]})
}

/// The owner rule as a refusal says it, after the name refused.
const OWNER_RULE: &str = "use 1-64 letters, digits, '.', '_', '-' or '@' (e.g. api-agent, w1, \
                          ana@example.com)";

#[test]
fn a_refused_lease_is_named_as_the_lease_argument_sent() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    let mut client = Client::legacy(server(&env), json!({}));
    let why = "\"soon\" is not a number and a unit, s, m or h (90s, 15m, 2h; 1h30m adds up), or \
               \"none\"";
    let call = json!({"claim": true, "owner": "w1", "lease": "soon"});
    assert_eq!(
        refused_whole(&env, &mut client, ("next", call), Value::Null),
        json!({
            "error": {
                "code": "INVALID_PARAM",
                "message": format!("lease: {why}"),
                "details": [{"path": "lease", "message": why}],
                "hint": "e.g. \"claim\": true, \"lease\": \"15m\"",
            },
            "text": format!("error: lease: {why}"),
        })
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn a_refused_claim_is_named_as_the_claim_argument_sent() {
    let env = TestEnv::new();
    env.plan("Ship", &["in_progress:Build", "pending:Test"]);
    let mut client = Client::legacy(server(&env), json!({}));
    let why = "1 item without an owner already in_progress, at most 1 may be: 1 \"Build\"";
    assert_eq!(
        refused_whole(
            &env,
            &mut client,
            ("next", json!({"claim": true})),
            Value::Null
        ),
        json!({
            "error": {
                "code": "INVALID_PARAM",
                "message": format!("claim: {why}"),
                "details": [{"path": "claim", "message": why}],
                "hint": "claim with a name (\"owner\": NAME, or TODOS_OWNER), or finish that \
                         item first",
            },
            "text": format!("error: claim: {why}"),
        })
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn a_refused_owner_is_named_as_the_owner_argument_sent() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    let mut client = Client::legacy(server(&env), json!({}));
    for tool in ["next", "check"] {
        let why = format!("\"a b\" is not an owner name: {OWNER_RULE}");
        assert_eq!(
            refused_whole(
                &env,
                &mut client,
                (tool, json!({"owner": "a b"})),
                Value::Null
            ),
            json!({
                "error": {
                    "code": "INVALID_PARAM",
                    "message": format!("owner: {why}"),
                    "details": [{"path": "owner", "message": why}],
                },
                "text": format!("error: owner: {why}"),
            }),
            "{tool}"
        );
        assert_eq!(
            refused_whole(&env, &mut client, (tool, json!({"owner": ""})), Value::Null),
            json!({
                "error": {
                    "code": "INVALID_PARAM",
                    "message": "owner is empty",
                    "details": [],
                    "hint": "give who works on it: 1-64 letters, digits, '.', '_', '-' or '@' \
                             (e.g. \"owner\": \"api-agent\"), or leave owner out",
                },
                "text": "error: owner is empty",
            }),
            "{tool}"
        );
    }
    assert_eq!(client.close(), 0);
}

#[test]
fn an_unknown_id_to_remove_is_named_by_its_index_in_ids() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build", "pending:Test"]);
    let mut client = Client::legacy(server(&env), json!({}));
    let ids = json!({"ids": ["1", "99"]});
    assert_eq!(
        refused_whole(&env, &mut client, ("remove", ids.clone()), ids),
        json!({
            "error": {
                "code": "INVALID_PARAM",
                "message": "ids[1]: no item has id \"99\"",
                "details": [{"path": "ids[1]", "message": "no item has id \"99\""}],
                "hint": "the ids are 1, 2; call `show` to see each item with its id",
            },
            "text": "error: ids[1]: no item has id \"99\"",
        })
    );
    let ids = json!({"ids": [7]});
    assert_eq!(
        refused_whole(&env, &mut client, ("remove", ids), json!({"ids": ["7"]})),
        json!({
            "error": {
                "code": "INVALID_PARAM",
                "message": "ids[0]: no item has id \"7\"",
                "details": [{"path": "ids[0]", "message": "no item has id \"7\""}],
                "hint": "the ids are 1, 2; call `show` to see each item with its id",
            },
            "text": "error: ids[0]: no item has id \"7\"",
        })
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn a_revision_conflict_names_the_expect_revision_argument_sent() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    client.envelope("write", plan_of_three());
    client.envelope("update", json!({"id": "3", "content": "Test it"}));
    let before = env.tree();
    let ahead = json!({
        "code": "CONFLICT",
        "message": "the plan is at revision 2, not 9: revision 9 does not exist yet, so no \
                    command read it",
        "details": [],
        "hint": "take the revision from the last answer (`show` gives it as data.revision), \
                 here \"expect_revision\": 2",
    });
    let behind = json!({
        "code": "CONFLICT",
        "message": "the plan is at revision 2, not 1: someone changed it since you read it",
        "details": [],
        "hint": "call `show` to see the plan as it is now, then retry with \"expect_revision\": \
                 2 if your change still holds",
    });
    for (tool, arguments) in [
        ("write", json!({"summary": "Other", "todos": []})),
        ("create", json!({"items": ["More"]})),
        ("update", json!({"id": "3", "status": "completed"})),
        ("remove", json!({"ids": ["3"]})),
        ("next", json!({"claim": true, "owner": "w1"})),
        ("undo", json!({})),
    ] {
        for (revision, expected) in [(9, &ahead), (1, &behind)] {
            let mut arguments = arguments.clone();
            arguments["expect_revision"] = json!(revision);
            let refused = client.refusal(tool, arguments);
            assert_eq!(&refused["error"], expected, "{tool} {revision}");
            let text = format!("error: {}", expected["message"].as_str().unwrap());
            assert_eq!(refused["text"], text, "{tool} {revision}");
        }
    }
    assert_eq!(
        env.tree(),
        before,
        "a refused compare-and-swap changes nothing"
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn a_refused_list_name_is_named_as_the_list_argument_sent() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    let mut client = Client::legacy(server(&env), json!({}));
    let before = env.tree();
    for (tool, arguments) in [
        ("show", json!({"list": "Bad"})),
        ("update", json!({"id": "1", "content": "B", "list": "Bad"})),
    ] {
        let refused = client.refusal(tool, arguments);
        let message = "the list name \"Bad\" holds an upper-case letter ('B'); use lower case";
        assert_eq!(
            refused["error"],
            json!({
                "code": "INVALID_PARAM",
                "message": message,
                "details": [],
                "hint": "name a list with 1-64 lower-case letters, digits, '.', '_' or '-', not \
                         starting with '.', e.g. \"list\": \"api-agent\"",
            }),
            "{tool}"
        );
        assert_eq!(refused["text"], format!("error: {message}"), "{tool}");
    }
    assert_eq!(env.tree(), before);
    assert_eq!(client.close(), 0);
}

#[test]
fn reopening_without_reopen_names_the_reopen_key_to_send() {
    let env = TestEnv::new();
    env.plan("Ship", &["completed:Build", "pending:Test"]);
    let mut client = Client::legacy(server(&env), json!({}));
    let why = "item 1 is completed; moving it back to pending needs \"reopen\": true";
    let call = json!({"id": "1", "status": "pending"});
    assert_eq!(
        refused_whole(&env, &mut client, ("update", call.clone()), call),
        json!({
            "error": {
                "code": "INVALID_PARAM",
                "message": format!("status: {why}"),
                "details": [{"path": "status", "message": why}],
                "hint": "to reopen it, send {\"id\": \"1\", \"status\": \"pending\", \"reopen\": \
                         true}",
            },
            "text": format!("error: status: {why}"),
        })
    );
    assert_eq!(client.close(), 0);
}
