//! The store: a list's file (`.todos.json`, `.todos/NAME.json`), read whole, changed under one
//! lock, saved atomically.
//!
//! A change takes an exclusive `flock` on `.todos/NAME.json.lock` (a separate file that is
//! never renamed, so every process locks the same inode), reads the store, validates, and
//! replaces it through `disk::replace_from`: a new temporary file in `.todos/`, synced, renamed
//! over it, the store's folder synced. A process killed at any instant leaves the old or the new store, never
//! a torn one; readers take no lock because a rename is atomic. What the store was before is
//! kept by the history (`history`), written after it. Every file is opened through `disk`: a
//! store, lock or temp file that is a link, a FIFO or a device is refused (`UNSAFE_PATH`), never
//! read or written through. An unreadable store is set aside under a name that was free, in one
//! step.
//!
//! `.todos/` holds what `todos` keeps for itself, and a `.gitignore` that `todos` writes there
//! when there is none keeps it out of git, as tools' caches do, while the plans
//! (`.todos/NAME.json`) stay in: a first change leaves only `.todos.json` for `git status`,
//! with or without `todos init`. The default list's history and lock once lay beside its store;
//! the first change that finds them there moves them in, under the lock (`Store::move_old_files`).

pub(crate) mod config;
pub(crate) mod conflict_markers;
pub(crate) mod disk;
pub(crate) mod git;
pub(crate) mod git_config;
pub(crate) mod history;
pub(crate) mod lock;
pub(crate) mod log;
pub(crate) mod merge;
pub(crate) mod remote;
pub(crate) mod seen;
pub(crate) mod watch;
pub(crate) mod worktree;

use std::fs;
use std::path::{Path, PathBuf};

use crate::plan::list::{LISTS_DIR, Legacy, ListName};
use crate::policy::error::{
    self, Caller, Disk, Error, Hint, Kind, Plan, Problem, Result, Stored, Unreadable, Warning,
};
use crate::policy::text::escape;
use crate::store::disk::Links;

mod document;
mod strict;

pub use document::{Counters, Document, FORMAT_VERSION, Session};
pub use lock::Lock;
pub use strict::{MAX_COUNTER, counter_problem, is_tool_id, plan_problems};

/// The paths of one list's store files.
pub struct Store {
    workspace: PathBuf,
    /// The store's folder: the workspace's root, or `.todos/` for a named list.
    dir: PathBuf,
    path: PathBuf,
    /// `.todos/`: the lock, the history, the temporary files.
    private: PathBuf,
    history: PathBuf,
    lock: PathBuf,
    legacy: Option<Legacy>,
    /// The workspace with its links resolved, once it was (`real_root`).
    root: std::cell::OnceCell<PathBuf>,
}

/// The name of `.todos/`'s own ignore file.
const IGNORE_FILE: &str = ".gitignore";

/// What `.todos/.gitignore` says when `todos` writes it: everything in the folder but the
/// plans stays out of git, the file itself included, so that it shows nothing new to
/// `git status` either. A `.gitignore` already there, a team's or a user's, is left alone.
pub const PRIVATE_IGNORE: &str = "\
# Written by todos: its locks, histories and temporary files stay out of git; the plans
# (*.json) are meant to be committed. Replace this file to choose otherwise.
*
!*.json
";

impl Store {
    pub fn new(workspace: &Path, list: &ListName) -> Self {
        let path = list.store_path(workspace);
        Self {
            workspace: workspace.to_path_buf(),
            dir: path.parent().unwrap_or(workspace).to_path_buf(),
            private: workspace.join(LISTS_DIR),
            history: list.history_path(workspace),
            lock: list.lock_path(workspace),
            legacy: list.legacy_paths(workspace),
            path,
            root: std::cell::OnceCell::new(),
        }
    }

    /// The store, with the workspace's links already resolved (`root`, from `disk::real_root`
    /// this run), so that its checks measure against the root the run's other checks do.
    #[must_use]
    pub fn with_root(self, root: &Path) -> Self {
        let _ = self.root.set(root.to_path_buf());
        self
    }

