//! `todos init --git`: lets git merge plans with `todos merge-file` (SPEC §6b). Two files:
//! - `.gitattributes` (committed, so every clone names the driver for the plans): a marked block
//!   `.todos.json merge=todos`, `.todos/*.json merge=todos`, written by `init` as its other
//!   blocks are;
//! - the repository's own `.git/config` (a linked worktree's is the main one's, found through
//!   git's own files and checked both ways): a marked block with `[merge "todos"]`, which git
//!   never copies to a clone, so each clone runs `init --git` once. With `--remote NAME` the
//!   block also holds `todos.remote` and the fetch refspec of `refs/todos/*` (SPEC §11), and
//!   `--share` suggests the remote in `.todos.config.json`.
//!
//! `.git/config` is written here, not by running `git config`: through `disk`, like every file
//! `todos` writes, so a link where the file belongs is refused (git's own lockfile follows it to
//! its target), nothing can block, and the user's bytes stay as they are around our block. The
//! new file is git's own lock file, `.git/config.lock`, created new and renamed over the config:
//! a `git config` running at the same time fails cleanly on it, and so do we on its.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::block::{Markers, with_block};
use super::files::{Action, Change};
use crate::context::Context;
use crate::policy::error::{Disk, Distrust, Error, Holds, Owned, Result, Setup, Unsafe};
use crate::policy::text::escape;
use crate::store::disk::{self, Links};
use crate::store::{git_config, worktree};
use serde_json::Value;

/// The name git knows the driver by, in `.gitattributes` and `.git/config`.
pub const DRIVER: &str = "todos";

/// What `.gitattributes` holds, between its markers.
pub const ATTRIBUTES: &str = ".todos.json merge=todos\n.todos/*.json merge=todos\n";

pub const ATTRIBUTES_MARKERS: Markers = Markers {
    begin_mark: "# todos:begin",
    begin: "# todos:begin (written by `todos init --git`: git merges plans with todos merge-file)",
    end: "# todos:end",
};

const CONFIG_MARKERS: Markers = Markers {
    begin_mark: "# todos:begin",
    begin: "# todos:begin (written by `todos init --git`)",
    end: "# todos:end",
};

/// The driver's section in `.git/config`.
const SECTION: &str = "[merge \"todos\"]
\tname = todos: merges plans item by item
\tdriver = todos merge-file %O %A %B
";

/// The clone's settings for a remote that holds its plans: `todos.remote`, and the fetch
/// refspec of `refs/todos/*` (SPEC §11).
fn remote_section(name: &str) -> String {
    format!(
        "[todos]\n\tremote = {name}\n[remote \"{name}\"]\n\tfetch = +{0}*:{0}*\n",
        crate::store::remote::REF_PREFIX
    )
}

/// The largest `.git/config` read: far past any real one.
const MAX_CONFIG_BYTES: u64 = crate::policy::cap::Cap::InputBytes.value();

/// The driver's registration, computed before anything is written.
pub struct GitConfig {
    /// The repository's `.git/config`.
    pub path: PathBuf,
    old: Option<String>,
    new: String,
    /// The user already has a `[merge "todos"]` section of their own: it is left as it is.
    pub users_own: bool,
    /// `--remote NAME`: the remote the clone's plans live on (SPEC §11).
    remote: Option<String>,
}

impl GitConfig {
    /// Finds the repository of `workspace` and computes its config with the driver in it.
    pub fn new(workspace: &Path, remote: Option<&str>) -> Result<Self> {
        let common = common_dir(workspace)?;
        let path = common.join("config");
        let meta = disk::check_file(&path)?;
        if meta
            .as_ref()
            .is_some_and(|meta| meta.len() > MAX_CONFIG_BYTES)
        {
            return Setup::GitConfigTooLarge {
                path,
                max: MAX_CONFIG_BYTES,
            }
            .into();
        }
        let old = match disk::read(&path, Links::Refuse, disk::Cap::Bytes(MAX_CONFIG_BYTES))? {
            Some(bytes) => Some(
                String::from_utf8(bytes)
                    .map_err(|_| Error::from(Setup::GitConfigNotUtf8 { path: path.clone() }))?,
            ),
            None => None,
        };
        let users_own = old
            .as_deref()
            .is_some_and(|old| has_own_section(old, &CONFIG_MARKERS));
        // With a remote: `todos.remote`, and the fetch refspec that brings the plans with
        // every `git fetch` (git reads `[remote "NAME"]` again in the block, adding to the
        // user's own section of that name).
        let mut section = if users_own {
            String::new()
        } else {
            SECTION.to_owned()
        };
        if let Some(name) = remote {
            section.push_str(&remote_section(name));
        }
        let new = match &old {
            Some(old) if section.is_empty() => old.clone(),
            old => with_block(
                old.as_deref(),
                &CONFIG_MARKERS.wrap(&section),
                &path,
                &CONFIG_MARKERS,
            )?,
        };
        Ok(Self {
            path,
            old,
            new,
            users_own,
            remote: remote.map(ToOwned::to_owned),
        })
    }

