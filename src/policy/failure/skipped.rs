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
    /// A plan that breaks the rules: its problems, summarized.
    BreaksRules {
        revision: u64,
        problems: String,
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

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotRevision { why } => write!(f, "it cannot be read ({why})"),
            Self::NotUtf8 => f.write_str("it cannot be read (it is not UTF-8 text)"),
            Self::Unreachable { revision, store } => write!(
                f,
                "revision {revision} is not one the store (at revision {store}) can have had"
            ),
            Self::BreaksRules { revision, problems } => write!(
                f,
                "the plan of revision {revision} breaks the rules ({problems})"
            ),
            Self::Repeated { revision } => {
                write!(f, "revision {revision} repeats a revision kept elsewhere")
            }
            Self::OutOfOrder { revision } => write!(f, "revision {revision} is out of order"),
        }
    }
}
