//! Every accepted input shape, normalised to one model, with a path for every problem.
//!
//! Shapes: `TodoWrite` / Claude Code / Kimi / Gemini / s03 / `OpenCode` / Amp / Qwen (`todos`),
//! `WeKnora` (`task` + `steps`), Codex (`explanation` + `plan`), Cursor (`merge`), VS Code
//! (`operation` + `todoList`), Roo Code (a Markdown checklist in `todos`, or as plain text) and a
//! bare array of items. Keys and statuses match case-insensitively; any other key is refused by
//! name, with the nearest known key when one is close, so a typo such as `stauts` cannot pass.

pub mod json;

use serde_json::Value;

use crate::plan::model::{self, Item, Limits, Status};
use crate::policy::error::{At, Error, Input, Path, Problem, Result, Step, Wrong};
use crate::policy::suggest;

pub mod checklist;
pub mod fence;
mod fields;
mod item;
mod requests;
mod values;

pub use fields::reference as fields_reference;
use fields::{
    DETAIL_FIELDS, Field, ID_FIELD, ITEM_FIELDS, NO_STAND_IN, OPERATIONS, SNAPSHOT_FIELDS,
    SNAPSHOT_STANDS_IN, Spellings, fields, type_name,
};
pub use item::{DELETED, deletes};
use item::{item_fields, missing_content};
pub use values::{
    MAX_NOTE_CHARS, active_form, content, description, id, parse_priority, priority, status,
    summary,
};
use values::{expect_str, note};

pub use requests::{ItemChange, item_change, new_items, new_items_of};

/// One item as the input gave it; `item.id` is empty until the store assigns one, and
/// `item.blocked_by` holds the ids as the input wrote them until `write` resolves them (§3a).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The id the agent sent, if any: it keeps the existing item it names.
    pub requested_id: Option<String>,
    pub item: Item,
    /// The optional fields the input left out: a kept item keeps its stored value of each.
    pub left_out: LeftOut,
    /// Where the item's dependencies stand in the input (`todos[3].blockedBy`), for the
    /// problems found when they are resolved; the root when it names none (nothing to resolve).
    pub blocked_by_path: Path,
}

/// Which optional fields an item of a snapshot left out (an explicit `null` or `[]` is not
/// left out: it clears). An agent that knows nothing of descriptions, owners or dependencies
/// (Claude's `TodoWrite`, Codex) must not wipe what an orchestrator or a person set (SPEC §3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one flag per optional field, read by `keep`
pub struct LeftOut {
    pub description: bool,
    pub active_form: bool,
    pub priority: bool,
    pub blocked_by: bool,
    pub owner: bool,
}

impl LeftOut {
    /// Fills what `item` left out from `stored`, the item it continues.
    pub fn keep(self, item: &mut Item, stored: &Item) {
        if self.description {
            item.description.clone_from(&stored.description);
        }
        if self.active_form {
            item.active_form.clone_from(&stored.active_form);
        }
        if self.priority {
            item.priority = stored.priority;
        }
        if self.blocked_by {
            item.blocked_by.clone_from(&stored.blocked_by);
        }
        if self.owner {
            item.owner.clone_from(&stored.owner);
        }
    }
}

/// A whole snapshot as sent to `write`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub summary: Option<String>,
    /// `"summary": ""` or `null` (`--summary ""`): the plan has no summary any more, on purpose.
    pub clear_summary: bool,
    /// `None` when the list is absent or `null`: a query, or a summary-only change.
    pub items: Option<Vec<Draft>>,
    /// Cursor's `"merge": true`: change the items named, add new ones, keep the rest.
    pub merge: bool,
    /// Codex's `explanation`: a note on this change, for its history line and the reply.
    pub note: Option<String>,
    /// Where the list stands in the input (`todos`, `steps`, `plan`; the root for a bare
    /// array), for the problems of the plan the snapshot makes.
    pub list_path: Path,
}

