//! An input refused as a whole (exit 1): where it came from, its JSON, its shape, a name or a
//! configuration value.

use crate::policy::error::{Caller, Hint, Kind, Path, Wrong};
use crate::policy::name::Broken;

/// Why `--file` could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileWhy {
    Missing,
    Folder,
    /// The refusal of the disk's door, in its words.
    Other(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A list name (`--list`, `TODOS_LIST`) that breaks `LIST_NAME`; `at` names where a name
    /// is given (`--list`, or a tool call's `list`).
    ListName {
        name: String,
        broken: Broken,
        at: Path,
    },
    /// Input (`source`: `stdin`, a file) over `Cap::InputBytes`.
    TooLarge {
        source: String,
    },
    NotUtf8 {
        source: String,
        offset: usize,
    },
    /// Input that is not JSON, with serde's reason.
    NotJson {
        source: String,
        why: String,
    },
    /// A snapshot that is neither an object nor an array (`found`: its JSON type).
    NotSnapshot {
        found: &'static str,
    },
    /// `create`'s input in no shape it takes.
    NotCreate {
        found: &'static str,
    },
    /// `update`'s input that is no object.
    NotUpdate {
        found: &'static str,
    },
    /// `TODOS_NOW` that is not an RFC 3339 time, with chrono's reason.
    Now {
        value: String,
        why: String,
    },
    /// `TODOS_NOW` outside the years a store can hold in the local time zone.
    NowOutOfRange {
        value: String,
    },
    /// `-C` or `TODOS_WORKSPACE` naming what is no folder.
    WorkspaceNotFolder {
        path: std::path::PathBuf,
    },
    /// No input: stdin is a terminal; the hint says what to give.
    StdinTerminal {
        hint: Hint,
    },
    StdinEmpty {
        hint: Hint,
    },
    /// A `--file` that cannot be read, and why.
    FileUnreadable {
        source: String,
        why: FileWhy,
    },
    /// A `--file` that holds only blanks.
    FileEmpty {
        source: String,
    },
    /// `--summary` given blank.
    SummaryEmpty,
    /// An owner given blank (`--owner`, or a tool call's `owner`: `at`).
    OwnerEmpty {
        at: Path,
    },
    /// `create` with nothing to create; `caller`: who is told how to give items.
    NoItems {
        caller: Caller,
    },
    /// A variable that sets a configuration key to a value it does not take.
    ConfigVariable {
        var: &'static str,
        value: String,
        why: Wrong,
    },
    /// A configuration file (`source`) that holds no JSON object.
    ConfigNotObject {
        source: String,
    },
    /// A key of a configuration file that is unknown or set wrong.
    ConfigKey {
        source: String,
        key: String,
        why: Wrong,
    },
}

impl Input {
    /// The kind of each refusal: no input on a terminal is a usage error, the rest invalid input.
    pub fn kind(&self) -> Kind {
        match self {
            Self::StdinTerminal { .. } => Kind::Usage,
            _ => Kind::InvalidParam,
        }
    }
}
