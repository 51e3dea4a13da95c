//! The one error type: every failure knows its machine code, its exit code and how to say what to fix.

use std::fmt;
use std::path::Path;

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

#[derive(Debug)]
pub enum Error {
    /// The input, a configuration value or the requested change breaks a rule (exit 1).
    InvalidParam {
        message: String,
        problems: Vec<Problem>,
        hint: Option<String>,
    },
    /// A bad command line (exit 2).
    Usage {
        message: String,
        hint: Option<String>,
    },
    /// `--expect-revision` mismatch or lock timeout (exit 3).
    Conflict {
        message: String,
        hint: Option<String>,
    },
    /// `.todos.json` cannot be read as a store (exit 4).
    StoreCorrupt { message: String, hint: String },
    /// Anything else: I/O failures and bugs (exit 5).
    Internal { message: String },
    /// The command would read or write through a path SPEC §9 forbids: a link, a FIFO, a file
    /// outside the workspace or owned by another user (exit 6). The message names the path.
    UnsafePath { message: String, hint: String },
}

impl Error {
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::InvalidParam {
            message: message.into(),
            problems: Vec::new(),
            hint: None,
        }
    }

    /// All the problems of one input, reported together.
    pub fn problems(problems: Vec<Problem>) -> Self {
        let message = match problems.as_slice() {
            [one] => format!("{}: {}", one.path, one.message),
            many => format!("the input has {} problems", many.len()),
        };
        Self::InvalidParam {
            message,
            problems,
            hint: None,
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

    pub fn usage(message: impl Into<String>, hint: Option<String>) -> Self {
        Self::Usage {
            message: message.into(),
            hint,
        }
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::Internal {
            message: message.into(),
        }
    }

    /// An I/O failure on `path`, said with the path so the user can look at it.
    pub fn io(action: &str, path: &Path, err: &std::io::Error) -> Self {
        Self::internal(format!("cannot {action} {}: {err}", path.display()))
    }

    #[must_use]
    pub fn with_hint(mut self, text: impl Into<String>) -> Self {
        let text = text.into();
        match &mut self {
            Self::InvalidParam { hint, .. }
            | Self::Usage { hint, .. }
            | Self::Conflict { hint, .. } => {
                *hint = Some(text);
            }
            Self::StoreCorrupt { hint, .. } | Self::UnsafePath { hint, .. } => *hint = text,
            Self::Internal { .. } => {}
        }
        self
    }

    /// The machine-readable code of the JSON envelope.
    pub fn code(&self) -> &'static str {
        match self {
            Self::InvalidParam { .. } => "INVALID_PARAM",
            Self::Usage { .. } => "USAGE",
            Self::Conflict { .. } => "CONFLICT",
            Self::StoreCorrupt { .. } => "STORE_CORRUPT",
            Self::Internal { .. } => "INTERNAL_ERROR",
            Self::UnsafePath { .. } => "UNSAFE_PATH",
        }
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            Self::InvalidParam { .. } => 1,
            Self::Usage { .. } => 2,
            Self::Conflict { .. } => 3,
            Self::StoreCorrupt { .. } => 4,
            Self::Internal { .. } => 5,
            Self::UnsafePath { .. } => 6,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Self::InvalidParam { message, .. }
            | Self::Usage { message, .. }
            | Self::Conflict { message, .. }
            | Self::StoreCorrupt { message, .. }
            | Self::UnsafePath { message, .. }
            | Self::Internal { message } => message,
        }
    }

    pub fn details(&self) -> &[Problem] {
        match self {
            Self::InvalidParam { problems, .. } => problems,
            _ => &[],
        }
    }

    pub fn hint(&self) -> Option<&str> {
        match self {
            Self::InvalidParam { hint, .. }
            | Self::Usage { hint, .. }
            | Self::Conflict { hint, .. } => hint.as_deref(),
            Self::StoreCorrupt { hint, .. } | Self::UnsafePath { hint, .. } => Some(hint),
            Self::Internal { .. } => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;
