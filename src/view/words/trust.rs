//! The words of `policy/failure/trust.rs`.

use crate::policy::cap::Cap;
use crate::policy::failure::{Distrust, Owned, Through};
use crate::policy::text::escape;
use std::path::Path;

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
            Self::Refused { file, why } => write!(f, "{} cannot be read: {why}", shown(file)),
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
