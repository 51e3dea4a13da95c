//! `todos mcp` and `todos board` (its page, not `--json`): the servers, in this process when
//! this `todos` was built with them (the `mcp` and `board` features, on by default), else a
//! failure that says how to get them.

use std::process::ExitCode;

use crate::commands::board::BoardArgs;
use crate::context::global::GlobalArgs;
use crate::context::host::Host;
#[cfg(not(all(feature = "mcp", feature = "board")))]
use crate::policy::{error::Setup, failure::Server};
use clap::Args;

/// `todos mcp`: serves on stdin and stdout until the client closes stdin.
#[cold]
pub fn serve(global: &GlobalArgs, host: &mut Host) -> ExitCode {
    #[cfg(feature = "mcp")]
    {
        crate::mcp::serve(global, host)
    }
    #[cfg(not(feature = "mcp"))]
    {
        not_built_in(
            global,
            host,
            Setup::NotBuiltIn {
                server: Server::Mcp,
            },
        )
    }
}

/// `todos board`: serves the page until Ctrl-C.
#[cold]
pub fn board(global: &GlobalArgs, host: &mut Host, args: &BoardArgs) -> ExitCode {
    #[cfg(feature = "board")]
    {
        crate::board::serve(global, host, args)
    }
    #[cfg(not(feature = "board"))]
    {
        let _ = args;
        not_built_in(
            global,
            host,
            Setup::NotBuiltIn {
                server: Server::Board,
            },
        )
    }
}

/// Says that the server is not in this build, as every command says a failure.
#[cfg(not(all(feature = "mcp", feature = "board")))]
fn not_built_in(global: &GlobalArgs, host: &mut Host, setup: Setup) -> ExitCode {
    let reply = crate::view::outcome::Reply::failed(setup.into());
    crate::view::output::Output::new(global, host).print(host, reply)
}

#[derive(Debug, Args)]
#[command(after_help = format!("{}\n{}", crate::policy::sentences::mcp_tools_help(), "Examples:\n  \
    todos init --agent claude --mcp     # registers the server in .mcp.json\n  \
    todos init --agent codex --mcp      # registers it in .codex/config.toml, its tools approved\n  \
    todos mcp -C . < /dev/null          # serves this folder's plan until the client closes stdin"))]
pub struct McpArgs {}
