//! The Markdown completion log: one block appended to `memory/todos/todoList-…md` each time a
//! plan is finished, in the file of the session that finished it.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Local};

use crate::plan::list::ListName;
use crate::plan::model::Item;
use crate::policy::error::{Disk, Error, Result};
use crate::policy::status::STATUSES;
use crate::policy::text::escape;
use crate::store::Session;
use crate::store::disk::{self, Links};

/// A time as the log's file names and headings write it: `YYYYMMDD-HHMMSS`.
pub fn stamp(at: &DateTime<Local>) -> String {
    at.format("%Y%m%d-%H%M%S").to_string()
}

/// The log file name of a session that starts at `start`: `todoList-YYYYMMDD-HHMMSS.md`, or
/// with `-2`, `-3`, … when another session that started in the same second has that name.
/// Only a first choice: the first block of a session creates its file exclusively, and moves
/// on to the next free name if another session got there first (`append`).
pub fn file_name(dir: &Path, start: &DateTime<Local>) -> String {
    let stamp = stamp(start);
    (1..=1000)
        .map(|n| numbered(&stamp, n))
        .find(|file| fs::symlink_metadata(dir.join(file)).is_err())
        .unwrap_or_else(|| numbered(&stamp, 1))
}

fn numbered(stamp: &str, n: u32) -> String {
    match n {
        1 => format!("todoList-{stamp}.md"),
        n => format!("todoList-{stamp}-{n}.md"),
    }
}

/// The name after `file` in the `-2`, `-3`, … sequence of its stamp.
fn next_name(file: &str) -> Option<String> {
    let stem = file.strip_prefix("todoList-")?.strip_suffix(".md")?;
    // `YYYYMMDD-HHMMSS` is 15 characters; a suffix follows it.
    let (stamp, n) = match stem.get(15..) {
        Some("") => (stem, 1),
        Some(rest) => (
            stem.get(..15)?,
            rest.strip_prefix('-')?.parse::<u32>().ok()?,
        ),
        None => return None,
    };
    Some(numbered(stamp, n.checked_add(1)?))
}

/// The start of plan `task`'s heading: `# task3-`, or `# api: task3-` for a named list.
fn heading(list: &ListName, task: u64) -> String {
    if list.is_default() {
        format!("# task{task}-")
    } else {
        format!("# {list}: task{task}-")
    }
}

/// The block for plan number `task` of its session, finished at `at`.
pub fn block(
    list: &ListName,
    task: u64,
    at: &DateTime<Local>,
    summary: Option<&str>,
    items: &[Item],
) -> String {
    let stats = crate::plan::model::stats(items);
    let mut out = format!("{}{}\n\n", heading(list, task), stamp(at));
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
                write!(out, "- ~~{content}~~")
            } else {
                write!(out, "- {content}")
            };
            // Who did it, when agents shared the plan: what a reader of the log asks first.
            if let Some(owner) = &item.owner {
                let _ = write!(out, " (by {})", escape(owner));
            }
            out.push('\n');
        }
    }
    out
}

/// Whether the log file `path` holds the block of plan `task` of `list` (its heading). An
/// absent file holds none.
pub fn has_block(path: &Path, list: &ListName, task: u64) -> Result<bool> {
    let Some(bytes) = disk::read(path, Links::Refuse, disk::Cap::Bytes(disk::MAX_STORE_BYTES))?
    else {
        return Ok(false);
    };
    let heading = heading(list, task);
    Ok(String::from_utf8_lossy(&bytes)
        .lines()
        .any(|line| line.starts_with(&heading)))
}

/// Appends to the log file `path` a line saying that the block of plan `task` of `list` was
/// withdrawn by `revision` (made by `command`): `undo` took the finished plan back. Nothing is
/// written when the file holds no such block.
pub fn withdraw(
    path: &Path,
    list: &ListName,
    task: u64,
    revision: u64,
    command: &str,
) -> Result<()> {
    let Some(bytes) = disk::read(path, Links::Refuse, disk::Cap::Bytes(disk::MAX_STORE_BYTES))?
    else {
        return Ok(());
    };
    let text = String::from_utf8_lossy(&bytes);
    let heading = heading(list, task);
    let Some(name) = text
        .lines()
        .rev()
        .find(|line| line.starts_with(&heading))
        .and_then(|line| line.rsplit(' ').next())
    else {
        return Ok(());
    };
    let separator = if text.ends_with('\n') { "" } else { "\n" };
    let new = format!(
        "{text}{separator}\nWithdrawn: {name} was taken back by revision {revision} ({}).\n",
        escape(command)
    );
    let mode = disk::mode_of(disk::check_file(path)?.as_ref());
    disk::replace(path, new.as_bytes(), mode)
}

/// The block text after its heading line (which holds the time it was written).
fn body(block: &str) -> &str {
    block.split_once('\n').map_or("", |(_, rest)| rest)
}

/// Whether `text`'s last block is plan number `task` of `list` with the body of `block`.
fn ends_with_block(text: &str, list: &ListName, task: u64, block: &str) -> bool {
    // Headings are the only lines that start with "# ": item lines start with "- ".
    let last_start = text
        .match_indices("# ")
        .map(|(index, _)| index)
        .filter(|&index| index == 0 || text.as_bytes()[index - 1] == b'\n')
        .last();
    let last_block = last_start.map(|start| &text[start..]);
    last_block
        .is_some_and(|last| last.starts_with(&heading(list, task)) && body(last) == body(block))
}

