//! Every warning `todos` gives (a change made, with something the user should know; a line or a
//! file passed over), as typed variants put in words here. A warning travels as its variant up
//! to the output layer, which says it (`warning: …` on stderr, or `data.warnings` in the
//! envelope); the JSON is the same words.
//!
//! Fields named `item` hold an item as messages name it (`3 "Write the tests"`, escaped, made by
//! `plan::dependencies::named`); every path is escaped here.

use std::path::PathBuf;

use crate::policy::error::{Caller, Error, Path};
pub use crate::policy::failure::gone::{Gone, Removal};
use crate::policy::failure::{Distrust, Left, Skipped, Split};
use crate::policy::status::Status;

#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// A list on a git remote (SPEC §11): a change that waits to be pushed, a suggested remote.
    Remote(crate::policy::failure::RemoteWarning),
    /// `worktrees: shared`, but the worktree's pointers are not trusted: it keeps its own plan.
    OwnPlan {
        why: Distrust,
    },
    /// `history`: `lines` of the history at `path` that no chain from the store reaches
    /// (SPEC §9), listed but marked, and never restored.
    NotVouched {
        path: PathBuf,
        lines: usize,
    },
    /// The old layout's history at `path`, not moved into `.todos/` (SPEC §9).
    HistoryLeft {
        path: PathBuf,
        why: Left,
    },
    /// A line of the history at `path`, passed over.
    LineSkipped {
        path: PathBuf,
        line: usize,
        why: Skipped,
    },
    /// The lines of the history at `path` passed over beyond the first that were named one
    /// by one (`Cap::SkippedLinesNamed`): `count` more, from line `first` to line `last`.
    LinesSkipped {
        path: PathBuf,
        count: usize,
        first: usize,
        last: usize,
    },
    /// The line of one of the latest revisions, passed over (the board reads from the end).
    RevisionSkipped {
        path: PathBuf,
        revision: u64,
        why: Skipped,
    },
    /// `history --follow`: revisions trimmed from the history before they could be read.
    LeftUnread {
        from: u64,
        to: u64,
    },
    /// The board: a list's history that cannot be read, in the error's words.
    HistoryUnreadable {
        why: Box<Error>,
    },
    /// The board: a folder given that holds no workspace, searched `depth` folders deep.
    NoWorkspaceUnder {
        folder: PathBuf,
        depth: usize,
    },
    /// The board: more workspaces than it shows; it shows those nearest the folders given, and
    /// names the first of the rest.
    TooManyWorkspaces {
        found: usize,
        shown: usize,
        left_out: Vec<PathBuf>,
    },
    /// The board: a folder given that leads elsewhere than when the board started (removed
    /// and made again as a link): it is not searched again.
    FolderMoved {
        folder: PathBuf,
    },
    /// The board: the browser could not be started.
    NoBrowser {
        program: String,
        why: String,
    },
    /// The board: the hand-over file could not be written, so no browser was started.
    NoHandOver {
        why: String,
    },
    /// The completion log holds a finished plan's block, but the store could not name its file.
    LogNotNamed {
        log_file: String,
        why: Box<Error>,
    },
    /// A finished plan whose block the completion log could not take now.
    LogNotWritten {
        why: Box<Error>,
    },
    LogUnreadable {
        why: Box<Error>,
    },
    /// A finished plan's block, missing from the log, that could not be written.
    BlockNotWritten {
        why: Box<Error>,
    },
    /// A restore that could not say in the log that a finished plan's block was withdrawn.
    NotWithdrawn {
        why: Box<Error>,
    },
    /// A change saved that its history could not record.
    HistoryNotRecorded {
        why: Box<Error>,
    },
    /// `undo`: the revision asked for is not in the history; the nearest kept before it was
    /// restored.
    RevisionMissing {
        target: u64,
        restored: u64,
    },
    /// A merge: both branches added an item `from`; theirs (`content`) is now `to`.
    Renumbered {
        from: String,
        to: String,
        content: Option<String>,
    },
    /// A merge: an item one side removed and the other changed, kept.
    KeptChanged {
        item: String,
        remover: Side,
        changer: Side,
    },
    /// A merge: an item's blockers the other branch removed, taken out.
    MergeUnlinked {
        item: String,
        gone: Vec<String>,
    },
    /// Items that waited on a removed one (`gone`), freed of it.
    Unlinked {
        gone: String,
        freed: Vec<String>,
    },
    /// An item started while it waits on others.
    StartedEarly {
        item: String,
        waits: Vec<String>,
    },
    /// `resolve`: the common plan in the conflict markers, unusable.
    CommonUnusable {
        why: Box<Error>,
    },
    /// `resolve`: the common plan in git's index, not a store.
    IndexNotStore {
        why: String,
    },
    /// Open items a command removed (`remove`) or a snapshot dropped (`write`), each named
    /// with its status: `3 "Tests" (pending)`. The words name every one; the text line may
    /// shorten them to fit (`Warning::line`).
    OpenRemoved {
        items: Vec<Gone>,
        by: Removal,
        caller: Caller,
    },
    /// `write`: an item sent back to an open status from a finished one.
    Reopened {
        id: String,
        content: String,
        from: Status,
        to: Status,
    },
    /// `next --claim`: the owner already has `item` in progress, `max` per owner.
    AlreadyInProgress {
        owner: String,
        item: String,
        max: usize,
    },
    /// A list made beside one whose name is close to it; `at` names the list as it is given
    /// (`--list`, a tool call's `list`).
    NewListNear {
        list: String,
        near: String,
        at: Path,
    },
    /// `undo` of an unreadable store with no revision kept: the plan is made empty.
    NothingToRestore,
    /// A plan first written without a summary; `caller`: who is told how to give one.
    NoSummary {
        caller: Caller,
    },
    /// `create`'s words, split by the shell, made an item each.
    SplitWords(Split),
    /// A merge's result that git must see as a conflict.
    Conflict(Conflict),
}

/// What makes a merged plan a conflict for git, though it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conflict {
    /// The merged plan breaks a rule: the problem, as its path and words.
    Rule { problem: crate::policy::error::Said },
    /// A cycle the two branches' waits make, broken: `item` no longer waits on `blocker`.
    Cycle {
        cycle: String,
        item: String,
        blocker: String,
    },
    /// More cycles than a merge names; `cut` more waits dropped.
    ManyCycles { cut: usize },
}

/// A side of a merge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Ours,
    Theirs,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ours => "ours",
            Self::Theirs => "theirs",
        }
    }
}

impl Warning {
    /// The open items a snapshot dropped, for `data.dropped`.
    pub fn dropped(&self) -> &[Gone] {
        match self {
            Self::OpenRemoved {
                items,
                by: Removal::Dropped,
                ..
            } => items,
            _ => &[],
        }
    }
}
