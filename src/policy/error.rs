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

/// Whom a failure's advice is said to: one who types todos' command line, or an MCP client,
/// which calls the tools of `todos mcp` (`policy/mcp.rs`). A hint names what the caller can do:
/// `todos history` run, or the `history` tool called. The MCP server tells the failures it
/// answers (`mcp/engine.rs`); every other is said to the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Caller {
    #[default]
    CommandLine,
    Client,
}

/// One step of a path into an input: a key of an object or an index of an array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// Where a problem is, as the user gave it: a path into the input (`todos[2].status`, its keys
/// as messages show them), or the words typed on the command line (`--status`, `-t #2`) or
/// that place it in text that is no JSON (`line 3` of `create`'s lines, `TODOS_OWNER`).
/// Built a step at a time (`Path::root().key("todos").index(2)`), never read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Path {
    Input(Vec<Step>),
    Typed(String),
}

impl Path {
    /// The top of an input: the path of the input itself.
    pub const fn root() -> Self {
        Self::Input(Vec::new())
    }

    /// A key at the top of an input (`summary`, `id`).
    pub fn field(key: &str) -> Self {
        Self::root().key(key)
    }

    /// Words typed on the command line (`--summary`, `--blocked-by 5`, `-t #2`), or words that
    /// place a value in text that is no JSON (`line 3`).
    pub fn flag(words: impl Into<String>) -> Self {
        Self::Typed(words.into())
    }

    /// The path one key further in. Words typed stay as they are: they name the whole value.
    #[must_use]
    pub fn key(mut self, key: &str) -> Self {
        if let Self::Input(steps) = &mut self {
            steps.push(Step::Key(key.to_owned()));
        }
        self
    }

    /// The path one index further in. Words typed stay as they are.
    #[must_use]
    pub fn index(mut self, index: usize) -> Self {
        if let Self::Input(steps) = &mut self {
            steps.push(Step::Index(index));
        }
        self
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

/// The root: an input's own path, the one a bare array of items is listed at.
impl Default for Path {
    fn default() -> Self {
        Self::root()
    }
}

/// Where a value stands while an input is read: borrowed steps back to where it started, so
/// a checker can be told where it looks at no cost. It becomes a `Path` only when a problem is
/// found there: a `Path` for every value would cost an allocation each, more than the value
/// itself on a large plan.
#[derive(Debug, Clone, Copy)]
pub enum At<'a> {
    /// The top of the input.
    Root,
    /// Words typed on the command line (`--summary`, `-t #2`), or that place a value in text
    /// that is no JSON (`line 3`): what is under them is them.
    Typed(&'a str),
    Key(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
}

impl<'a> At<'a> {
    /// One key further in.
    pub fn key<'b>(&'b self, key: &'b str) -> At<'b>
    where
        'a: 'b,
    {
        At::Key(self, key)
    }

    /// One index further in.
    pub fn index<'b>(&'b self, index: usize) -> At<'b>
    where
        'a: 'b,
    {
        At::Index(self, index)
    }

    /// The path it stands for.
    pub fn path(&self) -> Path {
        match self {
            Self::Root => Path::root(),
            Self::Typed(words) => Path::flag(*words),
            Self::Key(parent, key) => parent.path().key(key),
            Self::Index(parent, index) => parent.path().index(*index),
        }
    }
}

impl From<&At<'_>> for Path {
    fn from(at: &At<'_>) -> Self {
        at.path()
    }
}

impl From<At<'_>> for Path {
    fn from(at: At<'_>) -> Self {
        at.path()
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
    fn a_path_is_built_a_step_at_a_time() {
        let path = Path::field("todos").index(2).key("blockedBy").index(0);
        assert_eq!(
            path,
            Path::Input(vec![
                Step::Key("todos".into()),
                Step::Index(2),
                Step::Key("blockedBy".into()),
                Step::Index(0),
            ])
        );
        let todos = At::Root;
        let item = todos.key("todos");
        let item = item.index(2);
        assert_eq!(item.key("blockedBy").index(0).path(), path);
        assert_eq!(
            path.first_index(),
            Some((
                &[Step::Key("todos".into())][..],
                2,
                &[Step::Key("blockedBy".into()), Step::Index(0)][..]
            ))
        );
        // Words typed name the whole value: nothing is put under them.
        let typed = At::Typed("-t #2");
        assert_eq!(typed.key("content").path(), Path::flag("-t #2"));
        assert_eq!(Path::flag("--status").index(1).first_index(), None);
    }
}
