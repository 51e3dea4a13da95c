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
use crate::policy::board::{
    ITEMS_SHOWN, LIST_READ_BYTES, LISTS_SHOWN, REVISIONS_SHOWN, SHOWN_BYTES,
};
use crate::policy::error::{Error, Setup, Warning};
use crate::policy::failure::BoardBound;
use crate::store::{Document, Store};
use crate::view::envelope::{self, Place};

/// One list as the board shows it: at most `ITEMS_SHOWN` of its items, and the leases of
/// those that still run, so that the page can be told when one ends without reading the
/// store again.
#[derive(Debug, Clone, PartialEq)]
pub struct ListView {
    pub list: ListName,
    pub value: Value,
    /// The shown open items whose lease still runs: their place in `todos`, and its end.
    pub leases: Vec<(usize, DateTime<Utc>)>,
    /// What it costs the board's budget (`SHOWN_BYTES`): the length of its JSON.
    pub cost: usize,
}

impl ListView {
    /// When the first of its shown leases that still run ends.
    #[cfg(feature = "board")]
    pub fn lease_ends(&self) -> Option<DateTime<Utc>> {
        self.leases.iter().map(|(_, end)| *end).min()
    }

    /// Marks the shown leases that have ended by `now`; whether any was.
    #[cfg(feature = "board")]
    pub fn end_leases(&mut self, now: DateTime<Utc>) -> bool {
        let before = self.leases.len();
        let todos = self.value.get_mut("todos");
        let mut ended = Vec::new();
        self.leases.retain(|(at, end)| {
            let running = *end > now;
            if !running {
                ended.push(*at);
            }
            running
        });
        if let Some(Value::Array(todos)) = todos {
            for at in ended {
                if let Some(Value::Object(item)) = todos.get_mut(at) {
                    item.insert("lease_ended".to_owned(), Value::Bool(true));
                }
            }
        }
        self.leases.len() != before
    }

    /// A list the board does not read, with the reason.
    fn failed(list: &ListName, err: &Error) -> Self {
        let value = json!({"list": list.as_str(), "error": error(err)});
        Self {
            list: list.clone(),
            cost: value.to_string().len(),
            value,
            leases: Vec::new(),
        }
    }

    /// This list, or the reason it is not shown when it would take `used` past the budget.
    pub fn within(self, workspace: &Path, used: &mut usize) -> Self {
        if used.saturating_add(self.cost) > SHOWN_BYTES {
            let too_large = Self::failed(
                &self.list,
                &Setup::BoardTooLarge {
                    path: self.list.store_path(workspace),
                    over: BoardBound::Budget {
                        max: SHOWN_BYTES as u64,
                    },
                }
                .into(),
            );
            *used = used.saturating_add(too_large.cost);
            return too_large;
        }
        *used += self.cost;
        self
    }
}

/// The lists a workspace holds, the default one first, at most `LISTS_SHOWN` (and how many
/// more); or why its named lists cannot be read (a `.todos` that is a link out of it), with
/// the default list alone.
pub fn lists_of(workspace: &Path) -> (Vec<ListName>, usize, Option<Error>) {
    let any_named = ListName::parse("board").unwrap_or_else(|_| ListName::default_list());
    match Store::new(workspace, &any_named).check_folder(false) {
        Ok(_) => {
            let mut names = ListName::all(workspace);
            let more = names.len().saturating_sub(LISTS_SHOWN);
            names.truncate(LISTS_SHOWN);
            (names, more, None)
        }
        Err(err) => (vec![ListName::default_list()], 0, Some(err)),
    }
}

