//! The one door to the disk: every file `todos` writes in a workspace is written through here,
//! and every workspace file that could block is opened through here.
//!
//! `todos` runs in repositories an agent has just cloned, often from a hook that fires on its
//! own, so a repository's files are treated as an attacker's (SPEC §9). The rules:
//!
//! 1. **Inside.** Every path written resolves, links included, inside the workspace: a
//!    folder on the way is created only after its parent was checked, and a folder that is a
//!    link counts as where it points (`inside`, `folder`). A file that is a link is refused
//!    (`check_file`), but for the one place where a link is a user's choice: an instructions
//!    file such as `CLAUDE.md → AGENTS.md`, followed only when its target is inside too
//!    (`link_target`). The workspace's `.todos.config.json` is read by the same rule; the
//!    user's own config, outside any repository, may be a link (dotfiles), never a FIFO; so
//!    may the conversation an agent records, of which a hook reads the end (`tail`).
//! 2. **No links followed.** Files are opened with `O_NOFOLLOW`; a link where a store, lock,
//!    temp, log or log folder belongs is refused with `UNSAFE_PATH`, never written through.
//! 3. **Never blocks.** Opens use `O_NONBLOCK` and check the file type with `fstat` before a
//!    byte is read or written: a FIFO, socket or device where a file belongs is refused at
//!    once, whatever `--lock-timeout` says. Reads of a configuration are capped at 1 MiB.
//! 4. **Created new.** New contents go to a temporary file created with `O_CREAT|O_EXCL` (never
//!    opened through an existing file or link), synced, then renamed over the old file, and
//!    the folder synced. No file is truncated or rewritten in place. The new file's mode is the
//!    old file's, passed to `open(2)` as the creation mode, so the kernel applies the umask: a
//!    file never gets looser permissions than the umask allows, whoever owned the one it
//!    replaces. Temp names are unique per process; those a killed process left are cleared by
//!    the next write beside the same file.
//! 5. **Order.** Callers write and sync the new data before anything old is replaced, so a
//!    failure at any step (a full disk, a permission, a kill) loses nothing a later `undo` or
//!    log needs; see `Store::save` and `log::append`.
//!
//! Checks happen before the first write of a command, so a refused command leaves the
//! workspace byte for byte as it was. Which workspace is trusted at all (not one whose todos
//! files another user owns) is discovery's rule, in `context`.

use std::fs::{self, File, Metadata};
use std::io::{ErrorKind, Read, Write};
use std::path::Path;

use crate::policy::error::{Disk, Error, Result, Unsafe};

mod inside;
mod replace;

pub use inside::{Folder, folder, link_target, real_root};
pub use replace::{
    clear_strays_beside, create_object, create_whole, move_to_new, replace, replace_from,
    replace_noting, sync_dir,
};

/// The mode a new file gets when it replaces nothing; the umask takes its share.
const NEW_FILE_MODE: u32 = 0o666;

/// The error for a path a repository could use against its user; `why` completes the
/// sentence "PATH …".
pub fn unsafe_path(path: &Path, why: Unsafe) -> Error {
    Disk::Unsafe {
        path: path.to_path_buf(),
        why,
    }
    .into()
}

/// What a path's last component is, for a refusal: "is a symbolic link", "is a FIFO", ….
fn not_regular(meta: &Metadata) -> Option<Unsafe> {
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Some(Unsafe::SymbolicLink);
    }
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some(Unsafe::Folder);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some(Unsafe::Fifo);
        }
        if kind.is_socket() {
            return Some(Unsafe::Socket);
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some(Unsafe::Device);
        }
    }
    Some(Unsafe::NotRegular)
}

/// Refuses a path that is a link or anything but a regular file; an absent one is fine
/// (`None`). Looks with `lstat`, which never blocks and never follows the link.
pub fn check_file(path: &Path) -> Result<Option<Metadata>> {
    match fs::symlink_metadata(path) {
        Ok(meta) => match not_regular(&meta) {
            Some(why) => Err(unsafe_path(path, why)),
            None => Ok(Some(meta)),
        },
        Err(err) if err.kind() == ErrorKind::NotFound => Ok(None),
        Err(err) => Err(not_under_a_folder(path, &err)
            .unwrap_or_else(|| Error::from(Disk::io("look at", path, &err)))),
    }
}

