mod change;
mod flags;

use serde_json::Value;

use crate::commands::lazy::Summary;
use crate::commands::named::Named;
use crate::commands::remove;
use crate::commands::source;
use crate::commands::transaction;
use crate::commands::{ListUse, Run};
use crate::commands::{owner_help, with_statuses};
use crate::context::Context;
use crate::context::host::Host;
use crate::input::{self, ItemChange, fence};
use crate::plan::claims::{self, Actor};
use crate::plan::model::Status;
use crate::policy::error::{
    Caller, Error, Hint, Path, Problem, Refused, Result, StdinCommand, Usage,
};
use crate::policy::guess::quoted;
use crate::policy::sentences;
use crate::store::Document;
use crate::view::outcome::Outcome;
use clap::Args;
use clap_complete::ArgValueCandidates;

const STDIN_HINT: Hint = Hint::Stdin(StdinCommand::Update);

pub struct Request {
    expect_revision: Option<u64>,
    /// Whose name the change is made under (`TODOS_OWNER`): another owner's item is refused.
    actor: Option<Actor>,
    /// The change, checked; `Err` when it was refused, which is said once the list is known.
    change: Result<ItemChange>,
    /// Where the change came from: the flags, named in a refusal as typed, or JSON.
    given: Given,
    /// How a refusal names the claim and the lease: the flags, or a tool call's arguments.
    named: Named,
}

/// Where a change came from.
enum Given {
    /// The command line: each id its flags name, as typed (`--blocked-by 5`), and the flags
    /// themselves, for the envelope's `params_input`.
    Flags {
        blocked_by: Vec<String>,
        unblock: Vec<String>,
        params: Value,
    },
    /// The JSON form, from stdin or the MCP server.
    Json(Value),
}

impl Given {
    /// What a problem about the `at`th id of a list of the change is called: `addBlockedBy[1]`
    /// in JSON, the flag with the id as typed on the command line (`--blocked-by 5`).
    fn id_in(&self, list: Ids, at: usize) -> Path {
        let (field, typed) = match (self, list) {
            (Self::Json(_), Ids::BlockedBy) => return Path::field("blocked_by").index(at),
            (Self::Json(_), Ids::AddBlockedBy) => return Path::field("addBlockedBy").index(at),
            (Self::Json(_), Ids::AddBlocks) => return Path::field("addBlocks").index(at),
            (Self::Json(_), Ids::Unblock) => return Path::field("unblock").index(at),
            (Self::Flags { unblock, .. }, Ids::Unblock) => ("--unblock", unblock),
            (Self::Flags { blocked_by, .. }, _) => ("--blocked-by", blocked_by),
        };
        match typed.get(at) {
            Some(value) => Path::flag(format!("{field} {}", crate::policy::text::word(value))),
            None => Path::flag(field),
        }
    }

    /// What a problem about a field is called: its JSON key, or the flag that sets it.
    fn field(&self, key: &'static str, flag: &'static str) -> Path {
        match self {
            Self::Json(_) => Path::field(key),
            Self::Flags { .. } => Path::flag(flag),
        }
    }
}

