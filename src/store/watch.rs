//! The one watcher of a workspace's files, for `show --watch`, `history --follow` and the
//! board: what wakes each of them, and when.
//!
//! Writes replace a store by rename, so folders are watched, not files' inodes, each on its
//! own (never recursively): the `notify` crate (inotify on Linux) sends an event for each path
//! that changed, and the paths the caller's `concerns` accepts wake `wait`. Reads (ours
//! included) are not changes. A burst of events (temp file, rename, lock, history line)
//! settles for `SETTLE` after the first before `wait` hands it over, whatever else keeps
//! coming, so one change is read once, and a steady stream of events still hands a batch over
//! every `SETTLE`. An error from `notify` may mean lost events (an overflowed queue): the
//! batch says so (`lost`), and the caller looks at every file. Events are never the only
//! way: each caller also looks at its files every `POLL_WITH_EVENTS` (`poll`), and every
//! `POLL_WITHOUT_EVENTS` where nothing could be watched. The caller's own wakes (a signal, a
//! stop) come through the same queue (`Waker`), so one wait serves them all.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use notify::{EventKind, RecursiveMode, Watcher};

use crate::policy::cap::Cap;

/// How often files are looked at beside the kernel's events (a safety net), and without them.
pub const POLL_WITH_EVENTS: Duration = Cap::PollWithEventsMillis.duration();
pub const POLL_WITHOUT_EVENTS: Duration = Cap::PollWithoutEventsMillis.duration();
/// How long a burst of events settles before it is handed over.
pub const SETTLE: Duration = Cap::SettleMillis.duration();

/// How often to look at the files: slowly beside events, often without them.
pub fn poll(events: bool) -> Duration {
    if events {
        POLL_WITH_EVENTS
    } else {
        POLL_WITHOUT_EVENTS
    }
}

enum Wake<T> {
    Files(Vec<PathBuf>),
    Lost,
    Other(T),
}

/// What woke a `wait`: the paths that changed (those `concerns` accepts), whether events may
/// have been lost, and the caller's own wakes in the order sent. Empty when the time was up.
#[derive(Debug)]
pub struct Batch<T> {
    pub paths: BTreeSet<PathBuf>,
    pub lost: bool,
    pub others: Vec<T>,
}

impl<T> Batch<T> {
    /// Files changed, or may have: read them again.
    pub fn changed(&self) -> bool {
        self.lost || !self.paths.is_empty()
    }

    /// Nothing came before the time was up.
    pub fn is_empty(&self) -> bool {
        !self.changed() && self.others.is_empty()
    }

    fn add(&mut self, wake: Wake<T>) {
        match wake {
            Wake::Files(paths) => self.paths.extend(paths),
            Wake::Lost => self.lost = true,
            Wake::Other(other) => self.others.push(other),
        }
    }
}

/// Sends the caller's own wakes (`T`) to a `Watch`, from any thread.
pub struct Waker<T>(Sender<Wake<T>>);

impl<T> Clone for Waker<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T> Waker<T> {
    /// Wakes the watch with `wake`: false once it is gone.
    pub fn send(&self, wake: T) -> bool {
        self.0.send(Wake::Other(wake)).is_ok()
    }
}

pub struct Watch<T> {
    /// `None` where the platform cannot watch anything.
    notify: Option<notify::RecommendedWatcher>,
    tx: Sender<Wake<T>>,
    rx: Receiver<Wake<T>>,
}

impl<T: Send + 'static> Watch<T> {
    /// A watch of no folder yet, woken by changes to the paths `concerns` accepts.
    pub fn new(concerns: impl Fn(&Path) -> bool + Send + 'static) -> Self {
        let (tx, rx) = mpsc::channel();
        let events = tx.clone();
        let notify = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let wake = match event {
                Err(_) => Wake::Lost,
                Ok(event) if matches!(event.kind, EventKind::Access(_)) => return,
                Ok(event) => {
                    let paths: Vec<PathBuf> = event
                        .paths
                        .into_iter()
                        .filter(|path| concerns(path))
                        .collect();
                    if paths.is_empty() {
                        return;
                    }
                    Wake::Files(paths)
                }
            };
            let _ = events.send(wake);
        })
        .ok();
        Self { notify, tx, rx }
    }
}

impl<T> Watch<T> {
    /// Whether events can be had at all here (the board's question: it watches folders as
    /// it finds them).
    #[cfg(feature = "board")]
    pub fn has_events(&self) -> bool {
        self.notify.is_some()
    }

    /// Watches `folder`'s own entries: whether it now is watched (it may not be there yet).
    pub fn folder(&mut self, folder: &Path) -> bool {
        self.notify.as_mut().is_some_and(|notify| {
            folder.is_dir() && notify.watch(folder, RecursiveMode::NonRecursive).is_ok()
        })
    }

    /// Stops watching `folder` (a workspace the board let go).
    #[cfg(feature = "board")]
    pub fn unwatch(&mut self, folder: &Path) {
        if let Some(notify) = self.notify.as_mut() {
            let _ = notify.unwatch(folder);
        }
    }

    pub fn waker(&self) -> Waker<T> {
        Waker(self.tx.clone())
    }

    /// Waits until something comes or `until`: a change is handed over once it has settled
    /// for `SETTLE`, with every wake that came meanwhile; the caller's own wake at once.
    pub fn wait(&self, until: Instant) -> Batch<T> {
        let mut batch = Batch {
            paths: BTreeSet::new(),
            lost: false,
            others: Vec::new(),
        };
        let left = until.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(left) {
            Ok(wake) => batch.add(wake),
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return batch,
        }
        if batch.changed() {
            let settled = Instant::now() + SETTLE;
            while let Some(left) = settled.checked_duration_since(Instant::now()) {
                match self.rx.recv_timeout(left) {
                    Ok(wake) => batch.add(wake),
                    Err(_) => break,
                }
            }
        }
        for wake in self.rx.try_iter() {
            batch.add(wake);
        }
        batch
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_that_concern_the_caller_wake_it_and_so_do_its_own_wakes() {
        let dir = tempfile::tempdir().unwrap();
        let mut watch: Watch<&str> =
            Watch::new(|path| path.extension().is_some_and(|ext| ext == "json"));
        assert!(watch.folder(dir.path()));
        assert!(!watch.folder(&dir.path().join("not yet")));
        assert!(watch.wait(Instant::now()).is_empty(), "nothing yet");
        std::fs::write(dir.path().join("a.json"), "1").unwrap();
        std::fs::write(dir.path().join("b.lock"), "").unwrap();
        std::fs::write(dir.path().join("c.json"), "2").unwrap();
        let mut seen = BTreeSet::new();
        let until = Instant::now() + Duration::from_secs(20);
        while seen.len() < 2 && Instant::now() < until {
            let batch = watch.wait(until);
            assert!(batch.others.is_empty() && !batch.lost, "{batch:?}");
            seen.extend(batch.paths);
        }
        let names: Vec<_> = seen
            .iter()
            .filter_map(|path| path.file_name()?.to_str())
            .collect();
        assert_eq!(names, ["a.json", "c.json"], "only what concerns the caller");
        watch.waker().send("stop");
        let batch = watch.wait(Instant::now() + Duration::from_secs(20));
        assert_eq!(batch.others, ["stop"]);
    }
}
