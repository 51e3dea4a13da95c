//! `worktrees: shared` (SPEC §6): a linked git worktree uses its main worktree's plan.
//!
//! The main worktree is found only through git's own files, and checked both ways: the linked
//! worktree's `.git` file names `<common>/worktrees/<name>`; that folder's `gitdir` file points
//! back to the `.git` file we started from; and `<common>` is the `.git` folder of a non-bare
//! main worktree, whose `.git` it is. Those files come with a repository an agent may have just
//! cloned, so they are read as `disk` reads anything hostile: never through a link, never a
//! file that could block, a few KiB at most, and a path with a control character in it is
//! refused. Each path they hold is taken only as a plain path (SPEC §9): one through `/proc`
//! (`/proc/self/cwd` "points back" to wherever todos runs) or through a link is refused, and so
//! is a main worktree or `.git` another user owns (not root, not this one), since the plan,
//! its lock and its history would be written there. Anything odd keeps the worktree's own plan,
//! and the caller warns with the reason; `init --git` refuses it (`commands/init/git.rs`).

use std::fs;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use crate::policy::cap::Cap;
use crate::policy::error::{Distrust, Owned, Through};
use crate::store::disk::{self, Links};
use crate::store::git_config;

/// The most read of one of git's pointer files: a line holding one path.
const MAX_POINTER_BYTES: u64 = Cap::PointerBytes.value();

/// The most read of a repository's config for `core.bare`: far past any real one.
const MAX_CONFIG_BYTES: u64 = Cap::InputBytes.value();

/// The main worktree whose plan the linked worktree at `worktree` shares; `Ok(None)` when
/// `worktree` is not a linked worktree (no `.git`, or a `.git` folder: a main worktree or a
/// plain repository); `Err` with the reason when something does not hold.
pub fn main_of(worktree: &Path) -> Result<Option<PathBuf>, Distrust> {
    let dot_git = worktree.join(".git");
    match fs::symlink_metadata(&dot_git) {
        Ok(meta) if meta.is_dir() => return Ok(None),
        Ok(meta) if meta.is_file() => {}
        Ok(_) => return Err(Distrust::NotRegularFile { path: dot_git }),
        Err(_) => return Ok(None),
    }
    let common = linked_common(&dot_git)?;
    let common = common.as_path();
    if common.file_name().is_none_or(|name| name != ".git") {
        return Err(Distrust::Bare {
            common: common.to_path_buf(),
        });
    }
    let Some(main) = common.parent() else {
        return Err(Distrust::NoMainWorktree {
            common: common.to_path_buf(),
        });
    };
    if !fs::symlink_metadata(common).is_ok_and(|meta| meta.is_dir()) {
        return Err(Distrust::NotMainGit {
            common: common.to_path_buf(),
            main: main.to_path_buf(),
        });
    }
    trusted(common)?;
    if bare(common)? {
        return Err(Distrust::BareByConfig {
            common: common.to_path_buf(),
        });
    }
    Ok(Some(main.to_path_buf()))
}

/// The common git folder of the linked worktree whose `.git` file is `dot_git`, checked both
/// ways: the file names `<common>/worktrees/<name>`, whose `gitdir` file points back to it (and
/// whose `commondir`, when there is one, names `<common>`), every path a plain one.
/// The reason, when it does not hold.
pub fn linked_common(dot_git: &Path) -> Result<PathBuf, Distrust> {
    let admin = named_by(dot_git)?;
    let names = admin
        .parent()
        .filter(|parent| parent.file_name().is_some_and(|name| name == "worktrees"));
    let Some(common) = names.and_then(Path::parent) else {
        return Err(Distrust::NotInWorktrees {
            file: dot_git.to_path_buf(),
            names: admin,
        });
    };
    let back_file = admin.join("gitdir");
    let back = plain(&back_file, &pointer(&back_file, "", &admin)?)?;
    if back != real(dot_git, dot_git)? {
        return Err(Distrust::NotBack {
            file: back_file,
            points_to: back,
            from: dot_git.to_path_buf(),
        });
    }
    let common_file = admin.join("commondir");
    if fs::symlink_metadata(&common_file).is_ok() {
        let listed = plain(&common_file, &pointer(&common_file, "", &admin)?)?;
        if listed != common {
            return Err(Distrust::OtherCommon {
                file: common_file,
                names: listed,
                common: common.to_path_buf(),
            });
        }
    }
    Ok(common.to_path_buf())
}

/// The folder a `.git` file names (`gitdir: …`): a linked worktree's folder in
/// `<common>/worktrees/`, or a submodule's repository; a plain path, relative to the folder
/// the file lies in.
pub fn named_by(dot_git: &Path) -> Result<PathBuf, Distrust> {
    let top = real(dot_git.parent().unwrap_or(Path::new(".")), dot_git)?;
    plain(dot_git, &pointer(dot_git, "gitdir: ", &top)?)
}

