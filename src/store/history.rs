//! Every revision of a list, kept in `.todos.history.jsonl` (`.todos/NAME.history.jsonl`): one
//! JSON object a line with the revision, when it was made, the command that made it, and the
//! whole plan. `history` lists it, `undo` restores from it.
//!
//! A line is appended under the store's lock, after the new store is in place, so the history
//! is never ahead of the store: a process killed between the two leaves it one revision behind,
//! and the next change writes the missing revision first (`append` is given the plan it
//! replaces). The latest `history_limit` revisions are kept. A line that cannot be read (a
//! torn write, a hand edit) is passed over with a warning, never a failure.
//!
//! A history is also what a checkout, a `git pull` (git overwrites ignored files), a clone or
//! another user may put in place, so `undo` restores only lines this workspace's own changes
//! wrote (SPEC §9): each line names the one before it by its hash (`prev`), and the store
//! names the history's latest line when it was saved (`Document::history`). From the store
//! back, each named line vouches for the one it names (`Chain`); no other line is restored,
//! and `history` says which lines it cannot vouch for.

use std::collections::HashSet;
use std::io::{Read, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::plan::model::Item;
use crate::policy::cap::Cap;
use crate::policy::error::{Bug, Disk, Error, Result, Skipped, Warning};
use crate::store::disk::{self, Links};
use crate::store::{Document, MAX_COUNTER, Store};

mod chain;
mod head;
mod judged;
mod latest;
mod moved;
mod tail;

pub use chain::{Chain, Tip, is_line_hash, line_hash};
pub use head::{Head, head};
pub use judged::{admitted, judged, parsed};
pub use latest::latest;
pub use moved::{left, move_in};

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
    /// The hash of the line before it (`line_hash`), when there was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prev: Option<String>,
    /// Who made it (`Author::owner`), when the change had a name: untrusted, like the line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// The `TODOS_SESSION` of the process that made it (`Author::session`): the after-tool
    /// hook of that session does not tell it of its own change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// Whether the chain from the store reaches this line (`Chain`): set by `read`, never
    /// read from the file.
    #[serde(skip)]
    pub vouched: bool,
}

impl Entry {
    /// The owner the line names (`by`), only when it is a name the owner rules take exactly as
    /// written: the line is untrusted, and a name padded with line breaks or spaces is no name.
    pub fn owner(&self) -> Option<&str> {
        let by = self.by.as_deref()?;
        crate::plan::model::check_owner(by, &crate::policy::error::At::Root, &mut Vec::new())
            .is_some_and(|name| name == by)
            .then_some(by)
    }
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
    #[serde(skip_serializing_if = "Option::is_none")]
    prev: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    session: Option<&'a str>,
}

/// The command that made a revision and who ran it, as its history line says.
#[derive(Debug, Clone, Copy)]
pub struct Made<'a> {
    pub command: &'a str,
    pub author: &'a Author,
}

/// Who made a change, as its history line says: the owner it was made under (`TODOS_OWNER`)
/// and the process's `TODOS_SESSION`, each when there was one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Author {
    pub owner: Option<String>,
    pub session: Option<String>,
}

/// The kept revisions, oldest first, and a warning for each line that could not be read.
pub struct History {
    pub entries: Vec<Entry>,
    pub warnings: Vec<Warning>,
    /// The lines the store vouches for, oldest first, and where its chain stopped.
    pub chain: Chain,
}

impl History {
    /// The history `undo` and `redo` restore from: the lines the store vouches for alone.
    pub fn vouched(&self) -> Self {
        Self {
            entries: self.chain.entries.clone(),
            warnings: self.warnings.clone(),
            chain: Chain {
                entries: Vec::new(),
                stop: self.chain.stop,
            },
        }
    }

    /// How many kept lines the store does not vouch for.
    pub fn unvouched(&self) -> usize {
        self.entries.iter().filter(|entry| !entry.vouched).count()
    }

    pub fn find(&self, revision: u64) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.revision == revision)
    }

    pub fn latest(&self) -> Option<&Entry> {
        self.entries.last()
    }
}

/// The most of a history file that is read: its end, where the latest revisions are. A
/// planted or runaway file costs no more than this.
const MAX_READ_BYTES: u64 = crate::store::disk::MAX_STORE_BYTES;

