//! The one error type. Every failure has a kind (its machine code and exit code), what failed
//! as a typed variant, how to fix it, and, for a refused input, every problem at its path.
//!
//! An error stays typed until the view renders it: `failure` is a variant of one of the enums
//! in `failure/` (`Disk`, `Input`, `Plan`, `Remote`, `Setup`, `Usage`, `Bug`), a problem is a
//! typed `Path` and a `Said` (`Wrong`, `Stored`, `Refused`), and a hint is a `Hint`. Nothing
//! here writes a word: the view (`view/words/`) says each of them, so a caller tells failures
//! apart by their variants and a warning holds the error it reports, not its text.

pub use crate::policy::exit::Kind;
pub use crate::policy::failure::{
    Base, BlockWhy, Bug, ChainEnd, Conflict, Disk, Distrust, FileWhy, Fit, Foreign, Gone, Headline,
    Hint, Holds, Idle, Input, LeaseState, Left, Moved, NoPayload, NotAPlan, NotAStore, NotOwn,
    Note, NothingToSync, Owned, Plan, Refused, Remote, RemoteWarning, Removal, Revisions, Setup,
    Shape, Side, Skipped, Split, StdinCommand, Stored, Synced, Through, Unmergeable, Unreadable,
    Unsafe, Usage, UserFolder, Warning, Wrong,
};
#[cfg(feature = "board")]
pub use crate::policy::failure::{BoardStep, Http};
#[cfg(feature = "mcp")]
pub use crate::policy::failure::{Malformed, Rpc};

/// One step of a path into an input: a key of an object or an index of an array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// Where a problem is, as the user gave it: a path into the input (`todos[2].status`, its keys
/// as messages show them), or the words typed on the command line (`--status`, `-t #2`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Path {
    Input(Vec<Step>),
    Typed(String),
}

impl Path {
    /// A path in the notation messages use (`todos[2].status`, `[0]`), taken apart into its
    /// steps. A key whose own characters would read as another path stays one key, so the
    /// steps always say the path back as it was written.
    pub fn parse(text: &str) -> Self {
        let mut steps = Vec::new();
        let mut rest = text;
        let mut first = true;
        while !rest.is_empty() {
            if let Some(inner) = rest.strip_prefix('[') {
                let Some(close) = inner.find(']') else { break };
                let Ok(index) = inner[..close].parse::<usize>() else {
                    break;
                };
                steps.push(Step::Index(index));
                rest = &inner[close + 1..];
            } else {
                let key = if first {
                    Some(rest)
                } else {
                    rest.strip_prefix('.')
                };
                let Some(key) = key else { break };
                let end = key.find(['.', '[']).unwrap_or(key.len());
                if end == 0 {
                    break;
                }
                steps.push(Step::Key(key[..end].to_owned()));
                rest = &key[end..];
            }
            first = false;
        }
        let path = Self::Input(steps);
        if rest.is_empty() && path.said_back() == text {
            path
        } else {
            Self::Input(vec![Step::Key(text.to_owned())])
        }
    }

    /// The notation `parse` reads, for the check that nothing was lost.
    fn said_back(&self) -> String {
        match self {
            Self::Typed(words) => words.clone(),
            Self::Input(steps) => {
                let mut text = String::new();
                for step in steps {
                    match step {
                        Step::Key(key) if text.is_empty() => text.push_str(key),
                        Step::Key(key) => {
                            text.push('.');
                            text.push_str(key);
                        }
                        Step::Index(index) => {
                            text.push('[');
                            text.push_str(&index.to_string());
                            text.push(']');
                        }
                    }
                }
                text
            }
        }
    }

    /// The path with its first index taken out: the steps before it, the index and the steps
    /// after it. `None` for a path with no index, or one typed on the command line.
    pub fn first_index(&self) -> Option<(&[Step], usize, &[Step])> {
        let Self::Input(steps) = self else {
            return None;
        };
        let at = steps
            .iter()
            .position(|step| matches!(step, Step::Index(_)))?;
        let Step::Index(index) = steps[at] else {
            return None;
        };
        Some((&steps[..at], index, &steps[at + 1..]))
    }
}

impl From<&str> for Path {
    fn from(text: &str) -> Self {
        Self::parse(text)
    }
}

impl From<String> for Path {
    fn from(text: String) -> Self {
        Self::parse(&text)
    }
}

impl From<std::borrow::Cow<'_, str>> for Path {
    fn from(text: std::borrow::Cow<'_, str>) -> Self {
        Self::parse(&text)
    }
}

impl From<&String> for Path {
    fn from(text: &String) -> Self {
        Self::parse(text)
    }
}

/// What a `Problem` says after its path: only these enums, never free text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Wrong(Wrong),
    Stored(Stored),
    Refused(Refused),
    /// Unit tests state problems in plain words.
    #[cfg(test)]
    Text(String),
}

