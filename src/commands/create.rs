use serde_json::json;

use crate::cli::CreateArgs;
use crate::commands::{ParamsInput, Report, change, read_stdin};
use crate::context::Context;
use crate::error::{Error, Problem, Result};
use crate::input;
use crate::model::{self, Item, Status};

const STDIN_HINT: &str = "give the items as arguments (`todos create \"First step\" \"Second step\"`), \
    or pipe {\"items\": [...]}, a JSON array of strings, or one item per line";

/// Appends new pending items, with ids from the store's counter.
pub fn create(ctx: &Context, args: &CreateArgs, params: &mut ParamsInput) -> Result<Report> {
    let limits = ctx.config()?.limits;
    let texts = if args.contents.is_empty() {
        let text = read_stdin(ctx, STDIN_HINT)?;
        let (texts, value) = input::new_items(&text, &limits)?;
        *params = Some(value.unwrap_or_else(|| json!({"items": texts})));
        texts
    } else {
        *params = Some(json!({"items": args.contents}));
        let mut problems = Vec::new();
        let texts: Vec<String> = args
            .contents
            .iter()
            .enumerate()
            .map(|(index, text)| {
                input::content(text, &format!("items[{index}]"), &limits, &mut problems)
            })
            .collect();
        Error::if_any(problems)?;
        texts
    };
    if texts.is_empty() {
        return Err(Error::invalid("no items to create").with_hint(STDIN_HINT));
    }
    change(ctx, args.expect_revision, false, |document| {
        let mut statuses: Vec<Status> = document.todos.iter().map(|item| item.status).collect();
        statuses.resize(statuses.len() + texts.len(), Status::Pending);
        let mut problems: Vec<Problem> = Vec::new();
        model::check_list(&statuses, "todos", &limits, &mut problems);
        Error::if_any(problems)?;
        for content in texts {
            let id = document.allocate_id()?;
            document.todos.push(Item {
                id,
                content,
                status: Status::Pending,
                active_form: None,
                priority: None,
            });
        }
        Ok(Vec::new())
    })
}