/// The refusal of a path one of whose folders is not a folder (`ENOTDIR`: a `.todos` that is a
/// regular file), naming the nearest such one (SPEC §9: `UNSAFE_PATH`, never an I/O error).
fn not_under_a_folder(path: &Path, err: &std::io::Error) -> Option<Error> {
    if err.kind() != ErrorKind::NotADirectory {
        return None;
    }
    let blocking = path.ancestors().skip(1).find(|folder| {
        fs::symlink_metadata(folder).is_ok_and(|meta| !meta.is_dir() && !meta.is_symlink())
    })?;
    Some(unsafe_path(blocking, Unsafe::NotFolder))
}

/// Whether a file may be a link that is followed (a configuration in the user's home) or not
/// (anything in the workspace).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Links {
    Follow,
    Refuse,
}

/// Opens `path` for reading without blocking and without following a final link (unless
/// `links` allows it), and checks it is a regular file. `None` when it does not exist.
pub fn open_read(path: &Path, links: Links) -> Result<Option<File>> {
    Ok(open_read_meta(path, links)?.map(|(file, _)| file))
}

/// `open_read`, with the file's metadata as its `fstat` gave it (the size, the mode), so that
/// no second `fstat` asks again.
pub fn open_read_meta(path: &Path, links: Links) -> Result<Option<(File, Metadata)>> {
    match open(path, links, Access::Read) {
        Ok(file) => regular(path, file).map(Some),
        Err(err) if err.kind() == ErrorKind::NotFound => Ok(None),
        Err(err) => Err(refusal_or_io(path, links, "read", &err)),
    }
}

/// How much of a file `read` takes before it refuses it: every file read whole has a cap, so
/// a planted 5 GB file costs nothing.
#[derive(Clone, Copy)]
pub enum Cap<'a> {
    /// Input (a configuration, `--file`): `json::MAX_INPUT_BYTES`, its refusal naming `source`.
    Input(&'a str),
    /// A file of the workspace's own (a store, a log, an agent's settings): at most this many
    /// bytes, refused with `INVALID_PARAM` when larger.
    Bytes(u64),
}

/// The most of a store or a history that is ever read (SPEC §9).
pub const MAX_STORE_BYTES: u64 = crate::policy::cap::Cap::StoreBytes.value();

/// Reads a whole file through `open_read`, refusing (without reading the rest, or anything
/// when its size already says so) more than `cap`.
pub fn read(path: &Path, links: Links, cap: Cap<'_>) -> Result<Option<Vec<u8>>> {
    Ok(read_meta(path, links, cap)?.map(|(bytes, _)| bytes))
}

/// `read`, with the metadata of the file read (its `fstat`), so that a caller that needs its
/// mode does not look at the path again.
pub fn read_meta(path: &Path, links: Links, cap: Cap<'_>) -> Result<Option<(Vec<u8>, Metadata)>> {
    let Some((file, meta)) = open_read_meta(path, links)? else {
        return Ok(None);
    };
    let max = match cap {
        Cap::Input(source) => {
            return crate::input::json::read_limited(file, source).map(|bytes| Some((bytes, meta)));
        }
        Cap::Bytes(max) => max,
    };
    let too_large = || -> Error {
        Disk::TooLarge {
            path: path.to_path_buf(),
            max,
        }
        .into()
    };
    let size = meta.len();
    if size > max {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|err| Error::from(Disk::io("read", path, &err)))?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    Ok(Some((bytes, meta)))
}

/// The last `max` bytes of a file outside the workspace that an agent names (its own record
/// of a conversation), opened as `open_read` opens any file: never blocking, a regular file
/// only, a final link followed (the file is the agent's, not the repository's). `None` when it
/// does not exist; with the bytes, whether they start at the file's beginning.
pub fn tail(path: &Path, max: u64) -> Result<Option<(Vec<u8>, bool)>> {
    use std::io::{Seek, SeekFrom};
    let Some((mut file, meta)) = open_read_meta(path, Links::Follow)? else {
        return Ok(None);
    };
    let start = meta.len().saturating_sub(max);
    file.seek(SeekFrom::Start(start))
        .map_err(|err| Error::from(Disk::io("read", path, &err)))?;
    let mut bytes = Vec::new();
    file.take(max)
        .read_to_end(&mut bytes)
        .map_err(|err| Error::from(Disk::io("read", path, &err)))?;
    Ok(Some((bytes, start == 0)))
}

