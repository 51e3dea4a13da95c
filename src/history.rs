//! Every revision of a list, kept in `.todos.history.jsonl` (`.todos/NAME.history.jsonl`): one
//! JSON object a line with the revision, when it was made, the command that made it, and the
//! whole plan. `history` lists it, `undo` restores from it.
//!
//! A line is appended under the store's lock, after the new store is in place, so the history
//! is never ahead of the store: a process killed between the two leaves it one revision behind,
//! and the next change writes the missing revision first (`append` is given the plan it
//! replaces). The latest `history_limit` revisions are kept. A line that cannot be read (a
//! torn write, a hand edit) is passed over with a warning, never a failure.

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::disk::{self, Links};
use crate::error::{Error, Result};
use crate::model::Item;
use crate::store::{Document, Store};

/// One kept revision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub revision: u64,
    /// When it was made (RFC 3339).
    pub at: String,
    /// The command that made it: `write`, `update`, `undo --to 4`…
    pub command: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    pub todos: Vec<Item>,
    /// The id counter then, so a restore never hands an id out twice.
    pub next_id: u64,
    /// The change's own note (Codex's `explanation`), when it came with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A revision as `line` writes it: `Entry`'s fields borrowed from the document, so that
/// recording a 10,000-item plan does not copy it first. Read back as an `Entry`.
#[derive(Serialize)]
struct Line<'a> {
    revision: u64,
    at: &'a str,
    command: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    summary: Option<&'a str>,
    todos: &'a [Item],
    next_id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

/// The kept revisions, oldest first, and a warning for each line that could not be read.
pub struct History {
    pub entries: Vec<Entry>,
    pub warnings: Vec<String>,
}

impl History {
    pub fn find(&self, revision: u64) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.revision == revision)
    }

    pub fn latest(&self) -> Option<&Entry> {
        self.entries.last()
    }
}

/// The most of a history file that is read: its end, where the latest revisions are. A
/// planted or runaway file costs no more than this.
const MAX_READ_BYTES: u64 = 64 * 1024 * 1024;

