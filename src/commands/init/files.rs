//! The files `todos init` edits: each named once in a `Plan` with its edits, every new text
//! computed (`Change::new`) before anything is written, then written whole through `disk`
//! (`Change::apply`), inside the workspace only.

use std::path::{Path, PathBuf};

use crate::policy::error::{Error, Holds, NotOwn, Result, Setup, Unsafe};
use crate::store::disk;

/// What happened to one file.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Action {
    Created,
    Updated,
    Unchanged,
}

impl Action {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Self::Created => "created",
            Self::Updated => "updated",
            Self::Unchanged => "unchanged",
        }
    }

    /// What `init --dry-run` says it would do.
    pub(super) fn would(self) -> &'static str {
        match self {
            Self::Created => "would create",
            Self::Updated => "would update",
            Self::Unchanged => "unchanged",
        }
    }

    /// What happens to a file from `old` to `new`, before anything is written.
    pub(super) fn of(old: Option<&str>, new: &str) -> Self {
        match old {
            Some(old) if old == new => Self::Unchanged,
            Some(_) => Self::Updated,
            None => Self::Created,
        }
    }
}

/// The largest table of lines the diff compares line by line (old lines times new ones); past
/// it, the changed middle is shown whole, removed then added.
const DIFF_CELLS: usize = 4_000_000;

/// The lines a change removes (`  - `) and adds (`  + `), in order, escaped: what `init
/// --dry-run` would write. Lines both texts share are left out.
pub(super) fn diff(old: Option<&str>, new: &str) -> String {
    let old: Vec<&str> = old.map_or_else(Vec::new, |text| text.lines().collect());
    let new: Vec<&str> = new.lines().collect();
    let prefix = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let (a, b) = (
        &old[prefix..old.len() - suffix],
        &new[prefix..new.len() - suffix],
    );
    let mut out = String::new();
    let mut line = |sign: char, text: &str| {
        let shown = format!("  {sign} {}", crate::policy::text::escape(text));
        out.push_str(shown.trim_end());
        out.push('\n');
    };
    if a.len().saturating_mul(b.len()) > DIFF_CELLS {
        for text in a {
            line('-', text);
        }
        for text in b {
            line('+', text);
        }
        return out;
    }
    // The longest common subsequence of the changed middle, from the end.
    let width = b.len() + 1;
    let mut common = vec![0u32; (a.len() + 1) * width];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            common[i * width + j] = if a[i] == b[j] {
                common[(i + 1) * width + j + 1] + 1
            } else {
                common[(i + 1) * width + j].max(common[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if j == b.len()
            || (i < a.len() && common[(i + 1) * width + j] >= common[i * width + j + 1])
        {
            line('-', a[i]);
            i += 1;
        } else {
            line('+', b[j]);
            j += 1;
        }
    }
    out
}

/// One edit of a file's text: the text so far (absent: `None`), the file's path for messages,
/// and where it names what it left for the user to review.
pub(super) type Edit<'a> =
    Box<dyn FnOnce(Option<&str>, &Path, &mut Vec<NotOwn>) -> Result<String> + 'a>;

/// The files `init` edits, each once, in the order first named.
#[derive(Default)]
pub(super) struct Plan<'a> {
    pub(super) files: Vec<PlannedFile<'a>>,
}

pub(super) struct PlannedFile<'a> {
    pub(super) name: &'static str,
    pub(super) edits: Vec<Edit<'a>>,
    /// What the edits add, said after the file is written; empty: `describe`'s words.
    pub(super) what: Vec<Holds>,
}

impl<'a> Plan<'a> {
    pub(super) fn add(&mut self, name: &'static str, what: Option<Holds>, edit: Edit<'a>) {
        let index = if let Some(index) = self.files.iter().position(|file| file.name == name) {
            index
        } else {
            self.files.push(PlannedFile {
                name,
                edits: Vec::new(),
                what: Vec::new(),
            });
            self.files.len() - 1
        };
        let file = &mut self.files[index];
        file.edits.push(edit);
        file.what.extend(what);
    }
}

/// One file's text before and after, computed before anything is written.
pub(super) struct Change {
    pub(super) name: &'static str,
    /// Where the text goes: the file `name` names, or the target of its link.
    pub(super) path: PathBuf,
    /// The workspace, links resolved, that every write must stay inside.
    pub(super) root: PathBuf,
    pub(super) old: Option<String>,
    pub(super) new: String,
}