/// Opens (creating it if needed) a file to append to: never a link, never anything that could
/// block. Only for a file whose lines stand alone (the history): a torn last line is passed
/// over by its reader.
///
/// The caller has looked at `path` with `check_file` before the change began (`Store::lock`),
/// so a planted link, FIFO or device is refused before anything is written; here `O_NOFOLLOW`
/// refuses a link, `O_NONBLOCK` a FIFO without a reader, and the `fstat` of what was opened
/// anything but a regular file, without a second look at the path.
pub fn open_append(path: &Path) -> Result<File> {
    let file = open(path, Links::Refuse, Access::Append)
        .map_err(|err| refusal_or_io(path, Links::Refuse, "open for appending", &err))?;
    regular(path, file).map(|(file, _)| file)
}

/// Opens a file that exists to read it and then append to it (the history a change reads
/// the end of under the lock, then appends its line to): as `open_read_meta` opens it, with
/// its `fstat`, and created never. A file this user may read but not write (or on a read-only
/// file system) is opened for reading alone: `false`, and its append opens it again, as
/// `open_append`, and says why it cannot.
pub fn open_read_append(path: &Path) -> Result<Option<(File, Metadata, bool)>> {
    match open(path, Links::Refuse, Access::ReadAppend) {
        Ok(file) => regular(path, file).map(|(file, meta)| Some((file, meta, true))),
        Err(err) if err.kind() == ErrorKind::NotFound => Ok(None),
        Err(err)
            if matches!(
                err.kind(),
                ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem
            ) =>
        {
            Ok(open_read_meta(path, Links::Refuse)?.map(|(file, meta)| (file, meta, false)))
        }
        Err(err) => Err(refusal_or_io(path, Links::Refuse, "read", &err)),
    }
}

/// Opens (creating it if needed) a lock file: never a link, never anything that could block.
/// Returns the opened file's metadata too (its `fstat`), or `None` when its folder is gone (a
/// refused change removes the `.todos/` it made): the caller looks again. The caller has looked
/// at `path` with `check_file` first, as for `open_append`.
pub fn open_lock(path: &Path) -> Result<Option<(File, Metadata)>> {
    match open(path, Links::Refuse, Access::Lock) {
        Ok(file) => regular(path, file).map(Some),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(err) => Err(refusal_or_io(
            path,
            Links::Refuse,
            "open the lock file",
            &err,
        )),
    }
}

/// Writes `bytes` to a file that must not exist yet (`O_CREAT|O_EXCL|O_NOFOLLOW`) and syncs
/// it, with `mode` masked by the umask. On failure the file is removed again: only a file this
/// call created is ever removed or truncated.
pub fn write_new(path: &Path, bytes: &[u8], mode: u32) -> std::io::Result<()> {
    write_new_as(path, bytes, mode, Durable::Synced)
}

/// Whether a new file is synced before it is named: always, but for a git object
/// (`create_object`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Durable {
    Synced,
    /// Content-addressed: left to the kernel, as git leaves its own loose objects.
    Unsynced,
}

/// `write_new`, synced or not.
pub(crate) fn write_new_as(
    path: &Path,
    bytes: &[u8],
    mode: u32,
    durable: Durable,
) -> std::io::Result<()> {
    let mut file = open(path, Links::Refuse, Access::CreateNew(mode))?;
    let written = file.write_all(bytes).and_then(|()| match durable {
        Durable::Synced => file.sync_all(),
        Durable::Unsynced => Ok(()),
    });
    if written.is_err() {
        drop(file);
        let _ = fs::remove_file(path);
    }
    written
}

/// The mode a file replacing `old` is created with: the old one's permission bits (the umask
/// still applies), or the default for a new file.
pub fn mode_of(old: Option<&Metadata>) -> u32 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        old.map_or(NEW_FILE_MODE, |meta| meta.permissions().mode() & 0o777)
    }
    #[cfg(not(unix))]
    {
        let _ = old;
        NEW_FILE_MODE
    }
}

fn parent(path: &Path) -> Result<&Path> {
    path.parent().ok_or_else(|| {
        Disk::NoFolder {
            path: path.to_path_buf(),
        }
        .into()
    })
}

#[derive(Clone, Copy)]
enum Access {
    Read,
    /// Read and write, created if absent, never truncated: a lock file.
    Lock,
    /// Write a file that must not exist yet, with this mode (the umask applies).
    CreateNew(u32),
    /// Append, created if absent: a history file.
    Append,
    /// Read and append, never created: a history file a change reads, then appends to.
    ReadAppend,
}

