//! `todos history [REV]`: the kept revisions of a list, newest first, or one revision's plan.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::commands::lazy::Summary;
use crate::commands::named::{Flag, Named};
use crate::commands::{ListUse, Run};
use crate::context::Context;
use crate::context::host::Host;
use crate::plan::model;
use crate::policy::error::{Headline, Plan, Result, Warning};
use crate::policy::text::escape;
use crate::store::Store;
use crate::store::history::Entry;
use crate::view::outcome::{Answer, Outcome};
use crate::view::render;
use crate::view::words::UNVOUCHED;
use clap::Args;

/// Reads the history (no lock, nothing created) and lists it, or prints one revision.
pub fn execute(ctx: &Context, args: &HistoryArgs) -> Result<Outcome> {
    let store = Store::new(&ctx.workspace, &ctx.list);
    let history = crate::store::history::of(&store, ctx.config.history_limit)?;
    let mut warnings = history.warnings.clone();
    let unvouched = history.unvouched();
    if unvouched > 0 {
        warnings.push(Warning::NotVouched {
            path: store.history_path().to_path_buf(),
            lines: unvouched,
        });
    }
    let answer = match args.revision {
        Some(revision) => {
            let Some(entry) = history.find(revision) else {
                return Plan::NotKept {
                    revision,
                    kept: super::undo::kept(&history),
                    at: args.named.path(Flag::Revision),
                }
                .into();
            };
            revision_answer(ctx, entry)
        }
        None => listing(ctx, &history.entries, args.limit),
    };
    Ok(Outcome {
        warnings,
        ..Outcome::answer(answer)
    })
}

/// One line a revision, newest first: revision, local time, command, what changed, progress.
fn listing(ctx: &Context, entries: &[Entry], limit: Option<usize>) -> Answer {
    let shown: Vec<(&Entry, Option<&Entry>)> = entries
        .iter()
        .enumerate()
        .rev()
        .take(limit.unwrap_or(usize::MAX))
        .map(|(index, entry)| (entry, index.checked_sub(1).map(|before| &entries[before])))
        .collect();
    let mut text = String::new();
    let mut rows = Vec::with_capacity(shown.len());
    let width = shown
        .iter()
        .map(|(entry, _)| entry.revision.to_string().len())
        .max()
        .unwrap_or(1);
    let command_width = shown
        .iter()
        .map(|(entry, _)| escape(&entry.command).chars().count())
        .max()
        .unwrap_or(0);
    for (entry, before) in &shown {
        let Row {
            data: mut row,
            progress,
            mut shown,
        } = row(*before, entry);
        // A line no chain from the store reaches is listed, marked, and never restored.
        if !entry.vouched {
            row["vouched"] = json!(false);
            shown = format!("{shown} · {UNVOUCHED}");
        }
        let _ = writeln!(
            text,
            "{:>width$}  {}  {}  {}  {}",
            entry.revision,
            ctx.stdout.dim(&local_time(&entry.at)),
            ctx.stdout
                .bold(&format!("{:<command_width$}", escape(&entry.command))),
            progress,
            shown
        );
        rows.push(row);
    }
    if shown.is_empty() {
        let _ = writeln!(text, "{}", Headline::NoHistoryYet);
    }
    let headline = Headline::Kept {
        count: entries.len(),
        list: ctx.list.to_string(),
    }
    .to_string();
    let data = json!({"list": ctx.list.as_str(), "revisions": rows});
    Answer::new(text, data, headline)
}

/// One revision as `history` lists it (and `history --follow` prints it).
pub(super) struct Row {
    /// `{"revision", "at", "command", "changes", "done", "total"}`, and the change's `note`.
    pub data: Value,
    /// `[done/total]`.
    pub progress: String,
    /// What changed, then the change's note, escaped.
    pub shown: String,
}

/// The row of `entry`, whose changes are read against the revision `before` it.
pub(super) fn row(before: Option<&Entry>, entry: &Entry) -> Row {
    let stats = model::stats(&entry.todos);
    let changes = changes(before, entry);
    let shown = match &entry.note {
        Some(note) => format!("{changes} · {}", escape(note)),
        None => changes.clone(),
    };
    let mut data = json!({
        "revision": entry.revision,
        "at": entry.at,
        "command": entry.command,
        "changes": changes,
        "done": stats.done(),
        "total": stats.total,
    });
    if let Some(note) = &entry.note {
        data["note"] = json!(note);
    }
    Row {
        data,
        progress: format!("[{}/{}]", stats.done(), stats.total),
        shown,
    }
}

/// One revision's plan, as `show` prints a plan.
fn revision_answer(ctx: &Context, entry: &Entry) -> Answer {
    let mut text = format!(
        "{}\n",
        ctx.stdout.dim(&format!(
            "revision {} · {} · {}{}",
            entry.revision,
            local_time(&entry.at),
            escape(&entry.command),
            if entry.vouched {
                String::new()
            } else {
                format!(" · {UNVOUCHED}")
            }
        ))
    );
    text.push_str(&render::checklist(
        entry.summary.as_deref(),
        &entry.todos,
        ctx.stdout,
    ));
    let mut data: Value = json!({
        "list": ctx.list.as_str(),
        "revision": entry.revision,
        "at": entry.at,
        "command": entry.command,
        "summary": entry.summary,
        "todos": entry.todos,
        "recap": render::recap(&entry.todos),
    });
    if !entry.vouched {
        data["vouched"] = json!(false);
    }
    let mut answer = Answer::new(
        text,
        data,
        Headline::PlanAt {
            revision: entry.revision,
        }
        .to_string(),
    );
    answer.stats = Some(model::stats(&entry.todos));
    answer
}

