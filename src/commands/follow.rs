//! `todos history --follow`: the kept revisions, then each new one as it lands, as `tail -f`
//! does, for a supervisor, a dashboard or an agent without task hooks.
//!
//! It reads the history file and nothing else, and never takes the lock: writers append one
//! whole line per revision under their lock, after the store is saved, so a line that is
//! there is a revision that was made. Each revision is printed once, in order, by remembering
//! the latest one printed and printing only those after it. Writers trim the file in batches
//! by renaming a shorter copy over it: a new file (another inode) or a shorter one is read
//! again from its start, and what was printed already is passed over. A line still being
//! written (no newline yet) waits for its end.
//!
//! Each line is read by `history`'s rules (SPEC §9): one that cannot be read, breaks the plan's
//! rules, or holds a revision no store could have had (far beyond the store's, read again when a
//! line goes past what it allows) is passed over with `history`'s warning, never printed, and
//! hides nothing after it. What it costs follows what is appended: each wake reads the bytes
//! added and looks for a newline in them alone, however long the line they end.
//!
//! Watch or poll: it watches. The history's folder is watched by the one watcher
//! (`store::watch`), as `show --watch`'s and the board's are, so at rest the process sleeps in
//! the kernel and costs nothing; each wake costs one `stat` and a read of the bytes added. A
//! poll every `watch::POLL_WITH_EVENTS` backs events up (an event queue that overflowed says so,
//! and is read again at once); where the folder cannot be watched, a gentle poll every
//! `watch::POLL_WITHOUT_EVENTS` replaces events. Ctrl-C, SIGTERM, SIGHUP or a closed stdout end it,
//! with exit 0.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::time::Instant;

use serde_json::{Value, json};

use crate::context::Context;
use crate::context::host::Host;
use crate::plan::model;
use crate::policy::error::{Bug, Disk, Error, Note, Result, Skipped, Warning};
use crate::policy::text::escape;
use crate::store::Store;
use crate::store::disk::{self, Links};
use crate::store::history::{self, Entry};
use crate::store::watch::{Waker, Watch};
use crate::view::envelope::{self, Place};
use crate::view::live_output;
use crate::view::outcome::{Answer, Outcome};

/// The most read from the file in one go, and the longest line waited for: a planted file or
/// a runaway line costs no more than this (the history's own cap).
const MAX_CHUNK: u64 = crate::policy::cap::Cap::StoreBytes.value();

/// What ends the loop besides a closed stdout or a workspace gone: a signal.
struct Stop;

