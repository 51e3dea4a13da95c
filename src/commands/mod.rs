//! One file per command: its arguments in, a `Report` out. Shared here: the change cycle every
//! mutating command goes through, and reading input.

mod completions;
mod create;
mod man;
mod recap;
mod show;
mod undo;
mod update;
mod write;

mod check;
mod init;
mod init_mcp;
mod prompt;
mod schema;
mod watch;

use std::path::Path;

use serde_json::Value;

pub use completions::completions;
pub use create::create;
pub use man::man;
pub use recap::recap;
pub use show::show;
pub use undo::undo;
pub use update::update;
pub use write::write;

pub use check::check;
pub use init::init;
pub use prompt::prompt;
pub use schema::schema;
pub use watch::watch;

use crate::cli::Format;
use crate::context::{Context, Stdin};
use crate::error::{Error, Result};
use crate::json;
use crate::log;
use crate::model::is_finished;
use crate::store::{Document, Lock, Session, Store};

/// What a command produced, for the output layer to print as text or as the envelope.
pub struct Report {
    pub document: Document,
    pub kind: ReportKind,
    pub warnings: Vec<String>,
}

pub enum ReportKind {
    /// A mutating command ran; `changed` is false when the plan already matched.
    Change {
        changed: bool,
    },
    /// `undo` restored the snapshot of `revision` (none: the plan is empty), having moved an
    /// unreadable store to `set_aside`.
    Restore {
        revision: Option<u64>,
        set_aside: Option<std::path::PathBuf>,
    },
    Show(Format),
    Recap,
}

/// The input a command was given, for the envelope's `context.params_input` (on failure too).
pub type ParamsInput = Option<Value>;

/// The one cycle of every change: lock, read, check the revision, apply, log, save.
///
/// `apply` edits a copy of the stored document and returns warnings. When the result equals
/// the stored plan nothing is written and the revision stays, since agents re-send lists often.
/// The completion log is written before the store, and rolled back if the store write fails
/// (see `log::append`).
pub fn change(
    ctx: &Context,
    expect_revision: Option<u64>,
    new_session: bool,
    apply: impl FnOnce(&mut Document) -> Result<Vec<String>>,
) -> Result<Report> {
    let memory_dir = ctx.memory_dir()?;
    let store = Store::new(&ctx.workspace);
    let lock = lock(ctx, &store)?;
    let old = store.load()?;
    check_revision(expect_revision, old.revision)?;
    let mut new = old.clone();
    let warnings = apply(&mut new)?;
    let changed = new.summary != old.summary || new.todos != old.todos || new_session;
    if !changed {
        return Ok(Report {
            document: old,
            kind: ReportKind::Change { changed: false },
            warnings,
        });
    }
    let session_id = ctx.session.clone();
    let restart = new_session
        || match (&new.session, &session_id) {
            (None, _) => true,
            (Some(session), Some(wanted)) => session.id != *wanted,
            (Some(_), None) => false,
        };
    if restart {
        let started = log::stamp(&ctx.now);
        new.session = Some(Session {
            id: session_id.unwrap_or(started),
            started_at: ctx.now.to_rfc3339(),
            log_file: log::file_name(&memory_dir, &ctx.now),
            completed_plans: 0,
        });
    }
    new.revision = old.next_revision()?;
    new.updated_at = Some(ctx.now.to_rfc3339());
    let finished_again = is_finished(&old.todos) && same_contents_and_statuses(&old, &new);
    let mut appended = None;
    if is_finished(&new.todos)
        && !finished_again
        && let Some(session) = new.session.as_mut()
    {
        let task = session.completed_plans.checked_add(1).ok_or_else(|| {
            Error::invalid("the session's count of finished plans is at its maximum")
                .with_hint("start a new session with `todos write --new-session`")
        })?;
        session.completed_plans = task;
        let block = log::block(task, &ctx.now, new.summary.as_deref(), &new.todos);
        appended = log::append(&memory_dir, &session.log_file, task, &block)?;
    }
    if let Err(err) = store.save(&lock, &new) {
        // The plan was not saved, so it was not finished either: take its block back out.
        if let Some(appended) = appended {
            appended.roll_back();
        }
        return Err(err);
    }
    Ok(Report {
        document: new,
        kind: ReportKind::Change { changed: true },
        warnings,
    })
}

