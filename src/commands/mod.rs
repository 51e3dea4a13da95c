//! One file per command. Each reads its input into a `Request` (`read`), then applies it
//! (`execute`) and returns an `Outcome`, which `output` prints as text or as the envelope.
//! Mutating commands change the plan only through `transaction`.

pub(crate) mod board;
pub(crate) mod check;
pub(crate) mod completions;
pub(crate) mod create;
pub(crate) mod follow;
pub(crate) mod history;
pub(crate) mod hook;
pub(crate) mod init;
pub(crate) mod lazy;
pub(crate) mod man;
pub(crate) mod mcp;
pub(crate) mod merge_file;
pub(crate) mod next;
pub mod prompt;
pub(crate) mod recap;
pub(crate) mod remote;
pub mod remove;
pub mod resolve;
pub(crate) mod schema;
pub mod show;
mod source;
pub(crate) mod sync;
pub(crate) mod transaction;
pub(crate) mod undo;
pub(crate) mod update;
pub(crate) mod watch;
pub(crate) mod write;

use serde_json::Value;

use clap::Subcommand;

use crate::context::Context;
use crate::context::global::GlobalArgs;
use crate::context::host::Host;
use crate::policy::error::{Error, Input, Note, Plan, Result, Usage, Warning};
use crate::policy::name::OWNER;
use crate::policy::sentences;
use crate::policy::settings::Variable;
use crate::policy::status::STATUSES;
use crate::view::outcome::{Outcome, Reply};
use crate::view::show::Format;
use check::CheckArgs;
use completions::CompletionsArgs;
use create::CreateArgs;
use history::HistoryArgs;
use hook::HookArgs;
use init::InitArgs;
pub use lazy::Lazy;
use man::ManArgs;
use merge_file::MergeFileArgs;
use next::NextArgs;
use prompt::PromptArgs;
use recap::RecapArgs;
use remove::RemoveArgs;
use resolve::ResolveArgs;
use schema::SchemaArgs;
use show::ShowArgs;
use sync::SyncArgs;
use undo::{RedoArgs, Step, UndoArgs};
use update::UpdateArgs;
use write::WriteArgs;

/// A command that works on a plan: it resolves the workspace, its configuration and its list
/// before it runs (and fails, naming it, when the workspace cannot be used).
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Subcommand)]
pub enum PlanCommand {
    Write(Lazy<WriteArgs>),
    Create(Lazy<CreateArgs>),
    Sync(Lazy<SyncArgs>),
    Update(Lazy<UpdateArgs>),
    Remove(Lazy<RemoveArgs>),
    Next(Lazy<NextArgs>),
    Show(Lazy<ShowArgs>),
    Recap(Lazy<RecapArgs>),
    Undo(Lazy<UndoArgs>),
    Redo(Lazy<RedoArgs>),
    History(Lazy<HistoryArgs>),
    Schema(Lazy<SchemaArgs>),
    Prompt(Lazy<PromptArgs>),
    MergeFile(Lazy<MergeFileArgs>),
    Resolve(Lazy<ResolveArgs>),
    Check(Lazy<CheckArgs>),
    Init(Lazy<InitArgs>),
    Hook(Lazy<HookArgs>),
}

/// A command that describes the command line itself and needs no workspace: it runs even where
/// a stale TODOS_WORKSPACE or TODOS_NOW would stop the others, as in the shell startup that
/// loads its output.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Subcommand)]
pub enum AboutCommand {
    Completions(Lazy<CompletionsArgs>),
    Man(Lazy<ManArgs>),
}
/// The help of an `--owner` that names an item's owner: what it is, then the rule.
fn owner_help(what: &str) -> String {
    format!("{what}: {}", sentences::name_rule(&OWNER))
}

/// The statuses, their meanings and aliases, then `examples`: the help of a command that takes
/// a status. Printed from the status table, so a new status or alias shows up by itself.
fn with_statuses(examples: &str) -> String {
    format!("{}\n{examples}", sentences::status_help_table())
}

/// The top-level help's closing: the statuses with their markers, then `examples`.
pub(crate) fn with_markers(examples: &str) -> String {
    let markers: Vec<String> = STATUSES
        .iter()
        .map(|info| format!("{} {}", info.marker, info.name))
        .collect();
    format!("Statuses: {}\n\n{examples}", markers.join(", "))
}

