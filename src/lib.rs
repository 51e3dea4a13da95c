//! `todos`: a workspace todo list for AI agents, scripts and people.
//!
//! One direction (ARCHITECTURE.md draws it): the command line is parsed (`cli`), the context is
//! resolved once (`context`, from the `host`), the command reads its input into a request and
//! applies it (`commands`, through `transaction` when it changes the plan), and `output` prints
//! the outcome as text or as the JSON envelope. `run` never panics on input.

pub mod cli;
pub mod commands;
pub mod complete;
pub mod config;
pub mod context;
pub mod dependencies;
pub mod disk;
pub mod english;
pub mod envelope;
pub mod error;
mod guess;
pub mod guide;
pub mod history;
pub mod hooks;
pub mod host;
pub mod input;
pub mod json;
pub mod list;
pub mod log;
#[cfg(feature = "mcp")]
pub mod mcp;
pub mod mcp_launch;
pub mod merge;
pub mod model;
pub mod output;
pub mod policy;
pub mod render;
pub mod schema;
pub mod sentences;
pub mod store;
pub mod suggest;
pub mod text;
pub mod transaction;
pub mod wrap;

#[cfg(test)]
mod consistency;

use std::ffi::OsString;
use std::process::ExitCode;

use crate::cli::Cli;
use crate::host::Host;
use crate::output::Output;

pub use crate::output::PANIC_ENVELOPE;

/// What `todos mcp` runs: the server itself, or the binary that has it.
type McpEntry = fn(&[OsString], &cli::GlobalArgs, &mut Host) -> ExitCode;

/// Runs `todos` with these arguments (the first is the program name) in this host.
/// `todos mcp` hands over to the `todos-mcp` binary, so that this one links no MCP stack.
pub fn run(args: impl IntoIterator<Item = OsString>, host: &mut Host) -> ExitCode {
    run_with(args, host, mcp_launch::hand_over)
}

/// Runs `todos` as `run` does, with the MCP server in this binary: `todos-mcp`'s entry.
#[cfg(feature = "mcp")]
pub fn run_with_mcp(args: impl IntoIterator<Item = OsString>, host: &mut Host) -> ExitCode {
    run_with(args, host, |_, global, host| mcp::serve(global, host))
}

fn run_with(args: impl IntoIterator<Item = OsString>, host: &mut Host, mcp: McpEntry) -> ExitCode {
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = match Cli::parse_args(&args) {
        Ok(cli) => cli,
        Err(err) => {
            let json = args.iter().skip(1).any(|arg| arg == "--json");
            return output::clap_failure(host, &err, &args, json);
        }
    };
    // The server speaks its own protocol on stdin and stdout until its client is done. A
    // workspace named with -C is checked first, as every command checks it.
    if matches!(cli.command, cli::Command::Mcp(_)) {
        if cli.global.workspace.is_some()
            && let Err(err) = context::Context::new(&cli.global, host)
        {
            let reply = commands::Reply {
                workspace: None,
                list: None,
                params_input: None,
                result: Err(err),
            };
            return Output::new(&cli.global, host).print(host, reply);
        }
        return mcp(&args, &cli.global, host);
    }
    let output = Output::new(&cli.global, host);
    let reply = commands::run(&cli.global, host, cli.command);
    output.print(host, reply)
}