/// One list read afresh, at `now` (which says whose lease has ended). A store larger than
/// `LIST_READ_BYTES` is not read.
pub fn list(workspace: &Path, list: &ListName, now: DateTime<Utc>) -> ListView {
    let path = list.store_path(workspace);
    if let Ok(meta) = std::fs::symlink_metadata(&path)
        && meta.is_file()
        && meta.len() > LIST_READ_BYTES
    {
        let err = Setup::BoardTooLarge {
            path,
            over: BoardBound::Store {
                size: meta.len(),
                max: LIST_READ_BYTES,
            },
        };
        return ListView::failed(list, &err.into());
    }
    let store = Store::new(workspace, list);
    let document = match store.load() {
        Ok(document) => document,
        Err(err) => return ListView::failed(list, &err),
    };
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
            warnings.push(Warning::HistoryUnreadable { why: Box::new(err) });
            Vec::new()
        }
    };
    let shown = shown(&document.todos);
    let not_shown = document.todos.len() - shown.len();
    let (todos, leases) = items(&document, &shown, now);
    // The keys in the order of every envelope's `data`, then the board's own.
    let mut value = Map::new();
    value.insert("list".to_owned(), json!(list.as_str()));
    value.insert("summary".to_owned(), json!(document.summary));
    value.insert("todos".to_owned(), todos);
    if not_shown > 0 {
        value.insert("not_shown".to_owned(), json!(not_shown));
    }
    value.insert(
        "recap".to_owned(),
        json!(crate::view::render::recap(&document.todos)),
    );
    value.insert("revision".to_owned(), json!(document.revision));
    if let Some(note) = &document.note {
        value.insert("note".to_owned(), json!(note));
    }
    value.insert("warnings".to_owned(), json!(warnings));
    value.insert("stats".to_owned(), json!(model::stats(&document.todos)));
    value.insert("revisions".to_owned(), Value::Array(revisions));
    if let Some(remote) = remote(workspace, list, document.revision) {
        value.insert("remote".to_owned(), remote);
    }
    let value = Value::Object(value);
    ListView {
        list: list.clone(),
        cost: value.to_string().len(),
        value,
        leases,
    }
}

/// Where a list with a remote stands against it (SPEC §10, §11), from this clone's own files
/// alone, no network: `ahead`, the revisions kept here that the remote has not had; `behind`,
/// whether a `git fetch` brought the list's ref past what the plan holds; `since`, when this
/// clone last had the plan in common with the remote. `None` for a list that never had one.
fn remote(workspace: &Path, list: &ListName, revision: u64) -> Option<Value> {
    use crate::store::remote as wire;
    let (seen, at) = wire::seen_any(workspace, list)?;
    let ahead = wire::waiting(Some(&seen), revision);
    let behind = crate::commands::init::common_dir(workspace)
        .ok()
        .and_then(|common| wire::local_ref(&common, list))
        .is_some_and(|oid| {
            oid != seen.oid
                && seen
                    .ahead
                    .as_ref()
                    .is_none_or(|line| line.merges.iter().all(|(_, tip)| *tip != oid))
        });
    let since = DateTime::<Utc>::from(at).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    Some(json!({"name": seen.remote, "ahead": ahead, "behind": behind, "since": since}))
}

/// Which items the page is sent, by their place in the list: all of them up to
/// `ITEMS_SHOWN`; past it, those in progress, then the other open ones, then the finished,
/// each in the list's order, and the chosen ones in the list's order again.
fn shown(items: &[Item]) -> Vec<usize> {
    if items.len() <= ITEMS_SHOWN {
        return (0..items.len()).collect();
    }
    let rank = |item: &Item| {
        if item.status == crate::policy::status::Status::InProgress {
            0
        } else if item.status.is_terminal() {
            2
        } else {
            1
        }
    };
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|at| (rank(&items[*at]), *at));
    order.truncate(ITEMS_SHOWN);
    order.sort_unstable();
    order
}

