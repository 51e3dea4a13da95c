//! The words of `policy/failure/wrong.rs`.

use crate::policy::english::{count, or_list};
use crate::policy::failure::{Fit, Wrong};
use crate::policy::limit::Limit;
use crate::policy::mcp::Tool;
use crate::policy::name::OWNER;
use crate::policy::sentences;
use crate::policy::settings::LEASE_FORMAT;
use crate::policy::text::{escape, shown};
use std::fmt;

impl fmt::Display for Wrong {
    // One arm per variant, as casey/just's `Display` of its error: every message in one place.
    #[allow(clippy::too_many_lines)]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Forbidden {
                kind,
                code,
                multiline,
            } => {
                let what = if *multiline {
                    "text and line breaks"
                } else {
                    "one line of printable text"
                };
                write!(f, "holds {kind} (U+{code:04X}); use {what}")
            }
            Self::TooLong { chars, max, fit } => f.write_str(&too_long(chars, *max, *fit)),
            Self::TooManyItems {
                len,
                finished,
                max,
                caller,
            } => {
                let advice = sentences::limit_advice_when(Limit::MaxItems, *finished, *caller);
                let finished = match finished {
                    0 => String::new(),
                    n => format!(" ({n} finished)"),
                };
                write!(
                    f,
                    "holds {}{finished}, the limit is {max}; {advice}",
                    count(*len, "item")
                )
            }
            Self::OverInProgress { places, owner, max } => {
                let (whose, per) = match owner {
                    Some(owner) => (format!(" owned by {owner}"), " per owner"),
                    None => (String::new(), ""),
                };
                write!(
                    f,
                    "has {} in_progress{whose} ({}), at most {max}{per} may be; {}",
                    count(places.len(), "item"),
                    places
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    sentences::limit_advice(Limit::MaxInProgress)
                )
            }
            Self::NotOwnerName { name } => write!(
                f,
                "\"{}\" is not an owner name: {}",
                escape(&name.chars().take(80).collect::<String>()),
                sentences::name_advice(&OWNER)
            ),
            Self::NotLease { text, unit_missing } => {
                write!(f, "\"{}\" is not {LEASE_FORMAT}", escape(text))?;
                if *unit_missing {
                    f.write_str(": a number needs its unit")?;
                }
                Ok(())
            }
            Self::LeaseZero => {
                f.write_str("a lease of 0 ends at once; give at least 1s, or \"none\"")
            }
            Self::LeaseTooLong { text, max } => write!(
                f,
                "\"{}\" is longer than a lease may be ({max}); renew a shorter one while you work",
                escape(text)
            ),
            Self::LeaseUntil { until } => {
                write!(
                    f,
                    "lease_until \"{}\" is not an RFC 3339 time",
                    escape(until)
                )
            }
            Self::LeaseSeconds { seconds, max } => {
                write!(f, "lease_seconds {seconds} is not from 1 to {max}")
            }
            Self::NotString { found } => write!(f, "must be a string, not {found}"),
            Self::NotBool { found } => write!(f, "must be true or false, not {found}"),
            Self::NotId { found } => {
                write!(
                    f,
                    "must be a non-empty string or a whole number, not {found}"
                )
            }
            Self::NotItem { found } => {
                write!(f, "must be an object with content and status, not {found}")
            }
            Self::NotList { found } => write!(
                f,
                "must be an array of items or a Markdown checklist, not {found}"
            ),
            Self::NotItems { found } => write!(f, "must be an array of items, not {found}"),
            Self::EmptyId => f.write_str("is empty; give an id, or leave the field out"),
            Self::NullId => f.write_str("must be an item's id, not null"),
            Self::EmptyContent => f.write_str("is empty; say what the step is"),
            Self::UnknownStatus { text, near } => {
                let shown = escape(&shown(text)).into_owned();
                match near {
                    Some(name) => write!(f, "unknown status \"{shown}\"; did you mean \"{name}\"?"),
                    None => write!(
                        f,
                        "unknown status \"{shown}\"; use one of {}",
                        sentences::accepted_spellings()
                    ),
                }
            }
            Self::UnknownPriority { text, near, names } => {
                let shown = escape(&shown(text)).into_owned();
                match near {
                    Some(near) => {
                        write!(f, "unknown priority \"{shown}\"; did you mean \"{near}\"?")
                    }
                    None => write!(
                        f,
                        "unknown priority \"{shown}\"; use one of {}",
                        names.join(", ")
                    ),
                }
            }
            Self::UnknownTaskType { text, near, names } => {
                let shown = escape(&shown(text)).into_owned();
                match near {
                    Some(near) => {
                        write!(f, "unknown task type \"{shown}\"; did you mean \"{near}\"?")
                    }
                    None => write!(
                        f,
                        "unknown task type \"{shown}\"; use one of {} (todos checks the \
                         type and keeps none)",
                        names.join(", ")
                    ),
                }
            }
            Self::UnknownOperation { text, near } => {
                write!(f, "unknown operation \"{}\"; ", shown(text))?;
                let use_ = match near {
                    Some(near) => {
                        write!(f, "did you mean \"{near}\"? ")?;
                        "Use"
                    }
                    None => "use",
                };
                write!(
                    f,
                    "{use_} \"write\" to replace the list or \"read\" to print it"
                )
            }
            Self::UnknownField { key, near, fields } => match near {
                Some(near) => write!(
                    f,
                    "unknown field \"{}\"; did you mean \"{near}\"?",
                    shown(key)
                ),
                None => write!(
                    f,
                    "unknown field \"{}\"; the fields here are {}",
                    shown(key),
                    or_list(fields).replacen(" or ", " and ", 1)
                ),
            },
            Self::SameField { first } => {
                write!(f, "says the same as \"{first}\"; give only one of them")
            }
            Self::DeletedInSnapshot => f.write_str(
                "\"deleted\" is for update; to drop an item from a snapshot, leave it out",
            ),
            Self::StatusMissing => write!(
                f,
                "is missing; every item needs a status ({})",
                sentences::status_names()
            ),
            Self::ContentMissing { keys, stand_ins } => {
                write!(f, "is missing; every item needs its text ({keys}")?;
                if let Some(stand_ins) = stand_ins {
                    write!(f, ", or {stand_ins} alone")?;
                }
                f.write_str(")")
            }
            Self::ReadWithList => f.write_str(
                "\"read\" only prints the plan; to change it, send \"write\" with the list",
            ),
            Self::NotChecklistLine => write!(
                f,
                "is not a checklist line such as \"[ ] Write the test\" (boxes: {})",
                sentences::checklist_boxes()
            ),
            Self::UnknownBox { checkbox } => write!(
                f,
                "has the box \"{}\", which names no status; use {}",
                escape(checkbox),
                sentences::checklist_boxes()
            ),
            Self::ItemsAndFields => {
                f.write_str("give either \"items\" or the fields of one item, not both")
            }
            Self::IdMissing { caller } => write!(
                f,
                "is missing; name the item to change (its id from {})",
                super::command(*caller, Tool::Show)
            ),
            Self::UnknownKey => write!(f, "unknown key; the keys are {}", sentences::config_keys()),
            Self::Setting(setting) => f.write_str(&sentences::setting_value(*setting)),
            Self::NoFolder => f.write_str("it must name a folder"),
            Self::NothingToChange { deleted } => write!(
                f,
                "is missing; send the new status ({}; {deleted} removes the item), or a content, \
                 description, activeForm, priority, owner or blocked_by to change",
                sentences::status_names()
            ),
        }
    }
}

/// How to fit a description under its fixed limit.
const DESCRIPTION_FIT: &str =
    "keep to what the step needs; put longer notes in a file and name it in the description";

/// A text over its limit (`chars`: its length, or the lengths of many as `83-84`), with how to
/// fit under it where there is a way.
pub fn too_long(chars: &dyn fmt::Display, max: usize, fit: Option<Fit>) -> String {
    let advice = match fit {
        Some(Fit::Limit(limit)) => format!("; {}", sentences::limit_advice(limit)),
        Some(Fit::Description) => format!("; {DESCRIPTION_FIT}"),
        None => String::new(),
    };
    format!("is {chars} characters long, the limit is {max}{advice}")
}
