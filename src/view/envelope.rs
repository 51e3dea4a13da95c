//! The JSON envelope: one object on stdout for success and failure alike.
//! Top-level keys are only `status`, `data`, `text`, `stats`, `context` and `error`.

use serde_json::{Map, Value, json};

use crate::context::Context;
use crate::plan::model::{self, Stats, Status};
use crate::policy::error::{Error, Gone, Warning};
use crate::store::Document;
use crate::view::render;

/// Where the command ran and what it was given, for an agent reading the answer later.
pub struct Place<'a> {
    pub cwd: Option<String>,
    /// `None` before the workspace is known (a bad command line, a bad `-C`): JSON null.
    pub workspace: Option<String>,
    /// The list the command worked on (`default` or a name); `None` before it is known.
    pub list: Option<String>,
    pub params_input: Option<&'a Value>,
}

impl<'a> Place<'a> {
    /// A command that ran in `ctx`, given `params_input`.
    pub fn of(ctx: &Context, params_input: Option<&'a Value>) -> Self {
        Self {
            cwd: Some(ctx.cwd.to_string_lossy().into_owned()),
            workspace: Some(ctx.workspace.to_string_lossy().into_owned()),
            list: Some(ctx.list.as_str().to_owned()),
            params_input,
        }
    }

    fn to_json(&self) -> Value {
        json!({
            "cwd": self.cwd,
            "workspace": self.workspace,
            "list": self.list,
            "params_input": self.params_input,
        })
    }
}

/// `Updated todos: 1 in_progress, 2 pending.` — the counts that are not zero, in status order.
pub fn counts(stats: &Stats) -> String {
    let parts: Vec<String> = Status::all()
        .filter(|&status| stats.count(status) > 0)
        .map(|status| format!("{} {}", stats.count(status), status.as_str()))
        .collect();
    if parts.is_empty() {
        "no items".to_owned()
    } else {
        parts.join(", ")
    }
}

/// The plan as the envelope's `data` (and `show --format json`) gives it.
pub fn data(document: &Document, warnings: &[Warning], changed: Option<bool>) -> Value {
    let mut data = Map::new();
    data.insert("summary".into(), json!(document.summary));
    data.insert("todos".into(), json!(document.todos));
    data.insert("recap".into(), json!(render::recap(&document.todos)));
    data.insert("revision".into(), json!(document.revision));
    if let Some(changed) = changed {
        data.insert("changed".into(), json!(changed));
    }
    // The change's own note (Codex's `explanation`), echoed back.
    if let Some(note) = &document.note {
        data.insert("note".into(), json!(note));
    }
    // Every open item a snapshot dropped, whole, for an agent to send back what it lost.
    let dropped: Vec<&Gone> = warnings.iter().flat_map(Warning::dropped).collect();
    if !dropped.is_empty() {
        data.insert("dropped".into(), json!(dropped));
    }
    data.insert("warnings".into(), json!(warnings));
    Value::Object(data)
}

pub fn success(
    document: &Document,
    text: &str,
    warnings: &[Warning],
    changed: Option<bool>,
    place: &Place<'_>,
) -> Value {
    json!({
        "status": "success",
        "data": data(document, warnings, changed),
        "text": text,
        "stats": model::stats(&document.todos),
        "context": place.to_json(),
    })
}

/// The envelope of a command that answers with other data than a changed plan.
pub fn answer(data: Value, text: &str, stats: Option<&Stats>, place: &Place<'_>) -> Value {
    let mut envelope = Map::new();
    envelope.insert("status".into(), json!("success"));
    envelope.insert("data".into(), data);
    envelope.insert("text".into(), json!(text));
    if let Some(stats) = stats {
        envelope.insert("stats".into(), json!(stats));
    }
    envelope.insert("context".into(), place.to_json());
    Value::Object(envelope)
}

pub fn failure(error: &Error, place: &Place<'_>) -> Value {
    let details: Vec<Value> = error
        .problems
        .iter()
        .map(|problem| json!({"path": problem.path.to_string(), "message": problem.message.to_string()}))
        .collect();
    let mut body = Map::new();
    body.insert("code".into(), json!(error.code()));
    let message = error.to_string();
    body.insert("message".into(), json!(message));
    body.insert("details".into(), Value::Array(details));
    if let Some(hint) = error.hint() {
        body.insert("hint".into(), json!(hint));
    }
    json!({
        "status": "error",
        "error": Value::Object(body),
        "text": format!("error: {message}"),
        "context": place.to_json(),
    })
}
