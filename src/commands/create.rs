use serde_json::{Value, json};

use crate::cli::CreateArgs;
use crate::commands::Outcome;
use crate::context::Context;
use crate::error::{Error, Problem, Result};
use crate::host::Host;
use crate::input::{self, source};
use crate::model::{self, Item, Status};
use crate::transaction;

const STDIN_HINT: &str = "give the items as arguments (`todos create \"First step\" \"Second step\"`), \
    or pipe {\"items\": [...]}, a JSON array of strings, or one item per line";

pub struct Request {
    expect_revision: Option<u64>,
    /// The checked new items, without ids yet.
    items: Vec<Item>,
    /// The input as JSON: what was piped in, or `{"items": [...]}` for arguments and lines.
    pub input: Value,
}

/// Reads and checks the new items' texts, from the arguments or stdin.
pub fn read(ctx: &Context, host: &mut Host, args: &CreateArgs) -> Result<Request> {
    let limits = ctx.config.limits;
    let (items, input) = if args.contents.is_empty() {
        let text = source::stdin(host, STDIN_HINT)?;
        let (items, value) = input::new_items(source::payload(&text), &limits)?;
        let input = value.unwrap_or_else(|| {
            let texts: Vec<&str> = items.iter().map(|item| item.content.as_str()).collect();
            json!({"items": texts})
        });
        (items, input)
    } else {
        let mut problems = Vec::new();
        let items: Vec<Item> = args
            .contents
            .iter()
            .enumerate()
            .map(|(index, text)| {
                let text = input::content(text, &format!("items[{index}]"), &limits, &mut problems);
                Item::new(text, Status::Pending)
            })
            .collect();
        Error::if_any(problems)?;
        (items, json!({"items": args.contents}))
    };
    if items.is_empty() {
        return Err(Error::invalid("no items to create").with_hint(STDIN_HINT));
    }
    Ok(Request {
        expect_revision: args.expect_revision,
        items,
        input,
    })
}

/// Appends new pending items, with ids from the store's counter.
pub fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
    let limits = ctx.config.limits;
    let Request {
        expect_revision,
        items,
        ..
    } = request;
    transaction::change(
        ctx,
        &mut host.stderr,
        "create",
        expect_revision,
        false,
        |document| {
            let mut statuses: Vec<Status> = document.todos.iter().map(|item| item.status).collect();
            statuses.resize(statuses.len() + items.len(), Status::Pending);
            let mut problems: Vec<Problem> = Vec::new();
            model::check_list(&statuses, "todos", &limits, &mut problems);
            Error::if_any(problems)?;
            for item in items {
                let id = document.allocate_id()?;
                document.todos.push(Item { id, ..item });
            }
            Ok(Vec::new())
        },
    )
    .map(Outcome::changed)
}
