//! What a command says beside its answer that is neither a failure nor a warning: a note on
//! stderr (`note: …`), or the one line an answer of its own gives (`resolve`'s, the end of
//! `show --watch` and `history --follow`). Each is a variant whose words are written here; a
//! path in one is escaped as it is said.

use std::path::PathBuf;

use crate::policy::failure::NotOwn;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// Another process holds the lock on `path`, and this one waits for it.
    WaitingForLock { path: PathBuf },
    /// A change that changed nothing.
    NoChange { revision: u64 },
    /// The note the change came with (`--note`), as given.
    ThisChange { note: String },
    /// `undo`/`redo`: the revision restored (`None`: an empty plan), and where an unreadable
    /// store was set aside first.
    Restored {
        revision: Option<u64>,
        set_aside: Option<PathBuf>,
    },
    /// The board opened in the browser, or is to be opened by hand; how it stops.
    #[cfg(feature = "board")]
    BoardOpened { opened: bool },
    /// The board's last line, once a signal stopped it.
    #[cfg(feature = "board")]
    BoardStopped,
    /// A linked worktree uses the plan at `plan` (relative to it).
    SharedPlan { plan: PathBuf },
    /// `show` or `recap` where no plan is yet.
    NoPlanYet { workspace: PathBuf, list: String },
    /// `show --watch` or `history --follow` on a folder whose events cannot be had: it is read
    /// every `Cap::PollWithoutEventsMillis` instead.
    CannotWatch { folder: PathBuf },
    /// The end of `history --follow`, after `count` revisions.
    StoppedFollowing { count: u64 },
    /// The end of `show --watch`, after `count` states.
    StoppedWatching { count: u64 },
    /// `todos hook` without a payload it can read (stderr).
    NoHookPayload { why: NoPayload },
    /// The same, as the answer's one line.
    NoHookPayloadHeadline { why: NoPayload },
    /// `init` without `--agent` sets up the agents the repository shows: each named with the
    /// files that show it (`Claude Code (CLAUDE.md, .claude/)`).
    AgentsShown { named: Vec<String> },
    /// `init` without `--agent` in a repository that shows none of `signs` (every file that
    /// would show an agent): AGENTS.md.
    NoAgentShown { signs: Vec<String> },
    /// `init` left the MCP server entry `name` that todos did not write: its own is not
    /// registered.
    McpNotRegistered { name: String },
    /// `resolve` of a store that is not there, or holds no conflict markers.
    NothingToResolve { path: PathBuf, missing: bool },
    /// `resolve` merged both sides at `path`, its common plan from `base`; `git add {add}`
    /// marks it resolved.
    Resolved {
        path: PathBuf,
        base: Base,
        add: String,
    },
    /// `init` left an entry that is not todos' own as it is, for the user to review.
    LeftForReview { entry: NotOwn },
    /// How the user trusts the hooks in an agent (its protocol row's `trust`): `init` says it
    /// every time it runs, since trust is the user's to give.
    TurnHooksOn { trust: &'static str },
}

/// Why `todos hook` has no payload to answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoPayload {
    /// Nothing on stdin (a terminal, `/dev/null`, blank bytes).
    Empty,
    NotObject,
    NotJson,
    /// A stdin left open that sent nothing within `Cap::PayloadWaitMillis`.
    Late,
}

/// Why `next` finds no item ready.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Idle {
    Empty,
    /// Every item finished: the plan's progress line.
    Done {
        progress: String,
    },
    /// Open items, none ready: how many wait and on which ids, those in progress elsewhere
    /// (`3 @w1 (lease ends in 2h)`), how many others own and how many are blocked.
    Waiting {
        waiting: usize,
        waited_on: Vec<String>,
        started: Vec<String>,
        others: usize,
        blocked: usize,
    },
}

/// Where `resolve` found the common plan of the two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    Markers,
    Index,
    None,
}

impl Base {
    /// What the envelope's `resolved.base` says.
    pub fn key(self) -> &'static str {
        match self {
            Self::Markers => "markers",
            Self::Index => "index",
            Self::None => "none",
        }
    }
}

/// The one line an answer gives (the envelope's `text`, and what some commands print): what
/// `history`, `merge-file`, `schema` and `check --stale` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Headline {
    /// `history`: the revisions kept of `list`.
    Kept { count: usize, list: String },
    /// `history` of a list that has none yet.
    NoHistoryYet,
    /// `history --show N`.
    PlanAt { revision: u64 },
    /// `merge-file`: the merged plan, the ids theirs gave up (`from`, `to`), the problems that
    /// make git see a conflict.
    Merged {
        items: usize,
        revision: u64,
        renumbered: Vec<(String, String)>,
        problems: usize,
    },
    /// `schema`: the input schema of `name`, or its tool definition for `vendor`.
    Schema {
        name: &'static str,
        vendor: Option<&'static str>,
    },
    /// `check --stale`: minutes since the last change, and the bound.
    Stale { minutes: u64, limit: u64 },
    /// `init`: whether a file changed, and whether it set up an agent (else only git's merge
    /// driver).
    SetUp { changed: bool, agent: bool },
    /// `init --dry-run`: whether it would change a file; it wrote nothing.
    DryRun { changed: bool },
    /// A plan shown, restored or redrawn: its items counted by status (`2 pending, 1
    /// completed`, or `no items`).
    Todos { counts: String },
    /// `show --all` and each redraw of `show --watch --all`, as JSON: how many lists and items.
    Lists { lists: usize, items: usize },
    /// A change, as JSON: the plan's items counted by status.
    Updated { counts: String },
    /// `todos board`'s first line: what it shows, and where.
    #[cfg(feature = "board")]
    Board {
        workspaces: usize,
        lists: usize,
        url: String,
    },
}
