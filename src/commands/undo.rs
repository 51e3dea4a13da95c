use crate::cli::UndoArgs;
use crate::commands::{Outcome, View};
use crate::context::Context;
use crate::error::{Error, Kind, Result};
use crate::host::Host;
use crate::store::{Counters, Document};
use crate::transaction::{Transaction, check_revision};

/// Restores the plan as it was before the last change, from `.todos.json.prev`.
///
/// The restored plan is a new change: its revision goes up, the id counter never goes back
/// and the session stays, so a stale id still names nothing and `--expect-revision` keeps
/// working. The store it replaces becomes the new `.prev`, so a second undo is a redo. An
/// unreadable store is first moved aside as `.todos.json.corrupt-…`, never overwritten.
/// Nothing is logged: restoring a plan does not finish one.
pub fn execute(ctx: &Context, host: &mut Host, args: &UndoArgs) -> Result<Outcome> {
    let transaction = Transaction::begin(ctx, &mut host.stderr)?;
    let store = transaction.store();
    let previous = store.load_previous()?;
    let (counters, session, set_aside) = match store.load() {
        Ok(current) => {
            check_revision(args.expect_revision, current.revision)?;
            let counters = Counters {
                revision: Some(current.revision),
                next_id: Some(current.next_id),
            };
            (counters, current.session, None)
        }
        Err(err) if err.kind == Kind::StoreCorrupt => {
            // What the unreadable store still says of its counters; failing that, what it can
            // at most have reached: one change past the previous snapshot, with at most
            // max_items new ids. Either way no revision or id is handed out twice.
            let salvaged = store.salvage_counters();
            let max_items = u64::try_from(ctx.config.limits.max_items).unwrap_or(u64::MAX);
            let counters = Counters {
                revision: salvaged
                    .revision
                    .or(previous.as_ref().map(|p| p.revision.saturating_add(1))),
                next_id: salvaged.next_id.or(previous
                    .as_ref()
                    .map(|p| p.next_id.saturating_add(max_items))),
            };
            let stamp = crate::log::stamp(&ctx.now);
            let session = previous.as_ref().and_then(|p| p.session.clone());
            (
                counters,
                session,
                Some(store.set_aside(transaction.lock(), &stamp)?),
            )
        }
        Err(other) => return Err(other),
    };
    let Some(previous) = previous else {
        if set_aside.is_none() {
            return Err(Error::invalid(format!(
                "nothing to undo: {} holds no earlier snapshot",
                store.previous_path().display()
            ))
            .with_hint("the previous snapshot is kept from the first change on"));
        }
        return Ok(Outcome {
            warnings: vec![
                "there was no earlier snapshot to restore: the plan is empty".to_owned(),
            ],
            ..Outcome::new(View::Restored {
                document: Document::default(),
                revision: None,
                set_aside,
            })
        });
    };
    let restored_revision = previous.revision;
    let mut restored = previous;
    restored.revision = restored.revision.max(counters.revision.unwrap_or(0));
    restored.revision = restored.next_revision()?;
    restored.next_id = restored.next_id.max(counters.next_id.unwrap_or(0));
    restored.session = session;
    restored.updated_at = Some(ctx.now.to_rfc3339());
    transaction.restore(&restored)?;
    Ok(Outcome::new(View::Restored {
        document: restored,
        revision: Some(restored_revision),
        set_aside,
    }))
}
