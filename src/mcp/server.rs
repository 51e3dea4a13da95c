//! The MCP side: the protocol's methods, the tools listed and called through the engine, and the
//! workspace taken from the client's roots. Both protocol revisions are served: the 2025-11-25
//! `initialize` session, where the server asks `roots/list` itself, and the 2026-07-28 inline
//! lifecycle (`server/discover`, `_meta` on every request), where a server may not send
//! requests and asks for the roots with an `input_required` result that the client answers on
//! a retry.
//!
//! One thread serves every message in the order it was read, so calls take effect in the order
//! the client sent them and every reply goes out in that order too: a read sent after a write
//! sees it, and pipelined updates land in the order sent. Another thread reads stdin meanwhile
//! (`wire::read_lines`), so a client's pipelined lines are taken while a call runs, and a
//! cancellation reaches a request still waiting its turn.

use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc::Receiver;

use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use super::engine::{self, Engine};
use super::roots;
use super::wire::{self, INVALID_PARAMS, Incoming, METHOD_NOT_FOUND};
use crate::policy::error::Rpc;

/// The revisions this server speaks, oldest first; the last is the inline one.
const VERSIONS: [&str; 5] = [
    "2024-11-05",
    "2025-03-26",
    "2025-06-18",
    "2025-11-25",
    INLINE,
];
/// The revision with no handshake, `_meta` on every request.
const INLINE: &str = "2026-07-28";
/// The newest revision with an `initialize` handshake: what an unknown version is answered with.
const LEGACY: &str = "2025-11-25";
const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const META_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
/// The key of the roots request in an `input_required` result, and of its answer on the retry.
const ROOTS_KEY: &str = "roots";

/// What the server knows of the client's roots.
#[derive(Clone)]
enum Root {
    NotAsked,
    /// The first root the client offered, if any.
    Asked(Option<PathBuf>),
}

/// Where a call runs: in a workspace (`None`: the engine's own), or not yet, until a
/// 2026-07-28 client has answered the roots request.
enum Workspace {
    Known(Option<PathBuf>),
    AskRoots,
}

/// One client's session on one pair of pipes.
pub struct Session<W: Write> {
    engine: Engine,
    out: W,
    incoming: Receiver<Incoming>,
    /// Messages read while the server waited for the client's roots, or read ahead of the one
    /// being served: taken in order.
    queued: VecDeque<Incoming>,
    root: Root,
    /// Whether a 2025-11-25 client said in `initialize` that it offers roots.
    offers_roots: bool,
    /// Whether the client spoke the inline revision: then every request must carry its `_meta`.
    inline: bool,
    /// The id of the server's last own request.
    asked: u64,
}

impl<W: Write> Session<W> {
    pub fn new(engine: Engine, incoming: Receiver<Incoming>, out: W) -> Self {
        Self {
            engine,
            out,
            incoming,
            queued: VecDeque::new(),
            root: Root::NotAsked,
            offers_roots: false,
            inline: false,
            asked: 0,
        }
    }

    /// Serves every message until the input ends and all read are answered. `Err` when the
    /// client's end of stdout is gone.
    pub fn run(mut self) -> std::io::Result<()> {
        loop {
            self.read_ahead();
            let message = match self.queued.pop_front() {
                Some(message) => message,
                None => match self.incoming.recv() {
                    Ok(message) => message,
                    Err(_) => return Ok(()),
                },
            };
            self.serve(message)?;
        }
    }

    /// Takes every message already read, so that a cancellation finds the request it names.
    fn read_ahead(&mut self) {
        while let Ok(message) = self.incoming.try_recv() {
            self.queue(message);
        }
    }

    fn queue(&mut self, message: Incoming) {
        if let Incoming::Notification { method, params } = &message
            && method == "notifications/cancelled"
        {
            // A request cancelled before its turn is not served, and not answered.
            if let Some(named) = params.get("requestId") {
                self.queued.retain(
                    |queued| !matches!(queued, Incoming::Request { id, .. } if same_id(id, named)),
                );
            }
            return;
        }
        self.queued.push_back(message);
    }

