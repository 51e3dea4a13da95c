//! The words of `policy/failure/disk.rs`.

use super::Words;
use super::summarize;
use crate::policy::error::{Caller, Kind};
use crate::policy::failure::{Disk, Hint, NotAStore, Unmergeable, Unreadable, Unsafe};
use crate::policy::mcp::Tool;
use crate::policy::sentences;
use crate::policy::settings::Variable;
use crate::policy::text::escape;
use std::fmt;
use std::path::PathBuf;

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
            Self::TooLarge { size, max } => {
                write!(f, "it is {size} bytes, over the {max} a store may hold")
            }
        }
    }
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

impl Disk {
    // One arm per variant, as casey/just's `Display` of its error: every message in one place.
    #[allow(clippy::too_many_lines)]
    pub(super) fn render(self) -> Words {
        let shown = |path: &PathBuf| escape(&path.display().to_string()).into_owned();
        let internal = |message: String| Words::new(Kind::Internal, message);
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
            Self::Unsafe { path, why } => Words::new(
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
            Self::TooLarge { path, max } => Words::new(
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
            } => Words::new(
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
            Self::MemoryDirInGit { dir } => Words::new(
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
            Self::Foreign { path, uid } => Words::new(
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
            Self::ConflictTooLarge { shown, size } => Words::new(
                Kind::StoreCorrupt,
                format!(
                    "{shown} is {size} bytes, more than the two sides of a conflict of stores may be"
                ),
            ),
            Self::Unmergeable { shown, why } => Words::new(
                Kind::StoreCorrupt,
                format!("{shown} is a merge conflict that todos cannot merge: {why}"),
            )
            .with_hint(format!(
                "fix the file by hand, or take one side (`git checkout --ours {shown}` or \
                 --theirs), then `git add` it"
            )),
            Self::NotAStore { name, path, why } => Words::new(
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
            Self::NoAsideName {
                path,
                first,
                tries,
                caller,
            } => internal(format!(
                "cannot set {} aside: {} and the next {} names are all taken",
                path.display(),
                first.display(),
                tries - 1
            ))
            .with_hint(format!(
                "remove old .corrupt- files of this store, then {} again",
                match caller {
                    Caller::CommandLine => "run todos undo".to_owned(),
                    Caller::Client => format!("call {}", super::tool(Tool::Undo)),
                }
            )),
            Self::Unreadable { path, what, hint } => {
                let error = Words::new(
                    Kind::StoreCorrupt,
                    format!("{} cannot be read as a todos store: {what}", path.display()),
                );
                match hint {
                    Some(hint) => error.hinted(hint),
                    None => error,
                }
            }
            Self::Conflicted { path, list } => Words::new(
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
