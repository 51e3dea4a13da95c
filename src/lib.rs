//! `todos`: a workspace todo list for AI agents, scripts and people.
//!
//! One direction (ARCHITECTURE.md draws it): the command line is parsed (`cli`), the context is
//! resolved once (`context`, from the `host`), the command reads its input into a request and
//! applies it (`commands`, through `transaction` when it changes the plan), and `output` prints
//! the outcome as text or as the JSON envelope. `run` never panics on input.

pub mod cli;
pub mod commands;
pub mod config;
pub mod context;
pub mod dependencies;
pub mod disk;
pub mod envelope;
pub mod error;
pub mod guide;
pub mod history;
pub mod hooks;
pub mod host;
pub mod input;
pub mod json;
pub mod list;
pub mod log;
pub mod model;
pub mod output;
pub mod render;
pub mod schema;
pub mod status;
pub mod store;
pub mod suggest;
pub mod transaction;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

use crate::cli::Cli;
use crate::host::Host;
use crate::output::Output;

pub use crate::output::PANIC_ENVELOPE;

/// Runs `todos` with these arguments (the first is the program name) in this host.
pub fn run(args: impl IntoIterator<Item = OsString>, host: &mut Host) -> ExitCode {
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => {
            let json = args.iter().skip(1).any(|arg| arg == "--json");
            return output::clap_failure(host, &err, json);
        }
    };
    let output = Output::new(&cli.global, host);
    let reply = commands::run(&cli.global, host, cli.command);
    output.print(host, reply)
}
