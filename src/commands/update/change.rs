//! What `update` does to the one item it names: its status (the reopen rule, the in-progress
//! limit, a start on unresolved blockers), text, description, priority, owner and dependencies.

use super::{Given, Ids};
use crate::commands::remove;
use crate::input::ItemChange;
use crate::plan::dependencies;
use crate::plan::model::{self, Limits, Status};
use crate::policy::error::{Error, Hint, Path, Problem, Refused, Result, Warning};
use crate::store::Document;

pub(super) fn apply(
    document: &mut Document,
    request: &ItemChange,
    limits: &Limits,
    given: &Given,
) -> Result<Vec<Warning>> {
    let Some(index) = document.todos.iter().position(|item| item.id == request.id) else {
        return Err(Error::problems(vec![Problem::new(
            Path::field("id"),
            Refused::NoSuchId {
                id: request.id.clone(),
            },
        )])
        .hinted(remove::ids_hint(&document.todos)));
    };
    if request.deleted {
        return remove::remove(document, std::slice::from_ref(&request.id), &|_| {
            Path::field("id")
        });
    }
    let before = document.todos.clone();
    let item = &mut document.todos[index];
    if let Some(status) = request.status {
        if item.status.is_terminal() && !status.is_terminal() && !request.reopen {
            return Err(Error::problems(vec![Problem::new(
                Path::field("status"),
                Refused::ReopenNeeded {
                    id: item.id.clone(),
                    from: item.status.as_str(),
                    to: status.as_str(),
                    reopen: given.field("reopen", "--reopen"),
                },
            )])
            .hinted(Hint::Reopen {
                id: item.id.clone(),
                status: status.as_str(),
                reopen: Box::new(given.field("reopen", "--reopen")),
            }));
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
    if let Some(owner) = &request.owner {
        item.owner.clone_from(owner);
    }
    change_dependencies(document, index, request, given)?;
    let starts =
        request.status == Some(Status::InProgress) && before[index].status != Status::InProgress;
    let owner_moves = request.owner.is_some() && document.todos[index].status == Status::InProgress;
    if (starts || owner_moves)
        && model::over_in_progress_limit(model::slots(&document.todos), limits)
    {
        let item = &document.todos[index];
        let others: Vec<&str> = document
            .todos
            .iter()
            .filter(|other| {
                other.status == Status::InProgress
                    && other.id != item.id
                    && other.owner == item.owner
            })
            .map(|other| other.id.as_str())
            .collect();
        return Err(Error::problems(vec![Problem::new(
            Path::field("status"),
            Refused::CannotStart {
                id: request.id.clone(),
                others: others.iter().map(|id| (*id).to_owned()).collect(),
                owner: item.owner.clone(),
                max: limits.max_in_progress,
            },
        )]));
    }
    Ok(dependencies::started_early(&before, &document.todos))
}

/// Applies the request's dependency edits to item `index`: every id it names must be another
/// item of the list, and the result must hold no cycle.
fn change_dependencies(
    document: &mut Document,
    index: usize,
    request: &ItemChange,
    given: &Given,
) -> Result<()> {
    let own = document.todos[index].id.clone();
    let mut problems = Vec::new();
    let known = |id: &str, path: Path, problems: &mut Vec<Problem>| {
        if id == own {
            problems.push(Problem::new(
                path,
                Refused::WaitsOnItself { id: id.to_owned() },
            ));
            false
        } else if document.todos.iter().any(|item| item.id == id) {
            true
        } else {
            problems.push(Problem::new(path, Refused::NoSuchId { id: id.to_owned() }));
            false
        }
    };
    let lists = [
        (
            Ids::BlockedBy,
            request.blocked_by.as_deref().unwrap_or_default(),
        ),
        (Ids::AddBlockedBy, request.add_blocked_by.as_slice()),
        (Ids::AddBlocks, request.add_blocks.as_slice()),
    ];
    for (list, ids) in lists {
        for (at, id) in ids.iter().enumerate() {
            known(id, given.id_in(list, at), &mut problems);
        }
    }
    // `--unblock` takes off a blocker the item waits on; any other id is a mistake to name, not
    // "no change".
    let waits_on: Vec<&String> = request
        .blocked_by
        .as_ref()
        .unwrap_or(&document.todos[index].blocked_by)
        .iter()
        .chain(&request.add_blocked_by)
        .collect();
    for (at, id) in request.unblock.iter().enumerate() {
        if !waits_on.contains(&id) {
            problems.push(Problem::new(
                given.id_in(Ids::Unblock, at),
                Refused::DoesNotWait {
                    own: own.clone(),
                    id: id.clone(),
                    waits_on: waits_on.iter().map(|id| (*id).clone()).collect(),
                },
            ));
        }
    }
    if !problems.is_empty() {
        return Err(Error::problems(problems).hinted(remove::ids_hint(&document.todos)));
    }
    let item = &mut document.todos[index];
    if let Some(list) = &request.blocked_by {
        item.blocked_by.clone_from(list);
    }
    for id in &request.add_blocked_by {
        if !item.blocked_by.contains(id) {
            item.blocked_by.push(id.clone());
        }
    }
    item.blocked_by.retain(|id| !request.unblock.contains(id));
    for target in &request.add_blocks {
        if let Some(other) = document.todos.iter_mut().find(|other| other.id == *target)
            && !other.blocked_by.contains(&own)
        {
            other.blocked_by.push(own.clone());
        }
    }
    if let Some(cycle) = dependencies::cycle(&document.todos) {
        return Err(Error::problems(vec![Problem::new(
            given.field("blocked_by", "--blocked-by"),
            Refused::MakesCycle {
                described: dependencies::describe_cycle(&document.todos, &cycle),
            },
        )]));
    }
    Ok(())
}
