//! Every accepted input shape, normalised to one model, with a path for every problem.
//!
//! Shapes: `TodoWrite` / Claude Code / Kimi / Gemini / s03 (`todos`), `WeKnora` (`task` + `steps`),
//! Codex (`explanation` + `plan`) and a bare array of items. Keys and statuses match
//! case-insensitively; any other key is refused by name, so a typo such as `stauts` cannot pass.

use serde_json::{Map, Value};

use crate::error::{Error, Problem, Result};
use crate::model::{self, Item, Limits, MAX_ACTIVE_FORM_CHARS, Priority, Status};

mod requests;
pub mod source;

pub use requests::{ItemChange, item_change, new_items};

/// One item as the input gave it; `item.id` is empty until the store assigns one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The id the agent sent, if any: it keeps the existing item it names.
    pub requested_id: Option<String>,
    pub item: Item,
}

/// A whole snapshot as sent to `write`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub summary: Option<String>,
    /// `None` when the list is absent or `null`: a query, or a summary-only change.
    pub items: Option<Vec<Draft>>,
}

/// A field of an input, whatever key spelled it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Summary,
    List,
    Id,
    Content,
    Status,
    ActiveForm,
    Priority,
    Reopen,
    Items,
}

/// The keys that spell each field in one input context; case does not matter. Each agent's
/// shape is a set of spellings here: a new alias is a new entry in one of these tables.
type Spellings = [(Field, &'static [&'static str])];

/// The top level of a `write` snapshot.
const SNAPSHOT_FIELDS: &Spellings = &[
    (Field::Summary, &["summary", "task", "explanation"]),
    (Field::List, &["todos", "steps", "plan"]),
];

/// An item of a snapshot.
const ITEM_FIELDS: &Spellings = &[
    (Field::Id, &["id"]),
    (
        Field::Content,
        &["content", "title", "text", "description", "step"],
    ),
    (Field::Status, &["status"]),
    (Field::ActiveForm, &["activeForm", "active_form"]),
    (Field::Priority, &["priority"]),
];

/// An `update` request: an item's fields, and permission to reopen it.
const UPDATE_FIELDS: &[&Spellings] = &[ITEM_FIELDS, &[(Field::Reopen, &["reopen"])]];

/// A `create` request in JSON.
const CREATE_FIELDS: &Spellings = &[(Field::Items, &["items"])];

/// The field `key` spells in a context, compared in place: every key of every item passes here.
fn field_of(context: &[&Spellings], key: &str) -> Option<Field> {
    context
        .iter()
        .flat_map(|spellings| spellings.iter())
        .find(|(_, keys)| keys.iter().any(|name| name.eq_ignore_ascii_case(key)))
        .map(|(field, _)| *field)
}

/// The keys of a field in prose, `content, title, text, description or step`.
fn spellings_in_prose(spellings: &Spellings, field: Field) -> String {
    let keys: Vec<&str> = spellings
        .iter()
        .filter(|(candidate, _)| *candidate == field)
        .flat_map(|(_, keys)| keys.iter().copied())
        .collect();
    crate::render::or_list(&keys)
}

fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_owned()
    } else {
        format!("{parent}.{key}")
    }
}

/// Sorts an object's keys into fields, refusing unknown keys and two spellings of one field.
fn fields<'a>(
    object: &'a Map<String, Value>,
    path: &str,
    context: &[&Spellings],
    problems: &mut Vec<Problem>,
) -> Vec<(Field, &'a str, &'a Value)> {
    let mut found: Vec<(Field, &str, &Value)> = Vec::with_capacity(object.len());
    for (key, value) in object {
        let Some(field) = field_of(context, key) else {
            problems.push(Problem::new(
                join(path, key),
                format!("unknown field \"{key}\""),
            ));
            continue;
        };
        if let Some((_, first, _)) = found.iter().find(|(seen, _, _)| *seen == field) {
            problems.push(Problem::new(
                join(path, key),
                format!("says the same as \"{first}\"; give only one of them"),
            ));
            continue;
        }
        found.push((field, key.as_str(), value));
    }
    found
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn expect_str<'a>(value: &'a Value, path: &str, problems: &mut Vec<Problem>) -> Option<&'a str> {
    if let Value::String(text) = value {
        Some(text)
    } else {
        problems.push(Problem::new(
            path,
            format!("must be a string, not {}", type_name(value)),
        ));
        None
    }
}

fn parse_status(value: &Value, path: &str, problems: &mut Vec<Problem>) -> Option<Status> {
    let text = expect_str(value, path, problems)?;
    let status = Status::parse(text);
    if status.is_none() {
        problems.push(Problem::new(
            path,
            format!(
                "unknown status \"{text}\"; use one of {}",
                Status::accepted_spellings()
            ),
        ));
    }
    status
}

fn parse_priority(value: &Value, path: &str, problems: &mut Vec<Problem>) -> Option<Priority> {
    let text = expect_str(value, path, problems)?;
    let priority = Priority::parse(text);
    if priority.is_none() {
        problems.push(Problem::new(
            path,
            format!(
                "unknown priority \"{text}\"; use one of {}",
                Priority::names().collect::<Vec<_>>().join(", ")
            ),
        ));
    }
    priority
}

