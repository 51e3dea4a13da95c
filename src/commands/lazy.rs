//! How a command's arguments are built: only when that command runs or its help is shown
//! (`Lazy`), each with its own copy of the global options, hidden from its help, and with
//! what a shell's <TAB> offers for `--list`.

use clap::builder::StyledStr;
use clap::{ArgMatches, Args, FromArgMatches};
use clap_complete::ArgValueCandidates;

use crate::context::global::GlobalArgs;

/// A command's arguments, built by clap only when that command runs (or its help is shown).
/// Building every command's arguments on every run was a third of `todos show`'s start-up.
#[derive(Debug)]
pub struct Lazy<T>(pub T);

/// The line `todos --help` lists a command by, known before its arguments are built: the first
/// paragraph of the doc comment on its `Args` (its long help), without the period. `Lazy`
/// gives it to the command at once; the doc comment's own, the same words, when the command is
/// built (`tests::every_summary_is_its_help_s_first_line`).
pub trait Summary {
    const SUMMARY: &'static str;
}

impl<T> std::ops::Deref for Lazy<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Self)
    }

    /// Passed on as it is: the derived `from_arg_matches` takes its values from a copy of the
    /// matches, which cost `todos update` 2% of its instructions.
    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Self)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T: Args + Summary> Args for Lazy<T> {
    fn augment_args(command: clap::Command) -> clap::Command {
        command
            .about(T::SUMMARY)
            .defer(|command| with_globals(T::augment_args(command), GlobalArgs::augment_args))
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        command.about(T::SUMMARY).defer(|command| {
            with_globals(
                T::augment_args_for_update(command),
                GlobalArgs::augment_args_for_update,
            )
        })
    }
}

/// `--list` offers the workspace's lists at a <TAB>.
pub(crate) fn with_list_candidates(command: clap::Command) -> clap::Command {
    command.mut_arg("list", offer_lists)
}

fn offer_lists(arg: clap::Arg) -> clap::Arg {
    arg.add(ArgValueCandidates::new(crate::agents::candidates::lists))
}

/// A command's own arguments followed by its copy of the global options, which works but stays
/// out of its help, which would otherwise repeat them (25 lines of 90 for `update`): `todos
/// --help` shows them once, and the command's help ends by pointing there. (Hidden from help
/// only: completion still offers them, and `--list` offers the workspace's lists.)
///
/// The options are told apart as the ones added after the command's own, in one pass over the
/// arguments: building the global options a second time to learn their names, and hiding each
/// by its name, was a tenth of `todos update`'s instructions.
fn with_globals(
    command: clap::Command,
    globals: fn(clap::Command) -> clap::Command,
) -> clap::Command {
    let own = command.get_arguments().count();
    let command = globals(command);
    let mut flags = Vec::new();
    for arg in command.get_arguments().skip(own) {
        flags.push(match (arg.get_short(), arg.get_long()) {
            (Some(short), _) => format!("-{short}"),
            (None, Some(long)) => format!("--{long}"),
            (None, None) => continue,
        });
    }
    let mut at = 0;
    let command = command.mut_args(|arg| {
        at += 1;
        if at <= own {
            return arg;
        }
        let arg = arg.hide_short_help(true).hide_long_help(true);
        if arg.get_id() == "list" {
            offer_lists(arg)
        } else {
            arg
        }
    });
    let mut after = match command.get_after_help() {
        Some(examples) => {
            let mut after = examples.clone();
            after.push_str("\n\n");
            after
        }
        None => StyledStr::new(),
    };
    after.push_str(&format!(
        "Global options ({}) work here too: see `todos --help`.",
        flags.join(", ")
    ));
    command.after_help(after)
}

#[cfg(test)]
mod tests {
    use crate::cli::Cli;

    /// The summary `todos --help` lists (given before a command is built) is the first line of
    /// the command's own help (its doc comment, read when it is built).
    #[test]
    fn every_summary_is_its_help_s_first_line() {
        let listed = Cli::command();
        let mut built = Cli::command();
        built.build();
        for command in built.get_subcommands() {
            let name = command.get_name();
            if name == "help" {
                continue;
            }
            let summary = listed
                .find_subcommand(name)
                .and_then(clap::Command::get_about)
                .map(ToString::to_string);
            let about = command.get_about().map(ToString::to_string);
            assert!(summary.is_some(), "{name} has no summary");
            assert_eq!(
                summary, about,
                "{name}'s summary is not its help's first line"
            );
        }
    }
}
