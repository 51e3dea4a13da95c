//! The store: `.todos.json` in the workspace, read whole, changed under one lock, saved atomically.
//!
//! A change takes an exclusive `flock` on `.todos.json.lock` (a separate file that is never
//! renamed, so every process locks the same inode), reads the store, validates, writes the new
//! store to `.todos.json.tmp`, syncs it, renames it over `.todos.json`, keeps the old one as
//! `.todos.json.prev` (a hard link, no copy) and syncs the folder. A process killed at any
//! instant leaves the old or the new store, never a torn one; readers take no lock because a
//! rename is atomic. Every file is opened through `disk`: a store, lock or snapshot that is a
//! link, a FIFO or a device is refused (`UNSAFE_PATH`), never read or written through.

use std::fs::{self, File, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::disk::{self, Links};
use crate::error::{Error, Result};
use crate::model::Item;

pub const STORE_FILE: &str = ".todos.json";
pub const FORMAT_VERSION: u32 = 1;

/// The whole store, as it is on disk. Field order is the file's key order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    pub version: u32,
    /// +1 on every change; 0 for a workspace that has no store yet.
    pub revision: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    /// The next id to hand out; it never goes back, so a stale id never names another item.
    pub next_id: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<Session>,
    pub todos: Vec<Item>,
}

/// A run of work whose finished plans share one completion log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Session {
    pub id: String,
    pub started_at: String,
    /// The log's file name under the memory folder, named after the session's start.
    pub log_file: String,
    /// How many plans this session finished: the N of the next `# taskN-…` block is this + 1.
    pub completed_plans: u64,
}

impl Default for Document {
    fn default() -> Self {
        Self {
            version: FORMAT_VERSION,
            revision: 0,
            updated_at: None,
            next_id: 1,
            summary: None,
            session: None,
            todos: Vec::new(),
        }
    }
}

impl Document {
    /// Hands out the next id; the counter never goes back, so it can run out (in theory).
    pub fn allocate_id(&mut self) -> Result<String> {
        let id = self.next_id;
        self.next_id = id.checked_add(1).ok_or_else(|| exhausted("id counter"))?;
        Ok(id.to_string())
    }

    /// The revision after this one.
    pub fn next_revision(&self) -> Result<u64> {
        self.revision
            .checked_add(1)
            .ok_or_else(|| exhausted("revision counter"))
    }

    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut bytes = serde_json::to_vec_pretty(self)
            .map_err(|err| Error::internal(format!("cannot encode the store: {err}")))?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}

/// The counters of a store that may be unreadable as a whole.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    pub revision: Option<u64>,
    pub next_id: Option<u64>,
}

fn exhausted(counter: &str) -> Error {
    Error::invalid(format!(
        "the store's {counter} is at its maximum and cannot go on"
    ))
    .with_hint("start a new store: move .todos.json aside")
}

/// The paths of one workspace's store files.
pub struct Store {
    dir: PathBuf,
    path: PathBuf,
}

/// Proof that the store's lock is held; dropping it (or the process dying) releases the lock.
pub struct Lock {
    _file: File,
}