/// Refuses a main worktree, or its `.git`, that another user owns (not root, not this one):
/// that user chose what lies there.
pub fn trusted(common: &Path) -> Result<(), Distrust> {
    if let Some(main) = common.parent()
        && let Some(uid) = foreign_owner(main)
    {
        return Err(Distrust::Foreign {
            what: Owned::MainWorktree,
            path: main.to_path_buf(),
            uid,
        });
    }
    match foreign_owner(common) {
        Some(uid) => Err(Distrust::Foreign {
            what: Owned::MainWorktreeGit,
            path: common.to_path_buf(),
            uid,
        }),
        None => Ok(()),
    }
}

/// The owner of `path` when it is another user than this one or root.
#[cfg(unix)]
pub fn foreign_owner(path: &Path) -> Option<u32> {
    foreign_uid(&fs::symlink_metadata(path).ok()?)
}

/// The owner of a file looked at already (`meta`), when it is another user than this one or
/// root.
#[cfg(unix)]
pub fn foreign_uid(meta: &fs::Metadata) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let uid = meta.uid();
    (uid != 0 && uid != own_uid()).then_some(uid)
}

/// This process's effective user id, asked once: todos never changes it, and a run compares
/// every file it trusts with it (a workspace's files, `.git`, the folder above).
#[cfg(unix)]
pub fn own_uid() -> u32 {
    static UID: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *UID.get_or_init(|| rustix::process::geteuid().as_raw())
}

#[cfg(not(unix))]
pub fn foreign_uid(_meta: &fs::Metadata) -> Option<u32> {
    None
}

#[cfg(not(unix))]
pub fn foreign_owner(_path: &Path) -> Option<u32> {
    None
}

/// `path`, which git's file `file` holds, taken only as a plain path: not through `/proc`, and
/// through no link, as written (a `..` after a link is refused too, since the kernel and the
/// text would disagree on where it leads); lexically normal. The reason, when not.
pub fn plain(file: &Path, path: &Path) -> Result<PathBuf, Distrust> {
    let refuse = |through: Through| Distrust::NotPlain {
        file: file.to_path_buf(),
        path: path.to_path_buf(),
        through,
    };
    let mut normal = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                normal.pop();
            }
            other => {
                normal.push(other);
                if fs::symlink_metadata(&normal).is_ok_and(|meta| meta.file_type().is_symlink()) {
                    return Err(refuse(if normal.starts_with("/proc") {
                        Through::Proc
                    } else {
                        Through::Link
                    }));
                }
            }
        }
        if normal.starts_with("/proc") {
            return Err(refuse(Through::Proc));
        }
    }
    if real(&normal, file)? != normal {
        return Err(refuse(Through::Link));
    }
    Ok(normal)
}

/// The path one of git's pointer files holds after `prefix` (`gitdir: `), relative to `base`
/// when it is not absolute.
fn pointer(file: &Path, prefix: &str, base: &Path) -> Result<PathBuf, Distrust> {
    let unreadable = |why: String| Distrust::Unreadable {
        file: file.to_path_buf(),
        why,
    };
    let opened = disk::open_read(file, Links::Refuse).map_err(|err| Distrust::Refused {
        file: file.to_path_buf(),
        why: Box::new(err),
    })?;
    let Some(opened) = opened else {
        return Err(Distrust::Missing {
            file: file.to_path_buf(),
        });
    };
    let mut bytes = Vec::new();
    opened
        .take(MAX_POINTER_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| unreadable(err.to_string()))?;
    if bytes.len() as u64 > MAX_POINTER_BYTES {
        return Err(Distrust::TooLarge {
            file: file.to_path_buf(),
        });
    }
    let text = std::str::from_utf8(&bytes).map_err(|_| Distrust::NotUtf8 {
        file: file.to_path_buf(),
    })?;
    let line = text.strip_suffix('\n').unwrap_or(text);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let Some(path) = line.strip_prefix(prefix).filter(|path| !path.is_empty()) else {
        return Err(Distrust::NoPath {
            file: file.to_path_buf(),
            prefixed: !prefix.is_empty(),
        });
    };
    if path.chars().any(crate::policy::text::forbidden_char) {
        return Err(Distrust::ControlCharacter {
            file: file.to_path_buf(),
        });
    }
    Ok(base.join(path))
}

/// `path` with every link resolved, or why it cannot be (`from` names the file that led there).
fn real(path: &Path, from: &Path) -> Result<PathBuf, Distrust> {
    fs::canonicalize(path).map_err(|_| Distrust::LeadsNowhere {
        from: from.to_path_buf(),
        path: path.to_path_buf(),
    })
}

