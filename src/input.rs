//! Every accepted input shape, normalised to one model, with a path for every problem.
//!
//! Shapes: `TodoWrite` / Claude Code / Kimi / Gemini / s03 / `OpenCode` / Amp / Qwen (`todos`),
//! `WeKnora` (`task` + `steps`), Codex (`explanation` + `plan`), Cursor (`merge`), VS Code
//! (`operation` + `todoList`), Roo Code (a Markdown checklist in `todos`, or as plain text) and a
//! bare array of items. Keys and statuses match case-insensitively; any other key is refused by
//! name, with the nearest known key when one is close, so a typo such as `stauts` cannot pass.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::error::{Error, Problem, Result};
use crate::model::{self, Item, Limits, MAX_ACTIVE_FORM_CHARS, Priority, Status};
use crate::suggest;

pub mod checklist;
mod requests;
pub mod source;

pub use requests::{ItemChange, item_change, new_items};

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
    /// problems found when they are resolved; empty when it names none (nothing to resolve).
    pub blocked_by_path: String,
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
    /// `None` when the list is absent or `null`: a query, or a summary-only change.
    pub items: Option<Vec<Draft>>,
    /// Cursor's `"merge": true`: change the items named, add new ones, keep the rest.
    pub merge: bool,
    /// Codex's `explanation`: a note on this change, for its history line and the reply.
    pub note: Option<String>,
    /// The list's key in the input (`todos`, `steps`, `plan`; empty for a bare array), for the
    /// problems of the plan the snapshot makes.
    pub list_path: String,
}

/// A field of an input, whatever key spelled it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
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
    Items,
}

/// The keys that spell each field in one input context; case does not matter. Each agent's
/// shape is a set of spellings here: a new alias is a new entry in one of these tables.
type Spellings = [(Field, &'static [&'static str])];

/// The top level of a `write` snapshot.
const SNAPSHOT_FIELDS: &[&Spellings] = &[&[
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
const ID_FIELD: &Spellings = &[(Field::Id, &["id", "taskId", "task_id"])];

const STATUS_FIELD: &Spellings = &[(Field::Status, &["status"])];

/// What an item says besides its id and status.
const DETAIL_FIELDS: &Spellings = &[
    // `subject`: Claude Code's tasks.
    (
        Field::Content,
        &["content", "title", "text", "step", "subject"],
    ),
    (Field::Description, &["description", "details"]),
    (Field::ActiveForm, &["activeForm", "active_form"]),
    (Field::Priority, &["priority"]),
    // `blockedBy`: Qwen Code and Claude Code's tasks.
    (Field::BlockedBy, &["blocked_by", "blockedBy", "depends_on"]),
    (Field::Owner, &["owner"]),
];

/// An item of a snapshot.
const ITEM_FIELDS: &[&Spellings] = &[ID_FIELD, DETAIL_FIELDS, STATUS_FIELD];

/// An `update` request: an item's fields, permission to reopen it, and dependency edits:
/// Claude Code's `TaskUpdate` `addBlockedBy` and `addBlocks` (the same edge seen from the
/// blocker's side), and `unblock` (`todos update --unblock`).
const UPDATE_FIELDS: &[&Spellings] = &[
    ID_FIELD,
    DETAIL_FIELDS,
    STATUS_FIELD,
    &[
        (Field::Reopen, &["reopen"]),
        (Field::AddBlockedBy, &["addBlockedBy", "add_blocked_by"]),
        (Field::AddBlocks, &["addBlocks", "add_blocks"]),
        (Field::Unblock, &["unblock"]),
    ],
];

/// A `create` request in JSON: `{"items": […]}`, or one new item (Claude Code's `TaskCreate`).
const CREATE_FIELDS: &[&Spellings] = &[&[(Field::Items, &["items"])], DETAIL_FIELDS];

/// A new item inside `{"items": […]}`: its text and details; it starts pending.
const NEW_ITEM_FIELDS: &[&Spellings] = &[DETAIL_FIELDS];

/// A field that stands in for another that the object does not give: a lone `description`
/// (Gemini, `WeKnora`) is the item's text; next to a `title` (VS Code) it is its description.
const STANDS_IN: &[(Field, Field)] = &[(Field::Description, Field::Content)];

/// The operations of VS Code's `manage_todo_list`: `read` only prints the plan.
const OPERATIONS: [&str; 2] = ["write", "read"];

/// The field `key` spells in a context, compared in place: every key of every item passes here.
fn field_of(context: &[&Spellings], key: &str) -> Option<Field> {
    spellings(context)
        .find(|(_, keys)| keys.iter().any(|name| name.eq_ignore_ascii_case(key)))
        .map(|(field, _)| *field)
}

fn spellings<'a>(
    context: &'a [&'a Spellings],
) -> impl Iterator<Item = &'a (Field, &'static [&'static str])> {
    context.iter().flat_map(|spellings| spellings.iter())
}

