//! Every failure `todos` reports, as typed variants that carry their data (paths, ids, values,
//! limits), and the kind of failure each is (`Disk::kind`, …). A caller builds a variant and
//! never a sentence, and an `Error` keeps the variant; its words are written once, in the view
//! (`view/words/`, one file a file of this folder), from its fields and the policy tables
//! (`sentences.rs`, `limit.rs`, `name.rs`, `settings.rs`), the way casey/just's `src/error.rs`
//! writes every message in one `Display`. Grouped by what failed:
//!
//! - `Disk`: reading and writing the workspace, links and sizes, the store as a file (`disk.rs`);
//! - `Input`: an input refused as a whole: JSON, its shape, a configuration value (`input.rs`);
//! - `Wrong`: what is wrong at one path of an input, for a `Problem` (`wrong.rs`);
//! - `Plan`: a change the plan's rules or another writer refuse: revisions, owners, counters,
//!   the history `undo` and `history` read (`plan.rs`);
//! - `Remote`: a list on a git remote: out of reach, a push refused, a race lost, a ref moved
//!   or holding no plan (`remote.rs`);
//! - `Setup`: `init`'s files, git's configuration, the MCP server (`setup.rs`), and why a
//!   repository's own files are not trusted (`Distrust`, `trust.rs`);
//! - `Usage`: a command line that cannot mean anything (`usage.rs`);
//! - `Rpc`, `Http`: what the MCP server and the board answer a client they refuse (`served.rs`);
//! - `Bug`: what cannot happen unless `todos` is wrong, or the system fails under it (`bug.rs`);
//! - `Hint`: how to fix a refused input, beside its problems (`hint.rs`);
//! - `Foreign`: an agent's settings entry that goes by todos' name and is not its own
//!   (`foreign.rs`);
//! - `Note`: what a command says beside its answer, neither a failure nor a warning (`note.rs`),
//!   and `Holds`: what `init` says a file it wrote now holds (`holds.rs`);
//! - `Warning`: what a command says beside what it did, and why a history line was passed over
//!   (`Skipped`) (`warning.rs`).

mod bug;
pub(super) mod disk;
pub(super) mod foreign;
mod gone;
pub(super) mod hint;
mod holds;
mod input;
mod left;
mod note;
mod plan;
mod quoting;
mod refused;
mod remote;
mod served;
mod setup;
mod skipped;
mod stored;
mod trust;
mod usage;
mod warning;
mod wrong;

pub use bug::Bug;
pub use disk::{Disk, NotAStore, Unmergeable, Unreadable, Unsafe};
pub use foreign::Foreign;
pub use hint::{Hint, StdinCommand};
pub use holds::Holds;
pub use input::{FileWhy, Input};
pub use left::Left;
pub use note::{Base, Headline, Idle, NoPayload, Note};
pub use plan::{ChainEnd, LeaseState, Plan, Revisions};
pub use quoting::Split;
pub use refused::Refused;
pub use remote::{Moved, NotAPlan, NothingToSync, Remote, RemoteWarning, Synced};
#[cfg(feature = "board")]
pub use served::Http;
#[cfg(feature = "mcp")]
pub use served::{Malformed, Rpc};
pub use setup::{BlockWhy, BoardBound, BoardStep, NotOwn, Server, Setup, Shape, UserFolder};
pub use skipped::Skipped;
pub use stored::Stored;
pub use trust::{Distrust, Owned, Through};
pub use usage::Usage;
pub use warning::{Conflict, Gone, Removal, Side, Warning};
pub use wrong::{Fit, Wrong};

/// Each enum becomes an `Error` as its variant, so `?` takes a variant as it is.
macro_rules! into_error {
    ($($failure:ident),*) => {$(
        impl From<$failure> for crate::policy::error::Error {
            fn from(failure: $failure) -> Self {
                crate::policy::error::Failure::$failure(failure).into()
            }
        }
        impl<T> From<$failure> for crate::policy::error::Result<T> {
            fn from(failure: $failure) -> Self {
                Err(failure.into())
            }
        }
    )*};
}

into_error!(Bug, Disk, Input, Plan, Remote, Setup, Usage);
