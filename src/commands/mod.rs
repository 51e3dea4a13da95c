//! One file per command. Each reads its input into a `Request` (`read`), then applies it
//! (`execute`) and returns an `Outcome`, which `output` prints as text or as the envelope.
//! Mutating commands change the plan only through `transaction`.

mod check;
mod completions;
mod create;
mod follow;
mod history;
pub(crate) mod hook;
mod init;
mod init_block;
mod init_files;
mod init_git;
mod init_mcp;
mod init_permissions;
pub(crate) mod man;
pub(crate) mod mcp;
mod merge_file;
mod next;
pub mod prompt;
mod recap;
pub mod remove;
pub mod resolve;
mod schema;
pub mod show;
pub(crate) mod transaction;
mod undo;
mod update;
mod watch;
mod write;

use std::path::PathBuf;

use serde_json::Value;

use crate::cli::{
    AboutCommand, Format, GlobalArgs, HistoryArgs, InitArgs, MergeFileArgs, PlanCommand,
    SchemaArgs, ShowArgs, UndoArgs,
};
use crate::commands::transaction::Committed;
use crate::context::Context;
use crate::context::host::Host;
use crate::plan::list::ListName;
use crate::plan::model::Stats;
use crate::policy::error::{Error, Result};
use crate::policy::settings::Variable;
use crate::store::Document;

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
        Some(name) if name.trim().is_empty() => Err(Error::invalid("--owner is empty").with_hint(
            "give who works on it: 1-64 letters, digits, '.', '_', '-' or '@' (e.g. --owner api-agent); \
             `todos update ID --no-owner` takes an item's owner away",
        )),
        _ => Ok(()),
    }
}

/// What a command produced, for `output` to print as text or as the JSON envelope.
pub struct Outcome {
    pub view: View,
    pub warnings: Vec<String>,
    /// 0 but for `check`, whose exit code is its answer.
    pub exit_code: u8,
}

pub enum View {
    /// A mutating command ran; `changed` is false when the plan already matched.
    Changed { document: Document, changed: bool },
    /// `undo` restored the plan of `revision` (none: the plan is empty), having moved an
    /// unreadable store to `set_aside`.
    Restored {
        document: Document,
        revision: Option<u64>,
        set_aside: Option<PathBuf>,
    },
    /// `show`: the plan in a format, with descriptions when `long`.
    Shown {
        document: Document,
        format: Format,
        long: bool,
    },
    /// `show --all`: every list, the default one first.
    ShownAll {
        lists: Vec<(ListName, Document)>,
        format: Format,
        long: bool,
    },
    /// `recap`: the plan's one line.
    Recap { document: Document },
    /// Any other answer: a generated document, a check, a setup.
    Answer(Answer),
}

/// What a command that does not report a plan produced: its text, its envelope data.
pub struct Answer {
    /// stdout, in text mode.
    pub text: String,
    /// stderr, in text mode (what `check` found open, what `init` asks of the user).
    pub notes: String,
    /// The envelope's `data`, in JSON mode.
    pub data: Value,
    /// The envelope's one-line `text`.
    pub headline: String,
    pub stats: Option<Stats>,
}

impl Answer {
    /// An answer with no notes and no plan statistics.
    pub fn new(text: String, data: Value, headline: impl Into<String>) -> Self {
        Self {
            text,
            notes: String::new(),
            data,
            headline: headline.into(),
            stats: None,
        }
    }
}

impl Outcome {
    pub fn new(view: View) -> Self {
        Self {
            view,
            warnings: Vec::new(),
            exit_code: 0,
        }
    }

    pub fn answer(answer: Answer) -> Self {
        Self::new(View::Answer(answer))
    }

    /// The outcome of a change made through `transaction::change`.
    pub fn changed((committed, warnings): (Committed, Vec<String>)) -> Self {
        Self {
            warnings,
            ..Self::new(View::Changed {
                document: committed.document,
                changed: committed.changed,
            })
        }
    }
}

