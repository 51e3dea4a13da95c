//! The board's state, kept current: every workspace's envelope, read again when one of its
//! files changes, and handed to every open page.
//!
//! One thread owns the reading. The folders of the workspaces (and of their named lists) are
//! watched by the one watcher (`store::watch`), as `history --follow` watches a history; an
//! event for a store or a history file marks its list, and once the burst has settled
//! (`watch::SETTLE`) the marked lists are read again through the store's own readers, each
//! list's files being looked at too every `POLL_WITH_EVENTS` (every `POLL_WITHOUT_EVENTS` where
//! nothing can be watched), so a lost event delays a change, never hides it. A lease that ends changes what the page shows
//! without any file changing: it is marked ended in what was read, never by reading the store
//! again, at most once a `LEASE_REFRESH`. The folders given are searched again every `RESCAN`
//! (less often when one search takes long: `RESCAN_SHARE`), and only while they lead where they
//! led when the board started; a workspace is read only while its folder does. What the lists
//! shown take together is kept under `SHOWN_BYTES`. A workspace whose envelope changed is handed
//! to `Shared`, which sends it to the pages.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};

use super::shared::Shared;
use super::workspace::{
    Workspace, envelope_of, is_folder, named_count, read_workspace, stamp_of, watch_lists,
};
use crate::commands::board::discover::{self, Root};
use crate::commands::board::snapshot;
use crate::plan::list::{DEFAULT_STORE, LEGACY_HISTORY, LISTS_DIR, ListName};
use crate::policy::board::{LEASE_REFRESH, RESCAN, RESCAN_SHARE};
use crate::policy::error::{Setup, Warning};
use crate::store::watch::{self, Waker, Watch};

/// What ends the reading thread besides its files: the board stops.
pub struct Stop;

pub struct Live {
    roots: Vec<Root>,
    now: Box<dyn Fn() -> DateTime<Utc> + Send>,
    shared: Arc<Shared>,
    watch: Watch<Stop>,
    workspaces: BTreeMap<PathBuf, Workspace>,
    /// Lists marked by an event, with the workspace whose list set must be read again.
    marked: BTreeSet<(PathBuf, Option<ListName>)>,
    pub warnings: Vec<Warning>,
    /// Where each root led when the board started: a root that leads elsewhere since (removed
    /// and made again as a link) is not searched again.
    reals: Vec<Option<PathBuf>>,
    /// What the lists shown take of `SHOWN_BYTES`.
    used: usize,
    /// When the shown leases were last marked ended, so that it happens once a `LEASE_REFRESH`.
    leases_refreshed: Option<Instant>,
    /// How long the last search of the roots took.
    scan_took: Duration,
}

impl Live {
    /// Finds the workspaces, watches them and reads every list once, before the server starts.
    pub fn start(
        roots: Vec<Root>,
        now: Box<dyn Fn() -> DateTime<Utc> + Send>,
        shared: Arc<Shared>,
    ) -> (Self, Waker<Stop>) {
        // Every path in the folders watched: `mark` sorts them.
        let watch = Watch::new(|_: &Path| true);
        let waker = watch.waker();
        let reals = roots
            .iter()
            .map(|root| match root {
                Root::Workspace(dir) | Root::Folder(dir) => discover::real(dir),
            })
            .collect();
        let mut live = Self {
            roots,
            reals,
            used: 0,
            leases_refreshed: None,
            scan_took: Duration::ZERO,
            now,
            shared,
            watch,
            workspaces: BTreeMap::new(),
            marked: BTreeSet::new(),
            warnings: Vec::new(),
        };
        live.rescan();
        (live, waker)
    }

    /// How many workspaces and lists it shows.
    pub fn shown(&self) -> (usize, usize) {
        let lists = self.workspaces.values().map(|ws| ws.lists.len()).sum();
        (self.shared.workspaces(), lists)
    }

    /// Follows every change until `Stop`.
    pub fn run(mut self) {
        let poll = watch::poll(self.watch.has_events());
        let mut next_poll = Instant::now() + poll;
        let mut next_rescan = Instant::now() + RESCAN;
        loop {
            let lease = self.next_lease_end();
            let wake_at = [Some(next_poll), Some(next_rescan), lease]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(next_poll);
            // A burst of events comes settled: a steady stream of them (this thread's own
            // reads make some) still hands the marked lists over every `SETTLE`.
            let batch = self.watch.wait(wake_at);
            if !batch.others.is_empty() {
                return;
            }
            if batch.lost {
                self.mark_stamped();
            }
            for path in &batch.paths {
                self.mark(path);
            }
            if !self.marked.is_empty() {
                self.read_marked();
            }
            let now = Instant::now();
            if lease.is_some_and(|at| at <= now) {
                self.end_leases();
            }
            if next_poll <= now {
                next_poll = now + poll;
                self.mark_stamped();
                self.read_marked();
            }
            if next_rescan <= now {
                self.rescan();
                // A large tree is searched less often: a rescan takes at most 1/RESCAN_SHARE
                // of the board's time.
                next_rescan = Instant::now() + RESCAN.max(self.scan_took * RESCAN_SHARE);
            }
        }
    }

