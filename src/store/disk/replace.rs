//! Replacing a file whole (SPEC §9, rule 4 of `disk`): new contents go to a temporary file
//! created new beside it, synced, renamed over it, and the folder synced; the temporary files
//! writers killed midway left are cleared by the next write beside the same file.

use std::fs;
#[cfg(unix)]
use std::fs::File;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::{Durable, NEW_FILE_MODE, check_file, parent, write_new, write_new_as};
use crate::policy::error::{Disk, Error, Result};

/// The folder a file is replaced in, held open for the whole replacement: read once for the
/// temporary files killed writers left, then synced after the rename, through the one
/// descriptor. Opened as a folder (`O_DIRECTORY`), so it never blocks; opened before anything
/// is written, so a folder that cannot be synced refuses the change instead of failing it after
/// the rename.
struct Beside<'a> {
    path: &'a Path,
    #[cfg(unix)]
    handle: File,
}

impl<'a> Beside<'a> {
    fn open(target: &'a Path) -> Result<Self> {
        Self::folder(parent(target)?)
    }

    fn folder(path: &'a Path) -> Result<Self> {
        Ok(Self {
            path,
            #[cfg(unix)]
            handle: open_folder(path)?,
        })
    }

    /// Makes a rename in the folder durable, as `sync_dir` does.
    #[cfg_attr(not(unix), allow(clippy::unused_self))]
    fn sync(&self) -> Result<()> {
        #[cfg(unix)]
        sync_folder(&self.handle, self.path)?;
        Ok(())
    }
}

/// Opens a folder to read or sync it: as a folder (`O_DIRECTORY`), so a FIFO planted in its
/// place is refused at once instead of blocking the open.
#[cfg(unix)]
fn open_folder(path: &Path) -> Result<File> {
    use rustix::fs::{Mode, OFlags};
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
    // Reading the folder would set its access time, and ext4 then journals the folder's inode
    // with the store's fsync, which took 0.06 ms longer for it (docs/performance.md).
    // O_NOATIME is only for the folder's owner: anyone else opens it as usual.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let opened = match rustix::fs::open(path, flags | OFlags::NOATIME, Mode::empty()) {
        Err(rustix::io::Errno::PERM) => rustix::fs::open(path, flags, Mode::empty()),
        opened => opened,
    };
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let opened = rustix::fs::open(path, flags, Mode::empty());
    opened
        .map(File::from)
        .map_err(|err| Error::from(Disk::io("open the folder", path, &err.into())))
}

#[cfg(unix)]
fn sync_folder(handle: &File, path: &Path) -> Result<()> {
    handle
        .sync_all()
        .map_err(|err| Error::from(Disk::io("sync the folder", path, &err)))
}

/// A temporary name in `folder` for `target` that no other process uses:
/// `.NAME.PID-N.todos-tmp`. Created new, it can never be a planted link; a taken name moves on
/// to the next `N`.
fn write_temp_beside(folder: &Beside, target: &Path, bytes: &[u8], mode: u32) -> Result<PathBuf> {
    write_temp_as(folder, target, bytes, mode, Durable::Synced, None).map(|(tmp, _)| tmp)
}

/// `write_temp_beside`, durable or not; with `note`, whether the folder's read for strays
/// saw a file of that name in it.
fn write_temp_as(
    folder: &Beside,
    target: &Path,
    bytes: &[u8],
    mode: u32,
    durable: Durable,
    note: Option<&str>,
) -> Result<(PathBuf, bool)> {
    let dir = folder.path;
    let name = target
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let pid = std::process::id();
    let seen = remove_dead_strays(folder, &format!(".{name}."), pid, note);
    for n in 0..100 {
        let tmp = dir.join(format!(".{name}.{pid}-{n}.todos-tmp"));
        match write_new_as(&tmp, bytes, mode, durable) {
            Ok(()) => return Ok((tmp, seen)),
            Err(err) if err.kind() == ErrorKind::AlreadyExists => {}
            Err(err) => return Err(Error::from(Disk::io("write", &tmp, &err))),
        }
    }
    Err(Disk::NoTempName {
        target: target.to_path_buf(),
    }
    .into())
}

