use serde_json::json;

use crate::cli::NextArgs;
use crate::commands::{Answer, Outcome};
use crate::context::Context;
use crate::dependencies::{self, Index, named};
use crate::english::count;
use crate::error::{Error, Problem, Result};
use crate::host::Host;
use crate::layout::Layout;
use crate::model::{self, Item, Status};
use crate::render;
use crate::store::{Document, Store};
use crate::text::escape;
use crate::transaction;

pub struct Request {
    claim: bool,
    /// `--expect-revision`, with `--claim`: compare-and-swap on the claim.
    expect_revision: Option<u64>,
    /// `--owner`, else `TODOS_OWNER`: whose next item, and who claims it.
    owner: Option<String>,
}

/// Reads the flags; the owner falls back on `TODOS_OWNER` (an empty value is unset).
pub fn read(host: &Host, args: &NextArgs) -> Result<Request> {
    Ok(Request {
        claim: args.claim,
        expect_revision: args.expect_revision,
        owner: super::owner(host, args.owner.as_ref())?,
    })
}

/// Prints the first ready item; with `--claim`, marks it in progress and owned, under the lock,
/// so two agents claiming at once never get the same item.
pub fn execute(ctx: &Context, host: &mut Host, request: &Request) -> Result<Outcome> {
    let owner = request.owner.as_deref();
    if !request.claim {
        let document = Store::new(&ctx.workspace, &ctx.list).load()?;
        let next = dependencies::next_ready(&document.todos, owner);
        return Ok(answer(&document, next, false, owner, ctx, Vec::new()));
    }
    let mut outcome = Claim::Nothing;
    let (committed, mut warnings) = transaction::change(
        ctx,
        &mut host.stderr,
        "next --claim",
        request.expect_revision,
        false,
        |document| {
            outcome = claim(document, owner, &ctx.config.limits)?;
            Ok(Vec::new())
        },
    )?;
    let position = |id: &str| {
        committed
            .document
            .todos
            .iter()
            .position(|item| item.id == id)
    };
    let (next, claimed) = match &outcome {
        Claim::Nothing => (None, false),
        Claim::Claimed(id) => (position(id), true),
        Claim::Held(id) => {
            let next = position(id);
            if let Some(index) = next {
                warnings.push(format!(
                    "{} already has item {} in progress (at most {} per owner): finish it \
                     (completed or failed) before you claim another",
                    owner.unwrap_or_default(),
                    named(&committed.document.todos[index]),
                    ctx.config.limits.max_in_progress
                ));
            }
            (next, false)
        }
    };
    Ok(answer(
        &committed.document,
        next,
        claimed,
        owner,
        ctx,
        warnings,
    ))
}

/// What a claim did.
enum Claim {
    /// Nothing is ready.
    Nothing,
    /// This item is now in progress and owned.
    Claimed(String),
    /// The owner already has as many items in progress as it may: the first of them, given
    /// back unchanged, so an agent that lost track of its claim (a compacted context, a
    /// restarted worker) finds its work again instead of an error.
    Held(String),
}

/// Marks the first ready item in progress and owned by `owner`.
fn claim(document: &mut Document, owner: Option<&str>, limits: &model::Limits) -> Result<Claim> {
    if let Some(owner) = owner {
        let mut held = document.todos.iter().filter(|item| {
            item.status == Status::InProgress && item.owner.as_deref() == Some(owner)
        });
        if let Some(first) = held.next()
            && 1 + held.count() >= limits.max_in_progress
        {
            return Ok(Claim::Held(first.id.clone()));
        }
    }
    let Some(index) = dependencies::next_ready(&document.todos, owner) else {
        return Ok(Claim::Nothing);
    };
    let item = &mut document.todos[index];
    item.status = Status::InProgress;
    if let Some(owner) = owner {
        item.owner = Some(owner.to_owned());
    }
    let id = item.id.clone();
    if model::over_in_progress_limit(model::slots(&document.todos), limits) {
        // Only items without an owner get here: an owner at the limit is `Held`.
        let started: Vec<String> = document
            .todos
            .iter()
            .filter(|other| {
                other.status == Status::InProgress
                    && other.id != id
                    && other.owner.as_deref() == owner
            })
            .map(named)
            .collect();
        return Err(Error::problems(vec![Problem::new(
            "--claim",
            format!(
                "{} without an owner already in_progress, at most {} may be: {}",
                count(started.len(), "item"),
                limits.max_in_progress,
                started.join(", ")
            ),
        )])
        .with_hint("claim with a name (--owner NAME or TODOS_OWNER), or finish that item first"));
    }
    Ok(Claim::Claimed(id))
}

