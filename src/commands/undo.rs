use crate::cli::UndoArgs;
use crate::commands::{Report, ReportKind, check_revision, lock};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::store::{Counters, Document, Store};

/// Restores the plan as it was before the last change, from `.todos.json.prev`.
///
/// The restored plan is a new change: its revision goes up, the id counter never goes back
/// and the session stays, so a stale id still names nothing and `--expect-revision` keeps
/// working. The store it replaces becomes the new `.prev`, so a second undo is a redo. An
/// unreadable store is first moved aside as `.todos.json.corrupt-…`, never overwritten.
/// Nothing is logged: restoring a plan does not finish one.
pub fn undo(ctx: &Context, args: &UndoArgs) -> Result<Report> {
    // An invalid configuration refuses every command that reads the workspace (SPEC §7).
    ctx.config()?;
    let store = Store::new(&ctx.workspace);
    let lock = lock(ctx, &store)?;
    store.finish_interrupted_save(&lock)?;
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
        Err(Error::StoreCorrupt { .. }) => {
            // What the unreadable store still says of its counters; failing that, what it can
            // at most have reached: one change past the previous snapshot, with at most
            // max_items new ids. Either way no revision or id is handed out twice.
            let salvaged = store.salvage_counters();
            let max_items = u64::try_from(ctx.config()?.limits.max_items).unwrap_or(u64::MAX);
            let counters = Counters {
                revision: salvaged
                    .revision
                    .or(previous.as_ref().map(|p| p.revision.saturating_add(1))),
                next_id: salvaged.next_id.or(previous
                    .as_ref()
                    .map(|p| p.next_id.saturating_add(max_items))),
            };
            if previous.is_none() && (counters.revision.is_none() || counters.next_id.is_none()) {
                // Nothing to restore and nothing says how far the counters went: an empty
                // plan from revision 0 would hand out ids and revisions again.
                return Err(Error::StoreCorrupt {
                    message: format!(
                        "{} cannot be read, and there is no earlier snapshot to restore nor a \
                         revision and id counter left in it to go on from",
                        store.path().display()
                    ),
                    hint: format!(
                        "the file was left untouched; fix it by hand, or move it aside (mv {0} \
                         {0}.broken) to start a new plan, whose ids may repeat old ones",
                        store.path().display()
                    ),
                });
            }
            let stamp = crate::log::stamp(&ctx.now);
            let session = previous.as_ref().and_then(|p| p.session.clone());
            (counters, session, Some(store.set_aside(&lock, &stamp)?))
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
        // An empty plan that goes on from the unreadable store's counters, saved, so the next
        // change neither reuses its revisions nor its ids.
        let mut empty = Document::default();
        empty.revision = counters.revision.unwrap_or(0);
        empty.revision = empty.next_revision()?;
        empty.next_id = counters.next_id.unwrap_or(1).max(1);
        empty.updated_at = Some(ctx.now.to_rfc3339());
        store.save(&lock, &empty)?;
        return Ok(Report {
            document: empty,
            kind: ReportKind::Restore {
                revision: None,
                set_aside,
            },
            warnings: vec![
                "there was no earlier snapshot to restore: the plan is empty".to_owned(),
            ],
        });
    };
    let restored_revision = previous.revision;
    let mut restored = previous;
    restored.revision = restored.revision.max(counters.revision.unwrap_or(0));
    restored.revision = restored.next_revision()?;
    restored.next_id = restored.next_id.max(counters.next_id.unwrap_or(0));
    restored.session = session;
    restored.updated_at = Some(ctx.now.to_rfc3339());
    store.save(&lock, &restored)?;
    Ok(Report {
        document: restored,
        kind: ReportKind::Restore {
            revision: Some(restored_revision),
            set_aside,
        },
        warnings: Vec::new(),
    })
}
