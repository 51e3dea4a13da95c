//! What one object says about an item, in any context (a snapshot's item, an update, a new
//! item): each field it gives, checked where it stands, and what is missing.

use serde_json::{Map, Value};

use super::fields::{Field, Spellings, StandsIn, fields, spellings_in_prose, type_name};
use super::values::{
    active_form, content, description, expect_str, parse_id, parse_ids, parse_owner,
    parse_priority, parse_status,
};
use crate::plan::model::{Limits, Priority, Status};
use crate::policy::error::{At, Path, Problem, Wrong};

/// What one object says about an item, in any context (snapshot item, update, new item),
/// each field checked where it stands.
#[derive(Debug, Default)]
pub(super) struct ItemFields {
    /// The fields the object gives, valid or not: one bit per `Field` (no allocation per item;
    /// a large input holds thousands).
    pub(super) given: u32,
    pub(super) id: Option<String>,
    pub(super) content: Option<String>,
    pub(super) status: Option<Status>,
    pub(super) description: Option<String>,
    pub(super) active_form: Option<String>,
    pub(super) priority: Option<Priority>,
    /// The ids the item waits on, and where they stand in the input.
    pub(super) blocked_by: Option<(Path, Vec<String>)>,
    pub(super) add_blocked_by: Vec<String>,
    pub(super) add_blocks: Vec<String>,
    pub(super) unblock: Vec<String>,
    /// `Some(None)`: the owner is cleared.
    // Three cases: left as it is, cleared, set.
    #[allow(clippy::option_option)]
    pub(super) owner: Option<Option<String>>,
    pub(super) reopen: bool,
    /// `"take": true` (`update --take`): the item becomes the owner's on purpose.
    pub(super) take: bool,
    /// `"status": "deleted"` (Claude Code's `TaskUpdate`): the item is removed.
    pub(super) deleted: bool,
}

impl ItemFields {
    pub(super) fn has(&self, field: Field) -> bool {
        self.given & (1 << field as u32) != 0
    }

    /// Whether the object changes anything but the id (for `update`).
    pub(super) fn changes_something(&self) -> bool {
        self.has(Field::Status)
            || self.has(Field::Content)
            || self.has(Field::Description)
            || self.has(Field::ActiveForm)
            || self.has(Field::Priority)
            || self.blocked_by.is_some()
            || !self.add_blocked_by.is_empty()
            || !self.add_blocks.is_empty()
            || !self.unblock.is_empty()
            || self.owner.is_some()
            || self.take
    }
}

/// The word Claude Code's `TaskUpdate` sends as a status to delete a task.
pub const DELETED: &str = "deleted";

/// Whether a status as typed is `deleted`: the item is removed (`update`).
pub fn deletes(status: &str) -> bool {
    status.trim().eq_ignore_ascii_case(DELETED)
}

pub(super) fn item_fields(
    object: &Map<String, Value>,
    at: &At<'_>,
    context: &[&Spellings],
    stands_in: &StandsIn,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> ItemFields {
    let mut item = ItemFields::default();
    let object_at = at;
    for (field, key, value) in fields(object, object_at, context, stands_in, problems) {
        // Borrowed: spelled out as a path only where a problem is found.
        let at = object_at.key(key);
        item.given |= 1 << field as u32;
        match field {
            Field::Id => item.id = parse_id(value, &at, problems),
            Field::Content => {
                item.content = expect_str(value, &at, problems)
                    .map(|text| content(text, &at, limits, problems));
            }
            Field::Status => {
                if value.as_str().is_some_and(deletes) {
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
                item.blocked_by = Some((at.path(), parse_ids(value, &at, problems)));
            }
            Field::AddBlockedBy => item.add_blocked_by = parse_ids(value, &at, problems),
            Field::AddBlocks => item.add_blocks = parse_ids(value, &at, problems),
            Field::Unblock => item.unblock = parse_ids(value, &at, problems),
            Field::Owner => item.owner = Some(parse_owner(value, &at, problems)),
            // Gemini CLI's tracker: a plan's items have no type and no parent; what is sent is
            // checked as the tracker would check it, and not kept.
            Field::Kind => check_task_type(value, &at, problems),
            Field::Parent => {
                parse_id(value, &at, problems);
            }
            Field::Reopen | Field::Take => match value {
                Value::Bool(flag) if field == Field::Take => item.take = *flag,
                Value::Bool(flag) => item.reopen = *flag,
                other => problems.push(Problem::new(
                    at,
                    Wrong::NotBool {
                        found: type_name(other),
                    },
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

/// A tracker task's `type`: one of `TASK_TYPES`, any case.
fn check_task_type(value: &Value, at: &At<'_>, problems: &mut Vec<Problem>) {
    let Some(text) = expect_str(value, at, problems) else {
        return;
    };
    let known = super::fields::TASK_TYPES;
    if !known
        .iter()
        .any(|kind| kind.eq_ignore_ascii_case(text.trim()))
    {
        problems.push(Problem::new(
            at,
            Wrong::UnknownTaskType {
                text: text.to_owned(),
                near: crate::policy::suggest::closest(text, known.iter().copied()),
                names: known,
            },
        ));
    }
}

/// The problem of an item without text, naming every key that gives it (a stand-in too).
pub(super) fn missing_content(
    at: &At<'_>,
    context: &[&Spellings],
    stands_in: &StandsIn,
) -> Problem {
    let stand_ins = stands_in
        .iter()
        .filter(|(_, field)| *field == Field::Content)
        .map(|(stand_in, _)| spellings_in_prose(context, *stand_in))
        .find(|keys| !keys.is_empty());
    Problem::new(
        at.key("content"),
        Wrong::ContentMissing {
            keys: spellings_in_prose(context, Field::Content),
            stand_ins,
        },
    )
}
