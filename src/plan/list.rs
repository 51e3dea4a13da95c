//! Which plan a command works on. A workspace holds the default list, `.todos.json`, and any
//! number of named lists, `.todos/NAME.json`; each has its own lock, history, ids and session,
//! so lists never wait for each other.
//!
//! Everything `todos` keeps for itself lives in `.todos/`, which ignores it for git through a
//! `.gitignore` of its own (`store`): every list's lock `.todos/NAME.json.lock` and history
//! `.todos/NAME.history.jsonl`, the default list's under the name `default`. Only the plans
//! are left for `git status` to show.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::policy::error::{Input, Result};
use crate::policy::name::LIST_NAME;

/// The default list's store, at the workspace root.
pub const DEFAULT_STORE: &str = ".todos.json";
/// The folder of the named lists.
pub const LISTS_DIR: &str = ".todos";
/// The default list's history and lock at their old places, beside its store, before they
/// moved into `.todos/` (`legacy_paths`).
pub const LEGACY_HISTORY: &str = ".todos.history.jsonl";
pub const LEGACY_LOCK: &str = ".todos.json.lock";
/// The name that means the default list.
pub const DEFAULT_NAME: &str = "default";

/// A list's name, checked by `policy::name::LIST_NAME` (never a hidden file, `..`, or a path).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ListName(Option<String>);

impl ListName {
    pub fn default_list() -> Self {
        Self(None)
    }

    /// Checks a name given with `--list` or `TODOS_LIST`; `default` names the default list.
    pub fn parse(name: &str) -> Result<Self> {
        if name == DEFAULT_NAME {
            return Ok(Self::default_list());
        }
        match LIST_NAME.broken(name) {
            None => Ok(Self(Some(name.to_owned()))),
            Some(broken) => Input::ListName {
                name: name.to_owned(),
                broken,
                // The MCP server names its tools' `list` argument here instead.
                at: crate::policy::error::Path::flag("--list"),
            }
            .into(),
        }
    }

    pub fn is_default(&self) -> bool {
        self.0.is_none()
    }

    /// The name as users give it: `default` for the default list.
    pub fn as_str(&self) -> &str {
        self.0.as_deref().unwrap_or(DEFAULT_NAME)
    }

    /// The list's store file in `workspace`.
    pub fn store_path(&self, workspace: &Path) -> PathBuf {
        match &self.0 {
            None => workspace.join(DEFAULT_STORE),
            Some(name) => workspace.join(LISTS_DIR).join(format!("{name}.json")),
        }
    }

    /// The list's history file in `workspace`: `.todos/NAME.history.jsonl`, `NAME` being
    /// `default` for the default list.
    pub fn history_path(&self, workspace: &Path) -> PathBuf {
        workspace
            .join(LISTS_DIR)
            .join(format!("{}.history.jsonl", self.as_str()))
    }

    /// The list's lock file in `workspace`: `.todos/NAME.json.lock`, never renamed.
    pub fn lock_path(&self, workspace: &Path) -> PathBuf {
        workspace
            .join(LISTS_DIR)
            .join(format!("{}.json.lock", self.as_str()))
    }

    /// Where the default list's history and lock were kept before they moved into `.todos/`:
    /// `.todos.history.jsonl` and `.todos.json.lock`, beside the store. The first change moves
    /// what it finds there (`Store::move_old_files`). Named lists always kept theirs in `.todos/`.
    pub fn legacy_paths(&self, workspace: &Path) -> Option<Legacy> {
        self.is_default().then(|| Legacy {
            history: workspace.join(LEGACY_HISTORY),
            lock: workspace.join(LEGACY_LOCK),
        })
    }

    /// A list of `workspace` whose name is near this one's, when this named list has no store
    /// yet: `wbe` is likely a typo of `web`. `None` for the default list, a list that exists,
    /// and a name near no other.
    pub fn near(&self, workspace: &Path) -> Option<Self> {
        if self.is_default() || std::fs::symlink_metadata(self.store_path(workspace)).is_ok() {
            return None;
        }
        let lists = Self::all(workspace);
        let names = lists.iter().skip(1).map(Self::as_str);
        let near = crate::policy::suggest::closest(self.as_str(), names)?.to_owned();
        Self::parse(&near).ok()
    }

    /// Every list of the workspace that has a store: the default list first (always, even
    /// when it is empty), then the named ones by name. Files in `.todos/` that are not a valid
    /// list's store are passed over.
    pub fn all(workspace: &Path) -> Vec<Self> {
        let mut named: Vec<Self> = std::fs::read_dir(workspace.join(LISTS_DIR))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let file = entry.file_name();
                // Every list's store is `NAME.json`; todos' other files end otherwise
                // (`.json.lock`, `.history.jsonl`), so a list named like one of them
                // (`a.history`) is a list like any other, and listed.
                let name = file.to_str()?.strip_suffix(".json")?;
                Self::parse(name).ok().filter(|list| !list.is_default())
            })
            .collect();
        named.sort();
        std::iter::once(Self::default_list()).chain(named).collect()
    }
}

/// The default list's history and lock at their old places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Legacy {
    pub history: PathBuf,
    pub lock: PathBuf,
}

impl fmt::Display for ListName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        for good in ["api", "api-agent", "w1", "a.b_c", &"x".repeat(64)] {
            assert!(ListName::parse(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            ".hidden",
            "..",
            "a/b",
            "Api",
            "a b",
            &"x".repeat(65),
            "a\u{1b}",
        ] {
            assert!(ListName::parse(bad).is_err(), "{bad:?}");
        }
        assert!(ListName::parse("default").unwrap().is_default());
    }

    #[test]
    fn paths_stay_in_the_workspace() {
        let ws = Path::new("/ws");
        let api = ListName::parse("api").unwrap();
        assert_eq!(api.store_path(ws), Path::new("/ws/.todos/api.json"));
        assert_eq!(
            api.history_path(ws),
            Path::new("/ws/.todos/api.history.jsonl")
        );
        assert_eq!(api.lock_path(ws), Path::new("/ws/.todos/api.json.lock"));
        assert_eq!(api.legacy_paths(ws), None);
        let default = ListName::default_list();
        assert_eq!(default.store_path(ws), Path::new("/ws/.todos.json"));
        assert_eq!(
            default.history_path(ws),
            Path::new("/ws/.todos/default.history.jsonl")
        );
        assert_eq!(
            default.lock_path(ws),
            Path::new("/ws/.todos/default.json.lock")
        );
        assert_eq!(
            default.legacy_paths(ws),
            Some(Legacy {
                history: PathBuf::from("/ws/.todos.history.jsonl"),
                lock: PathBuf::from("/ws/.todos.json.lock"),
            })
        );
    }
}
