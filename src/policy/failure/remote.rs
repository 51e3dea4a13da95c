//! What a list that lives on a git remote (SPEC §11) may come to: the remote out of reach, a
//! push refused, a race lost too often, a ref moved backwards or to another history, a plan on
//! the remote that is not one; the warnings of a change saved here that waits to be pushed; and
//! what `todos sync` says of each list.

use crate::policy::error::Kind;

/// How a remote ref moved from the commit this clone last had in common with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moved {
    /// To one of its ancestors: an older plan was pushed over it.
    Backwards,
    /// To a commit that does not descend from it: another history.
    Unrelated,
}

/// Why a plan fetched from a remote is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotAPlan {
    /// The commit holds no `LIST.json`.
    NoFile { file: String },
    /// Larger than a store may be.
    TooLarge { size: u64, max: u64 },
    /// It does not read as a store: why, as a store on disk would say it.
    Unreadable { why: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Remote {
    /// The remote could not be reached within `remote_timeout`, for a claim (`claim`) or
    /// `sync`: nothing changed.
    Unreachable {
        remote: String,
        why: String,
        claim: bool,
    },
    /// The remote refused the push for a reason other than a race; the change is saved here
    /// as `saved` and waits.
    Refused {
        remote: String,
        reference: String,
        why: String,
        saved: Option<u64>,
    },
    /// Every try lost the race to another machine.
    Raced { remote: String, tries: u32 },
    /// The ref moved backwards or to another history since this clone last saw it.
    Moved {
        remote: String,
        reference: String,
        how: Moved,
        seen: String,
        now: String,
    },
    /// The ref's commit holds no plan `todos` takes.
    NotAPlan {
        remote: String,
        reference: String,
        oid: String,
        why: NotAPlan,
    },
    /// The local repository could not do its part (not a repository, a failed object write).
    Local { remote: String, why: String },
    /// `todos.remote` in the clone's git config is not a remote's name.
    BadName { name: String },
}

/// What a change with a remote says beside what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RemoteWarning {
    /// The change is saved here as `revision`, not yet on the remote.
    NotPushed {
        remote: String,
        why: String,
        revision: u64,
    },
    /// The workspace's own file suggests a remote that this clone has not joined.
    Suggested { remote: String },
    /// `show` and `recap`: the local plan holds `revisions` the remote has not had yet.
    Waiting { remote: String, revisions: u64 },
    /// The session-start hook could not bring the plan up to the remote's: it may be behind,
    /// since `since` (the last time this clone had it, local time).
    Behind {
        remote: String,
        why: String,
        since: Option<String>,
    },
}

/// What `todos sync` did to one list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Synced {
    pub list: String,
    pub before: u64,
    pub after: u64,
    /// What came in from the remote, as `history` says a change.
    pub came_in: Option<String>,
    /// The revision pushed, if any.
    pub pushed: Option<u64>,
}

/// `todos sync` where no remote is set (exit 0, as `resolve` with nothing to resolve):
/// `suggested` is the one the workspace's file names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NothingToSync {
    pub suggested: Option<String>,
}

impl Remote {
    /// The kind of each failure: a race lost to another clone, a bad name, else the remote.
    pub fn kind(&self) -> Kind {
        match self {
            Self::Raced { .. } => Kind::Conflict,
            Self::BadName { .. } => Kind::InvalidParam,
            _ => Kind::Remote,
        }
    }
}