fn draft(
    value: &Value,
    at: &At<'_>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<Draft> {
    let Value::Object(object) = value else {
        problems.push(Problem::new(
            at,
            Wrong::NotItem {
                found: type_name(value),
            },
        ));
        return None;
    };
    let before = problems.len();
    let fields = item_fields(
        object,
        at,
        ITEM_FIELDS,
        SNAPSHOT_STANDS_IN,
        limits,
        problems,
    );
    if fields.deleted {
        problems.push(Problem::new(at.key("status"), Wrong::DeletedInSnapshot));
    }
    if !fields.has(Field::Content) {
        problems.push(missing_content(at, ITEM_FIELDS, SNAPSHOT_STANDS_IN));
    }
    if !fields.has(Field::Status) {
        problems.push(Problem::new(at.key("status"), Wrong::StatusMissing));
    }
    if problems.len() != before {
        return None;
    }
    let left_out = LeftOut {
        description: !fields.has(Field::Description),
        active_form: !fields.has(Field::ActiveForm),
        priority: !fields.has(Field::Priority),
        blocked_by: !fields.has(Field::BlockedBy),
        owner: !fields.has(Field::Owner),
    };
    let (blocked_by_path, blocked_by) = match fields.blocked_by {
        Some((at, ids)) if !ids.is_empty() => (at, ids),
        _ => (Path::root(), Vec::new()),
    };
    let mut item = Item::new(fields.content?, fields.status?);
    item.description = fields.description;
    item.active_form = fields.active_form;
    item.priority = fields.priority;
    item.blocked_by = blocked_by;
    item.owner = fields.owner.flatten();
    Some(Draft {
        requested_id: fields.id,
        item,
        left_out,
        blocked_by_path,
    })
}

/// One item given as a status and a text (`write -t STATUS:CONTENT`), checked as a snapshot's
/// `{"content", "status"}` is, every problem at `at` (the `-t` typed); `None` when it has one.
pub fn flag_draft(
    text: &str,
    status: &str,
    at: &At<'_>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<Draft> {
    let before = problems.len();
    let content = values::content(text, at, limits, problems);
    let status = if item::deletes(status) {
        problems.push(Problem::new(at, Wrong::DeletedInSnapshot));
        None
    } else {
        values::status(status, at, problems)
    };
    if problems.len() != before {
        return None;
    }
    Some(Draft {
        requested_id: None,
        item: Item::new(content, status?),
        left_out: LeftOut {
            description: true,
            active_form: true,
            priority: true,
            blocked_by: true,
            owner: true,
        },
        blocked_by_path: Path::root(),
    })
}

/// The items of a snapshot's list, and what each asks for (status, owner) for the in-progress
/// rule. That rule waits for the stored plan when it can (an owner the snapshot leaves out is
/// the kept item's: `write` checks the plan it makes), and is checked here only when the input
/// is refused anyway, so one retry fixes every problem.
fn drafts(
    list: &[Value],
    at: &At<'_>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> (Vec<Draft>, Vec<(Status, Option<String>)>) {
    let mut drafts = Vec::with_capacity(list.len());
    let mut slots = Vec::with_capacity(list.len());
    for (index, value) in list.iter().enumerate() {
        // An item's path (`todos[7]`) is borrowed, spelled out only where a problem is found:
        // a `String` per item and per key cost write its benchmark target at 10,000 items
        // (2.1x the serde_json floor, against 2x).
        match draft(value, &at.index(index), limits, problems) {
            Some(draft) => {
                slots.push((draft.item.status, draft.item.owner.clone()));
                drafts.push(draft);
            }
            None => slots.push((status_of(value), None)),
        }
    }
    let finished = slots
        .iter()
        .filter(|(status, _)| status.is_terminal())
        .count();
    model::check_length(list.len(), finished, &at.path(), limits, problems);
    (drafts, slots)
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

/// Reads a snapshot's `operation` (VS Code): true for `read`, which only prints the plan.
fn is_read(value: &Value, at: &At<'_>, problems: &mut Vec<Problem>) -> bool {
    let Some(text) = expect_str(value, at, problems) else {
        return false;
    };
    let operation = OPERATIONS
        .iter()
        .find(|name| name.eq_ignore_ascii_case(text.trim()));
    if operation.is_none() {
        problems.push(Problem::new(
            at,
            Wrong::UnknownOperation {
                text: text.to_owned(),
                near: suggest::closest(text, OPERATIONS),
            },
        ));
    }
    operation == Some(&"read")
}

/// Normalises any accepted snapshot shape; every problem is reported at once, with its path.
pub fn snapshot(value: &Value, limits: &Limits) -> Result<Snapshot> {
    let (snapshot, problems) = snapshot_and_problems(value, limits)?;
    Error::if_any(problems)?;
    Ok(snapshot)
}

/// The list a snapshot's `list_path` stands at: the array itself, or the array at a key.
fn listed<'a>(value: &'a Value, list_path: &Path) -> Option<&'a Vec<Value>> {
    match (value, list_path) {
        (Value::Array(list), _) => Some(list),
        (Value::Object(object), Path::Input(steps)) => match steps.as_slice() {
            [Step::Key(key)] => object.get(key).and_then(Value::as_array),
            _ => None,
        },
        _ => None,
    }
}