/// How far beyond the store's revision a line may be and still be believed. The history runs
/// ahead of the store only when the store was put back (a `git checkout` of a committed plan),
/// by as many changes as were made since; a line further ahead than this was not written by
/// todos, and believing it would push every later revision there (2^64 − 1 would stop them).
pub const MAX_AHEAD: u64 = Cap::HistoryAheadRevisions.value();

/// The highest revision a line may hold when the store is at `store_revision`.
pub fn ceiling(store_revision: u64) -> u64 {
    store_revision.saturating_add(MAX_AHEAD).min(MAX_COUNTER)
}

/// Lines of the history file, each with its number in the file.
type Lines = Vec<(usize, String)>;

/// The history file's lines with their numbers, for `history` and `undo`: a file over
/// `MAX_READ_BYTES` is refused (SPEC §9), never read into memory.
fn read_lines(path: &Path) -> Result<Lines> {
    let Some(file) = disk::open_read(path, Links::Refuse)? else {
        return Ok(Vec::new());
    };
    let size = file.metadata().map_or(0, |meta| meta.len());
    if size > MAX_READ_BYTES {
        let name = path
            .file_name()
            .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
        return Err(Disk::HistoryTooLarge {
            path: path.to_path_buf(),
            size,
            max: MAX_READ_BYTES,
            name,
        }
        .into());
    }
    let mut bytes = Vec::new();
    file.take(MAX_READ_BYTES)
        .read_to_end(&mut bytes)
        .map_err(|err| Error::from(Disk::io("read the history", path, &err)))?;
    let text = String::from_utf8_lossy(&bytes);
    let lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| (number + 1, line.to_owned()))
        .collect();
    Ok(lines)
}

/// A list's kept revisions, the latest `limit`, read against the store as it is (or,
/// unreadable, what its counters and the line it names still say): its folder checked as for
/// a read of the store.
pub fn of(store: &Store, limit: usize) -> Result<History> {
    store.check_private(false)?;
    if let Ok(document) = store.load() {
        return read(store.history_path(), limit, Tip::of(&document));
    }
    let names = store.salvage_history_name();
    let tip = Tip {
        revision: store.salvage_counters().revision.unwrap_or(0),
        names: names.as_deref(),
        plan: None,
    };
    read(store.history_path(), limit, tip)
}

/// Reads the latest `limit` kept revisions of a list whose store is `tip`; a list that has
/// none has an empty history.
///
/// Every line is untrusted input (SPEC §6, §9): one that cannot be read, holds a revision far
/// beyond the store's or a plan that breaks §3's rules (ids, text, dependencies: the limits
/// are for `undo` to check, since a plan may have been written under raised ones), or repeats
/// a revision is passed over with a warning. Of the rest, the longest run of lines whose
/// revisions go up is kept, so a planted line out of order hides no revision the user made,
/// wherever it stands; each is marked with whether the store vouches for it (`chain`).
pub fn read(path: &Path, limit: usize, tip: Tip<'_>) -> Result<History> {
    let lines = read_lines(path)?;
    let mut warnings = Vec::new();
    let store_revision = tip.revision;
    let ceiling = ceiling(store_revision);
    let mut candidates: Vec<(usize, Entry)> = Vec::with_capacity(lines.len());
    let mut hashes: Vec<String> = Vec::with_capacity(lines.len());
    for (number, line) in &lines {
        match judged(line, store_revision, ceiling) {
            Ok(entry) => {
                candidates.push((*number, entry));
                hashes.push(line_hash(line.as_bytes()));
            }
            Err(why) => warnings.push(passed_over(path, *number, why)),
        }
    }
    drop(lines);
    let (reached, stop) = chain::reach(&candidates, &hashes, tip);
    for &index in &reached {
        candidates[index].1.vouched = true;
    }
    let mut chained: Vec<Entry> = reached
        .iter()
        .rev()
        .map(|&index| candidates[index].1.clone())
        .collect();
    let from = chained.len().saturating_sub(limit.max(1));
    chained.drain(..from);
    let revisions: Vec<u64> = candidates.iter().map(|(_, entry)| entry.revision).collect();
    let keep = rising_run(&revisions);
    let believed: HashSet<u64> = (revisions.iter().zip(&keep))
        .filter_map(|(&revision, &kept)| kept.then_some(revision))
        .collect();
    let mut entries = Vec::with_capacity(candidates.len());
    for ((number, entry), kept) in candidates.into_iter().zip(keep) {
        if kept {
            entries.push(entry);
        } else {
            let revision = entry.revision;
            let why = if believed.contains(&revision) {
                Skipped::Repeated { revision }
            } else {
                Skipped::OutOfOrder { revision }
            };
            warnings.push(passed_over(path, number, why));
        }
    }
    let start = entries.len().saturating_sub(limit.max(1));
    entries.drain(..start);
    Ok(History {
        entries,
        warnings: named_at_most(path, warnings),
        chain: Chain {
            entries: chained,
            stop,
        },
    })
}

