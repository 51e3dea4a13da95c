//! How to fix a refused input, said beside its problems.

use crate::policy::error::{Caller, Path};

/// The commands that read their input from stdin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StdinCommand {
    Write,
    Create,
    Update,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// A lease refused: an example that works, with the claim and the lease named as they
    /// were given (`--claim --lease`, or a tool call's `claim` and `lease`).
    LeaseExample { claim: Path, lease: Path },
    /// An update that changes nothing: an example with its id.
    UpdateExample { id: String },
    /// An id that names no item: the ids there are (the first `IDS_SAID`), or that the plan
    /// is empty; `caller`: who is told how to see them.
    Ids { ids: Vec<String>, caller: Caller },
    /// A finished item moved back: the command that reopens it, or, for a change given as
    /// JSON (`reopen` a key), the change that does. Boxed: a hint rides in every `Error`.
    Reopen {
        id: String,
        status: &'static str,
        reopen: Box<Path>,
    },
    /// `--take` with no name to take the item for; `caller`: who is told how to give one.
    TakeNeedsName { caller: Caller },
    /// `next --claim` under no name while an unowned item is in progress; `owner` names the
    /// owner as it is given (`--owner`, or a tool call's `owner`).
    ClaimWithName { owner: Path },
    /// A path SPEC §9 forbids given to `--file`.
    FileOnStdin,
    /// No input where a command reads stdin: what to give instead (`command`).
    Stdin(StdinCommand),
    /// A file `--file` could not read.
    CheckFile,
    /// A `memory_dir` that leads out of the workspace.
    MemoryDirInside,
    /// A store that cannot be read: `undo` sets it aside, run or called as `caller` does.
    UndoRecovers {
        path: std::path::PathBuf,
        caller: Caller,
    },
    /// `create`'s words, split by the shell, refused: the command quoted as it was meant.
    Quote(crate::policy::failure::Split),
    /// `merge-file` refused its inputs: what git does with OURS, and what the user does next.
    OursOnly,
}