/// Removes the temporary files that processes killed while writing beside a file left
/// (`PREFIX` is `.NAME.`: `.NAME.PID-N.todos-tmp` whose PID is gone), so a kill leaves no
/// lasting litter. Best effort; a link or anything but a regular file is left alone
/// (`remove_stray` refuses it). On Linux the folder is read through its open descriptor into
/// a small buffer, where `read_dir` would open it again and allocate 32 KiB. Whether the
/// folder held a file named `note`, as the read saw it.
fn remove_dead_strays(folder: &Beside, prefix: &str, own_pid: u32, note: Option<&str>) -> bool {
    let mut seen = false;
    let mut remove_if_dead = |file: &str| {
        seen = seen || note == Some(file);
        let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        let pid = file
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(".todos-tmp"))
            .and_then(|rest| rest.split_once('-'))
            .filter(|(pid, n)| digits(pid) && digits(n))
            .and_then(|(pid, _)| pid.parse::<u32>().ok());
        if let Some(pid) = pid
            && pid != own_pid
            && !alive(pid)
        {
            let _ = remove_stray(&folder.path.join(file));
        }
    };
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let mut buffer = [std::mem::MaybeUninit::<u8>::uninit(); 2048];
        let mut entries = rustix::fs::RawDir::new(&folder.handle, &mut buffer);
        while let Some(Ok(entry)) = entries.next() {
            if let Ok(file) = entry.file_name().to_str() {
                remove_if_dead(file);
            }
        }
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    for entry in fs::read_dir(folder.path).into_iter().flatten().flatten() {
        if let Some(file) = entry.file_name().to_str() {
            remove_if_dead(file);
        }
    }
    seen
}

/// Whether a process `pid` exists (signal 0: nothing is sent). Unsure counts as alive.
#[cfg(unix)]
fn alive(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return true;
    };
    !matches!(
        rustix::process::test_kill_process(pid),
        Err(rustix::io::Errno::SRCH)
    )
}

#[cfg(not(unix))]
fn alive(_pid: u32) -> bool {
    true
}

/// Replaces `target` whole or not at all: a new temporary file beside it, synced, renamed
/// over it, the folder synced. The caller has checked `target` (`check_file` or
/// `link_target`) and its folder (`folder`).
pub fn replace(target: &Path, bytes: &[u8], mode: u32) -> Result<()> {
    let folder = Beside::open(target)?;
    rename_over(&folder, &folder, target, bytes, mode, None).map(|_| ())
}

/// `replace`; whether the folder the temporary file was made in held a file named `note`, as
/// its read for strays saw it (so that a caller asks no more of that folder).
pub fn replace_noting(target: &Path, bytes: &[u8], mode: u32, note: &str) -> Result<bool> {
    let folder = Beside::open(target)?;
    rename_over(&folder, &folder, target, bytes, mode, Some(note))
}

/// `replace`, with the temporary file made in `temporary` (a folder of the same file system,
/// checked by the caller) instead of beside `target`: the store's temporary files stay in
/// `.todos/`, which git ignores, where a killed writer's leftover is never shown to
/// `git status`. The rename is atomic across the two folders as within one; the folder that
/// gains the name is synced. A crash that lost only the temporary name's removal would leave
/// a stray, which the next write clears.
/// With `note`, whether `temporary` held a file of that name (as `replace_noting`).
pub fn replace_from(
    temporary: &Path,
    target: &Path,
    bytes: &[u8],
    mode: u32,
    note: Option<&str>,
) -> Result<bool> {
    let destination = Beside::open(target)?;
    rename_over(
        &Beside::folder(temporary)?,
        &destination,
        target,
        bytes,
        mode,
        note,
    )
}

/// Writes a temporary file in `folder`, renames it over `target` and syncs `destination`,
/// the folder that holds `target`; with `note`, whether `folder` held a file of that name.
fn rename_over(
    folder: &Beside,
    destination: &Beside,
    target: &Path,
    bytes: &[u8],
    mode: u32,
    note: Option<&str>,
) -> Result<bool> {
    let (tmp, seen) = write_temp_as(folder, target, bytes, mode, Durable::Synced, note)?;
    if let Err(err) = fs::rename(&tmp, target) {
        let _ = fs::remove_file(&tmp);
        return Err(Error::from(Disk::io("replace", target, &err)));
    }
    destination.sync().map(|()| seen)
}