/// The history file's lines, from its end when it is larger than `MAX_READ_BYTES` (the first
/// line read is then cut and passed over), with a warning for what was passed over.
fn read_lines(path: &Path) -> Result<(Vec<String>, Vec<String>)> {
    let Some(mut file) = disk::open_read(path, Links::Refuse)? else {
        return Ok((Vec::new(), Vec::new()));
    };
    let size = file.metadata().map_or(0, |meta| meta.len());
    let mut warnings = Vec::new();
    let cut = size > MAX_READ_BYTES;
    if cut {
        file.seek(SeekFrom::Start(size - MAX_READ_BYTES))
            .map_err(|err| Error::io("read the history", path, &err))?;
        warnings.push(format!(
            "{} is larger than {} MiB: only its latest revisions were read",
            shown(path),
            MAX_READ_BYTES / 1024 / 1024
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_READ_BYTES)
        .read_to_end(&mut bytes)
        .map_err(|err| Error::io("read the history", path, &err))?;
    let text = String::from_utf8_lossy(&bytes);
    let lines = text
        .lines()
        .skip(usize::from(cut))
        .filter(|line| !line.trim().is_empty())
        .map(str::to_owned)
        .collect();
    Ok((lines, warnings))
}

fn shown(path: &Path) -> String {
    crate::text::escape(&path.display().to_string()).into_owned()
}

/// A list's kept revisions, the latest `limit`: its folder checked as for a read of the store.
pub fn of(store: &Store, limit: usize) -> Result<History> {
    store.check_folder(false)?;
    read(store.history_path(), limit)
}

/// Reads the latest `limit` kept revisions; a list that has none has an empty history.
pub fn read(path: &Path, limit: usize) -> Result<History> {
    let (lines, warnings) = read_lines(path)?;
    let mut history = History {
        entries: Vec::new(),
        warnings,
    };
    for (number, line) in lines.iter().enumerate() {
        match serde_json::from_str::<Entry>(line) {
            // Revisions only go up; a line out of order was not written by todos.
            Ok(entry)
                if history
                    .entries
                    .last()
                    .is_none_or(|last| last.revision < entry.revision) =>
            {
                history.entries.push(entry);
            }
            Ok(entry) => history.warnings.push(format!(
                "{} line {}: revision {} is out of order and was passed over",
                shown(path),
                number + 1,
                entry.revision
            )),
            Err(err) => history.warnings.push(format!(
                "{} line {} cannot be read and was passed over: {err}",
                shown(path),
                number + 1
            )),
        }
    }
    let start = history.entries.len().saturating_sub(limit.max(1));
    history.entries.drain(..start);
    Ok(history)
}

/// A line's revision, read without building its plan.
#[derive(Deserialize)]
struct Revision {
    revision: u64,
}

fn revision_of(line: &str) -> Option<u64> {
    serde_json::from_str::<Revision>(line)
        .ok()
        .map(|line| line.revision)
}

/// The first and the latest revision the history holds (`span`); `None` when it cannot say.
pub type Ends = Option<(u64, u64)>;

/// Appends the revision `new` (made by `command`) under the store's lock, to a history whose
/// `ends` the caller read under that lock (`span`). When the history
/// misses the revision it replaces (`old`: a kill between a save and its append), that one is
/// written first. Once the file holds a quarter more than `limit` revisions it is rewritten
/// with the latest `limit` (readers see only those anyway), through a new temporary file
/// renamed over it; trimming in batches keeps a change from rewriting the whole file each time.
pub fn append(
    path: &Path,
    span: Ends,
    old: &Document,
    new: &Document,
    command: &str,
    limit: usize,
) -> Result<()> {
    let limit = limit.max(1);
    // Revisions are kept one after the other, so the ends also say how many lines there are.
    let kept = span.map_or(0, |(first, latest)| latest.saturating_sub(first) + 1);
    let over = usize::try_from(kept).unwrap_or(usize::MAX) + 2 > limit + limit / 4;
    let unclear = span.is_none() && disk::check_file(path)?.is_some_and(|meta| meta.len() > 0);
    if over || unclear {
        // Trim to the latest `limit`, dropping unreadable lines on the way (a file whose ends
        // cannot be read, a torn last line, gets the same).
        let (lines, _) = read_lines(path)?;
        let mut kept: Vec<String> = lines
            .into_iter()
            .filter(|line| revision_of(line).is_some())
            .map(|mut line| {
                line.push('\n');
                line
            })
            .collect();
        let latest = kept.iter().rev().find_map(|line| revision_of(line));
        kept.extend(new_lines(old, latest, new, command)?);
        let start = kept.len().saturating_sub(limit);
        return rewrite(path, &kept[start..].concat());
    }
    let added = new_lines(old, span.map(|(_, latest)| latest), new, command)?;
    // Not synced: the store it follows is, so after a crash the history can only be behind
    // it, never ahead, and the next change writes what it missed.
    let mut file = disk::open_append(path)?;
    file.write_all(added.concat().as_bytes())
        .map_err(|err| Error::io("append to the history", path, &err))
}

/// The lines a change adds after the `latest` kept revision: the revision it replaced when the
/// history missed it, then its own.
fn new_lines(
    old: &Document,
    latest: Option<u64>,
    new: &Document,
    command: &str,
) -> Result<Vec<String>> {
    let mut added = Vec::new();
    if old.revision > 0 && latest.is_none_or(|latest| latest < old.revision) {
        added.push(line(old, "(not recorded)")?);
    }
    added.push(line(new, command)?);
    Ok(added)
}

/// The revisions of the file's first and last lines, read from its two ends, so that a change
/// costs the same whatever the history holds; `None` for an empty or absent file, one whose
/// last line is torn (no newline after it), or whose ends are not lines todos wrote.
pub fn span(path: &Path) -> Result<Ends> {
    let Some(mut file) = disk::open_read(path, Links::Refuse)? else {
        return Ok(None);
    };
    let io = |err: std::io::Error| Error::io("read the history", path, &err);
    let size = file.metadata().map_err(io)?.len();
    if size == 0 {
        return Ok(None);
    }
    let mut head = [0_u8; 64];
    let read = file.read(&mut head).map_err(io)?;
    let Some(first) = leading_revision(&head[..read]) else {
        return Ok(None);
    };
    // Back from the end, past the final newline, to the newline before the last line.
    let mut end = size;
    let mut chunk = vec![0_u8; 64 * 1024];
    let mut line_start = 0;
    let mut skipped_final_newline = false;
    file.seek(SeekFrom::Start(size - 1)).map_err(io)?;
    let mut last = [0_u8; 1];
    file.read_exact(&mut last).map_err(io)?;
    if last[0] != b'\n' {
        return Ok(None);
    }
    'search: while end > 0 {
        let start = end.saturating_sub(chunk.len() as u64);
        let len = usize::try_from(end - start).unwrap_or(chunk.len());
        file.seek(SeekFrom::Start(start)).map_err(io)?;
        file.read_exact(&mut chunk[..len]).map_err(io)?;
        for (offset, byte) in chunk[..len].iter().enumerate().rev() {
            if *byte == b'\n' {
                if skipped_final_newline {
                    line_start = start + offset as u64 + 1;
                    break 'search;
                }
            } else {
                skipped_final_newline = true;
            }
        }
        end = start;
    }
    file.seek(SeekFrom::Start(line_start)).map_err(io)?;
    let read = file.read(&mut head).map_err(io)?;
    Ok(leading_revision(&head[..read]).map(|latest| (first, latest)))
}

/// The revision at the start of a line todos wrote: `{"revision":N,…`.
fn leading_revision(bytes: &[u8]) -> Option<u64> {
    let rest = bytes.strip_prefix(b"{\"revision\":")?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()
}

fn line(document: &Document, command: &str) -> Result<String> {
    let line = Line {
        revision: document.revision,
        at: document.updated_at.as_deref().unwrap_or_default(),
        command,
        summary: document.summary.as_deref(),
        todos: &document.todos,
        next_id: document.next_id,
        note: document.note.as_deref(),
    };
    let mut text = serde_json::to_string(&line)
        .map_err(|err| Error::internal(format!("cannot encode a history line: {err}")))?;
    text.push('\n');
    Ok(text)
}

/// Replaces the history with `text` through a new temporary file (`disk::replace`), so a kill
/// leaves the old history or the new one.
fn rewrite(path: &Path, text: &str) -> Result<()> {
    let old = disk::check_file(path)?;
    disk::replace(path, text.as_bytes(), disk::mode_of(old.as_ref()))
}