/// Takes the store's lock, saying on stderr when another process makes us wait.
pub fn lock(ctx: &Context, store: &Store) -> Result<Lock> {
    let quiet = ctx.quiet;
    let palette = ctx.stderr;
    store.lock(ctx.lock_timeout, |path: &Path| {
        if !quiet {
            eprintln!(
                "{} waiting for the lock on {}, held by another todos process",
                palette.bold("note:"),
                path.display()
            );
        }
    })
}

/// `--expect-revision N`: refuse a change based on a plan someone else has changed since.
pub fn check_revision(expected: Option<u64>, actual: u64) -> Result<()> {
    match expected {
        Some(expected) if expected != actual => Err(Error::Conflict {
            message: format!(
                "the plan is at revision {actual}, not {expected}: someone changed it since you read it"
            ),
            hint: Some(format!(
                "run `todos show` to see the plan as it is now, then retry with \
                 --expect-revision {actual} if your change still holds"
            )),
        }),
        _ => Ok(()),
    }
}

fn same_contents_and_statuses(a: &Document, b: &Document) -> bool {
    a.todos.len() == b.todos.len()
        && a.todos
            .iter()
            .zip(&b.todos)
            .all(|(x, y)| x.content == y.content && x.status == y.status)
}

/// Reads piped stdin (at most 1 MiB); a terminal is refused so a command never hangs, and
/// blank input is refused since it says nothing.
pub fn read_stdin(ctx: &Context, hint: &str) -> Result<String> {
    let text = read_stdin_allow_blank(ctx, hint)?;
    if text.trim().is_empty() {
        return Err(Error::invalid("stdin is empty").with_hint(hint.to_owned()));
    }
    Ok(text)
}

/// Like `read_stdin`, for a command that has something to do without input.
pub fn read_stdin_allow_blank(ctx: &Context, hint: &str) -> Result<String> {
    if ctx.stdin() == Stdin::Terminal {
        return Err(Error::usage(
            "no input: stdin is a terminal",
            Some(hint.to_owned()),
        ));
    }
    if let Some(text) = ctx.input() {
        json::check_size(text.len(), "stdin")?;
        return Ok(text.to_owned());
    }
    let bytes = json::read_limited(std::io::stdin().lock(), "stdin")?;
    Ok(json::utf8(&bytes, "stdin")?.to_owned())
}

/// Reads a file given with `--file` (at most 1 MiB).
pub fn read_file(path: &Path) -> Result<String> {
    let source = path.display().to_string();
    let unreadable = |err: &dyn std::fmt::Display| {
        Error::invalid(format!("cannot read {source}: {err}")).with_hint("check the --file path")
    };
    let file = std::fs::File::open(path).map_err(|err| unreadable(&err))?;
    if file.metadata().is_ok_and(|meta| meta.is_dir()) {
        return Err(unreadable(&"it is a folder"));
    }
    let bytes = json::read_limited(file, &source)?;
    let text = json::utf8(&bytes, &source)?;
    if text.trim().is_empty() {
        return Err(Error::invalid(format!("{source} is empty")));
    }
    Ok(text.to_owned())
}

/// What a command that does not report a change of the plan produced (`schema`, `prompt`,
/// `check`, `init`, `show --watch`): its text, its envelope data and its exit code.
pub struct Answer {
    /// stdout, in text mode.
    pub text: String,
    /// stderr, in text mode (what `check` found open).
    pub notes: String,
    /// The envelope's `data`, in JSON mode.
    pub data: Value,
    /// The envelope's one-line `text`.
    pub headline: String,
    pub stats: Option<crate::model::Stats>,
    pub exit_code: u8,
}

impl Answer {
    /// A successful answer with no notes and no plan statistics.
    pub fn new(text: String, data: Value, headline: impl Into<String>) -> Self {
        Self {
            text,
            notes: String::new(),
            data,
            headline: headline.into(),
            stats: None,
            exit_code: 0,
        }
    }
}
