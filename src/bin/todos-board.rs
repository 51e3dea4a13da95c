//! `todos-board`: the `todos` command line with the board's web server linked in. `todos board`
//! hands over to it, so that the `todos` every other command runs from carries no HTTP stack.

use std::process::ExitCode;

fn main() -> ExitCode {
    todos::run_with_board(
        std::env::args_os(),
        &mut todos::context::host::Host::process(),
    )
}
