//! A change the plan's rules or another writer refuse: revisions, owners, counters, and the
//! revisions `undo` and `history` look for.

use std::path::PathBuf;

use crate::policy::error::{Caller, Kind, Path};
use crate::policy::failure::disk::Unreadable;

/// Where the lease of an item another owner holds stands, for the hint of a refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaseState {
    /// It ended (`why`: `lease ended 4m ago`): `next --claim` takes it over.
    Ended {
        owner: String,
        why: String,
    },
    /// It runs until this time (said in local time, as `history` says it).
    RunsUntil(chrono::DateTime<chrono::Utc>),
    None,
}

/// The revisions a history keeps, for a refusal of one it does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revisions {
    Range { first: u64, last: u64 },
    Nothing,
}

/// Why the chain of history lines the store vouches for reaches no further back (SPEC §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ChainEnd {
    /// At the start of the list's history: the oldest line reached names none before it.
    #[default]
    Start,
    /// The store names no line: an older `todos`, a merge or another checkout wrote it.
    Unnamed,
    /// A line (or the store) names a line the history does not hold: trimmed away, or the
    /// history was replaced. `revision`: the oldest revision reached (the store's own when no
    /// line was).
    Missing { revision: u64 },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    /// `undo` at revision 0, the empty plan before the first change; `caller`: who the hint
    /// names `redo` to.
    NothingToUndo { caller: Caller },
    /// `redo` with no undo to take back (`since_undo`: an undo was taken back already, or
    /// there is no history), else the last change was not an undo.
    NothingToRedo { since_undo: bool, caller: Caller },
    /// The workspace folder of a running `show --watch` or `history --follow` went away.
    WorkspaceGone {
        path: std::path::PathBuf,
        replaced: bool,
        what: &'static str,
    },
    /// A change under `actor`'s name to items others own: each item (`1 "Write it"`) with its
    /// owner; the first one's id and lease for the hint. `claim` names the claim that takes it
    /// over as it is given (`next --claim`, a `next` tool call's `claim`).
    OwnedByOthers {
        items: Vec<(String, String)>,
        actor: String,
        source: &'static str,
        first_id: String,
        lease: LeaseState,
        claim: Path,
    },
    /// Another process held the lock at `lock` longer than `--lock-timeout` (`seconds`).
    LockHeld { lock: PathBuf, seconds: f64 },
    /// A counter of the store (`revision counter`, `id counter`) at its maximum.
    CounterAtMax { counter: &'static str },
    /// `--expect-revision` past the plan's revision: no command read it. `at` names the
    /// revision as it was given (`--expect-revision`, a tool call's `expect_revision`).
    RevisionAhead {
        actual: u64,
        expected: u64,
        at: Path,
    },
    /// `--expect-revision` behind the plan's revision: someone changed it since.
    RevisionBehind {
        actual: u64,
        expected: u64,
        at: Path,
    },
    /// The session's count of finished plans at its maximum; `caller` is who the advice to
    /// start a new session is said to.
    SessionCountAtMax { caller: Caller },
    /// A revision the history does not keep (`history REV`); `at` names the revision as it
    /// was given (`REV`, a tool call's `revision`).
    NotKept {
        revision: u64,
        kept: Revisions,
        at: Path,
    },
    /// A revision `undo --to` cannot find: `first` for a plan that never changed. `to` names
    /// where a revision to restore is given (`--to`, a tool call's `to`).
    CannotUndo {
        target: u64,
        kept: Revisions,
        never_changed: bool,
        to: Path,
    },
    /// A revision the history holds or should hold that the store does not vouch for (SPEC
    /// §9): the history at `path` holds `others` lines no chain from the store (at revision
    /// `store`) reaches, which stops as `stop` says.
    Unvouched {
        target: u64,
        path: PathBuf,
        store: u64,
        stop: ChainEnd,
        others: usize,
        caller: Caller,
    },
    /// A kept revision whose plan breaks today's rules; `to` as in `CannotUndo`.
    Unrestorable {
        revision: u64,
        problems: Vec<crate::policy::error::Problem>,
        to: Path,
    },
    /// An unreadable store whose history holds nothing to restore or go on from.
    NothingToRestore { path: PathBuf },
    /// A revision a stopped change left out of the history, and the nearest kept before it;
    /// `to` as in `CannotUndo`.
    MissingRevision {
        target: u64,
        kept: Revisions,
        nearest: u64,
        to: Path,
    },
    /// A list that does not exist, near the name of one that does; `at` names the list as it
    /// is given (`--list`, a tool call's `list`).
    NoList {
        list: String,
        near: String,
        at: Path,
    },
    /// A lease (`span`) from `from` that would end past the year 9999; `lease` names the lease
    /// as it is given (`--lease`, a tool call's `lease`), `None` for a call that gave none
    /// (a tool renewing the lease an earlier claim set, or the configured `claim_lease`).
    LeaseTooFar {
        span: String,
        from: String,
        lease: Option<Path>,
    },
    /// A merged plan that would take a counter past the largest one todos keeps.
    MergedPastMax { counter: &'static str, max: u64 },
    /// A change whose store would not read back (`what`), so nothing was saved; `caller`
    /// is who the advice to read it is said to.
    WouldBeUnreadable {
        path: PathBuf,
        what: Unreadable,
        caller: Caller,
    },
    /// A merged plan that would not read back as a store.
    MergedUnreadable { what: Unreadable },
    /// A counter at its maximum while two plans merge.
    MergedCounterAtMax { counter: &'static str },
}

impl Plan {
    /// The kind of each refusal: another writer first, a store that cannot be restored, else
    /// a change the rules refuse.
    pub fn kind(&self) -> Kind {
        match self {
            Self::RevisionAhead { .. }
            | Self::RevisionBehind { .. }
            | Self::LockHeld { .. }
            | Self::OwnedByOthers { .. } => Kind::Conflict,
            Self::NothingToRestore { .. } => Kind::StoreCorrupt,
            _ => Kind::InvalidParam,
        }
    }
}
