//! The Markdown completion log: one block appended to `memory/todos/todoList-…md` each time a
//! plan is finished, in the file of the session that finished it.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::fs::{self, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Local};

use crate::error::{Error, Result};
use crate::model::Item;
use crate::render::escape;
use crate::status::STATUSES;

/// A time as the log's file names and headings write it: `YYYYMMDD-HHMMSS`.
pub fn stamp(at: &DateTime<Local>) -> String {
    at.format("%Y%m%d-%H%M%S").to_string()
}

/// The log file of a session that starts at `start`: `todoList-YYYYMMDD-HHMMSS.md`, or with
/// `-2`, `-3`, … when another session that started in the same second has that name.
pub fn file_name(dir: &Path, start: &DateTime<Local>) -> String {
    let stamp = stamp(start);
    let name = |n: u32| match n {
        1 => format!("todoList-{stamp}.md"),
        n => format!("todoList-{stamp}-{n}.md"),
    };
    (1..=1000)
        .map(name)
        .find(|file| !dir.join(file).exists())
        .unwrap_or_else(|| name(1))
}

fn heading(task: u64) -> String {
    format!("# task{task}-")
}

/// The block for plan number `task` of its session, finished at `at`.
pub fn block(task: u64, at: &DateTime<Local>, summary: Option<&str>, items: &[Item]) -> String {
    let stats = crate::model::stats(items);
    let mut out = format!("{}{}\n\n", heading(task), stamp(at));
    let _ = writeln!(
        out,
        "Summary: {}",
        summary.map_or(Cow::Borrowed("(none)"), escape)
    );
    for info in STATUSES.iter().filter(|info| info.terminal) {
        let (label, wanted) = (info.label, info.status);
        let count = stats.count(wanted);
        if count == 0 {
            continue;
        }
        let _ = writeln!(out, "\n[{count}/{}] {label}:", stats.total);
        for item in items.iter().filter(|item| item.status == wanted) {
            let content = escape(&item.content);
            let _ = if info.struck {
                writeln!(out, "- ~~{content}~~")
            } else {
                writeln!(out, "- {content}")
            };
        }
    }
    out
}

/// A block just appended, which `roll_back` takes out again.
pub struct Appended {
    path: PathBuf,
    /// The file's length before; `None` when this block created the file.
    length_before: Option<u64>,
}

impl Appended {
    /// Cuts the file back to where it was, for a change whose store write failed. Best effort:
    /// the store write already failed, and its error is the one to report.
    pub fn roll_back(self) {
        let Some(length) = self.length_before else {
            let _ = fs::remove_file(&self.path);
            return;
        };
        if let Ok(file) = OpenOptions::new().write(true).open(&self.path) {
            let _ = file.set_len(length).and_then(|()| file.sync_all());
        }
    }
}

/// The block text after its heading line (which holds the time it was written).
fn body(block: &str) -> &str {
    block.split_once('\n').map_or("", |(_, rest)| rest)
}

/// Appends `block` (plan number `task`) to `dir/file`, creating both as needed. Returns
/// `None` when the file already ends with this very block.
///
/// The log is written before the store, so a plan is never marked logged without its block.
/// If the store write then fails, the caller rolls the block back. If the process dies
/// between the two, the store still says the plan was not logged; when the same change is
/// made again, the file's last block is the same task with the same body, and it is not
/// written twice.
pub fn append(dir: &Path, file: &str, task: u64, block: &str) -> Result<Option<Appended>> {
    fs::create_dir_all(dir).map_err(|err| Error::io("create the log folder", dir, &err))?;
    let path = dir.join(file);
    let existing = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) if err.kind() == ErrorKind::NotFound => String::new(),
        Err(err) => return Err(Error::io("read the completion log", &path, &err)),
    };
    let last_block = existing.rfind("# task").map(|start| &existing[start..]);
    if last_block.is_some_and(|last| last.starts_with(&heading(task)) && body(last) == body(block))
    {
        return Ok(None);
    }
    let separator = if existing.is_empty() { "" } else { "\n" };
    let mut log = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|err| Error::io("open the completion log", &path, &err))?;
    let length_before = (!existing.is_empty()).then_some(existing.len() as u64);
    log.write_all(format!("{separator}{block}").as_bytes())
        .and_then(|()| log.sync_all())
        .map_err(|err| Error::io("write the completion log", &path, &err))?;
    Ok(Some(Appended {
        path,
        length_before,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Status;
    use chrono::TimeZone;

    #[test]
    fn a_block_lists_each_terminal_status() {
        let item = |content: &str, status| Item {
            id: "1".into(),
            content: content.into(),
            status,
            active_form: None,
            priority: None,
            description: None,
        };
        let at = Local.with_ymd_and_hms(2025, 1, 2, 17, 42, 33).unwrap();
        let items = [
            item("Fix the overlap check", Status::Completed),
            item("Perf script", Status::Cancelled),
            item("Flaky test", Status::Failed),
        ];
        insta::assert_snapshot!(block(3, &at, Some("Fix multi_edit"), &items), @r"
        # task3-20250102-174233

        Summary: Fix multi_edit

        [1/3] Completed:
        - Fix the overlap check

        [1/3] Cancelled:
        - ~~Perf script~~

        [1/3] Failed:
        - Flaky test
        ");
    }

    #[test]
    fn append_never_writes_the_same_block_twice_and_rolls_back() {
        let dir = tempfile::tempdir().unwrap();
        append(dir.path(), "log.md", 1, "# task1-x\n").unwrap();
        append(dir.path(), "log.md", 1, "# task1-x\n").unwrap();
        append(dir.path(), "log.md", 2, "# task2-y\n").unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join("log.md")).unwrap(),
            "# task1-x\n\n# task2-y\n"
        );
    }
}
