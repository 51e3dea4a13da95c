//! Reading and writing the workspace: I/O failures, paths SPEC §9 forbids, files too large, and
//! a store that cannot be read as one.

use std::path::PathBuf;

use crate::policy::error::{Caller, Hint, Kind, Problem};

/// Why a path is unsafe, completing the sentence "PATH …".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unsafe {
    SymbolicLink,
    Folder,
    Fifo,
    Socket,
    Device,
    NotRegular,
    NotFolder,
    /// A link that resolves to `real`, outside the workspace `root`.
    Outside {
        real: PathBuf,
        root: PathBuf,
    },
    /// A configured folder that leads outside the workspace.
    LeadsOutside,
    LinkToMissingFolder,
    LinkToFolder,
    /// A file `init` would edit inside `.git/`.
    IntoGit,
    /// A `.git` that is neither a file nor a folder.
    NotGitFileOrFolder,
}

/// Why a file is not a store todos reads: said after `PATH cannot be read as a todos store: `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    NotObject,
    /// serde's reason.
    Json(String),
    Version {
        found: u32,
        reads: u32,
    },
    /// A session's completion log that is not a bare Markdown file name.
    LogFile {
        name: String,
    },
    /// The rules it breaks, each at its path.
    Problems(Vec<Problem>),
    /// More bytes than a store may hold (`Cap::StoreBytes`), which every read refuses.
    TooLarge {
        size: u64,
        max: u64,
    },
}

/// Why `resolve` cannot merge a store git left with conflict markers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unmergeable {
    NotUtf8,
    /// A marker (`<<<<<<<`) at this line, out of git's order.
    OutOfOrder {
        line: usize,
        marker: String,
    },
    /// The last conflict has no `>>>>>>>`.
    Unclosed,
    /// One side (`our`, `their`) that is no store.
    Side {
        name: &'static str,
        why: Unreadable,
    },
}

/// Why one of git's files is no store for the merge driver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotAStore {
    Missing,
    TooLarge {
        size: u64,
        max: u64,
    },
    /// The store's own refusal, as it was said.
    Unreadable {
        message: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disk {
    /// An I/O failure: `cannot {action} {path}: {why}`.
    Io {
        action: &'static str,
        path: PathBuf,
        why: String,
    },
    /// A stream (`stdin`) that failed while it was read.
    Read { source: String, why: String },
    /// A path SPEC §9 forbids (exit 6).
    Unsafe { path: PathBuf, why: Unsafe },
    /// A file of the workspace's own over `max` bytes.
    TooLarge { path: PathBuf, max: u64 },
    /// A history of `size` bytes, over `max`, read whole; `name` is its file name.
    HistoryTooLarge {
        path: PathBuf,
        size: u64,
        max: u64,
        name: String,
    },
    /// A path with no folder above it.
    NoFolder { path: PathBuf },
    /// Every temporary name beside `target` taken.
    NoTempName { target: PathBuf },
    /// Every completion log name after `path` taken.
    NoLogName { path: PathBuf },
    /// Every name to set a store aside as taken, from `first` on (`tries` of them); `caller`:
    /// who is told to run `undo` again.
    NoAsideName {
        path: PathBuf,
        first: PathBuf,
        tries: u32,
        caller: Caller,
    },
    /// A store that cannot be read as one, with how to recover.
    Unreadable {
        path: PathBuf,
        what: Unreadable,
        hint: Option<Hint>,
    },
    /// A `memory_dir` inside a `.git` folder.
    MemoryDirInGit { dir: PathBuf },
    /// The current folder, unreadable (deleted, say).
    NoCurrentFolder { why: String },
    /// A todos file of a workspace found upwards that another user (`uid`) owns.
    Foreign { path: PathBuf, uid: u32 },
    /// A conflicted store larger than the two sides of a conflict may be.
    ConflictTooLarge { shown: String, size: u64 },
    /// A conflicted store `resolve` cannot merge, and why.
    Unmergeable { shown: String, why: Unmergeable },
    /// One of git's three files given to the merge driver that is no store (`why`), by its
    /// name (`ours`, `base`, `theirs`).
    NotAStore {
        name: String,
        path: PathBuf,
        why: NotAStore,
    },
    /// A store holding git's conflict markers; `list` is ` -l NAME` for a named list.
    Conflicted { path: PathBuf, list: String },
    /// stdout failed (`>/dev/full`) after the command did its work; `saved` is the revision a
    /// change was saved as, so it is not made twice.
    OutputLost { why: String, saved: Option<u64> },
}

impl Disk {
    /// An I/O failure on `path`, said with the path so the user can look at it.
    pub fn io(action: &'static str, path: &std::path::Path, err: &std::io::Error) -> Self {
        Self::Io {
            action,
            path: path.to_path_buf(),
            why: err.to_string(),
        }
    }
}

impl Disk {
    /// The kind of each failure: a path todos will not go through, an input or a store it will
    /// not read, else the system failing under it.
    pub fn kind(&self) -> Kind {
        match self {
            Self::Unsafe { .. } | Self::MemoryDirInGit { .. } | Self::Foreign { .. } => {
                Kind::UnsafePath
            }
            Self::TooLarge { .. } | Self::HistoryTooLarge { .. } | Self::NotAStore { .. } => {
                Kind::InvalidParam
            }
            Self::ConflictTooLarge { .. }
            | Self::Unmergeable { .. }
            | Self::Unreadable { .. }
            | Self::Conflicted { .. } => Kind::StoreCorrupt,
            _ => Kind::Internal,
        }
    }
}
