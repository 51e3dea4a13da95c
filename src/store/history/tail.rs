//! The end of a history file, read back from its end a chunk at a time: its last lines, for a
//! change to find the line it goes on from, to see which revision it recorded last when the
//! file's two ends cannot say (a torn last line, a planted one), or to trim it. What is read
//! is kept in memory up to `WINDOW_BYTES`, so each line there is parsed where it lies and never
//! read twice; a line further back (a runaway one) is read from the file a piece at a time,
//! never held whole. So a change costs the same memory whatever the history holds (SPEC §9: a
//! 100 MB history costs a change under 40 MiB), and what a trim keeps is copied once.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use serde::de::DeserializeOwned;

use crate::policy::error::{Disk, Error, Result};
use crate::store::disk::{self, Links};

use super::{FIRST_CHUNK, MAX_CHUNK, MAX_READ_BYTES, Revision, read_exact_at, rising_run};

/// How many of the last lines `recorded` reads when the file's ends cannot say.
pub const LINES_READ: usize = 1024;

/// How much of the file's end is kept in memory as it is read back: a few plans' lines of
/// 10,000 items, far under SPEC §9's bound on a change's memory.
const WINDOW_BYTES: u64 = 4 * 1024 * 1024;

/// How many of the last lines a trim to `limit` revisions reads: those, and as many again for
/// lines a reader would pass over among them.
pub fn lines_for(limit: usize) -> usize {
    limit.saturating_mul(2).saturating_add(64)
}

/// One whole line of the file: where it starts, how long it is (its newline left out), and the
/// revision it holds (0 until it is read).
#[derive(Clone, Copy)]
pub struct Line {
    start: u64,
    len: u64,
    pub revision: u64,
}

/// A history file read back from its end, one whole line at a time (`prev`): a last line
/// without its newline is torn and never one, and neither is a line that starts more than
/// `MAX_READ_BYTES` back from the end. Each read is twice the one before, from `FIRST_CHUNK`
/// up to `MAX_CHUNK`, so a history of short lines costs one small read and a long line a few.
pub struct Back {
    file: File,
    /// Whether `file` was opened to append to as well (`open_appending`).
    appends: bool,
    /// The file's size when it was opened.
    size: u64,
    /// Where reading back stops: `MAX_READ_BYTES` before the end.
    floor: u64,
    /// The file's bytes from `from` to its end, as read back, while they fit `WINDOW_BYTES`.
    window: Vec<u8>,
    from: u64,
    /// Whether what is read back still goes into `window`: once it would overflow, it never
    /// does again, so the window always runs to the file's end.
    keeping: bool,
    /// How far back the file has been read, and how much the next read takes.
    reached: u64,
    next_read: u64,
    /// Where the newline that ends the line being read back through lies, once one was seen.
    line_end: Option<u64>,
    /// The whole lines the last read found and `prev` has not handed out yet, latest last.
    found: Vec<Line>,
    /// Where a read that does not go into `window` lands.
    scratch: Vec<u8>,
}

impl Back {
    /// The history at `path` to read back from its end; `None` when there is none.
    pub fn open(path: &Path) -> Result<Option<Self>> {
        let Some((file, meta)) = disk::open_read_meta(path, Links::Refuse)? else {
            return Ok(None);
        };
        Ok(Some(Self::of(file, &meta, false)))
    }

    /// `open`, the file opened to append to as well when it can be (`disk::open_read_append`):
    /// a change reads its end, then appends its line through the same descriptor
    /// (`into_appender`).
    pub fn open_appending(path: &Path) -> Result<Option<Self>> {
        let Some((file, meta, appends)) = disk::open_read_append(path)? else {
            return Ok(None);
        };
        Ok(Some(Self::of(file, &meta, appends)))
    }

    /// The file opened to append to, when it was (`open_appending`); the bytes read back are
    /// let go.
    pub fn into_appender(self) -> Option<File> {
        self.appends.then_some(self.file)
    }

