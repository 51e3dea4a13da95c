//! Why a line of a list's history was passed over: `history`, `undo`, `history --follow` and
//! the board read every line as untrusted input (SPEC §6, §9), and warn with one of these.

/// Why a line of a history was passed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skipped {
    /// Not JSON in a revision's shape, in serde's words.
    NotRevision {
        why: String,
    },
    NotUtf8,
    /// A revision no store at `store` can have had (0, or too far ahead).
    Unreachable {
        revision: u64,
        store: u64,
    },
    /// A plan that breaks the rules: its problems (the first said).
    BreaksRules {
        revision: u64,
        problems: Vec<crate::policy::error::Problem>,
    },
    /// A revision kept from another line.
    Repeated {
        revision: u64,
    },
    /// A revision lower than the run of lines around it.
    OutOfOrder {
        revision: u64,
    },
}
