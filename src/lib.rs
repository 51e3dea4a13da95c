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

/// Runs `todos` with these arguments (the first is the program name) in this host.
pub fn run(args: impl IntoIterator<Item = OsString>, host: &mut Host) -> ExitCode {
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
                None => return serve_mcp(&cli.global, host),
                Some(err) => view::outcome::Reply::failed(err),
            }
        }
        // `--json` prints the board once; without it, the page is served until Ctrl-C.
        cli::Command::Board(board) if cli.global.json => {
            commands::board::print(&cli.global, host, &board)
        }
        cli::Command::Board(board) => return serve_board(&cli.global, host, &board),
        cli::Command::About(command) => commands::describe(command, Cli::command()),
        cli::Command::Plan(command) => commands::run(&cli.global, host, command),
    };
    output.print(host, reply)
}

/// `todos mcp`: serves on stdin and stdout until the client closes stdin.
#[cold]
fn serve_mcp(global: &cli::GlobalArgs, host: &mut Host) -> ExitCode {
    #[cfg(feature = "mcp")]
    {
        mcp::serve(global, host)
    }
    #[cfg(not(feature = "mcp"))]
    {
        not_built_in(global, host, policy::failure::Server::Mcp)
    }
}

/// `todos board` (but `--json`): serves the page until Ctrl-C.
#[cold]
fn serve_board(
    global: &cli::GlobalArgs,
    host: &mut Host,
    args: &commands::board::BoardArgs,
) -> ExitCode {
    #[cfg(feature = "board")]
    {
        board::serve(global, host, args)
    }
    #[cfg(not(feature = "board"))]
    {
        let _ = args;
        not_built_in(global, host, policy::failure::Server::Board)
    }
}

/// A server this `todos` was built without (`--no-default-features`): said as every failure,
/// with how to get it.
#[cfg(not(all(feature = "mcp", feature = "board")))]
fn not_built_in(
    global: &cli::GlobalArgs,
    host: &mut Host,
    server: policy::failure::Server,
) -> ExitCode {
    let failed = policy::error::Setup::NotBuiltIn { server };
    Output::new(global, host).print(host, view::outcome::Reply::failed(failed.into()))
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