/// What running one command line gave: the outcome, and what the envelope's context reports
/// of it (the workspace once known, the input once read), on a failure too.
pub struct Reply {
    pub workspace: Option<PathBuf>,
    /// Said once on stderr in text mode: whose plan a linked worktree uses.
    pub note: Option<String>,
    /// The time of the run, once known: views mark ended leases by it.
    pub now: Option<chrono::DateTime<chrono::Utc>>,
    /// The list worked on, once the context is known.
    pub list: Option<String>,
    pub params_input: Option<Value>,
    pub result: Result<Outcome>,
}

impl Reply {
    /// A failure before a workspace was known or any input read.
    pub fn failed(err: Error) -> Self {
        Self {
            workspace: None,
            note: None,
            now: None,
            list: None,
            params_input: None,
            result: Err(err),
        }
    }
}

/// Runs a command that needs no workspace: it describes the command line itself.
#[cold]
pub fn describe(command: AboutCommand) -> Reply {
    let result = match command {
        AboutCommand::Completions(args) => Ok(completions::execute(&args)),
        AboutCommand::Man(_) => man::execute(),
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
        Given::Command(PlanCommand::Hook(_)) => true,
        Given::Command(PlanCommand::Check(args)) => args.hook,
        Given::Command(_) => false,
        #[cfg(feature = "mcp")]
        Given::Input { .. } => false,
    };
    hook_reply(run_plan(global, host, given), in_hook)
}

/// A hook's refusal as the answer that lets its agent go on (`hook::refusal`).
fn hook_reply(mut reply: Reply, in_hook: bool) -> Reply {
    if in_hook && let Err(err) = &reply.result {
        reply.result = Ok(hook::refusal(err));
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
    let note = ctx.shared_by.as_ref().filter(|_| !hook).map(|worktree| {
        let plan = crate::store::worktree::relative(worktree, &ctx.workspace);
        format!("plan: {}, shared by the worktrees", plan.display())
    });
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
    History(HistoryArgs),
    Schema(SchemaArgs),
    Prompt,
    Init(InitArgs),
    MergeFile(MergeFileArgs),
    Resolve,
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
                    return Err(Error::usage(
                        "--json prints the JSON envelope and --format markdown prints Markdown: choose one",
                    )
                    .with_hint(
                        "for Markdown, drop --json; for the plan as JSON, drop --format (or use `todos show --format json`)",
                    ));
                }
                Self::Show(args.0)
            }
            PlanCommand::Recap(_) => Self::Recap,
            PlanCommand::Undo(args) => Self::Undo(args.0),
            PlanCommand::History(args) => Self::History(args.0),
            PlanCommand::Schema(args) => Self::Schema(args.0),
            PlanCommand::Prompt(_) => Self::Prompt,
            PlanCommand::Init(args) => Self::Init(args.0),
            PlanCommand::MergeFile(args) => Self::MergeFile(args.0),
            PlanCommand::Resolve(_) => Self::Resolve,
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
                    | Self::History(_)
            )
            || matches!(&self, Self::Show(args) if !args.all);
        if !on_the_list {
            return self.execute_on(ctx, host);
        }
        if !makes {
            return Err(
                Error::invalid(format!("no list {} (did you mean {near}?)", ctx.list)).with_hint(
                    format!(
                        "run the command with `-l {near}`; `todos show --all` prints every list"
                    ),
                ),
            );
        }
        let mut outcome = self.execute_on(ctx, host)?;
        outcome.warnings.push(format!(
            "made a new list {}, beside the list {near}: if you meant {near}, run the command \
             again with `-l {near}`",
            ctx.list
        ));
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
            Self::Hook(request) => Ok(hook::execute(ctx, request)),
            Self::Show(args) if args.watch => watch::execute(ctx, host, &args),
            Self::Show(args) => show::execute(ctx, &args),
            Self::Recap => recap::execute(ctx),
            Self::Undo(args) => undo::execute(ctx, host, &args),
            Self::History(args) if args.follow => follow::execute(ctx, host, args.limit),
            Self::History(args) => history::execute(ctx, &args),
            Self::Schema(args) => Ok(schema::execute(ctx, &args)),
            Self::Prompt => Ok(prompt::execute(ctx, host)),
            Self::Init(args) => init::execute(ctx, host, &args),
            Self::MergeFile(args) => merge_file::execute(ctx, &args),
            Self::Resolve => resolve::execute(ctx, host),
        }
    }
}
