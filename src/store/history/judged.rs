//! A history line read as untrusted input (SPEC §6, §9): parsed, then admitted only when its
//! revision is one the store can have had and its plan and fields keep the rules a store's do.

use super::{Entry, is_line_hash};
use crate::policy::cap::Cap;
use crate::policy::error::{Path, Problem, Skipped, Stored};

/// A history line as `history` reads it (SPEC §6, §9): the revision it holds, or why it is
/// passed over: it cannot be read, its revision is not one a store at `store_revision` can
/// have had (beyond `ceiling`), or its plan breaks the rules. `history --follow` reads each
/// line it follows by the same rule.
pub fn judged(line: &str, store_revision: u64, ceiling: u64) -> Result<Entry, Skipped> {
    admitted(parsed(line)?, store_revision, ceiling)
}

/// A history line read as a revision, or why it cannot be.
pub fn parsed(line: &str) -> Result<Entry, Skipped> {
    serde_json::from_str::<Entry>(line).map_err(|err| Skipped::NotRevision {
        why: err.to_string(),
    })
}

/// A revision read from a history line, admitted by `judged`'s rules, or why not.
pub fn admitted(entry: Entry, store_revision: u64, ceiling: u64) -> Result<Entry, Skipped> {
    let revision = entry.revision;
    if revision == 0 || revision > ceiling {
        return Err(Skipped::Unreachable {
            revision,
            store: store_revision,
        });
    }
    let problems = entry_problems(&entry);
    if !problems.is_empty() {
        return Err(Skipped::BreaksRules { revision, problems });
    }
    Ok(entry)
}

/// What is wrong with a line's plan and counters, read as strictly as a store.
fn entry_problems(entry: &Entry) -> Vec<Problem> {
    let mut problems = crate::store::plan_problems(entry.summary.as_deref(), &entry.todos, None);
    problems.extend(crate::store::counter_problem(
        Path::field("next_id"),
        entry.next_id,
    ));
    if let Some(item) = entry
        .todos
        .iter()
        .find(|item| item.id.parse::<u64>().is_ok_and(|id| id >= entry.next_id))
    {
        problems.push(Problem::new(
            Path::field("next_id"),
            Stored::NextIdNotPast {
                next_id: entry.next_id,
                id: item.id.clone(),
            },
        ));
    }
    if let Some(prev) = &entry.prev
        && !is_line_hash(prev)
    {
        problems.push(Problem::new(Path::field("prev"), Stored::NotLineHash));
    }
    if !entry.at.is_empty() && chrono::DateTime::parse_from_rfc3339(&entry.at).is_err() {
        problems.push(Problem::new(Path::field("at"), Stored::NotTime));
    }
    if let Some(note) = &entry.note
        && (note.chars().any(crate::policy::text::forbidden_char)
            || note.chars().count() > Cap::HistoryNoteChars.chars())
    {
        problems.push(Problem::new(Path::field("note"), Stored::NotOneLine));
    }
    if entry
        .command
        .chars()
        .any(crate::policy::text::forbidden_char)
        || entry.command.chars().count() > Cap::ShortLineChars.chars()
    {
        problems.push(Problem::new(Path::field("command"), Stored::NotShortLine));
    }
    problems
}