/// The keys of a field in prose, `content, title, text, step or subject`.
fn spellings_in_prose(context: &[&Spellings], field: Field) -> String {
    let keys: Vec<&str> = spellings(context)
        .filter(|(candidate, _)| *candidate == field)
        .flat_map(|(_, keys)| keys.iter().copied())
        .collect();
    crate::english::or_list(&keys)
}

/// The most characters of an input's key that a path or a message repeats: a 100 KB key must
/// not make a 100 KB error.
const KEY_SHOWN_CHARS: usize = 40;

/// A key as paths and messages show it, cut to `KEY_SHOWN_CHARS` with `…`.
fn shown(key: &str) -> Cow<'_, str> {
    match key.char_indices().nth(KEY_SHOWN_CHARS) {
        Some((cut, _)) => Cow::Owned(format!("{}…", &key[..cut])),
        None => Cow::Borrowed(key),
    }
}

fn join(parent: &str, key: &str) -> String {
    let key = shown(key);
    if parent.is_empty() {
        key.into_owned()
    } else {
        format!("{parent}.{key}")
    }
}

/// Why a key is not known here, and the nearest known key when one is close.
fn unknown_field(key: &str, context: &[&Spellings]) -> String {
    let known = spellings(context).flat_map(|(_, keys)| keys.iter().copied());
    if let Some(near) = suggest::closest(key, known) {
        return format!("unknown field \"{}\"; did you mean \"{near}\"?", shown(key));
    }
    let first: Vec<&str> = spellings(context).map(|(_, keys)| keys[0]).collect();
    format!(
        "unknown field \"{}\"; the fields here are {}",
        shown(key),
        crate::english::or_list(&first).replacen(" or ", " and ", 1)
    )
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
            problems.push(Problem::new(join(path, key), unknown_field(key, context)));
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
    for (stand_in, field) in STANDS_IN {
        if !found.iter().any(|(seen, _, _)| seen == field)
            && let Some(entry) = found.iter_mut().find(|(seen, _, _)| seen == stand_in)
        {
            entry.0 = *field;
        }
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
        let shown = crate::text::escape(&shown(text)).into_owned();
        let message = match Status::suggest(text) {
            Some(name) => format!("unknown status \"{shown}\"; did you mean \"{name}\"?"),
            None => format!(
                "unknown status \"{shown}\"; use one of {}",
                crate::sentences::accepted_spellings()
            ),
        };
        problems.push(Problem::new(path, message));
    }
    status
}

fn parse_priority(value: &Value, path: &str, problems: &mut Vec<Problem>) -> Option<Priority> {
    let text = expect_str(value, path, problems)?;
    let priority = Priority::parse(text);
    if priority.is_none() {
        let shown = crate::text::escape(&shown(text)).into_owned();
        let message = match suggest::closest(text, Priority::names()) {
            Some(near) => format!("unknown priority \"{shown}\"; did you mean \"{near}\"?"),
            None => format!(
                "unknown priority \"{shown}\"; use one of {}",
                Priority::names().collect::<Vec<_>>().join(", ")
            ),
        };
        problems.push(Problem::new(path, message));
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

/// Reads a list of item ids (`blocked_by`): an array of ids, one id alone, or `null` (none).
/// Repeats are dropped, the first place kept (through a set: a 1 MiB array holds 100,000 ids).
fn parse_ids(value: &Value, path: &str, problems: &mut Vec<Problem>) -> Vec<String> {
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
                let at = format!("{path}[{index}]");
                if entry.is_null() {
                    problems.push(Problem::new(at, "must be an item's id, not null"));
                } else {
                    push(parse_id(entry, &at, problems));
                }
            }
        }
        other => push(parse_id(other, path, problems)),
    }
    ids
}

