//! `todos mcp`: the plan as tools in any Model Context Protocol client, on stdio.
//!
//! In the `todos` binary behind the `mcp` feature (on by default), with no runtime and no SDK:
//! a thread reads stdin's lines (`wire`), and the thread that started serves each message in
//! turn (`server`). `engine` is the one door to the commands.

mod arguments;
mod engine;
mod roots;
mod schemas;
mod server;
mod wire;

use std::io::{BufReader, Read, Write};
use std::process::ExitCode;
use std::sync::mpsc;

use crate::context::global::GlobalArgs;
use crate::context::host::Host;
use crate::policy::error::Setup;

pub use engine::{Engine, Outcome, ToolSpec};

/// Serves on stdin and stdout until the client closes stdin. Exit 0 then; 5 when stdout fails.
pub fn serve(global: &GlobalArgs, host: &mut Host) -> ExitCode {
    // A panic in a tool call is a bug, but only that call's: it is answered as an internal
    // error and the server goes on. The CLI's hook would end the process.
    std::panic::set_hook(Box::new(|info| {
        crate::view::output::server_panic(info);
    }));
    let engine = Engine::new(global, host);
    let (stdin, stdout) = crate::view::live_output::server_stdio();
    match serve_io(engine, stdin, stdout) {
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

/// Serves the protocol on `reader` and `writer` until `reader` ends and every message read is
/// answered: stdio for `todos mcp`, pipes for the in-process latency benchmark.
pub fn serve_io<R, W>(engine: Engine, reader: R, writer: W) -> Result<(), String>
where
    R: Read + Send + 'static,
    W: Write,
{
    let (sender, incoming) = mpsc::channel();
    // The reader is not joined: once the client's end of stdout is gone, it may still wait in
    // a read of stdin, and ends with the process.
    std::thread::Builder::new()
        .name("mcp-stdin".to_owned())
        .spawn(move || wire::read_lines(BufReader::new(reader), &sender))
        .map_err(|err| err.to_string())?;
    match server::Session::new(engine, incoming, writer).run() {
        Ok(()) => Ok(()),
        // The client closed its end of stdout: it is gone, nothing is wrong with the server.
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(err) => Err(err.to_string()),
    }
}