/// `limit`: at most this many of the kept revisions are printed first (`--limit`).
pub fn execute(ctx: &Context, host: &mut Host, limit: Option<usize>) -> Result<Outcome> {
    let store = Store::new(&ctx.workspace, &ctx.list);
    let path = store.history_path().to_path_buf();
    // Refuses a `.todos/` that leads out of the workspace, as `history` does.
    store.check_private(false)?;
    // Watch before the first read, so a revision made between the two is not missed: the
    // workspace's root, where `.todos/` appears with the first change (and where the default
    // list's history was before it moved in), and `.todos/` once it is there. What concerns
    // it: the list's history file, at its place in `.todos/` or the old one, and `.todos/`.
    let private = ctx.workspace.join(crate::plan::list::LISTS_DIR);
    let mut names = vec![std::ffi::OsString::from(crate::plan::list::LISTS_DIR)];
    names.extend(
        store
            .history_files()
            .filter_map(|path| path.file_name().map(ToOwned::to_owned)),
    );
    let mut watch = Watch::new(move |path| {
        path.file_name()
            .is_some_and(|name| names.iter().any(|wanted| wanted == name))
    });
    let watched = watch.folder(&ctx.workspace);
    let mut watching_private = watched && watch.folder(&private);
    let poll = super::watch::poll_every(ctx, host, &ctx.workspace, watched);
    stop_on_signals(&watch.waker())?;
    let kept = limit.map_or(ctx.config.history_limit, |limit| {
        limit.min(ctx.config.history_limit)
    });
    let mut follower = Follower::new(path, kept);
    // The store's revision, for the ceiling of what a line may hold: read when a line goes
    // past it (the store is saved before its history line is written).
    let store_revision = || match store.load() {
        Ok(document) => document.revision,
        Err(_) => store.salvage_counters().revision.unwrap_or(0),
    };
    let mut printed = 0_u64;
    let mut before: Option<Entry> = None;
    let workspace = super::watch::Workspace::new(&ctx.workspace);
    let mut gone = None;
    'follow: loop {
        if watched && !watching_private {
            watching_private = watch.folder(&private);
        }
        // The history moves into `.todos/` with a change (the same file, renamed): read on
        // where it is now.
        store.history_path().clone_into(&mut follower.path);
        let (entries, warnings) = follower.read(&store_revision)?;
        if before.is_none() {
            before = follower.before.take();
        }
        for warning in warnings {
            live_output::warning(host, ctx.stderr, ctx.quiet, &warning);
        }
        let mut out = String::new();
        for entry in entries {
            out.push_str(&shown(ctx, before.as_ref(), &entry));
            before = Some(entry);
            printed += 1;
        }
        if !out.is_empty() {
            match live_output::stream(host, &out) {
                Ok(()) => {}
                Err(err) if err.kind() == io::ErrorKind::BrokenPipe => break 'follow,
                Err(err) => {
                    return Bug::Write {
                        what: "the history",
                        why: err.to_string(),
                    }
                    .into();
                }
            }
        }
        let batch = watch.wait(Instant::now() + poll);
        if batch.is_empty() && super::watch::stdout_closed() || !batch.others.is_empty() {
            break;
        }
        if let Some(error) = workspace.gone("follow") {
            gone = Some(error);
            break;
        }
    }
    drop(watch);
    if let Some(error) = gone {
        return Err(error);
    }
    Ok(Outcome::answer(Answer::new(
        String::new(),
        json!({"revisions": printed}),
        Note::StoppedFollowing { count: printed }.to_string(),
    )))
}

/// One revision as printed: a line of text like `history`'s, or one envelope a line.
fn shown(ctx: &Context, before: Option<&Entry>, entry: &Entry) -> String {
    let stats = model::stats(&entry.todos);
    let row = super::history::row(before, entry);
    if ctx.json {
        let mut data = json!({"list": ctx.list.as_str()});
        if let (Value::Object(data), Value::Object(row)) = (&mut data, row.data) {
            data.extend(row);
            data.insert("summary".to_owned(), json!(entry.summary));
            data.insert("todos".to_owned(), json!(entry.todos));
        }
        let text = format!("Revision {}: {}.", entry.revision, escape(&entry.command));
        let value = envelope::answer(data, &text, Some(&stats), &Place::of(ctx, None));
        let mut line = value.to_string();
        line.push('\n');
        return line;
    }
    format!(
        "{}  {}  {}  {}  {}\n",
        entry.revision,
        ctx.stdout.dim(&super::history::local_time(&entry.at)),
        ctx.stdout.bold(&escape(&entry.command)),
        row.progress,
        row.shown
    )
}

/// Where the follower is in the history file: which file (device and inode), how far it has
/// read, the start of a line not yet ended, the line it is at, and the latest revision handed
/// out.
struct Follower {
    path: PathBuf,
    file: Option<(File, (u64, u64))>,
    offset: u64,
    partial: Vec<u8>,
    /// Whole lines of the current file read so far.
    lines: usize,
    last: Option<u64>,
    /// The file was replaced (trimmed) since the last revision printed: a gap after it is
    /// revisions trimmed away before they could be read.
    reopened: bool,
    /// The highest revision a line may hold, as of the store's revision last read, which it
    /// names in a warning.
    ceiling: Option<(u64, u64)>,
    /// The store was read during this wake already.
    store_read: bool,
    /// The first read gives only the kept revisions: the latest `limit`.
    first: Option<usize>,
    /// The revision before the first one printed, when the first read left it out.
    before: Option<Entry>,
}

