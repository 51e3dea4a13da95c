//! The end of a history file, for a change that cannot take the file's two ends on trust (a
//! torn last line, a planted one) or has to trim it: its last lines, found by reading back from
//! the end a chunk at a time, each read for its revision as serde goes through it, never held
//! whole. So a change costs the same memory whatever the history holds (SPEC §9: a 100 MB
//! history costs a change under 40 MiB); what a trim keeps is read once more, to be written.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use crate::policy::error::{Disk, Error, Result};
use crate::store::disk::{self, Links};

use super::{MAX_CHUNK, MAX_READ_BYTES, Revision, read_exact_at, rising_run};

/// How many of the last lines `recorded` reads when the file's ends cannot say.
pub const LINES_READ: usize = 1024;

/// How many of the last lines a trim to `limit` revisions reads: those, and as many again for
/// lines a reader would pass over among them.
pub fn lines_for(limit: usize) -> usize {
    limit.saturating_mul(2).saturating_add(64)
}

/// One whole line of the file: where it starts, how long it is (its newline left out), and the
/// revision it holds.
#[derive(Clone, Copy)]
pub struct Line {
    start: u64,
    len: u64,
    pub revision: u64,
}

/// The lines of a history's end that a change can believe, oldest first, and the file they
/// lie in.
pub struct Tail {
    file: Option<File>,
    pub lines: Vec<Line>,
}

impl Tail {
    /// The text of `lines`, each with its newline, read from the file again.
    pub fn text_of(&self, lines: &[Line]) -> Result<Vec<u8>> {
        let mut text = Vec::new();
        let Some(file) = &self.file else {
            return Ok(text);
        };
        for line in lines {
            Part::of(file, line)
                .read_to_end(&mut text)
                .map_err(|err| Disk::Read {
                    source: "the history".to_owned(),
                    why: err.to_string(),
                })?;
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
/// not beyond `ceiling`, in file order whatever their order: what a trim keeps and where a
/// change looks for the line it goes on from, so that a planted line ahead never pushes a
/// line of the store's chain out (SPEC §9).
pub fn in_range(path: &Path, count: usize, ceiling: u64) -> Result<Tail> {
    let io = |err: io::Error| Error::from(Disk::io("read the history", path, &err));
    let Some((file, meta)) = disk::open_read_meta(path, Links::Refuse)? else {
        return Ok(Tail {
            file: None,
            lines: Vec::new(),
        });
    };
    let spans = last_lines(&file, meta.len(), count).map_err(io)?;
    let mut found = Vec::with_capacity(spans.len());
    for (start, len) in spans {
        let mut line = Line {
            start,
            len,
            revision: 0,
        };
        let reader = BufReader::with_capacity(64 * 1024, Part::of(&file, &line));
        if let Ok(Revision { revision }) = serde_json::from_reader(reader)
            && revision > 0
            && revision <= ceiling
        {
            line.revision = revision;
            found.push(line);
        }
    }
    Ok(Tail {
        file: Some(file),
        lines: found,
    })
}

/// The last `count` whole lines of a file of `size` bytes, oldest first, as (start, length):
/// a last line without its newline is torn and left out, and so is a line that starts more
/// than `MAX_READ_BYTES` back from the end. Read back from the end a chunk at a time; only
/// where lines lie is kept.
fn last_lines(file: &File, size: u64, count: usize) -> io::Result<Vec<(u64, u64)>> {
    let mut spans = Vec::new();
    let mut chunk = vec![0_u8; usize::try_from(MAX_CHUNK).unwrap_or(1 << 18)];
    // Where the newline that ends the line being read back through lies.
    let mut line_end: Option<u64> = None;
    let floor = size.saturating_sub(MAX_READ_BYTES);
    let mut end = size;
    while end > floor && spans.len() < count {
        let start = end.saturating_sub(chunk.len() as u64).max(floor);
        let piece = &mut chunk[..usize::try_from(end - start).unwrap_or(0)];
        read_exact_at(file, piece, start)?;
        for offset in memchr_all_rev(piece) {
            let at = start + offset as u64;
            if let Some(after) = line_end
                && after > at + 1
            {
                spans.push((at + 1, after - at - 1));
                if spans.len() == count {
                    break;
                }
            }
            line_end = Some(at);
        }
        end = start;
    }
    // The file's first line, when the reads reached its start.
    if end == 0
        && spans.len() < count
        && let Some(after) = line_end.filter(|after| *after > 0)
    {
        spans.push((0, after));
    }
    spans.reverse();
    Ok(spans)
}

/// Where the newlines of `bytes` lie, the last first. A chunk without one (a runaway line, a
/// hole of zeros) is passed at `memchr`'s speed (`contains` on bytes is `memchr`).
fn memchr_all_rev(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let any = bytes.contains(&b'\n');
    bytes
        .iter()
        .enumerate()
        .rev()
        .take_while(move |_| any)
        .filter_map(|(offset, byte)| (*byte == b'\n').then_some(offset))
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

    fn lines_of(text: &str, count: usize) -> Vec<String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h");
        std::fs::write(&path, text).unwrap();
        let file = File::open(&path).unwrap();
        last_lines(&file, text.len() as u64, count)
            .unwrap()
            .into_iter()
            .map(|(start, len)| {
                let start = usize::try_from(start).unwrap();
                text[start..start + usize::try_from(len).unwrap()].to_owned()
            })
            .collect()
    }

    #[test]
    fn the_last_whole_lines_oldest_first_without_a_torn_end() {
        assert_eq!(lines_of("a\nb\nc\n", 2), ["b", "c"]);
        assert_eq!(lines_of("a\nb\nc\n", 9), ["a", "b", "c"]);
        assert_eq!(lines_of("a\nb\nc", 9), ["a", "b"]);
        assert_eq!(lines_of("a\n\n\nb\n", 9), ["a", "b"]);
        assert!(lines_of("", 9).is_empty());
        assert!(lines_of("torn", 9).is_empty());
        // Lines across many chunks.
        let long = format!("{}\n{}\nshort\n", "x".repeat(700_000), "y".repeat(300_000));
        let found = lines_of(&long, 9);
        assert_eq!(found.len(), 3);
        assert_eq!(found[0].len(), 700_000);
        assert_eq!(found[2], "short");
    }
}
