//! The requests of `create` (new items) and `update` (a change to one item), read with the
//! same field rules and paths as the snapshots of `write`.

use serde_json::{Map, Value};

use super::fields::{CREATE_FIELDS, NEW_ITEM_FIELDS, NO_STAND_IN, UPDATE_FIELDS};
use super::item::{DELETED, ItemFields, item_fields, missing_content};
use super::{Field, content, expect_str, fields, type_name};
use crate::plan::model::{Item, Limits, Priority, Status};
use crate::policy::error::{At, Caller, Error, Hint, Input, Path, Problem, Result, Wrong};

/// A change to one item, as sent to `update`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemChange {
    pub id: String,
    pub status: Option<Status>,
    pub content: Option<String>,
    pub description: Option<String>,
    pub active_form: Option<String>,
    pub priority: Option<Priority>,
    /// The whole list of blockers, replaced (`blocked_by`).
    pub blocked_by: Option<Vec<String>>,
    /// Blockers added (`addBlockedBy`, `--blocked-by`) and taken off (`unblock`, `--unblock`).
    pub add_blocked_by: Vec<String>,
    pub unblock: Vec<String>,
    /// Items that will wait on this one (`addBlocks`).
    pub add_blocks: Vec<String>,
    /// `Some(None)` clears the owner.
    // Three cases: left as it is, cleared, set.
    #[allow(clippy::option_option)]
    pub owner: Option<Option<String>>,
    pub reopen: bool,
    /// `"take": true` (`--take`): the item becomes the owner's (`owner`, else the name the
    /// change is made under) on purpose, whoever held it.
    pub take: bool,
    /// `"status": "deleted"`: remove the item.
    pub deleted: bool,
}

/// Whether `create`'s input is meant as JSON: `{` or `[` followed by a quote or a bracket, as
/// in every input `create` takes, so `[WIP] fix login` or `{braces} in text` stay lines.
fn looks_like_json(text: &str) -> bool {
    let mut chars = text.trim_start().chars();
    let opening = chars.next();
    let next = chars.find(|c| !c.is_whitespace());
    matches!(opening, Some('{' | '[')) && matches!(next, None | Some('"' | '{' | '[' | ']' | '}'))
}

/// A new pending item from an object of item fields (`TaskCreate`, or an entry of `items`).
fn new_item(
    object: &Map<String, Value>,
    at: &At<'_>,
    context: &[&super::Spellings],
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<Item> {
    let fields = item_fields(object, at, context, NO_STAND_IN, limits, problems);
    if !fields.has(Field::Content) {
        problems.push(missing_content(at, context, NO_STAND_IN));
    }
    let mut item = Item::new(fields.content?, Status::Pending);
    item.description = fields.description;
    item.active_form = fields.active_form;
    item.priority = fields.priority;
    item.blocked_by = fields.blocked_by.map(|(_, ids)| ids).unwrap_or_default();
    item.owner = fields.owner.flatten();
    Some(item)
}

/// Reads the new items of `create`: `{"items": [...]}` (strings or item objects), one item
/// object (Claude Code's `TaskCreate`: `{"subject", "description", "activeForm"}`), a JSON array,
/// or plain lines (blank lines skipped).
pub fn new_items(text: &str, limits: &Limits) -> Result<(Vec<Item>, Option<Value>)> {
    let mut problems = Vec::new();
    if !looks_like_json(text) {
        let items = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(number, line)| {
                let line_at = format!("line {}", number + 1);
                let text = content(line, &At::Typed(&line_at), limits, &mut problems);
                Item::new(text, Status::Pending)
            })
            .collect();
        Error::if_any(problems)?;
        return Ok((items, None));
    }
    let value = crate::input::json::parse(text, "stdin")?;
    let items = new_items_of(&value, limits)?;
    Ok((items, Some(value)))
}

