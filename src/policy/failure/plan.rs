//! A change the plan's rules or another writer refuse: revisions, owners, counters, and the
//! revisions `undo` and `history` look for.

use std::path::PathBuf;

use crate::policy::error::{Error, Kind};
use crate::policy::text::escape;

/// Where the lease of an item another owner holds stands, for the hint of a refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaseState {
    /// It ended (`why`: `lease ended 4m ago`): `next --claim` takes it over.
    Ended {
        owner: String,
        why: String,
    },
    /// It runs until this time (RFC 3339).
    RunsUntil(String),
    None,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    /// A change under `actor`'s name to items others own: each item (`1 "Write it"`) with its
    /// owner; the first one's id and lease for the hint.
    OwnedByOthers {
        items: Vec<(String, String)>,
        actor: String,
        source: &'static str,
        first_id: String,
        lease: LeaseState,
    },
    /// Another process held the lock at `lock` longer than `--lock-timeout` (`seconds`).
    LockHeld { lock: PathBuf, seconds: f64 },
    /// A counter of the store (`revision counter`, `id counter`) at its maximum.
    CounterAtMax { counter: &'static str },
    /// A counter at its maximum while two plans merge.
    MergedCounterAtMax { counter: &'static str },
}

impl Plan {
    pub(super) fn render(self) -> Error {
        let invalid = |message: String| Error::new(Kind::InvalidParam, message);
        match self {
            Self::LockHeld { lock, seconds } => Error::new(
                Kind::Conflict,
                format!(
                    "another todos process held the lock on {} longer than --lock-timeout \
                     ({seconds} s)",
                    lock.display()
                ),
            )
            .with_hint("try again once it is done, or wait longer with --lock-timeout SECS"),
            Self::CounterAtMax { counter } => invalid(format!(
                "the store's {counter} is at its maximum and cannot go on"
            ))
            .with_hint("start a new store: move .todos.json aside"),
            Self::MergedCounterAtMax { counter } => {
                invalid(format!("the store's {counter} is at its maximum"))
            }
            Self::OwnedByOthers {
                items,
                actor,
                source,
                first_id,
                lease,
            } => {
                let items: Vec<String> = items
                    .iter()
                    .map(|(item, owner)| format!("item {item} is owned by {}", escape(owner)))
                    .collect();
                let lease = match lease {
                    LeaseState::Ended { owner, why } => format!(
                        "{}'s {why}: `todos next --claim` takes it over",
                        escape(&owner)
                    ),
                    LeaseState::RunsUntil(end) => {
                        format!(
                            "its lease runs until {end}, then `todos next --claim` takes it over"
                        )
                    }
                    LeaseState::None => "it holds no lease".to_owned(),
                };
                Error::new(
                    Kind::Conflict,
                    format!(
                        "{}, not by {} ({source}): a change under one owner's name to another \
                         owner's item is refused",
                        items.join("; "),
                        escape(&actor),
                    ),
                )
                .with_hint(format!(
                    "{lease}; `todos update {} --take` takes it over on purpose",
                    escape(&first_id)
                ))
            }
        }
    }
}
