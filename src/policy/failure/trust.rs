//! Why `todos` does not trust a repository's own files: the reasons a linked worktree keeps its
//! own plan under `worktrees: shared` (a warning) and `init --git` refuses to write git's config
//! (`Setup::Untrusted`). Every path here came from a file an agent may have cloned: each is
//! escaped as it is said.

use std::path::{Path, PathBuf};

use crate::policy::cap::Cap;
use crate::policy::text::escape;

/// Why a repository's pointers or folders are not trusted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Distrust {
    /// A `.git` that is neither a folder nor a regular file.
    NotRegularFile {
        path: PathBuf,
    },
    /// The common git folder is not a `.git`: the repository is bare.
    Bare {
        common: PathBuf,
    },
    /// The repository's config says `core.bare = true`.
    BareByConfig {
        common: PathBuf,
    },
    NoMainWorktree {
        common: PathBuf,
    },
    /// The common folder is not the `.git` folder of the worktree above it.
    NotMainGit {
        common: PathBuf,
        main: PathBuf,
    },
    /// A `.git` file naming a folder outside any `worktrees/`.
    NotInWorktrees {
        file: PathBuf,
        names: PathBuf,
    },
    /// A worktree's `gitdir` file that does not point back to the `.git` file that led there.
    NotBack {
        file: PathBuf,
        points_to: PathBuf,
        from: PathBuf,
    },
    /// A worktree's `commondir` naming another repository than the one it lies in.
    OtherCommon {
        file: PathBuf,
        names: PathBuf,
        common: PathBuf,
    },
    /// A submodule's `.git` file naming a repository whose `core.worktree` does not lead back.
    NotBackFromModule {
        file: PathBuf,
        names: PathBuf,
    },
    /// A folder another user owns (not root, not this one).
    Foreign {
        what: Owned,
        path: PathBuf,
        uid: u32,
    },
    /// A pointer through `/proc` or a link.
    NotPlain {
        file: PathBuf,
        path: PathBuf,
        through: Through,
    },
    /// A pointer file that cannot be read, in the system's or the disk's words.
    Unreadable {
        file: PathBuf,
        why: String,
    },
    Missing {
        file: PathBuf,
    },
    /// A pointer file larger than `Cap::PointerBytes`.
    TooLarge {
        file: PathBuf,
    },
    NotUtf8 {
        file: PathBuf,
    },
    /// A pointer file without its path (after `gitdir: `, when `prefixed`).
    NoPath {
        file: PathBuf,
        prefixed: bool,
    },
    ControlCharacter {
        file: PathBuf,
    },
    /// A path that `from` leads to, missing.
    LeadsNowhere {
        from: PathBuf,
        path: PathBuf,
    },
    /// `core.bare` set to what git does not read as a boolean.
    NotBoolean {
        config: PathBuf,
        value: String,
    },
}

/// Whose folder another user owns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owned {
    /// The main worktree of a linked one.
    MainWorktree,
    /// The main worktree's `.git`.
    MainWorktreeGit,
    /// A repository's folder.
    Repository,
    /// A repository's `.git`.
    RepositoryGit,
}

/// What a pointer passes through that a plain path does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Through {
    Proc,
    Link,
}

fn shown(path: &Path) -> String {
    escape(&path.display().to_string()).into_owned()
}

impl std::fmt::Display for Distrust {
    // One arm per variant: every reason in one place.
    #[allow(clippy::too_many_lines)]
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const NO_MAIN: &str = "there is no main worktree to share a plan with";
        match self {
            Self::NotRegularFile { path } => write!(f, "{} is not a regular file", shown(path)),
            Self::Bare { common } => {
                write!(f, "the repository {} is bare: {NO_MAIN}", shown(common))
            }
            Self::BareByConfig { common } => write!(
                f,
                "the repository {} is bare (core.bare = true): {NO_MAIN}",
                shown(common)
            ),
            Self::NoMainWorktree { common } => {
                write!(f, "{} has no main worktree", shown(common))
            }
            Self::NotMainGit { common, main } => write!(
                f,
                "{} is not the .git folder of the main worktree {}",
                shown(common),
                shown(main)
            ),
            Self::NotInWorktrees { file, names } => write!(
                f,
                "{} names {}, which is not a folder in a repository's worktrees/",
                shown(file),
                shown(names)
            ),
            Self::NotBack {
                file,
                points_to,
                from,
            } => write!(
                f,
                "{} points to {}, not back to {}",
                shown(file),
                shown(points_to),
                shown(from)
            ),
            Self::OtherCommon {
                file,
                names,
                common,
            } => write!(
                f,
                "{} names {}, not {}, the repository its worktree lies in",
                shown(file),
                shown(names),
                shown(common)
            ),
            Self::NotBackFromModule { file, names } => write!(
                f,
                "{} names {}, a repository whose core.worktree does not point back to it",
                shown(file),
                shown(names)
            ),
            Self::Foreign { what, path, uid } => write!(
                f,
                "{} {} is owned by another user (uid {uid}), so todos does not trust it",
                match what {
                    Owned::MainWorktree => "the main worktree",
                    Owned::MainWorktreeGit => "the main worktree's",
                    Owned::Repository => "the repository",
                    Owned::RepositoryGit => "the repository's",
                },
                shown(path)
            ),
            Self::NotPlain {
                file,
                path,
                through,
            } => write!(
                f,
                "{} names {}, a path through {}: git's pointers are taken only as plain paths",
                shown(file),
                shown(path),
                match through {
                    Through::Proc => "/proc",
                    Through::Link => "a link",
                }
            ),
            Self::Unreadable { file, why } => write!(f, "{} cannot be read: {why}", shown(file)),
            Self::Missing { file } => write!(f, "{} is missing", shown(file)),
            Self::TooLarge { file } => write!(
                f,
                "{} is larger than {} bytes, not one of git's pointers",
                shown(file),
                Cap::PointerBytes.value()
            ),
            Self::NotUtf8 { file } => write!(f, "{} is not UTF-8 text", shown(file)),
            Self::NoPath { file, prefixed } => write!(
                f,
                "{} does not hold {}a path",
                shown(file),
                if *prefixed { "\"gitdir: \" and " } else { "" }
            ),
            Self::ControlCharacter { file } => {
                write!(f, "{} holds a path with a control character", shown(file))
            }
            Self::LeadsNowhere { from, path } => write!(
                f,
                "{} leads to {}, which does not exist",
                shown(from),
                shown(path)
            ),
            Self::NotBoolean { config, value } => write!(
                f,
                "{} holds core.bare = {}, which git does not read as a boolean",
                shown(config),
                escape(value)
            ),
        }
    }
}