/// The owner a command acts for: `--owner`, else `TODOS_OWNER` (an empty value is unset),
/// checked as an item's owner is.
fn owner(host: &Host, flag: Option<&String>) -> Result<Option<String>> {
    refuse_empty_owner(flag.map(String::as_str))?;
    let (raw, path) = match flag {
        Some(owner) => (Some(owner.clone()), "--owner"),
        None => (
            host.var(Variable::Owner.name())
                .filter(|owner| !owner.is_empty()),
            Variable::Owner.name(),
        ),
    };
    let mut problems = Vec::new();
    let owner = raw.and_then(|raw| crate::plan::model::check_owner(&raw, path, &mut problems));
    Error::if_any(problems)?;
    Ok(owner)
}

/// Whose name a change is made under (`TODOS_OWNER`), for `update`, `remove` and `write`:
/// another owner's item is refused (`claims::respect_owners`).
fn actor(host: &Host) -> Result<Option<crate::plan::claims::Actor>> {
    Ok(owner(host, None)?.map(|name| crate::plan::claims::Actor {
        name,
        source: "TODOS_OWNER",
    }))
}

/// An empty `--owner` is a mistake (an unset shell variable), never a name and never a wish to
/// clear one (SPEC §1: an owner has 1-64 characters): refused, where it was once dropped.
fn refuse_empty_owner(flag: Option<&str>) -> Result<()> {
    match flag {
        Some(name) if name.trim().is_empty() => Input::OwnerEmpty.into(),
        _ => Ok(()),
    }
}

/// Runs a command that needs no workspace: it describes the command line itself, which the
/// caller builds (`Cli::command`).
#[cold]
pub fn describe(command: AboutCommand, command_line: clap::Command) -> Reply {
    let result = match command {
        AboutCommand::Completions(args) => Ok(completions::execute(&args, command_line)),
        AboutCommand::Man(_) => man::execute(command_line),
    };
    Reply {
        workspace: None,
        note: None,
        now: None,
        list: None,
        params_input: None,
        result,
    }
}

/// What a command on a plan is given: a command line's typed command, or a request's input
/// already typed in memory.
pub enum Given {
    Command(PlanCommand),
    /// The MCP server's `write`, `create` and `update`: the command's input as JSON, turned into
    /// the same request the command's `read` builds from stdin (each request's `of_input`), with
    /// no command line assembled and no stdin faked. codex-rs `mcp-server`'s `into_config()` is
    /// the model.
    #[cfg(feature = "mcp")]
    Input {
        command: InputCommand,
        input: Value,
        expect_revision: Option<u64>,
    },
}

/// The commands whose input can be given in memory.
#[cfg(feature = "mcp")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputCommand {
    Write,
    Create,
    Update,
}

impl From<PlanCommand> for Given {
    fn from(command: PlanCommand) -> Self {
        Self::Command(command)
    }
}

/// Runs a command on a plan: resolves the context, reads the input, executes.
pub fn run(global: &GlobalArgs, host: &mut Host, given: impl Into<Given>) -> Reply {
    let given = given.into();
    // A hook answers an agent, which reads only "go on" and "block" from its exit code: a
    // refusal (an unsafe path, a corrupt store, a bad config) must let the agent go on, with
    // the reason where the agent shows it (SPEC §9).
    let in_hook = match &given {
        Given::Command(PlanCommand::Hook(_)) => Some(HookKind::Payload),
        Given::Command(PlanCommand::Check(args)) if args.hook => Some(HookKind::Check),
        Given::Command(_) => None,
        #[cfg(feature = "mcp")]
        Given::Input { .. } => None,
    };
    let reply = run_plan(global, host, given);
    match in_hook {
        Some(kind) => hook_reply(reply, kind, host),
        None => reply,
    }
}

/// The two commands that answer an agent's hook.
#[derive(Clone, Copy)]
enum HookKind {
    /// `todos hook`, whose payload says which agent asks.
    Payload,
    /// `check --hook`, which speaks Claude Code's protocol.
    Check,
}

