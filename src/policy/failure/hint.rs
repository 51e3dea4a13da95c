//! How to fix a refused input, said beside its problems.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// A lease given on the command line: an example that works.
    LeaseExample,
    /// An update that changes nothing: an example with its id.
    UpdateExample { id: String },
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LeaseExample => f.write_str("e.g. `todos next --claim --lease 15m`"),
            Self::UpdateExample { id } => write!(
                f,
                "send the id and what changes, e.g. {{\"id\": \"{}\", \"status\": \"completed\"}}",
                crate::policy::text::escape(&crate::policy::text::shown(id))
            ),
        }
    }
}
