//! The one door from the MCP server to the engine: a tool call in, the command's JSON envelope
//! out. A call runs the very command line an agent would type (`todos --json -C WS -l LIST
//! write -`), through `todos::run` in this process with an in-memory host whose stdin holds the
//! tool's arguments: the same input shapes, rules, store, lock, history and log, and the store
//! read afresh on every call. The rest of `mcp` sees tool names, JSON schemas and envelopes as
//! plain JSON.
//!
//! Each tool is one row of `TOOLS`: its name, how it is described and what command line it
//! runs.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::cli::{GlobalArgs, SchemaCommand, Vendor};
use crate::context::Context;
use crate::envelope::{self, Place};
use crate::error::{Error, Problem};
use crate::host::Host;
use crate::model::Limits;
use crate::schema;

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

/// One row of the tool table.
struct Entry {
    name: &'static str,
    title: &'static str,
    read_only: bool,
    destructive: bool,
    idempotent: bool,
    description: fn(&Limits) -> String,
    /// The input schema, `list` left out: it is added to every tool alike.
    schema: fn(&Limits) -> Value,
    /// The command line the call runs (after the global options) and its stdin, from the
    /// arguments (`list` taken out); a refusal of arguments the command cannot take.
    command: fn(&Map<String, Value>) -> Result<Call, Error>,
}

/// What a tool call runs: the command's words, and its stdin.
struct Call {
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
}

impl Call {
    /// A command that reads the tool's arguments, as JSON, on its stdin.
    // A `Result` like every row's `command`, whose table holds one signature.
    #[allow(clippy::unnecessary_wraps)]
    fn with_input(args: &[&str], arguments: &Map<String, Value>) -> Result<Self, Error> {
        Ok(Self {
            args: args.iter().map(ToString::to_string).collect(),
            stdin: Some(Value::Object(arguments.clone()).to_string().into_bytes()),
        })
    }

    /// A command that takes no input: any argument but `list` is refused, as clap would.
    fn without_input(args: &[&str], arguments: &Map<String, Value>) -> Result<Self, Error> {
        let problems: Vec<Problem> = arguments
            .keys()
            .map(|key| {
                Problem::new(
                    key.as_str(),
                    format!(
                        "unknown argument \"{}\": this tool takes only list",
                        crate::text::escape(key)
                    ),
                )
            })
            .collect();
        Error::if_any(problems)?;
        Ok(Self {
            args: args.iter().map(ToString::to_string).collect(),
            stdin: None,
        })
    }
}

