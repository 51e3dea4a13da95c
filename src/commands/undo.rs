//! `todos undo [--to REV]`: put back a plan the history kept, as a new revision.

use crate::cli::UndoArgs;
use crate::commands::{Outcome, View};
use crate::context::Context;
use crate::error::{Error, Kind, Result};
use crate::history::{self, History};
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
    let history = history::read(store.history_path(), ctx.config.history_limit)?;
    let (current, set_aside) = match store.load() {
        Ok(current) => {
            check_revision(args.expect_revision, current.revision)?;
            (current, None)
        }
        Err(err) if err.kind == Kind::StoreCorrupt => {
            // What the unreadable store still says of its counters, and what the history
            // reached: no revision or id is handed out twice.
            let salvaged = store.salvage_counters();
            let latest = history.latest();
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
            let mut warnings = history.warnings;
            warnings.push("the history keeps no revision to restore: the plan is empty".to_owned());
            return Ok(Outcome {
                warnings,
                ..Outcome::new(View::Restored {
                    document: Document {
                        revision: current.revision,
                        next_id: current.next_id,
                        ..Document::default()
                    },
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
    restored.revision = current.next_revision()?;
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
