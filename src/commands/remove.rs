use serde_json::{Value, json};

use crate::commands::lazy::Summary;
use crate::commands::named::{Flag, Named};
use crate::commands::transaction;
use crate::commands::{ListUse, Run};
use crate::context::Context;
use crate::context::host::Host;
use crate::plan::claims::{self, Actor};
use crate::plan::dependencies;
use crate::plan::model::Item;
use crate::policy::error::{
    Caller, Error, Gone, Hint, Path, Problem, Refused, Removal, Result, Warning,
};
use crate::policy::sentences;
use crate::store::Document;
use crate::view::outcome::Outcome;
use clap::Args;

pub struct Request {
    ids: Vec<String>,
    /// Whose name the change is made under (`TODOS_OWNER`): another owner's item is refused.
    actor: Option<Actor>,
    expect_revision: Option<u64>,
    /// How a refusal names the ids: each an `ID`, or a tool call's `ids[1]`.
    named: Named,
}

pub fn read(host: &Host, args: &RemoveArgs) -> Result<Request> {
    let ids: Vec<String> = args.ids.iter().map(|id| id.trim().to_owned()).collect();
    Ok(Request {
        ids,
        actor: super::actor(host)?,
        expect_revision: args.expect_revision,
        named: args.named,
    })
}

/// Deletes items by id; their ids are never handed out again (the counter never goes back).
pub fn execute(ctx: &Context, host: &mut Host, request: &Request) -> Result<Outcome> {
    transaction::change(
        ctx,
        host,
        "remove",
        request.expect_revision,
        false,
        |document| {
            let before = document.todos.clone();
            let warnings = remove(document, &request.ids, &|at| {
                request.named.item(Flag::Ids, at)
            })?;
            let actor = request.actor.as_ref();
            let claim = request.named.path(Flag::Claim);
            claims::respect_owners(
                &before,
                &document.todos,
                actor,
                None,
                ctx.now.instant(),
                &claim,
            )?;
            Ok(warnings)
        },
    )
    .map(Outcome::changed)
}

/// Removes the items with `ids` (`path` names the one at each index in the input, for the
/// problems): each open one is named in a warning, and so is every item that waited on one of
/// them, which no longer does. An unknown id refuses the whole change, listing the ids that
/// exist.
pub fn remove(
    document: &mut Document,
    ids: &[String],
    path: &dyn Fn(usize) -> Path,
) -> Result<Vec<Warning>> {
    let problems: Vec<Problem> = ids
        .iter()
        .enumerate()
        .filter(|(_, id)| !document.todos.iter().any(|item| item.id == **id))
        .map(|(at, id)| Problem::new(path(at), Refused::NoSuchId { id: id.clone() }))
        .collect();
    if !problems.is_empty() {
        return Err(Error::problems(problems).hinted(ids_hint(&document.todos)));
    }
    let (removed, kept): (Vec<Item>, Vec<Item>) = std::mem::take(&mut document.todos)
        .into_iter()
        .partition(|item| ids.contains(&item.id));
    document.todos = kept;
    let open: Vec<Gone> = removed
        .iter()
        .filter(|item| !item.status.is_terminal())
        .map(|item| Gone {
            id: item.id.clone(),
            content: item.content.clone(),
            status: item.status,
        })
        .collect();
    let mut warnings = Vec::new();
    if !open.is_empty() {
        warnings.push(Warning::OpenRemoved {
            items: open,
            by: Removal::Removed,
            caller: Caller::CommandLine,
        });
    }
    warnings.extend(dependencies::unlink(&mut document.todos, &removed));
    Ok(warnings)
}

/// What to do about an id that names no item.
pub fn ids_hint(items: &[Item]) -> Hint {
    Hint::Ids {
        ids: items.iter().map(|item| item.id.clone()).collect(),
        caller: Caller::CommandLine,
    }
}

/// Delete items by id.
///
/// Removing an item that is still open warns, and so does removing an item others wait on
/// (they no longer do). Ids are never handed out again. To keep the record of a step that is
/// no longer needed, mark it cancelled instead.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos remove 4\n  \
    todos --json remove 5 | jq .data.warnings")]
pub struct RemoveArgs {
    /// The ids of the items to delete, as `todos show` prints them.
    #[arg(value_name = "ID", required = true)]
    pub ids: Vec<String>,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,

    /// How a refusal names the ids: each an `ID`, or a tool call's `ids[1]`.
    #[arg(skip)]
    pub named: Named,
}

impl Summary for RemoveArgs {
    const SUMMARY: &str = "Delete items by id";
}

impl Run for RemoveArgs {
    type Request = Request;

    fn read(self, _ctx: &Context, host: &mut Host) -> Result<Request> {
        read(host, &self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
        execute(ctx, host, &request)
    }

    fn list_use(_request: &Request) -> ListUse {
        ListUse::Uses
    }

    fn params_input(request: &Request) -> Option<Value> {
        Some(json!({ "ids": request.ids }))
    }
}
