//! What `history` and the move of an old layout's history say of a history they do not
//! trust (SPEC §9): the mark of a line the store does not vouch for, and why an old history was
//! left where it is.

use std::path::PathBuf;

/// How `history` marks a line the store does not vouch for.
pub const UNVOUCHED: &str = "not vouched for";

/// Why the old layout's history was not moved into `.todos/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Left {
    /// Owned by another user (not root, not this one).
    Owner { uid: u32 },
    /// More than one hard link: another name could read or change what todos writes.
    Links { links: u64 },
    /// A history is already at `to` (a checkout may have put it there).
    Over { to: PathBuf },
}
