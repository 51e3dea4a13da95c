//! `todos mcp`: the plan as tools in any Model Context Protocol client, on stdio.
//!
//! This module, rmcp and tokio are linked into the `todos-mcp` binary only (`todos mcp` hands
//! over to it, see `mcp_launch`), and the runtime is built when the server starts: every other
//! command starts as fast as before. `engine` is the one door to the commands; `server` speaks
//! the protocol through rmcp.

mod arguments;
mod engine;
mod roots;
mod schemas;
mod server;
mod transport;

use crate::policy::error::Setup;
use std::process::ExitCode;

use rmcp::ServiceExt;
use rmcp::service::ServerInitializeError;

use crate::context::global::GlobalArgs;
use crate::context::host::Host;

pub use engine::{Engine, Outcome, ToolSpec};

/// Serves on stdin and stdout until the client closes stdin. Exit 0 then; 5 when the runtime
/// or the transport fails.
pub fn serve(global: &GlobalArgs, host: &mut Host) -> ExitCode {
    // A panic in a tool call is a bug, but only that call's: it is answered as an internal
    // error and the server goes on. The CLI's hook would end the process.
    std::panic::set_hook(Box::new(|info| {
        crate::view::output::server_panic(info);
    }));
    let engine = Engine::new(global, host);
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            return crate::view::output::server_failure(
                host,
                &Setup::McpServer {
                    started: false,
                    why: err.to_string(),
                }
                .into(),
            );
        }
    };
    let (stdin, stdout) = rmcp::transport::stdio();
    match runtime.block_on(serve_io(engine, stdin, stdout)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            let failed = Setup::McpServer {
                started: true,
                why: err,
            };
            crate::view::output::server_failure(host, &failed.into())
        }
    }
}

/// Serves the protocol on `reader` and `writer` until `reader` ends: stdio for `todos mcp`,
/// in-memory pipes for the in-process latency benchmark.
pub async fn serve_io<R, W>(engine: Engine, reader: R, writer: W) -> Result<(), String>
where
    R: tokio::io::AsyncRead + Send + Unpin + 'static,
    W: tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    let transport = transport::LineTransport::new(reader, writer);
    let service = match server::Server::new(engine).serve(transport).await {
        Ok(service) => service,
        // The client went away before it said anything: nothing to serve, nothing wrong.
        Err(ServerInitializeError::ConnectionClosed(_)) => return Ok(()),
        Err(err) => return Err(err.to_string()),
    };
    service
        .waiting()
        .await
        .map(|_| ())
        .map_err(|err| err.to_string())
}