/// The ids a snapshot's items give themselves (`id`, `taskId`…), those with problems included:
/// what a `blocked_by` of the same snapshot may name.
pub fn given_ids(value: &Value, list_path: &Path) -> Vec<String> {
    let Some(list) = listed(value, list_path) else {
        return Vec::new();
    };
    let spellings = ID_FIELD[0].1;
    list.iter()
        .filter_map(Value::as_object)
        .filter_map(|item| {
            item.iter()
                .find(|(key, _)| spellings.iter().any(|id| id.eq_ignore_ascii_case(key)))
                .and_then(|(_, id)| match id {
                    Value::String(id) => Some(id.trim().to_owned()),
                    Value::Number(id) => Some(id.to_string()),
                    _ => None,
                })
        })
        .collect()
}

/// Every `blocked_by` value of a snapshot's items as given, with its path
/// (`todos[0].blocked_by[0]`), items with problems included: a refused snapshot's unknown
/// blockers are reported with its other problems, so one retry fixes all (issue 31).
pub fn given_blockers(value: &Value, list_path: &Path) -> Vec<(Path, String)> {
    let Some(list) = listed(value, list_path) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for (index, item) in list.iter().enumerate() {
        let Some(item) = item.as_object() else {
            continue;
        };
        for (key, ids) in item {
            if fields::field_of(&[DETAIL_FIELDS], key) != Some(Field::BlockedBy) {
                continue;
            }
            let Value::Array(ids) = ids else {
                continue;
            };
            for (at, id) in ids.iter().enumerate() {
                let id = match id {
                    Value::String(id) => id.trim().to_owned(),
                    Value::Number(id) => id.to_string(),
                    _ => continue,
                };
                let path = list_path.clone().index(index).key(key).index(at);
                found.push((path, id));
            }
        }
    }
    found
}

