use serde_json::{Map, Value, json};

use crate::cli::UpdateArgs;
use crate::commands::Outcome;
use crate::commands::remove;
use crate::commands::transaction;
use crate::context::Context;
use crate::context::host::Host;
use crate::input::{self, ItemChange, source};
use crate::plan::claims::{self, Actor};
use crate::plan::dependencies;
use crate::plan::model::{self, Limits, Status};
use crate::policy::error::{Error, Problem, Result};
use crate::policy::text::escape;
use crate::store::Document;

const STDIN_HINT: &str = "name the item and its new status (`todos update 2 completed`), \
    or pipe {\"id\": \"2\", \"status\": \"completed\"}";

pub struct Request {
    expect_revision: Option<u64>,
    /// Whose name the change is made under (`TODOS_OWNER`): another owner's item is refused.
    actor: Option<Actor>,
    /// The options the change came from, to name them in a refusal; `None` for stdin.
    flags: Option<Flags>,
    /// The change as JSON, from the arguments or from stdin.
    pub input: Value,
}

/// The values of the repeated options, to name the one a refusal is about.
struct Flags {
    blocked_by: Vec<String>,
    unblock: Vec<String>,
}

/// Each field of the JSON form that an option of `update` fills, and that option: a refusal
/// of a command line names the option typed, not the field it became.
const FLAG_OF_FIELD: [(&str, &str); 6] = [
    ("addBlockedBy", "--blocked-by"),
    ("blocked_by", "--blocked-by"),
    ("unblock", "--unblock"),
    ("owner", "--owner"),
    ("content", "--content"),
    ("take", "--take"),
];

impl Flags {
    /// `addBlockedBy[1]` → `--blocked-by 5`, as typed.
    fn rename(&self, path: &str) -> Option<String> {
        let (field, index) = match path.split_once('[') {
            Some((field, rest)) => (field, rest.strip_suffix(']')?.parse::<usize>().ok()),
            None => (path, None),
        };
        let (_, flag) = FLAG_OF_FIELD.iter().find(|(name, _)| *name == field)?;
        let values = match *flag {
            "--blocked-by" => &self.blocked_by,
            "--unblock" => &self.unblock,
            _ => return Some((*flag).to_owned()),
        };
        match index.and_then(|index| values.get(index)) {
            Some(value) => Some(format!("{flag} {}", crate::policy::text::word(value))),
            None => Some((*flag).to_owned()),
        }
    }
}

/// An id is a decimal number and no status is: `update completed 2` can only mean
/// `update 2 completed`.
fn swapped(args: &UpdateArgs) -> Option<(String, String)> {
    let id = args.id.as_deref()?;
    let status = args.status.as_deref()?;
    let is_id = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    (!is_id(id) && Status::parse(id).is_some() && is_id(status))
        .then(|| (status.to_owned(), id.to_owned()))
}

/// Reads the change: the arguments as the JSON form, or the JSON form from stdin.
pub fn read(host: &mut Host, args: &UpdateArgs) -> Result<Request> {
    super::refuse_empty_owner(args.owner.as_deref())?;
    let actor = super::actor(host)?;
    let (id, status) = match swapped(args) {
        Some((id, status)) => (Some(id), Some(status)),
        None => (args.id.clone(), args.status.clone()),
    };
    let input = if let Some(id) = &id {
        let mut object = Map::new();
        object.insert("id".into(), json!(id));
        if let Some(status) = &status {
            object.insert("status".into(), json!(status));
        }
        if let Some(content) = &args.content {
            object.insert("content".into(), json!(content));
        }
        if let Some(owner) = &args.owner {
            object.insert("owner".into(), json!(owner));
        }
        if args.take {
            object.insert("take".into(), json!(true));
        }
        if args.no_owner {
            object.insert("owner".into(), Value::Null);
        }
        if !args.blocked_by.is_empty() {
            object.insert("addBlockedBy".into(), json!(args.blocked_by));
        }
        if !args.unblock.is_empty() {
            object.insert("unblock".into(), json!(args.unblock));
        }
        if args.reopen {
            object.insert("reopen".into(), json!(true));
        }
        Value::Object(object)
    } else {
        let text = source::stdin(host, STDIN_HINT)?;
        crate::input::json::parse(source::payload(&text), "stdin")?
    };
    Ok(Request {
        expect_revision: args.expect_revision,
        actor,
        flags: id.is_some().then(|| Flags {
            blocked_by: args.blocked_by.clone(),
            unblock: args.unblock.clone(),
        }),
        input,
    })
}

