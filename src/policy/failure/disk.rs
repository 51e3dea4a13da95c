//! Reading and writing the workspace: I/O failures, paths SPEC §9 forbids, files too large, and
//! a store that cannot be read as one.

use std::fmt::{self, Write as _};
use std::path::PathBuf;

use crate::policy::error::{Error, Hint, Kind, Problem};
use crate::policy::sentences;
use crate::policy::settings::Variable;
use crate::policy::text::escape;

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

impl fmt::Display for Unsafe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |path: &PathBuf| escape(&path.display().to_string()).into_owned();
        f.write_str(match self {
            Self::SymbolicLink => "is a symbolic link",
            Self::Folder => "is a folder, not a file",
            Self::Fifo => "is a FIFO (named pipe), not a regular file",
            Self::Socket => "is a socket, not a regular file",
            Self::Device => "is a device, not a regular file",
            Self::NotRegular => "is not a regular file",
            Self::NotFolder => "is not a folder",
            Self::Outside { real, root } => {
                return write!(
                    f,
                    "resolves to {}, outside the workspace {}",
                    shown(real),
                    shown(root)
                );
            }
            Self::LeadsOutside => {
                "leads outside the workspace; it must name a folder inside it (a relative path)"
            }
            Self::LinkToMissingFolder => "is a symbolic link to a missing folder",
            Self::LinkToFolder => "is a symbolic link to a folder",
            Self::IntoGit => "leads into .git/, git's own folder, which todos init never edits",
            Self::NotGitFileOrFolder => "is a symbolic link or not a file or folder",
        })
    }
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
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotObject => f.write_str("it is not a JSON object"),
            Self::Json(why) => f.write_str(why),
            Self::Version { found, reads } => write!(
                f,
                "format version {found} is not {reads}, the one this todos reads"
            ),
            Self::Problems(problems) => f.write_str(&summarize(problems)),
            Self::LogFile { name } => write!(
                f,
                "session.log_file \"{name}\" is not a file name ending in .md"
            ),
        }
    }
}

/// The problems said first of many, in a message: `todos[1].id: …; summary: … (+3 more)`.
const PROBLEMS_SAID: usize = 3;

