//! `init`'s files, git's configuration and the MCP server.

use std::path::{Path, PathBuf};

use crate::policy::error::Kind;
use crate::policy::failure::{Distrust, Foreign};

#[derive(Debug, Clone, PartialEq)]
pub enum Setup {
    /// `--hooks` without the agent whose hooks to write.
    HooksNeedAgent,
    /// `--mcp` without one agent: the stdio command another client registers.
    McpNeedsAgent {
        command: String,
    },
    /// A file `init` edits that is not UTF-8.
    NotUtf8 {
        path: PathBuf,
    },
    /// A settings file `init` edits that is not in the shape it edits.
    Unreadable {
        path: PathBuf,
        why: Shape,
    },
    /// The marked block `init` owns in a file, broken (`why`), between these marks.
    Block {
        path: PathBuf,
        why: BlockWhy,
        begin: String,
        end: String,
    },
    /// git's config over `max` bytes.
    GitConfigTooLarge {
        path: PathBuf,
        max: u64,
    },
    GitConfigNotUtf8 {
        path: PathBuf,
    },
    /// git's lock beside its config.
    GitLocked {
        lock: PathBuf,
    },
    NotInGit {
        workspace: PathBuf,
    },
    /// A git folder without HEAD.
    NoHead {
        common: PathBuf,
    },
    /// `todos board` cannot listen on the loopback address (`port`: the one asked for).
    BoardListen {
        port: Option<u16>,
        why: String,
    },
    /// A step of the board's server that failed.
    BoardServer {
        step: BoardStep,
        why: String,
    },
    /// A folder `todos board` was given that is not one.
    BoardNotFolder {
        path: PathBuf,
    },
    /// A list the board does not read (`path`: its store), over one of its bounds.
    BoardTooLarge {
        path: PathBuf,
        over: BoardBound,
    },
    /// A workspace's folder that leads elsewhere than when the board found it (removed and
    /// made again as a link): the board no longer reads it.
    BoardFolderMoved {
        path: PathBuf,
    },
    /// `todos mcp` or `todos board` in a `todos` built without that server's feature.
    NotBuiltIn {
        server: Server,
    },
    /// The MCP server's own runtime or transport failed (`started`: after it served).
    McpServer {
        started: bool,
        why: String,
    },
    /// `init` in a user's own folder, not a project's.
    NotAProject {
        workspace: PathBuf,
        what: UserFolder,
    },
    /// A repository `init --git` does not trust, and why.
    Untrusted {
        why: Distrust,
    },
}

/// A folder of the user's own that `init` does not edit as a project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserFolder {
    Home,
    Config,
    AgentSettings,
}

/// What is wrong with the shape of an agent's settings file, at a key (`hooks.Stop`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    Object {
        at: String,
    },
    Array {
        at: String,
    },
    Rules {
        at: String,
    },
    Table {
        at: String,
    },
    /// TOML that does not parse, in the parser's words.
    NotToml(String),
    NotJsonObject,
}

/// What is wrong with the marked block `init` owns in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockWhy {
    Two,
    EndFirst,
    NoEnd,
}

/// Which of the board's bounds a list is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardBound {
    /// A store of `size` bytes, over the most the board reads of one list.
    Store { size: u64, max: u64 },
    /// The board's budget for every list it shows, spent before this one.
    Budget { max: u64 },
}

/// What the board's server was doing when it failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardStep {
    Address,
    Start,
    Serve,
    Token,
}

/// A server `todos` may be built without (`cargo build --no-default-features`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Server {
    /// `todos mcp`, the `mcp` feature.
    Mcp,
    /// `todos board`'s page, the `board` feature.
    Board,
}

/// What `init` found in an agent's settings that is not todos' own, and left as it is for the
/// user to review: said after its files, and in the envelope's `not_own`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotOwn {
    /// A hook entry (`hooks.Stop[0].hooks[1] runs …`) beside todos' own hook, `ours`.
    Hook {
        path: PathBuf,
        entry: Foreign,
        ours: String,
    },
    /// The MCP server entry `name` runs `command`, not todos' `ours`.
    McpServer {
        path: PathBuf,
        name: String,
        command: String,
        ours: String,
    },
    /// Codex: the user's own `key` on todos' server entry, kept, though only `approve` lets
    /// its sandbox call the tools.
    ApprovalKept {
        path: PathBuf,
        key: String,
        approve: String,
    },
}

impl NotOwn {
    /// Whether this says that `path`'s MCP server entry is another's.
    pub fn is_mcp_server_of(&self, path: &Path) -> bool {
        matches!(self, Self::McpServer { path: at, .. } if at == path)
    }
}

impl Setup {
    /// The kind of each failure: a command line missing an agent, git's lock held, a path not
    /// trusted, the servers failing, else a refused setup.
    pub fn kind(&self) -> Kind {
        match self {
            Self::HooksNeedAgent | Self::McpNeedsAgent { .. } => Kind::Usage,
            Self::GitLocked { .. } => Kind::Conflict,
            Self::BoardListen { .. }
            | Self::BoardServer { .. }
            | Self::NotBuiltIn { .. }
            | Self::McpServer { .. } => Kind::Internal,
            Self::BoardFolderMoved { .. } | Self::NotAProject { .. } | Self::Untrusted { .. } => {
                Kind::UnsafePath
            }
            _ => Kind::InvalidParam,
        }
    }
}
