//! Which workspaces a board shows (SPEC §10): each PATH that is a workspace, else every
//! workspace found below it, `SEARCH_DEPTH` folders deep at most. The search never goes through
//! a link, never opens a file (it only reads folders and looks at names), and passes over
//! `SKIPPED_FOLDERS`, so a hostile tree can neither lead it out nor make it wait.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::plan::list::{DEFAULT_STORE, LISTS_DIR};
use crate::policy::board::{LEFT_OUT_NAMED, MAX_WORKSPACES, SEARCH_DEPTH, SKIPPED_FOLDERS};
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
#[derive(Debug, Default, PartialEq)]
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

/// Every workspace of `roots`, sorted by path, at most `MAX_WORKSPACES`: when there are more,
/// those nearest the folders given (breadth first, level by level, each level in path order),
/// so a repository with hundreds of plan folders deep down cannot hide the user's own.
pub fn find(roots: &[Root]) -> Found {
    let mut taken = BTreeSet::new();
    let mut left_out = Vec::new();
    let mut more = 0_usize;
    let mut found_under = vec![0_usize; roots.len()];
    let mut take = |dir: &Path, root: usize, taken: &mut BTreeSet<PathBuf>| {
        if taken.contains(dir) {
            return;
        }
        found_under[root] += 1;
        if taken.len() < MAX_WORKSPACES {
            taken.insert(dir.to_path_buf());
        } else if left_out.len() < LEFT_OUT_NAMED {
            left_out.push(dir.to_path_buf());
        } else {
            more += 1;
        }
    };
    // Level 0: the workspaces given, then the folders given that hold a plan themselves.
    let mut level: Vec<(PathBuf, usize)> = Vec::new();
    for (index, root) in roots.iter().enumerate() {
        match root {
            Root::Workspace(dir) => take(dir, index, &mut taken),
            Root::Folder(dir) => level.push((dir.clone(), index)),
        }
    }
    for depth in 0..=SEARCH_DEPTH {
        level.sort();
        let mut next = Vec::new();
        for (dir, root) in &level {
            // The last level is only looked at: two names, no folder read.
            if depth == SEARCH_DEPTH {
                if holds_plan(dir) {
                    take(dir, *root, &mut taken);
                }
                continue;
            }
            // A folder that cannot be read is passed over: it holds nothing the user can show.
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut plan = false;
            for entry in entries.flatten() {
                let name = entry.file_name();
                if name == DEFAULT_STORE || name == LISTS_DIR {
                    plan = true;
                }
                // The entry's own type, from the folder: a link is a link, never followed.
                if entry.file_type().is_ok_and(|kind| kind.is_dir())
                    && !SKIPPED_FOLDERS.iter().any(|skipped| name == *skipped)
                {
                    next.push((entry.path(), *root));
                }
            }
            if plan {
                take(dir, *root, &mut taken);
            }
        }
        level = next;
    }
    let mut warnings = Vec::new();
    for (root, count) in roots.iter().zip(&found_under) {
        if let Root::Folder(dir) = root
            && *count == 0
        {
            warnings.push(Warning::NoWorkspaceUnder {
                folder: dir.clone(),
                depth: SEARCH_DEPTH,
            });
        }
    }
    if !left_out.is_empty() {
        warnings.push(Warning::TooManyWorkspaces {
            found: taken.len() + left_out.len() + more,
            shown: taken.len(),
            left_out,
        });
    }
    Found {
        workspaces: taken.into_iter().collect(),
        warnings,
    }
}

/// Where a folder given leads, every link resolved: the board remembers it when it starts,
/// and searches the folder again only while it still leads there.
#[cfg(feature = "board")]
pub fn real(dir: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(dir).ok()
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
    fn past_the_cap_the_nearest_workspaces_are_taken_and_the_rest_named() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        for n in 0..MAX_WORKSPACES + 3 {
            plan(&root.join(format!("a/deep/p{n:04}")));
        }
        plan(&root.join("mine"));
        plan(&root.join("b/two"));
        let found = find(&[Root::Folder(root.to_path_buf())]);
        assert_eq!(found.workspaces.len(), MAX_WORKSPACES);
        assert!(found.workspaces.contains(&root.join("mine")));
        assert!(found.workspaces.contains(&root.join("b/two")));
        let left_out: Vec<PathBuf> = (MAX_WORKSPACES - 2..MAX_WORKSPACES + 3)
            .map(|n| root.join(format!("a/deep/p{n:04}")))
            .collect();
        assert_eq!(
            found.warnings,
            [Warning::TooManyWorkspaces {
                found: MAX_WORKSPACES + 5,
                shown: MAX_WORKSPACES,
                left_out,
            }]
        );
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
