//! What a shell's <TAB> offers for a value, read from the workspace as it is now: the plan's
//! ids with their text, the statuses, the list names. `cli.rs` attaches these to its
//! arguments; `complete.rs` answers the shell.
//!
//! Completion runs at every keystroke, in whatever folder the shell is in, so it only reads:
//! it never writes, locks or creates anything, and anything it cannot read (no workspace, a
//! broken store, a bad config) gives no candidates rather than an error on the prompt.

use std::ffi::OsString;

use clap_complete::engine::CompletionCandidate;

use crate::context::Context;
use crate::context::global::GlobalArgs;
use crate::context::host::Host;
use crate::plan::list::ListName;
use crate::policy::status::STATUSES;
use crate::policy::text::escape;
use crate::store::{Store, is_tool_id};

/// The plan's ids, each with its text, for `update ID`. Only the tool's own decimal ids are
/// offered (bash puts a candidate on the command line as it is, unquoted), and the text beside
/// each is made safe for every shell's list (`shown`). The store is read as strictly as every
/// command reads it, so a store with a planted id offers nothing at all.
pub fn ids() -> Vec<CompletionCandidate> {
    let Some((workspace, list)) = workspace_and_list() else {
        return Vec::new();
    };
    let Ok(document) = Store::new(&workspace, &list).load() else {
        return Vec::new();
    };
    document
        .todos
        .iter()
        .filter(|item| is_tool_id(&item.id))
        .map(|item| {
            let help = shown(&format!("{} {}", item.status.info().marker, item.content));
            CompletionCandidate::new(item.id.clone()).help(Some(help.into()))
        })
        .collect()
}

/// The longest text shown beside a candidate: a shell's list is one line per candidate.
const MAX_HELP_CHARS: usize = crate::policy::cap::Cap::CandidateHelpChars.chars();

/// Text from the store as a shell's candidate list shows it: control characters, bidi
/// overrides and line separators escaped (a newline would start a candidate of its own in the
/// one-per-line answers of zsh and fish, a tab a description of its own in fish's), and cut to
/// one short line. It is only ever shown, never inserted: what is inserted is the id.
pub(crate) fn shown(text: &str) -> String {
    let escaped = escape(text);
    let mut out: String = escaped.chars().take(MAX_HELP_CHARS).collect();
    if escaped.chars().nth(MAX_HELP_CHARS).is_some() {
        out.pop();
        out.push('…');
    }
    out
}

/// The statuses, each with what it means, for `update ID STATUS`.
pub fn statuses() -> Vec<CompletionCandidate> {
    STATUSES
        .iter()
        .map(|info| CompletionCandidate::new(info.name).help(Some(info.meaning.into())))
        .collect()
}

/// `STATUS:` for `-t STATUS:CONTENT`: the shell stops after the colon for the text.
pub fn status_prefixes() -> Vec<CompletionCandidate> {
    STATUSES
        .iter()
        .map(|info| {
            CompletionCandidate::new(format!("{}:", info.name)).help(Some(info.meaning.into()))
        })
        .collect()
}

/// The workspace's lists, for `--list`.
pub fn lists() -> Vec<CompletionCandidate> {
    let Some((workspace, _)) = workspace_and_list() else {
        return Vec::new();
    };
    ListName::all(&workspace)
        .into_iter()
        .map(|list| CompletionCandidate::new(list.as_str().to_owned()))
        .collect()
}

/// The workspace and list the command line being completed names (`-C`, `-l`, or their
/// variables), found the way every command finds them.
fn workspace_and_list() -> Option<(std::path::PathBuf, ListName)> {
    let words = words_being_completed();
    let global = GlobalArgs {
        workspace: option_value(&words, "-C", "--workspace").map(Into::into),
        list: option_value(&words, "-l", "--list"),
        json: false,
        color: None,
        quiet: true,
        lock_timeout: 0.0,
        offline: false,
    };
    let ctx = Context::new(&global, &Host::process()).ok()?;
    Some((ctx.workspace, ctx.list))
}

/// The words of the command line being completed: `clap_complete` passes them after `--`.
fn words_being_completed() -> Vec<String> {
    std::env::args_os()
        .skip_while(|arg| arg != "--")
        .skip(1)
        .map(|word: OsString| word.to_string_lossy().into_owned())
        .collect()
}

/// The value of the last `-x VALUE`, `--xx VALUE` or `--xx=VALUE` among `words`.
fn option_value(words: &[String], short: &str, long: &str) -> Option<String> {
    let mut found = None;
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if word == short || word == long {
            found = words.next().cloned();
        } else if let Some(value) = word.strip_prefix(long).and_then(|w| w.strip_prefix('=')) {
            found = Some(value.to_owned());
        }
    }
    found.filter(|value| !value.is_empty())
}

#[cfg(test)]
mod tests {
    use super::option_value;

    #[test]
    fn the_last_workspace_given_wins_in_every_spelling() {
        let words: Vec<String> = ["todos", "-C", "a", "--workspace=b", "update", ""]
            .map(String::from)
            .to_vec();
        assert_eq!(
            option_value(&words, "-C", "--workspace").as_deref(),
            Some("b")
        );
        assert_eq!(option_value(&words, "-l", "--list"), None);
        let words: Vec<String> = ["todos", "--list", "api", "update"]
            .map(String::from)
            .to_vec();
        assert_eq!(option_value(&words, "-l", "--list").as_deref(), Some("api"));
    }
}
