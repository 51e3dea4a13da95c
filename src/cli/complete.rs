//! Dynamic shell completion (`clap_complete`'s `CompleteEnv`): the shell runs
//! `COMPLETE=bash todos -- WORDS…` at each <TAB>, and the candidates come from the workspace as
//! it is now: the plan's ids with their text, the statuses, the list names (`candidates.rs`).
//!
//! Completion runs at every keystroke, in whatever folder the shell is in, so it only reads:
//! it never writes, locks or creates anything, and anything it cannot read (no workspace, a
//! broken store, a bad config) gives no candidates rather than an error on the prompt.

use crate::cli::Cli;
use crate::commands::completions::VAR;

/// Answers a completion request and returns true, or returns false for a normal run: a run
/// without `COMPLETE` in its environment costs one variable look-up.
pub fn complete_if_asked() -> bool {
    if std::env::var_os(VAR).is_none_or(|shell| shell.is_empty() || shell == "0") {
        return false;
    }
    // A failure (an unknown shell name) is clap's to print; the shell then offers nothing.
    // The parser with the newcomer's aliases, as a run parses: `todos rm <TAB>` offers what
    // `todos remove <TAB>` does (hidden aliases are never offered as commands).
    clap_complete::CompleteEnv::with_factory(|| crate::policy::guess::with_aliases(Cli::command()))
        .var(VAR)
        .try_complete(std::env::args_os(), std::env::current_dir().ok().as_deref())
        .unwrap_or_else(|err| err.exit())
}
