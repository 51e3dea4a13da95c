//! Where a change's history line goes on from: the line of the revision it replaces, found at
//! the end of the history (or made from the store when the history misses it), named by its
//! hash in the new store and in the new line (SPEC §9).

use std::path::Path;

use super::chain::{line_hash, same_plan};
use super::{ceiling, line, parsed, tail};
use crate::store::Document;

/// How many of the history's last lines a change looks through for the line of the revision
/// it replaces: it is the last one unless a kill or a planted line came between.
const HEAD_LINES: usize = 8;

/// Where a change's line goes on from: the line of the revision it replaces (`old`), named by
/// its hash, which the new store names and the new line names as the one before it. When the
/// history misses that line (a kill between a save and its append, a history put in place by
/// git), it is made from the store and written first: the chain goes on from the store as it
/// is, never from a line the store does not vouch for.
#[derive(Debug, Clone, Default)]
pub struct Head {
    pub hash: Option<String>,
    missed: Option<String>,
}

impl Head {
    /// The line of the replaced revision, made from the store, when the history missed it.
    pub(super) fn missed(&self) -> Option<&String> {
        self.missed.as_ref()
    }
}

/// The `Head` a change replacing `old` goes on from, read from the end of the history at
/// `path` under the store's lock. `readable`: `old` is the store as read; else (an unreadable
/// store `undo` sets aside) only what it still names is known, and a line is believed for
/// its revision and the line it names, never made up. A history that cannot be read holds up
/// nothing here; its append warns of it.
pub fn head(path: &Path, old: &Document, readable: bool) -> Head {
    if old.revision == 0 {
        return Head::default();
    }
    // The last line first, the common case, whose plan is the only one parsed then; the few
    // before it only when that is not the store's own (it was most of a change's work).
    let found = [1, HEAD_LINES]
        .into_iter()
        .find_map(|lines| own_line(path, lines, old, readable));
    match found {
        Some(hash) => Head {
            hash: Some(hash),
            missed: None,
        },
        None if readable => match line(
            old,
            "(not recorded)",
            &super::Author::default(),
            old.history.as_deref(),
        ) {
            Ok(missed) => Head {
                hash: Some(line_hash(missed.trim_end_matches('\n').as_bytes())),
                missed: Some(missed),
            },
            Err(_) => Head::default(),
        },
        None => Head::default(),
    }
}

/// The hash of the line of `old`'s revision among the history's last `lines`, when it is the
/// store's own: it names the line the store names, and holds the store's plan (or, for an
/// unreadable store, only what it still names is checked).
fn own_line(path: &Path, lines: usize, old: &Document, readable: bool) -> Option<String> {
    let tail = tail::in_range(path, lines, ceiling(old.revision)).ok()?;
    tail.lines
        .iter()
        .rev()
        .filter(|line| line.revision == old.revision)
        .find_map(|line| {
            let text = tail.text_of(std::slice::from_ref(line)).ok()?;
            let text = text.strip_suffix(b"\n").unwrap_or(&text);
            let entry = parsed(std::str::from_utf8(text).ok()?).ok()?;
            let fits = entry.prev == old.history
                && if readable {
                    same_plan(&entry, old)
                } else {
                    old.history.is_some()
                };
            fits.then(|| line_hash(text))
        })
}
