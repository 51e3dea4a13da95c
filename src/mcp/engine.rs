//! The one door from the MCP server to the engine: a tool call in, the command's JSON envelope
//! out. Only this file knows the command functions, the context, the report and the envelope;
//! the rest of `mcp` sees tool names, JSON schemas and envelopes as plain JSON, so a change to
//! the core is a change here.
//!
//! Each tool is one row of `TOOLS`. `remove` and `next` (issue 11) are a row each once their
//! commands exist. `history` shows what is kept today, the plan before the last change (what
//! `undo` restores); with the history of issue 12 its row calls that command instead.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::cli::{
    CreateArgs, Format, GlobalArgs, RecapArgs, SchemaCommand, ShowArgs, UpdateArgs, Vendor,
    WriteArgs,
};
use crate::commands::{self, ParamsInput, Report};
use crate::context::Context;
use crate::envelope::{self, Place};
use crate::error::{Error, Problem, Result};
use crate::model::{Limits, Stats};
use crate::schema;
use crate::store::{Document, Store};

/// The list every tool works on until named lists exist (issue 12).
pub const DEFAULT_LIST: &str = "default";

/// How the server was started: the parts of the command line every call shares.
pub struct Engine {
    /// `-C` or `TODOS_WORKSPACE`: when given, it beats the client's roots.
    workspace: Option<PathBuf>,
    lock_timeout: f64,
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
    /// Runs the command on the arguments (`list` taken out) and gives its envelope.
    run: fn(Context, Map<String, Value>) -> Outcome,
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
        run: |ctx, arguments| {
            let args = WriteArgs {
                snapshot: Some("-".to_owned()),
                file: None,
                summary: None,
                todos: Vec::new(),
                expect_revision: None,
                new_session: false,
            };
            with_input(ctx, arguments, |ctx, params| {
                commands::write(ctx, &args, params)
            })
        },
    },
    Entry {
        name: "create",
        title: "Append items",
        read_only: false,
        destructive: false,
        idempotent: false,
        description: |limits| described(SchemaCommand::Create, limits),
        schema: |limits| parameters(SchemaCommand::Create, limits),
        run: |ctx, arguments| {
            let args = CreateArgs {
                contents: Vec::new(),
                expect_revision: None,
            };
            with_input(ctx, arguments, |ctx, params| {
                commands::create(ctx, &args, params)
            })
        },
    },
    Entry {
        name: "update",
        title: "Change one item",
        read_only: false,
        destructive: false,
        idempotent: true,
        description: |limits| described(SchemaCommand::Update, limits),
        schema: |limits| parameters(SchemaCommand::Update, limits),
        run: |ctx, arguments| {
            let args = UpdateArgs {
                id: None,
                status: None,
                content: None,
                reopen: false,
                expect_revision: None,
            };
            with_input(ctx, arguments, |ctx, params| {
                commands::update(ctx, &args, params)
            })
        },
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
        run: |ctx, arguments| {
            let args = ShowArgs {
                format: Format::Json,
                watch: false,
            };
            without_input(&ctx, &arguments, || commands::show(&ctx, &args))
        },
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
        run: |ctx, arguments| {
            without_input(&ctx, &arguments, || commands::recap(&ctx, &RecapArgs {}))
        },
    },
    Entry {
        name: "history",
        title: "The kept revisions of the plan",
        read_only: true,
        destructive: false,
        idempotent: true,
        description: |_| {
            "List the kept revisions of the todo plan, newest first: the current one and the one \
             before the last change (what todos undo restores), each with its time and recap. \
             With revision, answer with that revision's whole plan: use it to see what an \
             overwrite dropped. It never changes anything."
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
        run: |ctx, arguments| history(&ctx, &arguments),
    },
];

impl Engine {
    /// `global` is the server's command line, `env` the environment it was started in.
    pub fn new(global: &GlobalArgs, env: &dyn Fn(&str) -> Option<OsString>) -> Self {
        // TODOS_WORKSPACE is `-C` said by the environment; an empty value counts as unset.
        let from_env = env("TODOS_WORKSPACE")
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from);
        Self {
            workspace: global.workspace.clone().or(from_env),
            lock_timeout: global.lock_timeout,
        }
    }

    /// Whether the workspace was given: then the client's roots are not asked for.
    pub fn has_workspace(&self) -> bool {
        self.workspace.is_some()
    }

    /// The tools, with the limits in force in the workspace (`root`, else as found).
    pub fn tools(&self, root: Option<&Path>) -> Vec<ToolSpec> {
        // A broken configuration is reported by the first call; the list still shows the tools.
        let limits = self
            .context(root)
            .and_then(|ctx| ctx.config().map(|config| config.limits))
            .unwrap_or_default();
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
        let ctx = match self.context(root) {
            Ok(ctx) => ctx,
            Err(err) => return Some(refusal(&err, &Place::early())),
        };
        if let Err(err) = check_list(arguments.get("list")) {
            let params = Value::Object(arguments);
            return Some(refusal(&err, &Place::of(&ctx, Some(&params))));
        }
        arguments.remove("list");
        Some((entry.run)(ctx, arguments))
    }

    /// A context as `todos --json -C WORKSPACE` would build it, made anew for every call: the
    /// configuration and the clock are read again, like the store.
    fn context(&self, root: Option<&Path>) -> Result<Context> {
        let global = GlobalArgs {
            workspace: self
                .workspace
                .clone()
                .or_else(|| root.map(Path::to_path_buf)),
            json: true,
            color: Some(crate::cli::ColorChoice::Never),
            // Nothing may reach stdout, the protocol's; quiet also keeps stderr for failures.
            quiet: true,
            lock_timeout: self.lock_timeout,
        };
        Context::new(&global, &|name| std::env::var_os(name))
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
         {} items of at most {} characters.",
        limits.max_items, limits.max_content_chars
    )
}

