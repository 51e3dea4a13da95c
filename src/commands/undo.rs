//! `todos undo [--to REV]` and `todos redo`: put back a plan the history kept, as a new
//! revision. A run of undos walks back one revision each, as in every editor; `redo` walks
//! forward again through what they took back, until another change ends the run.

use crate::commands::ListUse;
use crate::commands::lazy::Summary;
use crate::commands::named::{Flag, Named};
use crate::commands::transaction::{Transaction, check_revision};
use crate::context::Context;
use crate::context::host::Host;
use crate::policy::error::{Caller, ChainEnd, Error, Kind, Path, Plan, Result, Revisions, Warning};
use crate::policy::sentences;
use crate::store::Document;
use crate::store::history::{Entry, History};
use crate::view::outcome::{Outcome, View};
use clap::Args;

/// Which way a restore goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// `undo`: one revision further back than the plan shown now (`--to REV`: that one).
    Undo { to: Option<u64> },
    /// `redo`: one revision forward through what a run of undos took back.
    Redo,
}

impl Step {
    fn name(self) -> &'static str {
        match self {
            Self::Undo { .. } => "undo",
            Self::Redo => "redo",
        }
    }
}

/// Where a run of `undo`/`redo` stands: the revision whose plan is shown now, and the revision
/// the run started from (the plan before its first undo), so `redo` knows where to stop.
struct Run {
    at: u64,
    start: u64,
}

/// The revision an `undo`/`redo` history line restored (`undo --to 4` → 4, and
/// `undo --to 4 (board: alice)`, made on the board, too).
fn restored_by(command: &str) -> Option<u64> {
    let rest = ["undo --to ", "redo --to "]
        .iter()
        .find_map(|prefix| command.strip_prefix(prefix))?;
    let revision = rest.split_once(' ').map_or(rest, |(revision, _)| revision);
    revision.parse().ok()
}

/// The run of undos and redos that made the current revision, read from the history: the
/// latest lines, back to the first change that was neither. `None` when the current revision
/// was made by anything else.
fn run_of(current: &Document, history: &History) -> Option<Run> {
    let latest = history.latest()?;
    if latest.revision != current.revision {
        return None;
    }
    let at = restored_by(&latest.command)?;
    let mut start = latest.revision.saturating_sub(1);
    let mut expected = latest.revision;
    for entry in history.entries.iter().rev() {
        if entry.revision != expected || restored_by(&entry.command).is_none() {
            break;
        }
        start = entry.revision.saturating_sub(1);
        expected = entry.revision.saturating_sub(1);
    }
    Some(Run { at, start })
}

