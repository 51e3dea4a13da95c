//! The one door from the MCP server to the commands: a tool call in, the command's JSON
//! envelope out. Each tool's arguments are read into a typed request (`arguments`), turned into
//! what the command runs on (`commands::Given`): the command the CLI parses to
//! (`cli::PlanCommand`, its arguments typed, never a command line), or, for `write`, `create`
//! and `update`, their input as JSON, which the command turns into the same request its `read`
//! builds from stdin (no stdin is faked). `commands::run` runs it in this process with an
//! in-memory host: the same input shapes, rules, store, lock, history and log, and the store read
//! afresh on every call. The reply is turned into the envelope by `output::envelope`, never
//! printed and parsed back.
//!
//! The tools are the rows of `policy::mcp::MCP_TOOLS`; `schemas` gives each its input schema.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::arguments::{self, Arguments, Call};
use super::schemas;
use crate::agents::described;
use crate::commands::named::Flag;
use crate::context::Context;
use crate::context::global::{ColorChoice, GlobalArgs};
use crate::context::host::Host;
use crate::plan::model::Limits;
use crate::policy::error::{
    Advice, Bug, Caller, Disk, Error, Failure, Hint, Input, Plan, Problem, Refused, Said, Warning,
    Wrong,
};
use crate::policy::mcp::{MCP_TOOLS, McpTool};
use crate::view::envelope::{self, Place};

/// How the server was started: the parts of the command line and of the process every call
/// shares.
pub struct Engine {
    /// `-C` or `TODOS_WORKSPACE`: when given, it beats the client's roots.
    workspace: Option<PathBuf>,
    lock_timeout: f64,
    /// The server's environment variables, folder and config folder, as it was started.
    vars: Vec<(String, String)>,
    cwd: PathBuf,
    config_dir: Option<PathBuf>,
}

/// One tool as the server lists it.
pub struct ToolSpec {
    pub name: &'static str,
    pub title: &'static str,
    pub description: String,
    pub input_schema: Map<String, Value>,
    pub read_only: bool,
    pub destructive: bool,
    pub idempotent: bool,
}

/// What a tool call answered: the command's envelope, and whether it was a refusal.
pub struct Outcome {
    pub envelope: Value,
    pub refused: bool,
}

