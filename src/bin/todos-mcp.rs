//! `todos-mcp`: the `todos` command line with the MCP server linked in. `todos mcp` hands over
//! to it, so that the `todos` every other command runs from carries no async runtime.

use std::process::ExitCode;

fn main() -> ExitCode {
    todos::run_with_mcp(
        std::env::args_os(),
        &mut todos::context::host::Host::process(),
    )
}