/// The warnings of a read, with the lines passed over named one by one only up to
/// `Cap::SkippedLinesNamed`, the first in the file, and the rest counted in one warning: a
/// planted history of many bad lines says a few lines of them, not one each. The other
/// warnings come first, as they were; the lines named follow in the file's order.
pub(crate) fn named_at_most(path: &Path, warnings: Vec<Warning>) -> Vec<Warning> {
    let named = crate::policy::cap::Cap::SkippedLinesNamed.chars();
    let line_of = |warning: &Warning| match warning {
        Warning::LineSkipped { line, .. } => Some(*line),
        _ => None,
    };
    let (mut lines, mut kept): (Vec<Warning>, Vec<Warning>) = warnings
        .into_iter()
        .partition(|warning| line_of(warning).is_some());
    lines.sort_by_key(|warning| line_of(warning).unwrap_or(0));
    let rest: Vec<usize> = lines.iter().skip(named).filter_map(line_of).collect();
    lines.truncate(named);
    kept.append(&mut lines);
    if let (Some(&first), Some(&last)) = (rest.first(), rest.last()) {
        kept.push(Warning::LinesSkipped {
            path: path.to_path_buf(),
            count: rest.len(),
            first,
            last,
        });
    }
    kept
}

/// The warning for line `number` of the history at `path`, passed over for `why`.
pub fn passed_over(path: &Path, number: usize, why: Skipped) -> Warning {
    Warning::LineSkipped {
        path: path.to_path_buf(),
        line: number,
        why,
    }
}

/// Which of `revisions` (in file order) form the longest run that goes up: the lines todos
/// wrote, whatever was planted among them. Ties go to the run that ends latest in the file.
/// O(n log n) (patience sorting).
fn rising_run(revisions: &[u64]) -> Vec<bool> {
    // tails[k]: the index of the smallest last revision of a rising run of length k + 1.
    let mut tails: Vec<usize> = Vec::new();
    let mut before: Vec<Option<usize>> = vec![None; revisions.len()];
    for (index, &revision) in revisions.iter().enumerate() {
        let place = tails.partition_point(|&tail| revisions[tail] < revision);
        before[index] = place.checked_sub(1).map(|k| tails[k]);
        if place == tails.len() {
            tails.push(index);
        } else {
            tails[place] = index;
        }
    }
    let mut keep = vec![false; revisions.len()];
    let mut at = tails.last().copied();
    while let Some(index) = at {
        keep[index] = true;
        at = before[index];
    }
    keep
}

/// The latest revision the history recorded that a change can believe, for a store at
/// `store_revision`: its new revision goes past it, so none is handed out twice. The file's two
/// ends (`span`) say it when they are lines todos wrote, in order and in range; else the last
/// lines are read (`tail::believable`).
pub fn recorded(path: &Path, ends: Ends, store_revision: u64) -> Option<u64> {
    let ceiling = ceiling(store_revision);
    match ends {
        Some((first, latest)) if first <= latest && latest <= ceiling => Some(latest),
        _ => {
            let tail = tail::believable(path, tail::LINES_READ, ceiling).ok()?;
            tail.lines.last().map(|line| line.revision)
        }
    }
}

/// A line's revision, read without building its plan.
#[derive(Deserialize)]
struct Revision {
    revision: u64,
}

/// The newline a history's lines end with, searched for with memchr's portable code: its
/// default functions ask the processor what it can do first, and in a virtual machine each of
/// those questions (`cpuid`) traps to the hypervisor: 30-45 µs a process here, a tenth of
/// what a change adds to the floor. The portable search reads eight bytes at a time, plenty
/// for the end of a history.
pub(crate) fn newline() -> memchr::arch::all::memchr::One {
    memchr::arch::all::memchr::One::new(b'\n')
}

/// The first and the latest revision the history holds (`span`); `None` when it cannot say.
pub type Ends = Option<(u64, u64)>;