/// The first problems in one sentence, for a message: `todos[1].id: …; summary: … (+3 more)`.
pub fn summarize(problems: &[Problem]) -> String {
    let mut text = problems
        .iter()
        .take(PROBLEMS_SAID)
        .map(|problem| format!("{}: {}", problem.path, problem.message))
        .collect::<Vec<_>>()
        .join("; ");
    if problems.len() > PROBLEMS_SAID {
        let _ = write!(text, " (+{} more)", problems.len() - PROBLEMS_SAID);
    }
    text
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

impl fmt::Display for Unmergeable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotUtf8 => f.write_str("it is not UTF-8 text"),
            Self::OutOfOrder { line, marker } => write!(
                f,
                "line {line}: a conflict marker {marker}, out of git's order"
            ),
            Self::Unclosed => f.write_str("the last conflict has no closing >>>>>>> marker"),
            Self::Side { name, why } => write!(f, "{name} side is not a store: {why}"),
        }
    }
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
    /// Every name to set a store aside as taken, from `first` on (`tries` of them).
    NoAsideName {
        path: PathBuf,
        first: PathBuf,
        tries: u32,
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

    // One arm per variant, as casey/just's `Display` of its error: every message in one place.
    #[allow(clippy::too_many_lines)]
    pub(super) fn render(self) -> Error {
        let shown = |path: &PathBuf| escape(&path.display().to_string()).into_owned();
        let internal = |message: String| Error::new(Kind::Internal, message);
        match self {
            Self::Io { action, path, why } => {
                internal(format!("cannot {action} {}: {why}", path.display()))
            }
            Self::Read { source, why } => internal(format!("cannot read {source}: {why}")),
            Self::OutputLost { why, saved: None } => {
                internal(format!("cannot write the output: {why}"))
            }
            Self::OutputLost {
                why,
                saved: Some(revision),
            } => internal(format!(
                "cannot write the output: {why}; the change was saved as revision {revision}"
            ))
            .with_hint("do not make it again: `todos show` prints the plan as it is now"),
            Self::Unsafe { path, why } => Error::new(
                Kind::UnsafePath,
                format!(
                    "{} {why}; todos does not read or write through it",
                    shown(&path)
                ),
            )
            .with_hint(
                "if this workspace is yours, replace it with a regular file or folder inside the \
                 workspace (or remove it), then run the command again",
            ),
            Self::TooLarge { path, max } => Error::new(
                Kind::InvalidParam,
                format!(
                    "{} is larger than {}; todos does not read it",
                    shown(&path),
                    sentences::size(max)
                ),
            ),
            Self::HistoryTooLarge {
                path,
                size,
                max,
                name,
            } => Error::new(
                Kind::InvalidParam,
                format!(
                    "{} is larger than {} MiB ({size} bytes); todos does not read it",
                    shown(&path),
                    max / 1024 / 1024
                ),
            )
            .with_hint(format!(
                "move it aside (rename it, e.g. to {}.old): history and undo start again from the \
                 next change; changes go on meanwhile",
                escape(&name)
            )),
            Self::MemoryDirInGit { dir } => Error::new(
                Kind::UnsafePath,
                format!(
                    "memory_dir \"{}\" lies inside a .git folder, which belongs to git; todos does \
                     not read or write through it",
                    shown(&dir)
                ),
            )
            .hinted(Hint::MemoryDirInside),
            Self::NoCurrentFolder { why } => {
                internal(format!("cannot read the current folder: {why}"))
                    .with_hint("cd to a folder that exists, or pass an absolute -C/--workspace")
            }
            Self::Foreign { path, uid } => Error::new(
                Kind::UnsafePath,
                format!(
                    "{} is owned by another user (uid {uid}), so the workspace it marks is not \
                     trusted",
                    shown(&path)
                ),
            )
            .with_hint(format!(
                "to use it anyway, pass -C {} (or {}); otherwise work in a folder of your own",
                escape(&path.parent().unwrap_or(&path).display().to_string()),
                Variable::Workspace.name()
            )),
            Self::ConflictTooLarge { shown, size } => Error::new(
                Kind::StoreCorrupt,
                format!(
                    "{shown} is {size} bytes, more than the two sides of a conflict of stores may be"
                ),
            ),
            Self::Unmergeable { shown, why } => Error::new(
                Kind::StoreCorrupt,
                format!("{shown} is a merge conflict that todos cannot merge: {why}"),
            )
            .with_hint(format!(
                "fix the file by hand, or take one side (`git checkout --ours {shown}` or \
                 --theirs), then `git add` it"
            )),
            Self::NotAStore { name, path, why } => Error::new(
                Kind::InvalidParam,
                match why {
                    NotAStore::Missing => format!("{name} ({}) does not exist", shown(&path)),
                    NotAStore::TooLarge { size, max } => format!(
                        "{name} ({}) is {size} bytes, more than a store may hold ({max})",
                        shown(&path)
                    ),
                    NotAStore::Unreadable { message } => format!("{name}: {message}"),
                },
            ),
            Self::NoFolder { path } => internal(format!("{} has no folder", path.display())),
            Self::NoTempName { target } => internal(format!(
                "cannot find a free temporary name beside {}",
                target.display()
            )),
            Self::NoLogName { path } => internal(format!(
                "no free completion log name after {}",
                path.display()
            )),
            Self::NoAsideName { path, first, tries } => internal(format!(
                "cannot set {} aside: {} and the next {} names are all taken",
                path.display(),
                first.display(),
                tries - 1
            ))
            .with_hint("remove old .corrupt- files of this store, then run todos undo again"),
            Self::Unreadable { path, what, hint } => {
                let error = Error::new(
                    Kind::StoreCorrupt,
                    format!("{} cannot be read as a todos store: {what}", path.display()),
                );
                match hint {
                    Some(hint) => error.hinted(hint),
                    None => error,
                }
            }
            Self::Conflicted { path, list } => Error::new(
                Kind::StoreCorrupt,
                format!(
                    "{} is a merge conflict: git left its conflict markers in it; `todos{list} \
                     resolve` merges both sides",
                    shown(&path)
                ),
            )
            .with_hint(format!(
                "run `todos{list} resolve`, then `git add` the file; `todos init --git` registers \
                 todos' merge driver, so that git merges plans itself from then on"
            )),
        }
    }
}