    /// The workspace with its links resolved, resolved once for this store.
    fn real_root(&self) -> Result<&Path> {
        if let Some(root) = self.root.get() {
            return Ok(root);
        }
        let root = disk::real_root(&self.workspace)?;
        Ok(self.root.get_or_init(|| root))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The list's history file, `.todos/NAME.history.jsonl` (see `history`); for the default
    /// list, until a change moves it in, the one at the old place, `.todos.history.jsonl`.
    pub fn history_path(&self) -> &Path {
        match &self.legacy {
            Some(legacy)
                if !exists(&self.history)
                    && exists(&legacy.history)
                    && matches!(history::left(&legacy.history, &self.history), Ok(None)) =>
            {
                &legacy.history
            }
            _ => &self.history,
        }
    }

    /// The list's history opened for a change, under the lock, with where it is: the file in
    /// `.todos/`, opened without a look first, else (absent) where `history_path` says.
    pub fn open_history(&self) -> (PathBuf, history::End) {
        let end = history::End::open(&self.history);
        if self.legacy.is_none() || !end.absent() {
            return (self.history.clone(), end);
        }
        let path = self.history_path().to_path_buf();
        let end = if path == self.history {
            end
        } else {
            history::End::open(&path)
        };
        (path, end)
    }

    /// Every place the list's history may be: in `.todos/`, and the old place.
    pub fn history_files(&self) -> impl Iterator<Item = &Path> {
        std::iter::once(self.history.as_path())
            .chain(self.legacy.as_ref().map(|legacy| legacy.history.as_path()))
    }

    /// A named list's folder, `.todos/`, must lie inside the workspace, never a link out of it,
    /// for reads as for writes; with `create`, it is made when missing (and the folders made
    /// are returned, for a refused change to remove).
    pub fn check_folder(&self, create: bool) -> Result<disk::Folder> {
        if self.dir == self.workspace {
            return Ok(disk::Folder::default());
        }
        self.check_private(create)
    }

    /// `.todos/`, where every list's lock, history and temporary files are, checked as
    /// `check_folder` checks a named list's: for reads of the history as for a change.
    pub fn check_private(&self, create: bool) -> Result<disk::Folder> {
        let root = self.real_root()?;
        let relative = self
            .private
            .strip_prefix(&self.workspace)
            .unwrap_or(&self.private);
        disk::folder(root, relative, create)
    }

    /// The store's path with `suffix`: `.todos.json.corrupt-…`, `.todos/api.json.corrupt-…`.
    fn sibling(&self, suffix: &str) -> PathBuf {
        let mut name = self.path.clone().into_os_string();
        name.push(suffix);
        PathBuf::from(name)
    }

    /// Reads the store; a workspace without one holds an empty plan. Creates nothing.
    pub fn load(&self) -> Result<Document> {
        Ok(self
            .load_meta()?
            .map(|(document, _)| document)
            .unwrap_or_default())
    }

    /// `load` under the store's lock: what the read's `fstat` says of the store (its mode)
    /// is kept for `save`, which then does not look at the path again.
    pub fn load_under(&self, lock: &Lock) -> Result<Document> {
        let read = self.load_meta()?;
        lock.store_mode
            .set(Some(disk::mode_of(read.as_ref().map(|(_, meta)| meta))));
        Ok(read.map(|(document, _)| document).unwrap_or_default())
    }

    /// `load`, with the store's metadata as the read's `fstat` gave it; `None` without one.
    fn load_meta(&self) -> Result<Option<(Document, fs::Metadata)>> {
        self.check_folder(false)?;
        let hint = Hint::UndoRecovers {
            path: self.path.clone(),
            caller: Caller::CommandLine,
        };
        Self::read_meta(&self.path, Some(hint))
    }

    /// Reads and checks the store at `path`, with the same strict rules for any file read as
    /// a store (git's merge driver reads its three through here); `hint` says how to recover.
    pub fn read(path: &Path, hint: Option<Hint>) -> Result<Option<Document>> {
        Ok(Self::read_meta(path, hint)?.map(|(document, _)| document))
    }

    /// `read`, with the metadata of the file read (its `fstat`).
    fn read_meta(path: &Path, hint: Option<Hint>) -> Result<Option<(Document, fs::Metadata)>> {
        // A store larger than the cap is refused without being read (SPEC §9).
        let read = disk::read_meta(path, Links::Refuse, disk::Cap::Bytes(disk::MAX_STORE_BYTES))
            .map_err(|err| match err.kind {
                Kind::InvalidParam => err.into_unreadable_store(hint.clone()),
                _ => err,
            })?;
        let Some((bytes, meta)) = read else {
            return Ok(None);
        };
        Self::decode(&bytes)
            .map(|document| Some((document, meta)))
            .map_err(|what| {
                // git merged the plan line by line (no merge driver ran): say what recovers it.
                if crate::store::conflict_markers::present(&bytes) {
                    return conflicted(path);
                }
                Disk::Unreadable {
                    path: path.to_path_buf(),
                    what,
                    hint,
                }
                .into()
            })
    }

    /// Reads what counters an unreadable store still holds, if it parses as JSON at all, so
    /// that what replaces it does not hand out its revisions or ids again.
    pub fn salvage_counters(&self) -> Counters {
        let Ok(Some(bytes)) = disk::read(
            &self.path,
            Links::Refuse,
            disk::Cap::Bytes(disk::MAX_STORE_BYTES),
        ) else {
            return Counters::default();
        };
        let Ok(value) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
            return Counters::default();
        };
        let highest_id = value["todos"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|item| item["id"].as_str()?.parse::<u64>().ok())
            .max();
        let next_id = value["next_id"]
            .as_u64()
            .max(highest_id.map(|id| id.saturating_add(1)));
        Counters {
            revision: value["revision"].as_u64(),
            next_id,
        }
    }

