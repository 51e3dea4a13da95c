//! The requests of `create` (new item texts) and `update` (a change to one item), read with
//! the same field rules and paths as the snapshots of `write`.

use serde_json::Value;

use super::{
    Field, active_form, content, expect_str, fields, item_field, parse_id, parse_priority,
    parse_status, type_name,
};
use crate::error::{Error, Problem, Result};
use crate::model::{Limits, Priority, Status};

/// A change to one item, as sent to `update`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemChange {
    pub id: String,
    pub status: Option<Status>,
    pub content: Option<String>,
    pub active_form: Option<String>,
    pub priority: Option<Priority>,
    pub reopen: bool,
}

fn update_field(key: &str) -> Option<Field> {
    if key.eq_ignore_ascii_case("reopen") {
        Some(Field::Reopen)
    } else {
        item_field(key)
    }
}

/// Whether `create`'s input is meant as JSON: `{` or `[` followed by a quote or a bracket, as
/// in every input `create` takes, so `[WIP] fix login` or `{braces} in text` stay lines.
fn looks_like_json(text: &str) -> bool {
    let mut chars = text.trim_start().chars();
    let opening = chars.next();
    let next = chars.find(|c| !c.is_whitespace());
    matches!(opening, Some('{' | '[')) && matches!(next, None | Some('"' | '{' | '[' | ']' | '}'))
}

/// Reads the texts of new items for `create`: `{"items": [...]}`, a JSON array of strings, or
/// plain lines (blank lines skipped).
pub fn new_items(text: &str, limits: &Limits) -> Result<(Vec<String>, Option<Value>)> {
    let mut problems = Vec::new();
    if !looks_like_json(text) {
        let texts = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(number, line)| {
                content(line, &format!("line {}", number + 1), limits, &mut problems)
            })
            .collect();
        Error::if_any(problems)?;
        return Ok((texts, None));
    }
    let value = crate::json::parse(text, "stdin")?;
    let (list, path) = match &value {
        Value::Array(list) => (list, String::new()),
        Value::Object(object) => {
            let mut list = None;
            let mut seen_items: Option<&str> = None;
            for (key, value) in object {
                match (key.to_ascii_lowercase().as_str(), value) {
                    // `{"items":…,"Items":…}`: two spellings of one field, never a silent pick.
                    ("items", _) if seen_items.is_some() => problems.push(Problem::new(
                        key.as_str(),
                        format!(
                            "says the same as \"{}\"; give only one of them",
                            seen_items.unwrap_or_default()
                        ),
                    )),
                    ("items", Value::Array(items)) => {
                        seen_items = Some(key.as_str());
                        list = Some(items);
                    }
                    ("items", other) => {
                        seen_items = Some(key.as_str());
                        problems.push(Problem::new(
                            key,
                            format!("must be an array of strings, not {}", type_name(other)),
                        ));
                    }
                    _ => problems.push(Problem::new(
                        key.as_str(),
                        format!("unknown field \"{key}\""),
                    )),
                }
            }
            match list {
                Some(list) if problems.is_empty() => (list, "items".to_owned()),
                _ => {
                    if problems.is_empty() {
                        problems.push(Problem::new(
                            "items",
                            "is missing; send {\"items\": [\"first step\", …]}",
                        ));
                    }
                    return Err(Error::problems(problems));
                }
            }
        }
        other => {
            return Err(Error::invalid(format!(
                "create takes {{\"items\": [...]}}, an array of strings or plain lines, not {}",
                type_name(other)
            )));
        }
    };
    let texts = list
        .iter()
        .enumerate()
        .map(|(index, value)| {
            let at = format!("{path}[{index}]");
            expect_str(value, &at, &mut problems)
                .map(|text| content(text, &at, limits, &mut problems))
        })
        .collect::<Vec<_>>();
    Error::if_any(problems)?;
    Ok((texts.into_iter().flatten().collect(), Some(value)))
}

/// Reads an `update` request: `{"id": "2", "status": "completed"}` plus optional content,
/// active form, priority and `reopen`.
pub fn item_change(value: &Value, limits: &Limits) -> Result<ItemChange> {
    let Value::Object(object) = value else {
        return Err(Error::invalid(format!(
            "update takes an object such as {{\"id\": \"2\", \"status\": \"completed\"}}, not {}",
            type_name(value)
        )));
    };
    let mut problems = Vec::new();
    let mut change = ItemChange::default();
    let mut has_id = false;
    for (field, key, value) in fields(object, "", update_field, &mut problems) {
        match field {
            Field::Id => {
                has_id = true;
                change.id = parse_id(value, key, &mut problems).unwrap_or_default();
            }
            Field::Status => change.status = parse_status(value, key, &mut problems),
            Field::Content => {
                change.content = expect_str(value, key, &mut problems)
                    .map(|text| content(text, key, limits, &mut problems));
            }
            Field::ActiveForm => {
                change.active_form = expect_str(value, key, &mut problems)
                    .and_then(|text| active_form(text, key, &mut problems));
            }
            Field::Priority => change.priority = parse_priority(value, key, &mut problems),
            Field::Reopen => match value {
                Value::Bool(flag) => change.reopen = *flag,
                other => problems.push(Problem::new(
                    key,
                    format!("must be true or false, not {}", type_name(other)),
                )),
            },
            Field::Summary | Field::List => unreachable!("not an update field"),
        }
    }
    if !has_id {
        problems.push(Problem::new(
            "id",
            "is missing; name the item to change (its id from `todos show`)",
        ));
    }
    Error::if_any(problems)?;
    Ok(change)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::tests::paths;
    use serde_json::json;

    #[test]
    fn create_takes_three_forms() {
        let limits = Limits::default();
        assert_eq!(
            new_items("{\"items\": [\"a\", \"b\"]}", &limits).unwrap().0,
            ["a", "b"]
        );
        assert_eq!(new_items("[\"a\"]", &limits).unwrap().0, ["a"]);
        assert_eq!(new_items("a\n\n  b  \n", &limits).unwrap().0, ["a", "b"]);
        let prose = new_items("[WIP] fix login\n{braces} in text\n", &limits)
            .unwrap()
            .0;
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
}