/// Restores the plan of a kept revision: for `undo`, the one before the plan shown now (a
/// second undo goes one further back), or `--to REV`; for `redo`, the one after it, through
/// what a run of undos took back.
///
/// The restored plan is a new change: its revision goes up, the id counter never goes back
/// and the session stays, so a stale id still names nothing and `--expect-revision` keeps
/// working. An unreadable store is first moved aside as `.todos.json.corrupt-…`, never
/// overwritten, and the latest kept revision is restored. Nothing is logged: restoring a plan
/// finishes none. A refusal names the revision to restore and the claim as `named` does
/// (`--to`, `--claim`; or the undo tool's `to` and the next tool's `claim`).
pub fn execute(
    ctx: &Context,
    host: &mut Host,
    step: Step,
    expect_revision: Option<u64>,
    named: Named,
) -> Result<Outcome> {
    let to = match step {
        Step::Undo { to } => to,
        Step::Redo => None,
    };
    // Under an owner's name, an undo that would change another owner's item is refused as any
    // change is (SPEC §3a); under no name it is never limited.
    let actor = super::actor(host)?;
    let respect = |current: &Document, restored: &Document| {
        crate::plan::claims::respect_owners(
            &current.todos,
            &restored.todos,
            actor.as_ref(),
            None,
            ctx.now.instant(),
            &named.path(Flag::Claim),
        )
    };
    let transaction = Transaction::begin(ctx, host)?;
    let store = transaction.store();
    let full = crate::store::history::of(store, ctx.config.history_limit)?;
    // Only the lines the store vouches for are restored (SPEC §9); every kept line still
    // counts for the revisions handed out, so none is handed out twice.
    let history = full.vouched();
    let recorded = full.latest().map(|latest| latest.revision);
    let (current, corrupt) = match store.load() {
        Ok(current) => {
            check_revision(expect_revision, current.revision)?;
            (current, false)
        }
        // A merge conflict is merged by `todos resolve`, never set aside for an older plan.
        Err(err) if crate::commands::resolve::is_conflicted(store.path()) => return Err(err),
        // Set aside only once everything that could refuse the undo has passed.
        Err(err) if err.kind == Kind::StoreCorrupt && step != Step::Redo => {
            (salvaged(store, &full)?, true)
        }
        Err(other) => return Err(other),
    };
    let target = target(step, corrupt, &current, &history)?;
    if let Some(refusal) = unvouched(target, corrupt, &current, &full, store) {
        return Err(refusal);
    }
    let mut warnings = history.warnings.clone();
    let found = find(
        target,
        to.is_some() || step == Step::Redo,
        corrupt,
        &current,
        &history,
        &mut warnings,
        named,
    )?;
    let Some(found) = found else {
        if corrupt {
            // An empty plan that goes on from the unreadable store's counters, saved, so the
            // next change reuses neither its revisions nor its ids.
            let mut empty = Document {
                next_id: current.next_id.max(1),
                ..Document::default()
            };
            empty.revision = current.next_revision(recorded)?;
            empty.updated_at = Some(ctx.now.to_rfc3339());
            warnings.push(Warning::NothingToRestore);
            respect(&current, &empty)?;
            let set_aside =
                Some(store.set_aside(transaction.lock(), &crate::store::log::stamp(&ctx.now))?);
            warnings.extend(transaction.restore(step.name(), &current, &empty, false)?);
            return Ok(Outcome {
                warnings,
                ..Outcome::new(View::Restored {
                    document: empty,
                    revision: None,
                    set_aside,
                })
            });
        }
        return Err(not_kept(target, &current, &history, named.path(Flag::To)));
    };
    let mut restored = current.clone();
    let revision = match found {
        Kept::Entry(entry) => {
            fits(entry, &ctx.config.limits, named.path(Flag::To))?;
            restored.summary.clone_from(&entry.summary);
            restored.todos.clone_from(&entry.todos);
            restored.next_id = current.next_id.max(entry.next_id);
            entry.revision
        }
        Kept::Empty => {
            restored.summary = None;
            restored.todos.clear();
            0
        }
    };
    restored.revision = current.next_revision(recorded)?;
    restored.updated_at = Some(ctx.now.to_rfc3339());
    let command = format!("{} --to {revision}", step.name());
    respect(&current, &restored)?;
    let set_aside = corrupt
        .then(|| store.set_aside(transaction.lock(), &crate::store::log::stamp(&ctx.now)))
        .transpose()?;
    warnings.extend(transaction.restore(&command, &current, &restored, !corrupt)?);
    Ok(Outcome {
        warnings,
        ..Outcome::new(View::Restored {
            document: restored,
            revision: Some(revision),
            set_aside,
        })
    })
}

/// The revision a restore puts back: `--to`'s; the latest kept one for an unreadable store;
/// else one further back than the plan shown now (`undo`) or one forward (`redo`).
fn target(step: Step, corrupt: bool, current: &Document, history: &History) -> Result<u64> {
    let run = run_of(current, history);
    Ok(match (step, corrupt) {
        (Step::Undo { to: Some(revision) }, _) => revision,
        // The store was unreadable: its last good state is the latest kept revision.
        (_, true) => history.latest().map_or(0, |latest| latest.revision),
        (Step::Redo, false) => redo_target(run.as_ref(), history)?,
        (Step::Undo { to: None }, false) => match &run {
            Some(Run { at: 0, .. }) => {
                return Err(Plan::NothingToUndo {
                    caller: Caller::CommandLine,
                }
                .into());
            }
            Some(run) => before(run.at, history),
            None => before(current.revision, history),
        },
    })
}

/// The revision before `revision` on the chain the store vouches for: the latest kept one
/// before it (a store put back by git goes on from an older revision), else the one before it
/// by number, for `find` to say what is missing.
fn before(revision: u64, history: &History) -> u64 {
    nearest_before(revision, history).map_or(revision.saturating_sub(1), |entry| entry.revision)
}

/// The revision `redo` puts back: the one after the plan a run of undos shows now, up to the
/// plan the run started from.
fn redo_target(run: Option<&Run>, history: &History) -> Result<u64> {
    let Some(run) = run.filter(|run| run.at < run.start) else {
        return Err(Plan::NothingToRedo {
            since_undo: run.is_some() || history.latest().is_none(),
            caller: Caller::CommandLine,
        }
        .into());
    };
    // The next kept revision forward: one a kill kept out of the history is stepped over.
    Ok(history
        .entries
        .iter()
        .map(|entry| entry.revision)
        .find(|revision| *revision > run.at && *revision <= run.start)
        .unwrap_or(run.at + 1))
}