/// A hook's refusal as the answer that lets its agent go on (`hook::refusal`). `todos hook`
/// answers its own failures once it has the payload; one that came before (a bad configuration,
/// an unsafe workspace: the context) reads the payload now, so that the agent that asked gets
/// the answer in its own protocol.
fn hook_reply(mut reply: Reply, kind: HookKind, host: &mut Host) -> Reply {
    if let Err(err) = &reply.result {
        let protocol = match kind {
            HookKind::Payload => hook::read(host).protocol(),
            HookKind::Check => None,
        };
        reply.result = Ok(hook::refusal(err, protocol));
    }
    reply
}

fn run_plan(global: &GlobalArgs, host: &mut Host, given: Given) -> Reply {
    let ctx = match Context::new(global, host) {
        Ok(ctx) => ctx,
        // git takes OURS whatever the driver says: the refusal says so.
        Err(err) => {
            return Reply::failed(
                if matches!(given, Given::Command(PlanCommand::MergeFile(_))) {
                    merge_file::left_as_it_was(err)
                } else {
                    err
                },
            );
        }
    };
    // A hook's words go to an agent's context, in its own protocol: no note there.
    let hook = matches!(
        given,
        Given::Command(PlanCommand::Hook(_) | PlanCommand::Check(_))
    );
    let mut note = ctx
        .shared_by
        .as_ref()
        .filter(|_| !hook)
        .map(|worktree| Note::SharedPlan {
            plan: crate::store::worktree::relative(worktree, &ctx.workspace),
        });
    let no_plan = show::finds_no_plan(&ctx, &given);
    let mut params_input = None;
    let result = Request::of(&ctx, host, given).and_then(|request| {
        // Only the envelope shows the input: a copy of a 10,000-item snapshot made for text
        // output cost `write` a sixth of its time at that size.
        if global.json {
            params_input = request.params_input().cloned();
        }
        request.execute(&ctx, host)
    });
    let mut result = result;
    if let Ok(outcome) = &mut result {
        outcome.warnings.splice(0..0, ctx.warnings.iter().cloned());
        if no_plan {
            note = Some(Note::NoPlanYet {
                workspace: ctx.workspace.clone(),
                list: ctx.list.as_str().to_owned(),
            });
        }
    }
    Reply {
        note,
        now: Some(ctx.now.instant()),
        workspace: Some(ctx.workspace),
        list: Some(ctx.list.as_str().to_owned()),
        params_input,
        result,
    }
}

/// A command with its input read, ready to run.
enum Request {
    Write(write::Request),
    Create(create::Request),
    Update(update::Request),
    Remove(remove::Request),
    Next(next::Request),
    Check(check::Request),
    Hook(hook::Request),
    Show(ShowArgs),
    Recap,
    Undo(UndoArgs),
    Redo(RedoArgs),
    History(HistoryArgs),
    Schema(SchemaArgs),
    Prompt,
    Init(InitArgs),
    MergeFile(MergeFileArgs),
    Resolve,
    Sync(SyncArgs),
}

impl Request {
    /// The request of what the command was given: read from the command line, or built from
    /// the input given in memory.
    fn of(ctx: &Context, host: &mut Host, given: Given) -> Result<Self> {
        match given {
            Given::Command(command) => Self::read(ctx, host, command),
            #[cfg(feature = "mcp")]
            Given::Input {
                command,
                input,
                expect_revision,
            } => Ok(match command {
                InputCommand::Write => {
                    Self::Write(write::Request::of_input(host, input, expect_revision)?)
                }
                InputCommand::Create => {
                    Self::Create(create::Request::of_input(ctx, input, expect_revision)?)
                }
                InputCommand::Update => {
                    Self::Update(update::Request::of_input(host, input, expect_revision)?)
                }
            }),
        }
    }