impl Store {
    pub fn new(workspace: &Path) -> Self {
        Self {
            dir: workspace.to_path_buf(),
            path: workspace.join(STORE_FILE),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn sibling(&self, suffix: &str) -> PathBuf {
        self.dir.join(format!("{STORE_FILE}{suffix}"))
    }

    /// `.todos.json.prev`: the store as it was before the last change.
    pub fn previous_path(&self) -> PathBuf {
        self.sibling(".prev")
    }

    /// Reads the store; a workspace without one holds an empty plan. Creates nothing.
    pub fn load(&self) -> Result<Document> {
        let hint = format!(
            "the file was left untouched; run `todos undo` to set it aside and restore the \
             snapshot before the last change, or fix {} by hand",
            self.path.display()
        );
        Ok(Self::read(&self.path, &hint)?.unwrap_or_default())
    }

    /// Reads the store as it was before the last change, if it was kept.
    pub fn load_previous(&self) -> Result<Option<Document>> {
        let prev = self.previous_path();
        let hint = format!(
            "the previous snapshot cannot be restored; fix {0} by hand, or remove it \
             (rm {0}) and go on from the current plan",
            prev.display()
        );
        Self::read(&prev, &hint)
    }

    fn read(path: &Path, hint: &str) -> Result<Option<Document>> {
        let Some(bytes) = disk::read(path, Links::Refuse, None)? else {
            return Ok(None);
        };
        Self::decode(&bytes)
            .map(Some)
            .map_err(|what| Error::StoreCorrupt {
                message: format!("{} cannot be read as a todos store: {what}", path.display()),
                hint: hint.to_owned(),
            })
    }

    /// Reads what counters an unreadable store still holds, if it parses as JSON at all, so
    /// that what replaces it does not hand out its revisions or ids again.
    pub fn salvage_counters(&self) -> Counters {
        let Ok(Some(bytes)) = disk::read(&self.path, Links::Refuse, None) else {
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

    /// Moves an unreadable store aside as `.todos.json.corrupt-YYYYMMDD-HHMMSS` (with `-2`,
    /// `-3`, … when that name is taken); the lock must be held. Returns where it went.
    pub fn set_aside(&self, _lock: &Lock, stamp: &str) -> Result<PathBuf> {
        let name = |n: u32| match n {
            1 => self.sibling(&format!(".corrupt-{stamp}")),
            n => self.sibling(&format!(".corrupt-{stamp}-{n}")),
        };
        let aside = (1..=1000)
            .map(name)
            .find(|path| fs::symlink_metadata(path).is_err())
            .unwrap_or_else(|| name(1));
        fs::rename(&self.path, &aside).map_err(|err| Error::io("move aside", &self.path, &err))?;
        disk::sync_dir(&self.dir)?;
        Ok(aside)
    }

    /// Parses and checks a store; the error says what is wrong, for the caller to place.
    fn decode(bytes: &[u8]) -> Result<Document, String> {
        // serde reads a struct from an array too; a store is an object, nothing else.
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
            return Err("it is not a JSON object".to_owned());
        }
        let mut document: Document =
            serde_json::from_slice(bytes).map_err(|err| err.to_string())?;
        if document.version != FORMAT_VERSION {
            return Err(format!(
                "format version {} is not {FORMAT_VERSION}, the one this todos reads",
                document.version
            ));
        }
        let mut ids = std::collections::HashSet::with_capacity(document.todos.len());
        for (index, item) in document.todos.iter().enumerate() {
            if item.id.trim().is_empty() {
                return Err(format!("todos[{index}] has an empty id"));
            }
            if !ids.insert(item.id.as_str()) {
                return Err(format!(
                    "todos[{index}] has the id \"{}\" of an earlier item",
                    item.id
                ));
            }
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
                return Err(format!(
                    "session.log_file \"{}\" is not a file name ending in .md",
                    session.log_file
                ));
            }
        }
        // A hand-edited store may hold ids at or past the counter; never hand those out again.
        let highest = document
            .todos
            .iter()
            .filter_map(|item| item.id.parse::<u64>().ok())
            .max();
        if let Some(highest) = highest {
            document.next_id = document.next_id.max(highest.saturating_add(1));
        }
        Ok(document)
    }

    /// Takes the exclusive lock, waiting up to `timeout`; `on_wait` runs once if the wait
    /// passes 200 ms, so the user learns why nothing happens.
    ///
    /// Every file of the store is checked first (none may be a link, a FIFO or a device), so
    /// a refused command has created nothing, not even the lock file.
    pub fn lock(&self, timeout: Duration, on_wait: impl FnOnce(&Path)) -> Result<Lock> {
        for suffix in ["", ".prev", ".tmp", PREV_STAGED] {
            disk::check_file(&self.sibling(suffix))?;
        }
        let lock_path = self.sibling(".lock");
        let file = disk::open_lock(&lock_path)?;
        let start = Instant::now();
        let mut on_wait = Some(on_wait);
        let mut pause = Duration::from_millis(2);
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(Lock { _file: file }),
                Err(TryLockError::WouldBlock) => {}
                Err(TryLockError::Error(err)) => return Err(Error::io("lock", &lock_path, &err)),
            }
            let waited = start.elapsed();
            if waited >= timeout {
                return Err(Error::Conflict {
                    message: format!(
                        "another todos process held the lock on {} longer than --lock-timeout ({} s)",
                        lock_path.display(),
                        timeout.as_secs_f64()
                    ),
                    hint: Some(
                        "try again once it is done, or wait longer with --lock-timeout SECS"
                            .to_owned(),
                    ),
                });
            }
            if waited >= Duration::from_millis(200)
                && let Some(on_wait) = on_wait.take()
            {
                on_wait(&lock_path);
            }
            std::thread::sleep(pause.min(timeout.saturating_sub(waited)));
            pause = (pause * 2).min(Duration::from_millis(25));
        }
    }

