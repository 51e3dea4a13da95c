//! `todos`: a workspace todo list for AI agents, scripts and people.
//!
//! One direction (ARCHITECTURE.md draws it): the command line is parsed (`cli`), the context is
//! resolved once (`context`, from the `host`), the command reads its input into a request and
//! applies it (`commands`, through `commands::transaction` when it changes the plan), and
//! `view::output` prints the outcome as text or as the JSON envelope. `run` never panics on input.

pub(crate) mod agents;
#[cfg(feature = "board")]
pub mod board;
pub mod cli;
pub(crate) mod commands;
pub mod context;
pub mod input;
#[cfg(feature = "mcp")]
pub mod mcp;
pub mod plan;
pub mod policy;
pub mod store;
pub mod view;

use std::ffi::OsString;
use std::process::ExitCode;

use crate::cli::Cli;
use crate::context::host::Host;
use crate::view::output::Output;

pub use crate::view::output::PANIC_ENVELOPE;

/// What `todos mcp` runs: the server itself, or the binary that has it.
type McpEntry = fn(&[OsString], &cli::GlobalArgs, &mut Host) -> ExitCode;

/// What `todos board` (without `--json`) runs: the server itself, or the binary that has it.
type BoardEntry =
    fn(&[OsString], &cli::GlobalArgs, &mut Host, &commands::board::BoardArgs) -> ExitCode;

/// The servers' entries: each the server itself in its own binary, else the hand-over to it.
struct Servers {
    mcp: McpEntry,
    board: BoardEntry,
}

/// Both servers in the binaries that have them.
const HANDED_OVER: Servers = Servers {
    mcp: commands::mcp::hand_over,
    board: |args, global, host, _| {
        commands::mcp::hand_over_to(commands::mcp::BOARD, args, global, host)
    },
};

/// Runs `todos` with these arguments (the first is the program name) in this host.
/// `todos mcp` and `todos board` hand over to the `todos-mcp` and `todos-board` binaries, so
/// that this one links no MCP or HTTP stack.
pub fn run(args: impl IntoIterator<Item = OsString>, host: &mut Host) -> ExitCode {
    run_with(args, host, &HANDED_OVER)
}

/// Runs `todos` as `run` does, with the MCP server in this binary: `todos-mcp`'s entry.
#[cfg(feature = "mcp")]
pub fn run_with_mcp(args: impl IntoIterator<Item = OsString>, host: &mut Host) -> ExitCode {
    let servers = Servers {
        mcp: |_, global, host| mcp::serve(global, host),
        ..HANDED_OVER
    };
    run_with(args, host, &servers)
}

/// Runs `todos` as `run` does, with the board's server in this binary: `todos-board`'s entry.
#[cfg(feature = "board")]
pub fn run_with_board(args: impl IntoIterator<Item = OsString>, host: &mut Host) -> ExitCode {
    let servers = Servers {
        board: |_, global, host, args| board::serve(global, host, args),
        ..HANDED_OVER
    };
    run_with(args, host, &servers)
}

fn run_with(
    args: impl IntoIterator<Item = OsString>,
    host: &mut Host,
    servers: &Servers,
) -> ExitCode {
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = match Cli::parse_args(&args) {
        Ok(cli) => cli,
        Err(err) => {
            let json = args.iter().skip(1).any(|arg| arg == "--json");
            let exit = view::output::clap_failure(host, err, &args, json, Cli::command);
            // A hook exits only with codes its agent reads as "go on" or "block" (SPEC §9):
            // a mistyped hook command is no block (usage is exit 2, which blocks).
            return if names_hook(&args) && exit != ExitCode::SUCCESS {
                ExitCode::from(policy::exit::HOOK_FAILED)
            } else {
                exit
            };
        }
    };
    let output = Output::new(&cli.global, host);
    let output = if cli.command.is_hook() {
        output.for_hook()
    } else {
        output
    };
    let reply = match cli.command {
        cli::Command::Mcp(_) => {
            // The server speaks its own protocol on stdin and stdout until its client is done.
            // A workspace named with -C is checked first, as every command checks it.
            let refused = (cli.global.workspace.is_some())
                .then(|| context::Context::new(&cli.global, host).err())
                .flatten();
            match refused {
                None => return (servers.mcp)(&args, &cli.global, host),
                Some(err) => view::outcome::Reply::failed(err),
            }
        }
        // `--json` prints the board once, here; the page is served by the board's server.
        cli::Command::Board(board) if cli.global.json => {
            commands::board::print(&cli.global, host, &board)
        }
        cli::Command::Board(board) => return (servers.board)(&args, &cli.global, host, &board),
        cli::Command::About(command) => commands::describe(command, Cli::command()),
        cli::Command::Plan(command) => commands::run(&cli.global, host, command),
    };
    output.print(host, reply)
}

/// Whether a command line that did not parse runs a hook: `todos [GLOBAL] hook …` or
/// `todos [GLOBAL] check … --hook …`, the global options' values passed over.
fn names_hook(args: &[OsString]) -> bool {
    match cli::command_name(args) {
        Some((_, "hook")) => true,
        Some((at, "check")) => args.iter().skip(at + 1).any(|word| word == "--hook"),
        _ => false,
    }
}