/// The lists of ids a change names.
#[derive(Clone, Copy)]
pub(super) enum Ids {
    BlockedBy,
    AddBlockedBy,
    AddBlocks,
    Unblock,
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

/// Reads the change: from the arguments, or the JSON form from stdin.
pub fn read(ctx: &Context, host: &mut Host, args: &UpdateArgs) -> Result<Request> {
    super::refuse_empty_owner(args.owner.as_deref())?;
    let actor = super::actor(host)?;
    let (id, status) = match swapped(args) {
        Some((id, status)) => (Some(id), Some(status)),
        None => (args.id.clone(), args.status.clone()),
    };
    let typed = |flag: &str| match flag {
        "--content" => args.content.as_deref(),
        "--description" => args.description.as_deref(),
        _ => args.active_form.as_deref(),
    };
    if let (Some(id), Some(status), Some(flag)) = (&id, &status, args.status_after_text)
        && let Some(value) = typed(flag)
        && Status::parse(status).is_none()
        && Status::suggest(status).is_none()
    {
        let text = format!("{value} {status}");
        return Err(Usage::Unquoted {
            what: flag.to_owned(),
            run: format!("todos update {} {flag} {}", quoted(id), quoted(&text)),
            count: text.split_whitespace().count(),
            text,
            near: None,
        }
        .into());
    }
    let limits = &ctx.config.limits;
    let (change, given) = if let Some(id) = &id {
        let (change, blocked_by, unblock) = flags::change(id, status.as_deref(), args, limits);
        let params = flags::params(id, status.as_deref(), args);
        let given = Given::Flags {
            blocked_by,
            unblock,
            params,
        };
        (change, given)
    } else {
        let text = source::stdin(host, STDIN_HINT)?;
        let input = crate::input::json::parse(fence::payload(&text), "stdin")?;
        (input::item_change(&input, limits), Given::Json(input))
    };
    Ok(Request {
        expect_revision: args.expect_revision,
        actor,
        change,
        given,
        named: Named::Typed,
    })
}

#[cfg(feature = "mcp")]
impl Request {
    /// The request of JSON already parsed (the MCP server's `update` tool): the change as
    /// `todos update` reads it from stdin, made under the same name (`TODOS_OWNER`), with no
    /// command line and no stdin.
    pub fn of_input(
        ctx: &Context,
        host: &Host,
        input: Value,
        expect_revision: Option<u64>,
        named: Named,
    ) -> Result<Self> {
        Ok(Self {
            expect_revision,
            actor: super::actor(host)?,
            change: input::item_change(&input, &ctx.config.limits),
            given: Given::Json(input),
            named,
        })
    }
}

/// Changes one item's status, text or details.
pub fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
    let limits = ctx.config.limits;
    let Request {
        expect_revision,
        actor,
        change,
        given,
        named,
    } = request;
    let change = change?;
    let taken_for = taker(&change, actor.as_ref(), &given)?;
    let command = if taken_for.is_some() {
        "update --take"
    } else {
        "update"
    };
    transaction::change_noted(ctx, host, command, expect_revision, false, |document| {
        let before = document.todos.clone();
        let taken = match &taken_for {
            Some(taker) => Some(take(document, &change.id, taker)?),
            None => None,
        };
        let warnings = change::apply(document, &change, &limits, &given)?;
        super::owner::hold(
            ctx,
            named,
            &before,
            &mut document.todos,
            actor.as_ref(),
            taken.as_ref().map(|_| change.id.as_str()),
            Some(&change.id),
        )?;
        let note = match taken {
            Some(from) => {
                if let Some(item) = document.todos.iter_mut().find(|item| item.id == change.id) {
                    claims::grant(
                        item,
                        ctx.now.fixed(),
                        ctx.config.claim_lease,
                        named.lease_not_given().as_ref(),
                    )?;
                }
                Some(from.map_or_else(
                    || "taken on purpose".to_owned(),
                    |from| format!("taken over from {from} on purpose"),
                ))
            }
            None => None,
        };
        Ok((warnings, note))
    })
    .map(Outcome::changed)
}

/// The text option whose value the STATUS was typed right after, as the parser saw it
/// (`UpdateArgs::status_after_text`).
pub(crate) fn status_after_text(update: &clap::ArgMatches) -> Option<&'static str> {
    let status = update.index_of("status")?;
    [
        ("content", "--content"),
        ("description", "--description"),
        ("active_form", "--active-form"),
    ]
    .into_iter()
    .find(|(id, _)| update.index_of(id).is_some_and(|value| value + 1 == status))
    .map(|(_, flag)| flag)
}

/// Whom `take` (`--take`) gives the item to: the owner the change names, else the name it is
/// made under; `None` without `take`.
fn taker(change: &ItemChange, actor: Option<&Actor>, given: &Given) -> Result<Option<String>> {
    if !change.take {
        return Ok(None);
    }
    let path = given.field("take", "--take");
    match &change.owner {
        Some(Some(owner)) => Ok(Some(owner.clone())),
        Some(None) => Err(Error::problems(vec![Problem::new(
            path,
            Refused::TakeWithoutOwner,
        )])),
        None => actor.map(|actor| Some(actor.name.clone())).ok_or_else(|| {
            Error::problems(vec![Problem::new(path.clone(), Refused::TakeNeedsName)]).hinted(
                Hint::TakeNeedsName {
                    caller: Caller::CommandLine,
                },
            )
        }),
    }
}

/// `--take`: the item becomes `taker`'s; returns whom it was taken from (none when it had no
/// owner, or was the taker's already).
fn take(document: &mut Document, id: &str, taker: &str) -> Result<Option<String>> {
    let Some(item) = document.todos.iter_mut().find(|item| item.id == id) else {
        return Err(Error::problems(vec![Problem::new(
            Path::field("id"),
            Refused::NoSuchId { id: id.to_owned() },
        )])
        .hinted(remove::ids_hint(&document.todos)));
    };
    let from = item.owner.replace(taker.to_owned());
    Ok(from.filter(|from| from != taker))
}

