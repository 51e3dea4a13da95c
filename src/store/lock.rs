//! The store's lock: an exclusive `flock` on `.todos/NAME.json.lock`, a file that is never
//! renamed, so every process locks the same inode, held from the read of the store to the
//! history's append. While the default list's lock from before the move into `.todos/`
//! (`.todos.json.lock`) is there, it is held too, so that an older `todos` and this one wait
//! for each other.

use std::fs::{self, File, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{Store, disk};
use crate::policy::error::{Disk, Error, Plan, Result};

/// Proof that the store's lock is held; dropping it (or the process dying) releases the lock.
///
/// A lock file or a `.todos/` folder this run created is removed again when the lock is
/// dropped without `keep`: a refused command leaves nothing behind (SPEC §9), not even a lock
/// file, and no `.todos/` that would capture discovery. The file is removed while the lock is
/// still held, and every process checks, once it holds a lock, that the lock file it locked
/// is still the one at the path (`Store::lock`), so a removal never lets two processes in.
pub struct Lock {
    /// Held open: closing it releases the lock.
    _file: File,
    /// The lock at the old place (`.todos.json.lock`), held too while it is there, so that
    /// a `todos` from before the move waits for this one as this one waits for it.
    pub(super) legacy: Option<File>,
    path: PathBuf,
    created_file: bool,
    created_folder: disk::Folder,
    kept: std::cell::Cell<bool>,
    /// Whether `Store::move_old_files` ran under this lock: what it moves is moved once.
    pub(super) moved_in: std::cell::Cell<bool>,
    /// The mode a new store is created with (`disk::mode_of`), from the store's `fstat` when
    /// it was read under this lock (`Store::load_under`) or as a save under it left it: `save`
    /// does not look at the path again. `None` until then.
    pub(super) store_mode: std::cell::Cell<Option<u32>>,
}

impl Lock {
    /// The change was saved: the lock file and its folder stay.
    pub fn keep(&self) {
        self.kept.set(true);
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        if self.kept.get() {
            return;
        }
        if self.created_file {
            let _ = fs::remove_file(&self.path);
        }
        // The file closes, and the lock is released, after this, when the fields drop.
        self.created_folder.remove_created();
    }
}

/// Whether `file` (open) is the file at `path` now: not removed or replaced since it was opened.
/// `opened` is the file's `fstat` when it was opened: its device and inode do not change.
fn is_at(opened: &fs::Metadata, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match fs::symlink_metadata(path) {
            Ok(named) => opened.dev() == named.dev() && opened.ino() == named.ino(),
            Err(_) => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (opened, path);
        true
    }
}

impl Store {
    /// Takes the exclusive lock, waiting up to `timeout`; `on_wait` runs once if the wait
    /// passes 200 ms, so the user learns why nothing happens.
    ///
    /// Every file of the store is checked first (none may be a link, a FIFO or a device), so
    /// a refused command has created nothing, not even the lock file.
    pub fn lock(&self, timeout: Duration, on_wait: impl FnOnce(&Path)) -> Result<Lock> {
        disk::check_file(&self.path)?;
        disk::check_file(&self.history)?;
        if let Some(legacy) = &self.legacy {
            disk::check_file(&legacy.history)?;
            disk::check_file(&legacy.lock)?;
        }
        let lock_path = self.lock.clone();
        let (mut file, mut opened_meta, mut created_file, mut created_folder) =
            self.open_lock_file()?;
        let start = Instant::now();
        let mut waiting = Waiting {
            lock: &self.lock,
            start,
            timeout,
            on_wait: Some(on_wait),
            pause: Duration::from_millis(2),
        };
        loop {
            match file.try_lock() {
                // The lock file was removed (by a refused change that created it) or replaced
                // while we waited: lock the one at the path now.
                Ok(()) if !is_at(&opened_meta, &lock_path) => {
                    drop(file);
                    (file, opened_meta, created_file, created_folder) = self.open_lock_file()?;
                    continue;
                }
                Ok(()) => break,
                Err(TryLockError::WouldBlock) => {}
                Err(TryLockError::Error(err)) => {
                    created_folder.remove_created();
                    return Err(Error::from(Disk::io("lock", &lock_path, &err)));
                }
            }
            if let Err(err) = waiting.pause() {
                created_folder.remove_created();
                return Err(err);
            }
        }
        let mut lock = Lock {
            _file: file,
            legacy: None,
            path: self.lock.clone(),
            created_file,
            created_folder,
            kept: std::cell::Cell::new(false),
            moved_in: std::cell::Cell::new(false),
            store_mode: std::cell::Cell::new(None),
        };
        lock.legacy = self.lock_legacy(&mut waiting)?;
        Ok(lock)
    }

    /// Opens the lock file, making it and `.todos/` when missing: the file, its `fstat`,
    /// whether this call made the file, and the folders it made. A refused change that made
    /// `.todos/` removes it again (`Lock`'s drop), and may do so between this process's look at
    /// the folder and its open of the file in it: then the folder is made again, 100 times
    /// at most.
    fn open_lock_file(&self) -> Result<(File, fs::Metadata, bool, disk::Folder)> {
        let mut tries = 0;
        loop {
            // `.todos/`, where the lock is, comes with the first change.
            let mut created_folder = self.check_private(true)?;
            let opened = disk::check_file(&self.lock).and_then(|existed| {
                let opened = disk::open_lock(&self.lock)?;
                Ok(opened.map(|(file, meta)| (file, meta, existed.is_none())))
            });
            match opened {
                Ok(Some((file, meta, created_file))) => {
                    return Ok((file, meta, created_file, created_folder));
                }
                // The folder went between the look and the open, whether or not another
                // change has made it again since: look again.
                Ok(None) if tries < 100 => tries += 1,
                Ok(None) => {
                    created_folder.remove_created();
                    let gone = std::io::Error::from(std::io::ErrorKind::NotFound);
                    return Err(Error::from(Disk::io(
                        "open the lock file",
                        &self.lock,
                        &gone,
                    )));
                }
                Err(err) => {
                    created_folder.remove_created();
                    return Err(err);
                }
            }
        }
    }

    /// Locks the old lock file, `.todos.json.lock`, when there is one: a `todos` from before
    /// the move may be changing the list through it. It is never created: once it is gone, no
    /// process of that kind is left to exclude but one that starts later, which makes it anew.
    fn lock_legacy<'a>(
        &'a self,
        waiting: &mut Waiting<'a, impl FnOnce(&Path)>,
    ) -> Result<Option<File>> {
        let Some(legacy) = &self.legacy else {
            return Ok(None);
        };
        if disk::check_file(&legacy.lock)?.is_none() {
            return Ok(None);
        }
        // Gone since the look: no todos of the old kind holds it.
        let Some((file, _)) = disk::open_lock(&legacy.lock)? else {
            return Ok(None);
        };
        waiting.lock = &legacy.lock;
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(Some(file)),
                Err(TryLockError::WouldBlock) => waiting.pause()?,
                Err(TryLockError::Error(err)) => {
                    return Err(Error::from(Disk::io("lock", &legacy.lock, &err)));
                }
            }
        }
    }
}

/// A wait for a lock, shared by the locks a change takes: one deadline, one note.
struct Waiting<'a, F: FnOnce(&Path)> {
    lock: &'a Path,
    start: Instant,
    timeout: Duration,
    on_wait: Option<F>,
    pause: Duration,
}

impl<F: FnOnce(&Path)> Waiting<'_, F> {
    /// Sleeps a little longer each time, up to 25 ms; `LOCK_HELD` once the time is up.
    fn pause(&mut self) -> Result<()> {
        let waited = self.start.elapsed();
        if waited >= self.timeout {
            return Plan::LockHeld {
                lock: self.lock.to_path_buf(),
                seconds: self.timeout.as_secs_f64(),
            }
            .into();
        }
        if waited >= crate::policy::cap::Cap::LockNoteMillis.duration()
            && let Some(on_wait) = self.on_wait.take()
        {
            on_wait(self.lock);
        }
        std::thread::sleep(self.pause.min(self.timeout.saturating_sub(waited)));
        self.pause = (self.pause * 2).min(Duration::from_millis(25));
        Ok(())
    }
}
