//! The one error type. Every failure has a kind (its machine code and exit code), a message, an
//! optional hint that says how to fix it, and, for a refused input, every problem at its path.

use std::fmt;
use std::path::Path;

pub use crate::policy::exit::{KINDS, Kind, KindInfo};

/// One problem in an input, at a JSON-style path such as `todos[2].status`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub message: String,
}

impl Problem {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub kind: Kind,
    pub message: String,
    pub hint: Option<String>,
    /// Every problem of a refused input; empty for other failures.
    pub problems: Vec<Problem>,
}

impl Error {
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            hint: None,
            problems: Vec::new(),
        }
    }

    /// The input, a configuration value or the requested change breaks a rule (exit 1).
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(Kind::InvalidParam, message)
    }

    /// All the problems of one input, reported together (exit 1).
    pub fn problems(problems: Vec<Problem>) -> Self {
        let message = match problems.as_slice() {
            [one] => format!("{}: {}", one.path, one.message),
            many => format!("the input has {} problems", many.len()),
        };
        Self {
            problems,
            ..Self::invalid(message)
        }
    }

    /// `Ok` when an input had no problems, else all of them refused together.
    pub fn if_any(problems: Vec<Problem>) -> Result<()> {
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Self::problems(problems))
        }
    }

    /// A bad command line (exit 2).
    pub fn usage(message: impl Into<String>) -> Self {
        Self::new(Kind::Usage, message)
    }

    /// `--expect-revision` mismatch or lock timeout (exit 3).
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(Kind::Conflict, message)
    }

    /// A store that cannot be read as one (exit 4).
    pub fn store_corrupt(message: impl Into<String>) -> Self {
        Self::new(Kind::StoreCorrupt, message)
    }

    /// Anything else: I/O failures and bugs (exit 5).
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(Kind::Internal, message)
    }

    /// A path SPEC §9 forbids: a link, a FIFO, a file outside the workspace or owned by another
    /// user (exit 6). The message names the path.
    pub fn unsafe_path(message: impl Into<String>) -> Self {
        Self::new(Kind::UnsafePath, message)
    }

    /// An I/O failure on `path`, said with the path so the user can look at it.
    pub fn io(action: &str, path: &Path, err: &std::io::Error) -> Self {
        Self::internal(format!("cannot {action} {}: {err}", path.display()))
    }

    #[must_use]
    pub fn with_hint(mut self, text: impl Into<String>) -> Self {
        self.hint = Some(text.into());
        self
    }

    /// The machine-readable code of the JSON envelope.
    pub fn code(&self) -> &'static str {
        self.kind.info().code
    }

    pub fn exit_code(&self) -> u8 {
        self.kind.info().exit_code
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;