    fn serve(&mut self, message: Incoming) -> std::io::Result<()> {
        match message {
            Incoming::Refused { code, error, id } => {
                wire::error(&mut self.out, id.as_deref(), code, &error)
            }
            // An answer no request of the server's waits for: nothing to do.
            Incoming::Response { .. } => Ok(()),
            Incoming::Notification { method, .. } => {
                if method == "notifications/roots/list_changed" {
                    // Asked again on the next call.
                    self.root = Root::NotAsked;
                }
                Ok(())
            }
            Incoming::Request { id, method, params } => match self.answer(&method, &params) {
                Ok(result) => wire::result(&mut self.out, &id, &result),
                Err((code, error)) => wire::error(&mut self.out, Some(&id), code, &error),
            },
        }
    }

    /// The result of one request, or the error it is answered with.
    fn answer(&mut self, method: &str, params: &Map<String, Value>) -> Result<Value, (i32, Rpc)> {
        if method == "initialize" {
            return Ok(self.initialize(params));
        }
        let meta = params.get("_meta").and_then(Value::as_object);
        let version = meta.and_then(|meta| meta.get(META_VERSION));
        let capabilities = meta.and_then(|meta| meta.get(META_CAPABILITIES));
        // The inline revision's requests each say who the client is.
        let inline = self.inline || version.is_some();
        if inline {
            let mut missing = Vec::new();
            if !version.is_some_and(Value::is_string) {
                missing.push(META_VERSION);
            }
            if !capabilities.is_some_and(Value::is_object) {
                missing.push(META_CAPABILITIES);
            }
            if !missing.is_empty() {
                return Err((INVALID_PARAMS, Rpc::Meta { missing }));
            }
            self.inline = true;
        }
        let offers_roots = if inline {
            capabilities.is_some_and(|capabilities| capabilities.get("roots").is_some())
        } else {
            self.offers_roots
        };
        let result = match method {
            "ping" => json!({}),
            "server/discover" => return Ok(discover()),
            "tools/list" => {
                let root = match self.workspace(inline, offers_roots, None, false) {
                    Workspace::Known(root) => root,
                    Workspace::AskRoots => None,
                };
                let tools: Vec<Value> = (self.engine.tools(root.as_deref()).iter())
                    .map(tool)
                    .collect();
                if inline {
                    json!({"resultType": "complete", "ttlMs": 0, "cacheScope": "private", "tools": tools})
                } else {
                    json!({"tools": tools})
                }
            }
            "tools/call" => self.call(inline, offers_roots, params)?,
            _ => {
                let method = method.to_owned();
                return Err((METHOD_NOT_FOUND, Rpc::NoSuchMethod { method }));
            }
        };
        Ok(if inline { complete(result) } else { result })
    }

    /// The handshake of a 2025-11-25 session: the client's version when this server speaks it,
    /// else the newest one with a handshake.
    fn initialize(&mut self, params: &Map<String, Value>) -> Value {
        self.offers_roots = params
            .get("capabilities")
            .and_then(|capabilities| capabilities.get("roots"))
            .is_some();
        let asked = params.get("protocolVersion").and_then(Value::as_str);
        let version = asked
            .filter(|asked| *asked != INLINE && VERSIONS.contains(asked))
            .unwrap_or(LEGACY);
        json!({
            "protocolVersion": version,
            "capabilities": {"tools": {}},
            "serverInfo": server_info(),
            "instructions": engine::instructions(),
        })
    }

