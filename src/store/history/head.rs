//! Where a change's history line goes on from: the line of the revision it replaces, found at
//! the end of the history (or made from the store when the history misses it), named by its
//! hash in the new store and in the new line (SPEC §9).
//!
//! A change reads the history's end once, back from the end (`tail::Back`), the last line
//! first, until it finds the store's own: each line is parsed once, where it lies in memory,
//! its plan kept as the text it is and compared with the store's plan as `todos` writes it in
//! a line (parsed only when they differ).

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::value::RawValue;

use super::chain::line_hash;
use super::{line, parsed, tail};
use crate::plan::model::Item;
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

/// The `Head` a change replacing `old` goes on from, read from the end of the history `end`
/// (opened under the store's lock, its ends read or not). `readable`: `old` is the store as read; else (an unreadable
/// store `undo` sets aside) only what it still names is known, and a line is believed for
/// its revision and the line it names, never made up. A history that cannot be read holds up
/// nothing here; its append warns of it.
pub fn head(end: &mut super::End, old: &Document, readable: bool) -> Head {
    if old.revision == 0 {
        return Head::default();
    }
    let found = match &mut end.back {
        Ok(Some(back)) => own_line(back, old, readable),
        _ => None,
    };
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

/// A history line read for where it stands in the chain alone: its plan is passed over.
#[derive(Deserialize)]
struct Link {
    revision: u64,
    #[serde(default)]
    prev: Option<String>,
}

/// A history line as `Entry` reads it, every field checked as `Entry` checks it, its plan
/// borrowed as the text it is.
#[derive(Deserialize)]
struct Own<'a> {
    revision: u64,
    #[serde(rename = "at", borrow)]
    _at: Cow<'a, str>,
    #[serde(rename = "command", borrow)]
    _command: Cow<'a, str>,
    #[serde(default, borrow)]
    summary: Option<Cow<'a, str>>,
    #[serde(borrow)]
    todos: &'a RawValue,
    next_id: u64,
    #[serde(default, rename = "note", borrow)]
    _note: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    prev: Option<Cow<'a, str>>,
}

/// The hash of the line of `old`'s revision among the history's last `HEAD_LINES`, the latest
/// first, when it is the store's own: it names the line the store names, and holds the
/// store's plan (or, for an unreadable store, only what it still names is checked). A line in
/// memory is parsed once, as `Own`; one further back is first read for its revision and the
/// line it names alone, as serde goes through the file.
fn own_line(back: &mut tail::Back, old: &Document, readable: bool) -> Option<String> {
    for _ in 0..HEAD_LINES {
        let line = back.prev().ok()??;
        if !back.is_held(&line)
            && back
                .parse::<Link>(&line)
                .is_none_or(|link| link.revision != old.revision || link.prev != old.history)
        {
            continue;
        }
        let Ok(text) = back.bytes(&line) else {
            continue;
        };
        if stated_revision(&text).is_some_and(|revision| revision != old.revision) {
            continue;
        }
        let Ok(own) = serde_json::from_slice::<Own<'_>>(&text) else {
            continue;
        };
        if own.revision != old.revision || own.prev.as_deref() != old.history.as_deref() {
            continue;
        }
        let fits = if readable {
            same_plan(&own, old)
        } else {
            old.history.is_some()
                && std::str::from_utf8(&text).is_ok_and(|text| parsed(text).is_ok())
        };
        if fits {
            return Some(line_hash(&text));
        }
    }
    None
}

/// The revision a line names first, as `todos` writes every line (`{"revision":N,…`), read
/// without parsing the rest: a change whose store is behind its history passes over the later
/// lines by this alone, where parsing each (a plan of its own) took most of its extra work.
/// A line that starts another way is `None`, and is parsed. Parsed, a line that names another
/// revision here would name it there too, or be refused for naming two.
fn stated_revision(line: &[u8]) -> Option<u64> {
    let rest = line.strip_prefix(br#"{"revision":"#)?;
    let digits = rest.iter().position(|byte| !byte.is_ascii_digit())?;
    if rest.get(digits) != Some(&b',') {
        return None;
    }
    std::str::from_utf8(rest.get(..digits)?).ok()?.parse().ok()
}

/// Whether a line read as `Own` holds the plan of `document` at its revision, as
/// `chain::same_plan` says of a parsed one: its plan's text is first compared with the
/// store's plan as `todos` writes it in a line, and parsed only when they differ (a line an
/// older `todos` wrote, or not the store's).
fn same_plan(own: &Own<'_>, document: &Document) -> bool {
    own.revision == document.revision
        && own.next_id == document.next_id
        && own.summary.as_deref() == document.summary.as_deref()
        && (serde_json::to_string(&document.todos).is_ok_and(|text| text == own.todos.get())
            || serde_json::from_str::<Vec<Item>>(own.todos.get())
                .is_ok_and(|todos| todos == document.todos))
}

#[cfg(test)]
mod tests {
    use super::stated_revision;

    #[test]
    fn a_line_s_revision_is_read_from_its_first_key_alone() {
        let cases: [(&[u8], Option<u64>); 8] = [
            (br#"{"revision":12,"at":"2026-11-28T12:00:00Z"}"#, Some(12)),
            (br#"{"revision":0,"todos":[]}"#, Some(0)),
            // Any other start is parsed as a whole, never judged from its first bytes.
            (br#"{ "revision":12,"at":""}"#, None),
            (br#"{"at":"","revision":12}"#, None),
            (br#"{"revision":12}"#, None),
            (br#"{"revision":"12","at":""}"#, None),
            (br#"{"revision":,"at":""}"#, None),
            (br#"{"revision":99999999999999999999999,"at":""}"#, None),
        ];
        for (line, revision) in cases {
            assert_eq!(
                stated_revision(line),
                revision,
                "{}",
                String::from_utf8_lossy(line)
            );
        }
    }
}