    /// Writes the config when it changes, and says so in `init`'s words: what happened to it
    /// and what it holds.
    /// With `dry_run`, writes nothing and says what it would write, the lines it changes too.
    pub fn apply_and_describe(&self, workspace: &Path, dry_run: bool) -> Result<(String, Action)> {
        let what = match &self.remote {
            Some(remote) => Holds::MergeDriverAndRemote {
                users_own: self.users_own,
                remote: remote.clone(),
            },
            None => Holds::MergeDriver {
                users_own: self.users_own,
            },
        };
        let path = self.path.strip_prefix(workspace).unwrap_or(&self.path);
        let shown = escape(&path.display().to_string()).into_owned();
        if dry_run {
            let action = Action::of(self.old.as_deref(), &self.new);
            let mut line = format!("{} {shown}: {what}\n", action.would());
            if action != Action::Unchanged {
                line.push_str(&super::files::diff(self.old.as_deref(), &self.new));
            }
            return Ok((line, action));
        }
        let action = self.apply()?;
        Ok((format!("{} {shown}: {what}\n", action.as_str()), action))
    }

    /// Writes the config when it changes, through git's own lock file.
    fn apply(&self) -> Result<Action> {
        let action = match &self.old {
            Some(old) if *old == self.new => return Ok(Action::Unchanged),
            Some(_) => Action::Updated,
            None => Action::Created,
        };
        let current = disk::check_file(&self.path)?;
        let mut lock = self.path.clone().into_os_string();
        lock.push(".lock");
        let lock = PathBuf::from(lock);
        match disk::write_new(&lock, self.new.as_bytes(), disk::mode_of(current.as_ref())) {
            Ok(()) => {}
            Err(err) if err.kind() == ErrorKind::AlreadyExists => {
                return Setup::GitLocked { lock }.into();
            }
            Err(err) => return Err(Error::from(Disk::io("write", &lock, &err))),
        }
        if let Err(err) = fs::rename(&lock, &self.path) {
            let _ = fs::remove_file(&lock);
            return Err(Error::from(Disk::io("replace", &self.path, &err)));
        }
        disk::sync_dir(self.path.parent().unwrap_or(Path::new(".")))?;
        Ok(action)
    }
}

/// Whether `config` holds a `[merge "todos"]` section outside todos' own block (the user's
/// own driver, kept as it is). Section names are case-insensitive; `[merge.todos]` is git's
/// older spelling.
fn has_own_section(config: &str, markers: &Markers) -> bool {
    let mut ours = false;
    for line in config.lines() {
        let line = line.trim();
        if line.starts_with(markers.begin_mark) {
            ours = true;
        } else if line.starts_with(markers.end) {
            ours = false;
        } else if !ours && is_driver_header(line) {
            return true;
        }
    }
    false
}

fn is_driver_header(line: &str) -> bool {
    let Some(inside) = line
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .map(|(inside, _)| inside.trim())
    else {
        return false;
    };
    if let Some((section, sub)) = inside.split_once(char::is_whitespace) {
        return section.eq_ignore_ascii_case("merge") && sub.trim() == format!("\"{DRIVER}\"");
    }
    inside.eq_ignore_ascii_case(&format!("merge.{DRIVER}"))
}

/// The repository's common git folder, where its config lives: `.git` of the nearest folder
/// upwards that has one. In a linked worktree `.git` is a file naming
/// `<common>/worktrees/<name>`, whose `gitdir` must point back to that file and whose
/// `commondir` names `<common>`; in a submodule it names the submodule's repository, whose
/// config's `core.worktree` must point back. Every path is taken only as a plain one (no link,
/// nothing through `/proc`), and a repository another user owns is not written to (SPEC §9):
/// anything else is refused, so a planted `.git` file cannot send the write to another
/// repository.
pub(crate) fn common_dir(workspace: &Path) -> Result<PathBuf> {
    // The `lstat` that finds `.git` is the one every check below reads.
    let Some((top, dot, meta)) = workspace.ancestors().find_map(|dir| {
        let dot = dir.join(".git");
        let meta = fs::symlink_metadata(&dot).ok()?;
        Some((dir, dot, meta))
    }) else {
        return Setup::NotInGit {
            workspace: workspace.to_path_buf(),
        }
        .into();
    };
    let refused = |why: Distrust| Error::from(Setup::Untrusted { why });
    let common = if meta.is_dir() {
        trusted_repository(top, &dot, &meta).map_err(refused)?;
        dot.clone()
    } else if meta.is_file() {
        pointed(&dot).map_err(refused)?
    } else {
        return Err(disk::unsafe_path(&dot, Unsafe::NotGitFileOrFolder));
    };
    if fs::symlink_metadata(common.join("HEAD")).is_err() {
        return Setup::NoHead { common }.into();
    }
    Ok(common)
}

