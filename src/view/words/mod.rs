//! Every failure, problem, hint, warning and note in words: the one place each typed variant of
//! `policy/failure/` is said, from its fields and the policy tables, the way casey/just's
//! `src/error.rs` writes every message in one `Display`. A variant stays typed until it gets
//! here: the output layer, the envelope and the commands above it ask for its words.
//!
//! One file a file of `policy/failure/`, under the same name.

mod bug;
mod disk;
mod foreign;
mod gone;
mod hint;
mod holds;
mod input;
mod left;
mod note;
mod plan;
mod quoting;
mod refused;
mod remote;
mod served;
mod setup;
mod skipped;
mod stored;
mod trust;
mod usage;
mod warning;
mod wrong;

use std::fmt::{self, Write as _};

#[cfg(test)]
pub use foreign::quoted;
pub use left::UNVOUCHED;
pub use wrong::too_long;

use crate::policy::error::{Advice, Caller, Error, Failure, Hint, Kind, Path, Problem, Said, Step};
use crate::policy::mcp::Tool;

/// A failure in words: its message and its own hint. `kind` is the kind its words were written
/// for, which `Failure::kind` must agree with.
pub(crate) struct Words {
    kind: Kind,
    message: String,
    hint: Option<String>,
}

impl Words {
    fn new(kind: Kind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            hint: None,
        }
    }

    fn with_hint(mut self, text: impl Into<String>) -> Self {
        self.hint = Some(text.into());
        self
    }

    // By value, as the variant a render names.
    #[allow(clippy::needless_pass_by_value)]
    fn hinted(self, hint: Hint) -> Self {
        self.with_hint(hint.to_string())
    }
}

impl Failure {
    /// The variant's own words; `problems` are those of a refused input.
    fn words(&self, problems: &[Problem]) -> Words {
        let words = match self {
            Self::Bug(bug) => bug.clone().render(),
            Self::Disk(disk) => disk.clone().render(),
            Self::Input(input) => input.clone().render(),
            Self::Plan(plan) => plan.clone().render(),
            Self::Problems => Words::new(Kind::InvalidParam, headline(problems)),
            Self::Remote(remote) => remote.clone().render(),
            Self::Setup(setup) => setup.clone().render(),
            Self::Usage(usage) => usage.clone().render(),
        };
        debug_assert_eq!(words.kind, self.kind(), "{}", words.message);
        words
    }
}

/// What a refused input says first: its one problem, or how many it has.
fn headline(problems: &[Problem]) -> String {
    match problems {
        [one] => one.to_string(),
        many => format!("the input has {} problems", many.len()),
    }
}

fn advice(advice: &Advice, failure: &Failure, problems: &[Problem]) -> Option<String> {
    match advice {
        Advice::Own => failure.words(problems).hint,
        Advice::Given(hint) => hint.as_ref().map(ToString::to_string),
        Advice::Then(before, then) => Some(match self::advice(before, failure, problems) {
            Some(before) => format!("{before}; then: {then}"),
            None => then.to_string(),
        }),
    }
}

impl Error {
    /// How to fix it, in words, if there is a way.
    pub fn hint(&self) -> Option<String> {
        advice(&self.advice, &self.failure, &self.problems)
    }
}

/// The message: what failed, in words (without the hint).
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.failure.words(&self.problems).message)
    }
}

/// A value given where `at` names it, as the user gives it: typed after its flag
/// (`--list api-agent`, `--expect-revision 3`), or a key of a tool call's arguments with the
/// value as JSON writes it (`"list": "api-agent"`, `"expect_revision": 3`).
pub(super) fn given(at: &Path, value: impl Into<serde_json::Value>) -> String {
    let value = value.into();
    match (at, &value) {
        (Path::Typed(_), serde_json::Value::String(text)) => format!("{at} {text}"),
        (Path::Typed(_), _) => format!("{at} {value}"),
        (Path::Input(_), _) => format!("\"{at}\": {value}"),
    }
}

/// A tool as a hint to an MCP client names it: `` `history` ``, its name in the tools' table.
pub(super) fn tool(tool: Tool) -> String {
    format!("`{}`", tool.name())
}

/// What `caller` runs to do what `tool` does: the command (`` `todos history` ``) or the tool
/// (`` `history` ``), each named as the tools' table names it.
pub(super) fn command(caller: Caller, tool: Tool) -> String {
    match caller {
        Caller::CommandLine => format!("`todos {}`", tool.name()),
        Caller::Client => self::tool(tool),
    }
}

/// `command`, as advice: "run `todos undo`", "call `undo`".
pub(super) fn run(caller: Caller, tool: Tool) -> String {
    let verb = match caller {
        Caller::CommandLine => "run",
        Caller::Client => "call",
    };
    format!("{verb} {}", command(caller, tool))
}

/// A switch turned on where `at` names it: the flag typed (`--reopen`), or its key in JSON
/// (`"reopen": true`).
pub(super) fn switched_on(at: &Path) -> String {
    match at {
        Path::Typed(_) => at.to_string(),
        Path::Input(_) => format!("\"{at}\": true"),
    }
}

/// A path as the user gave it: `todos[2].status` into an input, or the words typed.
impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Typed(words) => f.write_str(words),
            Self::Input(steps) => steps_in_words(f, steps, true),
        }
    }
}

/// Steps as a path says them; `first`: the first key has no dot before it.
fn steps_in_words(f: &mut fmt::Formatter<'_>, steps: &[Step], first: bool) -> fmt::Result {
    for (at, step) in steps.iter().enumerate() {
        match step {
            Step::Key(key) if first && at == 0 => f.write_str(key)?,
            Step::Key(key) => write!(f, ".{key}")?,
            Step::Index(index) => write!(f, "[{index}]")?,
        }
    }
    Ok(())
}

/// Steps on their own, after an index (`.status`) or before one (`todos`).
pub(crate) struct Steps<'a>(pub &'a [Step], pub bool);

impl fmt::Display for Steps<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        steps_in_words(f, self.0, self.1)
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Wrong(wrong) => wrong.fmt(f),
            Self::Stored(stored) => stored.fmt(f),
            Self::Refused(refused) => refused.fmt(f),
            #[cfg(test)]
            Self::Text(text) => f.write_str(text),
        }
    }
}

/// `path: message`, as a refusal lists it.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// The problems said first of many, in a message: `todos[1].id: …; summary: … (+3 more)`.
const PROBLEMS_SAID: usize = 3;

/// The first problems in one sentence, for a message: `todos[1].id: …; summary: … (+3 more)`.
pub fn summarize(problems: &[Problem]) -> String {
    let mut text = problems
        .iter()
        .take(PROBLEMS_SAID)
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ");
    if problems.len() > PROBLEMS_SAID {
        let _ = write!(text, " (+{} more)", problems.len() - PROBLEMS_SAID);
    }
    text
}