/// Clears the temporary files that writers killed while writing `target` left beside it,
/// without writing anything: for the store's old temporary files at the workspace's root,
/// from before they moved into `.todos/`.
pub fn clear_strays_beside(target: &Path) -> Result<()> {
    let folder = Beside::open(target)?;
    let name = target
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    remove_dead_strays(&folder, &format!(".{name}."), std::process::id(), None);
    Ok(())
}

/// Creates `target` with `bytes`, whole or not at all, only if no file of that name exists:
/// `Ok(false)` when one does. The file appears complete (a hard link of a synced temporary
/// file), so a process killed midway never leaves half of it under its name.
pub fn create_whole(target: &Path, bytes: &[u8]) -> Result<bool> {
    let folder = Beside::open(target)?;
    let tmp = write_temp_beside(&folder, target, bytes, NEW_FILE_MODE)?;
    let linked = fs::hard_link(&tmp, target);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => folder.sync().map(|()| true),
        Err(err) if err.kind() == ErrorKind::AlreadyExists => Ok(false),
        // A file system without hard links: create the name itself, exclusively.
        Err(_) => match write_new(target, bytes, NEW_FILE_MODE) {
            Ok(()) => folder.sync().map(|()| true),
            Err(err) if err.kind() == ErrorKind::AlreadyExists => Ok(false),
            Err(err) => Err(Error::from(Disk::io("create", target, &err))),
        },
    }
}

/// Creates the git object `target` (`objects/XX/REST`) with `bytes` as `create_whole` does,
/// but neither the file nor its folder is synced: an object's name is the hash of its
/// content, and git leaves its own loose objects to the kernel too (`core.fsync` without
/// `loose-object`, its default), where a sync each would cost a change through a remote more
/// than its fetch (docs/performance.md). Read-only, as git makes them.
pub fn create_object(target: &Path, bytes: &[u8]) -> Result<bool> {
    let folder = Beside::open(target)?;
    let (tmp, _) = write_temp_as(&folder, target, bytes, 0o444, Durable::Unsynced, None)?;
    let linked = fs::hard_link(&tmp, target);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => Ok(true),
        Err(err) if err.kind() == ErrorKind::AlreadyExists => Ok(false),
        // Never written in place under its name, where a reader or a crash could find it torn
        // and git would trust it by its name: the caller asks git's plumbing instead.
        Err(err) => Err(Error::from(Disk::io("create", target, &err))),
    }
}

/// Moves `from` to `to` only if no file named `to` exists, in one step: `Ok(false)` when one
/// does (it is left as it was). Linux renames with `RENAME_NOREPLACE`; where the file system
/// cannot, `to` is made a hard link (which refuses an existing name too) and `from` removed.
/// Both are in the same folder, checked by the caller, which syncs it.
pub fn move_to_new(from: &Path, to: &Path) -> Result<bool> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        match renameat_with(CWD, from, CWD, to, RenameFlags::NOREPLACE) {
            Ok(()) => return sync_dir(parent(to)?).map(|()| true),
            Err(rustix::io::Errno::EXIST) => return Ok(false),
            // A file system without RENAME_NOREPLACE: a hard link does the same.
            Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOSYS) => {}
            Err(err) => return Err(Error::from(Disk::io("move aside", from, &err.into()))),
        }
    }
    match fs::hard_link(from, to) {
        Ok(()) => {}
        Err(err) if err.kind() == ErrorKind::AlreadyExists => return Ok(false),
        Err(err) => return Err(Error::from(Disk::io("move aside", from, &err))),
    }
    fs::remove_file(from).map_err(|err| Error::from(Disk::io("move aside", from, &err)))?;
    sync_dir(parent(to)?).map(|()| true)
}

/// Removes a file if it is there; a link or anything but a regular file is refused, since
/// only strays of this program's own are removed.
fn remove_stray(path: &Path) -> Result<()> {
    if check_file(path)?.is_none() {
        return Ok(());
    }
    match fs::remove_file(path) {
        Err(err) if err.kind() != ErrorKind::NotFound => {
            Err(Error::from(Disk::io("remove", path, &err)))
        }
        _ => Ok(()),
    }
}