/// What `init --git` says to do about a pointer or a repository it does not trust.
/// A repository's own `.git` folder and the folder it lies in, owned by this user or root.
/// `dot_meta` is what an `lstat` of `dot` gave.
fn trusted_repository(
    top: &Path,
    dot: &Path,
    dot_meta: &fs::Metadata,
) -> std::result::Result<(), Distrust> {
    let foreign = [
        (top, Owned::Repository, worktree::foreign_owner(top)),
        (dot, Owned::RepositoryGit, worktree::foreign_uid(dot_meta)),
    ];
    for (path, what, uid) in foreign {
        if let Some(uid) = uid {
            return Err(Distrust::Foreign {
                what,
                path: path.to_path_buf(),
                uid,
            });
        }
    }
    Ok(())
}

/// The common folder of the repository whose `.git` file is `dot`, checked both ways.
fn pointed(dot: &Path) -> std::result::Result<PathBuf, Distrust> {
    let named = worktree::named_by(dot)?;
    // A submodule: its `.git` file names the repository's own folder (in the superproject's
    // `.git/modules/`), whose config's `core.worktree` points back to the submodule.
    if fs::symlink_metadata(named.join("gitdir")).is_err()
        && fs::symlink_metadata(named.join("HEAD")).is_ok()
    {
        let config_path = named.join("config");
        let config = disk::read(
            &config_path,
            Links::Refuse,
            disk::Cap::Bytes(MAX_CONFIG_BYTES),
        )
        .ok()
        .flatten()
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
        let top = dot.parent().unwrap_or(Path::new("."));
        let back = match git_config::value(&config, "core", "worktree") {
            Some(git_config::Setting::Value(back)) => {
                Some(worktree::plain(&config_path, &named.join(back))?)
            }
            _ => None,
        };
        if back.is_none() || fs::canonicalize(top).ok() != back {
            return Err(Distrust::NotBackFromModule {
                file: dot.to_path_buf(),
                names: named,
            });
        }
        if let Some(uid) = worktree::foreign_owner(&named) {
            return Err(Distrust::Foreign {
                what: Owned::Repository,
                path: named,
                uid,
            });
        }
        return Ok(named);
    }
    let common = worktree::linked_common(dot)?;
    worktree::trusted(&common)?;
    Ok(common)
}

/// `--remote`'s value: a git remote's name.
pub fn remote_name(text: &str) -> std::result::Result<String, String> {
    if crate::store::config::is_remote_name(text) {
        Ok(text.to_owned())
    } else {
        Err(crate::policy::sentences::setting_value(
            crate::policy::settings::Setting::Remote,
        ))
    }
}

/// `--share`: `"remote": NAME` in the workspace's `.todos.config.json`, every other key kept.
pub fn share(ctx: &Context, remote: &str) -> Result<(Change, Vec<Holds>)> {
    let name = crate::store::config::WORKSPACE_CONFIG;
    let path = ctx.workspace.join(name);
    disk::check_file(&path)?;
    let value = remote.to_owned();
    let change = Change::new(name, &path, move |old, path| {
        let mut object = match old {
            Some(text) if !text.trim().is_empty() => match serde_json::from_str::<Value>(text) {
                Ok(Value::Object(object)) => object,
                _ => {
                    return crate::policy::error::Setup::Unreadable {
                        path: path.to_path_buf(),
                        why: crate::policy::error::Shape::NotJsonObject,
                    }
                    .into();
                }
            },
            _ => serde_json::Map::new(),
        };
        object.insert("remote".to_owned(), Value::String(value.clone()));
        let mut text = serde_json::to_string_pretty(&Value::Object(object)).unwrap_or_default();
        text.push('\n');
        Ok(text)
    })?;
    Ok((
        change,
        vec![Holds::SuggestedRemote {
            remote: remote.to_owned(),
        }],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_users_own_driver_section_is_recognised_in_any_spelling() {
        for own in [
            "[merge \"todos\"]\n\tdriver = mine\n",
            "[core]\n[MERGE  \"todos\"] # mine\n",
            "[merge.todos]\n",
        ] {
            assert!(has_own_section(own, &CONFIG_MARKERS), "{own:?}");
        }
        let ours = CONFIG_MARKERS.wrap(SECTION);
        for not_own in [
            "[merge \"other\"]\n",
            "[merge \"Todos\"]\n",
            "# [merge \"todos\"]\n",
            ours.as_str(),
        ] {
            assert!(!has_own_section(not_own, &CONFIG_MARKERS), "{not_own:?}");
        }
    }

    #[test]
    fn the_block_is_added_after_the_users_lines_and_only_once() {
        let user = "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = x\n";
        let block = CONFIG_MARKERS.wrap(SECTION);
        let once = with_block(Some(user), &block, Path::new("config"), &CONFIG_MARKERS).unwrap();
        assert!(once.starts_with(user));
        assert!(once.ends_with(&block));
        let twice = with_block(Some(&once), &block, Path::new("config"), &CONFIG_MARKERS).unwrap();
        assert_eq!(once, twice);
    }
}