    fn of(file: File, meta: &std::fs::Metadata, appends: bool) -> Self {
        let size = meta.len();
        Self {
            file,
            appends,
            size,
            floor: size.saturating_sub(MAX_READ_BYTES),
            window: Vec::new(),
            from: size,
            keeping: true,
            reached: size,
            next_read: FIRST_CHUNK,
            line_end: None,
            found: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The whole line before those handed out so far, the last line first; `None` at the
    /// start of the file or `MAX_READ_BYTES` back from its end.
    pub fn prev(&mut self) -> io::Result<Option<Line>> {
        loop {
            if let Some(line) = self.found.pop() {
                return Ok(Some(line));
            }
            if self.reached <= self.floor {
                // The file's first line, when the reads reached its start.
                if self.reached == 0
                    && let Some(after) = self.line_end.take().filter(|after| *after > 0)
                {
                    return Ok(Some(Line {
                        start: 0,
                        len: after,
                        revision: 0,
                    }));
                }
                return Ok(None);
            }
            self.read_back()?;
        }
    }

    /// Reads the next chunk back from where the reads reached, and finds the whole lines
    /// that end in it.
    fn read_back(&mut self) -> io::Result<()> {
        let start = self.reached.saturating_sub(self.next_read).max(self.floor);
        self.next_read = (self.next_read * 2).min(MAX_CHUNK);
        let len = usize::try_from(self.reached - start).unwrap_or(0);
        self.keeping = self.keeping && self.window.len() as u64 + len as u64 <= WINDOW_BYTES;
        let piece = if self.keeping {
            let mut bytes = vec![0_u8; len];
            read_exact_at(&self.file, &mut bytes, start)?;
            bytes.extend_from_slice(&self.window);
            self.window = bytes;
            self.from = start;
            &self.window[..len]
        } else {
            self.scratch.resize(len, 0);
            read_exact_at(&self.file, &mut self.scratch, start)?;
            &self.scratch[..]
        };
        let newline = crate::store::history::newline();
        for offset in newline.iter(piece).rev() {
            let at = start + offset as u64;
            if let Some(after) = self.line_end
                && after > at + 1
            {
                self.found.push(Line {
                    start: at + 1,
                    len: after - at - 1,
                    revision: 0,
                });
            }
            self.line_end = Some(at);
        }
        self.found.reverse();
        self.reached = start;
        Ok(())
    }

    /// The revisions of the file's first and last lines, as `span` reads them, from what
    /// reading back the last line holds: the line a change goes on from is then found in the
    /// same bytes (`head`), never read twice. The lines are handed out afterwards as before,
    /// the last one first. A last line that starts beyond what is read back (a runaway one)
    /// is read as `span` reads it.
    pub fn ends(&mut self) -> io::Result<super::Ends> {
        if self.size == 0 {
            return Ok(None);
        }
        let Some(last) = self.prev()? else {
            return super::span_of(&self.file, self.size);
        };
        // Handed out again by the next `prev`.
        self.found.push(last);
        // A torn end (no newline after the last line) says nothing; the window runs to the
        // file's end, and its first read is always kept.
        if self.window.last() != Some(&b'\n') {
            return Ok(None);
        }
        let mut head = [0_u8; 64];
        let mut leading = |start: u64| -> io::Result<Option<u64>> {
            if let Some(held) = start
                .checked_sub(self.from)
                .and_then(|offset| usize::try_from(offset).ok())
                .and_then(|offset| self.window.get(offset..))
                .filter(|held| !held.is_empty())
            {
                return Ok(super::leading_revision(held));
            }
            let len = usize::try_from(self.size - start).map_or(head.len(), |len| len.min(64));
            read_exact_at(&self.file, &mut head[..len], start)?;
            Ok(super::leading_revision(&head[..len]))
        };
        let Some(first) = leading(0)? else {
            return Ok(None);
        };
        Ok(leading(last.start)?.map(|latest| (first, latest)))
    }

    /// Whether `line` lies in memory: parsing it costs no read.
    pub fn is_held(&self, line: &Line) -> bool {
        self.held(line).is_some()
    }

    /// The bytes of `line` (its newline left out) when they are in memory.
    fn held(&self, line: &Line) -> Option<&[u8]> {
        let start = usize::try_from(line.start.checked_sub(self.from)?).ok()?;
        self.window
            .get(start..start.checked_add(usize::try_from(line.len).ok()?)?)
    }

    /// The bytes of `line`, its newline left out: from memory, or read from the file.
    pub fn bytes(&self, line: &Line) -> io::Result<Cow<'_, [u8]>> {
        if let Some(bytes) = self.held(line) {
            return Ok(Cow::Borrowed(bytes));
        }
        let mut bytes = Vec::new();
        Part::of(&self.file, line).read_to_end(&mut bytes)?;
        Ok(Cow::Owned(bytes))
    }

    /// `line` read as a `T` (what serde needs of it alone, the rest passed over): from memory,
    /// or as serde goes through the file, never held whole. `None` when it is not one.
    pub fn parse<T: DeserializeOwned>(&self, line: &Line) -> Option<T> {
        if let Some(bytes) = self.held(line) {
            return serde_json::from_slice(bytes).ok();
        }
        let reader = BufReader::with_capacity(64 * 1024, Part::of(&self.file, line));
        serde_json::from_reader(reader).ok()
    }
}

/// The lines of a history's end that a change can believe, oldest first, and the file they
/// lie in.
pub struct Tail {
    back: Option<Back>,
    pub lines: Vec<Line>,
}

impl Tail {
    /// The text of `lines`, each with its newline.
    pub fn text_of(&self, lines: &[Line]) -> Result<Vec<u8>> {
        let mut text = Vec::new();
        let Some(back) = &self.back else {
            return Ok(text);
        };
        for line in lines {
            let bytes = back.bytes(line).map_err(|err| Disk::Read {
                source: "the history".to_owned(),
                why: err.to_string(),
            })?;
            text.extend_from_slice(&bytes);
            text.push(b'\n');
        }
        Ok(text)
    }
}

/// Of the last `count` whole lines of the history at `path` (at most `MAX_READ_BYTES` back from
/// its end), the ones a reader could believe for their revision: readable, not beyond
/// `ceiling`, in the longest rising run.
pub fn believable(path: &Path, count: usize, ceiling: u64) -> Result<Tail> {
    let mut tail = in_range(path, count, ceiling)?;
    let revisions: Vec<u64> = tail.lines.iter().map(|line| line.revision).collect();
    let keep = rising_run(&revisions);
    let mut kept = keep.iter();
    tail.lines.retain(|_| kept.next().copied().unwrap_or(false));
    Ok(tail)
}

/// Of the last `count` whole lines of the history at `path`, the ones readable for a revision
/// not beyond `ceiling`, in file order whatever their order: what a trim keeps, so that a
/// planted line ahead never pushes a line of the store's chain out (SPEC §9).
pub fn in_range(path: &Path, count: usize, ceiling: u64) -> Result<Tail> {
    let io = |err: io::Error| Error::from(Disk::io("read the history", path, &err));
    let Some(mut back) = Back::open(path)? else {
        return Ok(Tail {
            back: None,
            lines: Vec::new(),
        });
    };
    let mut found = Vec::with_capacity(count.min(LINES_READ));
    for _ in 0..count {
        let Some(mut line) = back.prev().map_err(io)? else {
            break;
        };
        if let Some(Revision { revision }) = back.parse(&line)
            && revision > 0
            && revision <= ceiling
        {
            line.revision = revision;
            found.push(line);
        }
    }
    found.reverse();
    Ok(Tail {
        back: Some(back),
        lines: found,
    })
}

/// One line of the file, read with positioned reads: serde reads it as it goes.
struct Part<'a> {
    file: &'a File,
    at: u64,
    end: u64,
}