/// Makes a rename in `dir` durable: the folder's entry is synced, not only the file.
pub fn sync_dir(dir: &Path) -> Result<()> {
    #[cfg(unix)]
    sync_folder(&open_folder(dir)?, dir)?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn moving_aside_never_replaces_a_file_or_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("store");
        let taken = dir.path().join("taken");
        let link = dir.path().join("link");
        fs::write(&store, "corrupt").unwrap();
        fs::write(&taken, "keep").unwrap();
        std::os::unix::fs::symlink(&taken, &link).unwrap();
        for name in [&taken, &link] {
            assert!(!move_to_new(&store, name).unwrap());
        }
        assert_eq!(fs::read_to_string(&taken).unwrap(), "keep");
        let aside = dir.path().join("aside");
        assert!(move_to_new(&store, &aside).unwrap());
        assert_eq!(fs::read_to_string(&aside).unwrap(), "corrupt");
        assert!(!store.exists());
    }

    /// A replace says whether the folder's read for strays saw a name, past the first read
    /// of the folder as before it, and only that name.
    #[test]
    fn a_replace_notes_a_name_its_read_of_the_folder_saw() {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("store.json");
        for n in 0..300 {
            fs::write(
                dir.path().join(format!("a-file-with-a-long-name-{n:04}")),
                "",
            )
            .unwrap();
        }
        assert!(!replace_noting(&store, b"one", 0o644, ".gitignore").unwrap());
        fs::write(dir.path().join(".gitignore"), "*\n").unwrap();
        assert!(replace_noting(&store, b"two", 0o644, ".gitignore").unwrap());
        assert!(!replace_noting(&store, b"three", 0o644, ".gitignor").unwrap());
        let elsewhere = tempfile::tempdir().unwrap();
        let target = elsewhere.path().join("plan.json");
        assert!(replace_from(dir.path(), &target, b"four", 0o644, Some(".gitignore")).unwrap());
        assert!(
            !replace_from(
                elsewhere.path(),
                &target,
                b"five",
                0o644,
                Some(".gitignore")
            )
            .unwrap()
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "five");
        assert_eq!(fs::read_to_string(&store).unwrap(), "three");
    }

    #[test]
    fn a_replace_clears_dead_writers_strays_past_the_first_read_of_the_folder() {
        // Far more entries than one read of the folder holds, 20 dead writers' strays among
        // them in the folder's own order: every one is found, whatever read it comes in, and
        // nothing else is removed.
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("store.json");
        fs::write(&store, "old").unwrap();
        // The strays are made among the other entries, not after them: a folder lists its
        // entries in an order of its own (ext4 by hash, tmpfs newest first).
        let dead: Vec<PathBuf> = (0..20)
            .map(|n| {
                dir.path()
                    .join(format!(".store.json.{}-0.todos-tmp", 2_147_483_600 + n))
            })
            .collect();
        for n in 0..300 {
            fs::write(
                dir.path().join(format!("a-file-with-a-long-name-{n:04}")),
                "",
            )
            .unwrap();
            if n % 15 == 7 {
                fs::write(&dead[n / 15], "half").unwrap();
            }
        }
        let own = dir
            .path()
            .join(format!(".store.json.{}-7.todos-tmp", std::process::id()));
        let other = dir.path().join(".other.json.2147483600-0.todos-tmp");
        // Names a writer of todos never makes: a sign before the process id, a word for N.
        let odd = [
            dir.path().join(".store.json.+2147483600-0.todos-tmp"),
            dir.path().join(".store.json.2147483600-x.todos-tmp"),
        ];
        for stray in [&own, &other].into_iter().chain(&odd) {
            fs::write(stray, "half").unwrap();
        }
        replace(&store, b"new", 0o644).unwrap();
        assert_eq!(fs::read_to_string(&store).unwrap(), "new");
        let left: Vec<_> = dead.iter().filter(|stray| stray.exists()).collect();
        assert!(
            left.is_empty(),
            "dead writers' strays are removed: {left:?}"
        );
        assert!(
            own.exists(),
            "this process's own name is never taken for a stray"
        );
        assert!(
            other.exists(),
            "only strays beside the file replaced are removed"
        );
        for name in &odd {
            assert!(
                name.exists(),
                "only names todos makes are removed: {name:?}"
            );
        }
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 305);
    }
}
