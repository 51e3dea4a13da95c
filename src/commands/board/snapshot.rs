//! What the board shows of one workspace, as `todos board --json` prints it and the page draws
//! it: one envelope, whose `data` holds every list with its plan (each item with the ids it
//! still waits on and whether its lease has ended), its progress and its latest revisions with
//! what each changed. Every file is read through the store's strict readers: a store that is a
//! link, a FIFO, too large or broken is a list shown as unreadable, with the reason.

use std::fmt::Write as _;
use std::path::Path;

use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use crate::plan::dependencies::Index;
use crate::plan::list::ListName;
use crate::plan::model::{self, Item};
use crate::policy::board::REVISIONS_SHOWN;
use crate::policy::error::{Error, Warning};
use crate::store::{Document, Store};
use crate::view::envelope::{self, Place};

/// One list as the board shows it, and when it must be looked at again although no file
/// changed: the next end of an open item's lease.
#[derive(Debug, Clone, PartialEq)]
pub struct ListView {
    pub list: ListName,
    pub value: Value,
    pub lease_ends: Option<DateTime<Utc>>,
}

/// The lists a workspace holds, the default one first; or why its named lists cannot be read
/// (a `.todos` that is a link out of it), with the default list alone.
pub fn lists_of(workspace: &Path) -> (Vec<ListName>, Option<Error>) {
    let any_named = ListName::parse("board").unwrap_or_else(|_| ListName::default_list());
    match Store::new(workspace, &any_named).check_folder(false) {
        Ok(_) => (ListName::all(workspace), None),
        Err(err) => (vec![ListName::default_list()], Some(err)),
    }
}

/// One list read afresh, at `now` (which says whose lease has ended).
pub fn list(workspace: &Path, list: &ListName, now: DateTime<Utc>) -> ListView {
    let store = Store::new(workspace, list);
    let document = match store.load() {
        Ok(document) => document,
        Err(err) => {
            return ListView {
                list: list.clone(),
                value: json!({"list": list.as_str(), "error": error(&err)}),
                lease_ends: None,
            };
        }
    };
    let mut value = envelope::data(&document, &[], None);
    let mut warnings = Vec::new();
    let history = store.history_path();
    let latest = store.check_private(false).and_then(|_| {
        crate::store::history::latest(history, REVISIONS_SHOWN + 1, document.revision)
    });
    let revisions = match latest {
        Ok(history) => {
            warnings.extend(history.warnings);
            let entries = &history.entries;
            (0..entries.len())
                .rev()
                .take(REVISIONS_SHOWN)
                .map(|at| {
                    let before = at.checked_sub(1).map(|before| &entries[before]);
                    crate::commands::history::row(before, &entries[at]).data
                })
                .collect()
        }
        Err(err) => {
            warnings.push(Warning::HistoryUnreadable { why: err.message });
            Vec::new()
        }
    };
    if let Value::Object(object) = &mut value {
        object.shift_insert(0, "list".to_owned(), json!(list.as_str()));
        object.insert("todos".to_owned(), items(&document, now));
        object.insert("stats".to_owned(), json!(model::stats(&document.todos)));
        object.insert("revisions".to_owned(), Value::Array(revisions));
        object.insert("warnings".to_owned(), json!(warnings));
    }
    ListView {
        list: list.clone(),
        value,
        lease_ends: next_lease_end(&document.todos, now),
    }
}

/// The items as stored, each with the ids it still waits on and, when it holds a lease,
/// whether the lease has ended at `now`.
fn items(document: &Document, now: DateTime<Utc>) -> Value {
    let index = Index::new(&document.todos);
    let items = document.todos.iter().map(|item| {
        let mut value = json!(item);
        if let Value::Object(object) = &mut value {
            let waiting: Vec<&str> = index.unresolved(item).collect();
            if !waiting.is_empty() {
                object.insert("waiting_on".to_owned(), json!(waiting));
            }
            if item.lease_until.is_some() {
                object.insert(
                    "lease_ended".to_owned(),
                    json!(crate::plan::claims::lease_ended(item, now)),
                );
            }
        }
        value
    });
    Value::Array(items.collect())
}

/// When the first lease of an open item that still runs at `now` ends.
fn next_lease_end(items: &[Item], now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    items
        .iter()
        .filter(|item| !item.status.is_terminal())
        .filter_map(crate::plan::claims::lease_end)
        .map(|end| end.with_timezone(&Utc))
        .filter(|end| *end > now)
        .min()
}

/// A failure as the board shows it: its code, message and hint.
pub fn error(err: &Error) -> Value {
    let mut value = Map::new();
    value.insert("code".to_owned(), json!(err.code()));
    value.insert("message".to_owned(), json!(err.message));
    if let Some(hint) = &err.hint {
        value.insert("hint".to_owned(), json!(hint));
    }
    Value::Object(value)
}

/// The workspace's envelope: its lists as read, or the reason it cannot be read at all.
pub fn envelope(
    workspace: &Path,
    refused: Option<&Error>,
    lists: &[ListView],
    folder: Option<&Error>,
) -> Value {
    let shown = workspace.to_string_lossy().into_owned();
    let place = Place {
        cwd: None,
        workspace: Some(shown.clone()),
        list: None,
        params_input: None,
    };
    if let Some(refused) = refused {
        return envelope::failure(refused, &place);
    }
    let name = workspace
        .file_name()
        .map_or_else(|| shown.clone(), |name| name.to_string_lossy().into_owned());
    let mut data = Map::new();
    data.insert("workspace".to_owned(), json!(shown));
    data.insert("name".to_owned(), json!(name));
    data.insert(
        "lists".to_owned(),
        Value::Array(lists.iter().map(|list| list.value.clone()).collect()),
    );
    if let Some(folder) = folder {
        data.insert("error".to_owned(), error(folder));
    }
    let (mut done, mut total, mut unreadable) = (0, 0, 0);
    for list in lists {
        match list.value.get("stats") {
            Some(stats) => {
                total += stats["total"].as_u64().unwrap_or(0);
                done += done_of(stats);
            }
            None => unreadable += 1,
        }
    }
    let mut text = format!(
        "{}: {}, {done} of {} done",
        crate::policy::text::escape(&name),
        crate::policy::english::count(lists.len(), "list"),
        crate::policy::english::count(usize::try_from(total).unwrap_or(usize::MAX), "item")
    );
    if unreadable > 0 {
        let _ = write!(text, ", {unreadable} unreadable");
    }
    text.push('.');
    envelope::answer(Value::Object(data), &text, None, &place)
}

/// Items in a terminal status, from a list's `stats`.
fn done_of(stats: &Value) -> u64 {
    crate::policy::status::STATUSES
        .iter()
        .filter(|info| info.terminal)
        .map(|info| stats[info.name].as_u64().unwrap_or(0))
        .sum()
}

/// The whole workspace read afresh: what `--json` prints.
pub fn workspace(workspace: &Path, now: DateTime<Utc>) -> Value {
    if let Err(refused) = crate::context::refuse_foreign_workspace(workspace) {
        return envelope(workspace, Some(&refused), &[], None);
    }
    let (names, folder) = lists_of(workspace);
    let lists: Vec<ListView> = names
        .iter()
        .map(|name| list(workspace, name, now))
        .collect();
    envelope(workspace, None, &lists, folder.as_ref())
}