/// The snapshot made of what could be read, and the problems of the rest (a shape that is no
/// snapshot at all is an error): `write` adds the problems of the dependencies to these, so
/// one retry fixes a bad status and an unknown blocker together.
pub fn snapshot_and_problems(value: &Value, limits: &Limits) -> Result<(Snapshot, Vec<Problem>)> {
    let mut problems = Vec::new();
    let mut snapshot = Snapshot::default();
    let mut slots = Vec::new();
    let mut keep = |snapshot: &mut Snapshot, at: &At<'_>, (drafts, given)| {
        snapshot.items = Some(drafts);
        snapshot.list_path = at.path();
        slots = given;
    };
    match value {
        Value::Array(list) => keep(
            &mut snapshot,
            &At::Root,
            drafts(list, &At::Root, limits, &mut problems),
        ),
        Value::Object(object) => {
            let mut read = None;
            for (field, key, value) in fields(
                object,
                &At::Root,
                SNAPSHOT_FIELDS,
                NO_STAND_IN,
                &mut problems,
            ) {
                let at = At::Root.key(key);
                let at = &at;
                match (field, value) {
                    (Field::Summary, Value::Null) => snapshot.clear_summary = true,
                    (_, Value::Null) => {}
                    (Field::Summary, value) => {
                        if let Some(text) = expect_str(value, at, &mut problems) {
                            snapshot.summary = summary(text, at, limits, &mut problems);
                            snapshot.clear_summary = text.trim().is_empty();
                        }
                    }
                    (Field::Note, value) => {
                        if let Some(text) = expect_str(value, at, &mut problems) {
                            snapshot.note = note(text, at, &mut problems);
                        }
                    }
                    (Field::Merge, Value::Bool(merge)) => snapshot.merge = *merge,
                    (Field::Merge, other) => problems.push(Problem::new(
                        at,
                        Wrong::NotBool {
                            found: type_name(other),
                        },
                    )),
                    (Field::Operation, value) => {
                        if is_read(value, at, &mut problems) {
                            read = Some(key);
                        }
                    }
                    (_, Value::Array(list)) => {
                        keep(&mut snapshot, at, drafts(list, at, limits, &mut problems));
                    }
                    // Roo Code's update_todo_list: the list as a Markdown checklist.
                    (_, Value::String(text)) => {
                        let list = checklist::items(text, at, &mut problems);
                        keep(&mut snapshot, at, drafts(&list, at, limits, &mut problems));
                    }
                    (_, other) => problems.push(Problem::new(
                        at,
                        Wrong::NotList {
                            found: type_name(other),
                        },
                    )),
                }
            }
            if let Some(key) = read {
                if snapshot.items.is_some() {
                    problems.push(Problem::new(Path::field(key), Wrong::ReadWithList));
                }
                snapshot.summary = None;
                snapshot.clear_summary = false;
            }
        }
        other => {
            return Input::NotSnapshot {
                found: type_name(other),
            }
            .into();
        }
    }
    if !problems.is_empty() {
        let slots: Vec<model::Slot<'_>> = slots
            .iter()
            .map(|(status, owner)| (*status, owner.as_deref()))
            .collect();
        model::check_in_progress(&slots, &snapshot.list_path, limits, &mut problems);
    }
    Ok((snapshot, problems))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The paths of a refusal's problems, in order (also used by `requests`' tests).
    pub(super) fn paths(err: &Error) -> Vec<String> {
        err.problems
            .iter()
            .map(|problem| problem.path.to_string())
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
            json!({"merge": true, "todos": [{"id": "1", "content": "A", "status": "in_progress"}]}),
            json!({"operation": "write", "todoList": [{"id": 1, "title": "A", "description": "d", "status": "in-progress"}]}),
            json!({"todos": [{"id": "1", "content": "A", "status": "in-progress", "priority": "high"}]}),
            json!({"todos": [{"id": "1", "content": "A", "status": "in_progress", "blockedBy": []}]}),
            json!({"todos": "[x] Done\n[-] A\n[ ] Later"}),
        ];
        for shape in shapes {
            let snapshot = snapshot(&shape, &limits).unwrap();
            let items = snapshot.items.unwrap();
            let doing: Vec<&Item> = items
                .iter()
                .map(|draft| &draft.item)
                .filter(|item| item.status == Status::InProgress)
                .collect();
            assert_eq!(doing.len(), 1, "{shape}");
            assert_eq!(doing[0].content, "A", "{shape}");
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
                .to_string()
                .contains("61 characters long, the limit is 60")
        );
        assert!(
            err.problems[0]
                .message
                .to_string()
                .contains("TODOS_MAX_CONTENT_CHARS")
        );
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
                .to_string()
                .contains("holds 11 items, the limit is 10")
        );
        assert!(
            err.problems[0]
                .message
                .to_string()
                .contains("TODOS_MAX_ITEMS")
        );
        // Two items in progress: refused with the other problems of a refused input (the
        // stored owners of kept items are for `write` to weigh when the input is valid).
        let two = json!([{"content": "a", "status": "in_progress"}, {"content": "b", "status": "doing"}, {"content": ""}]);
        let err = snapshot(&two, &Limits::default()).unwrap_err();
        assert!(
            err.problems.last().is_some_and(|problem| problem
                .message
                .to_string()
                .contains("2 items in_progress ([0], [1])")),
            "{err:?}"
        );
    }
}