    /// The history line an unreadable store still names (`Document::history`), if it parses as
    /// JSON at all and names one as todos writes it.
    pub fn salvage_history_name(&self) -> Option<String> {
        let bytes = disk::read(
            &self.path,
            Links::Refuse,
            disk::Cap::Bytes(disk::MAX_STORE_BYTES),
        )
        .ok()??;
        let value = serde_json::from_slice::<serde_json::Value>(&bytes).ok()?;
        let name = value["history"].as_str()?;
        history::is_line_hash(name).then(|| name.to_owned())
    }

    /// Moves an unreadable store aside as `.todos.json.corrupt-YYYYMMDD-HHMMSS` (with `-2`,
    /// `-3`, … when that name is taken); the lock must be held. Returns where it went.
    pub fn set_aside(&self, lock: &Lock, stamp: &str) -> Result<PathBuf> {
        // What the read found is gone: the store saved next is a new one.
        lock.store_mode.set(None);
        let name = |n: u32| match n {
            1 => self.sibling(&format!(".corrupt-{stamp}")),
            n => self.sibling(&format!(".corrupt-{stamp}-{n}")),
        };
        // Each name is taken only if free, in the same step as the move: nothing is ever
        // moved over a file, whatever names are taken meanwhile.
        for n in 1..=1000 {
            let aside = name(n);
            if disk::move_to_new(&self.path, &aside)? {
                return Ok(aside);
            }
        }
        Err(Disk::NoAsideName {
            path: self.path.clone(),
            first: name(1),
            tries: 1000,
            caller: Caller::CommandLine,
        }
        .into())
    }