impl Engine {
    /// `global` is the server's command line, `host` the process it was started in: its
    /// variables, folder and config folder serve every call.
    pub fn new(global: &GlobalArgs, host: &Host) -> Self {
        // TODOS_WORKSPACE is `-C` said by the environment; an empty value counts as unset.
        let from_env = host
            .var("TODOS_WORKSPACE")
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from);
        Self {
            workspace: global.workspace.clone().or(from_env),
            lock_timeout: global.lock_timeout,
            vars: host.vars(),
            cwd: host.current_dir().unwrap_or_default(),
            config_dir: host.config_dir(),
        }
    }

    /// Whether the workspace was given: then the client's roots are not asked for.
    pub fn has_workspace(&self) -> bool {
        self.workspace.is_some()
    }

    /// The tools, with the limits in force in the workspace (`root`, else as found).
    pub fn tools(&self, root: Option<&Path>) -> Vec<ToolSpec> {
        // A broken configuration is reported by the first call; the list still shows the tools.
        let limits = self.limits(root).unwrap_or_default();
        MCP_TOOLS
            .iter()
            .map(|tool| ToolSpec {
                name: tool.name,
                title: tool.title,
                description: schemas::description(tool, &limits),
                input_schema: schemas::input(tool, &limits),
                read_only: tool.read_only,
                destructive: tool.destructive,
                idempotent: tool.idempotent,
            })
            .collect()
    }

    /// Runs the tool `name` on `arguments`, reading the store afresh; `None` when no tool has
    /// that name.
    pub fn call(
        &self,
        root: Option<&Path>,
        name: &str,
        arguments: Map<String, Value>,
    ) -> Option<Outcome> {
        let tool: &McpTool = MCP_TOOLS.iter().find(|tool| tool.name == name)?;
        let call = match arguments::read(tool, &arguments) {
            Ok(call) => call,
            Err(err) => return Some(self.refusal(root, &err, arguments)),
        };
        Some(self.run(root, call))
    }

    /// The global options of every call: JSON, no color, the server's lock timeout, the
    /// workspace, and the tool's `list`.
    fn global(&self, root: Option<&Path>, list: Option<String>) -> GlobalArgs {
        GlobalArgs {
            workspace: self
                .workspace
                .clone()
                .or_else(|| root.map(Path::to_path_buf)),
            list,
            json: true,
            color: Some(ColorChoice::Never),
            quiet: false,
            lock_timeout: self.lock_timeout,
            offline: false,
        }
    }

    /// Runs one typed command in this process and builds its envelope.
    fn run(&self, root: Option<&Path>, call: Call) -> Outcome {
        let Call {
            arguments: Arguments { list, .. },
            given,
        } = call;
        let list_given = list.is_some();
        let global = self.global(root, list);
        let (mut host, ..) = Host::in_memory(
            self.vars.clone(),
            self.cwd.clone(),
            self.config_dir.clone(),
            None,
        );
        let mut reply = crate::commands::run(&global, &mut host, given);
        match &mut reply.result {
            Err(err) => {
                named_as_sent(err, list_given);
                said_to_a_client(err);
            }
            Ok(outcome) => warned_as_a_client(&mut outcome.warnings, list_given),
        }
        let (envelope, refused) =
            crate::view::output::envelope(&reply, Some(self.cwd.to_string_lossy().into_owned()));
        Outcome { envelope, refused }
    }

    /// The limits in force in the workspace the calls work in.
    fn limits(&self, root: Option<&Path>) -> Option<Limits> {
        let global = self.global(root, None);
        let (host, ..) = Host::in_memory(
            self.vars.clone(),
            self.cwd.clone(),
            self.config_dir.clone(),
            None,
        );
        Context::new(&global, &host)
            .ok()
            .map(|ctx| ctx.config.limits)
    }

    /// The envelope of arguments refused before any command ran.
    fn refusal(
        &self,
        root: Option<&Path>,
        error: &Error,
        arguments: Map<String, Value>,
    ) -> Outcome {
        let params = Value::Object(arguments);
        let place = Place {
            cwd: Some(self.cwd.to_string_lossy().into_owned()),
            workspace: self
                .workspace
                .as_deref()
                .or(root)
                .map(|dir| dir.to_string_lossy().into_owned()),
            list: None,
            params_input: Some(&params),
        };
        Outcome {
            envelope: envelope::failure(error, &place),
            refused: true,
        }
    }
}

/// A refusal raised below the commands names the argument sent, where it names the flag:
/// a conflict with the revision a change was based on (`expect_revision`; the transaction that
/// compares the revisions serves every changing command), and a list name the call gave
/// (`list`; the context reads it as `--list`, and says a list it does not find, near one it
/// does, as `--list` too).
fn named_as_sent(err: &mut Error, list_given: bool) {
    match err.failure.as_mut() {
        Failure::Plan(Plan::RevisionAhead { at, .. } | Plan::RevisionBehind { at, .. }) => {
            *at = arguments::NAMED.path(Flag::ExpectRevision);
        }
        Failure::Input(Input::ListName { at, .. }) | Failure::Plan(Plan::NoList { at, .. })
            if list_given =>
        {
            *at = arguments::NAMED.path(Flag::List);
        }
        _ => {}
    }
}

