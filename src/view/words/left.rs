//! The words of `policy/failure/left.rs`, and the mark `history` gives a line the store does
//! not vouch for.

use super::warning::shown;
use crate::policy::failure::Left;

/// How `history` marks a line the store does not vouch for.
pub const UNVOUCHED: &str = "not vouched for";

impl std::fmt::Display for Left {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Owner { uid } => write!(f, "it is owned by another user (uid {uid})"),
            Self::Links { links } => write!(
                f,
                "it has {links} hard links, so another name could read or change what todos \
                 writes"
            ),
            Self::Over { to } => write!(f, "{} already holds a history", shown(to)),
        }
    }
}
