use serde_json::{Value, json};

use crate::commands::lazy::Summary;
use crate::commands::owner_help;
use crate::commands::remove;
use crate::commands::source;
use crate::commands::transaction;
use crate::commands::{ListUse, Run};
use crate::context::Context;
use crate::context::host::Host;
use crate::input::{self, fence};
use crate::plan::model::{self, Item, Priority, Status};
use crate::policy::error::{
    At, Caller, Error, Hint, Input, Path, Problem, Refused, Result, Split, StdinCommand, Warning,
};
use crate::policy::sentences;
use crate::policy::text::word;
use crate::view::outcome::Outcome;
use clap::Args;

const STDIN_HINT: Hint = Hint::Stdin(StdinCommand::Create);

pub struct Request {
    expect_revision: Option<u64>,
    /// `--blocked-by`'s values, to name the option in a refusal of one of them.
    flag_blockers: Vec<String>,
    /// The checked new items, without ids yet.
    items: Vec<Item>,
    /// The input as JSON, for the envelope's `params_input`: what was piped in, else `None`
    /// (`{"items": [...]}` of the texts as typed, or of the lines).
    input: Option<Value>,
    /// The texts as typed on the command line.
    typed: Vec<String>,
    /// The options, checked, that every new item takes.
    options: Options,
    /// Texts typed unquoted, each word an item (`todos create Fix the flaky test`).
    split: Option<Split>,
}

/// Reads and checks the new items' texts, from the arguments or stdin.
pub fn read(ctx: &Context, host: &mut Host, args: &CreateArgs) -> Result<Request> {
    let limits = ctx.config.limits;
    let (items, input) = if args.contents.is_empty() {
        let text = source::stdin(host, STDIN_HINT)?;
        input::new_items(fence::payload(&text), &limits)?
    } else {
        let mut problems = Vec::new();
        let items: Vec<Item> = args
            .contents
            .iter()
            .enumerate()
            .map(|(index, text)| {
                // Named as the usage names them: `CONTENT #2` is the second text typed.
                let typed = format!("CONTENT #{}", index + 1);
                let text = input::content(text, &At::Typed(&typed), &limits, &mut problems);
                Item::new(text, Status::Pending)
            })
            .collect();
        Error::if_any(problems)?;
        (items, None)
    };
    let split = Split::of(
        &args.contents,
        args.description.as_deref(),
        args.after_description,
    );
    let mut request = with_options(items, input, args, split)?;
    request.typed.clone_from(&args.contents);
    Ok(request)
}

#[cfg(feature = "mcp")]
impl Request {
    /// The request of JSON already parsed (the MCP server's `create` tool): the items read as
    /// from stdin, by the same reader, with no command line and no stdin.
    pub fn of_input(ctx: &Context, input: Value, expect_revision: Option<u64>) -> Result<Self> {
        let items = input::new_items_of(&input, &ctx.config.limits)?;
        with_options(
            items,
            Some(input),
            &CreateArgs {
                contents: Vec::new(),
                blocked_by: Vec::new(),
                owner: None,
                description: None,
                priority: None,
                expect_revision,
                after_description: 0,
            },
            None,
        )
    }
}

/// The request of the read items, with what the options add to each (`--owner`,
/// `--blocked-by`, `--description`, `--priority`).
fn with_options(
    mut items: Vec<Item>,
    input: Option<Value>,
    args: &CreateArgs,
    split: Option<Split>,
) -> Result<Request> {
    if items.is_empty() {
        return Input::NoItems {
            caller: Caller::CommandLine,
        }
        .into();
    }
    super::refuse_empty_owner(args.owner.as_deref())?;
    let mut problems = Vec::new();
    let owner = args
        .owner
        .as_deref()
        .and_then(|name| model::check_owner(name, &At::Typed("--owner"), &mut problems));
    let description = args
        .description
        .as_deref()
        .and_then(|text| input::description(text, &At::Typed("--description"), &mut problems));
    let priority = args
        .priority
        .as_deref()
        .and_then(|text| input::priority(text, &At::Typed("--priority"), &mut problems));
    Error::if_any(problems)?;
    let blockers: Vec<String> = args
        .blocked_by
        .iter()
        .map(|id| id.trim().to_owned())
        .collect();
    for item in &mut items {
        for id in &blockers {
            if !item.blocked_by.contains(id) {
                item.blocked_by.push(id.clone());
            }
        }
        if owner.is_some() {
            item.owner.clone_from(&owner);
        }
        if description.is_some() {
            item.description.clone_from(&description);
        }
        if priority.is_some() {
            item.priority = priority;
        }
    }
    Ok(Request {
        expect_revision: args.expect_revision,
        flag_blockers: blockers,
        items,
        input,
        typed: Vec::new(),
        options: Options {
            owner,
            description,
            priority,
        },
        split,
    })
}

/// What `--owner`, `--description` and `--priority` give every new item, checked.
struct Options {
    owner: Option<String>,
    description: Option<String>,
    priority: Option<Priority>,
}