const TOOLS: &[Entry] = &[
    Entry {
        name: "write",
        title: "Write the whole plan",
        read_only: false,
        destructive: true,
        idempotent: true,
        description: |limits| described(SchemaCommand::Write, limits),
        schema: |limits| parameters(SchemaCommand::Write, limits),
        command: |arguments| Call::with_input(&["write", "-"], arguments),
    },
    Entry {
        name: "create",
        title: "Append items",
        read_only: false,
        destructive: false,
        idempotent: false,
        description: |limits| described(SchemaCommand::Create, limits),
        schema: |limits| parameters(SchemaCommand::Create, limits),
        command: |arguments| Call::with_input(&["create"], arguments),
    },
    Entry {
        name: "update",
        title: "Change one item",
        read_only: false,
        destructive: false,
        idempotent: true,
        description: |limits| described(SchemaCommand::Update, limits),
        schema: |limits| parameters(SchemaCommand::Update, limits),
        command: |arguments| Call::with_input(&["update"], arguments),
    },
    Entry {
        name: "show",
        title: "Show the plan",
        read_only: true,
        destructive: false,
        idempotent: true,
        description: |_| {
            "Read the todo plan of the workspace (todos show): its summary, every item with its \
             id, status and text, the one-line recap and the revision. Read it before you change \
             a plan you did not write in this conversation; it never changes anything."
                .to_owned()
        },
        schema: |_| no_arguments(),
        command: |arguments| Call::without_input(&["show"], arguments),
    },
    Entry {
        name: "recap",
        title: "Recap the plan in one line",
        read_only: true,
        destructive: false,
        idempotent: true,
        description: |_| {
            "Say in one line where the todo plan stands (todos recap): [done/total], the item in \
             progress, the next pending ones, what was cancelled or failed. Cheap: use it to keep \
             track before you wrap up; it never changes anything."
                .to_owned()
        },
        schema: |_| no_arguments(),
        command: |arguments| Call::without_input(&["recap"], arguments),
    },
    Entry {
        name: "remove",
        title: "Delete items",
        read_only: false,
        destructive: true,
        idempotent: false,
        description: |_| {
            "Delete items of the todo plan by id (todos remove). Removing an open item, or one \
             others wait on, is done but warned about; ids are never handed out again. To keep \
             the record of a step that is no longer needed, update it to cancelled instead."
                .to_owned()
        },
        schema: |_| {
            json!({
                "type": "object",
                "properties": {
                    "ids": {
                        "type": "array",
                        "items": {"type": "string", "minLength": 1},
                        "minItems": 1,
                        "description": "The ids of the items to delete, as the plan gives them.",
                    },
                },
                "required": ["ids"],
                "additionalProperties": false,
            })
        },
        command: remove,
    },
    Entry {
        name: "next",
        title: "The next ready item, or claim it",
        read_only: false,
        destructive: false,
        idempotent: false,
        description: |_| {
            "Give the next ready item of the todo plan (todos next): pending, and everything it \
             waits on completed or cancelled. With claim, mark it in_progress and owned by owner \
             in one locked change, so agents claiming at once never get the same item; with \
             owner, items owned by someone else are skipped. When nothing is ready, next is null \
             and reason says why."
                .to_owned()
        },
        schema: |_| {
            json!({
                "type": "object",
                "properties": {
                    "claim": {"type": "boolean", "description": "Claim the item: in_progress, owned by owner."},
                    "owner": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9._@-]{1,64}$",
                        "description": "Who works on it: an agent's or a person's name.",
                    },
                },
                "additionalProperties": false,
            })
        },
        command: next,
    },
    Entry {
        name: "history",
        title: "The kept revisions of the plan",
        read_only: true,
        destructive: false,
        idempotent: true,
        description: |_| {
            "List the kept revisions of the todo plan, newest first (todos history): each with \
             its time, the command that made it, what changed (items added, removed, statuses \
             moved) and the progress. With revision, answer with that revision's whole plan: use \
             it to see what an overwrite dropped (todos undo --to REV brings it back). It never \
             changes anything."
                .to_owned()
        },
        schema: |_| {
            json!({
                "type": "object",
                "properties": {
                    "revision": {
                        "type": "integer",
                        "minimum": 0,
                        "description": "A kept revision: answer with its whole plan.",
                    },
                },
                "additionalProperties": false,
            })
        },
        command: history,
    },
];

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
        TOOLS
            .iter()
            .map(|entry| ToolSpec {
                name: entry.name,
                title: entry.title,
                description: (entry.description)(&limits),
                input_schema: with_list((entry.schema)(&limits)),
                read_only: entry.read_only,
                destructive: entry.destructive,
                idempotent: entry.idempotent,
            })
            .collect()
    }

    /// Runs the tool `name` on `arguments`, reading the store afresh; `None` when no tool has
    /// that name.
    pub fn call(
        &self,
        root: Option<&Path>,
        name: &str,
        mut arguments: Map<String, Value>,
    ) -> Option<Outcome> {
        let entry = TOOLS.iter().find(|entry| entry.name == name)?;
        let list = arguments.remove("list");
        let call = list_words(list.as_ref()).and_then(|list| {
            let call = (entry.command)(&arguments)?;
            Ok((list, call))
        });
        let (list, call) = match call {
            Ok(call) => call,
            Err(err) => {
                if let Some(list) = list {
                    arguments.insert("list".into(), list);
                }
                return Some(self.refusal(root, &err, arguments));
            }
        };
        let mut words = self.global_words(root);
        words.extend(list);
        words.extend(call.args);
        Some(self.run(words, call.stdin))
    }

    /// `todos --json -C WORKSPACE`: the global options every call shares.
    fn global_words(&self, root: Option<&Path>) -> Vec<String> {
        let mut words: Vec<String> = ["todos", "--json", "--color", "never"]
            .map(ToOwned::to_owned)
            .to_vec();
        words.push("--lock-timeout".to_owned());
        words.push(self.lock_timeout.to_string());
        if let Some(dir) = self.workspace.as_deref().or(root) {
            words.push("-C".to_owned());
            words.push(dir.to_string_lossy().into_owned());
        }
        words
    }

    /// Runs one command line in this process, with `stdin`, and reads its envelope.
    fn run(&self, words: Vec<String>, stdin: Option<Vec<u8>>) -> Outcome {
        let (mut host, stdout, _) = Host::in_memory(
            self.vars.clone(),
            self.cwd.clone(),
            self.config_dir.clone(),
            stdin,
        );
        let code = crate::run(words.into_iter().map(OsString::from), &mut host);
        match serde_json::from_slice::<Value>(&stdout.bytes()) {
            Ok(envelope) => Outcome {
                refused: code != std::process::ExitCode::SUCCESS,
                envelope,
            },
            Err(err) => Outcome {
                envelope: internal_error(&format!("the command gave no envelope: {err}")),
                refused: true,
            },
        }
    }

    /// The limits in force in the workspace the calls work in.
    fn limits(&self, root: Option<&Path>) -> Option<Limits> {
        let global = GlobalArgs {
            workspace: self
                .workspace
                .clone()
                .or_else(|| root.map(Path::to_path_buf)),
            list: None,
            json: true,
            color: None,
            quiet: true,
            lock_timeout: self.lock_timeout,
        };
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

/// The names of the tools, in the order they are listed.
pub fn tool_names() -> Vec<&'static str> {
    TOOLS.iter().map(|entry| entry.name).collect()
}

