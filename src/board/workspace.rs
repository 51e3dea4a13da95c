//! One workspace as the board last read it, and how it is read: every list through the
//! store's strict readers (within the board's budget), the named lists' folder watched, and
//! each list's files stamped so that a change no event reported is seen by the poll.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use crate::commands::board::snapshot::{self, ListView};
use crate::plan::list::{LISTS_DIR, ListName};
use crate::policy::error::Error;
use crate::store::watch::Watch;

/// What a list's files looked like when last read: a change that no event reported shows as
/// another size, time or file.
pub(super) type Stamp = [Option<(u64, i64, i64, u64)>; 2];

/// One workspace as last read.
pub(super) struct Workspace {
    pub(super) refused: Option<Error>,
    pub(super) folder: Option<Error>,
    pub(super) lists: BTreeMap<ListName, (ListView, Stamp)>,
    /// The named lists past `LISTS_SHOWN`, counted, not read.
    pub(super) lists_not_shown: usize,
    /// The named lists' folder, while it is watched.
    pub(super) watching_lists: bool,
    /// Where its folder led when it was found: read only while it still leads there.
    pub(super) real: Option<PathBuf>,
}

impl Workspace {
    pub(super) fn cost(&self) -> usize {
        self.lists.values().map(|(view, _)| view.cost).sum()
    }
}

/// Every list of a workspace read afresh, each charged to `used`.
pub(super) fn read_workspace(
    path: &Path,
    real: Option<PathBuf>,
    now: &dyn Fn() -> DateTime<Utc>,
    used: &mut usize,
) -> Workspace {
    if let Err(refused) = crate::context::refuse_foreign_workspace(path) {
        return Workspace {
            refused: Some(refused),
            folder: None,
            lists: BTreeMap::new(),
            lists_not_shown: 0,
            watching_lists: false,
            real,
        };
    }
    let (names, lists_not_shown, folder) = snapshot::lists_of(path);
    let lists = names
        .into_iter()
        .map(|list| {
            let stamp = stamp_of(path, &list);
            let view = snapshot::list(path, &list, now()).within(path, used);
            (list, (view, stamp))
        })
        .collect();
    Workspace {
        refused: None,
        watching_lists: folder.is_none() && is_folder(&path.join(LISTS_DIR)),
        folder,
        lists,
        lists_not_shown,
        real,
    }
}

/// Watches the named lists' folder when it is a real folder of the workspace.
pub(super) fn watch_lists<T>(watch: &mut Watch<T>, path: &Path, workspace: &mut Workspace) {
    if !watch.has_events() {
        return;
    }
    let folder = path.join(LISTS_DIR);
    watch.unwatch(&folder);
    if workspace.watching_lists && !watch.folder(&folder) {
        workspace.watching_lists = false;
    }
}

pub(super) fn envelope_of(path: &Path, workspace: &Workspace) -> String {
    let lists: Vec<ListView> = workspace
        .lists
        .values()
        .map(|(view, _)| view.clone())
        .collect();
    snapshot::envelope(
        path,
        workspace.refused.as_ref(),
        &lists,
        workspace.lists_not_shown,
        workspace.folder.as_ref(),
    )
    .to_string()
}

/// A real folder (never a link to one).
pub(super) fn is_folder(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_dir())
}

/// How many named lists' stores `.todos/` holds, by name alone.
pub(super) fn named_count(workspace: &Path) -> usize {
    ListName::all(workspace).len() - 1
}

/// The size, change time and file of a list's store and history, without opening them.
pub(super) fn stamp_of(workspace: &Path, list: &ListName) -> Stamp {
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
