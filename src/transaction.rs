//! The one way a command changes a plan: take the store's lock, load, check the expected
//! revision, apply the change, then (when something changed) log a finished plan, save, and
//! record the revision in the history.
//! Every mutating command, `undo` included, goes through `Transaction`, so the order of those
//! steps, and what a failure at each step leaves behind, is decided here and nowhere else.

use std::io::Write;
use std::path::Path;

use crate::context::Context;
use crate::error::{Error, Result};
use crate::history;
use crate::log;
use crate::model::is_finished;
use crate::store::{Document, Lock, Session, Store};

/// A change under way: the lock is held until it is committed or dropped.
pub struct Transaction<'a> {
    ctx: &'a Context,
    store: Store,
    lock: Lock,
}

/// What a committed change left: the plan as saved, whether anything had to be saved, and
/// warnings about what did not stop it (a history that could not record it).
pub struct Committed {
    pub document: Document,
    pub changed: bool,
    pub warnings: Vec<String>,
}

impl<'a> Transaction<'a> {
    /// Takes the store's lock, saying on `notes` (stderr) when another process makes us wait.
    pub fn begin(ctx: &'a Context, notes: &mut dyn Write) -> Result<Self> {
        // Checked before the lock is taken: a log folder that leads out of the workspace
        // refuses the command before anything is written.
        ctx.memory_dir(false)?;
        let store = Store::new(&ctx.workspace, &ctx.list);
        let quiet = ctx.quiet;
        let palette = ctx.stderr;
        let lock = store.lock(ctx.lock_timeout, |path: &Path| {
            if !quiet {
                crate::live_output::waiting_for_lock(notes, palette, path);
            }
        })?;
        Ok(Self { ctx, store, lock })
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn lock(&self) -> &Lock {
        &self.lock
    }

    /// Loads the plan as it is now, refusing a change based on an older revision.
    pub fn load(&self, expect_revision: Option<u64>) -> Result<Document> {
        let document = self.store.load()?;
        check_revision(expect_revision, document.revision)?;
        Ok(document)
    }

    /// Saves `new` in place of `old`, as made by `command`: nothing is written when the plan
    /// already matches (agents re-send lists often), else the revision goes up, the session
    /// starts or goes on, and a plan this change finished is logged. The log is written before
    /// the store and taken back out if the store cannot be saved (see `log::append`); the
    /// history after it, so it is never ahead of the store.
    pub fn commit(
        self,
        command: &str,
        old: Document,
        mut new: Document,
        new_session: bool,
    ) -> Result<Committed> {
        let ctx = self.ctx;
        let changed = new.summary != old.summary || new.todos != old.todos || new_session;
        if !changed {
            return Ok(Committed {
                document: old,
                changed: false,
                warnings: Vec::new(),
            });
        }
        let restart = new_session
            || match (&new.session, &ctx.session) {
                (None, _) => true,
                (Some(session), Some(wanted)) => session.id != *wanted,
                (Some(_), None) => false,
            };
        if restart {
            new.session = Some(Session {
                id: ctx.session.clone().unwrap_or_else(|| log::stamp(&ctx.now)),
                started_at: ctx.now.to_rfc3339(),
                log_file: log::file_name(&ctx.memory_dir(false)?.path, &ctx.now),
                completed_plans: 0,
            });
        }
        // The history's ends, read once under the lock: the new revision goes past its latest (a
        // store put back by git may be behind it), and the append after the save starts from
        // them. A history that cannot be read holds up nothing here; `record` warns of it.
        let ends = history::span(self.store.history_path());
        let recorded = ends.as_ref().ok().copied().flatten();
        new.revision = old.next_revision(recorded.map(|(_, latest)| latest))?;
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
            let block = log::block(
                &ctx.list,
                task,
                &ctx.now,
                new.summary.as_deref(),
                &new.todos,
            );
            appended = log::append(ctx.memory_dir(true)?, session, &ctx.list, task, &block)?;
        }
        if let Err(err) = self.store.save(&self.lock, &new) {
            // The plan was not saved, so it was not finished either: take its block back out.
            if let Some(appended) = appended {
                appended.roll_back();
            }
            return Err(err);
        }
        let warnings = self.record(command, &old, &new, ends);
        Ok(Committed {
            document: new,
            changed: true,
            warnings,
        })
    }