    /// Parses and checks a store; the error says what is wrong, for the caller to place.
    pub fn decode(bytes: &[u8]) -> Result<Document, Unreadable> {
        // serde reads a struct from an array too; a store is an object, nothing else.
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
            return Err(Unreadable::NotObject);
        }
        let mut document: Document =
            serde_json::from_slice(bytes).map_err(|err| Unreadable::Json(err.to_string()))?;
        Self::check(&document)?;
        // A hand-edited store may hold ids at or past the counter; never hand those out again.
        let highest = document
            .todos
            .iter()
            .filter_map(|item| item.id.parse::<u64>().ok())
            .max();
        if let Some(highest) = highest {
            document.next_id = document.next_id.max(highest.saturating_add(1));
        }
        document.next_id = document.next_id.max(1);
        Ok(document)
    }

    /// The rules a store read from disk must meet beyond its JSON shape: what `decode` checks
    /// once the JSON is parsed, and what `save` checks before writing, on the plan itself.
    fn check(document: &Document) -> Result<(), Unreadable> {
        if document.version != FORMAT_VERSION {
            return Err(Unreadable::Version {
                found: document.version,
                reads: FORMAT_VERSION,
            });
        }
        let mut problems =
            strict::plan_problems(document.summary.as_deref(), &document.todos, None);
        for (index, item) in document.todos.iter().enumerate() {
            if let Err(why) = crate::plan::claims::check_stored(item) {
                problems.push(Problem::new(error::Path::field("todos").index(index), why));
            }
        }
        problems.extend(strict::counter_problem(
            error::Path::field("revision"),
            document.revision,
        ));
        problems.extend(strict::counter_problem(
            error::Path::field("next_id"),
            document.next_id,
        ));
        if let Some(at) = &document.updated_at
            && chrono::DateTime::parse_from_rfc3339(at).is_err()
        {
            problems.push(Problem::new(
                error::Path::field("updated_at"),
                Stored::NotTime,
            ));
        }
        if let Some(name) = &document.history
            && !history::is_line_hash(name)
        {
            problems.push(Problem::new(
                error::Path::field("history"),
                Stored::NotLineHash,
            ));
        }
        if let Some(session) = &document.session {
            let at = error::Path::field("session");
            problems.extend(strict::counter_problem(
                at.clone().key("completed_plans"),
                session.completed_plans,
            ));
            for (key, text) in [("id", &session.id), ("started_at", &session.started_at)] {
                if text.chars().any(crate::policy::text::forbidden_char)
                    || text.chars().count() > crate::policy::cap::Cap::ShortLineChars.chars()
                {
                    problems.push(Problem::new(at.clone().key(key), Stored::NotShortLine));
                }
            }
        }
        if !problems.is_empty() {
            return Err(Unreadable::Problems(problems));
        }
        if let Some(session) = &document.session {
            // The log file is joined to the memory folder: a bare name, never a path.
            let name = Path::new(&session.log_file);
            let bare = name
                .file_name()
                .is_some_and(|file| file == name.as_os_str());
            let markdown = name
                .extension()
                .is_some_and(|ext| ext.eq_ignore_ascii_case("md"));
            if !bare || !markdown {
                return Err(Unreadable::LogFile {
                    name: session.log_file.clone(),
                });
            }
        }
        Ok(())
    }

    /// Moves in what a `todos` from before the move left beside the default list's store,
    /// under the lock: its history (appended to the one in `.todos/` if another `todos` wrote
    /// one since, lines the new one holds never twice; `history::move_in`), then its lock file
    /// and the temporary files killed writers left. Each step loses nothing when stopped
    /// midway. Called by a change before it reads the history's ends, and by `save`: once
    /// under a lock when it leaves nothing behind, since nothing moves back while the lock is
    /// held (an old `todos` that writes there meanwhile, under its own lock made anew, is moved
    /// in by the next change, as when it writes just after this one).
    pub fn move_old_files(&self, lock: &Lock) -> Result<Vec<Warning>> {
        let Some(legacy) = &self.legacy else {
            return Ok(Vec::new());
        };
        if lock.moved_in.get() {
            return Ok(Vec::new());
        }
        let history = disk::check_file(&legacy.history)?.is_some();
        let mut warnings = Vec::new();
        if history {
            warnings.extend(history::move_in(&legacy.history, &self.history)?);
        }
        // Removed only while this process holds it (`lock_legacy`): an old `todos` waiting on
        // it finds it gone and makes it anew, and the next change moves in what that one wrote.
        if lock.legacy.is_some() {
            let _ = fs::remove_file(&legacy.lock);
        }
        if history || lock.legacy.is_some() {
            disk::clear_strays_beside(&self.path)?;
        }
        // A file left where it was is looked at again, and its warning given again, by the
        // next call: a change tried again after a lost race says it too.
        lock.moved_in.set(warnings.is_empty());
        Ok(warnings)
    }

    /// Replaces the store atomically through `disk::replace`; the lock must be held. The
    /// file's permissions carry over (never looser than the umask). What it replaces is kept
    /// by the history, written after it, so nothing else is kept here.
    pub fn save(&self, lock: &Lock, document: &Document) -> Result<()> {
        // Nothing is written that every later command would refuse to read (SPEC §9): a counter
        // past 2^53 − 1, a time past the year 9999. Held to a read store's rules first: the
        // plan itself, not its bytes read back, which cost a change 6% of its instructions
        // (what serde writes it reads back the same: `saved_bytes_read_back_as_the_plan`).
        if let Err(what) = Self::check(document) {
            return Plan::WouldBeUnreadable {
                path: self.path.clone(),
                what,
                caller: Caller::CommandLine,
            }
            .into();
        }
        let bytes = document.to_bytes()?;
        // Nor more than a read takes: a plan grown past the store's cap by many changes, each
        // within the input's, under limits raised far enough.
        let size = bytes.len() as u64;
        if size > disk::MAX_STORE_BYTES {
            return Plan::WouldBeUnreadable {
                path: self.path.clone(),
                what: Unreadable::TooLarge {
                    size,
                    max: disk::MAX_STORE_BYTES,
                },
                caller: Caller::CommandLine,
            }
            .into();
        }
        // Its warnings were the change's, which moved the old files first.
        self.move_old_files(lock)?;
        // The mode the read under this lock found (its `fstat` refused anything but a regular
        // file, no link followed), else a look now. Either way `replace` renames over the
        // name, never writing through what is there.
        let mode = match lock.store_mode.get() {
            Some(mode) => mode,
            None => disk::mode_of(disk::check_file(&self.path)?.as_ref()),
        };
        // The temporary file is made in `.todos/`, whose read for strays says whether its
        // `.gitignore` is there.
        let ignored = if self.dir == self.private {
            disk::replace_noting(&self.path, &bytes, mode, IGNORE_FILE)?
        } else {
            disk::replace_from(&self.private, &self.path, &bytes, mode, Some(IGNORE_FILE))?
        };
        lock.store_mode.set(Some(mode));
        // The store is in place: its lock file and folder stay with it.
        lock.keep();
        if !ignored {
            self.ignore_private();
        }
        Ok(())
    }

    /// Writes `.todos/.gitignore` when there is none, so that the folder keeps out of git what
    /// it holds but the plans. Written once the store is saved, so that a change that fails
    /// leaves none; a change that cannot write it is not failed for it (a link or a FIFO
    /// there is never written through), and the next change tries again. A save whose read
    /// of `.todos/` saw one there does not look again.
    pub(crate) fn ignore_private(&self) {
        let ignore = self.private.join(IGNORE_FILE);
        if let Ok(None) = disk::check_file(&ignore) {
            let _ = disk::create_whole(&ignore, PRIVATE_IGNORE.as_bytes());
        }
    }
}