/// What a refusal advises, said to an MCP client: the tools to call and the arguments to send
/// (`redo`; `show`), where the command line's words name commands to run (`todos redo`;
/// `todos show`). Every failure a tool's command can raise whose advice names a command and
/// that carries who it is said to (`Caller`) is here (`engine::tests` renders each to a client);
/// a value the call gave is named by the command itself (`commands::named`).
fn said_to_a_client(err: &mut Error) {
    let client = Caller::Client;
    match err.failure.as_mut() {
        Failure::Plan(
            Plan::NothingToUndo { caller }
            | Plan::NothingToRedo { caller, .. }
            | Plan::Unvouched { caller, .. }
            | Plan::WouldBeUnreadable { caller, .. }
            | Plan::SessionCountAtMax { caller },
        )
        | Failure::Input(Input::NoItems { caller })
        | Failure::Disk(Disk::NoAsideName { caller, .. }) => *caller = client,
        Failure::Plan(Plan::Unrestorable { problems, .. }) => problems_to_a_client(problems),
        Failure::Disk(Disk::Unreadable {
            hint: Some(hint), ..
        }) => to_a_client(hint),
        _ => {}
    }
    let mut advice = &mut err.advice;
    loop {
        match advice {
            Advice::Own | Advice::Given(None) => break,
            Advice::Given(Some(hint)) => {
                to_a_client(hint);
                break;
            }
            Advice::Then(before, hint) => {
                to_a_client(hint);
                advice = before;
            }
        }
    }
    problems_to_a_client(&mut err.problems);
}

/// Problems said to an MCP client, as `said_to_a_client`.
fn problems_to_a_client(problems: &mut [Problem]) {
    for problem in problems {
        if let Said::Wrong(Wrong::IdMissing { caller } | Wrong::TooManyItems { caller, .. })
        | Said::Refused(Refused::UnknownBlocker { caller, .. }) = &mut problem.message
        {
            *caller = Caller::Client;
        }
    }
}

/// The warnings of a call that worked, said to an MCP client as `said_to_a_client` says a
/// refusal: the `undo` tool brings back what a call removed; and a list the call gave is named
/// by `list`, as `named_as_sent` names it.
fn warned_as_a_client(warnings: &mut [Warning], list_given: bool) {
    for warning in warnings {
        match warning {
            Warning::OpenRemoved { caller, .. } | Warning::NoSummary { caller } => {
                *caller = Caller::Client;
            }
            Warning::NewListNear { at, .. } if list_given => {
                *at = arguments::NAMED.path(Flag::List);
            }
            _ => {}
        }
    }
}

/// A hint said to an MCP client, as `said_to_a_client`.
fn to_a_client(hint: &mut Hint) {
    if let Hint::Ids { caller, .. }
    | Hint::UndoRecovers { caller, .. }
    | Hint::TakeNeedsName { caller } = hint
    {
        *caller = Caller::Client;
    }
}

/// The names of the tools, in the order they are listed.
pub fn tool_names() -> Vec<&'static str> {
    MCP_TOOLS.iter().map(|tool| tool.name).collect()
}

/// The server's instructions: what an agent reads about the whole server.
pub fn instructions() -> String {
    described::server_instructions(&Limits::default())
}