    /// Saves a restored plan as it is (`undo`): its revision, counters and session are already
    /// set, and restoring a plan finishes none, so nothing is logged.
    pub fn restore(
        self,
        command: &str,
        old: &Document,
        restored: &Document,
    ) -> Result<Vec<String>> {
        let ends = history::span(self.store.history_path());
        self.store.save(&self.lock, restored)?;
        Ok(self.record(command, old, restored, ends))
    }

    /// Appends the saved revision to the history. The change is made by then: a history that
    /// cannot record it (a full disk) is a warning, not a failure of the change.
    fn record(
        &self,
        command: &str,
        old: &Document,
        new: &Document,
        ends: Result<history::Ends>,
    ) -> Vec<String> {
        let limit = self.ctx.config.history_limit;
        let path = self.store.history_path();
        match ends.and_then(|ends| history::append(path, ends, old, new, command, limit)) {
            Ok(()) => Vec::new(),
            Err(err) => vec![format!(
                "the change is saved, but its history could not record it: {}",
                err.message
            )],
        }
    }
}

/// The usual change by `command`: lock, load at the expected revision, apply `apply` to a
/// copy, commit. The warnings are the change's own, then the commit's.
pub fn change(
    ctx: &Context,
    notes: &mut dyn Write,
    command: &str,
    expect_revision: Option<u64>,
    new_session: bool,
    apply: impl FnOnce(&mut Document) -> Result<Vec<String>>,
) -> Result<(Committed, Vec<String>)> {
    change_noted(
        ctx,
        notes,
        command,
        expect_revision,
        new_session,
        |document| apply(document).map(|warnings| (warnings, None)),
    )
}

/// `change`, where `apply` may add a note to the command the history records, after a colon
/// (`update --take: taken over from w1 on purpose`).
pub fn change_noted(
    ctx: &Context,
    notes: &mut dyn Write,
    command: &str,
    expect_revision: Option<u64>,
    new_session: bool,
    apply: impl FnOnce(&mut Document) -> Result<(Vec<String>, Option<String>)>,
) -> Result<(Committed, Vec<String>)> {
    let transaction = Transaction::begin(ctx, notes)?;
    let old = transaction.load(expect_revision)?;
    let mut new = old.clone();
    let (mut warnings, note) = apply(&mut new)?;
    let command = match note {
        Some(note) => format!("{command}: {note}"),
        None => command.to_owned(),
    };
    let mut committed = transaction.commit(&command, old, new, new_session)?;
    warnings.append(&mut committed.warnings);
    Ok((committed, warnings))
}

/// `--expect-revision N`: refuse a change based on a plan someone else has changed since.
pub fn check_revision(expected: Option<u64>, actual: u64) -> Result<()> {
    match expected {
        // A revision the plan has not reached was never read: say so, not "changed since".
        Some(expected) if expected > actual => Err(Error::conflict(format!(
            "the plan is at revision {actual}, not {expected}: revision {expected} does not exist yet, so no command read it"
        ))
        .with_hint(format!(
            "take the revision from the last output of todos (`todos --json show` gives it as \
             data.revision), here --expect-revision {actual}"
        ))),
        Some(expected) if expected != actual => Err(Error::conflict(format!(
            "the plan is at revision {actual}, not {expected}: someone changed it since you read it"
        ))
        .with_hint(format!(
            "run `todos show` to see the plan as it is now, then retry with \
             --expect-revision {actual} if your change still holds"
        ))),
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