/// Whether the repository's config says it is bare, read as git reads `core.bare`; a value
/// git would refuse is a reason, never taken as false.
fn bare(common: &Path) -> Result<bool, Distrust> {
    let path = common.join("config");
    let Ok(Some(file)) = disk::open_read(&path, Links::Refuse) else {
        return Ok(false);
    };
    let mut bytes = Vec::new();
    if file.take(MAX_CONFIG_BYTES).read_to_end(&mut bytes).is_err() {
        return Ok(false);
    }
    let text = String::from_utf8_lossy(&bytes);
    let Some(setting) = git_config::value(&text, "core", "bare") else {
        return Ok(false);
    };
    setting.boolean().map_err(|()| Distrust::NotBoolean {
        config: path.clone(),
        value: setting.text().to_owned(),
    })
}

/// `../main`: how to get from `from` to `to`, both absolute, for the note that names the plan.
pub fn relative(from: &Path, to: &Path) -> PathBuf {
    let from: Vec<_> = from.components().collect();
    let to_parts: Vec<_> = to.components().collect();
    let common = from
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    if common == 0 {
        return to.to_path_buf();
    }
    let mut path = PathBuf::new();
    for _ in common..from.len() {
        path.push("..");
    }
    for part in &to_parts[common..] {
        path.push(part);
    }
    if path.as_os_str().is_empty() {
        path.push(".");
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_climb_then_descend() {
        assert_eq!(
            relative(Path::new("/r/w1"), Path::new("/r/main")),
            Path::new("../main")
        );
        assert_eq!(
            relative(Path::new("/r/a/b"), Path::new("/r/main")),
            Path::new("../../main")
        );
        assert_eq!(relative(Path::new("/r"), Path::new("/r")), Path::new("."));
    }

    #[test]
    fn odd_pointers_keep_the_worktrees_own_plan_with_a_reason() {
        let tmp = tempfile::tempdir().unwrap();
        // git writes real paths; a temporary folder may lie behind a link (macOS's /var).
        let real_tmp = fs::canonicalize(tmp.path()).unwrap();
        let dir = real_tmp.as_path();
        let wt = dir.join("wt");
        fs::create_dir_all(&wt).unwrap();
        assert_eq!(main_of(&wt), Ok(None));
        fs::write(wt.join(".git"), "not a pointer\n").unwrap();
        assert!(
            main_of(&wt)
                .unwrap_err()
                .to_string()
                .contains("does not hold \"gitdir: \"")
        );
        fs::write(wt.join(".git"), "gitdir: /nonexistent/.git/worktrees/wt\n").unwrap();
        assert!(
            main_of(&wt)
                .unwrap_err()
                .to_string()
                .contains("does not exist")
        );
        // An admin folder outside any worktrees/ folder.
        fs::create_dir_all(dir.join("elsewhere")).unwrap();
        fs::write(
            wt.join(".git"),
            format!("gitdir: {}\n", dir.join("elsewhere").display()),
        )
        .unwrap();
        assert!(
            main_of(&wt)
                .unwrap_err()
                .to_string()
                .contains("not a folder in a repository's worktrees/")
        );
        // A pointer that does not point back.
        let admin = dir.join("main/.git/worktrees/wt");
        fs::create_dir_all(&admin).unwrap();
        fs::write(wt.join(".git"), format!("gitdir: {}\n", admin.display())).unwrap();
        fs::write(admin.join("gitdir"), "/somewhere/else/.git\n").unwrap();
        assert!(
            main_of(&wt)
                .unwrap_err()
                .to_string()
                .contains("does not exist")
        );
        fs::create_dir_all(dir.join("other")).unwrap();
        fs::write(dir.join("other/.git"), "x").unwrap();
        fs::write(
            admin.join("gitdir"),
            format!("{}\n", dir.join("other/.git").display()),
        )
        .unwrap();
        assert!(
            main_of(&wt)
                .unwrap_err()
                .to_string()
                .contains("not back to")
        );
        // Pointing back: shared.
        fs::write(
            admin.join("gitdir"),
            format!("{}\n", wt.join(".git").display()),
        )
        .unwrap();
        let main = main_of(&wt).unwrap().unwrap();
        assert_eq!(
            fs::canonicalize(main).unwrap(),
            fs::canonicalize(dir.join("main")).unwrap()
        );
        // A control character in a path.
        fs::write(admin.join("gitdir"), "/a\u{1b}[31m/.git\n").unwrap();
        assert!(
            main_of(&wt)
                .unwrap_err()
                .to_string()
                .contains("control character")
        );
    }
}