    fn call(
        &mut self,
        inline: bool,
        offers_roots: bool,
        params: &Map<String, Value>,
    ) -> Result<Value, (i32, Rpc)> {
        let refused = || (INVALID_PARAMS, Rpc::ToolCall);
        let name = params
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(refused)?;
        let arguments = match params.get("arguments") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(arguments)) => arguments.clone(),
            Some(_) => return Err(refused()),
        };
        let retry = params
            .get("inputResponses")
            .and_then(|responses| responses.get(ROOTS_KEY));
        let root = match self.workspace(inline, offers_roots, retry, true) {
            Workspace::Known(root) => root,
            Workspace::AskRoots => {
                return Ok(json!({
                    "resultType": "input_required",
                    "inputRequests": {ROOTS_KEY: {"method": "roots/list"}},
                }));
            }
        };
        let engine = &self.engine;
        // A panic in the call is a bug, but only that call's: it is answered as the CLI
        // answers one, and the server goes on serving.
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            engine.call(root.as_deref(), name, arguments)
        }));
        let (envelope, refused) = match outcome {
            Ok(Some(outcome)) => (outcome.envelope, outcome.refused),
            Ok(None) => {
                let refused = Rpc::NoSuchTool {
                    name: name.to_owned(),
                    tools: engine::tool_names(),
                };
                return Err((INVALID_PARAMS, refused));
            }
            Err(_) => (engine::internal_error("the tool call stopped"), true),
        };
        let text = envelope.to_string();
        Ok(json!({
            "content": [{"type": "text", "text": text}],
            "structuredContent": envelope,
            "isError": refused,
        }))
    }

    /// `-C` when given, else the client's first root when it offers roots, else the folder
    /// found from the current one. `retry` holds the roots a 2026-07-28 client sent back.
    fn workspace(
        &mut self,
        inline: bool,
        offers_roots: bool,
        retry: Option<&Value>,
        may_ask: bool,
    ) -> Workspace {
        if self.engine.has_workspace() {
            return Workspace::Known(None);
        }
        if let Some(answer) = retry {
            return Workspace::Known(self.remember(roots::first(answer)));
        }
        if let Root::Asked(root) = &self.root {
            return Workspace::Known(root.clone());
        }
        if !offers_roots {
            return Workspace::Known(None);
        }
        if inline {
            return if may_ask {
                Workspace::AskRoots
            } else {
                Workspace::Known(None)
            };
        }
        // A client that cannot answer is no reason to fail: the folder found from the
        // current one is the workspace then, as without roots.
        let root = self.ask_roots().as_ref().and_then(roots::first);
        Workspace::Known(self.remember(root))
    }

    fn remember(&mut self, root: Option<PathBuf>) -> Option<PathBuf> {
        self.root = Root::Asked(root.clone());
        root
    }

    /// Asks a 2025-11-25 client for its roots and waits for the answer, keeping every other
    /// message read meanwhile for its turn. `None` when the client answers with an error, or
    /// ends first.
    fn ask_roots(&mut self) -> Option<Value> {
        self.asked += 1;
        let asked = self.asked;
        wire::request(&mut self.out, asked, "roots/list").ok()?;
        loop {
            let message = self.incoming.recv().ok()?;
            match message {
                Incoming::Response { id, result } if id == json!(asked) => return result,
                other => self.queue(other),
            }
        }
    }
}

/// The answer to `server/discover`: what a 2026-07-28 client learns without a handshake.
fn discover() -> Value {
    json!({
        "resultType": "complete",
        "supportedVersions": VERSIONS,
        "capabilities": {"tools": {}},
        "instructions": engine::instructions(),
        "ttlMs": 0,
        "cacheScope": "private",
        "_meta": {"io.modelcontextprotocol/serverInfo": server_info()},
    })
}

/// One tool as `tools/list` shows it.
fn tool(spec: &engine::ToolSpec) -> Value {
    json!({
        "name": spec.name,
        "title": spec.title,
        "description": spec.description,
        "inputSchema": spec.input_schema,
        "annotations": {
            "title": spec.title,
            "readOnlyHint": spec.read_only,
            "destructiveHint": spec.destructive,
            "idempotentHint": spec.idempotent,
            "openWorldHint": false,
        },
    })
}

