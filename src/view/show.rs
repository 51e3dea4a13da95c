//! What `show` prints: one plan, or every list of the workspace, as text, Markdown or JSON.

use clap::ValueEnum;
use serde_json::Value;

use crate::context::Palette;
use crate::plan::list::ListName;
use crate::policy::error::Headline;
use crate::store::Document;
use crate::view::envelope;
use crate::view::layout::Layout;
use crate::view::render;

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
/// What `show --all --json` says of every list: how many lists, and items in all.
pub fn lists_headline(lists: &[(ListName, Document)]) -> Headline {
    Headline::Lists {
        lists: lists.len(),
        items: lists.iter().map(|(_, document)| document.todos.len()).sum(),
    }
}

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

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The colored checklist, for people.
    #[default]
    Text,
    /// A Markdown task list, for notes and pull requests.
    Markdown,
    /// The plan as JSON: summary, todos, recap, revision.
    Json,
}