    /// Replaces the store atomically; the lock must be held. The old store stays as
    /// `.todos.json.prev` for undo, and the file's permissions carry over (never looser than
    /// the umask).
    ///
    /// The order is such that a failure at any step (a full disk, a permission, a kill) loses
    /// nothing `undo` needs: `.prev` is replaced only once the new store is in place.
    /// 1. write and sync the new store as `.todos.json.tmp`, a new file: failing here changes
    ///    nothing;
    /// 2. give the current store a second name, `.todos.json.prev.tmp` (a hard link);
    /// 3. rename the new store over `.todos.json`: the change is made;
    /// 4. rename the second name over `.todos.json.prev`, and sync the folder.
    ///
    /// A process killed after 3 and before 4 leaves `.prev.tmp`, which the next change (or
    /// undo) finishes moving; killed before 3, it is only a second name of the store, and goes.
    pub fn save(&self, lock: &Lock, document: &Document) -> Result<()> {
        let bytes = document.to_bytes()?;
        let tmp = self.sibling(".tmp");
        let staged = self.sibling(PREV_STAGED);
        let prev = self.previous_path();
        self.finish_interrupted_save(lock)?;
        disk::remove_stray(&tmp)?;
        let current = disk::check_file(&self.path)?;
        disk::check_file(&prev)?;
        disk::write_new(&tmp, &bytes, disk::mode_of(current.as_ref()))
            .map_err(|err| Error::io("write", &tmp, &err))?;
        if current.is_some()
            && let Err(err) = disk::link_or_copy(&self.path, &staged)
        {
            let _ = fs::remove_file(&tmp);
            return Err(Error::io("keep the previous store as", &staged, &err));
        }
        if let Err(err) = fs::rename(&tmp, &self.path) {
            let _ = fs::remove_file(&tmp);
            let _ = fs::remove_file(&staged);
            return Err(Error::io("replace", &self.path, &err));
        }
        // The change is made: what follows cannot undo it, so it does not fail the save (the
        // caller would take the completion log's block back out of a plan that was saved). A
        // `.prev.tmp` left behind is finished by the next change.
        let _ = if current.is_some() {
            fs::rename(&staged, &prev)
        } else {
            // With no store before, there is nothing before this change: an older `.prev` goes.
            fs::remove_file(&prev)
        };
        let _ = disk::sync_dir(&self.dir);
        Ok(())
    }

    /// Finishes a save killed between its steps 3 and 4: a `.prev.tmp` that is not the store
    /// itself holds the store before the last change, and becomes `.prev`; one that is the
    /// store (killed before step 3) is only a second name, and goes.
    pub fn finish_interrupted_save(&self, _lock: &Lock) -> Result<()> {
        let staged = self.sibling(PREV_STAGED);
        let Some(staged_meta) = disk::check_file(&staged)? else {
            return Ok(());
        };
        let is_the_store = match disk::check_file(&self.path)? {
            Some(store_meta) => {
                same_file(&staged_meta, &store_meta)
                    || disk::read(&staged, Links::Refuse, None)?
                        == disk::read(&self.path, Links::Refuse, None)?
            }
            None => false,
        };
        if is_the_store {
            disk::remove_stray(&staged)
        } else {
            disk::check_file(&self.previous_path())?;
            fs::rename(&staged, self.previous_path())
                .map_err(|err| Error::io("keep the previous store as", &staged, &err))?;
            disk::sync_dir(&self.dir)
        }
    }
}

/// The second name the store gets while a save replaces it; see `Store::save`.
const PREV_STAGED: &str = ".prev.tmp";

#[cfg(unix)]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_a: &fs::Metadata, _b: &fs::Metadata) -> bool {
    false
}
