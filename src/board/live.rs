//! The board's state, kept current: every workspace's envelope, read again when one of its
//! files changes, and handed to every open page.
//!
//! One thread owns the reading. The folders of the workspaces (and of their named lists) are
//! watched with `notify`, as `history --follow` watches a history; an event for a store or a
//! history file marks its list, and `SETTLE` after the first such event the marked lists
//! are read again through the store's own readers, each list's files being looked at too
//! every `POLL_WITH_EVENTS` (every `POLL_WITHOUT_EVENTS` where nothing can be watched), so a
//! lost event delays a change, never hides it. A lease that ends changes what the page shows
//! without any file changing: its list is read again then. The folders given are searched again
//! every `RESCAN`. A workspace whose envelope changed is handed to `Shared`, which sends it to
//! the pages.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use notify::{EventKind, RecursiveMode, Watcher};

use super::shared::Shared;
use crate::commands::board::discover::{self, Root};
use crate::commands::board::snapshot::{self, ListView};
use crate::plan::list::{DEFAULT_STORE, LEGACY_HISTORY, LISTS_DIR, ListName};
use crate::policy::board::{POLL_WITH_EVENTS, POLL_WITHOUT_EVENTS, RESCAN, SETTLE};
use crate::policy::error::Error;

/// What wakes the reading thread.
pub enum Wake {
    Changed(notify::Result<notify::Event>),
    Stop,
}

/// What a list's files looked like when last read: a change that no event reported shows as
/// another size, time or file.
type Stamp = [Option<(u64, i64, i64, u64)>; 2];

/// One workspace as last read.
struct Workspace {
    refused: Option<Error>,
    folder: Option<Error>,
    lists: BTreeMap<ListName, (ListView, Stamp)>,
    /// The named lists' folder, while it is watched.
    watching_lists: bool,
}

pub struct Live {
    roots: Vec<Root>,
    now: Box<dyn Fn() -> DateTime<Utc> + Send>,
    shared: Arc<Shared>,
    watcher: Option<notify::RecommendedWatcher>,
    wakes: Receiver<Wake>,
    workspaces: BTreeMap<PathBuf, Workspace>,
    /// Lists marked by an event, with the workspace whose list set must be read again.
    marked: BTreeSet<(PathBuf, Option<ListName>)>,
    pub warnings: Vec<crate::policy::error::Warning>,
}

impl Live {
    /// Finds the workspaces, watches them and reads every list once, before the server starts.
    pub fn start(
        roots: Vec<Root>,
        now: Box<dyn Fn() -> DateTime<Utc> + Send>,
        shared: Arc<Shared>,
    ) -> (Self, Sender<Wake>) {
        let (tx, wakes) = mpsc::channel();
        let events = tx.clone();
        let watcher = notify::recommended_watcher(move |event| {
            let _ = events.send(Wake::Changed(event));
        })
        .ok();
        let mut live = Self {
            roots,
            now,
            shared,
            watcher,
            wakes,
            workspaces: BTreeMap::new(),
            marked: BTreeSet::new(),
            warnings: Vec::new(),
        };
        live.rescan();
        (live, tx)
    }

    /// How many workspaces and lists it shows.
    pub fn shown(&self) -> (usize, usize) {
        let lists = self.workspaces.values().map(|ws| ws.lists.len()).sum();
        (self.shared.workspaces(), lists)
    }