fn server_info() -> Value {
    json!({
        "name": "todos",
        "title": "todos: the workspace's todo plan",
        "version": env!("CARGO_PKG_VERSION"),
    })
}

/// A result of the inline revision: it says it is complete, first.
fn complete(result: Value) -> Value {
    match result {
        Value::Object(object) if !object.contains_key("resultType") => {
            let mut complete = Map::new();
            complete.insert("resultType".to_owned(), json!("complete"));
            complete.extend(object);
            Value::Object(complete)
        }
        other => other,
    }
}

/// Whether a cancellation's `requestId` names the request sent under `id`.
fn same_id(id: &RawValue, named: &Value) -> bool {
    serde_json::from_str::<Value>(id.get()).is_ok_and(|id| id == *named)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::global::GlobalArgs;
    use crate::context::host::Host;

    /// Serves `lines`, all read before the session starts, in a fresh workspace; the replies.
    fn served(lines: &[Value]) -> Vec<Value> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        let global = GlobalArgs {
            workspace: None,
            list: None,
            json: false,
            color: None,
            quiet: false,
            lock_timeout: 10.0,
            offline: false,
        };
        let (host, ..) = Host::in_memory(Vec::new(), dir.path().to_path_buf(), None, None);
        let (sender, incoming) = std::sync::mpsc::channel();
        for line in lines {
            if let Some(message) = wire::parse(line.to_string().as_bytes()) {
                sender.send(message).unwrap();
            }
        }
        drop(sender);
        let mut out = Vec::new();
        Session::new(Engine::new(&global, &host), incoming, &mut out)
            .run()
            .unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    fn ids(replies: &[Value]) -> Vec<Value> {
        replies.iter().map(|reply| reply["id"].clone()).collect()
    }

    #[test]
    fn a_request_cancelled_before_its_turn_is_neither_served_nor_answered() {
        let replies = served(&[
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                "params": {"name": "create", "arguments": {"items": ["Cancelled"]}}}),
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                "params": {"requestId": 1}}),
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "recap", "arguments": {}}}),
        ]);
        assert_eq!(ids(&replies), [json!(2)]);
        let recap = &replies[0]["result"]["structuredContent"]["data"]["recap"];
        assert_eq!(recap, "[0/0] No todos.", "{replies:?}");
    }

    #[test]
    fn messages_read_while_the_roots_are_asked_wait_their_turn_and_replies_keep_the_order() {
        let replies = served(&[
            json!({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
                "protocolVersion": LEGACY, "capabilities": {"roots": {}},
                "clientInfo": {"name": "t", "version": "1"}}}),
            json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                "params": {"name": "recap", "arguments": {}}}),
            json!({"jsonrpc": "2.0", "id": 8, "method": "ping"}),
            // The client's answer to the server's own request, sent after the ping.
            json!({"jsonrpc": "2.0", "id": 1, "result": {"roots": []}}),
            json!({"jsonrpc": "2.0", "id": 9, "method": "no/such/method"}),
        ]);
        assert_eq!(
            ids(&replies),
            [json!("init"), json!(1), json!(7), json!(8), json!(9)]
        );
        assert_eq!(replies[1]["method"], "roots/list");
        assert_eq!(replies[2]["result"]["isError"], false, "{replies:?}");
        assert_eq!(replies[3]["result"], json!({}));
        assert_eq!(replies[4]["error"]["code"], METHOD_NOT_FOUND);
    }

    #[test]
    fn the_inline_revision_wants_its_meta_on_every_request() {
        let meta = json!({META_VERSION: INLINE, META_CAPABILITIES: {}});
        let replies = served(&[
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                "params": {"name": "recap", "_meta": meta}}),
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "recap"}}),
        ]);
        assert_eq!(replies[0]["result"]["resultType"], "complete");
        assert_eq!(replies[1]["error"]["code"], INVALID_PARAMS);
    }
}
