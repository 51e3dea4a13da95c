//! Which field a key of an input is, in each context (snapshot, item, update, create): every
//! accepted spelling as one table, what stands in for a missing field, and the messages for a
//! key that is none of them.

use serde_json::{Map, Value};

use crate::policy::error::{At, Problem, Wrong};
use crate::policy::suggest;
use crate::policy::text::shown;

/// A field of an input, whatever key spelled it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Field {
    Summary,
    Note,
    List,
    Merge,
    Operation,
    Id,
    Content,
    Description,
    Status,
    ActiveForm,
    Priority,
    BlockedBy,
    AddBlockedBy,
    AddBlocks,
    Unblock,
    Owner,
    Reopen,
    Take,
    Items,
    /// Gemini CLI's tracker task `type` (`epic`, `task`, `bug`): checked, not kept.
    Kind,
    /// Gemini CLI's tracker task `parentId`: checked as an id, not kept (a plan is flat).
    Parent,
}

/// The keys that spell each field in one input context; case does not matter. Each agent's
/// shape is a set of spellings here: a new alias is a new entry in one of these tables.
pub(super) type Spellings = [(Field, &'static [&'static str])];

/// The top level of a `write` snapshot.
pub(super) const SNAPSHOT_FIELDS: &[&Spellings] = &[&[
    (Field::Summary, &["summary", "task"]),
    // Codex's update_plan: a note on this one change, not the plan's summary (SPEC §3).
    (Field::Note, &["explanation"]),
    // `todoList`: VS Code / Copilot's manage_todo_list.
    (Field::List, &["todos", "steps", "plan", "todoList"]),
    // Cursor's todo_write.
    (Field::Merge, &["merge"]),
    // VS Code / Copilot's manage_todo_list: "write" or "read".
    (Field::Operation, &["operation"]),
]];

/// An item's id: Claude Code's tasks say `taskId`.
pub(super) const ID_FIELD: &Spellings = &[(Field::Id, &["id", "taskId", "task_id"])];

pub(super) const STATUS_FIELD: &Spellings = &[(Field::Status, &["status"])];

/// What an item says besides its id and status.
pub(super) const DETAIL_FIELDS: &Spellings = &[
    // `subject`: Claude Code's tasks.
    (
        Field::Content,
        &["content", "title", "text", "step", "subject"],
    ),
    (Field::Description, &["description", "details"]),
    (Field::ActiveForm, &["activeForm", "active_form"]),
    (Field::Priority, &["priority"]),
    // `blockedBy`: Qwen Code and Claude Code's tasks; `dependencies`: Gemini CLI's tracker
    // (on `tracker_update_task` it replaces the list, as `blocked_by` does).
    (
        Field::BlockedBy,
        &["blocked_by", "blockedBy", "depends_on", "dependencies"],
    ),
    (Field::Owner, &["owner"]),
];

/// An item of a snapshot.
pub(super) const ITEM_FIELDS: &[&Spellings] = &[ID_FIELD, DETAIL_FIELDS, STATUS_FIELD];

/// An `update` request: an item's fields, permission to reopen it, and dependency edits:
/// Claude Code's `TaskUpdate` `addBlockedBy` and `addBlocks` (the same edge seen from the
/// blocker's side), and `unblock` (`todos update --unblock`).
pub(super) const UPDATE_FIELDS: &[&Spellings] = &[
    ID_FIELD,
    DETAIL_FIELDS,
    STATUS_FIELD,
    &[
        (Field::Reopen, &["reopen"]),
        // `todos update --take`: the item becomes this owner's on purpose.
        (Field::Take, &["take"]),
        // `dependencyId`: Gemini CLI's `tracker_add_dependency` (with `taskId`).
        (
            Field::AddBlockedBy,
            &["addBlockedBy", "add_blocked_by", "dependencyId"],
        ),
        (Field::AddBlocks, &["addBlocks", "add_blocks"]),
        (Field::Unblock, &["unblock"]),
    ],
];

/// What Gemini CLI's `tracker_create_task` sends besides a title, a description and
/// dependencies: the task's type and its parent, which a flat plan of items has no place for.
pub(super) const TRACKER_FIELDS: &Spellings = &[
    (Field::Kind, &["type"]),
    (Field::Parent, &["parentId", "parent_id"]),
];

/// The kinds of task Gemini CLI's tracker knows (`tracker_create_task`'s `type`).
pub(super) const TASK_TYPES: &[&str] = &["epic", "task", "bug"];

/// A `create` request in JSON: `{"items": […]}`, or one new item (Claude Code's `TaskCreate`,
/// Gemini CLI's `tracker_create_task`).
pub(super) const CREATE_FIELDS: &[&Spellings] =
    &[&[(Field::Items, &["items"])], DETAIL_FIELDS, TRACKER_FIELDS];

/// A new item inside `{"items": […]}`: its text and details; it starts pending.
pub(super) const NEW_ITEM_FIELDS: &[&Spellings] = &[DETAIL_FIELDS];

/// Which field stands in for another that the object does not give.
pub(super) type StandsIn = [(Field, Field)];

/// In a snapshot's item, a lone `description` (Gemini CLI's `write_todos`, `WeKnora`) is the
/// item's text; next to a `title` (VS Code) it is its description.
pub(super) const SNAPSHOT_STANDS_IN: &StandsIn = &[(Field::Description, Field::Content)];

