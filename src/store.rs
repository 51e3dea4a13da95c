//! The store: `.todos.json` in the workspace, read whole, changed under one lock, saved atomically.
//!
//! A change takes an exclusive `flock` on `.todos.json.lock` (a separate file that is never
//! renamed, so every process locks the same inode), reads the store, validates, writes the new
//! store to `.todos.json.tmp`, syncs it, keeps the old one as `.todos.json.prev` (a hard link,
//! no copy), renames the new one over `.todos.json` and syncs the folder. A process killed at any
//! instant leaves the old or the new store, never a torn one; readers take no lock because a
//! rename is atomic.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

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
    /// Hands out the next id.
    pub fn allocate_id(&mut self) -> String {
        let id = self.next_id;
        self.next_id += 1;
        id.to_string()
    }

    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut bytes = serde_json::to_vec_pretty(self)
            .map_err(|err| Error::internal(format!("cannot encode the store: {err}")))?;
        bytes.push(b'\n');
        Ok(bytes)
    }
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

    /// Reads the store; a workspace without one holds an empty plan. Creates nothing.
    pub fn load(&self) -> Result<Document> {
        Ok(Self::read(&self.path)?.unwrap_or_default())
    }

    /// Reads the store as it was before the last change, if it was kept.
    pub fn load_previous(&self) -> Result<Option<Document>> {
        Self::read(&self.sibling(".prev"))
    }

    fn read(path: &Path) -> Result<Option<Document>> {
        match fs::read(path) {
            Ok(bytes) => Self::decode(path, &bytes).map(Some),
            Err(err) if err.kind() == ErrorKind::NotFound => Ok(None),
            Err(err) => Err(Error::io("read", path, &err)),
        }
    }

    /// Moves an unreadable store aside as `.todos.json.corrupt-YYYYMMDD-HHMMSS`; the lock must
    /// be held. Returns where it went.
    pub fn set_aside(&self, _lock: &Lock, stamp: &str) -> Result<PathBuf> {
        let aside = self.sibling(&format!(".corrupt-{stamp}"));
        fs::rename(&self.path, &aside).map_err(|err| Error::io("move aside", &self.path, &err))?;
        sync_dir(&self.dir)?;
        Ok(aside)
    }

    fn decode(path: &Path, bytes: &[u8]) -> Result<Document> {
        let corrupt = |what: String| Error::StoreCorrupt {
            message: format!("{} cannot be read as a todos store: {what}", path.display()),
            hint: format!(
                "the file was left untouched; run `todos undo` to set it aside and restore the \
                 snapshot before the last change, or fix {} by hand",
                path.display()
            ),
        };
        let mut document: Document =
            serde_json::from_slice(bytes).map_err(|err| corrupt(format!("{err}")))?;
        if document.version != FORMAT_VERSION {
            return Err(corrupt(format!(
                "format version {} is not {FORMAT_VERSION}, the one this todos reads",
                document.version
            )));
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
    pub fn lock(&self, timeout: Duration, on_wait: impl FnOnce(&Path)) -> Result<Lock> {
        let lock_path = self.sibling(".lock");
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|err| Error::io("open the lock file", &lock_path, &err))?;
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
    /// `.todos.json.prev` for undo.
    pub fn save(&self, _lock: &Lock, document: &Document) -> Result<()> {
        let bytes = document.to_bytes()?;
        let tmp = self.sibling(".tmp");
        let write = || -> std::io::Result<()> {
            let mut file = File::create(&tmp)?;
            file.write_all(&bytes)?;
            file.sync_all()
        };
        write().map_err(|err| Error::io("write", &tmp, &err))?;
        self.keep_previous()?;
        fs::rename(&tmp, &self.path).map_err(|err| Error::io("replace", &self.path, &err))?;
        sync_dir(&self.dir)
    }

    /// Links the current store as `.todos.json.prev` (a copy where links are not supported).
    fn keep_previous(&self) -> Result<()> {
        let prev = self.sibling(".prev");
        if !self.path.exists() {
            return Ok(());
        }
        match fs::remove_file(&prev) {
            Ok(()) => {}
            Err(err) if err.kind() == ErrorKind::NotFound => {}
            Err(err) => return Err(Error::io("replace", &prev, &err)),
        }
        fs::hard_link(&self.path, &prev)
            .or_else(|_| fs::copy(&self.path, &prev).map(|_| ()))
            .map_err(|err| Error::io("keep the previous store as", &prev, &err))
    }
}

/// Makes a rename in `dir` durable: the folder's entry is synced, not only the file.
fn sync_dir(dir: &Path) -> Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)
            .and_then(|folder| folder.sync_all())
            .map_err(|err| Error::io("sync the folder", dir, &err))?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}
