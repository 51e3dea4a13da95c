//! The command line, as clap derive types. Doc comments are the help text.
// Doc comments here are the help text users read: backticks would show up literally.
#![allow(clippy::doc_markdown)]

use std::ffi::OsString;
use std::sync::{Mutex, OnceLock};

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

pub use crate::context::global::{ColorChoice, GlobalArgs};

pub mod complete;
pub mod reference;

use crate::commands::board::BoardArgs;
use crate::commands::lazy::with_list_candidates;
use crate::commands::mcp::McpArgs;
use crate::commands::{AboutCommand, Lazy, PlanCommand, create, update, with_markers};

/// A workspace todo list for AI agents, scripts and people.
///
/// `todos` keeps a plan (a short list of items with a status each) in `.todos.json` in the
/// workspace. An agent writes it instead of an in-process TodoWrite tool; a person watches the
/// same list with `todos show`; a script reads it with `--json`.
///
#[derive(Debug, Parser)]
#[command(name = "todos", version, max_term_width = 100)]
#[command(after_help = with_markers("Examples:\n  \
    todos write --summary \"Fix login\" -t completed:\"Reproduce\" -t in_progress:\"Patch the check\"\n  \
    todos update 2 completed\n  \
    todos recap"))]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

/// A command, split by what it needs at parse time: a plan in a workspace, the MCP server's
/// hand-over, or nothing but the command line itself. The dispatcher has no impossible branch.
// Parsed once per run and never copied: the size of `update`'s arguments costs nothing here.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    #[command(flatten)]
    Plan(PlanCommand),

    Mcp(Lazy<McpArgs>),
    Board(Lazy<BoardArgs>),

    #[command(flatten)]
    About(AboutCommand),
}

impl Command {
    /// `todos hook` and `check --hook`: commands an agent runs as its hook, which exit only
    /// with codes the agent reads as "go on" or "block".
    pub fn is_hook(&self) -> bool {
        match self {
            Self::Plan(PlanCommand::Hook(_)) => true,
            Self::Plan(PlanCommand::Check(args)) => args.hook,
            _ => false,
        }
    }
}

/// The command's name in a line clap refused, and where it stands: the first word after the
/// global options and their values, any other option passed over.
pub fn command_name(args: &[OsString]) -> Option<(usize, &str)> {
    let top = GlobalArgs::augment_args(clap::Command::new("todos"));
    let mut words = args.iter().enumerate().skip(1);
    while let Some((at, word)) = words.next() {
        let Some(word) = word.to_str() else {
            return Some((at, ""));
        };
        let option = if let Some(long) = word.strip_prefix("--") {
            let (long, value) = long
                .split_once('=')
                .map_or((long, None), |(l, v)| (l, Some(v)));
            top.get_arguments()
                .find(|arg| arg.get_long() == Some(long))
                .map(|option| (option, value.is_some()))
        } else if let Some(short) = word.strip_prefix('-') {
            let mut chars = short.chars();
            match (chars.next(), chars.next()) {
                (Some(short), None) => top
                    .get_arguments()
                    .find(|arg| arg.get_short() == Some(short))
                    .map(|option| (option, false)),
                _ => None,
            }
        } else {
            return Some((at, word));
        };
        if let Some((option, false)) = option
            && option.get_action().takes_values()
        {
            words.next();
        }
    }
    None
}

/// The command line's parser, with the aliases, built once per process and kept: it is never
/// taken apart (a tenth of `todos --version`'s instructions, 3% of `todos update`'s), and a
/// process that parses many command lines (the tests) builds it and each command once.
fn parser() -> &'static Mutex<clap::Command> {
    static PARSER: OnceLock<Mutex<clap::Command>> = OnceLock::new();
    PARSER.get_or_init(|| Mutex::new(crate::policy::guess::with_aliases(Cli::command())))
}

impl Cli {
    /// The command line, with what a shell's <TAB> offers.
    pub fn command() -> clap::Command {
        with_list_candidates(<Self as CommandFactory>::command())
    }

