//! Why `todos` does not trust a repository's own files: the reasons a linked worktree keeps its
//! own plan under `worktrees: shared` (a warning) and `init --git` refuses to write git's config
//! (`Setup::Untrusted`). Every path here came from a file an agent may have cloned: each is
//! escaped as it is said.

use std::path::PathBuf;

/// Why a repository's pointers or folders are not trusted.
#[derive(Debug, Clone, PartialEq)]
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
    /// A pointer file the disk's door refused to open, for the reason it gives.
    Refused {
        file: PathBuf,
        why: Box<crate::policy::error::Error>,
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