    /// Marks the list a changed path concerns: a store or a history file of a workspace or of
    /// its `.todos/`; the `.todos` folder itself marks the workspace's list set.
    fn mark(&mut self, path: &Path) {
        let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
            return;
        };
        let Some(name) = name.to_str() else { return };
        if self.workspaces.contains_key(folder) {
            if name == LISTS_DIR {
                self.marked.insert((folder.to_path_buf(), None));
            } else if name == DEFAULT_STORE || name == LEGACY_HISTORY {
                self.marked
                    .insert((folder.to_path_buf(), Some(ListName::default_list())));
            }
            return;
        }
        let Some(workspace) = folder
            .parent()
            .filter(|ws| self.workspaces.contains_key(*ws))
        else {
            return;
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

    /// Marks every list whose files look different from when they were read, and every
    /// workspace whose named lists' folder came or went.
    fn mark_stamped(&mut self) {
        for (path, workspace) in &self.workspaces {
            if workspace.refused.is_some() {
                continue;
            }
            let has_lists = is_folder(&path.join(LISTS_DIR));
            if has_lists != workspace.watching_lists
                || (has_lists
                    && named_count(path) != workspace.lists.len() - 1 + workspace.lists_not_shown)
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

    /// Marks the shown leases that have ended, from what was read: no file is read for it.
    fn end_leases(&mut self) {
        let now = (self.now)();
        self.leases_refreshed = Some(Instant::now());
        let mut touched = Vec::new();
        for (path, workspace) in &mut self.workspaces {
            let mut ended = false;
            for (view, _) in workspace.lists.values_mut() {
                ended |= view.end_leases(now);
            }
            if ended {
                touched.push(path.clone());
            }
        }
        for path in touched {
            if let Some(workspace) = self.workspaces.get(&path) {
                self.shared.set(&path, envelope_of(&path, workspace));
            }
        }
    }

    /// When the first shown lease that still runs ends, as an instant of this process's clock,
    /// but not sooner than `LEASE_REFRESH` after the last time leases were marked.
    fn next_lease_end(&self) -> Option<Instant> {
        let end = self
            .workspaces
            .values()
            .flat_map(|ws| ws.lists.values())
            .filter_map(|(view, _)| view.lease_ends())
            .min()?;
        let wait = (end - (self.now)()).to_std().unwrap_or(Duration::ZERO);
        let at = Instant::now() + wait;
        Some(
            self.leases_refreshed
                .map_or(at, |last| at.max(last + LEASE_REFRESH)),
        )
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
            if discover::real(&path) != workspace.real {
                self.used = self.used.saturating_sub(workspace.cost());
                workspace.lists.clear();
                workspace.refused = Some(Setup::BoardFolderMoved { path: path.clone() }.into());
                touched.insert(path);
                continue;
            }
            // A named list whose store is gone is read with the list set: it leaves it.
            let list = list.filter(|list| {
                list.is_default() || std::fs::symlink_metadata(list.store_path(&path)).is_ok()
            });
            if let Some(list) = list {
                if let Some((old, _)) = workspace.lists.remove(&list) {
                    self.used = self.used.saturating_sub(old.cost);
                }
                let view = snapshot::list(&path, &list, (self.now)()).within(&path, &mut self.used);
                let stamp = stamp_of(&path, &list);
                workspace.lists.insert(list, (view, stamp));
            } else {
                self.used = self.used.saturating_sub(workspace.cost());
                let real = workspace.real.take();
                *workspace = read_workspace(&path, real, &self.now, &mut self.used);
                watch_lists(&mut self.watch, &path, workspace);
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
    /// A root that leads elsewhere than when the board started is not searched, before or
    /// after: what it holds is let go.
    fn rescan(&mut self) {
        let started = Instant::now();
        let (roots, mut moved) = self.roots_in_place();
        let mut found = discover::find(&roots);
        let (_, moved_since) = self.roots_in_place();
        for warning in moved_since {
            if let Warning::FolderMoved { folder } = &warning {
                found.workspaces.retain(|ws| !ws.starts_with(folder));
            }
            if !moved.contains(&warning) {
                moved.push(warning);
            }
        }
        self.scan_took = started.elapsed();
        moved.extend(found.warnings);
        self.warnings = moved;
        self.shared.set_warnings(&self.warnings);
        let wanted: BTreeSet<PathBuf> = found.workspaces.into_iter().collect();
        let known: BTreeSet<PathBuf> = self.workspaces.keys().cloned().collect();
        if wanted == known {
            return;
        }
        for gone in known.difference(&wanted) {
            self.watch.unwatch(gone);
            self.watch.unwatch(&gone.join(LISTS_DIR));
            if let Some(workspace) = self.workspaces.remove(gone) {
                self.used = self.used.saturating_sub(workspace.cost());
            }
        }
        for new in wanted.difference(&known) {
            self.watch.folder(new);
            let mut workspace = read_workspace(new, discover::real(new), &self.now, &mut self.used);
            watch_lists(&mut self.watch, new, &mut workspace);
            self.workspaces.insert(new.clone(), workspace);
        }
        let envelopes = self
            .workspaces
            .iter()
            .map(|(path, workspace)| (path.clone(), envelope_of(path, workspace)))
            .collect();
        self.shared.replace(envelopes);
    }

    /// The roots that still lead where they led when the board started, and a warning for
    /// each of the others.
    fn roots_in_place(&self) -> (Vec<Root>, Vec<Warning>) {
        let mut roots = Vec::new();
        let mut moved = Vec::new();
        for (root, real) in self.roots.iter().zip(&self.reals) {
            let (Root::Workspace(dir) | Root::Folder(dir)) = root;
            if real.is_some() && discover::real(dir) != *real {
                moved.push(Warning::FolderMoved {
                    folder: dir.clone(),
                });
            } else {
                roots.push(root.clone());
            }
        }
        (roots, moved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::path::Path;

    fn plan(dir: &Path, summary: &str) {
        fs::create_dir_all(dir).unwrap();
        let store = serde_json::json!({"version": 1, "revision": 1,
            "updated_at": "2025-01-02T17:42:33+00:00", "next_id": 2, "summary": summary,
            "todos": [{"id": "1", "content": "A", "status": "pending"}]});
        fs::write(dir.join(DEFAULT_STORE), store.to_string()).unwrap();
    }

    fn board(roots: Vec<Root>) -> (Live, Arc<Shared>, Waker<Stop>) {
        let shared = Arc::new(Shared::new("t".to_owned(), 1, String::new()));
        let (live, wakes) = Live::start(roots, Box::new(Utc::now), Arc::clone(&shared));
        (live, shared, wakes)
    }

    fn json(shared: &Shared) -> String {
        String::from_utf8(shared.board_json().to_vec()).unwrap()
    }

    #[test]
    fn a_root_removed_and_made_again_as_a_link_is_not_followed() {
        let tmp = tempfile::tempdir().unwrap();
        let code = tmp.path().join("code");
        plan(&code.join("api"), "Ours");
        plan(
            &tmp.path().join("elsewhere/secret"),
            "Not the user's to show",
        );
        let (mut live, shared, _wakes) = board(vec![Root::Folder(code.clone())]);
        assert!(json(&shared).contains("Ours"));
        fs::rename(&code, tmp.path().join("code.old")).unwrap();
        std::os::unix::fs::symlink(tmp.path().join("elsewhere"), &code).unwrap();
        live.rescan();
        let board = json(&shared);
        assert!(!board.contains("Not the user's"), "{board}");
        assert!(!board.contains("Ours"), "{board}");
        assert!(
            board.contains("now leads elsewhere than when the board started"),
            "{board}"
        );
    }

    #[test]
    fn a_workspace_made_again_as_a_link_is_not_read_through() {
        let tmp = tempfile::tempdir().unwrap();
        let api = tmp.path().join("code/api");
        plan(&api, "Ours");
        plan(&tmp.path().join("elsewhere"), "Not the user's to show");
        let (mut live, shared, _wakes) = board(vec![Root::Folder(tmp.path().join("code"))]);
        fs::rename(&api, tmp.path().join("code/api.old")).unwrap();
        std::os::unix::fs::symlink(tmp.path().join("elsewhere"), &api).unwrap();
        // A change reported before the next rescan: the folder is looked at, not read through.
        live.marked
            .insert((api.clone(), Some(ListName::default_list())));
        live.read_marked();
        let board = json(&shared);
        assert!(!board.contains("Not the user's"), "{board}");
        assert!(
            board.contains("now leads elsewhere than when the board found it"),
            "{board}"
        );
        live.rescan();
        let board = json(&shared);
        assert!(
            !board.contains("code/api\""),
            "let go at the rescan: {board}"
        );
        assert!(board.contains("code/api.old\""), "{board}");
    }
}