/// Reads an owner: a name, or `null` / `""` for no owner.
fn parse_owner(value: &Value, path: &str, problems: &mut Vec<Problem>) -> Option<String> {
    if value.is_null() {
        return None;
    }
    expect_str(value, path, problems).and_then(|name| model::check_owner(name, path, problems))
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
        Some(model::Limit::MaxContentChars),
        problems,
    )
}

/// Longest kept note on a change (Codex's `explanation`): a few sentences, not a document.
pub const MAX_NOTE_CHARS: usize = 500;

/// Checks a change's note: its line breaks and tabs become spaces (Codex writes sentences
/// across lines), then it is one line of printable text; a blank one counts as absent.
fn note(raw: &str, path: &str, problems: &mut Vec<Problem>) -> Option<String> {
    let flat: String = raw.split(['\n', '\r', '\t']).collect::<Vec<_>>().join(" ");
    if flat.trim().is_empty() {
        return None;
    }
    let text = model::check_text(&flat, path, MAX_NOTE_CHARS, None, problems);
    (!text.is_empty()).then_some(text)
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
        Some(model::Limit::MaxSummaryChars),
        problems,
    );
    (!text.is_empty()).then_some(text)
}

fn active_form(raw: &str, path: &str, problems: &mut Vec<Problem>) -> Option<String> {
    let text = model::check_text(raw, path, MAX_ACTIVE_FORM_CHARS, None, problems);
    (!text.is_empty()).then_some(text)
}

fn description(raw: &str, path: &str, problems: &mut Vec<Problem>) -> Option<String> {
    let text = model::check_description(raw, path, problems);
    (!text.is_empty()).then_some(text)
}

/// What one object says about an item, in any context (snapshot item, update, new item),
/// each field checked where it stands.
#[derive(Debug, Default)]
struct ItemFields {
    /// The fields the object gives, valid or not: one bit per `Field` (no allocation per item;
    /// a large input holds thousands).
    given: u32,
    id: Option<String>,
    content: Option<String>,
    status: Option<Status>,
    description: Option<String>,
    active_form: Option<String>,
    priority: Option<Priority>,
    /// The ids the item waits on, and where they stand in the input.
    blocked_by: Option<(String, Vec<String>)>,
    add_blocked_by: Vec<String>,
    add_blocks: Vec<String>,
    unblock: Vec<String>,
    /// `Some(None)`: the owner is cleared.
    // Three cases: left as it is, cleared, set.
    #[allow(clippy::option_option)]
    owner: Option<Option<String>>,
    reopen: bool,
    /// `"status": "deleted"` (Claude Code's `TaskUpdate`): the item is removed.
    deleted: bool,
}

impl ItemFields {
    fn has(&self, field: Field) -> bool {
        self.given & (1 << field as u32) != 0
    }

    /// Whether the object changes anything but the id (for `update`).
    fn changes_something(&self) -> bool {
        self.has(Field::Status)
            || self.has(Field::Content)
            || self.description.is_some()
            || self.active_form.is_some()
            || self.priority.is_some()
            || self.blocked_by.is_some()
            || !self.add_blocked_by.is_empty()
            || !self.add_blocks.is_empty()
            || !self.unblock.is_empty()
            || self.owner.is_some()
    }
}

/// The word Claude Code's `TaskUpdate` sends as a status to delete a task.
const DELETED: &str = "deleted";

