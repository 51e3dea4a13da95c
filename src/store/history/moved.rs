//! The default list's history moved into `.todos/` from beside its store, where a `todos` from
//! before the move kept it.

use std::io::Write;
use std::path::Path;

use super::{Revision, read_lines, span};
use crate::policy::error::{Disk, Error, Result};
use crate::store::disk;

/// Moves the default list's history from its old place, `from` (`.todos.history.jsonl`), to
/// `to` in `.todos/`, under the store's lock (`Store::move_old_files`). Where `to` is free it is one
/// rename, whatever the file holds. Where a `todos` from before the move has written `from`
/// since `to` was made, the lines of `from` past `to`'s latest revision are appended to `to`
/// in order, synced, and only then is `from` removed: stopped midway, the next change appends
/// nothing twice. A `from` that cannot be read (over the cap, not a file) stays where it is;
/// a change never fails for the history (SPEC §6), and `history` reads `to`.
pub fn move_in(from: &Path, to: &Path) -> Result<()> {
    if disk::move_to_new(from, to)? {
        return Ok(());
    }
    let Ok(lines) = read_lines(from) else {
        return Ok(());
    };
    let mut latest = span(to).ok().flatten().map_or(0, |(_, latest)| latest);
    let mut text = String::new();
    for (_, line) in &lines {
        if let Ok(Revision { revision }) = serde_json::from_str(line)
            && revision > latest
        {
            latest = revision;
            text.push_str(line);
            text.push('\n');
        }
    }
    if !text.is_empty() {
        let mut file = disk::open_append(to)?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|err| Error::from(Disk::io("append to the history", to, &err)))?;
    }
    std::fs::remove_file(from)
        .map_err(|err| Error::from(Disk::io("remove the history moved from", from, &err)))
}
