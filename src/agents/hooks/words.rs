//! What a hook (and `check`) says into an agent's context about the plan: the plan block a
//! session start brings, the reason a stop is sent back, the line that counts the items left
//! out; the after-tool hook's note is `news.rs`. The items, counts and owners are arguments;
//! the words are here, beside the hooks that say them. The sentence about the statuses (how
//! to finish an item) is made from their table, in `policy/sentences.rs`.

pub mod news;

use std::fmt::Write as _;

use crate::policy::sentences::how_to_finish;
use crate::policy::text::escape;

/// How the plan block a hook puts into an agent's context begins: `hooks/transcript.rs` knows
/// a copy of the plan in Gemini CLI's record by it. It starts with a word: an agent that reads
/// stdout starting with `[` as JSON (Codex does) must not mistake it for broken JSON.
pub const PLAN_HEADING: &str = "Plan (todos) [";

/// The first line of the plan block: `Plan (todos) [1/3] Fix the login — open items (update
/// with `todos update ID STATUS`):` and its newline; `summary` comes quoted as the hook quotes it.
pub fn plan_heading(done: usize, total: usize, summary: Option<&str>) -> String {
    let summary = summary
        .map(|summary| format!(" {summary}"))
        .unwrap_or_default();
    format!(
        "{PLAN_HEADING}{done}/{total}]{summary} — open items (update with `todos update ID \
         STATUS`):\n"
    )
}

/// One open item of the block, its id, marker and content quoted as the hook quotes them, and
/// what the team views add after it.
pub fn open_item(id: &str, marker: &str, content: &str, suffix: &str) -> String {
    format!("  {id} {marker} {content}{suffix}\n")
}

/// The last line of a block cut to fit: how many items it leaves out, and where they are.
pub fn more_items(more: usize) -> String {
    format!("  (+{more} more: `todos show`)\n")
}

/// The open items a stop is about (`left` of the plan's `total`, those left for `owner`) as a
/// subject and its verb: `3 of 5 items` `are`, `1 of 5 items` `is`, `the one item` `is` when
/// the plan holds one; with an owner, `2 of 5 items (held by @w1 or no one)` `are`.
fn left_subject(left: usize, total: usize, owner: Option<&str>) -> (String, &'static str) {
    let (subject, verb) = match (left, total) {
        (1, 1) => ("the one item".to_owned(), "is"),
        (1, total) => (format!("1 of {total} items"), "is"),
        (left, total) => (format!("{left} of {total} items"), "are"),
    };
    match owner {
        Some(owner) => (format!("{subject} (held by @{owner} or no one)"), verb),
        None => (subject, verb),
    }
}

/// What is open at a stop, and why an agent is stopped, as `check` and the stop hook say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Open<'a> {
    /// `left` of `total` items are still open (for `owner`); `listed`: the items follow.
    Still {
        left: usize,
        total: usize,
        owner: Option<&'a str>,
        listed: bool,
    },
    /// `check --stale`: open, and the plan has not changed for `minutes` (`None`: it does not
    /// say when it last changed).
    Stale {
        left: usize,
        total: usize,
        owner: Option<&'a str>,
        minutes: Option<u64>,
    },
}

impl std::fmt::Display for Open<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Self::Still {
                left,
                total,
                owner,
                listed,
            } => {
                let (subject, are) = left_subject(left, total, owner);
                let end = if listed { ':' } else { '.' };
                write!(f, "todos: {subject} {are} still open{end}")
            }
            Self::Stale {
                left,
                total,
                owner,
                minutes: Some(minutes),
            } => {
                let (subject, are) = left_subject(left, total, owner);
                write!(
                    f,
                    "todos: the plan has not changed for {minutes} min and {subject} {are} open."
                )
            }
            Self::Stale {
                left,
                total,
                owner,
                minutes: None,
            } => {
                let (subject, are) = left_subject(left, total, owner);
                write!(
                    f,
                    "todos: {subject} {are} open and the plan does not say when it last changed."
                )
            }
        }
    }
}

/// What follows the finish sentence at a stop: the way out when the agent needs the user.
pub const ASK_AND_STOP: &str =
    "If you need the user's answer first, ask and stop: this reminder comes once per stop.";

/// How the stop hook's reason ends, after the items: how to finish the `left` items, and the
/// way out when the agent needs the user.
pub fn stop_reason_end(left: usize) -> String {
    format!("{} {ASK_AND_STOP}", how_to_finish(left))
}

/// What a hook that could not do its job says where its agent shows the user: `todos hook:`
/// and the refusal's message, then its hint; each escaped, each line ending in a newline.
pub fn failed(message: &str, hint: Option<&str>) -> String {
    let mut notes = format!("todos hook: {}\n", escape(message));
    if let Some(hint) = hint {
        let _ = writeln!(notes, "hint: {}", escape(hint));
    }
    notes
}

/// The one line a hook's answer gives: the agent that sent the payload and what the hook did
/// (`none`, `context`, `block`, as its JSON says it).
pub fn answered(agent: &str, action: &str) -> String {
    format!("{agent}: {action}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stop_subject_counts_and_names_the_owner() {
        let still = |left, total, owner| {
            Open::Still {
                left,
                total,
                owner,
                listed: true,
            }
            .to_string()
        };
        assert_eq!(still(1, 1, None), "todos: the one item is still open:");
        assert_eq!(still(1, 5, None), "todos: 1 of 5 items is still open:");
        assert_eq!(
            still(2, 5, Some("w1")),
            "todos: 2 of 5 items (held by @w1 or no one) are still open:"
        );
        assert_eq!(
            plan_heading(1, 3, Some("S")),
            "Plan (todos) [1/3] S — open items (update with `todos update ID STATUS`):\n"
        );
        assert_eq!(more_items(6), "  (+6 more: `todos show`)\n");
    }
}
