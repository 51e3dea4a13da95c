//! How to fix a refused input, said beside its problems.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// A lease given on the command line: an example that works.
    LeaseExample,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LeaseExample => f.write_str("e.g. `todos next --claim --lease 15m`"),
        }
    }
}
