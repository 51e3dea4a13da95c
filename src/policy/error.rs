//! The one error type. Every failure has a kind (its machine code and exit code), a message, an
//! optional hint that says how to fix it, and, for a refused input, every problem at its path.
//!
//! Nothing outside `policy/` writes a message: a failure is a typed variant of one of the enums
//! in `failure/` (`Disk`, `Input`, `Plan`, `Setup`, `Usage`, `Bug`), a problem at a path is a
//! `Wrong`, and a hint on a refused input is a `Hint`. Each enum renders its text in one `match`,
//! from its fields and the policy tables, and becomes an `Error` with `?` or `.into()`.

use std::fmt;

pub use crate::policy::exit::Kind;
pub use crate::policy::failure::{
    Base, BlockWhy, Bug, ChainEnd, Conflict, Disk, Distrust, FileWhy, Fit, Foreign, Gone, Headline,
    Hint, Holds, Idle, Input, LeaseState, Left, Moved, NoPayload, NotAPlan, NotAStore, NotOwn,
    Note, NothingToSync, Owned, Plan, Refused, Remote, RemoteWarning, Removal, Revisions, Said,
    Setup, Shape, Side, Skipped, Split, StdinCommand, Stored, Synced, Through, UNVOUCHED,
    Unmergeable, Unreadable, Unsafe, Usage, UserFolder, Warning, Wrong, summarize,
};
#[cfg(feature = "board")]
pub use crate::policy::failure::{BoardStep, Http};
#[cfg(feature = "mcp")]
pub use crate::policy::failure::{Malformed, Rpc};

/// One problem in an input, at a JSON-style path such as `todos[2].status`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub message: String,
}

impl Problem {
    /// What is wrong at `path`, in the words `Wrong` renders.
    // By value: the variant is built for this call, and reads as the problem it names.
    #[allow(clippy::needless_pass_by_value)]
    pub fn new(path: impl Into<String>, wrong: impl Said) -> Self {
        Self {
            path: path.into(),
            message: wrong.to_string(),
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
    /// A failure of `kind` said in `message`: only the renderings in `failure/` call it.
    pub(in crate::policy) fn new(kind: Kind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            hint: None,
            problems: Vec::new(),
        }
    }

    /// The hint of a rendering in `failure/`.
    #[must_use]
    pub(in crate::policy) fn with_hint(mut self, text: impl Into<String>) -> Self {
        self.hint = Some(text.into());
        self
    }

    /// All the problems of one input, reported together (exit 1).
    pub fn problems(problems: Vec<Problem>) -> Self {
        Self {
            message: Self::headline(&problems),
            problems,
            ..Self::new(Kind::InvalidParam, "")
        }
    }

    fn headline(problems: &[Problem]) -> String {
        match problems {
            [one] => format!("{}: {}", one.path, one.message),
            many => format!("the input has {} problems", many.len()),
        }
    }

    /// The same refusal with each problem's path in the words the user typed (`--blocked-by
    /// 3` for `addBlockedBy[0]`, `-t #2` for `todos[1]`): `rename` gives the new path of a
    /// problem whose path was not typed as such, `None` for one that was. Problems that become
    /// the same (one option's value refused for each item it applied to) are said once.
    #[must_use]
    pub fn renamed(mut self, rename: impl Fn(&Problem) -> Option<String>) -> Self {
        if self.problems.is_empty() {
            return self;
        }
        let headline = Self::headline(&self.problems);
        for problem in &mut self.problems {
            if let Some(path) = rename(problem) {
                problem.path = path;
            }
        }
        let mut seen = std::collections::HashSet::new();
        self.problems
            .retain(|problem| seen.insert((problem.path.clone(), problem.message.clone())));
        if self.message == headline {
            self.message = Self::headline(&self.problems);
        }
        self
    }

    /// `Ok` when an input had no problems, else all of them refused together.
    pub fn if_any(problems: Vec<Problem>) -> Result<()> {
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Self::problems(problems))
        }
    }

    /// The same failure with a hint that says how to fix it.
    #[must_use]
    #[allow(clippy::needless_pass_by_value)] // as `Problem::new`'s variant
    pub fn hinted(self, hint: Hint) -> Self {
        self.with_hint(hint.to_string())
    }

    /// The same failure, read where a store was expected: a store that cannot be read (exit
    /// 4), with how to recover.
    #[must_use]
    pub fn into_unreadable_store(self, hint: Option<Hint>) -> Self {
        Self {
            kind: Kind::StoreCorrupt,
            hint: hint.map(|hint| hint.to_string()),
            ..self
        }
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
