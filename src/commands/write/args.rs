//! `write`'s args form (`--summary TEXT -t STATUS:CONTENT`…) as the snapshot the JSON reader
//! makes, each item checked as that reader checks one and each problem named as the `-t` typed;
//! and the `-t` a path of the plan stands for.

use serde_json::{Value, json};

use super::WriteArgs;
use crate::input::{self, Snapshot};
use crate::plan::model::{self, Limits, Status};
use crate::policy::error::{At, Path, Problem, Step};

/// Where the items of the args form stand: the list a refusal of the plan names.
const LIST: &str = "todos";

/// `-t STATUS:CONTENT` split into its status and text. A `-t` without a status is a pending
/// item with the whole text, as `create` makes one: no `:`, or text before the first `:` that
/// is no status nor a near miss of one (`Fix bug: null deref`). A near miss (`complted:Fix`)
/// stays a status, refused with "did you mean".
fn split(pair: &str) -> (&str, &str) {
    match pair.split_once(':') {
        Some((status, content))
            if Status::parse(status).is_some() || Status::suggest(status).is_some() =>
        {
            (status, content)
        }
        _ => (Status::Pending.as_str(), pair),
    }
}

/// The snapshot `-t STATUS:CONTENT`… and `--summary` make, and its problems: the same checks,
/// in the same order, as a snapshot read from JSON (`input::snapshot_and_problems`).
pub(super) fn snapshot(args: &WriteArgs, limits: &Limits) -> (Snapshot, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut drafts = Vec::with_capacity(args.todos.len());
    let mut slots = Vec::with_capacity(args.todos.len());
    for (index, pair) in args.todos.iter().enumerate() {
        let (status, text) = split(pair);
        let typed = format!("-t #{}", index + 1);
        match input::flag_draft(text, status, &At::Typed(&typed), limits, &mut problems) {
            Some(draft) => {
                slots.push((draft.item.status, None));
                drafts.push(draft);
            }
            None => slots.push((Status::parse(status).unwrap_or(Status::Pending), None)),
        }
    }
    let finished = slots
        .iter()
        .filter(|(status, _): &&(Status, Option<&str>)| status.is_terminal())
        .count();
    let list = Path::field(LIST);
    model::check_length(args.todos.len(), finished, &list, limits, &mut problems);
    let mut snapshot = Snapshot {
        items: Some(drafts),
        list_path: list.clone(),
        ..Snapshot::default()
    };
    if let Some(text) = &args.summary {
        snapshot.summary = input::summary(text, &At::Typed("--summary"), limits, &mut problems);
        snapshot.clear_summary = text.trim().is_empty();
    }
    if !problems.is_empty() {
        model::check_in_progress(&slots, &list, limits, &mut problems);
    }
    (snapshot, problems)
}

/// The args form as the envelope's `params_input` reports it: the canonical JSON shape it
/// stands for.
pub(super) fn params(args: &WriteArgs) -> Value {
    let todos: Vec<Value> = args
        .todos
        .iter()
        .map(|pair| {
            let (status, content) = split(pair);
            json!({"content": content, "status": status})
        })
        .collect();
    let mut value = json!({"todos": todos});
    if let Some(summary) = &args.summary {
        value["summary"] = json!(summary);
    }
    value
}

/// The `-t` a path of the plan the args form makes stands for, as the user counts them:
/// `todos[1]` (and any path under it) is `-t #2`.
pub(super) fn todo_flag(path: &Path) -> Option<String> {
    let Path::Input(steps) = path else {
        return None;
    };
    match steps.as_slice() {
        [Step::Key(list), Step::Index(index), ..] if list == LIST => {
            Some(format!("-t #{}", index + 1))
        }
        _ => None,
    }
}
