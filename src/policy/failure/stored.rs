//! What is wrong at one path of a plan read from a file (a store, a history line): the rules a
//! plan that `todos` wrote always keeps, said after the path.

use std::fmt;

use crate::policy::text::{escape, shown};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// A counter beyond the largest one todos keeps (`max`).
    CounterBeyond {
        value: u64,
        max: u64,
    },
    NotToolId {
        id: String,
    },
    EarlierId {
        id: String,
    },
    BlanksAround,
    BlankOwner,
    NamesItself,
    NoSuchBlocker {
        id: String,
    },
    /// A cycle of waits, described item by item.
    Cycle {
        described: String,
    },
    Empty,
    NotTime,
    NotOneLine,
    NotShortLine,
    /// A store's `history` that is not a line's hash as todos writes one.
    NotLineHash,
    /// A history line's `next_id` at or before an id it holds.
    NextIdNotPast {
        next_id: u64,
        id: String,
    },
}

impl fmt::Display for Stored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::CounterBeyond { value, max } => {
                write!(
                    f,
                    "{value} is beyond the largest counter todos keeps ({max})"
                )
            }
            Self::NotToolId { id } => write!(
                f,
                "\"{}\" is not an id todos hands out (decimal digits, no leading zero)",
                escape(&shown(id))
            ),
            Self::EarlierId { id } => write!(f, "\"{id}\" is the id of an earlier item"),
            Self::BlanksAround => f.write_str("has blanks around it"),
            Self::BlankOwner => f.write_str("is blank or has blanks around it"),
            Self::NamesItself => f.write_str("names the item itself"),
            Self::NoSuchBlocker { id } => {
                write!(f, "\"{}\" names no item of the list", escape(&shown(id)))
            }
            Self::Cycle { described } => write!(f, "is a cycle: {described}"),
            Self::Empty => f.write_str("is empty"),
            Self::NotTime => f.write_str("is not an RFC 3339 time"),
            Self::NotOneLine => f.write_str("is not one line of printable text"),
            Self::NotShortLine => write!(
                f,
                "is not one line of at most {} printable characters",
                crate::policy::cap::Cap::ShortLineChars.value()
            ),
            Self::NotLineHash => f.write_str(
                "is not the hash of a history line (\"sha256:\" and 64 lowercase hex digits)",
            ),
            Self::NextIdNotPast { next_id, id } => {
                write!(f, "{next_id} does not lie past the id {id}")
            }
        }
    }
}