#[cfg(feature = "mcp")]
impl Request {
    /// The request of JSON already parsed (the MCP server's `update` tool): the change as
    /// `todos update` reads it from stdin, made under the same name (`TODOS_OWNER`), with no
    /// command line and no stdin.
    pub fn of_input(host: &Host, input: Value, expect_revision: Option<u64>) -> Result<Self> {
        Ok(Self {
            expect_revision,
            actor: super::actor(host)?,
            flags: None,
            input,
        })
    }
}

/// Changes one item's status, text or details.
pub fn execute(ctx: &Context, host: &mut Host, request: &Request) -> Result<Outcome> {
    let limits = ctx.config.limits;
    let in_words = |err: Error| match &request.flags {
        Some(flags) => err.renamed(|problem| flags.rename(&problem.path)),
        None => err,
    };
    let change = input::item_change(&request.input, &limits).map_err(in_words)?;
    let taken_for = taker(&change, request.actor.as_ref()).map_err(in_words)?;
    let command = if taken_for.is_some() {
        "update --take"
    } else {
        "update"
    };
    transaction::change_noted(
        ctx,
        &mut host.stderr,
        command,
        request.expect_revision,
        false,
        |document| {
            let before = document.todos.clone();
            let taken = match &taken_for {
                Some(taker) => Some(take(document, &change.id, taker)?),
                None => None,
            };
            let warnings = apply(document, &change, &limits)?;
            let actor = request.actor.as_ref();
            let now = ctx.now.instant();
            claims::respect_owners(
                &before,
                &document.todos,
                actor,
                taken.as_ref().map(|_| change.id.as_str()),
                now,
            )?;
            claims::settle(
                &before,
                &mut document.todos,
                actor,
                Some(&change.id),
                ctx.now.fixed(),
            );
            let note = taken.map(|from| {
                if let Some(item) = document.todos.iter_mut().find(|item| item.id == change.id) {
                    claims::grant(item, ctx.now.fixed(), ctx.config.claim_lease);
                }
                from.map_or_else(
                    || "taken on purpose".to_owned(),
                    |from| format!("taken over from {from} on purpose"),
                )
            });
            Ok((warnings, note))
        },
    )
    .map(Outcome::changed)
    .map_err(in_words)
}

/// Whom `take` (`--take`) gives the item to: the owner the change names, else the name it is
/// made under; `None` without `take`.
fn taker(change: &ItemChange, actor: Option<&Actor>) -> Result<Option<String>> {
    if !change.take {
        return Ok(None);
    }
    match &change.owner {
        Some(Some(owner)) => Ok(Some(owner.clone())),
        Some(None) => Err(Error::problems(vec![Problem::new(
            "take",
            "cannot go with clearing the owner; take the item under a name, or clear its owner \
             without take",
        )])),
        None => actor.map(|actor| Some(actor.name.clone())).ok_or_else(|| {
            Error::problems(vec![Problem::new(
                "take",
                "needs a name to take the item over for",
            )])
            .with_hint("give the owner (--owner NAME, or \"owner\" in JSON), or set TODOS_OWNER to the name you work under")
        }),
    }
}

/// `--take`: the item becomes `taker`'s; returns whom it was taken from (none when it had no
/// owner, or was the taker's already).
fn take(document: &mut Document, id: &str, taker: &str) -> Result<Option<String>> {
    let Some(item) = document.todos.iter_mut().find(|item| item.id == id) else {
        return Err(Error::problems(vec![Problem::new(
            "id",
            format!("no item has id \"{}\"", escape(id)),
        )])
        .with_hint(remove::ids_hint(&document.todos)));
    };
    let from = item.owner.replace(taker.to_owned());
    Ok(from.filter(|from| from != taker))
}

