//! An input refused as a whole (exit 1): where it came from, its JSON, its shape, a name or a
//! configuration value.

use crate::policy::cap::Cap;
use crate::policy::error::{Error, Hint, Kind, Wrong};
use crate::policy::failure::hint::StdinCommand;
use crate::policy::name::{Broken, LIST_NAME, OWNER};
use crate::policy::sentences;
use crate::policy::settings::Variable;

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
    /// A list name (`--list`, `TODOS_LIST`) that breaks `LIST_NAME`.
    ListName {
        name: String,
        broken: Broken,
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
    /// `--owner` given blank.
    OwnerEmpty,
    /// `create` with nothing to create.
    NoItems,
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
    pub(super) fn render(self) -> Error {
        let error = |message: String| Error::new(Kind::InvalidParam, message);
        match self {
            Self::ListName { name, broken } => error(format!(
                "the list name \"{}\" {}",
                crate::policy::text::word(&name),
                sentences::broken_name(&LIST_NAME, &broken)
            ))
            .with_hint(format!(
                "name a list with {}, e.g. --list {}",
                sentences::name_rule(&LIST_NAME),
                LIST_NAME.examples.join(", --list ")
            )),
            Self::TooLarge { source } => error(format!(
                "{source} is larger than {}; a plan is a short list",
                sentences::size(Cap::InputBytes.value())
            )),
            Self::Now { value, why } => {
                let var = Variable::Now.name();
                error(format!("{var}={value:?} is not an RFC 3339 time: {why}")).with_hint(format!(
                    "set it like {var}=2025-01-02T17:42:33+08:00, or unset it to use the clock"
                ))
            }
            Self::NowOutOfRange { value } => {
                let var = Variable::Now.name();
                error(format!(
                    "{var}={value:?} falls outside the years 0000 to 9999 in the local time zone, \
                     the times a store can hold"
                ))
                .with_hint(format!(
                    "set it like {var}=2025-01-02T17:42:33+08:00, or unset it to use the clock"
                ))
            }
            Self::WorkspaceNotFolder { path } => {
                error(format!("the workspace {} is not a folder", path.display())).with_hint(
                    format!(
                        "create it first, or pass another -C/--workspace (or {})",
                        Variable::Workspace.name()
                    ),
                )
            }
            Self::StdinTerminal { hint } => {
                Error::new(Kind::Usage, "no input: stdin is a terminal").hinted(hint)
            }
            Self::StdinEmpty { hint } => error("stdin is empty".to_owned()).hinted(hint),
            Self::FileUnreadable { source, why } => {
                let why = match why {
                    FileWhy::Missing => "no such file".to_owned(),
                    FileWhy::Folder => "it is a folder".to_owned(),
                    FileWhy::Other(why) => why,
                };
                error(format!("cannot read {source}: {why}")).hinted(Hint::CheckFile)
            }
            Self::FileEmpty { source } => error(format!("{source} is empty")),
            Self::SummaryEmpty => error("--summary is empty".to_owned()).with_hint(
                "give the one line that says what the plan is for, or leave --summary out to keep \
                 the stored one",
            ),
            Self::OwnerEmpty => error("--owner is empty".to_owned()).with_hint(format!(
                "give who works on it: {} (e.g. --owner {}); `todos update ID --no-owner` takes an \
                 item's owner away",
                sentences::name_rule(&OWNER),
                OWNER.examples[0]
            )),
            Self::NoItems => {
                error("no items to create".to_owned()).hinted(Hint::Stdin(StdinCommand::Create))
            }
            Self::ConfigVariable { var, value, why } => error(format!(
                "environment variable {var}={value:?} is invalid: {why}"
            )),
            Self::ConfigNotObject { source } => error(format!("{source} must hold a JSON object")),
            Self::ConfigKey { source, key, why } => {
                error(format!("{source}: key \"{key}\" is invalid: {why}"))
            }
            Self::NotUtf8 { source, offset } => error(format!(
                "{source} is not valid UTF-8 (first bad byte at offset {offset})"
            )),
            Self::NotJson { source, why } => error(format!("{source} is not valid JSON: {why}")),
            Self::NotSnapshot { found } => error(format!(
                "the input must be a JSON object such as {{\"summary\": \"…\", \"todos\": […]}} \
                 or an array of items, not {found}"
            )),
            Self::NotCreate { found } => error(format!(
                "create takes {{\"items\": [...]}}, one item's fields, an array or plain lines, \
                 not {found}"
            )),
            Self::NotUpdate { found } => error(format!(
                "update takes an object such as {{\"id\": \"2\", \"status\": \"completed\"}}, \
                 not {found}"
            )),
        }
    }
}
