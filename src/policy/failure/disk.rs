//! Reading and writing the workspace: I/O failures, paths SPEC §9 forbids, files too large, and
//! a store that cannot be read as one.

use std::path::PathBuf;

use crate::policy::error::{Error, Kind};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disk {
    /// An I/O failure: `cannot {action} {path}: {why}`.
    Io {
        action: &'static str,
        path: PathBuf,
        why: String,
    },
    /// A stream (`stdin`) that failed while it was read.
    Read { source: String, why: String },
}

impl Disk {
    /// An I/O failure on `path`, said with the path so the user can look at it.
    pub fn io(action: &'static str, path: &std::path::Path, err: &std::io::Error) -> Self {
        Self::Io {
            action,
            path: path.to_path_buf(),
            why: err.to_string(),
        }
    }

    pub(super) fn render(self) -> Error {
        match self {
            Self::Io { action, path, why } => Error::new(
                Kind::Internal,
                format!("cannot {action} {}: {why}", path.display()),
            ),
            Self::Read { source, why } => {
                Error::new(Kind::Internal, format!("cannot read {source}: {why}"))
            }
        }
    }
}