fn apply(document: &mut Document, request: &ItemChange, limits: &Limits) -> Result<Vec<String>> {
    let Some(index) = document.todos.iter().position(|item| item.id == request.id) else {
        return Err(Error::problems(vec![Problem::new(
            "id",
            format!(
                "no item has id \"{}\"",
                crate::policy::text::word(&request.id)
            ),
        )])
        .with_hint(remove::ids_hint(&document.todos)));
    };
    if request.deleted {
        return remove::remove(document, std::slice::from_ref(&request.id), "id");
    }
    let before = document.todos.clone();
    let item = &mut document.todos[index];
    if let Some(status) = request.status {
        if item.status.is_terminal() && !status.is_terminal() && !request.reopen {
            return Err(Error::problems(vec![Problem::new(
                "status",
                format!(
                    "item {} is {}; moving it back to {} needs --reopen",
                    item.id,
                    item.status.as_str(),
                    status.as_str()
                ),
            )])
            .with_hint(format!(
                "to reopen it, run `todos update {} {} --reopen`",
                item.id,
                status.as_str()
            )));
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
    change_dependencies(document, index, request)?;
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
        let whose = item
            .owner
            .as_deref()
            .map_or_else(String::new, |owner| format!(" of {owner}"));
        return Err(Error::problems(vec![Problem::new(
            "status",
            format!(
                "item {} cannot start: item {}{whose} is already in_progress and at most {} may be{}; {}",
                escape(&request.id),
                others.join(", item "),
                limits.max_in_progress,
                if item.owner.is_some() {
                    " per owner"
                } else {
                    ""
                },
                crate::policy::sentences::limit_advice(model::Limit::MaxInProgress)
            ),
        )]));
    }
    Ok(dependencies::started_early(&before, &document.todos))
}

/// Applies the request's dependency edits to item `index`: every id it names must be another
/// item of the list, and the result must hold no cycle.
fn change_dependencies(document: &mut Document, index: usize, request: &ItemChange) -> Result<()> {
    let own = document.todos[index].id.clone();
    let mut problems = Vec::new();
    let known = |id: &str, path: String, problems: &mut Vec<Problem>| {
        if id == own {
            problems.push(Problem::new(
                path,
                format!(
                    "\"{}\" is this item itself; an item cannot wait on itself",
                    escape(id)
                ),
            ));
            false
        } else if document.todos.iter().any(|item| item.id == id) {
            true
        } else {
            problems.push(Problem::new(
                path,
                format!("no item has id \"{}\"", crate::policy::text::word(id)),
            ));
            false
        }
    };
    let lists = [
        (
            "blocked_by",
            request.blocked_by.as_deref().unwrap_or_default(),
        ),
        ("addBlockedBy", request.add_blocked_by.as_slice()),
        ("addBlocks", request.add_blocks.as_slice()),
    ];
    for (name, ids) in lists {
        for (at, id) in ids.iter().enumerate() {
            known(id, format!("{name}[{at}]"), &mut problems);
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
            let waits = if waits_on.is_empty() {
                "it waits on no item".to_owned()
            } else {
                let ids: Vec<String> = waits_on
                    .iter()
                    .map(|id| crate::policy::text::word(id).into_owned())
                    .collect();
                format!("it waits only on {}", ids.join(", "))
            };
            problems.push(Problem::new(
                format!("unblock[{at}]"),
                format!(
                    "item {} does not wait on \"{}\"; {waits}",
                    crate::policy::text::word(&own),
                    crate::policy::text::word(id)
                ),
            ));
        }
    }
    if !problems.is_empty() {
        return Err(Error::problems(problems).with_hint(remove::ids_hint(&document.todos)));
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
            "blocked_by",
            format!(
                "makes a cycle: {}; an item cannot wait on itself, so drop one of these dependencies",
                dependencies::describe_cycle(&document.todos, &cycle)
            ),
        )]));
    }
    Ok(())
}