fn parse_id(value: &Value, path: &str, problems: &mut Vec<Problem>) -> Option<String> {
    match value {
        Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
        Value::Number(number) if number.is_u64() || number.is_i64() => Some(number.to_string()),
        Value::Null => None,
        Value::String(_) => {
            problems.push(Problem::new(
                path,
                "is empty; give an id, or leave the field out",
            ));
            None
        }
        other => {
            problems.push(Problem::new(
                path,
                format!(
                    "must be a non-empty string or a whole number, not {}",
                    type_name(other)
                ),
            ));
            None
        }
    }
}

/// Checks item text: trimmed, not empty, printable, within the limit.
pub fn content(raw: &str, path: &str, limits: &Limits, problems: &mut Vec<Problem>) -> String {
    if raw.trim().is_empty() {
        problems.push(Problem::new(path, "is empty; say what the step is"));
        return String::new();
    }
    model::check_text(
        raw,
        path,
        limits.max_content_chars,
        Some("max_content_chars"),
        problems,
    )
}

/// Checks a summary; a blank one counts as absent.
pub fn summary(
    raw: &str,
    path: &str,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<String> {
    let text = model::check_text(
        raw,
        path,
        limits.max_summary_chars,
        Some("max_summary_chars"),
        problems,
    );
    (!text.is_empty()).then_some(text)
}

fn active_form(raw: &str, path: &str, problems: &mut Vec<Problem>) -> Option<String> {
    let text = model::check_text(raw, path, MAX_ACTIVE_FORM_CHARS, None, problems);
    (!text.is_empty()).then_some(text)
}

fn draft(value: &Value, path: &str, limits: &Limits, problems: &mut Vec<Problem>) -> Option<Draft> {
    let Value::Object(object) = value else {
        problems.push(Problem::new(
            path,
            format!(
                "must be an object with content and status, not {}",
                type_name(value)
            ),
        ));
        return None;
    };
    let before = problems.len();
    let mut draft = Draft {
        requested_id: None,
        item: Item {
            id: String::new(),
            content: String::new(),
            status: Status::Pending,
            active_form: None,
            priority: None,
        },
    };
    let (mut has_content, mut has_status) = (false, false);
    for (field, key, value) in fields(object, path, &[ITEM_FIELDS], problems) {
        let at = join(path, key);
        match field {
            Field::Id => draft.requested_id = parse_id(value, &at, problems),
            Field::Content => {
                has_content = true;
                if let Some(text) = expect_str(value, &at, problems) {
                    draft.item.content = content(text, &at, limits, problems);
                }
            }
            Field::Status => {
                has_status = true;
                if let Some(status) = parse_status(value, &at, problems) {
                    draft.item.status = status;
                }
            }
            Field::ActiveForm => {
                if !value.is_null() {
                    draft.item.active_form = expect_str(value, &at, problems)
                        .and_then(|text| active_form(text, &at, problems));
                }
            }
            Field::Priority => {
                if !value.is_null() {
                    draft.item.priority = parse_priority(value, &at, problems);
                }
            }
            // Not spelled in ITEM_FIELDS, so `fields` never returns them here.
            Field::Summary | Field::List | Field::Reopen | Field::Items => {}
        }
    }
    if !has_content {
        problems.push(Problem::new(
            join(path, "content"),
            format!(
                "is missing; every item needs its text ({})",
                spellings_in_prose(ITEM_FIELDS, Field::Content)
            ),
        ));
    }
    if !has_status {
        problems.push(Problem::new(
            join(path, "status"),
            format!(
                "is missing; every item needs a status ({})",
                Status::names_in_prose()
            ),
        ));
    }
    (problems.len() == before).then_some(draft)
}

fn drafts(list: &[Value], path: &str, limits: &Limits, problems: &mut Vec<Problem>) -> Vec<Draft> {
    let mut drafts = Vec::with_capacity(list.len());
    let mut statuses = Vec::with_capacity(list.len());
    for (index, value) in list.iter().enumerate() {
        match draft(value, &format!("{path}[{index}]"), limits, problems) {
            Some(draft) => {
                statuses.push(draft.item.status);
                drafts.push(draft);
            }
            None => statuses.push(status_of(value)),
        }
    }
    model::check_list(&statuses, path, limits, problems);
    drafts
}

/// The status an item that has problems asks for, so the list's rules can still be checked.
fn status_of(value: &Value) -> Status {
    let status = value.as_object().and_then(|object| {
        object
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case("status"))
    });
    status
        .and_then(|(_, value)| value.as_str())
        .and_then(Status::parse)
        .unwrap_or(Status::Pending)
}

