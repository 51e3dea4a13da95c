//! One file per command: its arguments in, a `Report` out. Shared here: the change cycle every
//! mutating command goes through, and reading input.

mod completions;
mod create;
mod man;
mod recap;
mod show;
mod update;
mod write;

use std::io::Read;
use std::path::Path;

use serde_json::Value;

pub use completions::completions;
pub use create::create;
pub use man::man;
pub use recap::recap;
pub use show::show;
pub use update::update;
pub use write::write;

use crate::cli::Format;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::json;
use crate::log;
use crate::model::is_finished;
use crate::store::{Document, Session, Store};

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
    Show(Format),
    Recap,
}

/// The input a command was given, for the envelope's `context.params_input` (on failure too).
pub type ParamsInput = Option<Value>;

/// The one cycle of every change: lock, read, check the revision, apply, log, save.
///
/// `apply` edits a copy of the stored document and returns warnings. When the result equals
/// the stored plan nothing is written and the revision stays, since agents re-send lists often.
/// The completion log is written before the store (see `log::append` for why that is safe).
pub fn change(
    ctx: &Context,
    expect_revision: Option<u64>,
    new_session: bool,
    apply: impl FnOnce(&mut Document) -> Result<Vec<String>>,
) -> Result<Report> {
    let memory_dir = ctx.memory_dir()?;
    let store = Store::new(&ctx.workspace);
    let quiet = ctx.quiet;
    let palette = ctx.stderr;
    let lock = store.lock(ctx.lock_timeout, |path: &Path| {
        if !quiet {
            eprintln!(
                "{} waiting for the lock on {}, held by another todos process",
                palette.bold("note:"),
                path.display()
            );
        }
    })?;
    let old = store.load()?;
    if let Some(expected) = expect_revision
        && expected != old.revision
    {
        return Err(Error::Conflict {
            message: format!(
                "the plan is at revision {}, not {expected}: someone changed it since you read it",
                old.revision
            ),
            hint: Some(format!(
                "run `todos show` to see the plan as it is now, then retry with \
                 --expect-revision {} if your change still holds",
                old.revision
            )),
        });
    }
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
        let started = ctx.now.format("%Y%m%d-%H%M%S").to_string();
        new.session = Some(Session {
            id: session_id.unwrap_or_else(|| started.clone()),
            started_at: ctx.now.to_rfc3339(),
            log_file: log::file_name(&ctx.now),
            completed_plans: 0,
        });
    }
    let finished_again = is_finished(&old.todos) && same_contents_and_statuses(&old, &new);
    if is_finished(&new.todos)
        && !finished_again
        && let Some(session) = new.session.as_mut()
    {
        session.completed_plans += 1;
        let block = log::block(
            session.completed_plans,
            &ctx.now,
            new.summary.as_deref(),
            &new.todos,
        );
        log::append(
            &memory_dir,
            &session.log_file,
            session.completed_plans,
            &block,
        )?;
    }
    new.revision = old.revision + 1;
    new.updated_at = Some(ctx.now.to_rfc3339());
    store.save(&lock, &new)?;
    Ok(Report {
        document: new,
        kind: ReportKind::Change { changed: true },
        warnings,
    })
}

fn same_contents_and_statuses(a: &Document, b: &Document) -> bool {
    a.todos.len() == b.todos.len()
        && a.todos
            .iter()
            .zip(&b.todos)
            .all(|(x, y)| x.content == y.content && x.status == y.status)
}

/// Reads piped stdin (at most 1 MiB); a terminal is refused so a command never hangs.
pub fn read_stdin(ctx: &Context, hint: &str) -> Result<String> {
    if ctx.stdin_is_terminal {
        return Err(Error::usage(
            "no input: stdin is a terminal",
            Some(hint.to_owned()),
        ));
    }
    let bytes = json::read_limited(std::io::stdin().lock(), "stdin")?;
    let text = json::utf8(&bytes, "stdin")?;
    if text.trim().is_empty() {
        return Err(Error::invalid("stdin is empty").with_hint(hint.to_owned()));
    }
    Ok(text.to_owned())
}

/// Reads a file given with `--file` (at most 1 MiB).
pub fn read_file(path: &Path) -> Result<String> {
    let source = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|err| {
        Error::invalid(format!("cannot read {source}: {err}")).with_hint("check the --file path")
    })?;
    let bytes = json::read_limited(file.take(u64::MAX), &source)?;
    let text = json::utf8(&bytes, &source)?;
    if text.trim().is_empty() {
        return Err(Error::invalid(format!("{source} is empty")));
    }
    Ok(text.to_owned())
}