/// The server's instructions: what an agent reads about the whole server.
pub fn instructions() -> String {
    let limits = Limits::default();
    format!(
        "The todo plan of this workspace, kept in .todos.json where a person can watch it \
         (todos show --watch). Keep a plan for tasks of 3 or more steps: write it whole with \
         write, then change one item at a time with update (in_progress before you start it, \
         completed as soon as it is done). Every tool answers with the plan as JSON, ids \
         included; a refusal names the path of each problem. By default a plan holds at most \
         {} items of at most {} characters. Give list to work on a named plan of its own.",
        limits.max_items, limits.max_content_chars
    )
}

/// The `list` argument as the command line's `-l NAME`; the name itself is checked by the
/// command, like `--list`.
fn list_words(list: Option<&Value>) -> Result<Vec<String>, Error> {
    match list {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(name)) => Ok(vec!["--list".to_owned(), name.clone()]),
        Some(other) => Err(Error::problems(vec![Problem::new(
            "list",
            format!("must be a list name (a string), not {other}"),
        )])),
    }
}

fn with_list(schema: Value) -> Map<String, Value> {
    let Value::Object(mut schema) = schema else {
        return Map::new();
    };
    let property = json!({
        "type": "string",
        "description": "The plan to work on: a named list (1-64 of a-z, 0-9, '.', '_', '-'), \
            each with its own ids and history. Leave it out for the workspace's default plan.",
        "pattern": "^[a-z0-9_-][a-z0-9._-]{0,63}$",
    });
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        properties.insert("list".into(), property);
    }
    schema
}

