use serde_json::{Map, Value, json};

use crate::cli::UpdateArgs;
use crate::commands::Outcome;
use crate::context::Context;
use crate::error::{Error, Problem, Result};
use crate::host::Host;
use crate::input::{self, ItemChange, source};
use crate::model::{self, Limits, Status};
use crate::render::escape;
use crate::store::Document;
use crate::transaction;

const STDIN_HINT: &str = "name the item and its new status (`todos update 2 completed`), \
    or pipe {\"id\": \"2\", \"status\": \"completed\"}";

pub struct Request {
    expect_revision: Option<u64>,
    /// The change as JSON, from the arguments or from stdin.
    pub input: Value,
}

/// Reads the change: the arguments as the JSON form, or the JSON form from stdin.
pub fn read(host: &mut Host, args: &UpdateArgs) -> Result<Request> {
    let input = if let Some(id) = &args.id {
        let mut object = Map::new();
        object.insert("id".into(), json!(id));
        if let Some(status) = &args.status {
            object.insert("status".into(), json!(status));
        }
        if let Some(content) = &args.content {
            object.insert("content".into(), json!(content));
        }
        if args.reopen {
            object.insert("reopen".into(), json!(true));
        }
        Value::Object(object)
    } else {
        let text = source::stdin(host, STDIN_HINT)?;
        crate::json::parse(source::payload(&text), "stdin")?
    };
    Ok(Request {
        expect_revision: args.expect_revision,
        input,
    })
}

/// Changes one item's status, text or details.
pub fn execute(ctx: &Context, host: &mut Host, request: &Request) -> Result<Outcome> {
    let limits = ctx.config.limits;
    let change = input::item_change(&request.input, &limits)?;
    transaction::change(
        ctx,
        &mut host.stderr,
        "update",
        request.expect_revision,
        false,
        |document| apply(document, &change, &limits),
    )
    .map(Outcome::changed)
}

fn apply(document: &mut Document, request: &ItemChange, limits: &Limits) -> Result<Vec<String>> {
    let Some(index) = document.todos.iter().position(|item| item.id == request.id) else {
        let ids: Vec<&str> = document
            .todos
            .iter()
            .take(20)
            .map(|item| item.id.as_str())
            .collect();
        let hint = if ids.is_empty() {
            "the plan is empty; add items with `todos create` or `todos write`".to_owned()
        } else {
            let more = if document.todos.len() > ids.len() {
                ", …"
            } else {
                ""
            };
            format!(
                "the ids are {}{more}; run `todos show` to see each item with its id",
                ids.join(", ")
            )
        };
        return Err(Error::problems(vec![Problem::new(
            "id",
            format!("no item has id \"{}\"", escape(&request.id)),
        )])
        .with_hint(hint));
    };
    let item = &mut document.todos[index];
    if let Some(status) = request.status {
        if item.status.is_terminal() && !status.is_terminal() && !request.reopen {
            return Err(Error::problems(vec![Problem::new(
                "status",
                format!(
                    "item {} is {}; moving it back to {} needs --reopen",
                    item.id,
                    item.status.as_str(),
                    status.as_str()
                ),
            )])
            .with_hint(format!(
                "to reopen it, run `todos update {} {} --reopen`",
                item.id,
                status.as_str()
            )));
        }
        item.status = status;
    }
    if let Some(content) = &request.content {
        item.content.clone_from(content);
    }
    if request.description.is_some() {
        item.description.clone_from(&request.description);
    }
    if request.active_form.is_some() {
        item.active_form.clone_from(&request.active_form);
    }
    if request.priority.is_some() {
        item.priority = request.priority;
    }
    if request.status == Some(Status::InProgress) {
        let statuses = document.todos.iter().map(|item| item.status);
        if model::over_in_progress_limit(statuses, limits) {
            let others: Vec<&str> = document
                .todos
                .iter()
                .filter(|item| item.status == Status::InProgress && item.id != request.id)
                .map(|item| item.id.as_str())
                .collect();
            return Err(Error::problems(vec![Problem::new(
                "status",
                format!(
                    "item {} cannot start: item {} is already in_progress and at most {} may be; {}",
                    escape(&request.id),
                    others.join(", item "),
                    limits.max_in_progress,
                    model::limit_advice("max_in_progress")
                ),
            )]));
        }
    }
    Ok(Vec::new())
}
