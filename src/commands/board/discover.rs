//! Which workspaces a board shows (SPEC §10): each PATH that is a workspace, else every
//! workspace found below it, `SEARCH_DEPTH` folders deep at most. The search never goes through
//! a link, never opens a file (it only reads folders and looks at names), and passes over
//! `SKIPPED_FOLDERS`, so a hostile tree can neither lead it out nor make it wait.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::plan::list::{DEFAULT_STORE, LISTS_DIR};
use crate::policy::board::{MAX_WORKSPACES, SEARCH_DEPTH, SKIPPED_FOLDERS};
use crate::policy::error::Warning;

/// What the user asked the board to show: a workspace, or a folder to search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Root {
    /// Shown even before it holds a plan: the current workspace, `-C`, or a PATH that is one.
    Workspace(PathBuf),
    /// Searched for workspaces, now and again while the board runs.
    Folder(PathBuf),
}

/// The workspaces found, sorted and each once, and what the search could not do.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Found {
    pub workspaces: Vec<PathBuf>,
    pub warnings: Vec<Warning>,
}

/// A folder that holds a plan: the default list's store, or the named lists' folder. What they
/// are (a link, a FIFO) is for the reader to judge: here they only mark the place.
pub fn holds_plan(dir: &Path) -> bool {
    [DEFAULT_STORE, LISTS_DIR]
        .iter()
        .any(|name| std::fs::symlink_metadata(dir.join(name)).is_ok())
}

/// Whether a PATH given on the command line is a workspace rather than a folder to search: it
/// holds a plan, or it is a repository's top (`.git`), which is where a plan starts.
pub fn is_workspace(dir: &Path) -> bool {
    holds_plan(dir) || std::fs::symlink_metadata(dir.join(".git")).is_ok()
}

/// Every workspace of `roots`, sorted by path, at most `MAX_WORKSPACES`.
pub fn find(roots: &[Root]) -> Found {
    let mut found = BTreeSet::new();
    let mut warnings = Vec::new();
    for root in roots {
        match root {
            Root::Workspace(dir) => {
                found.insert(dir.clone());
            }
            Root::Folder(dir) => {
                let before = found.len();
                search(dir, 0, &mut found);
                if found.len() == before {
                    warnings.push(Warning::NoWorkspaceUnder {
                        folder: dir.clone(),
                        depth: SEARCH_DEPTH,
                    });
                }
            }
        }
    }
    if found.len() > MAX_WORKSPACES {
        warnings.push(Warning::TooManyWorkspaces {
            found: found.len(),
            shown: MAX_WORKSPACES,
        });
    }
    Found {
        workspaces: found.into_iter().take(MAX_WORKSPACES).collect(),
        warnings,
    }
}

/// Adds `dir` if it holds a plan, then searches its folders, `depth` being its own level.
/// A folder that cannot be read is passed over: it holds nothing the user can show.
fn search(dir: &Path, depth: usize, found: &mut BTreeSet<PathBuf>) {
    if holds_plan(dir) {
        found.insert(dir.to_path_buf());
    }
    if depth >= SEARCH_DEPTH || found.len() > MAX_WORKSPACES {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut folders: Vec<PathBuf> = entries
        .flatten()
        // The entry's own type, from the folder: a link is a link, never followed.
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_dir()))
        .filter(|entry| {
            let name = entry.file_name();
            !SKIPPED_FOLDERS.iter().any(|skipped| name == *skipped)
        })
        .map(|entry| entry.path())
        .collect();
    folders.sort();
    for folder in folders {
        search(&folder, depth + 1, found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn plan(dir: &Path) {
        fs::create_dir_all(dir).unwrap();
        fs::write(dir.join(DEFAULT_STORE), "{}").unwrap();
    }

    #[test]
    fn the_search_goes_three_levels_deep_through_folders_only() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        plan(&root.join("a"));
        plan(&root.join("a/nested/deeper"));
        plan(&root.join("x/y/z"));
        plan(&root.join("x/y/z/four"));
        fs::create_dir_all(root.join("named/.todos")).unwrap();
        for skipped in ["node_modules/pkg", "target/debug", ".git/modules/m"] {
            plan(&root.join(skipped));
        }
        plan(&tmp.path().join("a/.todos/not-a-workspace"));
        let elsewhere = tempfile::tempdir().unwrap();
        plan(elsewhere.path());
        std::os::unix::fs::symlink(elsewhere.path(), root.join("link")).unwrap();
        let found = find(&[Root::Folder(root.to_path_buf())]);
        let names: Vec<String> = found
            .workspaces
            .iter()
            .map(|path| path.strip_prefix(root).unwrap().display().to_string())
            .collect();
        assert_eq!(names, ["a", "a/nested/deeper", "named", "x/y/z"]);
        assert!(found.warnings.is_empty());
    }

    #[test]
    fn a_workspace_given_is_shown_without_a_plan_and_once() {
        let tmp = tempfile::tempdir().unwrap();
        let ws = tmp.path().join("repo");
        fs::create_dir_all(ws.join(".git")).unwrap();
        assert!(is_workspace(&ws) && !holds_plan(&ws));
        let found = find(&[Root::Workspace(ws.clone()), Root::Workspace(ws.clone())]);
        assert_eq!(found.workspaces, [ws]);
    }
}