fn described(command: SchemaCommand, limits: &Limits) -> String {
    crate::guide::tool_description(command, limits)
}

/// The schema `todos schema COMMAND` prints, as a tool's parameters: Anthropic's definition is
/// MCP's, so its `input_schema` is taken whole.
fn parameters(command: SchemaCommand, limits: &Limits) -> Value {
    let mut tool = schema::tool(command, Vendor::Anthropic, limits);
    tool.get_mut("input_schema")
        .map(Value::take)
        .unwrap_or_default()
}

fn no_arguments() -> Value {
    json!({"type": "object", "properties": {}, "additionalProperties": false})
}

/// `remove ID...`.
fn remove(arguments: &Map<String, Value>) -> Result<Call, Error> {
    let mut problems = Vec::new();
    // After `--`, an id that starts with a dash is an id, not an option.
    let mut args = vec!["remove".to_owned(), "--".to_owned()];
    for (key, value) in arguments {
        match (key.as_str(), value) {
            ("ids", Value::Array(ids)) if !ids.is_empty() => {
                for (index, id) in ids.iter().enumerate() {
                    match id {
                        Value::String(id) if !id.trim().is_empty() => args.push(id.clone()),
                        Value::Number(number) => args.push(number.to_string()),
                        other => problems.push(Problem::new(
                            format!("ids[{index}]"),
                            format!("must be an item id, not {other}"),
                        )),
                    }
                }
            }
            ("ids", other) => problems.push(Problem::new(
                "ids",
                format!("must be a list of item ids, not {other}"),
            )),
            _ => problems.push(unknown_argument(key, "ids and list")),
        }
    }
    if args.len() == 2 && problems.is_empty() {
        problems.push(Problem::new("ids", "is missing; name the items to delete"));
    }
    Error::if_any(problems)?;
    Ok(Call { args, stdin: None })
}

/// `next [--claim] [--owner NAME]`.
fn next(arguments: &Map<String, Value>) -> Result<Call, Error> {
    let mut problems = Vec::new();
    let mut args = vec!["next".to_owned()];
    for (key, value) in arguments {
        match (key.as_str(), value) {
            ("claim", Value::Bool(true)) => args.push("--claim".to_owned()),
            ("claim", Value::Bool(false)) => {}
            // As one word: a name that starts with a dash stays a value, not an option.
            ("owner", Value::String(owner)) => args.push(format!("--owner={owner}")),
            ("claim" | "owner", other) => problems.push(Problem::new(
                key.as_str(),
                format!(
                    "must be {}, not {other}",
                    if key == "claim" {
                        "true or false"
                    } else {
                        "a name"
                    }
                ),
            )),
            _ => problems.push(unknown_argument(key, "claim, owner and list")),
        }
    }
    Error::if_any(problems)?;
    Ok(Call { args, stdin: None })
}

fn unknown_argument(key: &str, takes: &str) -> Problem {
    Problem::new(
        key,
        format!(
            "unknown argument \"{}\": this tool takes {takes}",
            crate::text::escape(key)
        ),
    )
}

/// `history`, or `history REV` for one revision's whole plan.
fn history(arguments: &Map<String, Value>) -> Result<Call, Error> {
    let mut problems = Vec::new();
    let mut args = vec!["history".to_owned()];
    for (key, value) in arguments {
        match (key.as_str(), value.as_u64()) {
            ("revision", Some(revision)) => args.push(revision.to_string()),
            ("revision", None) => problems.push(Problem::new(
                "revision",
                format!("must be a revision number, not {value}"),
            )),
            _ => problems.push(Problem::new(
                key.as_str(),
                format!(
                    "unknown argument \"{}\": this tool takes revision and list",
                    crate::text::escape(key)
                ),
            )),
        }
    }
    Error::if_any(problems)?;
    Ok(Call { args, stdin: None })
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
        &Error::internal(format!("internal error: {what}; this is a bug in todos")),
        &place,
    )
}
