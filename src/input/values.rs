//! One value of an input, checked where it stands: a string, a status, a priority, an id or
//! ids, an owner, and the texts (content, summary, active form, description) by the model's
//! rules and the limits in force.

use serde_json::Value;

use super::fields::type_name;
use crate::plan::model::{self, Limits, MAX_ACTIVE_FORM_CHARS, Priority, Status};
use crate::policy::cap::Cap;
use crate::policy::error::{At, Problem, Wrong};
use crate::policy::suggest;

pub(super) fn expect_str<'a>(
    value: &'a Value,
    at: &At<'_>,
    problems: &mut Vec<Problem>,
) -> Option<&'a str> {
    if let Value::String(text) = value {
        Some(text)
    } else {
        problems.push(Problem::new(
            at,
            Wrong::NotString {
                found: type_name(value),
            },
        ));
        None
    }
}

pub(super) fn parse_status(
    value: &Value,
    at: &At<'_>,
    problems: &mut Vec<Problem>,
) -> Option<Status> {
    let text = expect_str(value, at, problems)?;
    status(text, at, problems)
}

/// A status as typed (a name or an alias); anything else is a problem, with the nearest status.
pub fn status(text: &str, at: &At<'_>, problems: &mut Vec<Problem>) -> Option<Status> {
    let status = Status::parse(text);
    if status.is_none() {
        problems.push(Problem::new(
            at,
            Wrong::UnknownStatus {
                text: text.to_owned(),
                near: Status::suggest(text),
            },
        ));
    }
    status
}

pub fn parse_priority(value: &Value, at: &At<'_>, problems: &mut Vec<Problem>) -> Option<Priority> {
    let text = expect_str(value, at, problems)?;
    priority(text, at, problems)
}

/// A priority as typed; anything else is a problem, with the nearest priority.
pub fn priority(text: &str, at: &At<'_>, problems: &mut Vec<Problem>) -> Option<Priority> {
    let priority = Priority::parse(text);
    if priority.is_none() {
        problems.push(Problem::new(
            at,
            Wrong::UnknownPriority {
                text: text.to_owned(),
                near: suggest::closest(text, Priority::names()),
                names: Priority::names().collect(),
            },
        ));
    }
    priority
}

pub(super) fn parse_id(value: &Value, at: &At<'_>, problems: &mut Vec<Problem>) -> Option<String> {
    match value {
        Value::String(text) => id(text, at, problems),
        Value::Number(number) if number.is_u64() || number.is_i64() => Some(number.to_string()),
        Value::Null => None,
        other => {
            problems.push(Problem::new(
                at,
                Wrong::NotId {
                    found: type_name(other),
                },
            ));
            None
        }
    }
}

/// An item's id as typed, trimmed; a blank one is a problem.
pub fn id(text: &str, at: &At<'_>, problems: &mut Vec<Problem>) -> Option<String> {
    if text.trim().is_empty() {
        problems.push(Problem::new(at, Wrong::EmptyId));
        None
    } else {
        Some(text.trim().to_owned())
    }
}

/// Reads a list of item ids (`blocked_by`): an array of ids, one id alone, or `null` (none).
/// Repeats are dropped, the first place kept (through a set: a 1 MiB array holds 100,000 ids).
pub(super) fn parse_ids(value: &Value, at: &At<'_>, problems: &mut Vec<Problem>) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut push = |id: Option<String>| {
        if let Some(id) = id
            && seen.insert(id.clone())
        {
            ids.push(id);
        }
    };
    match value {
        Value::Null => {}
        Value::Array(list) => {
            for (index, entry) in list.iter().enumerate() {
                let at = at.index(index);
                if entry.is_null() {
                    problems.push(Problem::new(at, Wrong::NullId));
                } else {
                    push(parse_id(entry, &at, problems));
                }
            }
        }
        other => push(parse_id(other, at, problems)),
    }
    ids
}

/// Reads an owner: a name, or `null` / `""` for no owner.
pub(super) fn parse_owner(
    value: &Value,
    at: &At<'_>,
    problems: &mut Vec<Problem>,
) -> Option<String> {
    if value.is_null() {
        return None;
    }
    expect_str(value, at, problems).and_then(|name| model::check_owner(name, at, problems))
}

/// Checks item text: trimmed, not empty, printable, within the limit.
pub fn content(raw: &str, at: &At<'_>, limits: &Limits, problems: &mut Vec<Problem>) -> String {
    if raw.trim().is_empty() {
        problems.push(Problem::new(at, Wrong::EmptyContent));
        return String::new();
    }
    model::check_text(
        raw,
        at,
        limits.max_content_chars,
        Some(model::Limit::MaxContentChars),
        problems,
    )
}

/// Longest kept note on a change (Codex's `explanation`): a few sentences, not a document.
pub const MAX_NOTE_CHARS: usize = Cap::NoteChars.chars();

/// Checks a change's note: its line breaks and tabs become spaces (Codex writes sentences
/// across lines), then it is one line of printable text; a blank one counts as absent.
pub(super) fn note(raw: &str, at: &At<'_>, problems: &mut Vec<Problem>) -> Option<String> {
    let flat: String = raw.split(['\n', '\r', '\t']).collect::<Vec<_>>().join(" ");
    if flat.trim().is_empty() {
        return None;
    }
    let text = model::check_text(&flat, at, MAX_NOTE_CHARS, None, problems);
    (!text.is_empty()).then_some(text)
}

/// Checks a summary; a blank one counts as absent.
pub fn summary(
    raw: &str,
    at: &At<'_>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<String> {
    let text = model::check_text(
        raw,
        at,
        limits.max_summary_chars,
        Some(model::Limit::MaxSummaryChars),
        problems,
    );
    (!text.is_empty()).then_some(text)
}

pub fn active_form(raw: &str, at: &At<'_>, problems: &mut Vec<Problem>) -> Option<String> {
    let text = model::check_text(raw, at, MAX_ACTIVE_FORM_CHARS, None, problems);
    (!text.is_empty()).then_some(text)
}

pub fn description(raw: &str, at: &At<'_>, problems: &mut Vec<Problem>) -> Option<String> {
    let text = model::check_description(raw, at, problems);
    (!text.is_empty()).then_some(text)
}