impl Follower {
    fn new(path: PathBuf, limit: usize) -> Self {
        Self {
            path,
            file: None,
            offset: 0,
            partial: Vec::new(),
            lines: 0,
            last: None,
            reopened: false,
            ceiling: None,
            store_read: false,
            first: Some(limit),
            before: None,
        }
    }

    /// The revisions that landed since the last call, in order, each once; warnings for lines
    /// passed over and for revisions trimmed before they could be read. `store_revision` reads
    /// the store's revision, for what a line may hold.
    fn read(&mut self, store_revision: &dyn Fn() -> u64) -> Result<(Vec<Entry>, Vec<Warning>)> {
        let mut warnings = Vec::new();
        self.store_read = false;
        let bytes = self.added()?;
        let mut entries = Vec::new();
        let mut lines: Vec<&[u8]> = bytes.split(|byte| *byte == b'\n').collect();
        // The bytes end with a newline: the piece after it is empty, not a line.
        lines.pop();
        for line in lines {
            self.lines += 1;
            let Ok(text) = std::str::from_utf8(line) else {
                warnings.push(history::passed_over(
                    &self.path,
                    self.lines,
                    Skipped::NotUtf8,
                ));
                continue;
            };
            if text.trim().is_empty() {
                continue;
            }
            match self.judged(text, store_revision) {
                // Printed already (a trimmed file read again): passed over in silence.
                Ok(entry) if self.last.is_some_and(|last| entry.revision <= last) => {}
                Ok(entry) => {
                    if let Some(last) = self
                        .last
                        .filter(|last| self.reopened && entry.revision > last + 1)
                    {
                        warnings.push(Warning::LeftUnread {
                            from: last + 1,
                            to: entry.revision - 1,
                        });
                    }
                    self.reopened = false;
                    self.last = Some(entry.revision);
                    entries.push(entry);
                }
                Err(why) => warnings.push(history::passed_over(&self.path, self.lines, why)),
            }
        }
        // The first revisions read are the kept ones (a history made later counts too).
        if let Some(limit) = self.first.take_if(|_| !entries.is_empty()) {
            let start = entries.len().saturating_sub(limit);
            // The one before the first printed says what that one changed.
            self.before = start.checked_sub(1).map(|at| entries[at].clone());
            entries.drain(..start);
        }
        Ok((entries, history::named_at_most(&self.path, warnings)))
    }

    /// A line read by `history`'s rules, against the store's revision (read again when the
    /// line goes past what the one read last allows).
    fn judged(
        &mut self,
        text: &str,
        store_revision: &dyn Fn() -> u64,
    ) -> std::result::Result<Entry, Skipped> {
        let entry = history::parsed(text)?;
        // Read again at most once a wake: lines planted past it cost no more than the bytes.
        let (store, ceiling) = match self.ceiling {
            Some((store, ceiling)) if entry.revision <= ceiling || self.store_read => {
                (store, ceiling)
            }
            _ => {
                self.store_read = true;
                let store = store_revision();
                let ceiling = history::ceiling(store);
                self.ceiling = Some((store, ceiling));
                (store, ceiling)
            }
        };
        history::admitted(entry, store, ceiling)
    }

