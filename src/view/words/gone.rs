//! The words of `policy/failure/gone.rs`.

use crate::policy::error::Caller;
use crate::policy::failure::{Gone, Removal};
use crate::policy::mcp::Tool;
use crate::policy::text::escape;

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

/// The open items a change took out, in words: `named` is every item, or as many as fit a line.
/// The characters of item names a warning's one line holds.
pub(super) const NAMES_IN_ONE_LINE: usize = 120;

/// `caller`: who is told how to bring them back (`todos undo`, or the `undo` tool).
pub(super) fn open_removed(named: &str, count: usize, by: Removal, caller: Caller) -> String {
    let one = count == 1;
    let them = if one { "it" } else { "them" };
    let undo = super::command(caller, Tool::Undo);
    let (verb, back) = match by {
        Removal::Removed => (
            "removed",
            format!(
                "if {} still needed, {undo} brings {them} back",
                if one { "it is" } else { "they are" }
            ),
        ),
        Removal::Dropped => (
            "dropped",
            match caller {
                Caller::CommandLine => format!("send {them} again to keep {them}, or {undo}"),
                Caller::Client => format!("send {them} again to keep {them}, or call {undo}"),
            },
        ),
    };
    if one {
        format!("{verb} open item {named}; {back}")
    } else {
        format!("{verb} {count} open items: {named}; {back}")
    }
}