impl Change {
    /// Reads `path` (absent is `None`) and computes its new text. `path` is checked first
    /// (`disk::link_target`): a link is followed only to a file inside the workspace, and a
    /// FIFO or device is refused; `self.path` is where the text will go.
    pub(super) fn new(
        name: &'static str,
        path: &Path,
        new_text: impl FnOnce(Option<&str>, &Path) -> Result<String>,
    ) -> Result<Self> {
        let root = disk::real_root(&path_workspace(path, name))?;
        let dir = disk::folder(&root, folder_of(name), false)?.path;
        let file_name = path.file_name().unwrap_or_default();
        // Only an instructions file may be a link (to a file inside the workspace); an agent's
        // settings or `.gitignore` that is a link is refused, wherever it points.
        let path = if Path::new(name)
            .extension()
            .is_some_and(|extension| extension.eq_ignore_ascii_case("md"))
        {
            disk::link_target(&root, &dir.join(file_name))?
        } else {
            dir.join(file_name)
        };
        if path.starts_with(root.join(".git")) {
            return Err(disk::unsafe_path(&dir.join(file_name), Unsafe::IntoGit));
        }
        let old = match disk::read(&path, disk::Links::Refuse, disk::Cap::Input(name))? {
            Some(bytes) => Some(
                String::from_utf8(bytes)
                    .map_err(|_| Error::from(Setup::NotUtf8 { path: path.clone() }))?,
            ),
            None => None,
        };
        let new = new_text(old.as_deref(), &path)?;
        Ok(Self {
            name,
            path,
            root,
            old,
            new,
        })
    }

    /// Writes the new text, only when it differs: through `disk`, a new temporary file,
    /// synced, renamed over the file, so it is replaced whole or not at all. A missing folder
    /// (`.claude/`) is made, inside the workspace only.
    pub(super) fn apply(&self) -> Result<Action> {
        let action = self.planned();
        if action == Action::Unchanged {
            return Ok(action);
        }
        let mut folder = disk::folder(&self.root, folder_of(self.name), true)?;
        let written = disk::check_file(&self.path).and_then(|old| {
            disk::replace(&self.path, self.new.as_bytes(), disk::mode_of(old.as_ref()))
        });
        if written.is_err() {
            folder.remove_created();
        }
        written.map(|()| action)
    }
}

impl Change {
    /// What `apply` would do, written nowhere (`init --dry-run`).
    pub(super) fn planned(&self) -> Action {
        Action::of(self.old.as_deref(), &self.new)
    }

    /// The lines `apply` would remove and add.
    pub(super) fn diff(&self) -> String {
        diff(self.old.as_deref(), &self.new)
    }
}

/// The workspace `path` (the file `name` names, relative to it) lies in.
pub(super) fn path_workspace(path: &Path, name: &str) -> PathBuf {
    let depth = Path::new(name).components().count();
    path.ancestors()
        .nth(depth)
        .map_or_else(|| path.to_path_buf(), Path::to_path_buf)
}

/// The folder of `name`, relative to the workspace (empty for a file at its root).
pub(super) fn folder_of(name: &str) -> &Path {
    Path::new(name).parent().unwrap_or(Path::new(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diff_names_only_the_lines_removed_and_added_in_order() {
        assert_eq!(diff(None, "a\nb\n"), "  + a\n  + b\n");
        assert_eq!(diff(Some("a\nb\n"), "a\nb\n"), "");
        assert_eq!(
            diff(
                Some("{\n  \"model\": \"opus\"\n}\n"),
                "{\n  \"model\": \"opus\",\n  \"hooks\": {}\n}\n"
            ),
            "  -   \"model\": \"opus\"\n  +   \"model\": \"opus\",\n  +   \"hooks\": {}\n"
        );
        assert_eq!(
            diff(
                Some("keep\nold 1\nmiddle\nold 2\nend\n"),
                "keep\nmiddle\nnew\nend\n"
            ),
            "  - old 1\n  - old 2\n  + new\n"
        );
        // Text from a file reaches the terminal escaped.
        assert_eq!(diff(None, "\u{1b}[31m"), "  + \\u{1b}[31m\n");
    }
}
