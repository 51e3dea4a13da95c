//! What is wrong at one path of an input, said after the path (`todos[2].content: is 75
//! characters long, …`): the message of a `Problem`.

use std::fmt;

use crate::policy::english::count;
use crate::policy::limit::Limit;
use crate::policy::name::OWNER;
use crate::policy::sentences;
use crate::policy::settings::LEASE_FORMAT;
use crate::policy::text::escape;

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
    NotOwnerName { name: String },
    /// A lease that is not `LEASE_FORMAT`; `unit_missing` when a number lacks its unit.
    NotLease { text: String, unit_missing: bool },
    /// A lease of 0.
    LeaseZero,
    /// A lease longer than the longest (`max`, said as a span such as `168h`).
    LeaseTooLong { text: String, max: String },
    /// A stored `lease_until` that is not RFC 3339.
    LeaseUntil { until: String },
    /// A stored `lease_seconds` out of range.
    LeaseSeconds { seconds: u64, max: u64 },
}

impl fmt::Display for Wrong {
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
                write!(f, "lease_until \"{}\" is not an RFC 3339 time", escape(until))
            }
            Self::LeaseSeconds { seconds, max } => {
                write!(f, "lease_seconds {seconds} is not from 1 to {max}")
            }
        }
    }
}