impl Request {
    /// The input as the envelope's `context.params_input` reports it: what was piped in, or
    /// `{"items": [...]}` of the texts, with the options beside them.
    fn params_input(&self) -> Value {
        let mut input = self.input.clone().unwrap_or_else(|| {
            let texts: Vec<&str> = if self.typed.is_empty() {
                self.items
                    .iter()
                    .map(|item| item.content.as_str())
                    .collect()
            } else {
                self.typed.iter().map(String::as_str).collect()
            };
            json!({ "items": texts })
        });
        if let Value::Object(object) = &mut input {
            if !self.flag_blockers.is_empty() {
                object.insert("blocked_by".into(), json!(self.flag_blockers));
            }
            let Options {
                owner,
                description,
                priority,
            } = &self.options;
            if let Some(owner) = owner {
                object.insert("owner".into(), json!(owner));
            }
            if let Some(description) = description {
                object.insert("description".into(), json!(description));
            }
            if let Some(priority) = priority {
                object.insert("priority".into(), json!(priority.as_str()));
            }
        }
        input
    }
}

/// Appends new pending items, with ids from the store's counter.
pub fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
    let limits = ctx.config.limits;
    let Request {
        expect_revision,
        flag_blockers,
        items,
        split,
        ..
    } = request;
    transaction::change(ctx, host, "create", expect_revision, false, |document| {
        let mut problems: Vec<Problem> = Vec::new();
        let mut hint = None;
        for (index, item) in items.iter().enumerate() {
            for (at, id) in item.blocked_by.iter().enumerate() {
                if !document.todos.iter().any(|stored| stored.id == *id) {
                    // An id given with `--blocked-by` is named as typed, once, not once
                    // for each new item it applies to.
                    let path = if flag_blockers.contains(id) {
                        Path::flag(format!("--blocked-by {}", word(id)))
                    } else {
                        Path::field("items")
                            .index(index)
                            .key("blocked_by")
                            .index(at)
                    };
                    if problems.iter().any(|problem| problem.path == path) {
                        continue;
                    }
                    problems.push(Problem::new(path, Refused::NoSuchId { id: id.clone() }));
                    hint = Some(remove::ids_hint(&document.todos));
                }
            }
        }
        let mut slots = model::slots(&document.todos);
        slots.extend(
            items
                .iter()
                .map(|item| (item.status, item.owner.as_deref())),
        );
        model::check_list(&slots, &Path::field("todos"), &limits, &mut problems);
        // Words the shell split: the refusal says how to quote them.
        if hint.is_none() {
            hint = split.clone().map(Hint::Quote);
        }
        if !problems.is_empty() {
            let error = Error::problems(problems);
            return Err(match hint {
                Some(hint) => error.hinted(hint),
                None => error,
            });
        }
        for item in items.clone() {
            let id = document.allocate_id()?;
            document.todos.push(Item { id, ..item });
        }
        Ok(split.clone().map(Warning::SplitWords).into_iter().collect())
    })
    .map(Outcome::changed)
}

/// How many of `create`'s texts were typed after `--description`'s value, as the parser saw
/// them: words of an unquoted description that became items (`--description Because it fails
/// on CI`).
pub(crate) fn words_after_description(create: &clap::ArgMatches) -> usize {
    match (
        create.index_of("description"),
        create.indices_of("contents"),
    ) {
        (Some(at), Some(texts)) => texts.filter(|&index| index > at).count(),
        _ => 0,
    }
}

/// `--priority`'s help (`create`, `update`), from the table of priorities.
pub(super) fn priority_help(what: &str) -> String {
    let names: Vec<&str> = crate::plan::model::Priority::names().collect();
    format!("{what}: {}", crate::policy::english::or_list(&names))
}

/// Append new pending items.
///
/// Items come from the arguments or, with none, from stdin as `{"items": ["a", "b"]}`, a JSON
/// array of strings or items, one item (Claude Code's TaskCreate `{"subject", "description",
/// "activeForm"}`), or one item per line. Ids are assigned by `todos`.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos create \"Write the migration\" \"Run it on staging\"\n  \
    todos create \"Deploy\" --blocked-by 2 --blocked-by 3 --owner ops --priority high\n  \
    printf 'Reproduce\\nPatch\\n' | todos create")]
pub struct CreateArgs {
    /// The text of each new item.
    #[arg(value_name = "CONTENT")]
    pub contents: Vec<String>,

    /// Each new item waits on this item (repeat for more).
    #[arg(long, value_name = "ID")]
    pub blocked_by: Vec<String>,

    #[arg(long, value_name = "NAME", help = owner_help("Who works on the new items"))]
    pub owner: Option<String>,

    /// Longer detail for each new item (show --long and --json show it).
    #[arg(long, value_name = "TEXT")]
    pub description: Option<String>,

    #[arg(long, value_name = "P", help = priority_help("The new items' priority"))]
    pub priority: Option<String>,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,

    /// How many texts were typed after `--description`'s value (the parser counts them).
    #[arg(skip)]
    pub after_description: usize,
}

impl Summary for CreateArgs {
    const SUMMARY: &str = "Append new pending items";
}

impl Run for CreateArgs {
    type Request = Request;

    fn read(self, ctx: &Context, host: &mut Host) -> Result<Request> {
        read(ctx, host, &self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
        execute(ctx, host, request)
    }

    fn list_use(_request: &Request) -> ListUse {
        ListUse::Makes
    }

    fn params_input(request: &Request) -> Option<Value> {
        Some(request.params_input())
    }
}
