//! Open items a change took out of the plan (`remove`, or a `write` that left them out): how a
//! warning names them, and what `data.dropped` gives an agent to send back.

use crate::policy::status::Status;
use crate::policy::text::escape;

/// An open item that a change took out of the plan: what the warning names, and what
/// `data.dropped` gives an agent to send back.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Gone {
    pub id: String,
    pub content: String,
    pub status: Status,
}

/// `3 "Tests" (pending)`, escaped.
impl std::fmt::Display for Gone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} \"{}\" ({})",
            escape(&self.id),
            escape(&self.content),
            self.status.as_str()
        )
    }
}

/// How open items went: `remove` named them, or a `write` left them out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    Removed,
    Dropped,
}

/// The open items a change took out, in words: `named` is every item, or as many as fit a line.
pub(super) fn open_removed(named: &str, count: usize, by: Removal) -> String {
    let one = count == 1;
    let them = if one { "it" } else { "them" };
    let (verb, back) = match by {
        Removal::Removed => (
            "removed",
            format!(
                "if {} still needed, `todos undo` brings {them} back",
                if one { "it is" } else { "they are" }
            ),
        ),
        Removal::Dropped => (
            "dropped",
            format!("send {them} again to keep {them}, or `todos undo`"),
        ),
    };
    if one {
        format!("{verb} open item {named}; {back}")
    } else {
        format!("{verb} {count} open items: {named}; {back}")
    }
}

/// The longest the names of a text warning's items may run before the rest are counted
/// (`(+3 more)`), so the warning stays one line on a terminal.
pub(super) const NAMES_IN_ONE_LINE: usize = 120;