/// The envelope of a call that broke inside (a panic): `INTERNAL_ERROR`, as the CLI's.
pub fn internal_error(what: &str) -> Value {
    let place = Place {
        cwd: None,
        workspace: None,
        list: None,
        params_input: None,
    };
    envelope::failure(
        &Error::from(Bug::Server {
            what: what.to_owned(),
        }),
        &place,
    )
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::plan::model::Status;
    use crate::policy::error::Unreadable;
    use crate::policy::failure::{ChainEnd, Gone, Removal};

    /// The variants that carry who they are said to (`caller: Caller`), across the failures,
    /// problems, hints and warnings of `policy/failure/`: counted in their source, so a variant
    /// added there and not to the samples below fails the test.
    const CALLERS: usize = 15;

    /// What a client would be told to run: a command line of todos.
    fn names_a_command(text: &str) -> bool {
        ["`todos ", "todos undo", "run todos"]
            .iter()
            .any(|words| text.contains(words))
    }

    /// Each refusal, problem, hint and warning that carries a `Caller`, made for the command
    /// line as the commands make them, then said to a client by the engine, names no command.
    // One sample a variant: a table of them reads best as one list.
    #[allow(clippy::too_many_lines)]
    #[test]
    fn nothing_said_to_a_client_names_a_command() {
        let line = Caller::CommandLine;
        let path = || PathBuf::from("/ws/.todos.json");
        let problem = |said: Said| Problem::new(arguments::NAMED.path(Flag::Ids), said);
        let hinted = |hint: Hint| Error::from(Plan::NothingToUndo { caller: line }).hinted(hint);
        let errors: Vec<Error> = vec![
            Plan::NothingToUndo { caller: line }.into(),
            Plan::NothingToRedo {
                since_undo: true,
                caller: line,
            }
            .into(),
            Plan::Unvouched {
                target: 2,
                path: path(),
                store: 5,
                stop: ChainEnd::Start,
                others: 1,
                caller: line,
            }
            .into(),
            Plan::WouldBeUnreadable {
                path: path(),
                what: Unreadable::NotObject,
                caller: line,
            }
            .into(),
            Plan::SessionCountAtMax { caller: line }.into(),
            Input::NoItems { caller: line }.into(),
            Disk::NoAsideName {
                path: path(),
                first: path(),
                tries: 1000,
                caller: line,
            }
            .into(),
            Error::problems(vec![
                problem(Wrong::IdMissing { caller: line }.into()),
                problem(
                    Wrong::TooManyItems {
                        len: 3,
                        finished: 1,
                        max: 2,
                        caller: line,
                    }
                    .into(),
                ),
                problem(
                    Refused::UnknownBlocker {
                        value: "9".to_owned(),
                        dropped: true,
                        own: vec!["1".to_owned()],
                        caller: line,
                    }
                    .into(),
                ),
            ]),
            Plan::Unrestorable {
                revision: 2,
                problems: vec![problem(
                    Wrong::TooManyItems {
                        len: 3,
                        finished: 1,
                        max: 2,
                        caller: line,
                    }
                    .into(),
                )],
                to: arguments::NAMED.path(Flag::To),
            }
            .into(),
            hinted(Hint::Ids {
                ids: vec!["1".to_owned()],
                caller: line,
            }),
            hinted(Hint::Ids {
                ids: Vec::new(),
                caller: line,
            }),
            hinted(Hint::TakeNeedsName { caller: line }),
            hinted(Hint::UndoRecovers {
                path: path(),
                caller: line,
            }),
            Disk::Unreadable {
                path: path(),
                what: Unreadable::NotObject,
                hint: Some(Hint::UndoRecovers {
                    path: path(),
                    caller: line,
                }),
            }
            .into(),
        ];
        let place = Place {
            cwd: None,
            workspace: None,
            list: None,
            params_input: None,
        };
        for mut err in errors {
            said_to_a_client(&mut err);
            let said = envelope::failure(&err, &place).to_string();
            assert!(!names_a_command(&said), "said to a client: {said}");
        }
        let gone = Gone {
            id: "3".to_owned(),
            content: "Tests".to_owned(),
            status: Status::Pending,
        };
        let mut warnings = vec![
            Warning::OpenRemoved {
                items: vec![gone.clone()],
                by: Removal::Removed,
                caller: line,
            },
            Warning::OpenRemoved {
                items: vec![gone],
                by: Removal::Dropped,
                caller: line,
            },
            Warning::NoSummary { caller: line },
        ];
        warned_as_a_client(&mut warnings, true);
        for warning in &warnings {
            for said in [warning.to_string(), warning.line()] {
                assert!(!names_a_command(&said), "said to a client: {said}");
            }
        }
        // Every variant that carries a `Caller` is among the samples above.
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/policy/failure");
        let carried: usize = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
            .map(|source| {
                source.matches("caller: Caller").count()
                    - source.matches("caller: Caller::").count()
            })
            .sum();
        assert_eq!(
            carried, CALLERS,
            "a variant with a Caller is not sampled here"
        );
    }
}