/// A list's history opened once by a change, under the store's lock: its two ends (`span`)
/// and the line the change goes on from (`head`) are read back from the same bytes, with the
/// memory reading back takes (`tail::Back`), so the file is opened and its end read once.
pub struct End {
    back: Result<Option<tail::Back>>,
}

impl End {
    /// The history at `path`, opened to append to as well when it can be; one that is absent
    /// or cannot be opened is read as `span` and `head` read it (nothing, or the refusal `span`
    /// gives).
    pub fn open(path: &Path) -> Self {
        Self {
            back: tail::Back::open_appending(path),
        }
    }

    /// What the change's append goes on from: the ends `span` read (or why it could not), and
    /// the file, kept open to append to when it could be; the bytes read back are let go.
    pub fn into_ending(self, ends: Result<Ends>) -> Result<Ending> {
        let file = match self.back {
            Ok(Some(back)) => back.into_appender(),
            _ => None,
        };
        ends.map(|ends| Ending { ends, file })
    }

    /// Whether there was no file to open.
    pub fn absent(&self) -> bool {
        matches!(self.back, Ok(None))
    }

    /// What `span` says of the history at `path`, the file opened.
    pub fn span(&mut self, path: &Path) -> Result<Ends> {
        match &mut self.back {
            Ok(Some(back)) => back
                .ends()
                .map_err(|err| Error::from(Disk::io("read the history", path, &err))),
            Ok(None) => Ok(None),
            Err(err) => Err(err.clone()),
        }
    }
}

/// What a change's append goes on from: the history's ends as the change read them under the
/// lock (`End::span`), and the file it read them from, when it could be opened to append to
/// (`End::into_ending`): the line goes there, without opening the path again.
pub struct Ending {
    pub ends: Ends,
    pub file: Option<std::fs::File>,
}

/// Appends the revision `new` (`made` by a command, under an author) under the store's lock, to a history whose
/// `ending` the caller read under that lock (`End`), going on from `head` (the line of `old`,
/// the revision it replaces: written first when the history missed it). Once the file holds a
/// quarter more than `limit` revisions it is rewritten
/// with the latest `limit` (readers see only those anyway), through a new temporary file
/// renamed over it; trimming in batches keeps a change from rewriting the whole file each time.
pub fn append(
    path: &Path,
    ending: Ending,
    old: &Document,
    head: &Head,
    new: &Document,
    made: Made<'_>,
    limit: usize,
) -> Result<()> {
    let Made { command, author } = made;
    let limit = limit.max(1);
    let ceiling = ceiling(old.revision);
    // The ends a change can build on: lines todos wrote, in order, not beyond the store.
    let Ending { ends: span, file } = ending;
    let span = span.filter(|&(first, latest)| first <= latest && latest <= ceiling);
    // Revisions are kept one after the other, so the ends also say how many lines there are.
    let kept = span.map_or(0, |(first, latest)| latest.saturating_sub(first) + 1);
    let over = usize::try_from(kept).unwrap_or(usize::MAX) + 2 > limit + limit / 4;
    let unclear = span.is_none() && disk::check_file(path)?.is_some_and(|meta| meta.len() > 0);
    let mut added: Vec<String> = head.missed().into_iter().cloned().collect();
    added.push(line(new, command, author, head.hash.as_deref())?);
    if over || unclear {
        // Trim to the latest `limit`, dropping on the way the lines a reader would pass over
        // for their revision: unreadable, far beyond the store (a file whose ends cannot be
        // read, a torn last line, gets the same). A line out of order stays: it may be on the
        // store's chain, after a planted line ahead (readers pass it over by their rules). Only the
        // file's end is read, a chunk at a time, whatever the file holds (SPEC §9).
        let tail = tail::in_range(path, tail::lines_for(limit), ceiling)?;
        let from = tail
            .lines
            .len()
            .saturating_sub(limit.saturating_sub(added.len()));
        let mut text = tail.text_of(&tail.lines[from..])?;
        for line in added.iter().skip(added.len().saturating_sub(limit)) {
            text.extend_from_slice(line.as_bytes());
        }
        return rewrite(path, &text);
    }
    // Not synced: the store it follows is, so after a crash the history can only be behind
    // it, never ahead, and the next change writes what it missed.
    let mut file = match file {
        Some(file) => file,
        None => disk::open_append(path)?,
    };
    file.write_all(added.concat().as_bytes())
        .map_err(|err| Error::from(Disk::io("append to the history", path, &err)))
}