/// Whether anything is at `path` (a link counts; it is refused where it is used).
fn exists(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// The refusal of a store that holds git's conflict markers, for every command: it names the
/// conflict and the command that merges it.
pub fn conflicted(path: &Path) -> Error {
    Disk::Conflicted {
        path: path.to_path_buf(),
        list: list_option(path),
    }
    .into()
}

/// ` -l NAME` for a named list's store (`.todos/NAME.json`), nothing for the default one.
fn list_option(path: &Path) -> String {
    let in_lists = path
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|dir| dir == LISTS_DIR);
    match path.file_stem().and_then(|stem| stem.to_str()) {
        Some(name) if in_lists => format!(" -l {}", escape(name)),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::model::{Item, Status};

    /// A plan whose bytes are over what a read takes is not saved: every later command would
    /// refuse the store.
    #[test]
    fn a_plan_over_the_stores_cap_is_not_saved() {
        let dir = tempfile::tempdir().expect("a folder");
        let list = crate::plan::list::ListName::default_list();
        let store = Store::new(dir.path(), &list);
        let lock = store
            .lock(std::time::Duration::from_secs(1), |_| {})
            .expect("the lock");
        let max = usize::try_from(disk::MAX_STORE_BYTES).expect("fits");
        let plan = Document {
            revision: 1,
            next_id: 2,
            todos: vec![Item {
                id: "1".to_owned(),
                ..Item::new("x".repeat(max), Status::Pending)
            }],
            ..Document::default()
        };
        let refused = store.save(&lock, &plan).expect_err("over the cap");
        assert!(
            refused.to_string().contains(&format!(
                "over the {} a store may hold",
                disk::MAX_STORE_BYTES
            )),
            "{refused}"
        );
        assert!(!dir.path().join(".todos.json").exists());
    }

    /// `save` holds a plan to `check` instead of reading its bytes back: the two must agree on
    /// every plan, readable or not, and what is written reads back as the plan.
    #[test]
    fn saved_bytes_read_back_as_the_plan() {
        let good = Document {
            revision: 4,
            next_id: 3,
            updated_at: Some("2026-11-28T10:00:00+00:00".to_owned()),
            summary: Some("Ship".to_owned()),
            todos: vec![
                Item {
                    id: "1".to_owned(),
                    ..Item::new("Write the parser", Status::Completed)
                },
                Item {
                    id: "2".to_owned(),
                    ..Item::new("Test it", Status::InProgress)
                },
            ],
            ..Document::default()
        };
        let variants: Vec<(&str, Document)> = vec![
            ("as it is", good.clone()),
            (
                "a revision past 2^53 - 1",
                Document {
                    revision: strict::MAX_COUNTER + 1,
                    ..good.clone()
                },
            ),
            (
                "a next id past 2^53 - 1",
                Document {
                    next_id: strict::MAX_COUNTER + 1,
                    ..good.clone()
                },
            ),
            (
                "a time past the year 9999",
                Document {
                    updated_at: Some("+10000-01-01T00:00:00+00:00".to_owned()),
                    ..good.clone()
                },
            ),
            (
                "a history that is no line's hash",
                Document {
                    history: Some("sha256:nope".to_owned()),
                    ..good.clone()
                },
            ),
            ("an item that names itself", {
                let mut plan = good.clone();
                plan.todos[1].blocked_by = vec!["2".to_owned()];
                plan
            }),
        ];
        for (what, plan) in variants {
            let bytes = plan.to_bytes().expect("serializes");
            let read = Store::decode(&bytes);
            assert_eq!(
                Store::check(&plan).is_ok(),
                read.is_ok(),
                "check and a read back disagree on {what}"
            );
            if let Ok(read) = read {
                assert_eq!(read, plan, "{what} reads back as another plan");
            }
        }
    }
}
