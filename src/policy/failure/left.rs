//! Why the move of an old layout's history left a history it does not trust where it is
//! (SPEC §9).

use std::path::PathBuf;

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
