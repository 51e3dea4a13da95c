//! `todos undo [--to REV]`: put back a plan the history kept, as a new revision.

use crate::cli::UndoArgs;
use crate::commands::{Outcome, View};
use crate::context::Context;
use crate::error::{Error, Kind, Result};
use crate::history::History;
use crate::host::Host;
use crate::store::Document;
use crate::transaction::{Transaction, check_revision};

/// Restores the plan of a kept revision: by default the one before the current revision (so
/// a second undo is a redo), or `--to REV`.
///
/// The restored plan is a new change: its revision goes up, the id counter never goes back
/// and the session stays, so a stale id still names nothing and `--expect-revision` keeps
/// working. An unreadable store is first moved aside as `.todos.json.corrupt-…`, never
/// overwritten, and the latest kept revision is restored. Nothing is logged: restoring a plan
/// finishes none.
pub fn execute(ctx: &Context, host: &mut Host, args: &UndoArgs) -> Result<Outcome> {
    let transaction = Transaction::begin(ctx, &mut host.stderr)?;
    let store = transaction.store();
    let history = crate::history::of(store, ctx.config.history_limit)?;
    let recorded = history.latest().map(|latest| latest.revision);
    let (current, set_aside) = match store.load() {
        Ok(current) => {
            check_revision(args.expect_revision, current.revision)?;
            (current, None)
        }
        // A merge conflict is merged by `todos resolve`, never set aside for an older plan.
        Err(err) if crate::commands::resolve::is_conflicted(store.path()) => return Err(err),
        Err(err) if err.kind == Kind::StoreCorrupt => {
            // What the unreadable store still says of its counters, and what the history
            // reached: no revision or id is handed out twice.
            let salvaged = store.salvage_counters();
            let latest = history.latest();
            if latest.is_none() && (salvaged.revision.is_none() || salvaged.next_id.is_none()) {
                // Nothing to restore and nothing says how far the counters went: an empty
                // plan from revision 0 would hand out ids and revisions again.
                return Err(Error::store_corrupt(format!(
                    "{} cannot be read, and its history keeps no revision to restore nor \
                     does it hold a revision and id counter to go on from",
                    store.path().display()
                ))
                .with_hint(format!(
                    "the file was left untouched; fix it by hand, or move it aside (mv {0} \
                     {0}.broken) to start a new plan, whose ids may repeat old ones",
                    store.path().display()
                )));
            }
            let mut current = Document {
                revision: salvaged.revision.unwrap_or(0),
                next_id: salvaged.next_id.unwrap_or(1),
                ..Document::default()
            };
            if let Some(latest) = latest {
                current.revision = current.revision.max(latest.revision);
                current.next_id = current.next_id.max(latest.next_id);
            }
            let stamp = crate::log::stamp(&ctx.now);
            let aside = store.set_aside(transaction.lock(), &stamp)?;
            (current, Some(aside))
        }
        Err(other) => return Err(other),
    };
    let target = match (args.to, &set_aside) {
        (Some(revision), _) => revision,
        // The store was unreadable: its last good state is the latest kept revision.
        (None, Some(_)) => history.latest().map_or(0, |latest| latest.revision),
        (None, None) => current.revision.saturating_sub(1),
    };
    let Some(entry) = history.find(target) else {
        if set_aside.is_some() {
            // An empty plan that goes on from the unreadable store's counters, saved, so the
            // next change reuses neither its revisions nor its ids.
            let mut empty = Document {
                next_id: current.next_id.max(1),
                ..Document::default()
            };
            empty.revision = current.next_revision(recorded)?;
            empty.updated_at = Some(ctx.now.to_rfc3339());
            let mut warnings = history.warnings.clone();
            warnings.push("the history keeps no revision to restore: the plan is empty".to_owned());
            warnings.extend(transaction.restore("undo", &current, &empty)?);
            return Ok(Outcome {
                warnings,
                ..Outcome::new(View::Restored {
                    document: empty,
                    revision: None,
                    set_aside,
                })
            });
        }
        return Err(not_kept(target, &current, &history));
    };
    let mut restored = current.clone();
    restored.summary.clone_from(&entry.summary);
    restored.todos.clone_from(&entry.todos);
    restored.next_id = current.next_id.max(entry.next_id);
    restored.revision = current.next_revision(recorded)?;
    restored.updated_at = Some(ctx.now.to_rfc3339());
    let command = format!("undo --to {target}");
    let mut warnings = history.warnings.clone();
    warnings.extend(transaction.restore(&command, &current, &restored)?);
    Ok(Outcome {
        warnings,
        ..Outcome::new(View::Restored {
            document: restored,
            revision: Some(target),
            set_aside,
        })
    })
}

/// Why `target` cannot be restored, and which revisions can.
fn not_kept(target: u64, current: &Document, history: &History) -> Error {
    let kept = match (history.entries.first(), history.latest()) {
        (Some(first), Some(last)) => format!(
            "the history keeps revisions {} to {}",
            first.revision, last.revision
        ),
        _ => "the history keeps no revision yet".to_owned(),
    };
    let message = if current.revision == 0 {
        "nothing to undo: the plan has never changed".to_owned()
    } else if target == 0 {
        format!(
            "nothing to undo: revision {} is the first the plan had",
            current.revision
        )
    } else {
        format!("revision {target} is not kept: {kept}")
    };
    Error::invalid(message).with_hint(
        "run `todos history` to see the kept revisions, then `todos undo --to REV`; \
         `history_limit` (TODOS_HISTORY_LIMIT) sets how many are kept",
    )
}
