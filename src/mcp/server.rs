//! The MCP side: tools listed and called through rmcp, and the workspace taken from the
//! client's roots. Both protocol revisions go through rmcp: the 2025-11-25 `initialize`
//! session, where the server asks `roots/list` itself, and the 2026-07-28 inline lifecycle
//! (`server/discover`, `_meta` on every request), where a server may not send requests and
//! asks for the roots with an `InputRequiredResult` that the client answers on a retry.

// Roots are deprecated by the 2026-07-28 revision (SEP-2577) but remain in force for at
// least a year, and Claude Code offers them: they are how a client says which project it is in.
#![allow(deprecated)]

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, InputRequest,
    InputRequests, InputRequiredResult, ListRootsRequest, ListRootsResult, ListToolsResult,
    PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;

use super::engine::{self, Engine};
use super::roots;
use crate::policy::error::Rpc;

/// The key of the roots request in an `InputRequiredResult`, and of its answer on the retry.
const ROOTS_KEY: &str = "roots";

#[derive(Clone)]
pub struct Server {
    engine: Arc<Engine>,
    /// The client's first root, once asked for.
    root: Arc<Mutex<Root>>,
    /// Held by the tool call that runs: calls take it in the order the client sent them.
    /// rmcp starts a task for each request as it reads it, and the runtime has one thread
    /// that polls tasks in the order they were started; each call asks for this lock (which
    /// queues its waiters first come, first served) before its first await, so a read sent
    /// after a write sees it, and pipelined updates land in the order sent.
    turn: Arc<tokio::sync::Mutex<()>>,
}

/// What the server knows of the client's roots.
#[derive(Clone)]
enum Root {
    NotAsked,
    /// The first root the client offered, if any.
    Asked(Option<PathBuf>),
}

/// Where a call runs: in a workspace (`None`: the engine's own), or not yet, until the client
/// has answered the roots request.
enum Workspace {
    Known(Option<PathBuf>),
    AskRoots,
}

impl Server {
    pub fn new(engine: Engine) -> Self {
        Self {
            engine: Arc::new(engine),
            root: Arc::new(Mutex::new(Root::NotAsked)),
            turn: Arc::new(tokio::sync::Mutex::new(())),
        }
    }

    fn cached_root(&self) -> Root {
        self.root
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn remember_root(&self, root: Option<PathBuf>) -> Option<PathBuf> {
        *self.root.lock().unwrap_or_else(PoisonError::into_inner) = Root::Asked(root.clone());
        root
    }

    /// `-C` when given, else the client's first root when it offers roots, else the folder
    /// found from the current one. `retry` holds the roots a 2026-07-28 client sent back.
    async fn workspace(
        &self,
        context: &RequestContext<RoleServer>,
        retry: Option<&Value>,
        may_ask: bool,
    ) -> Workspace {
        if self.engine.has_workspace() {
            return Workspace::Known(None);
        }
        if let Some(answer) = retry {
            let result = serde_json::from_value::<ListRootsResult>(answer.clone()).ok();
            return Workspace::Known(self.remember_root(result.as_ref().and_then(roots::first)));
        }
        if let Root::Asked(root) = self.cached_root() {
            return Workspace::Known(root);
        }
        let offers_roots = context
            .client_capabilities()
            .is_some_and(|capabilities| capabilities.roots.is_some());
        if !offers_roots {
            return Workspace::Known(None);
        }
        let inline = context
            .protocol_version()
            .is_some_and(|version| version >= ProtocolVersion::V_2026_07_28);
        if inline {
            return if may_ask {
                Workspace::AskRoots
            } else {
                Workspace::Known(None)
            };
        }
        // A client that cannot answer is no reason to fail: the folder found from the
        // current one is the workspace then, as without roots.
        let root = match context.peer.list_roots().await {
            Ok(result) => roots::first(&result),
            Err(_) => None,
        };
        Workspace::Known(self.remember_root(root))
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(
                Implementation::new("todos", env!("CARGO_PKG_VERSION"))
                    .with_title("todos: the workspace's todo plan"),
            )
            .with_instructions(engine::instructions())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let root = match self.workspace(&context, None, false).await {
            Workspace::Known(root) => root,
            Workspace::AskRoots => None,
        };
        let engine = Arc::clone(&self.engine);
        let specs = tokio::task::spawn_blocking(move || engine.tools(root.as_deref()))
            .await
            .map_err(|_| ErrorData::internal_error(Rpc::ListingFailed.to_string(), None))?;
        let tools = specs
            .into_iter()
            .map(|spec| {
                Tool::new(spec.name, spec.description, Arc::new(spec.input_schema))
                    .with_title(spec.title)
                    .with_annotations(
                        ToolAnnotations::with_title(spec.title)
                            .read_only(spec.read_only)
                            .destructive(spec.destructive)
                            .idempotent(spec.idempotent)
                            .open_world(false),
                    )
            })
            .collect();
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // First, before any await: the call's place in the client's order.
        let _turn = self.turn.lock().await;
        let retry = request
            .input_responses
            .as_ref()
            .and_then(|responses| responses.get(ROOTS_KEY));
        let root = match self.workspace(&context, retry, true).await {
            Workspace::Known(root) => root,
            Workspace::AskRoots => {
                let mut requests = InputRequests::new();
                requests.insert(
                    ROOTS_KEY.to_owned(),
                    InputRequest::ListRoots(ListRootsRequest::default()),
                );
                return Ok(InputRequiredResult::from_input_requests(requests).into());
            }
        };
        let engine = Arc::clone(&self.engine);
        let name = request.name.to_string();
        let arguments = request.arguments.unwrap_or_default();
        // The call reads and writes files and may wait for the store's lock: off the thread
        // that reads stdin, so the client's other messages are still read meanwhile.
        let outcome =
            tokio::task::spawn_blocking(move || engine.call(root.as_deref(), &name, arguments))
                .await;
        let outcome = match outcome {
            Ok(Some(outcome)) => outcome,
            Ok(None) => {
                let refused = Rpc::NoSuchTool {
                    name: request.name.to_string(),
                    tools: engine::tool_names(),
                };
                return Err(ErrorData::invalid_params(refused.to_string(), None));
            }
            // A panic in the call: a bug, reported as the CLI reports one, and the server
            // goes on serving.
            Err(_) => {
                return Ok(CallToolResult::structured_error(engine::internal_error(
                    "the tool call stopped",
                ))
                .into());
            }
        };
        let result = if outcome.refused {
            CallToolResult::structured_error(outcome.envelope)
        } else {
            CallToolResult::structured(outcome.envelope)
        };
        Ok(result.into())
    }

    async fn on_roots_list_changed(&self, _context: NotificationContext<RoleServer>) {
        // Asked again on the next call.
        *self.root.lock().unwrap_or_else(PoisonError::into_inner) = Root::NotAsked;
    }
}