/// Reads the new items of `create` from JSON already parsed (the MCP server's `create` tool):
/// the JSON shapes `new_items` reads, with the same checks and messages.
pub fn new_items_of(value: &Value, limits: &Limits) -> Result<Vec<Item>> {
    let mut problems = Vec::new();
    let (list, list_key) = match value {
        Value::Array(list) => (list, None),
        Value::Object(object) => {
            let mut key_problems = Vec::new();
            let found = fields(
                object,
                &At::Root,
                CREATE_FIELDS,
                NO_STAND_IN,
                &mut key_problems,
            );
            let listed = found.iter().find(|(field, _, _)| *field == Field::Items);
            if listed.is_some() {
                problems.append(&mut key_problems);
            }
            match listed {
                Some((_, key, Value::Array(items))) if found.len() == 1 => (items, Some(*key)),
                Some((_, key, other)) if found.len() == 1 => {
                    problems.push(Problem::new(
                        Path::field(key),
                        Wrong::NotItems {
                            found: type_name(other),
                        },
                    ));
                    return Err(Error::problems(problems));
                }
                Some((_, key, _)) => {
                    problems.push(Problem::new(Path::field(key), Wrong::ItemsAndFields));
                    return Err(Error::problems(problems));
                }
                None => {
                    let item = new_item(object, &At::Root, CREATE_FIELDS, limits, &mut problems);
                    Error::if_any(problems)?;
                    return Ok(item.into_iter().collect());
                }
            }
        }
        other => {
            return Input::NotCreate {
                found: type_name(other),
            }
            .into();
        }
    };
    let list_at = match list_key {
        Some(key) => At::Root.key(key),
        None => At::Root,
    };
    let items = list
        .iter()
        .enumerate()
        .filter_map(|(index, value)| {
            let at = list_at.index(index);
            match value {
                Value::Object(object) => {
                    new_item(object, &at, NEW_ITEM_FIELDS, limits, &mut problems)
                }
                value => expect_str(value, &at, &mut problems).map(|text| {
                    Item::new(content(text, &at, limits, &mut problems), Status::Pending)
                }),
            }
        })
        .collect::<Vec<_>>();
    Error::if_any(problems)?;
    Ok(items)
}

