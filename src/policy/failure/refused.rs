//! What is wrong at one path of a change the plan refuses (an id, a status, a dependency, a
//! claim) or of an MCP tool's arguments, said after the path.

use crate::policy::error::Caller;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    // ---- a change to the plan ----
    NoSuchId {
        id: String,
    },
    /// A finished item moved back to an open status without `--reopen` (`reopen` names it as
    /// it is given: the flag, or the JSON key).
    ReopenNeeded {
        id: String,
        from: &'static str,
        to: &'static str,
        reopen: crate::policy::error::Path,
    },
    /// An item that cannot start: `others` are in progress already, for `owner`.
    CannotStart {
        id: String,
        others: Vec<String>,
        owner: Option<String>,
        max: usize,
    },
    /// A dependency on the item itself.
    WaitsOnItself {
        id: String,
    },
    /// `--unblock` of an item the item does not wait on.
    DoesNotWait {
        own: String,
        id: String,
        waits_on: Vec<String>,
    },
    /// Dependencies that make a cycle.
    MakesCycle {
        described: String,
    },
    /// A dependency that names no item, said alone beside the snapshot's other problems.
    NoSuchBlocker {
        value: String,
    },
    /// A dependency that names no item (`dropped`: one the snapshot drops); `own`: the ids
    /// the snapshot gives its items.
    UnknownBlocker {
        value: String,
        dropped: bool,
        own: Vec<String>,
        caller: Caller,
    },
    /// `--take` with `--no-owner`.
    TakeWithoutOwner,
    TakeNeedsName,
    /// `next --claim` under no name while `started` unowned items are in progress.
    ClaimUnowned {
        started: Vec<String>,
        max: usize,
    },
    // ---- an MCP tool's arguments ----
    /// serde's reason for arguments of the wrong shape.
    #[cfg(feature = "mcp")]
    Arguments(String),
    /// An argument that goes with `claim: true` alone.
    #[cfg(feature = "mcp")]
    GoesWithClaim,
    /// An argument of the wrong type: what it must be, and what it was.
    #[cfg(feature = "mcp")]
    MustBe {
        must_be: &'static str,
        was: String,
    },
    /// An argument the tool does not take, and those it takes.
    #[cfg(feature = "mcp")]
    UnknownArgument {
        key: String,
        tool: &'static str,
        takes: String,
    },
    /// A required argument left out.
    #[cfg(feature = "mcp")]
    ArgumentMissing {
        must_be: &'static str,
    },
}
