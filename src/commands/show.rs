use serde_json::Value;

use crate::cli::{Format, ShowArgs};
use crate::commands::{Outcome, View};
use crate::context::Context;
use crate::plan::list::ListName;
use crate::policy::error::Result;
use crate::store::{Document, Store};
use crate::view::envelope;
use crate::view::layout::Layout;
use crate::view::render::{self, Palette};

/// Reads the plan, or every plan, without locking or creating anything.
pub fn execute(ctx: &Context, args: &ShowArgs) -> Result<Outcome> {
    if args.all {
        return Ok(Outcome::new(View::ShownAll {
            lists: load_all(ctx)?,
            format: args.format,
            long: args.long,
        }));
    }
    let document = Store::new(&ctx.workspace, &ctx.list).load()?;
    Ok(Outcome::new(View::Shown {
        document,
        format: args.format,
        long: args.long,
    }))
}

/// Every list of the workspace with its plan, the default one first.
pub fn load_all(ctx: &Context) -> Result<Vec<(ListName, crate::store::Document)>> {
    ListName::all(&ctx.workspace)
        .into_iter()
        .map(|list| {
            let document = Store::new(&ctx.workspace, &list).load()?;
            Ok((list, document))
        })
        .collect()
}

/// One plan as `show` prints it in `format`, with its layout.
/// `now` marks ended leases (`@w1 lease ended`).
pub fn plan_layout(
    document: &Document,
    format: Format,
    palette: Palette,
    long: bool,
    now: Option<chrono::DateTime<chrono::Utc>>,
) -> Layout {
    let summary = document.summary.as_deref();
    match format {
        Format::Text => render::plan(summary, &document.todos, palette, long, now),
        Format::Markdown => Layout::from(render::markdown(summary, &document.todos, now).as_str()),
        Format::Json => {
            let value = envelope::data(document, &[], None);
            let mut text = crate::input::json::escape_unsafe(
                serde_json::to_string_pretty(&value).unwrap_or_default(),
            );
            text.push('\n');
            Layout::from(text.as_str())
        }
    }
}

/// Every list as `show --all` prints it: each under its name, a blank line between them.
pub fn lists_layout(
    lists: &[(ListName, Document)],
    format: Format,
    palette: Palette,
    long: bool,
    now: Option<chrono::DateTime<chrono::Utc>>,
) -> Layout {
    if format == Format::Json {
        let mut text = crate::input::json::escape_unsafe(
            serde_json::to_string_pretty(&lists_data(lists)).unwrap_or_default(),
        );
        text.push('\n');
        return Layout::from(text.as_str());
    }
    let mut text = Layout::default();
    for (index, (list, document)) in lists.iter().enumerate() {
        if index > 0 {
            text.plain("\n");
        }
        let heading = match format {
            Format::Markdown => format!("# {list}\n\n"),
            _ => format!("{}\n", palette.bold(&format!("── {list} ──"))),
        };
        text.plain(&heading);
        text.append(plan_layout(document, format, palette, long, now));
    }
    text
}

/// `{"lists": [{"list": "default", "summary": …, "todos": […], …}, …]}`.
pub fn lists_data(lists: &[(ListName, Document)]) -> Value {
    let lists: Vec<Value> = lists
        .iter()
        .map(|(list, document)| {
            let mut data = envelope::data(document, &[], None);
            if let Value::Object(object) = &mut data {
                object.shift_insert(0, "list".to_owned(), Value::from(list.as_str()));
            }
            data
        })
        .collect();
    serde_json::json!({ "lists": lists })
}