fn item_fields(
    object: &Map<String, Value>,
    path: &str,
    context: &[&Spellings],
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> ItemFields {
    let mut item = ItemFields::default();
    for (field, key, value) in fields(object, path, context, problems) {
        // `drafts` first reads an item with an empty path, where the key alone is the path:
        // no `String` per key then.
        let at = if path.is_empty() {
            std::borrow::Cow::Borrowed(key)
        } else {
            std::borrow::Cow::Owned(join(path, key))
        };
        item.given |= 1 << field as u32;
        match field {
            Field::Id => item.id = parse_id(value, &at, problems),
            Field::Content => {
                item.content = expect_str(value, &at, problems)
                    .map(|text| content(text, &at, limits, problems));
            }
            Field::Status => {
                if value
                    .as_str()
                    .is_some_and(|s| s.trim().eq_ignore_ascii_case(DELETED))
                {
                    item.deleted = true;
                } else {
                    item.status = parse_status(value, &at, problems);
                }
            }
            Field::Description if !value.is_null() => {
                item.description = expect_str(value, &at, problems)
                    .and_then(|text| description(text, &at, problems));
            }
            Field::ActiveForm if !value.is_null() => {
                item.active_form = expect_str(value, &at, problems)
                    .and_then(|text| active_form(text, &at, problems));
            }
            Field::Priority if !value.is_null() => {
                item.priority = parse_priority(value, &at, problems);
            }
            Field::BlockedBy => {
                item.blocked_by = Some((at.to_string(), parse_ids(value, &at, problems)));
            }
            Field::AddBlockedBy => item.add_blocked_by = parse_ids(value, &at, problems),
            Field::AddBlocks => item.add_blocks = parse_ids(value, &at, problems),
            Field::Unblock => item.unblock = parse_ids(value, &at, problems),
            Field::Owner => item.owner = Some(parse_owner(value, &at, problems)),
            Field::Reopen => match value {
                Value::Bool(flag) => item.reopen = *flag,
                other => problems.push(Problem::new(
                    at,
                    format!("must be true or false, not {}", type_name(other)),
                )),
            },
            // Null optional fields clear nothing and say nothing; the snapshot's own fields
            // are not spelled in an item's context, so `fields` never returns them here.
            Field::Description
            | Field::ActiveForm
            | Field::Priority
            | Field::Summary
            | Field::Note
            | Field::List
            | Field::Merge
            | Field::Operation
            | Field::Items => {}
        }
    }
    item
}

/// The problem of an item without text, naming every key that gives it (a stand-in too).
fn missing_content(path: &str, context: &[&Spellings]) -> Problem {
    let stand_ins = STANDS_IN
        .iter()
        .filter(|(_, field)| *field == Field::Content)
        .map(|(stand_in, _)| spellings_in_prose(context, *stand_in))
        .find(|keys| !keys.is_empty())
        .map(|keys| format!(", or {keys} alone"))
        .unwrap_or_default();
    Problem::new(
        join(path, "content"),
        format!(
            "is missing; every item needs its text ({}{stand_ins})",
            spellings_in_prose(context, Field::Content)
        ),
    )
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
    let fields = item_fields(object, path, ITEM_FIELDS, limits, problems);
    if fields.deleted {
        problems.push(Problem::new(
            join(path, "status"),
            "\"deleted\" is for update; to drop an item from a snapshot, leave it out",
        ));
    }
    if !fields.has(Field::Content) {
        problems.push(missing_content(path, ITEM_FIELDS));
    }
    if !fields.has(Field::Status) {
        problems.push(Problem::new(
            join(path, "status"),
            format!(
                "is missing; every item needs a status ({})",
                crate::sentences::status_names()
            ),
        ));
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
        _ => (String::new(), Vec::new()),
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

/// The items of a snapshot's list, and what each asks for (status, owner) for the in-progress
/// rule. That rule waits for the stored plan when it can (an owner the snapshot leaves out is
/// the kept item's: `write` checks the plan it makes), and is checked here only when the input
/// is refused anyway, so one retry fixes every problem.
fn drafts(
    list: &[Value],
    path: &str,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> (Vec<Draft>, Vec<(Status, Option<String>)>) {
    let mut drafts = Vec::with_capacity(list.len());
    let mut slots = Vec::with_capacity(list.len());
    for (index, value) in list.iter().enumerate() {
        // An item's path (`todos[7]`) is spelled out only when the item has a problem to report:
        // a `String` per item and per key cost write its benchmark target at 10,000 items
        // (2.1x the serde_json floor, against 2x; 1.6x with this and model's ASCII path).
        let before = problems.len();
        let checked = match draft(value, "", limits, problems) {
            None if problems.len() > before => {
                problems.truncate(before);
                draft(value, &format!("{path}[{index}]"), limits, problems)
            }
            // Read with an empty path: where its dependencies stand, for the problems found
            // when they are resolved, gets the item's place in front.
            Some(mut draft) if !draft.item.blocked_by.is_empty() => {
                draft.blocked_by_path = format!("{path}[{index}].{}", draft.blocked_by_path);
                Some(draft)
            }
            checked => checked,
        };
        match checked {
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
    model::check_length(list.len(), finished, path, limits, problems);
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
fn is_read(value: &Value, key: &str, problems: &mut Vec<Problem>) -> bool {
    let Some(text) = expect_str(value, key, problems) else {
        return false;
    };
    let operation = OPERATIONS
        .iter()
        .find(|name| name.eq_ignore_ascii_case(text.trim()));
    if operation.is_none() {
        let hint = suggest::closest(text, OPERATIONS)
            .map_or_else(String::new, |near| format!("did you mean \"{near}\"? "));
        let use_ = if hint.is_empty() { "use" } else { "Use" };
        problems.push(Problem::new(
            key,
            format!(
                "unknown operation \"{}\"; {hint}{use_} \"write\" to replace the list or \"read\" to print it",
                shown(text)
            ),
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

/// The ids a snapshot's items give themselves (`id`, `taskId`…), those with problems included:
/// what a `blocked_by` of the same snapshot may name.
pub fn given_ids(value: &Value, list_path: &str) -> Vec<String> {
    let list = match value {
        Value::Array(list) => list,
        Value::Object(object) => match object.get(list_path) {
            Some(Value::Array(list)) => list,
            _ => return Vec::new(),
        },
        _ => return Vec::new(),
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

/// The snapshot made of what could be read, and the problems of the rest (a shape that is no
/// snapshot at all is an error): `write` adds the problems of the dependencies to these, so
/// one retry fixes a bad status and an unknown blocker together.
pub fn snapshot_and_problems(value: &Value, limits: &Limits) -> Result<(Snapshot, Vec<Problem>)> {
    let mut problems = Vec::new();
    let mut snapshot = Snapshot::default();
    let mut slots = Vec::new();
    let mut keep = |snapshot: &mut Snapshot, path: &str, (drafts, given)| {
        snapshot.items = Some(drafts);
        path.clone_into(&mut snapshot.list_path);
        slots = given;
    };
    match value {
        Value::Array(list) => keep(&mut snapshot, "", drafts(list, "", limits, &mut problems)),
        Value::Object(object) => {
            let mut read = None;
            for (field, key, value) in fields(object, "", SNAPSHOT_FIELDS, &mut problems) {
                match (field, value) {
                    (_, Value::Null) => {}
                    (Field::Summary, value) => {
                        if let Some(text) = expect_str(value, key, &mut problems) {
                            snapshot.summary = summary(text, key, limits, &mut problems);
                        }
                    }
                    (Field::Note, value) => {
                        if let Some(text) = expect_str(value, key, &mut problems) {
                            snapshot.note = note(text, key, &mut problems);
                        }
                    }
                    (Field::Merge, Value::Bool(merge)) => snapshot.merge = *merge,
                    (Field::Merge, other) => problems.push(Problem::new(
                        key,
                        format!("must be true or false, not {}", type_name(other)),
                    )),
                    (Field::Operation, value) => {
                        if is_read(value, key, &mut problems) {
                            read = Some(key);
                        }
                    }
                    (_, Value::Array(list)) => {
                        keep(&mut snapshot, key, drafts(list, key, limits, &mut problems));
                    }
                    // Roo Code's update_todo_list: the list as a Markdown checklist.
                    (_, Value::String(text)) => {
                        let list = checklist::items(text, key, &mut problems);
                        keep(
                            &mut snapshot,
                            key,
                            drafts(&list, key, limits, &mut problems),
                        );
                    }
                    (_, other) => problems.push(Problem::new(
                        key,
                        format!(
                            "must be an array of items or a Markdown checklist, not {}",
                            type_name(other)
                        ),
                    )),
                }
            }
            if let Some(key) = read {
                if snapshot.items.is_some() {
                    problems.push(Problem::new(
                        key,
                        "\"read\" only prints the plan; to change it, send \"write\" with the list",
                    ));
                }
                snapshot.summary = None;
            }
        }
        other => {
            return Err(Error::invalid(format!(
                "the input must be a JSON object such as {{\"summary\": \"…\", \"todos\": […]}} or an array of items, not {}",
                type_name(other)
            )));
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
        // Two items in progress: refused with the other problems of a refused input (the
        // stored owners of kept items are for `write` to weigh when the input is valid).
        let two = json!([{"content": "a", "status": "in_progress"}, {"content": "b", "status": "doing"}, {"content": ""}]);
        let err = snapshot(&two, &Limits::default()).unwrap_err();
        assert!(
            err.problems
                .last()
                .is_some_and(|problem| problem.message.contains("2 items in_progress ([0], [1])")),
            "{err:?}"
        );
    }
}