/// Change one item's status, content, owner or dependencies.
// One line only: with no long help, `update --help` is clap's compact layout and fits in
// 60 lines (issue 31); the rest is `UpdateArgs`' after_help.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = format!("Moving a finished item (see the statuses below) back to an open status needs \
    --reopen. {}. With no ID, reads {{\"id\": \"2\", \"status\": \"completed\"}} from stdin, or Claude Code's \
    TaskUpdate ({{\"taskId\", \"status\", \"subject\", \"description\", \"activeForm\", \
    \"owner\", \"addBlockedBy\", \"addBlocks\"}}; \"status\": \"deleted\" removes the item); \
    a description there is the item's description, never its text.\n\n{}", sentences::in_progress_rule(), with_statuses("Examples:\n  \
    todos update 2 in_progress\n  \
    todos update 2 completed\n  \
    todos update 3 --content \"Patch the token check\"\n  \
    todos update 3 --description \"Also the refresh path\" --priority high\n  \
    todos update 2 pending --reopen\n  \
    todos update 4 --owner api-agent --blocked-by 2\n  \
    TODOS_OWNER=w2 todos update 4 --take\n  \
    echo '{\"id\": \"2\", \"status\": \"done\"}' | todos update")))]
// `--help` prints the compact help `-h` prints: every command carries hidden copies of the
// global options, which would otherwise switch clap to its long layout (an option and its help
// on two lines each), and `update --help` fits in 60 lines (issue 31).
#[command(disable_help_flag = true)]
#[command(group(clap::ArgGroup::new("change").args(["status", "content", "owner", "no_owner", "blocked_by", "unblock", "take", "description", "priority", "active_form"]).multiple(true)))]
#[command(
    override_usage = "todos update [OPTIONS] ID <STATUS|--content TEXT|--owner NAME|--blocked-by ID|...>\n       \
    todos update [OPTIONS] < REQUEST_JSON"
)]
pub struct UpdateArgs {
    /// The item's id, as todos show prints it. Needed, unless the whole request comes as JSON
    /// on stdin
    #[arg(value_name = "ID", requires = "change", add = ArgValueCandidates::new(crate::agents::candidates::ids))]
    pub id: Option<String>,

    /// The new status, or an alias (listed below). Needed, unless --content changes the text
    /// alone
    #[arg(value_name = "STATUS", add = ArgValueCandidates::new(crate::agents::candidates::statuses))]
    pub status: Option<String>,

    /// New text for the item.
    #[arg(long, value_name = "TEXT", requires = "id")]
    pub content: Option<String>,

    /// New longer detail (show --long and --json show it); the text stays.
    #[arg(long, value_name = "TEXT", requires = "id")]
    pub description: Option<String>,

    #[arg(long, value_name = "P", requires = "id", help = super::create::priority_help("New priority"))]
    pub priority: Option<String>,

    /// New wording shown while the item is in progress.
    #[arg(long, value_name = "TEXT", requires = "id")]
    pub active_form: Option<String>,

    #[arg(
        long,
        value_name = "NAME",
        help = owner_help("Who works on the item"),
        requires = "id",
        conflicts_with = "no_owner"
    )]
    pub owner: Option<String>,

    /// The item has no owner any more.
    #[arg(long, requires = "id")]
    pub no_owner: bool,

    /// The item waits on this item too (repeat for more).
    #[arg(long, value_name = "ID", requires = "id")]
    pub blocked_by: Vec<String>,

    /// The item no longer waits on this item (repeat for more).
    #[arg(long, value_name = "ID", requires = "id")]
    pub unblock: Vec<String>,

    #[arg(long, requires = "id", help = format!(
        "Allow a finished item ({}) to become open again", sentences::terminal_statuses()
    ))]
    pub reopen: bool,

    /// Take another owner's item over on purpose: it becomes --owner's, else TODOS_OWNER's.
    // Without it, a change under one owner's name to another owner's item is refused; the
    // history says from whom it was taken, and `claim_lease` gives it a new lease.
    #[arg(long, requires = "id", conflicts_with = "no_owner")]
    pub take: bool,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,

    /// Print help
    #[arg(short = 'h', long = "help", action = clap::ArgAction::HelpShort)]
    pub help: Option<bool>,

    /// The text option (`--content`) whose value the STATUS was typed right after, as the
    /// parser saw it: the second word of an unquoted text (`--content Write tests`) when it
    /// names no status.
    #[arg(skip)]
    pub status_after_text: Option<&'static str>,
}

impl Summary for UpdateArgs {
    const SUMMARY: &str = "Change one item's status, content, owner or dependencies";
}

impl Run for UpdateArgs {
    type Request = Request;

    fn read(self, ctx: &Context, host: &mut Host) -> Result<Request> {
        read(ctx, host, &self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
        execute(ctx, host, request)
    }

    fn list_use(_request: &Request) -> ListUse {
        ListUse::Uses
    }

    fn params_input(request: &Request) -> Option<Value> {
        Some(match &request.given {
            Given::Flags { params, .. } => params.clone(),
            Given::Json(input) => input.clone(),
        })
    }
}