pub(super) use crate::policy::text::local_time;

/// What a revision changed from the one before it, in a few words: items added, removed,
/// reworded, statuses moved, owners and dependencies changed, the summary.
pub(super) fn changes(before: Option<&Entry>, entry: &Entry) -> String {
    let Some(before) = before else {
        return crate::policy::english::count(entry.todos.len(), "item");
    };
    let old: HashMap<&str, &model::Item> = before
        .todos
        .iter()
        .map(|item| (item.id.as_str(), item))
        .collect();
    let new: HashMap<&str, &model::Item> = entry
        .todos
        .iter()
        .map(|item| (item.id.as_str(), item))
        .collect();
    let mut parts = Vec::new();
    let added: Vec<&str> = entry
        .todos
        .iter()
        .filter(|item| !old.contains_key(item.id.as_str()))
        .map(|item| item.id.as_str())
        .collect();
    if !added.is_empty() {
        parts.push(format!("added {}", escape(&added.join(", "))));
    }
    let removed: Vec<String> = before
        .todos
        .iter()
        .filter(|item| !new.contains_key(item.id.as_str()))
        .map(|item| {
            format!(
                "{} \"{}\" ({})",
                item.id,
                item.content,
                item.status.as_str()
            )
        })
        .collect();
    if !removed.is_empty() {
        parts.push(format!("removed {}", escape(&removed.join(", "))));
    }
    for item in &entry.todos {
        if let Some(was) = old.get(item.id.as_str()) {
            item_changes(was, item, &mut parts);
        }
    }
    if before.summary != entry.summary {
        parts.push(if entry.summary.is_some() {
            "summary".to_owned()
        } else {
            "summary cleared".to_owned()
        });
    }
    let order = |todos: &[crate::plan::model::Item]| -> Vec<String> {
        todos.iter().map(|item| item.id.clone()).collect()
    };
    if parts.is_empty() && order(&before.todos) != order(&entry.todos) {
        parts.push("reordered".to_owned());
    }
    if parts.is_empty() {
        "no change".to_owned()
    } else {
        parts.join("; ")
    }
}

/// What changed in one item kept from the revision before: status, text, priority,
/// description, active form, owner, lease, dependencies.
fn item_changes(was: &model::Item, item: &model::Item, parts: &mut Vec<String>) {
    if was.status != item.status {
        parts.push(format!(
            "{} {} → {}",
            escape(&item.id),
            was.status.as_str(),
            item.status.as_str()
        ));
    }
    if was.content != item.content {
        parts.push(format!("{} reworded", escape(&item.id)));
    }
    // Every field a change can make is named (issue 31): a priority change is no
    // "no change".
    if was.priority != item.priority {
        let priority = item.priority.map_or_else(
            || "no priority".to_owned(),
            |priority| format!("priority {}", priority.as_str()),
        );
        parts.push(format!("{} {priority}", escape(&item.id)));
    }
    if was.description != item.description {
        let what = if item.description.is_some() {
            "description"
        } else {
            "no description"
        };
        parts.push(format!("{} {what}", escape(&item.id)));
    }
    if was.active_form != item.active_form {
        parts.push(format!("{} active form", escape(&item.id)));
    }
    if was.owner != item.owner {
        let owner = item
            .owner
            .as_deref()
            .map_or_else(|| "no owner".to_owned(), |owner| format!("@{owner}"));
        parts.push(format!("{} {}", escape(&item.id), escape(&owner)));
    }
    if was.owner == item.owner
        && was.lease_until != item.lease_until
        && let Some(until) = &item.lease_until
    {
        parts.push(format!(
            "{} lease until {}",
            escape(&item.id),
            local_time(until)
        ));
    }
    if was.blocked_by != item.blocked_by {
        let waits = if item.blocked_by.is_empty() {
            "nothing".to_owned()
        } else {
            item.blocked_by.join(", ")
        };
        parts.push(format!("{} waits on {}", escape(&item.id), escape(&waits)));
    }
}

/// List the kept revisions of the plan, newest first, or print one of them.
///
/// Every change is kept in the list's history (.todos.history.jsonl, the latest
/// history_limit revisions, 100 by default): its revision, local time, the command that made
/// it, what changed (items added and removed, statuses moved) and the progress. `history REV`
/// prints the plan as it was at that revision; `todos undo --to REV` brings it back.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos history\n  \
    todos history --limit 5\n  \
    todos history 3\n  \
    todos history --follow\n  \
    todos --json history --follow | jq -c '.data | [.revision, .command]'\n  \
    todos undo --to 3")]
pub struct HistoryArgs {
    /// Print the plan as it was at this revision.
    #[arg(value_name = "REV")]
    pub revision: Option<u64>,

    /// List at most this many revisions, the newest (with --follow: print at most this many of
    /// the kept ones before the new ones).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,

    /// Print the kept revisions, oldest first, then each new one as it lands, until Ctrl-C
    /// (with --json, one envelope a line). Takes no lock.
    #[arg(short, long, conflicts_with = "revision")]
    pub follow: bool,

    /// How a refusal names the values given: the flags, or a tool call's arguments.
    #[arg(skip)]
    pub named: Named,
}

impl Summary for HistoryArgs {
    const SUMMARY: &str = "List the kept revisions of the plan, newest first, or print one of them";
}

impl Run for HistoryArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Self) -> Result<Outcome> {
        if request.follow {
            super::follow::execute(ctx, host, request.limit)
        } else {
            execute(ctx, &request)
        }
    }

    fn list_use(_request: &Self) -> ListUse {
        ListUse::Uses
    }
}
