//! The default list's history moved into `.todos/` from beside its store, where a `todos` from
//! before the move kept it: only a file this user owns, with one name, and never over a history
//! already there (SPEC §9).

use std::path::Path;

use crate::policy::error::{Left, Result, Warning};
use crate::store::disk;

/// Why the old history at `from` is not moved to `to`, if it is not: owned by another user
/// (not root, not this one), more than one hard link (another name could read or change what
/// `todos` writes), or a history already at `to` (which a checkout may have put there: its
/// lines are no reason to drop the old ones, nor the old ones to trust it). Looked at with
/// `lstat`, under the store's lock.
pub fn left(from: &Path, to: &Path) -> Result<Option<Left>> {
    let Some(meta) = disk::check_file(from)? else {
        return Ok(None);
    };
    if let Some(uid) = crate::store::worktree::foreign_owner(from) {
        return Ok(Some(Left::Owner { uid }));
    }
    let links = links(&meta);
    if links > 1 {
        return Ok(Some(Left::Links { links }));
    }
    if std::fs::symlink_metadata(to).is_ok() {
        return Ok(Some(Left::Over {
            to: to.to_path_buf(),
        }));
    }
    Ok(None)
}

#[cfg(unix)]
fn links(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn links(_meta: &std::fs::Metadata) -> u64 {
    1
}

/// Moves the default list's history from its old place, `from` (`.todos.history.jsonl`), to
/// `to` in `.todos/`, under the store's lock (`Store::move_old_files`): one rename onto a free
/// name, whatever the file holds. A file `left` refuses stays where it is, with a warning
/// (`None` when there was nothing to move or it moved); a change never fails for it.
pub fn move_in(from: &Path, to: &Path) -> Result<Option<Warning>> {
    let why = match left(from, to)? {
        Some(why) => Some(why),
        None if disk::move_to_new(from, to)? => None,
        // Another process made `to` first.
        None => Some(Left::Over {
            to: to.to_path_buf(),
        }),
    };
    Ok(why.map(|why| Warning::HistoryLeft {
        path: from.to_path_buf(),
        why,
    }))
}