/// Normalises any accepted snapshot shape; every problem is reported at once, with its path.
pub fn snapshot(value: &Value, limits: &Limits) -> Result<Snapshot> {
    let mut problems = Vec::new();
    let mut snapshot = Snapshot::default();
    match value {
        Value::Array(list) => snapshot.items = Some(drafts(list, "", limits, &mut problems)),
        Value::Object(object) => {
            for (field, key, value) in fields(object, "", &[SNAPSHOT_FIELDS], &mut problems) {
                match (field, value) {
                    (_, Value::Null) => {}
                    (Field::Summary, value) => {
                        if let Some(text) = expect_str(value, key, &mut problems) {
                            snapshot.summary = summary(text, key, limits, &mut problems);
                        }
                    }
                    (_, Value::Array(list)) => {
                        snapshot.items = Some(drafts(list, key, limits, &mut problems));
                    }
                    (_, other) => problems.push(Problem::new(
                        key,
                        format!("must be an array of items, not {}", type_name(other)),
                    )),
                }
            }
        }
        other => {
            return Err(Error::invalid(format!(
                "the input must be a JSON object such as {{\"summary\": \"…\", \"todos\": […]}} or an array of items, not {}",
                type_name(other)
            )));
        }
    }
    Error::if_any(problems)?;
    Ok(snapshot)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The paths of a refusal's problems, in order (also used by `requests`' tests).
    pub(super) fn paths(err: &Error) -> Vec<&str> {
        err.problems
            .iter()
            .map(|problem| problem.path.as_str())
            .collect()
    }

    #[test]
    fn every_shape_normalises_to_the_same_items() {
        let limits = Limits::default();
        let shapes = [
            json!({"summary": "S", "todos": [{"content": "A", "status": "in_progress", "id": "x"}]}),
            json!({"todos": [{"title": "A", "status": "running"}]}),
            json!({"task": "S", "steps": [{"id": "step1", "description": "A", "status": "Doing"}]}),
            json!({"todos": [{"id": "1", "text": "A", "status": "ACTIVE"}]}),
            json!([{"id": "1", "text": "A", "status": "in-progress"}]),
            json!({"explanation": "S", "plan": [{"step": "A", "status": "in_progress"}]}),
            json!({"todos": [{"description": "A", "status": "in_progress"}]}),
        ];
        for shape in shapes {
            let snapshot = snapshot(&shape, &limits).unwrap();
            let items = snapshot.items.unwrap();
            assert_eq!(items.len(), 1, "{shape}");
            assert_eq!(items[0].item.content, "A");
            assert_eq!(items[0].item.status, Status::InProgress);
        }
    }

    #[test]
    fn reports_every_problem_with_its_path() {
        let input = json!({"todos": [
            {"content": "ok", "stauts": "pending"},
            {"content": "", "status": "working"},
            {"content": "x", "status": "done", "title": "y"},
        ]});
        let err = snapshot(&input, &Limits::default()).unwrap_err();
        assert_eq!(
            paths(&err),
            [
                "todos[0].stauts",
                "todos[0].status",
                "todos[1].content",
                "todos[1].status",
                "todos[2].title"
            ]
        );
    }

    #[test]
    fn counts_characters_not_bytes() {
        let sixty = "修".repeat(60);
        let input = json!({"todos": [{"content": sixty, "status": "pending"}]});
        assert!(snapshot(&input, &Limits::default()).is_ok());
        let input = json!({"todos": [{"content": "修".repeat(61), "status": "pending"}]});
        let err = snapshot(&input, &Limits::default()).unwrap_err();
        assert!(
            err.problems[0]
                .message
                .contains("61 characters long, the limit is 60")
        );
        assert!(err.problems[0].message.contains("TODOS_MAX_CONTENT_CHARS"));
    }

    #[test]
    fn refuses_controls_and_bidi_overrides() {
        for bad in [
            "a\u{1b}[31m",
            "a\nb",
            "a\u{7f}",
            "a\u{85}b",
            "a\u{202e}b",
            "a\u{2066}b",
        ] {
            let input = json!({"todos": [{"content": bad, "status": "pending"}]});
            assert!(snapshot(&input, &Limits::default()).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn null_or_absent_list_is_a_query() {
        let limits = Limits::default();
        assert_eq!(
            snapshot(&json!({"todos": null}), &limits).unwrap().items,
            None
        );
        assert_eq!(
            snapshot(&json!({"summary": "S"}), &limits).unwrap().items,
            None
        );
        assert_eq!(
            snapshot(&json!({"todos": []}), &limits).unwrap().items,
            Some(vec![])
        );
    }

    #[test]
    fn limits_name_the_key_and_the_variable() {
        let todos: Vec<Value> = (0..11)
            .map(|i| json!({"content": format!("t{i}"), "status": "pending"}))
            .collect();
        let err = snapshot(&json!({"todos": todos}), &Limits::default()).unwrap_err();
        assert_eq!(paths(&err), ["todos"]);
        assert!(
            err.problems[0]
                .message
                .contains("holds 11 items, the limit is 10")
        );
        assert!(err.problems[0].message.contains("TODOS_MAX_ITEMS"));
        let two =
            json!([{"content": "a", "status": "in_progress"}, {"content": "b", "status": "doing"}]);
        let err = snapshot(&two, &Limits::default()).unwrap_err();
        assert!(
            err.problems[0]
                .message
                .contains("2 items in_progress ([0], [1])"),
            "{err:?}"
        );
    }
}
