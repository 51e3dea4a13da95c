//! One file per command: its clap `Args` with its help, how it reads its input into a request
//! (`Run::read`) and what it does (`Run::execute`, an `Outcome` that `output` prints as text or
//! as the envelope). This file only dispatches, one arm per command. Mutating commands change
//! the plan only through `transaction`.

pub(crate) mod board;
pub(crate) mod check;
pub(crate) mod completions;
pub(crate) mod create;
pub(crate) mod follow;
mod help;
pub(crate) mod history;
pub(crate) mod hook;
pub(crate) mod init;
pub(crate) mod lazy;
pub(crate) mod man;
pub(crate) mod mcp;
pub(crate) mod merge_file;
pub mod named;
pub(crate) mod next;
mod owner;
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
use crate::policy::error::{Note, Plan, Result, Warning};
use crate::view::outcome::{Outcome, Reply};
use check::CheckArgs;
use completions::CompletionsArgs;
use create::CreateArgs;
pub(crate) use help::{owner_help, with_markers, with_statuses};
use history::HistoryArgs;
use hook::HookArgs;
use init::InitArgs;
pub use lazy::Lazy;
use man::ManArgs;
use merge_file::MergeFileArgs;
use named::{Flag, Named};
use next::NextArgs;
use owner::{actor, owner, refuse_empty_owner};
use prompt::PromptArgs;
use recap::RecapArgs;
use remove::RemoveArgs;
use resolve::ResolveArgs;
use schema::SchemaArgs;
use show::ShowArgs;
use sync::SyncArgs;
use undo::{RedoArgs, UndoArgs};
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
/// What every command on a plan does, in two steps: it reads what it was given (arguments,
/// stdin, a file) into its request, then runs that request. Implemented by each command's
/// `Args`, in the command's own file.
pub(crate) trait Run: Sized {
    /// The command with its input read, ready to run.
    type Request;

    /// Reads what the command was given into its request.
    fn read(self, ctx: &Context, host: &mut Host) -> Result<Self::Request>;

    /// Runs the request.
    fn execute(ctx: &Context, host: &mut Host, request: Self::Request) -> Result<Outcome>;

    /// What the request does with the list `--list` names.
    fn list_use(_request: &Self::Request) -> ListUse {
        ListUse::Other
    }

    /// The input as the envelope's `context.params_input` reports it (asked only for `--json`).
    fn params_input(_request: &Self::Request) -> Option<Value> {
        None
    }
}

/// What a command does with the list `--list` names, for a name that is a typo of another
/// list's (`-l wbe` beside `web`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ListUse {
    /// It may make the list (`write`, `create`): it runs, and a warning names the near list.
    Makes,
    /// It reads or changes the list's plan: refused, naming the near list.
    Uses,
    /// It works elsewhere (every list, the agent's files, the command line).
    Other,
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
        /// How a refusal names the values the call gave (`mcp::arguments::NAMED`).
        named: crate::commands::named::Named,
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
    // Only the envelope shows the input: a copy of a 10,000-item snapshot made for text
    // output cost `write` a sixth of its time at that size.
    let mut params_input = global.json.then_some(None);
    let mut result = given.run(&ctx, host, params_input.as_mut());
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
        params_input: params_input.flatten(),
        result,
    }
}

impl Given {
    /// Runs what the command was given: its command line read by the command, or its input
    /// given in memory turned into the same request. `params_input`, for `--json`, is where the
    /// request's input goes.
    fn run(
        self,
        ctx: &Context,
        host: &mut Host,
        params_input: Option<&mut Option<Value>>,
    ) -> Result<Outcome> {
        let command = match self {
            Self::Command(command) => command,
            #[cfg(feature = "mcp")]
            Self::Input {
                command,
                input,
                expect_revision,
                named,
            } => {
                return match command {
                    InputCommand::Write => {
                        let request =
                            write::Request::of_input(host, input, expect_revision, named)?;
                        execute::<WriteArgs>(ctx, host, request, params_input)
                    }
                    InputCommand::Create => {
                        let request = create::Request::of_input(ctx, input, expect_revision)?;
                        execute::<CreateArgs>(ctx, host, request, params_input)
                    }
                    InputCommand::Update => {
                        let request =
                            update::Request::of_input(ctx, host, input, expect_revision, named)?;
                        execute::<UpdateArgs>(ctx, host, request, params_input)
                    }
                };
            }
        };
        let p = params_input;
        match command {
            PlanCommand::Write(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Create(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Sync(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Update(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Remove(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Next(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Show(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Recap(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Undo(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Redo(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::History(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Schema(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Prompt(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::MergeFile(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Resolve(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Check(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Init(args) => read_and_execute(args.0, ctx, host, p),
            PlanCommand::Hook(args) => read_and_execute(args.0, ctx, host, p),
        }
    }
}

/// Reads a command line's command into its request, then runs it.
fn read_and_execute<C: Run>(
    command: C,
    ctx: &Context,
    host: &mut Host,
    params_input: Option<&mut Option<Value>>,
) -> Result<Outcome> {
    let request = command.read(ctx, host)?;
    execute::<C>(ctx, host, request, params_input)
}

/// Runs a request; a list name that is a typo of another list's (`-l wbe` beside `web`) is
/// refused where it would read or change an empty plan, and named where it makes a new list.
fn execute<C: Run>(
    ctx: &Context,
    host: &mut Host,
    request: C::Request,
    params_input: Option<&mut Option<Value>>,
) -> Result<Outcome> {
    if let Some(params_input) = params_input {
        *params_input = C::params_input(&request);
    }
    let Some(near) = ctx.list.near(&ctx.workspace) else {
        return C::execute(ctx, host, request);
    };
    match C::list_use(&request) {
        ListUse::Other => C::execute(ctx, host, request),
        ListUse::Uses => Plan::NoList {
            list: ctx.list.to_string(),
            near: near.to_string(),
            at: Named::Typed.path(Flag::List),
        }
        .into(),
        ListUse::Makes => {
            let mut outcome = C::execute(ctx, host, request)?;
            outcome.warnings.push(Warning::NewListNear {
                list: ctx.list.to_string(),
                near: near.to_string(),
                at: Named::Typed.path(Flag::List),
            });
            Ok(outcome)
        }
    }
}
