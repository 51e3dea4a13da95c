//! Rule 1 of `disk.rs`, **Inside**: where a path leads once its links are followed, whether
//! that is inside the workspace, and the folders a write creates on the way (checked one by
//! one, each only after its parent).

use std::ffi::OsString;
use std::fs;
use std::io::ErrorKind;
use std::path::{Component, Path, PathBuf};

use super::{check_file, parent, unsafe_path};
use crate::policy::error::{Disk, Error, Result, Unsafe};

/// The workspace as the kernel sees it, links resolved: what "inside" is measured against.
pub fn real_root(workspace: &Path) -> Result<PathBuf> {
    fs::canonicalize(workspace)
        .map_err(|err| Error::from(Disk::io("resolve the workspace", workspace, &err)))
}

/// Refuses `real` (a path with links resolved) unless it lies inside `root` (resolved too).
pub fn inside(root: &Path, real: &Path, shown: &Path) -> Result<()> {
    if real.starts_with(root) {
        Ok(())
    } else {
        Err(unsafe_path(
            shown,
            Unsafe::Outside {
                real: real.to_path_buf(),
                root: root.to_path_buf(),
            },
        ))
    }
}

/// The folder `relative` names inside the workspace `root` (resolved with `real_root`), its
/// links resolved; with `create`, missing folders are made one at a time, each after its
/// parent was checked. Refused: an absolute path, a path or link that leads outside the
/// workspace, a last component that is a link (a log folder is never one), anything on the
/// way that is not a folder. Without `create`, a missing part ends the walk: it cannot be a
/// link, and the result is where the folder will be.
pub fn folder(root: &Path, relative: &Path, create: bool) -> Result<Folder> {
    let mut made = Folder {
        path: PathBuf::new(),
        created: Vec::new(),
    };
    let walked = walk(root, relative, create, &mut made.created);
    match walked {
        Ok(path) => {
            made.path = path;
            Ok(made)
        }
        Err(err) => {
            made.remove_created();
            Err(err)
        }
    }
}

/// A folder `folder` found or made, and the folders it made on the way (outermost first), so
/// a change that fails afterwards can leave the workspace as it was.
#[derive(Debug, Default)]
pub struct Folder {
    pub path: PathBuf,
    pub created: Vec<PathBuf>,
}

impl Folder {
    /// Removes the folders this walk made, innermost first, as long as they are empty.
    pub fn remove_created(&mut self) {
        for dir in self.created.drain(..).rev() {
            let _ = fs::remove_dir(dir);
        }
    }
}

fn walk(root: &Path, relative: &Path, create: bool, created: &mut Vec<PathBuf>) -> Result<PathBuf> {
    let shown = root.join(relative);
    let parts = normalized(relative).ok_or_else(|| unsafe_path(&shown, Unsafe::LeadsOutside))?;
    let mut at = root.to_path_buf();
    for (index, name) in parts.iter().enumerate() {
        at.push(name);
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                if index + 1 == parts.len() {
                    return Err(unsafe_path(&at, Unsafe::SymbolicLink));
                }
                at = fs::canonicalize(&at)
                    .map_err(|err| Error::from(Disk::io("resolve", &at, &err)))?;
                inside(root, &at, &shown)?;
            }
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => return Err(unsafe_path(&at, Unsafe::NotFolder)),
            Err(err) if err.kind() == ErrorKind::NotFound => {
                if !create {
                    // Nothing below a missing folder exists: no link can be on the rest.
                    return Ok(parts[index + 1..]
                        .iter()
                        .fold(at, |path, name| path.join(name)));
                }
                match fs::create_dir(&at) {
                    Ok(()) => created.push(at.clone()),
                    // Another process made it first: look again, it may not be a folder.
                    Err(err) if err.kind() == ErrorKind::AlreadyExists => {
                        return walk(root, relative, create, created);
                    }
                    Err(err) => return Err(Error::from(Disk::io("create the folder", &at, &err))),
                }
            }
            Err(err) => return Err(Error::from(Disk::io("look at", &at, &err))),
        }
    }
    Ok(at)
}

/// The names of a relative path with `.` and `..` taken out, as written (not as links would
/// resolve them: the walk in `folder` goes down these names only, so what it checks is what
/// is used). `None` for an absolute path or one whose `..` climbs above its start.
fn normalized(relative: &Path) -> Option<Vec<OsString>> {
    let mut parts = Vec::new();
    for part in relative.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::Normal(name) => parts.push(name.to_owned()),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts)
}

/// Where writing `path` (a file in a folder already checked with `folder`) lands: `path`
/// itself, or the target of a link that resolves inside the workspace `root`. Anything else
/// (a link leading out, a link to a link's dangling chain outside, a FIFO) is refused.
pub fn link_target(root: &Path, path: &Path) -> Result<PathBuf> {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Ok(path.to_path_buf());
    };
    if !meta.file_type().is_symlink() {
        check_file(path)?;
        return Ok(path.to_path_buf());
    }
    let target = match fs::canonicalize(path) {
        Ok(target) => target,
        // A dangling link (`CLAUDE.md → AGENTS.md` before AGENTS.md exists): its folder must
        // resolve, and the file is created there.
        Err(err) if err.kind() == ErrorKind::NotFound => {
            let link = fs::read_link(path)
                .map_err(|err| Error::from(Disk::io("read the link", path, &err)))?;
            let joined = parent(path)?.join(link);
            let dir = fs::canonicalize(parent(&joined)?)
                .map_err(|_| unsafe_path(path, Unsafe::LinkToMissingFolder))?;
            let name: OsString = joined
                .file_name()
                .ok_or_else(|| unsafe_path(path, Unsafe::LinkToFolder))?
                .to_owned();
            dir.join(name)
        }
        Err(err) => return Err(Error::from(Disk::io("resolve", path, &err))),
    };
    inside(root, &target, path)?;
    check_file(&target)?;
    Ok(target)
}