/// How much of a history's end `span` reads first: a line of a plan of a few dozen items fits,
/// so a change usually reads one small block. Each further read takes twice as much, up to
/// `MAX_CHUNK`, so that a long line costs a few reads, not one per block.
const FIRST_CHUNK: u64 = 4 * 1024;
const MAX_CHUNK: u64 = 256 * 1024;

/// The revisions of the file's first and last lines, read from its two ends, so that a change
/// costs the same whatever the history holds; `None` for an empty or absent file, one whose
/// last line is torn (no newline after it), or whose ends are not lines todos wrote.
pub fn span(path: &Path) -> Result<Ends> {
    let Some((file, meta)) = disk::open_read_meta(path, Links::Refuse)? else {
        return Ok(None);
    };
    span_of(&file, meta.len()).map_err(|err| Error::from(Disk::io("read the history", path, &err)))
}

/// `span` of a history opened already, `size` bytes long.
fn span_of(file: &std::fs::File, size: u64) -> std::io::Result<Ends> {
    if size == 0 {
        return Ok(None);
    }
    // Back from the end, past the final newline, to the newline before the last line, a chunk
    // at a time with positioned reads, each twice the one before.
    let mut chunk = Vec::new();
    let mut end = size;
    let mut start = size;
    let mut skipped_final_newline = false;
    let mut line_start = None;
    let mut length = FIRST_CHUNK;
    while end > 0 {
        start = end.saturating_sub(length);
        length = (length * 2).min(MAX_CHUNK);
        chunk.resize(usize::try_from(end - start).unwrap_or(0), 0);
        read_exact_at(file, &mut chunk, start)?;
        if end == size && chunk.last() != Some(&b'\n') {
            return Ok(None);
        }
        // Past the newlines that end the file, then back to the newline before the last
        // line, at memchr's speed (a chunk inside a long line holds none).
        let mut upto = chunk.len();
        if !skipped_final_newline {
            let trailing = chunk
                .iter()
                .rev()
                .take_while(|byte| **byte == b'\n')
                .count();
            skipped_final_newline = trailing < chunk.len();
            upto -= trailing;
        }
        if skipped_final_newline && let Some(offset) = newline().rfind(&chunk[..upto]) {
            line_start = Some(start + offset as u64 + 1);
            break;
        }
        end = start;
    }
    let line_start = line_start.unwrap_or(0);
    // Whether the last chunk read runs to the file's end: the last line starts in it, or the
    // file is one line that one read held whole.
    let chunk_ends_file = start + chunk.len() as u64 == size;
    let mut head = [0_u8; 64];
    let at = |offset: u64, head: &mut [u8; 64]| -> std::io::Result<usize> {
        let len = usize::try_from(size - offset).map_or(head.len(), |len| len.min(head.len()));
        read_exact_at(file, &mut head[..len], offset)?;
        Ok(len)
    };
    // The first line's revision: from the chunk when it holds the file's start, and enough
    // of it (a last read may hold only a line's first bytes).
    let first = if start == 0 && (chunk_ends_file || chunk.len() >= head.len()) {
        leading_revision(&chunk)
    } else {
        let len = at(0, &mut head)?;
        leading_revision(&head[..len])
    };
    let Some(first) = first else {
        return Ok(None);
    };
    // The last line's: from the chunk when it was the file's end, which the line runs to.
    let latest = if chunk_ends_file {
        chunk
            .get(usize::try_from(line_start - start).unwrap_or(usize::MAX)..)
            .and_then(leading_revision)
    } else {
        let len = at(line_start, &mut head)?;
        leading_revision(&head[..len])
    };
    Ok(latest.map(|latest| (first, latest)))
}

/// Reads exactly `buf.len()` bytes of `file` from `offset` (`pread` on Unix: no seek first).
fn read_exact_at(file: &std::fs::File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
    }
    #[cfg(not(unix))]
    {
        use std::io::{Seek, SeekFrom};
        let mut file = file;
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }
}

/// The revision at the start of a line todos wrote: `{"revision":N,…`.
fn leading_revision(bytes: &[u8]) -> Option<u64> {
    let rest = bytes.strip_prefix(b"{\"revision\":")?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()
}