    /// Parses a command line (the first argument is the program's name), the global options
    /// given after the command's name overriding the same ones given before it.
    pub fn parse_args(args: &[OsString]) -> Result<Self, clap::Error> {
        let mut matches = {
            let mut parser = parser().lock().unwrap_or_else(|poisoned| {
                // A parse that panicked may have left a command half built: start again.
                parser().clear_poison();
                let mut parser = poisoned.into_inner();
                *parser = crate::policy::guess::with_aliases(Cli::command());
                parser
            });
            parser.try_get_matches_from_mut(args)?
        };
        let formatted = |err: clap::Error| err.format(&mut Self::command());
        let mut global = GlobalArgs::from_arg_matches_mut(&mut matches).map_err(formatted)?;
        if let Some((_, after)) = matches.subcommand() {
            global.given_after(after);
        }
        let after_description = matches
            .subcommand()
            .filter(|(name, _)| *name == "create")
            .map_or(0, |(_, create)| create::words_after_description(create));
        let status_after_text = matches
            .subcommand()
            .filter(|(name, _)| *name == "update")
            .and_then(|(_, update)| update::status_after_text(update));
        let mut command = Command::from_arg_matches_mut(&mut matches).map_err(formatted)?;
        if let Command::Plan(PlanCommand::Create(args)) = &mut command {
            args.0.after_description = after_description;
        }
        if let Command::Plan(PlanCommand::Update(args)) = &mut command {
            args.0.status_after_text = status_after_text;
        }
        Ok(Self { global, command })
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }

    /// A parse that panicked while it held the kept parser leaves no half-built command for
    /// the next: the parser is built again.
    #[test]
    fn a_poisoned_parser_is_built_again() {
        let _ = std::thread::spawn(|| {
            let mut held = parser()
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            *held = clap::Command::new("broken");
            panic!("a builder panicked");
        })
        .join();
        let args: Vec<OsString> = ["todos", "recap"].iter().map(OsString::from).collect();
        let cli = Cli::parse_args(&args).expect("parses with a parser built again");
        assert!(matches!(cli.command, Command::Plan(PlanCommand::Recap(_))));
        assert!(!parser().is_poisoned());
    }

    fn parsed(args: &[&str]) -> GlobalArgs {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        Cli::parse_args(&args)
            .expect("the command line parses")
            .global
    }

    /// A value for each global option that is not its default.
    fn given(arg: &clap::Arg) -> Vec<String> {
        let flag = format!("--{}", arg.get_long().expect("global options are long"));
        match arg.get_action().takes_values() {
            false => vec![flag],
            true if arg.get_id() == "lock_timeout" => vec![flag, "2.5".to_owned()],
            true if arg.get_id() == "color" => vec![flag, "never".to_owned()],
            true => vec![flag, "named".to_owned()],
        }
    }

    /// Every global option works before the command's name and after it, and after it wins:
    /// a new global option that `GlobalArgs::given_after` forgets fails here.
    #[test]
    fn global_options_come_before_or_after_the_command() {
        let options = GlobalArgs::augment_args(clap::Command::new("todos"));
        let plain = parsed(&["todos", "show"]);
        for arg in options.get_arguments() {
            let option = given(arg);
            let option: Vec<&str> = option.iter().map(String::as_str).collect();
            let before = parsed(&[&["todos"], &option[..], &["show"]].concat());
            let after = parsed(&[&["todos", "show"], &option[..]].concat());
            assert_ne!(
                before, plain,
                "{option:?} before the command changes nothing"
            );
            assert_eq!(
                before, after,
                "{option:?} after the command is not the same"
            );
        }
        let both = parsed(&[
            "todos",
            "-C",
            "first",
            "--lock-timeout",
            "1",
            "show",
            "-C",
            "second",
        ]);
        assert_eq!(both.workspace, Some(PathBuf::from("second")));
        assert!((both.lock_timeout - 1.0).abs() < f64::EPSILON, "{both:?}");
    }
}