/// Appends `block` (plan number `task` of `session`) to the session's log file in `dir` (a
/// folder checked and created through `disk::folder`). Returns `None` when the file already
/// ends with this very block.
///
/// The file is never written in place: the old text and the block go to a new temporary file,
/// synced, renamed over the log, so a failure (a full disk, a kill) leaves the old log or the
/// new one, never a torn block. A session's first block creates its file exclusively, so two
/// sessions never share a file: if another session took the name, the next free one is used
/// and `session.log_file` says which.
///
/// The log is written after the store that holds the plan finished (`transaction`), so a
/// block is never written for a plan that was not saved finished; a block that a kill kept
/// out is written by the next change. When the same block is written again, the file's last
/// block is the same task with the same body, and it is not written twice. Returns whether
/// the block was written.
pub fn append(
    mut folder: disk::Folder,
    session: &mut Session,
    list: &ListName,
    task: u64,
    block: &str,
) -> Result<bool> {
    match write_block(&folder.path, session, list, task, block) {
        Ok(written) => Ok(written.is_some()),
        Err(err) => {
            folder.remove_created();
            Err(err)
        }
    }
}

/// What `append` wrote: the file, and its bytes and mode before (`None`: it is new).
type Written = (PathBuf, Option<(Vec<u8>, u32)>);

fn write_block(
    dir: &Path,
    session: &mut Session,
    list: &ListName,
    task: u64,
    block: &str,
) -> Result<Option<Written>> {
    loop {
        let path = dir.join(&session.log_file);
        let existing = disk::read(
            &path,
            Links::Refuse,
            disk::Cap::Bytes(disk::MAX_STORE_BYTES),
        )?;
        let meta = disk::check_file(&path)?;
        match existing {
            None => {
                if disk::create_whole(&path, block.as_bytes())? {
                    return Ok(Some((path, None)));
                }
                // Created by another process meanwhile: look at it again.
            }
            Some(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                if ends_with_block(&text, list, task, block) {
                    return Ok(None);
                }
                if task > 1 {
                    let separator = if text.is_empty() { "" } else { "\n" };
                    let new = format!("{text}{separator}{block}");
                    let mode = disk::mode_of(meta.as_ref());
                    disk::replace(&path, new.as_bytes(), mode)?;
                    return Ok(Some((path, Some((bytes, mode)))));
                }
                // A session's first block, and the file is another session's: take the next.
                session.log_file = next_name(&session.log_file)
                    .ok_or_else(|| Error::from(Disk::NoLogName { path: path.clone() }))?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::model::Status;
    use chrono::TimeZone;

    #[test]
    fn a_block_lists_each_terminal_status() {
        let item = |content: &str, status| Item {
            id: "1".into(),
            ..Item::new(content, status)
        };
        let at = Local.with_ymd_and_hms(2025, 1, 2, 17, 42, 33).unwrap();
        let items = [
            item("Fix the overlap check", Status::Completed),
            item("Perf script", Status::Cancelled),
            item("Flaky test", Status::Failed),
        ];
        insta::assert_snapshot!(block(&ListName::default_list(), 3, &at, Some("Fix multi_edit"), &items), @r"
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

    fn session(log_file: &str) -> Session {
        Session {
            id: "s".into(),
            started_at: "x".into(),
            log_file: log_file.into(),
            completed_plans: 0,
        }
    }

    #[test]
    fn append_never_writes_the_same_block_twice() {
        let dir = tempfile::tempdir().unwrap();
        let at = || disk::Folder {
            path: dir.path().to_path_buf(),
            created: Vec::new(),
        };
        let mut ours = session("todoList-20250102-174233.md");
        append(
            at(),
            &mut ours,
            &ListName::default_list(),
            1,
            "# task1-x\na\n",
        )
        .unwrap();
        assert!(
            append(
                at(),
                &mut ours,
                &ListName::default_list(),
                1,
                "# task1-x\na\n"
            )
            .unwrap()
            .eq(&false)
        );
        let second = append(
            at(),
            &mut ours,
            &ListName::default_list(),
            2,
            "# task2-y\nb\n",
        )
        .unwrap();
        let path = dir.path().join("todoList-20250102-174233.md");
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "# task1-x\na\n\n# task2-y\nb\n"
        );
        assert!(second);
    }

    #[test]
    fn two_sessions_of_one_second_never_share_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let at = || disk::Folder {
            path: dir.path().to_path_buf(),
            created: Vec::new(),
        };
        let mut first = session("todoList-20250102-174233.md");
        let mut second = session("todoList-20250102-174233.md");
        append(
            at(),
            &mut first,
            &ListName::default_list(),
            1,
            "# task1-x\nsame\n",
        )
        .unwrap();
        append(
            at(),
            &mut second,
            &ListName::default_list(),
            1,
            "# task1-x\nother\n",
        )
        .unwrap();
        assert_eq!(second.log_file, "todoList-20250102-174233-2.md");
        assert_eq!(
            next_name("todoList-20250102-174233-9.md").unwrap(),
            "todoList-20250102-174233-10.md"
        );
    }
}