/// The items shown, each with the ids it still waits on and, when it holds a lease, whether
/// the lease has ended at `now`; and the leases that still run, by place among them.
fn items(
    document: &Document,
    shown: &[usize],
    now: DateTime<Utc>,
) -> (Value, Vec<(usize, DateTime<Utc>)>) {
    let index = Index::new(&document.todos);
    let mut leases = Vec::new();
    let items = shown.iter().enumerate().map(|(place, at)| {
        let item = &document.todos[*at];
        let mut value = json!(item);
        if let Value::Object(object) = &mut value {
            let waiting: Vec<&str> = index.unresolved(item).collect();
            if !waiting.is_empty() {
                object.insert("waiting_on".to_owned(), json!(waiting));
            }
            if item.lease_until.is_some() {
                let ended = crate::plan::claims::lease_ended(item, now);
                object.insert("lease_ended".to_owned(), json!(ended));
                if let Some(end) = crate::plan::claims::lease_end(item)
                    .map(|end| end.with_timezone(&Utc))
                    .filter(|end| !item.status.is_terminal() && *end > now)
                {
                    leases.push((place, end));
                }
            }
        }
        value
    });
    (Value::Array(items.collect()), leases)
}

/// A failure as the board shows it: its code, message and hint.
pub fn error(err: &Error) -> Value {
    let mut value = Map::new();
    value.insert("code".to_owned(), json!(err.code()));
    value.insert("message".to_owned(), json!(err.to_string()));
    if let Some(hint) = err.hint() {
        value.insert("hint".to_owned(), json!(hint));
    }
    Value::Object(value)
}

/// The workspace's envelope: its lists as read, or the reason it cannot be read at all.
pub fn envelope(
    workspace: &Path,
    refused: Option<&Error>,
    lists: &[ListView],
    lists_not_shown: usize,
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
    if lists_not_shown > 0 {
        data.insert("lists_not_shown".to_owned(), json!(lists_not_shown));
    }
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

/// The whole workspace read afresh: what `--json` prints. `used`: what the lists printed
/// before it took of the board's budget.
pub fn workspace(workspace: &Path, now: DateTime<Utc>, used: &mut usize) -> Value {
    if let Err(refused) = crate::context::refuse_foreign_workspace(workspace) {
        return envelope(workspace, Some(&refused), &[], 0, None);
    }
    let (names, more, folder) = lists_of(workspace);
    let lists: Vec<ListView> = names
        .iter()
        .map(|name| list(workspace, name, now).within(workspace, used))
        .collect();
    envelope(workspace, None, &lists, more, folder.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(cost: usize) -> ListView {
        ListView {
            list: ListName::default_list(),
            value: json!({"list": "default"}),
            leases: Vec::new(),
            cost,
        }
    }

    #[test]
    fn past_the_budget_a_list_is_named_as_too_large() {
        let workspace = Path::new("/ws");
        let mut used = SHOWN_BYTES - 100;
        let shown = view(100).within(workspace, &mut used);
        assert_eq!((shown.cost, used), (100, SHOWN_BYTES));
        let over = view(1).within(workspace, &mut used);
        assert_eq!(
            over.value["error"]["message"],
            "/ws/.todos.json is not shown: the lists before it take the board's memory budget \
             (32 MiB (33554432 bytes))"
        );
        assert_eq!(used, SHOWN_BYTES + over.cost);
    }

    #[test]
    #[cfg(feature = "board")]
    fn an_ended_lease_is_marked_without_reading_the_store() {
        let now = Utc::now();
        let mut list = view(0);
        list.value = json!({"todos": [{"id": "1"}, {"id": "2"}]});
        list.leases = vec![
            (0, now - chrono::TimeDelta::seconds(1)),
            (1, now + chrono::TimeDelta::hours(1)),
        ];
        assert!(list.end_leases(now));
        assert_eq!(list.value["todos"][0]["lease_ended"], true);
        assert!(list.value["todos"][1].get("lease_ended").is_none());
        assert!(!list.end_leases(now), "nothing more ends now");
        assert_eq!(list.lease_ends(), Some(now + chrono::TimeDelta::hours(1)));
    }
}