/// The `list` argument: only the default list exists until named lists do (issue 12). The one
/// place to change when they come.
fn check_list(list: Option<&Value>) -> Result<()> {
    match list {
        None | Some(Value::Null) => Ok(()),
        Some(Value::String(name)) if name == DEFAULT_LIST => Ok(()),
        Some(Value::String(name)) => Err(Error::problems(vec![Problem::new(
            "list",
            format!(
                "there is no list \"{}\": this todos keeps one plan, the default list",
                crate::render::escape(name)
            ),
        )])
        .with_hint("leave list out, or set it to \"default\"")),
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
        "description": "The plan to work on. Leave it out for the workspace's plan; \
            only \"default\" exists for now.",
        "enum": [DEFAULT_LIST],
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

/// Runs a command that reads its input from stdin, handing it the arguments as that input.
fn with_input(
    ctx: Context,
    arguments: Map<String, Value>,
    run: impl FnOnce(&Context, &mut ParamsInput) -> Result<Report>,
) -> Outcome {
    let ctx = ctx.with_input(Value::Object(arguments).to_string());
    let mut params: ParamsInput = None;
    let result = run(&ctx, &mut params);
    outcome(&ctx, result, params.as_ref())
}

/// Runs a command that takes no input; any argument but `list` is refused, as clap would.
fn without_input(
    ctx: &Context,
    arguments: &Map<String, Value>,
    run: impl FnOnce() -> Result<Report>,
) -> Outcome {
    let problems: Vec<Problem> = arguments
        .keys()
        .map(|key| {
            Problem::new(
                key.as_str(),
                format!(
                    "unknown argument \"{}\": this tool takes only list",
                    crate::render::escape(key)
                ),
            )
        })
        .collect();
    if let Err(err) = Error::if_any(problems) {
        let params = Value::Object(arguments.clone());
        return refusal(&err, &Place::of(ctx, Some(&params)));
    }
    outcome(ctx, run(), None)
}

/// The kept revisions (the store and the one before the last change), or one of them whole.
fn history(ctx: &Context, arguments: &Map<String, Value>) -> Outcome {
    let params = Value::Object(arguments.clone());
    let place = Place::of(ctx, Some(&params));
    let mut problems = Vec::new();
    let mut wanted = None;
    for (key, value) in arguments {
        match (key.as_str(), value.as_u64()) {
            ("revision", Some(revision)) => wanted = Some(revision),
            ("revision", None) => problems.push(Problem::new(
                "revision",
                format!("must be a revision number, not {value}"),
            )),
            _ => problems.push(Problem::new(
                key.as_str(),
                format!(
                    "unknown argument \"{}\": this tool takes revision and list",
                    crate::render::escape(key)
                ),
            )),
        }
    }
    if let Err(err) = Error::if_any(problems) {
        return refusal(&err, &place);
    }
    let store = Store::new(&ctx.workspace);
    let kept = store
        .load()
        .and_then(|current| Ok((store.load_previous()?, current)));
    let (previous, current) = match kept {
        Ok(kept) => kept,
        Err(err) => return refusal(&err, &place),
    };
    let revisions: Vec<&Document> = std::iter::once(&current).chain(&previous).collect();
    let numbers: Vec<String> = revisions.iter().map(|d| d.revision.to_string()).collect();
    let Some(revision) = wanted else {
        let list: Vec<Value> = revisions
            .iter()
            .map(|document| {
                json!({
                    "revision": document.revision,
                    "at": document.updated_at,
                    "summary": document.summary,
                    "recap": crate::render::recap(&document.todos),
                })
            })
            .collect();
        let text = format!("Kept revisions: {}.", numbers.join(", "));
        let data = json!({"revisions": list});
        let stats = Stats::of(&current.todos);
        return Outcome {
            envelope: envelope::answer(data, &text, Some(&stats), &place),
            refused: false,
        };
    };
    match revisions
        .iter()
        .find(|document| document.revision == revision)
    {
        Some(document) => Outcome {
            envelope: envelope::success(
                document,
                &format!("The plan of revision {revision}."),
                &[],
                None,
                &place,
            ),
            refused: false,
        },
        None => refusal(
            &Error::problems(vec![Problem::new(
                "revision",
                format!(
                    "revision {revision} is not kept; the kept revisions are {}",
                    numbers.join(", ")
                ),
            )])
            .with_hint(
                "todos keeps the current plan and the one before the last change (what \
                 todos undo restores)",
            ),
            &place,
        ),
    }
}

fn outcome(ctx: &Context, result: Result<Report>, params: Option<&Value>) -> Outcome {
    let place = Place::of(ctx, params);
    match result {
        Ok(report) => {
            let (headline, changed, _) = crate::headline(&report);
            Outcome {
                envelope: envelope::success(
                    &report.document,
                    &headline,
                    &report.warnings,
                    changed,
                    &place,
                ),
                refused: false,
            }
        }
        Err(err) => refusal(&err, &place),
    }
}

fn refusal(error: &Error, place: &Place<'_>) -> Outcome {
    Outcome {
        envelope: envelope::failure(error, place),
        refused: true,
    }
}

/// The envelope of a call that broke inside (a panic): `INTERNAL_ERROR`, as the CLI's.
pub fn internal_error(what: &str) -> Value {
    envelope::failure(
        &Error::internal(format!("internal error: {what}; this is a bug in todos")),
        &Place::early(),
    )
}
