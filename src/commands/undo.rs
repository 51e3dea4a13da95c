use crate::cli::UndoArgs;
use crate::commands::{Report, ReportKind, check_revision, lock};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::store::{Document, Store};

/// Restores the plan as it was before the last change, from `.todos.json.prev`.
///
/// The restored plan is a new change: its revision goes up, the id counter never goes back
/// and the session stays, so a stale id still names nothing and `--expect-revision` keeps
/// working. The store it replaces becomes the new `.prev`, so a second undo is a redo. An
/// unreadable store is first moved aside as `.todos.json.corrupt-…`, never overwritten.
/// Nothing is logged: restoring a plan does not finish one.
pub fn undo(ctx: &Context, args: &UndoArgs) -> Result<Report> {
    let store = Store::new(&ctx.workspace);
    let lock = lock(ctx, &store)?;
    let previous = store.load_previous()?;
    let (current, set_aside) = match store.load() {
        Ok(current) => {
            check_revision(args.expect_revision, current.revision)?;
            (Some(current), None)
        }
        Err(Error::StoreCorrupt { .. }) => {
            let stamp = ctx.now.format("%Y%m%d-%H%M%S").to_string();
            (None, Some(store.set_aside(&lock, &stamp)?))
        }
        Err(other) => return Err(other),
    };
    let Some(previous) = previous else {
        return match set_aside {
            Some(_) => Ok(Report {
                document: Document::default(),
                kind: ReportKind::Restore {
                    revision: None,
                    set_aside,
                },
                warnings: vec![
                    "there was no earlier snapshot to restore: the plan is empty".to_owned(),
                ],
            }),
            None => Err(Error::invalid(format!(
                "nothing to undo: {} holds no earlier snapshot",
                store.path().with_extension("json.prev").display()
            ))
            .with_hint("the previous snapshot is kept from the first change on")),
        };
    };
    let restored_revision = previous.revision;
    let mut restored = previous;
    if let Some(current) = &current {
        restored.revision = current.revision + 1;
        restored.next_id = restored.next_id.max(current.next_id);
        restored.session.clone_from(&current.session);
    } else {
        restored.revision += 1;
    }
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