/// Reads an `update` request: `{"id": "2", "status": "completed"}` plus optional content,
/// description, active form, priority and `reopen` (Claude Code's `TaskUpdate` spells them
/// `taskId`, `subject`…). Every problem comes back at once: a mistyped key and the missing
/// change it was meant to be are fixed in one retry.
pub fn item_change(value: &Value, limits: &Limits) -> Result<ItemChange> {
    let Value::Object(object) = value else {
        return Input::NotUpdate {
            found: type_name(value),
        }
        .into();
    };
    let mut problems = Vec::new();
    let fields: ItemFields = item_fields(
        object,
        &At::Root,
        UPDATE_FIELDS,
        NO_STAND_IN,
        limits,
        &mut problems,
    );
    if !fields.has(Field::Id) {
        problems.push(Problem::new(
            Path::field("id"),
            Wrong::IdMissing {
                caller: Caller::CommandLine,
            },
        ));
    }
    let nothing_to_change = !fields.deleted && !fields.changes_something();
    if nothing_to_change {
        problems.push(Problem::new(
            Path::field("status"),
            Wrong::NothingToChange { deleted: DELETED },
        ));
    }
    if nothing_to_change {
        let id = fields.id.as_deref().unwrap_or("2");
        return Err(Error::problems(problems).hinted(Hint::UpdateExample { id: id.to_owned() }));
    }
    Error::if_any(problems)?;
    Ok(ItemChange {
        id: fields.id.unwrap_or_default(),
        status: fields.status,
        content: fields.content,
        description: fields.description,
        active_form: fields.active_form,
        priority: fields.priority,
        blocked_by: fields.blocked_by.map(|(_, ids)| ids),
        add_blocked_by: fields.add_blocked_by,
        unblock: fields.unblock,
        add_blocks: fields.add_blocks,
        owner: fields.owner,
        reopen: fields.reopen,
        take: fields.take,
        deleted: fields.deleted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::tests::paths;
    use serde_json::json;

    #[test]
    fn create_takes_three_forms() {
        let limits = Limits::default();
        let texts = |text: &str| -> Vec<String> {
            new_items(text, &limits)
                .unwrap()
                .0
                .into_iter()
                .map(|item| item.content)
                .collect()
        };
        assert_eq!(texts("{\"items\": [\"a\", \"b\"]}"), ["a", "b"]);
        assert_eq!(texts("[\"a\"]"), ["a"]);
        assert_eq!(texts("a\n\n  b  \n"), ["a", "b"]);
        assert_eq!(texts("[{\"content\": \"a\"}, \"b\"]"), ["a", "b"]);
        let prose = texts("[WIP] fix login\n{braces} in text\n");
        assert_eq!(prose, ["[WIP] fix login", "{braces} in text"]);
        assert!(
            new_items("[\"a\", ", &limits).is_err(),
            "broken JSON is still JSON"
        );
        assert_eq!(
            paths(&new_items("[\"a\", 3]", &limits).unwrap_err()),
            ["[1]"]
        );
    }

    #[test]
    fn update_requires_an_id() {
        let limits = Limits::default();
        let change = item_change(&json!({"id": 2, "status": "done"}), &limits).unwrap();
        assert_eq!(
            (change.id.as_str(), change.status),
            ("2", Some(Status::Completed))
        );
        assert_eq!(
            paths(&item_change(&json!({"status": "done"}), &limits).unwrap_err()),
            ["id"]
        );
    }

    #[test]
    fn update_reports_a_typo_and_the_missing_change_together() {
        let err =
            item_change(&json!({"id": "1", "stauts": "done"}), &Limits::default()).unwrap_err();
        assert_eq!(paths(&err), ["stauts", "status"]);
        assert!(
            err.problems[0]
                .message
                .to_string()
                .contains("did you mean \"status\"?")
        );
    }

    /// Gemini CLI 0.61.0's `tracker_create_task`, `tracker_update_task` and
    /// `tracker_add_dependency` arguments, as their schemas in its bundle spell them
    /// (chunk-5FZXKDXH.js, `TRACKER_*_DEFINITION`).
    #[test]
    fn gemini_trackers_arguments_are_items_and_changes() {
        let limits = Limits::default();
        let create = json!({
            "title": "Add the lint step",
            "description": "Run clippy in CI",
            "type": "task",
            "parentId": "1",
            "dependencies": ["1"],
        });
        let items = new_items_of(&create, &limits).unwrap();
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].content, "Add the lint step");
        assert_eq!(items[0].description.as_deref(), Some("Run clippy in CI"));
        assert_eq!(items[0].blocked_by, ["1"]);
        let epic = json!({"title": "CI", "description": "All of it", "type": "EPIC"});
        assert_eq!(new_items_of(&epic, &limits).unwrap()[0].content, "CI");
        let wrong = json!({"title": "CI", "description": "d", "type": "feature", "parentId": 7.5});
        let err = new_items_of(&wrong, &limits).unwrap_err();
        assert_eq!(paths(&err), ["type", "parentId"]);
        assert!(
            err.problems[0]
                .message
                .to_string()
                .contains("unknown task type \"feature\"; use one of epic, task, bug"),
            "{}",
            err.problems[0].message
        );
        let update = json!({
            "id": "2",
            "title": "Add the clippy step",
            "description": "New detail",
            "status": "closed",
            "dependencies": [],
        });
        let change = item_change(&update, &limits).unwrap();
        assert_eq!(change.status, Some(Status::Completed));
        assert_eq!(change.content.as_deref(), Some("Add the clippy step"));
        assert_eq!(change.blocked_by, Some(Vec::new()), "replaces the list");
        for (status, want) in [
            ("open", Status::Pending),
            ("in_progress", Status::InProgress),
            ("blocked", Status::Blocked),
        ] {
            let change = item_change(&json!({"id": "2", "status": status}), &limits).unwrap();
            assert_eq!(change.status, Some(want), "{status}");
        }
        let added = item_change(&json!({"taskId": "2", "dependencyId": "1"}), &limits).unwrap();
        assert_eq!(
            (added.id.as_str(), added.add_blocked_by),
            ("2", vec!["1".into()])
        );
        // `type` and `parentId` are `tracker_create_task`'s: an update names them as unknown.
        let err = item_change(&json!({"id": "2", "type": "bug"}), &limits).unwrap_err();
        assert_eq!(paths(&err), ["type", "status"]);
    }

    #[test]
    fn task_create_is_one_new_item() {
        let (items, _) = new_items(
            r#"{"subject": "Run tests", "description": "All of them", "activeForm": "Running tests"}"#,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].content, "Run tests");
        assert_eq!(items[0].description.as_deref(), Some("All of them"));
        assert_eq!(items[0].active_form.as_deref(), Some("Running tests"));
    }
}