/// In `update` and `create` (Claude Code's `TaskUpdate` and `TaskCreate`), `description` is
/// always the description: an update that gives only a description never rewords the item.
pub(super) const NO_STAND_IN: &StandsIn = &[];

/// The operations of VS Code's `manage_todo_list`: `read` only prints the plan.
pub(super) const OPERATIONS: [&str; 2] = ["write", "read"];

/// The field `key` spells in a context, compared in place: every key of every item passes here.
pub(super) fn field_of(context: &[&Spellings], key: &str) -> Option<Field> {
    spellings(context)
        .find(|(_, keys)| keys.iter().any(|name| name.eq_ignore_ascii_case(key)))
        .map(|(field, _)| *field)
}

pub(super) fn spellings<'a>(
    context: &'a [&'a Spellings],
) -> impl Iterator<Item = &'a (Field, &'static [&'static str])> {
    context.iter().flat_map(|spellings| spellings.iter())
}

/// The inputs whose keys the manual lists, each with the words it is named by.
const CONTEXTS: [(&str, &[&Spellings]); 4] = [
    ("a `write` snapshot", SNAPSHOT_FIELDS),
    ("an item", ITEM_FIELDS),
    ("`update`", UPDATE_FIELDS),
    ("`create`", CREATE_FIELDS),
];

/// Every field of every input, with the keys that spell it (any case) and the inputs that read
/// it, in Markdown: the manual's reference of input shapes, from the tables parsing runs on.
pub fn reference() -> String {
    use std::fmt::Write as _;
    let mut fields: Vec<&(Field, &[&str])> = Vec::new();
    for (_, context) in CONTEXTS {
        for entry in spellings(context) {
            if !fields.iter().any(|(field, _)| *field == entry.0) {
                fields.push(entry);
            }
        }
    }
    let mut text = String::from("| field | keys, in any case | read in |\n| --- | --- | --- |\n");
    for (field, keys) in fields {
        let read_in: Vec<&str> = CONTEXTS
            .iter()
            .filter(|(_, context)| spellings(context).any(|(candidate, _)| candidate == field))
            .map(|(name, _)| *name)
            .collect();
        let _ = writeln!(
            text,
            "| {} | {} | {} |",
            keys[0],
            crate::policy::english::code_list(keys),
            read_in.join(", ")
        );
    }
    for (stand_in, field) in SNAPSHOT_STANDS_IN {
        let name = |wanted: &Field| {
            CONTEXTS
                .iter()
                .flat_map(|(_, context)| spellings(context))
                .find(|(candidate, _)| candidate == wanted)
                .map_or("", |(_, keys)| keys[0])
        };
        let _ = writeln!(
            text,
            "\nAn item of a snapshot without a `{}` key reads its `{}` as the `{}`; in `update` \
             and `create`, `{}` is always the item's own.",
            name(field),
            name(stand_in),
            name(field),
            name(stand_in)
        );
    }
    let _ = writeln!(
        text,
        "`operation` is {}.",
        crate::policy::english::code_list(&OPERATIONS).replace(", ", " or ")
    );
    text
}

/// The keys of a field in prose, `content, title, text, step or subject`.
pub(super) fn spellings_in_prose(context: &[&Spellings], field: Field) -> String {
    let keys: Vec<&str> = spellings(context)
        .filter(|(candidate, _)| *candidate == field)
        .flat_map(|(_, keys)| keys.iter().copied())
        .collect();
    crate::policy::english::or_list(&keys)
}

/// Why a key is not known here, and the nearest known key when one is close.
pub(super) fn unknown_field(key: &str, context: &[&Spellings]) -> Wrong {
    let known = spellings(context).flat_map(|(_, keys)| keys.iter().copied());
    Wrong::UnknownField {
        key: key.to_owned(),
        near: suggest::closest(key, known),
        fields: spellings(context).map(|(_, keys)| keys[0]).collect(),
    }
}

/// Sorts an object's keys into fields, refusing unknown keys and two spellings of one field.
pub(super) fn fields<'a>(
    object: &'a Map<String, Value>,
    at: &At<'_>,
    context: &[&Spellings],
    stands_in: &StandsIn,
    problems: &mut Vec<Problem>,
) -> Vec<(Field, &'a str, &'a Value)> {
    let mut found: Vec<(Field, &str, &Value)> = Vec::with_capacity(object.len());
    for (key, value) in object {
        // A key the input made up is named as messages show it: cut when it is long.
        let Some(field) = field_of(context, key) else {
            let shown = shown(key);
            problems.push(Problem::new(at.key(&shown), unknown_field(key, context)));
            continue;
        };
        if let Some((_, first, _)) = found.iter().find(|(seen, _, _)| *seen == field) {
            let shown = shown(key);
            problems.push(Problem::new(
                at.key(&shown),
                Wrong::SameField {
                    first: (*first).to_owned(),
                },
            ));
            continue;
        }
        found.push((field, key.as_str(), value));
    }
    for (stand_in, field) in stands_in {
        if !found.iter().any(|(seen, _, _)| seen == field)
            && let Some(entry) = found.iter_mut().find(|(seen, _, _)| seen == stand_in)
        {
            entry.0 = *field;
        }
    }
    found
}

pub(super) fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
