//! The words of `policy/failure/skipped.rs`.

use crate::policy::failure::Skipped;

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
                "the plan of revision {revision} breaks the rules ({})",
                super::summarize(problems)
            ),
            Self::Repeated { revision } => {
                write!(f, "revision {revision} repeats a revision kept elsewhere")
            }
            Self::OutOfOrder { revision } => write!(f, "revision {revision} is out of order"),
        }
    }
}
