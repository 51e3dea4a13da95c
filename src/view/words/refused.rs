//! The words of `policy/failure/refused.rs`.

use crate::policy::english::count;
use crate::policy::error::Caller;
use crate::policy::failure::Refused;
use crate::policy::limit::Limit;
use crate::policy::mcp::Tool;
use crate::policy::sentences;
use crate::policy::text::{escape, word};
use std::fmt;

impl fmt::Display for Refused {
    // One arm a variant: the words of every refusal read best as one match.
    #[allow(clippy::too_many_lines)]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoSuchId { id } => write!(f, "no item has id \"{}\"", word(id)),
            Self::ReopenNeeded {
                id,
                from,
                to,
                reopen,
            } => write!(
                f,
                "item {id} is {from}; moving it back to {to} needs {}",
                super::switched_on(reopen)
            ),
            Self::CannotStart {
                id,
                others,
                owner,
                max,
            } => {
                let whose = owner
                    .as_deref()
                    .map_or_else(String::new, |owner| format!(" of {owner}"));
                let per = if owner.is_some() { " per owner" } else { "" };
                write!(
                    f,
                    "item {} cannot start: item {}{whose} is already in_progress and at most {max} \
                     may be{per}; {}",
                    escape(id),
                    others.join(", item "),
                    sentences::limit_advice(Limit::MaxInProgress)
                )
            }
            Self::WaitsOnItself { id } => write!(
                f,
                "\"{}\" is this item itself; an item cannot wait on itself",
                escape(id)
            ),
            Self::DoesNotWait { own, id, waits_on } => {
                write!(f, "item {} does not wait on \"{}\"; ", word(own), word(id))?;
                if waits_on.is_empty() {
                    f.write_str("it waits on no item")
                } else {
                    let ids: Vec<String> =
                        waits_on.iter().map(|id| word(id).into_owned()).collect();
                    write!(f, "it waits only on {}", ids.join(", "))
                }
            }
            Self::MakesCycle { described } => write!(
                f,
                "makes a cycle: {described}; an item cannot wait on itself, so drop one of these \
                 dependencies"
            ),
            Self::NoSuchBlocker { value } => write!(f, "\"{}\" names no item", escape(value)),
            Self::UnknownBlocker {
                value,
                dropped,
                own,
                caller,
            } => {
                let why = if *dropped {
                    "names an item this snapshot drops"
                } else {
                    "names no item"
                };
                write!(f, "\"{}\" {why}; ", escape(value))?;
                if own.is_empty() {
                    f.write_str("give the items ids (\"id\") and name those, or name ids that ")?;
                    match caller {
                        Caller::CommandLine => f.write_str("`todos show` prints"),
                        Caller::Client => write!(f, "{} gives", super::tool(Tool::Show)),
                    }
                } else {
                    write!(f, "the snapshot's ids are {}", escape(&own.join(", ")))
                }
            }
            Self::TakeWithoutOwner => f.write_str(
                "cannot go with clearing the owner; take the item under a name, or clear its \
                 owner without take",
            ),
            Self::TakeNeedsName => f.write_str("needs a name to take the item over for"),
            Self::ClaimUnowned { started, max } => write!(
                f,
                "{} without an owner already in_progress, at most {max} may be: {}",
                count(started.len(), "item"),
                started.join(", ")
            ),
            #[cfg(feature = "mcp")]
            Self::Arguments(why) => f.write_str(why),
            #[cfg(feature = "mcp")]
            Self::GoesWithClaim => f.write_str(
                "goes with claim: true (next alone changes nothing); drop it, or claim the item",
            ),
            #[cfg(feature = "mcp")]
            Self::MustBe { must_be, was } => write!(f, "must be {must_be}, not {was}"),
            #[cfg(feature = "mcp")]
            Self::UnknownArgument { key, tool, takes } => write!(
                f,
                "unknown argument \"{}\": the {tool} tool takes {takes}",
                escape(key)
            ),
            #[cfg(feature = "mcp")]
            Self::ArgumentMissing { must_be } => write!(f, "is missing: give {must_be}"),
        }
    }
}