    /// Reads what the command was given (arguments, stdin, a file) into a request.
    fn read(ctx: &Context, host: &mut Host, command: PlanCommand) -> Result<Self> {
        Ok(match command {
            PlanCommand::Write(args) => Self::Write(write::read(host, args.0)?),
            PlanCommand::Create(args) => Self::Create(create::read(ctx, host, &args)?),
            PlanCommand::Update(args) => Self::Update(update::read(host, &args)?),
            PlanCommand::Remove(args) => Self::Remove(remove::read(host, &args)?),
            PlanCommand::Next(args) => Self::Next(next::read(ctx, host, &args)?),
            PlanCommand::Check(args) => Self::Check(check::read(host, args.0)?),
            PlanCommand::Hook(_) => Self::Hook(hook::read(host)),
            PlanCommand::Show(args) => {
                // Two answers to one question: a script that asked for Markdown and got the
                // envelope would paste JSON into its notes. `show` writes nothing, so a refusal
                // costs only the retry, where a silent choice costs a wrong document.
                if ctx.json && args.format == Format::Markdown {
                    return Usage::JsonAndMarkdown.into();
                }
                Self::Show(args.0)
            }
            PlanCommand::Recap(_) => Self::Recap,
            PlanCommand::Undo(args) => Self::Undo(args.0),
            PlanCommand::Redo(args) => Self::Redo(args.0),
            PlanCommand::History(args) => Self::History(args.0),
            PlanCommand::Schema(args) => Self::Schema(args.0),
            PlanCommand::Prompt(_) => Self::Prompt,
            PlanCommand::Init(args) => Self::Init(args.0),
            PlanCommand::MergeFile(args) => Self::MergeFile(args.0),
            PlanCommand::Resolve(_) => Self::Resolve,
            PlanCommand::Sync(args) => Self::Sync(args.0),
        })
    }

    /// The input as the envelope's `context.params_input` reports it.
    fn params_input(&self) -> Option<&Value> {
        match self {
            Self::Write(request) => request.input.as_ref(),
            Self::Create(request) => Some(&request.input),
            Self::Update(request) => Some(&request.input),
            Self::Remove(request) => Some(&request.input),
            _ => None,
        }
    }

    /// Runs the request; a list name that is a typo of another list's (`-l wbe` beside `web`)
    /// is refused where it would read or change an empty plan, and named where it makes a new list.
    fn execute(self, ctx: &Context, host: &mut Host) -> Result<Outcome> {
        let Some(near) = ctx.list.near(&ctx.workspace) else {
            return self.execute_on(ctx, host);
        };
        let makes = matches!(self, Self::Write(_) | Self::Create(_));
        let on_the_list = makes
            || matches!(
                self,
                Self::Update(_)
                    | Self::Remove(_)
                    | Self::Next(_)
                    | Self::Check(_)
                    | Self::Recap
                    | Self::Undo(_)
                    | Self::Redo(_)
                    | Self::History(_)
            )
            || matches!(&self, Self::Show(args) if !args.all);
        if !on_the_list {
            return self.execute_on(ctx, host);
        }
        if !makes {
            return Plan::NoList {
                list: ctx.list.to_string(),
                near: near.to_string(),
            }
            .into();
        }
        let mut outcome = self.execute_on(ctx, host)?;
        outcome.warnings.push(Warning::NewListNear {
            list: ctx.list.to_string(),
            near: near.to_string(),
        });
        Ok(outcome)
    }

    fn execute_on(self, ctx: &Context, host: &mut Host) -> Result<Outcome> {
        match self {
            Self::Write(request) => write::execute(ctx, host, request),
            Self::Create(request) => create::execute(ctx, host, request),
            Self::Update(request) => update::execute(ctx, host, &request),
            Self::Remove(request) => remove::execute(ctx, host, &request),
            Self::Next(request) => next::execute(ctx, host, &request),
            Self::Check(request) => check::execute(ctx, &request),
            Self::Hook(request) => Ok(hook::execute(ctx, host, request)),
            Self::Show(args) if args.watch => watch::execute(ctx, host, &args),
            Self::Show(args) => show::execute(ctx, host, &args),
            Self::Recap => recap::execute(ctx, host),
            Self::Undo(args) => {
                undo::execute(ctx, host, Step::Undo { to: args.to }, args.expect_revision)
            }
            Self::Redo(args) => undo::execute(ctx, host, Step::Redo, args.expect_revision),
            Self::History(args) if args.follow => follow::execute(ctx, host, args.limit),
            Self::History(args) => history::execute(ctx, &args),
            Self::Schema(args) => Ok(schema::execute(ctx, &args)),
            Self::Prompt => Ok(prompt::execute(ctx, host)),
            Self::Init(args) => init::execute(ctx, host, &args),
            Self::MergeFile(args) => merge_file::execute(ctx, &args),
            Self::Resolve => resolve::execute(ctx, host),
            Self::Sync(args) => sync::execute(ctx, host, &args),
        }
    }
}
