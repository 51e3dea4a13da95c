//! Open items a change took out of the plan (`remove`, or a `write` that left them out): how a
//! warning names them, and what `data.dropped` gives an agent to send back.

use crate::policy::status::Status;

/// An open item that a change took out of the plan: what the warning names, and what
/// `data.dropped` gives an agent to send back.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Gone {
    pub id: String,
    pub content: String,
    pub status: Status,
}

/// How open items went: `remove` named them, or a `write` left them out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    Removed,
    Dropped,
}