/// The refusal of a restore whose `target` the store does not vouch for while the history
/// holds lines it cannot vouch for (SPEC §9): a line at that revision no chain from the store
/// reaches, or a chain that stops short of the target (the store names no line, or a line the
/// history does not hold) over a history that holds other lines. An unreadable store whose
/// chain reaches no line is not set aside for an empty plan either. `None`: restore as usual
/// (the target is vouched for, is revision 0, or the history is only what the chain left).
fn unvouched(
    target: u64,
    corrupt: bool,
    current: &Document,
    full: &History,
    store: &crate::store::Store,
) -> Option<Error> {
    let chain = &full.chain;
    let others = full.unvouched();
    let blocked = if corrupt {
        chain.entries.is_empty() && others > 0
    } else {
        target > 0
            && chain.entries.iter().all(|entry| entry.revision != target)
            && (full.find(target).is_some_and(|entry| !entry.vouched)
                || (chain.stop != ChainEnd::Start && others > 0))
    };
    if !blocked {
        return None;
    }
    let target = if corrupt {
        full.latest().map_or(target, |latest| latest.revision)
    } else {
        target
    };
    Some(
        Plan::Unvouched {
            target,
            path: store.history_path().to_path_buf(),
            store: current.revision,
            stop: chain.stop,
            others,
            caller: Caller::CommandLine,
        }
        .into(),
    )
}

/// A kept plan is restored only if it fits the limits, as any plan written now must: a plan
/// written under raised limits needs them raised again.
fn fits(entry: &Entry, limits: &crate::plan::model::Limits, to: Path) -> Result<()> {
    let problems =
        crate::store::plan_problems(entry.summary.as_deref(), &entry.todos, Some(limits));
    if problems.is_empty() {
        return Ok(());
    }
    Plan::Unrestorable {
        revision: entry.revision,
        problems,
        to,
    }
    .into()
}

/// What an unreadable store still says of its counters, with what the history reached, so
/// that no revision or id is handed out twice.
fn salvaged(store: &crate::store::Store, history: &History) -> Result<Document> {
    let salvaged = store.salvage_counters();
    let latest = history.latest();
    if latest.is_none() && (salvaged.revision.is_none() || salvaged.next_id.is_none()) {
        // Nothing to restore and nothing says how far the counters went: an empty
        // plan from revision 0 would hand out ids and revisions again.
        return Plan::NothingToRestore {
            path: store.path().to_path_buf(),
        }
        .into();
    }
    let mut current = Document {
        revision: salvaged.revision.unwrap_or(0),
        next_id: salvaged.next_id.unwrap_or(1),
        history: store.salvage_history_name(),
        ..Document::default()
    };
    if let Some(latest) = latest {
        current.revision = current.revision.max(latest.revision);
        current.next_id = current.next_id.max(latest.next_id);
    }
    Ok(current)
}

/// The revision `undo` puts back for `target`: the kept one, revision 0 (the empty plan), or,
/// for a plain undo over a missing revision, the nearest kept one before it (with a warning).
/// `None` when the history does not keep it.
fn find<'a>(
    target: u64,
    explicit: bool,
    corrupt: bool,
    current: &Document,
    history: &'a History,
    warnings: &mut Vec<Warning>,
    named: Named,
) -> Result<Option<Kept<'a>>> {
    Ok(match history.find(target) {
        Some(entry) => Some(Kept::Entry(entry)),
        // Revision 0 is the empty plan before any change: always known, never recorded.
        None if target == 0 && !corrupt && current.revision > 0 => Some(Kept::Empty),
        None if !corrupt && missing(target, current, history) => {
            if explicit {
                return Err(missing_error(target, history, named.path(Flag::To)));
            }
            // Plain undo: the nearest kept revision before it (the empty plan when none is).
            let nearest = nearest_before(target, history);
            let (kept, revision) = match nearest {
                Some(entry) => (Kept::Entry(entry), entry.revision),
                None => (Kept::Empty, 0),
            };
            warnings.push(Warning::RevisionMissing {
                target,
                restored: revision,
            });
            Some(kept)
        }
        None => None,
    })
}

