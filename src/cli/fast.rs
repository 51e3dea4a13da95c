//! The command line of a command that works on a plan, built for that command alone.
//!
//! clap builds a parser from the whole command line before it reads a word: every command's
//! name, description and aliases, then the one that runs. That was the larger part of what a
//! change costs above the floor write (README, "Performance"). Here only the top level's global
//! options and the named command's own arguments are built, with the same derive types, so
//! clap itself reads every word as it would with the whole tree.
//!
//! Whatever this cannot read the same way, it leaves to the whole tree (`None`): a word before
//! the command's name that is not a global option, a name that is an alias or a guess, and any
//! refusal or request for help or the version, whose text must name the whole command line.

use std::ffi::OsString;

use clap::{Args, FromArgMatches};

use super::{
    CheckArgs, Cli, Command, CreateArgs, HistoryArgs, HookArgs, InitArgs, MergeFileArgs, NextArgs,
    PromptArgs, RecapArgs, RemoveArgs, ResolveArgs, SchemaArgs, ShowArgs, UndoArgs, UpdateArgs,
    WriteArgs,
};
use crate::global::GlobalArgs;

/// The command line parsed with only its command built, or `None` for the whole tree to read.
pub(super) fn parse(args: &[OsString]) -> Option<Cli> {
    let top = GlobalArgs::augment_args(clap::Command::new("todos"));
    let named = command(name(&top, args, true)?.1)?;
    let mut matches = top.subcommand(named).try_get_matches_from(args).ok()?;
    let mut global = GlobalArgs::from_arg_matches_mut(&mut matches).ok()?;
    if let Some((_, after)) = matches.subcommand() {
        global.given_after(after);
    }
    let command = Command::from_arg_matches_mut(&mut matches).ok()?;
    Some(Cli { global, command })
}

/// The command's name and where it stands: the first word after the global options `top`
/// defines and their values. `strict` (this parser): an unknown option or a cluster of short
/// ones (`-qC DIR`, `-CDIR`) ends the search with `None`, as this parser cannot read past it
/// the way clap would. Otherwise such a word is passed over, for a line clap refused.
pub(crate) fn name<'a>(
    top: &clap::Command,
    args: &'a [OsString],
    strict: bool,
) -> Option<(usize, &'a str)> {
    let mut words = args.iter().enumerate().skip(1);
    while let Some((at, word)) = words.next() {
        let Some(word) = word.to_str() else {
            return (!strict).then_some((at, ""));
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
        match option {
            None if strict => return None,
            Some((option, false)) if option.get_action().takes_values() => {
                words.next();
            }
            None | Some(_) => {}
        }
    }
    None
}

/// The named command of `PlanCommand`, built with its own copy of the global options as `Lazy`
/// builds it; `None` for any other word.
pub(super) fn command(name: &str) -> Option<clap::Command> {
    fn with<T: Args>(name: &'static str) -> clap::Command {
        GlobalArgs::augment_args(T::augment_args(clap::Command::new(name)))
    }
    Some(match name {
        "write" => with::<WriteArgs>("write"),
        "create" => with::<CreateArgs>("create"),
        "update" => with::<UpdateArgs>("update"),
        "remove" => with::<RemoveArgs>("remove"),
        "next" => with::<NextArgs>("next"),
        "show" => with::<ShowArgs>("show"),
        "recap" => with::<RecapArgs>("recap"),
        "undo" => with::<UndoArgs>("undo"),
        "history" => with::<HistoryArgs>("history"),
        "schema" => with::<SchemaArgs>("schema"),
        "prompt" => with::<PromptArgs>("prompt"),
        "merge-file" => with::<MergeFileArgs>("merge-file"),
        "resolve" => with::<ResolveArgs>("resolve"),
        "check" => with::<CheckArgs>("check"),
        "init" => with::<InitArgs>("init"),
        "hook" => with::<HookArgs>("hook"),
        _ => return None,
    })
}
