//! `update`'s flags as the change they make: the same `ItemChange` the JSON form is read into,
//! each value checked as the JSON reader checks it, each problem named as the flag typed.

use serde_json::{Map, Value, json};

use super::UpdateArgs;
use crate::input::{self, ItemChange};
use crate::plan::model::{Limits, check_owner};
use crate::policy::error::{At, Error, Hint, Path, Problem, Result, Wrong};
use crate::policy::text::word;

/// The change the flags make, with the ids of `--blocked-by` and `--unblock` as typed, one
/// for each id the change keeps (a refusal of one names the flag and the id as typed).
pub(super) fn change(
    id: &str,
    status: Option<&str>,
    args: &UpdateArgs,
    limits: &Limits,
) -> (Result<ItemChange>, Vec<String>, Vec<String>) {
    let mut problems = Vec::new();
    let mut change = ItemChange::default();
    let checked_id = input::id(id, &At::Root.key("id"), &mut problems);
    // Whether a flag changes something, valid or not: else the change is refused as empty.
    let mut changes = false;
    if let Some(text) = status {
        if input::deletes(text) {
            change.deleted = true;
        } else {
            change.status = input::status(text, &At::Root.key("status"), &mut problems);
        }
        changes = true;
    }
    if let Some(text) = &args.content {
        change.content = Some(input::content(
            text,
            &At::Typed("--content"),
            limits,
            &mut problems,
        ));
        changes = true;
    }
    if let Some(text) = &args.description {
        change.description = input::description(text, &At::Typed("--description"), &mut problems);
        changes = true;
    }
    if let Some(text) = &args.priority {
        change.priority = input::priority(text, &At::Typed("--priority"), &mut problems);
        changes = true;
    }
    if let Some(text) = &args.active_form {
        change.active_form = input::active_form(text, &At::Typed("--active-form"), &mut problems);
        changes = true;
    }
    if let Some(name) = &args.owner {
        change.owner = Some(check_owner(name, &At::Typed("--owner"), &mut problems));
    }
    change.take = args.take;
    if args.no_owner {
        change.owner = Some(None);
    }
    let (add_blocked_by, blocked_by) = ids(&args.blocked_by, "--blocked-by", &mut problems);
    let (unblock, unblock_typed) = ids(&args.unblock, "--unblock", &mut problems);
    change.add_blocked_by = add_blocked_by;
    change.unblock = unblock;
    change.reopen = args.reopen;
    changes = changes
        || !change.add_blocked_by.is_empty()
        || !change.unblock.is_empty()
        || change.owner.is_some()
        || change.take;
    if !change.deleted && !changes {
        problems.push(Problem::new(
            Path::field("status"),
            Wrong::NothingToChange {
                deleted: input::DELETED,
            },
        ));
        let id = checked_id.as_deref().unwrap_or("2").to_owned();
        let error = Error::problems(problems).hinted(Hint::UpdateExample { id });
        return (Err(error), blocked_by, unblock_typed);
    }
    let result = Error::if_any(problems).map(|()| ItemChange {
        id: checked_id.unwrap_or_default(),
        ..change
    });
    (result, blocked_by, unblock_typed)
}

/// The ids a repeated flag names, each once, and each as it was first typed. The same text
/// typed twice is one id and one problem.
fn ids(typed: &[String], flag: &str, problems: &mut Vec<Problem>) -> (Vec<String>, Vec<String>) {
    let mut ids: Vec<String> = Vec::new();
    let mut as_typed: Vec<String> = Vec::new();
    for (at, text) in typed.iter().enumerate() {
        if typed[..at].contains(text) {
            continue;
        }
        let typed = format!("{flag} {}", word(text));
        if let Some(id) = input::id(text, &At::Typed(&typed), problems)
            && !ids.contains(&id)
        {
            ids.push(id);
            as_typed.push(text.clone());
        }
    }
    (ids, as_typed)
}

/// The flags as the envelope's `params_input` reports them: the JSON form they stand for.
pub(super) fn params(id: &str, status: Option<&str>, args: &UpdateArgs) -> Value {
    let mut object = Map::new();
    object.insert("id".into(), json!(id));
    if let Some(status) = status {
        object.insert("status".into(), json!(status));
    }
    let texts = [
        ("content", &args.content),
        ("description", &args.description),
        ("priority", &args.priority),
        ("active_form", &args.active_form),
        ("owner", &args.owner),
    ];
    for (key, value) in texts {
        if let Some(value) = value {
            object.insert(key.into(), json!(value));
        }
    }
    if args.take {
        object.insert("take".into(), json!(true));
    }
    if args.no_owner {
        object.insert("owner".into(), Value::Null);
    }
    if !args.blocked_by.is_empty() {
        object.insert("addBlockedBy".into(), json!(args.blocked_by));
    }
    if !args.unblock.is_empty() {
        object.insert("unblock".into(), json!(args.unblock));
    }
    if args.reopen {
        object.insert("reopen".into(), json!(true));
    }
    Value::Object(object)
}