fn answer(
    document: &Document,
    next: Option<usize>,
    claimed: bool,
    owner: Option<&str>,
    ctx: &Context,
    warnings: Vec<String>,
) -> Outcome {
    let stats = model::stats(&document.todos);
    let (text, data, headline) = if let Some(index) = next {
        let item = &document.todos[index];
        let mut layout = Layout::default();
        let width = item.id.chars().count();
        let index = Index::new(&document.todos);
        render::item_with_detail(&mut layout, item, width, &index, ctx.stdout, true);
        let text = layout.into_string();
        let verb = if claimed { "Claimed" } else { "Next" };
        let headline = format!("{verb}: {}.", named(item));
        let data = json!({
            "next": item,
            "claimed": claimed,
            "revision": document.revision,
            "recap": render::recap(&document.todos),
            "warnings": warnings,
        });
        (text, data, headline)
    } else {
        let reason = nothing_ready(&document.todos, owner);
        let data = json!({
            "next": null,
            "claimed": false,
            "reason": reason,
            "revision": document.revision,
            "recap": render::recap(&document.todos),
            "warnings": warnings,
        });
        (format!("{reason}\n"), data, reason)
    };
    let mut answer = Answer::new(text, data, headline);
    answer.stats = Some(stats);
    Outcome {
        warnings,
        ..Outcome::answer(answer)
    }
}

/// Why no item is ready, in one line: all done, or what the open items wait on.
pub fn nothing_ready(items: &[Item], owner: Option<&str>) -> String {
    let stats = model::stats(items);
    if items.is_empty() {
        return "Nothing to do: the plan is empty.".to_owned();
    }
    if stats.open() == 0 {
        return format!("Nothing to do: {}", render::progress_line(items));
    }
    let index = Index::new(items);
    let mut parts = Vec::new();
    let mut waited_on: Vec<&str> = Vec::new();
    let mut waiting = 0;
    let mut others = 0;
    for item in items.iter().filter(|item| item.status == Status::Pending) {
        for id in index.unresolved(item) {
            if !waited_on.contains(&id) {
                waited_on.push(id);
            }
        }
        if index.unresolved(item).next().is_some() {
            waiting += 1;
        } else if owner.is_some() {
            others += 1;
        }
    }
    if waiting > 0 {
        parts.push(format!(
            "{} {} on {}",
            count(waiting, "item"),
            if waiting == 1 { "waits" } else { "wait" },
            escape(&waited_on.join(", "))
        ));
    }
    let started: Vec<String> = items
        .iter()
        .filter(|item| item.status == Status::InProgress)
        .map(|item| match &item.owner {
            Some(owner) => format!("{} @{}", escape(&item.id), escape(owner)),
            None => escape(&item.id).into_owned(),
        })
        .collect();
    if !started.is_empty() {
        parts.push(format!(
            "{} in progress elsewhere ({})",
            count(started.len(), "item"),
            started.join(", ")
        ));
    }
    if others > 0 {
        parts.push(format!("{} owned by others", count(others, "item")));
    }
    let blocked = stats.count(Status::Blocked);
    if blocked > 0 {
        parts.push(format!("{blocked} blocked"));
    }
    format!("Nothing is ready: {}.", parts.join("; "))
}