#[cfg(unix)]
fn open(path: &Path, links: Links, access: Access) -> std::io::Result<File> {
    use rustix::fs::{Mode, OFlags};
    let mut flags = OFlags::CLOEXEC | OFlags::NONBLOCK;
    if links == Links::Refuse {
        flags |= OFlags::NOFOLLOW;
    }
    let mut mode = Mode::empty();
    match access {
        Access::Read => flags |= OFlags::RDONLY,
        Access::Lock => {
            flags |= OFlags::RDWR | OFlags::CREATE;
            mode = Mode::from_raw_mode(NEW_FILE_MODE);
        }
        Access::CreateNew(bits) => {
            flags |= OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL;
            mode = Mode::from_raw_mode(bits);
        }
        Access::Append => {
            flags |= OFlags::WRONLY | OFlags::CREATE | OFlags::APPEND;
            mode = Mode::from_raw_mode(NEW_FILE_MODE);
        }
        Access::ReadAppend => flags |= OFlags::RDWR | OFlags::APPEND,
    }
    Ok(File::from(rustix::fs::open(path, flags, mode)?))
}

#[cfg(not(unix))]
fn open(path: &Path, _links: Links, access: Access) -> std::io::Result<File> {
    let mut options = fs::OpenOptions::new();
    match access {
        Access::Read => options.read(true),
        Access::Lock => options.read(true).write(true).create(true).truncate(false),
        Access::CreateNew(_) => options.write(true).create_new(true),
        Access::Append => options.append(true).create(true),
        Access::ReadAppend => options.read(true).append(true),
    };
    options.open(path)
}

/// Checks that an opened file is a regular one (its `fstat`, so what was opened is what is
/// checked); a FIFO opened without blocking is refused before any read.
fn regular(path: &Path, file: File) -> Result<(File, Metadata)> {
    let meta = file
        .metadata()
        .map_err(|err| Error::from(Disk::io("look at", path, &err)))?;
    match not_regular(&meta) {
        Some(why) => Err(unsafe_path(path, why)),
        None => Ok((file, meta)),
    }
}

/// An open that failed: a link where none may be (`ELOOP`) or a FIFO without a reader
/// (`ENXIO`) is a refusal naming what the path is; anything else an I/O error.
fn refusal_or_io(path: &Path, links: Links, action: &'static str, err: &std::io::Error) -> Error {
    let looked = if links == Links::Follow {
        fs::metadata(path)
    } else {
        fs::symlink_metadata(path)
    };
    if let Some(refusal) = not_under_a_folder(path, err) {
        return refusal;
    }
    match looked.ok().as_ref().and_then(not_regular) {
        Some(why) => unsafe_path(path, why),
        None => Error::from(Disk::io(action, path, err)),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_folder_walk_refuses_every_way_out() {
        let dir = tempfile::tempdir().unwrap();
        let root = real_root(dir.path()).unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), root.join("out")).unwrap();
        std::os::unix::fs::symlink("memory", root.join("in")).unwrap();
        fs::create_dir(root.join("memory")).unwrap();
        for bad in [
            "..",
            "/tmp",
            "a/../../x",
            "out/todos",
            "out",
            "in",
            "x/../out/y",
        ] {
            let err = folder(&root, Path::new(bad), true).unwrap_err();
            assert_eq!(err.code(), "UNSAFE_PATH", "{bad}: {err}");
        }
        assert_eq!(
            folder(&root, Path::new("in/todos"), true).unwrap().path,
            root.join("memory/todos")
        );
        assert_eq!(
            folder(&root, Path::new("new/deeper"), false).unwrap().path,
            root.join("new/deeper")
        );
        let mut made = folder(&root, Path::new("a/b"), true).unwrap();
        assert_eq!(made.created, [root.join("a"), root.join("a/b")]);
        made.remove_created();
        assert!(!root.join("a").exists());
        assert!(!root.join("new").exists(), "a check creates nothing");
        assert!(!root.join("x").exists(), "a refused walk creates nothing");
        assert_eq!(fs::read_dir(outside.path()).unwrap().count(), 0);
    }

    #[test]
    fn write_new_never_writes_through_an_existing_name() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, "mine").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        for name in [&victim, &link] {
            let err = write_new(name, b"evil", 0o666).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::AlreadyExists);
        }
        assert_eq!(fs::read_to_string(&victim).unwrap(), "mine");
    }
}