/// A history line for `document`, made by `command`, naming `prev` as the line before it.
fn line(document: &Document, command: &str, author: &Author, prev: Option<&str>) -> Result<String> {
    let line = Line {
        revision: document.revision,
        at: document.updated_at.as_deref().unwrap_or_default(),
        command,
        summary: document.summary.as_deref(),
        todos: &document.todos,
        next_id: document.next_id,
        note: document.note.as_deref(),
        prev,
        by: author.owner.as_deref(),
        session: author.session.as_deref(),
    };
    let mut text = serde_json::to_string(&line).map_err(|err| Bug::Encode {
        what: "a history line",
        why: err.to_string(),
    })?;
    text.push('\n');
    Ok(text)
}

/// Replaces the history with `text` through a new temporary file (`disk::replace`), so a kill
/// leaves the old history or the new one.
fn rewrite(path: &Path, text: &[u8]) -> Result<()> {
    let old = disk::check_file(path)?;
    disk::replace(path, text, disk::mode_of(old.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A history of lines for `revisions`, each padded to `width` bytes with its newline.
    fn history(revisions: &[u64], width: usize) -> String {
        let mut text = String::new();
        for revision in revisions {
            let start = format!("{{\"revision\":{revision},\"pad\":\"");
            let pad = width.saturating_sub(start.len() + 3);
            text.push_str(&start);
            text.push_str(&"x".repeat(pad));
            text.push_str("\"}\n");
        }
        text
    }

    fn span_of(text: &str) -> Ends {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".todos.history.jsonl");
        std::fs::write(&path, text).unwrap();
        span(&path).unwrap()
    }

    #[test]
    fn span_finds_both_ends_whatever_a_line_takes_against_the_reads() {
        // Lines shorter than the first read, around it, and over several doubled reads; one
        // line alone, and many lines whose last starts in the middle of a read.
        let first = usize::try_from(FIRST_CHUNK).unwrap();
        for width in [40, first - 1, first, first + 1, 3 * first, 9 * first + 7] {
            assert_eq!(span_of(&history(&[7], width)), Some((7, 7)), "{width}");
            assert_eq!(
                span_of(&history(&[3, 4, 5], width)),
                Some((3, 5)),
                "{width}"
            );
            let many: Vec<u64> = (1..=40).collect();
            assert_eq!(span_of(&history(&many, width)), Some((1, 40)), "{width}");
        }
    }

    /// What a change reads of a history's two ends from the bytes it reads back for its head
    /// (`End::span`) is what `span` reads on its own, whatever the lines' widths against the
    /// reads; and the head's read back starts from the last line still.
    #[test]
    fn a_changes_one_read_finds_the_ends_span_finds() {
        let first = usize::try_from(FIRST_CHUNK).unwrap();
        let many: Vec<u64> = (1..=40).collect();
        let mut texts = vec![String::new(), "\n\n".to_owned(), "torn".to_owned()];
        for width in [40, first - 1, first, first + 1, 3 * first, 9 * first + 7] {
            let lines = history(&[3, 4, 5], width);
            texts.extend([
                history(&[7], width),
                history(&many, width),
                format!("{lines}\n\n"),
                lines.trim_end().to_owned(),
                format!("{lines}not a line of todos\n"),
                format!("# planted\n{lines}"),
            ]);
            texts.push(lines);
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".todos.history.jsonl");
        for text in &texts {
            std::fs::write(&path, text).unwrap();
            let mut end = End::open(&path);
            assert_eq!(end.span(&path).unwrap(), span(&path).unwrap(), "{text:.80}");
            let Ok(Some(back)) = &mut end.back else {
                assert!(text.is_empty(), "{text:.80}");
                continue;
            };
            let last = text
                .trim_end_matches('\n')
                .rsplit('\n')
                .next()
                .unwrap_or("");
            let read = back
                .prev()
                .unwrap()
                .map(|line| back.bytes(&line).unwrap().into_owned());
            if text.ends_with('\n') && !last.is_empty() {
                assert_eq!(read.as_deref(), Some(last.as_bytes()), "{text:.80}");
            }
        }
        assert_eq!(
            End::open(&dir.path().join("none")).span(&path).unwrap(),
            None
        );
    }

    #[test]
    fn span_cannot_say_for_a_torn_an_empty_or_a_foreign_end() {
        assert_eq!(span_of(""), None);
        let text = history(&[1, 2], 100);
        assert_eq!(span_of(text.trim_end()), None);
        assert_eq!(span_of(&format!("{text}not a line of todos\n")), None);
        assert_eq!(span_of(&format!("# planted\n{text}")), None);
    }
}