    /// The whole lines added to the file since the last read; the file read again from its
    /// start when it was replaced (trimmed) or shortened. Only the bytes added are looked
    /// through for a newline.
    fn added(&mut self) -> Result<Vec<u8>> {
        let path = self.path.clone();
        let io = |err: io::Error| Error::from(Disk::io("read the history", &path, &err));
        let now = match std::fs::symlink_metadata(&self.path) {
            Ok(meta) => Some(identity(&meta)),
            Err(err) if err.kind() == io::ErrorKind::NotFound => None,
            Err(err) => return Err(io(err)),
        };
        let same = matches!((&self.file, now), (Some((_, was)), Some(now)) if *was == now);
        if !same {
            self.start_over();
            self.file = None;
            let Some(file) = disk::open_read(&self.path, Links::Refuse)? else {
                return Ok(Vec::new());
            };
            let meta = file.metadata().map_err(io)?;
            self.file = Some((file, identity(&meta)));
        }
        let Some((file, _)) = self.file.as_mut() else {
            return Ok(Vec::new());
        };
        let size = file.metadata().map_err(io)?.len();
        if size < self.offset {
            self.start_over();
        }
        let Some((file, _)) = self.file.as_mut() else {
            return Ok(Vec::new());
        };
        let had = self.partial.len();
        file.seek(SeekFrom::Start(self.offset)).map_err(io)?;
        file.take(MAX_CHUNK)
            .read_to_end(&mut self.partial)
            .map_err(io)?;
        self.offset += (self.partial.len() - had) as u64;
        let Some(end) = self.partial[had..]
            .iter()
            .rposition(|byte| *byte == b'\n')
            .map(|at| had + at)
        else {
            if self.partial.len() as u64 > MAX_CHUNK {
                self.partial.clear();
            }
            return Ok(Vec::new());
        };
        let rest = self.partial.split_off(end + 1);
        Ok(std::mem::replace(&mut self.partial, rest))
    }

    /// The file is read again from its start: a new file under the name, or a shorter one.
    fn start_over(&mut self) {
        self.offset = 0;
        self.partial.clear();
        self.lines = 0;
        self.reopened = self.last.is_some();
    }
}

/// A file's device and inode: a trimmed history is a new file under the same name.
#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

#[cfg(not(unix))]
fn identity(meta: &std::fs::Metadata) -> (u64, u64) {
    (meta.len(), 0)
}

/// The first Ctrl-C, SIGTERM or SIGHUP ends the loop cleanly; a second ends the process.
#[cfg(unix)]
fn stop_on_signals(waker: &Waker<Stop>) -> Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]).map_err(|err| {
            Bug::Signals {
                why: err.to_string(),
            }
        })?;
    let waker = waker.clone();
    std::thread::spawn(move || {
        for (count, _) in signals.forever().enumerate() {
            if count > 0 {
                std::process::exit(130);
            }
            waker.send(Stop);
        }
    });
    Ok(())
}

#[cfg(not(unix))]
fn stop_on_signals(_waker: &Waker<Stop>) -> Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn line(revision: u64) -> String {
        format!(
            "{{\"revision\":{revision},\"at\":\"\",\"command\":\"c\",\"todos\":[],\"next_id\":1}}\n"
        )
    }

    fn revisions(follower: &mut Follower) -> Vec<u64> {
        let (entries, _) = follower.read(&|| 100).unwrap();
        entries.iter().map(|entry| entry.revision).collect()
    }

    #[test]
    fn each_revision_once_across_partial_lines_and_trims() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".todos.history.jsonl");
        let mut follower = Follower::new(path.clone(), 2);
        assert!(revisions(&mut follower).is_empty(), "no file yet");
        std::fs::write(&path, [line(1), line(2), line(3)].concat()).unwrap();
        // The first read gives the latest kept ones, with the one before for what changed.
        assert_eq!(revisions(&mut follower), [2, 3]);
        assert_eq!(
            follower.before.as_ref().map(|entry| entry.revision),
            Some(1)
        );
        // A line still being written waits for its end.
        let four = line(4);
        let (head, tail) = four.split_at(10);
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        file.write_all(head.as_bytes()).unwrap();
        assert!(revisions(&mut follower).is_empty());
        file.write_all(tail.as_bytes()).unwrap();
        assert_eq!(revisions(&mut follower), [4]);
        // A trim renames a shorter copy over the file: read again, nothing repeated.
        let tmp = dir.path().join("tmp");
        std::fs::write(&tmp, [line(3), line(4), line(5)].concat()).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
        assert_eq!(revisions(&mut follower), [5]);
        // Revisions trimmed before they were read are named, not silently skipped.
        std::fs::write(&tmp, [line(8), line(9)].concat()).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
        let (entries, warnings) = follower.read(&|| 100).unwrap();
        assert_eq!(entries.len(), 2);
        assert!(
            warnings[0]
                .to_string()
                .contains("revisions 6 to 7 left the history"),
            "{warnings:?}"
        );
    }
}