/// A revision `undo` can put back: one the history kept, or revision 0, the empty plan.
enum Kept<'a> {
    Entry(&'a Entry),
    Empty,
}

/// Whether `target` is a revision the plan had that the history misses (a change stopped
/// between its store and its history line), rather than one it no longer keeps: it lies
/// before the current revision, and not before the first kept one.
fn missing(target: u64, current: &Document, history: &History) -> bool {
    target > 0
        && target < current.revision
        && history
            .entries
            .first()
            .is_none_or(|first| first.revision <= target)
}

/// The latest kept revision before `target`.
fn nearest_before(target: u64, history: &History) -> Option<&Entry> {
    history
        .entries
        .iter()
        .rev()
        .find(|entry| entry.revision < target)
}

/// `undo --to` a revision the history misses: say so, and which one is nearest.
fn missing_error(target: u64, history: &History, to: Path) -> Error {
    let nearest = nearest_before(target, history).map_or(0, |entry| entry.revision);
    Plan::MissingRevision {
        target,
        kept: kept(history),
        nearest,
        to,
    }
    .into()
}

/// The revisions `history` keeps, for a refusal of one it does not.
pub fn kept(history: &History) -> Revisions {
    match (history.entries.first(), history.latest()) {
        (Some(first), Some(last)) => Revisions::Range {
            first: first.revision,
            last: last.revision,
        },
        _ => Revisions::Nothing,
    }
}

/// Why `target` cannot be restored, and which revisions can.
fn not_kept(target: u64, current: &Document, history: &History, to: Path) -> Error {
    Plan::CannotUndo {
        target,
        kept: kept(history),
        never_changed: current.revision == 0,
        to,
    }
    .into()
}

/// Restore the plan as it was before the last change, or at any kept revision.
///
/// The answer to a full overwrite that dropped items. Every revision is kept in the list's
/// history (`todos history`); undo puts the one before the current revision back as a new
/// revision, each further undo one more revision back (as in an editor; `todos redo` steps
/// forward again), and `--to REV` puts back any kept one. It says which revision it
/// restored. If the store cannot be read, undo moves it aside as
/// `.todos.json.corrupt-YYYYMMDD-HHMMSS` and restores the latest kept revision.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos undo\n  \
    todos undo --to 4\n  \
    todos --json undo --expect-revision 7")]
pub struct UndoArgs {
    /// Restore this revision (see `todos history`) instead of the one before the current.
    #[arg(long, value_name = "REV")]
    pub to: Option<u64>,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,

    /// How a refusal names the values given: the flags, or a tool call's arguments.
    #[arg(skip)]
    pub named: Named,
}

impl Summary for UndoArgs {
    const SUMMARY: &str =
        "Restore the plan as it was before the last change, or at any kept revision";
}

/// Put back what undo took back, one revision at a time.
///
/// After one or more `todos undo`, each redo restores the next revision forward, up to the
/// plan before the first undo, as a new revision, and says which one. Any other change ends
/// the run: there is nothing to redo after it.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos undo\n  \
    todos redo\n  \
    todos undo && todos --json redo --expect-revision 8")]
pub struct RedoArgs {
    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,

    /// How a refusal names the values given: the flags, or a tool call's arguments (a redo
    /// that cannot restore names the undo tool's `to`).
    #[arg(skip)]
    pub named: Named,
}

impl Summary for RedoArgs {
    const SUMMARY: &str = "Put back what undo took back, one revision at a time";
}

impl super::Run for UndoArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Self) -> Result<Outcome> {
        execute(
            ctx,
            host,
            Step::Undo { to: request.to },
            request.expect_revision,
            request.named,
        )
    }

    fn list_use(_request: &Self) -> ListUse {
        ListUse::Uses
    }
}

impl super::Run for RedoArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Self) -> Result<Outcome> {
        execute(
            ctx,
            host,
            Step::Redo,
            request.expect_revision,
            request.named,
        )
    }

    fn list_use(_request: &Self) -> ListUse {
        ListUse::Uses
    }
}

#[cfg(test)]
mod tests {
    use super::restored_by;

    #[test]
    fn an_undo_made_on_the_board_is_read_as_the_command_line_s() {
        assert_eq!(restored_by("undo --to 4"), Some(4));
        assert_eq!(restored_by("redo --to 12 (board: alice)"), Some(12));
        for other in [
            "update (board: alice)",
            "undo --to x",
            "undo --to  4",
            "write",
        ] {
            assert_eq!(restored_by(other), None, "{other}");
        }
    }
}
