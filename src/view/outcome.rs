//! What a command gives the output layer: the plan it changed or showed, or an answer of its
//! own, its warnings and exit code, and what the envelope's context reports of the run.

use std::path::PathBuf;

use serde_json::Value;

use crate::plan::list::ListName;
use crate::plan::model::Stats;
use crate::policy::error::{Error, Note, Result, Warning};
use crate::store::Document;
use crate::view::show::Format;

/// What a command produced, for `output` to print as text or as the JSON envelope.
pub struct Outcome {
    pub view: View,
    pub warnings: Vec<Warning>,
    /// 0 but for `check`, whose exit code is its answer.
    pub exit_code: u8,
}

pub enum View {
    /// A mutating command ran; `changed` is false when the plan already matched.
    Changed { document: Document, changed: bool },
    /// `undo` restored the plan of `revision` (none: the plan is empty), having moved an
    /// unreadable store to `set_aside`.
    Restored {
        document: Document,
        revision: Option<u64>,
        set_aside: Option<PathBuf>,
    },
    /// `show`: the plan in a format, with descriptions when `long`.
    Shown {
        document: Document,
        format: Format,
        long: bool,
    },
    /// `show --all`: every list, the default one first.
    ShownAll {
        lists: Vec<(ListName, Document)>,
        format: Format,
        long: bool,
    },
    /// `recap`: the plan's one line.
    Recap { document: Document },
    /// Any other answer: a generated document, a check, a setup.
    Answer(Answer),
    /// Whole envelopes, one a line in JSON: `todos board --json`, one per workspace.
    Envelopes(Vec<Value>),
}

/// What a command that does not report a plan produced: its text, its envelope data.
pub struct Answer {
    /// stdout, in text mode.
    pub text: String,
    /// stderr, in text mode (what `check` found open, what `init` asks of the user).
    pub notes: String,
    /// The envelope's `data`, in JSON mode.
    pub data: Value,
    /// The envelope's one-line `text`.
    pub headline: String,
    pub stats: Option<Stats>,
}

impl Answer {
    /// An answer with no notes and no plan statistics.
    pub fn new(text: String, data: Value, headline: impl Into<String>) -> Self {
        Self {
            text,
            notes: String::new(),
            data,
            headline: headline.into(),
            stats: None,
        }
    }
}

impl Outcome {
    pub fn new(view: View) -> Self {
        Self {
            view,
            warnings: Vec::new(),
            exit_code: 0,
        }
    }

    pub fn answer(answer: Answer) -> Self {
        Self::new(View::Answer(answer))
    }
}

/// What running one command line gave: the outcome, and what the envelope's context reports
/// of it (the workspace once known, the input once read), on a failure too.
pub struct Reply {
    pub workspace: Option<PathBuf>,
    /// Said once on stderr in text mode: whose plan a linked worktree uses.
    pub note: Option<Note>,
    /// The time of the run, once known: views mark ended leases by it.
    pub now: Option<chrono::DateTime<chrono::Utc>>,
    /// The list worked on, once the context is known.
    pub list: Option<String>,
    pub params_input: Option<Value>,
    pub result: Result<Outcome>,
}

impl Reply {
    /// A failure before a workspace was known or any input read.
    pub fn failed(err: Error) -> Self {
        Self {
            workspace: None,
            note: None,
            now: None,
            list: None,
            params_input: None,
            result: Err(err),
        }
    }
}
