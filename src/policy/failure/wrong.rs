//! What is wrong at one path of an input, said after the path (`todos[2].content: is 75
//! characters long, …`): the message of a `Problem`.

use std::fmt;

use crate::policy::english::{count, or_list};
use crate::policy::limit::Limit;
use crate::policy::name::OWNER;
use crate::policy::sentences;
use crate::policy::settings::{LEASE_FORMAT, Setting};
use crate::policy::text::{escape, shown};

/// How to fit a text under its limit, said after a refusal of a text too long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// A limit of `LIMITS`, which configuration raises: its row says how to fit.
    Limit(Limit),
    /// The fixed limit of a description.
    Description,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wrong {
    /// A character text may not hold (`kind`: `a control character`); `multiline` for a
    /// description, where line breaks may stand.
    Forbidden {
        kind: &'static str,
        code: u32,
        multiline: bool,
    },
    /// A text over its limit, with how to fit under it where there is a way.
    TooLong {
        chars: usize,
        max: usize,
        fit: Option<Fit>,
    },
    /// A list over `max_items`, `finished` of its items finished.
    TooManyItems {
        len: usize,
        finished: usize,
        max: usize,
    },
    /// More items in progress than `max_in_progress` for one owner (`None`: no owner), at
    /// these paths.
    OverInProgress {
        places: Vec<String>,
        owner: Option<String>,
        max: usize,
    },
    /// A name that breaks `OWNER`.
    NotOwnerName {
        name: String,
    },
    /// A lease that is not `LEASE_FORMAT`; `unit_missing` when a number lacks its unit.
    NotLease {
        text: String,
        unit_missing: bool,
    },
    /// A lease of 0.
    LeaseZero,
    /// A lease longer than the longest (`max`, said as a span such as `168h`).
    LeaseTooLong {
        text: String,
        max: String,
    },
    /// A stored `lease_until` that is not RFC 3339.
    LeaseUntil {
        until: String,
    },
    /// A stored `lease_seconds` out of range.
    LeaseSeconds {
        seconds: u64,
        max: u64,
    },
    // ---- the shape of an input: `found` is the JSON type there (`a number`) ----
    NotString {
        found: &'static str,
    },
    NotBool {
        found: &'static str,
    },
    NotId {
        found: &'static str,
    },
    /// An entry of a snapshot's list that is no object.
    NotItem {
        found: &'static str,
    },
    /// A snapshot's list that is neither an array nor a Markdown checklist.
    NotList {
        found: &'static str,
    },
    /// `create`'s `items` that is no array.
    NotItems {
        found: &'static str,
    },
    EmptyId,
    NullId,
    EmptyContent,
    /// A status no row of `STATUSES` spells, with the nearest one.
    UnknownStatus {
        text: String,
        near: Option<&'static str>,
    },
    /// A priority no row of `PRIORITIES` spells (`names`), with the nearest one.
    UnknownPriority {
        text: String,
        near: Option<&'static str>,
        names: Vec<&'static str>,
    },
    /// A Gemini CLI tracker task's `type` that is none of its kinds (`names`), with the
    /// nearest one.
    UnknownTaskType {
        text: String,
        near: Option<&'static str>,
        names: &'static [&'static str],
    },
    /// A snapshot's `operation` that is neither `write` nor `read`.
    UnknownOperation {
        text: String,
        near: Option<&'static str>,
    },
    /// A key no field of the context spells, with the nearest one, else the first spelling of
    /// each field.
    UnknownField {
        key: String,
        near: Option<&'static str>,
        fields: Vec<&'static str>,
    },
    /// A second spelling of a field already given as `first`.
    SameField {
        first: String,
    },
    /// `deleted` in a snapshot.
    DeletedInSnapshot,
    StatusMissing,
    /// An item without text: the keys that give it, and those that stand in for it alone.
    ContentMissing {
        keys: String,
        stand_ins: Option<String>,
    },
    /// `operation: read` beside a list.
    ReadWithList,
    NotChecklistLine,
    /// A checklist box that names no status.
    UnknownBox {
        checkbox: String,
    },
    /// `items` beside one item's fields in `create`.
    ItemsAndFields,
    IdMissing,
    /// An update that changes nothing; `deleted` is the status that removes the item.
    NothingToChange {
        deleted: &'static str,
    },
    // ---- configuration: said after `key "…" is invalid: ` ----
    UnknownKey,
    /// A value the setting does not take (`sentences::setting_value`).
    Setting(Setting),
    NoFolder,
}

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
            Self::TooLong { chars, max, fit } => {
                write!(f, "is {chars} characters long, the limit is {max}")?;
                match fit {
                    Some(Fit::Limit(limit)) => write!(f, "; {}", sentences::limit_advice(*limit)),
                    Some(Fit::Description) => write!(f, "; {}", sentences::DESCRIPTION_FIT),
                    None => Ok(()),
                }
            }
            Self::TooManyItems { len, finished, max } => {
                let advice = sentences::limit_advice_when(Limit::MaxItems, *finished);
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
                    places.join(", "),
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
            Self::IdMissing => {
                f.write_str("is missing; name the item to change (its id from `todos show`)")
            }
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