impl<'a> Part<'a> {
    fn of(file: &'a File, line: &Line) -> Self {
        Self {
            file,
            at: line.start,
            end: line.start + line.len,
        }
    }
}

impl Read for Part<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.end - self.at).unwrap_or(usize::MAX);
        let len = buf.len().min(left);
        if len == 0 {
            return Ok(0);
        }
        read_exact_at(self.file, &mut buf[..len], self.at)?;
        self.at += len as u64;
        Ok(len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The last `count` whole lines of `text`, oldest first, as `Back` reads them back: from
    /// memory, or (`held` false) from the file.
    fn lines_of(text: &str, count: usize) -> Vec<(String, bool)> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h");
        std::fs::write(&path, text).unwrap();
        let mut back = Back::open(&path).unwrap().unwrap();
        let mut lines = Vec::new();
        while lines.len() < count
            && let Some(line) = back.prev().unwrap()
        {
            let bytes = back.bytes(&line).unwrap();
            lines.push((
                String::from_utf8(bytes.into_owned()).unwrap(),
                back.held(&line).is_some(),
            ));
        }
        lines.reverse();
        lines
    }

    fn texts(lines: &[(String, bool)]) -> Vec<&str> {
        lines.iter().map(|(text, _)| text.as_str()).collect()
    }

    #[test]
    fn the_last_whole_lines_oldest_first_without_a_torn_end() {
        assert_eq!(texts(&lines_of("a\nb\nc\n", 2)), ["b", "c"]);
        assert_eq!(texts(&lines_of("a\nb\nc\n", 9)), ["a", "b", "c"]);
        assert_eq!(texts(&lines_of("a\nb\nc", 9)), ["a", "b"]);
        assert_eq!(texts(&lines_of("a\n\n\nb\n", 9)), ["a", "b"]);
        assert!(lines_of("", 9).is_empty());
        assert!(lines_of("torn", 9).is_empty());
        // Lines across many chunks, each read once and held.
        let long = format!("{}\n{}\nshort\n", "x".repeat(700_000), "y".repeat(300_000));
        let found = lines_of(&long, 9);
        assert_eq!(found.len(), 3);
        assert_eq!(found[0].0.len(), 700_000);
        assert_eq!(found[1].0, "y".repeat(300_000));
        assert_eq!(found[2].0, "short");
        assert!(found.iter().all(|(_, held)| *held));
    }

    #[test]
    fn a_line_beyond_what_is_held_is_read_from_the_file() {
        let far = usize::try_from(WINDOW_BYTES).unwrap() + 10;
        let text = format!("{}\nnear\n{{\"revision\":7}}\n", "z".repeat(far));
        let found = lines_of(&text, 9);
        assert_eq!(found.len(), 3);
        assert_eq!(found[0].0.len(), far);
        assert!(!found[0].1, "the runaway line is not held");
        assert_eq!(
            found[1..],
            [
                ("near".to_owned(), true),
                ("{\"revision\":7}".to_owned(), true)
            ]
        );
        // A line parsed from the file as from memory.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h");
        let runaway = format!("{{\"revision\":3,\"pad\":\"{}\"}}", "p".repeat(far));
        std::fs::write(&path, format!("{runaway}\n{{\"revision\":4}}\n")).unwrap();
        let mut back = Back::open(&path).unwrap().unwrap();
        let last = back.prev().unwrap().unwrap();
        let first = back.prev().unwrap().unwrap();
        assert!(back.held(&first).is_none() && back.held(&last).is_some());
        let revision = |line: &Line| back.parse::<Revision>(line).map(|r| r.revision);
        assert_eq!((revision(&first), revision(&last)), (Some(3), Some(4)));
        assert!(back.prev().unwrap().is_none());
    }
}
