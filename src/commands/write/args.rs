//! `write`'s args form (`--summary TEXT -t STATUS:CONTENT`…) as the canonical JSON shape, and
//! the `-t` a problem's path stands for.

use serde_json::{Value, json};

use super::WriteArgs;
use crate::plan::model::Status;

/// `-t STATUS:CONTENT`… as the canonical JSON shape, so one validator sees every input. A
/// `-t` without a status is a pending item with the whole text, as `create` makes one: no `:`,
/// or text before the first `:` that is no status nor a near miss of one (`Fix bug: null
/// deref`). A near miss (`complted:Fix`) stays a status, refused with "did you mean".
pub(super) fn args_form(args: &WriteArgs) -> Value {
    let todos: Vec<Value> = args
        .todos
        .iter()
        .map(|pair| match pair.split_once(':') {
            Some((status, content))
                if Status::parse(status).is_some() || Status::suggest(status).is_some() =>
            {
                json!({"content": content, "status": status})
            }
            _ => json!({"content": pair, "status": Status::Pending.as_str()}),
        })
        .collect();
    let mut value = json!({"todos": todos});
    if let Some(summary) = &args.summary {
        value["summary"] = json!(summary);
    }
    value
}

/// The `-t` a path of the args form stands for, as the user counts them: `todos[1].status` is
/// `-t #2`.
pub(super) fn todo_flag(path: &str) -> Option<String> {
    let rest = path.strip_prefix("todos[")?;
    let (index, _) = rest.split_once(']')?;
    let index: usize = index.parse().ok()?;
    Some(format!("-t #{}", index + 1))
}