    /// Follows every change until `Stop`.
    pub fn run(mut self) {
        let poll = if self.watcher.is_some() {
            POLL_WITH_EVENTS
        } else {
            POLL_WITHOUT_EVENTS
        };
        let mut next_poll = Instant::now() + poll;
        let mut next_rescan = Instant::now() + RESCAN;
        let mut settle: Option<Instant> = None;
        loop {
            let lease = self.next_lease_end();
            let wake_at = [Some(next_poll), Some(next_rescan), settle, lease]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(next_poll);
            let wait = wake_at.saturating_duration_since(Instant::now());
            match self.wakes.recv_timeout(wait) {
                Ok(Wake::Stop) | Err(RecvTimeoutError::Disconnected) => return,
                Ok(Wake::Changed(event)) => {
                    self.mark(event);
                    for wake in self.wakes.try_iter().collect::<Vec<_>>() {
                        match wake {
                            Wake::Stop => return,
                            Wake::Changed(event) => self.mark(event),
                        }
                    }
                    if !self.marked.is_empty() && settle.is_none() {
                        settle = Some(Instant::now() + SETTLE);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            // Whatever woke it: a steady stream of events (this thread's own reads make some)
            // must not keep a marked list from being read once its time has come.
            let now = Instant::now();
            if settle.is_some_and(|at| at <= now) {
                settle = None;
                self.read_marked();
            }
            if lease.is_some_and(|at| at <= now) {
                self.mark_ended_leases();
                self.read_marked();
            }
            if next_poll <= now {
                next_poll = now + poll;
                self.mark_stamped();
                self.read_marked();
            }
            if next_rescan <= now {
                next_rescan = now + RESCAN;
                self.rescan();
            }
        }
    }

    /// Marks the list a file event concerns: a store or a history file of a workspace or of
    /// its `.todos/`; the `.todos` folder itself marks the workspace's list set. An error may
    /// mean lost events: every list is looked at.
    fn mark(&mut self, event: notify::Result<notify::Event>) {
        let Ok(event) = event else {
            self.mark_stamped();
            return;
        };
        if matches!(event.kind, EventKind::Access(_)) {
            return;
        }
        for path in &event.paths {
            let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
                continue;
            };
            let Some(name) = name.to_str() else { continue };
            if self.workspaces.contains_key(folder) {
                if name == LISTS_DIR {
                    self.marked.insert((folder.to_path_buf(), None));
                } else if name == DEFAULT_STORE || name == LEGACY_HISTORY {
                    self.marked
                        .insert((folder.to_path_buf(), Some(ListName::default_list())));
                }
                continue;
            }
            let Some(workspace) = folder
                .parent()
                .filter(|ws| self.workspaces.contains_key(*ws))
            else {
                continue;
            };
            if folder.file_name().is_some_and(|dir| dir == LISTS_DIR) {
                // `default.history.jsonl` is the default list's history; `default.json` is no
                // list's store.
                let list = match name.strip_suffix(".history.jsonl") {
                    Some(list) => ListName::parse(list).ok(),
                    None => name
                        .strip_suffix(".json")
                        .and_then(|list| ListName::parse(list).ok())
                        .filter(|list| !list.is_default()),
                };
                if let Some(list) = list {
                    // A list not seen before: the list set is read again with it.
                    let known = self.workspaces[workspace].lists.contains_key(&list);
                    self.marked
                        .insert((workspace.to_path_buf(), known.then_some(list)));
                }
            }
        }
    }

    /// Marks every list whose files look different from when they were read, and every
    /// workspace whose named lists' folder came or went.
    fn mark_stamped(&mut self) {
        for (path, workspace) in &self.workspaces {
            if workspace.refused.is_some() {
                continue;
            }
            let has_lists = is_folder(&path.join(LISTS_DIR));
            if has_lists != workspace.watching_lists
                || (has_lists && named_count(path) != workspace.lists.len() - 1)
            {
                self.marked.insert((path.clone(), None));
                continue;
            }
            for (list, (_, stamp)) in &workspace.lists {
                if stamp_of(path, list) != *stamp {
                    self.marked.insert((path.clone(), Some(list.clone())));
                }
            }
        }
    }

    fn mark_ended_leases(&mut self) {
        let now = (self.now)();
        for (path, workspace) in &self.workspaces {
            for (list, (view, _)) in &workspace.lists {
                if view.lease_ends.is_some_and(|end| end <= now) {
                    self.marked.insert((path.clone(), Some(list.clone())));
                }
            }
        }
    }

    /// When the first running lease ends, as an instant of this process's clock.
    fn next_lease_end(&self) -> Option<Instant> {
        let end = self
            .workspaces
            .values()
            .flat_map(|ws| ws.lists.values())
            .filter_map(|(view, _)| view.lease_ends)
            .min()?;
        let wait = (end - (self.now)()).to_std().unwrap_or(Duration::ZERO);
        Some(Instant::now() + wait)
    }

    /// Reads the marked lists again, and sends each workspace that changed.
    fn read_marked(&mut self) {
        let marked = std::mem::take(&mut self.marked);
        let mut touched = BTreeSet::new();
        for (path, list) in marked {
            let Some(workspace) = self.workspaces.get_mut(&path) else {
                continue;
            };
            if workspace.refused.is_some() {
                continue;
            }
            // A named list whose store is gone is read with the list set: it leaves it.
            let list = list.filter(|list| {
                list.is_default() || std::fs::symlink_metadata(list.store_path(&path)).is_ok()
            });
            if let Some(list) = list {
                let view = snapshot::list(&path, &list, (self.now)());
                let stamp = stamp_of(&path, &list);
                workspace.lists.insert(list, (view, stamp));
            } else {
                *workspace = read_workspace(&path, &self.now);
                watch_lists(self.watcher.as_mut(), &path, workspace);
            }
            touched.insert(path);
        }
        for path in touched {
            if let Some(workspace) = self.workspaces.get(&path) {
                self.shared.set(&path, envelope_of(&path, workspace));
            }
        }
    }

    /// Searches the roots again: a workspace made since is watched and read, one gone is let go.
    fn rescan(&mut self) {
        let found = discover::find(&self.roots);
        self.warnings = found.warnings;
        let wanted: BTreeSet<PathBuf> = found.workspaces.into_iter().collect();
        let known: BTreeSet<PathBuf> = self.workspaces.keys().cloned().collect();
        if wanted == known {
            return;
        }
        for gone in known.difference(&wanted) {
            if let Some(watcher) = self.watcher.as_mut() {
                let _ = watcher.unwatch(gone);
                let _ = watcher.unwatch(&gone.join(LISTS_DIR));
            }
            self.workspaces.remove(gone);
        }
        for new in wanted.difference(&known) {
            if let Some(watcher) = self.watcher.as_mut() {
                let _ = watcher.watch(new, RecursiveMode::NonRecursive);
            }
            let mut workspace = read_workspace(new, &self.now);
            watch_lists(self.watcher.as_mut(), new, &mut workspace);
            self.workspaces.insert(new.clone(), workspace);
        }
        let envelopes = self
            .workspaces
            .iter()
            .map(|(path, workspace)| (path.clone(), envelope_of(path, workspace)))
            .collect();
        self.shared.replace(envelopes);
    }
}

/// Every list of a workspace read afresh.
fn read_workspace(path: &Path, now: &dyn Fn() -> DateTime<Utc>) -> Workspace {
    if let Err(refused) = crate::context::refuse_foreign_workspace(path) {
        return Workspace {
            refused: Some(refused),
            folder: None,
            lists: BTreeMap::new(),
            watching_lists: false,
        };
    }
    let (names, folder) = snapshot::lists_of(path);
    let lists = names
        .into_iter()
        .map(|list| {
            let stamp = stamp_of(path, &list);
            (list.clone(), (snapshot::list(path, &list, now()), stamp))
        })
        .collect();
    Workspace {
        refused: None,
        watching_lists: folder.is_none() && is_folder(&path.join(LISTS_DIR)),
        folder,
        lists,
    }
}

/// Watches the named lists' folder when it is a real folder of the workspace.
fn watch_lists(
    watcher: Option<&mut notify::RecommendedWatcher>,
    path: &Path,
    workspace: &mut Workspace,
) {
    let Some(watcher) = watcher else { return };
    let folder = path.join(LISTS_DIR);
    let _ = watcher.unwatch(&folder);
    if workspace.watching_lists && watcher.watch(&folder, RecursiveMode::NonRecursive).is_err() {
        workspace.watching_lists = false;
    }
}

fn envelope_of(path: &Path, workspace: &Workspace) -> String {
    let lists: Vec<ListView> = workspace
        .lists
        .values()
        .map(|(view, _)| view.clone())
        .collect();
    snapshot::envelope(
        path,
        workspace.refused.as_ref(),
        &lists,
        workspace.folder.as_ref(),
    )
    .to_string()
}

/// A real folder (never a link to one).
fn is_folder(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_dir())
}

/// How many named lists' stores `.todos/` holds, by name alone.
fn named_count(workspace: &Path) -> usize {
    ListName::all(workspace).len() - 1
}

/// The size, change time and file of a list's store and history, without opening them.
fn stamp_of(workspace: &Path, list: &ListName) -> Stamp {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let stamp = |path: PathBuf| {
            std::fs::symlink_metadata(path)
                .ok()
                .map(|meta| (meta.len(), meta.mtime(), meta.mtime_nsec(), meta.ino()))
        };
        [
            stamp(list.store_path(workspace)),
            stamp(list.history_path(workspace)),
        ]
    }
    #[cfg(not(unix))]
    {
        let stamp = |path: PathBuf| {
            std::fs::symlink_metadata(path)
                .ok()
                .map(|meta| (meta.len(), 0, 0, 0))
        };
        [
            stamp(list.store_path(workspace)),
            stamp(list.history_path(workspace)),
        ]
    }
}
