//! The words of `policy/failure/stored.rs`.

use crate::policy::failure::Stored;
use crate::policy::text::{escape, shown};
use std::fmt;

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