impl From<Wrong> for Said {
    fn from(wrong: Wrong) -> Self {
        Self::Wrong(wrong)
    }
}

impl From<Stored> for Said {
    fn from(stored: Stored) -> Self {
        Self::Stored(stored)
    }
}

impl From<Refused> for Said {
    fn from(refused: Refused) -> Self {
        Self::Refused(refused)
    }
}

#[cfg(test)]
impl From<String> for Said {
    fn from(text: String) -> Self {
        Self::Text(text)
    }
}

#[cfg(test)]
impl From<&str> for Said {
    fn from(text: &str) -> Self {
        Self::Text(text.to_owned())
    }
}

/// One problem in an input: where it is, and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: Path,
    pub message: Said,
}

impl Problem {
    /// What is wrong at `path`, as a variant of `Wrong`, `Stored` or `Refused`.
    pub fn new(path: impl Into<Path>, wrong: impl Into<Said>) -> Self {
        Self {
            path: path.into(),
            message: wrong.into(),
        }
    }
}

/// What failed: a variant of one of the enums of `failure/`, or an input refused for its
/// problems (said from the problems themselves).
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    Bug(Bug),
    Disk(Disk),
    Input(Input),
    Plan(Plan),
    Problems,
    Remote(Remote),
    Setup(Setup),
    Usage(Usage),
}

impl Failure {
    /// The kind of failure each variant is: its code and exit code.
    pub fn kind(&self) -> Kind {
        match self {
            Self::Bug(_) => Kind::Internal,
            Self::Disk(disk) => disk.kind(),
            Self::Input(input) => input.kind(),
            Self::Plan(plan) => plan.kind(),
            Self::Problems => Kind::InvalidParam,
            Self::Remote(remote) => remote.kind(),
            Self::Setup(setup) => setup.kind(),
            Self::Usage(_) => Kind::Usage,
        }
    }
}

/// How to fix a failure, as the view says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Advice {
    /// The hint the failure's own variant gives, if any.
    Own,
    /// A hint in its place; `None`: no hint.
    Given(Option<Hint>),
    /// The advice before, then this hint after it (`merge-file`: what git makes of OURS).
    Then(Box<Advice>, Hint),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    pub kind: Kind,
    pub failure: Box<Failure>,
    pub advice: Advice,
    /// Every problem of a refused input; empty for other failures.
    pub problems: Vec<Problem>,
}

impl From<Failure> for Error {
    fn from(failure: Failure) -> Self {
        Self {
            kind: failure.kind(),
            failure: Box::new(failure),
            advice: Advice::Own,
            problems: Vec::new(),
        }
    }
}

impl Error {
    /// All the problems of one input, reported together (exit 1).
    pub fn problems(problems: Vec<Problem>) -> Self {
        Self {
            problems,
            ..Failure::Problems.into()
        }
    }

    /// The same refusal with each problem's path in the words the user typed (`--blocked-by
    /// 3` for `addBlockedBy[0]`, `-t #2` for `todos[1]`): `rename` gives the new path of a
    /// problem whose path was not typed as such, `None` for one that was. Problems that become
    /// the same (one option's value refused for each item it applied to) are said once.
    #[must_use]
    pub fn renamed(mut self, rename: impl Fn(&Problem) -> Option<String>) -> Self {
        for problem in &mut self.problems {
            if let Some(path) = rename(problem) {
                problem.path = Path::Typed(path);
            }
        }
        let mut kept: Vec<Problem> = Vec::with_capacity(self.problems.len());
        for problem in self.problems {
            if !kept.contains(&problem) {
                kept.push(problem);
            }
        }
        self.problems = kept;
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
    pub fn hinted(self, hint: Hint) -> Self {
        Self {
            advice: Advice::Given(Some(hint)),
            ..self
        }
    }

    /// The same failure, read where a store was expected: a store that cannot be read (exit
    /// 4), with how to recover.
    #[must_use]
    pub fn into_unreadable_store(self, hint: Option<Hint>) -> Self {
        Self {
            kind: Kind::StoreCorrupt,
            advice: Advice::Given(hint),
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

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_taken_apart_and_said_back_as_written() {
        let path = Path::parse("todos[2].blockedBy[0]");
        assert_eq!(
            path,
            Path::Input(vec![
                Step::Key("todos".into()),
                Step::Index(2),
                Step::Key("blockedBy".into()),
                Step::Index(0),
            ])
        );
        assert_eq!(Path::parse("[3]"), Path::Input(vec![Step::Index(3)]));
        for odd in ["a..b", "x[y]", "[1]z", "\"a.b\"", ""] {
            assert_eq!(Path::parse(odd).said_back(), odd);
        }
    }
}
