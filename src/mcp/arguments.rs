//! Each tool's arguments as a serde type, read from the call's JSON into what the command runs
//! on (`commands::Given`): the command the CLI parses to (`cli::PlanCommand`, typed), or, for
//! `write`, `create` and `update`, their input as JSON, which the command turns into the same
//! request its `read` builds. No command line, no stdin. codex-rs `mcp-server`'s
//! `codex_tool_config.rs` is the model.
//!
//! `FIELDS` names every argument a tool takes beside its input, with its JSON Schema and the
//! words of a refusal: the schemas (`schemas.rs`) and the checks here are made from the one
//! table, and a test holds each field's schema to the type that reads it.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::commands::check::CheckArgs;
use crate::commands::history::HistoryArgs;
use crate::commands::named::{Flag, Named};
use crate::commands::next::NextArgs;
use crate::commands::recap::RecapArgs;
use crate::commands::remove::RemoveArgs;
use crate::commands::show::ShowArgs;
use crate::commands::undo::{RedoArgs, UndoArgs};
use crate::commands::{Given, InputCommand};
use crate::commands::{Lazy, PlanCommand};
use crate::policy::error::{Error, Path, Problem, Refused};
use crate::policy::mcp::{McpTool, Tool};
use crate::policy::name::{LIST_NAME, OWNER};
use crate::view::show::Format;

mod shapes;
pub use shapes::{
    CheckArguments, HistoryArguments, Id, ListOnly, NextArguments, RemoveArguments, UndoArguments,
};

/// The arguments every tool shares: the list, and (for a tool that changes the plan) the
/// revision the change is based on.
#[derive(Debug, Default, Deserialize)]
pub struct Arguments {
    #[serde(default)]
    pub list: Option<String>,
    #[serde(default)]
    pub expect_revision: Option<u64>,
}

/// `write`, `create` and `update`: the shared arguments, and the command's input (any of the
/// shapes the command reads on stdin) as the rest of the object.
#[derive(Debug, Deserialize)]
pub struct WithInput {
    #[serde(flatten)]
    pub common: Arguments,
    #[serde(flatten)]
    pub input: Map<String, Value>,
}

/// One argument beside a tool's input: its name, the command's flag it stands for, its schema,
/// what a refusal says it must be, and the check of its type (the serde type that reads it).
pub struct Field {
    pub name: &'static str,
    /// The flag of the tool's command it is: a refusal the command names by that flag is named
    /// by this field instead (`NAMED`).
    pub flag: Flag,
    /// Which tools take it.
    pub tools: fn(&McpTool) -> bool,
    pub required: bool,
    pub schema: fn() -> Value,
    pub must_be: &'static str,
    pub accepts: fn(&Value) -> bool,
}

fn reads_as<T: DeserializeOwned>(value: &Value) -> bool {
    T::deserialize(value).is_ok()
}

pub static FIELDS: &[Field] = &[
    Field {
        name: "list",
        flag: Flag::List,
        tools: |_| true,
        required: false,
        schema: || {
            json!({
                "type": ["string", "null"],
                "description": format!(
                    "The plan to work on: a named list ({}), each with its own ids and history. \
                     Leave it out for the workspace's default plan.",
                    crate::policy::sentences::name_rule(&LIST_NAME)
                ),
            })
        },
        must_be: "a list name (a string)",
        accepts: reads_as::<Option<String>>,
    },
    Field {
        name: "expect_revision",
        flag: Flag::ExpectRevision,
        tools: |tool| tool.changes,
        required: false,
        schema: || {
            json!({
                "type": ["integer", "null"],
                "minimum": 0,
                "description": format!(
                    "Compare-and-swap: the revision your change is based on (the revision of the \
                     last answer you read). When the plan is at another revision the change is \
                     refused with {} and nothing changes: read it again, then retry. \
                     Recommended whenever others may change the plan.",
                    crate::policy::exit::Kind::Conflict.info().code
                ),
            })
        },
        must_be: "a revision number (an integer, 0 or more)",
        accepts: reads_as::<Option<u64>>,
    },
    Field {
        name: "ids",
        flag: Flag::Ids,
        tools: |tool| tool.tool == Tool::Remove,
        required: true,
        schema: || {
            json!({
                "type": "array",
                "items": {"type": ["string", "integer"], "description": "An item's id."},
                "minItems": 1,
                "description": "The ids of the items to delete, as the plan gives them.",
            })
        },
        must_be: "a list of item ids, one at least",
        accepts: |value| {
            reads_as::<Vec<Id>>(value) && value.as_array().is_some_and(|ids| !ids.is_empty())
        },
    },
    Field {
        name: "claim",
        flag: Flag::Claim,
        tools: |tool| tool.tool == Tool::Next,
        required: false,
        schema: || {
            json!({
                "type": ["boolean", "null"],
                "description": "Claim the item: in_progress, owned by owner, in one locked change.",
            })
        },
        must_be: "true or false",
        accepts: reads_as::<Option<bool>>,
    },
    Field {
        name: "owner",
        flag: Flag::Owner,
        tools: |tool| matches!(tool.tool, Tool::Next | Tool::Check),
        required: false,
        schema: || {
            json!({
                "type": ["string", "null"],
                "description": format!(
                    "Who works on it: an agent's or a person's name, {}.",
                    crate::policy::sentences::name_rule(&OWNER)
                ),
            })
        },
        must_be: "a name (a string)",
        accepts: reads_as::<Option<String>>,
    },
    Field {
        name: "lease",
        flag: Flag::Lease,
        tools: |tool| tool.tool == Tool::Next,
        required: false,
        schema: || {
            json!({
                "type": ["string", "null"],
                "description": format!(
                    "With claim: {}",
                    crate::policy::sentences::lease_help()
                ),
            })
        },
        must_be: "a duration (a string such as \"15m\")",
        accepts: reads_as::<Option<String>>,
    },
    Field {
        name: "revision",
        flag: Flag::Revision,
        tools: |tool| tool.tool == Tool::History,
        required: false,
        schema: || {
            json!({
                "type": ["integer", "null"],
                "minimum": 0,
                "description": "A kept revision: answer with its whole plan.",
            })
        },
        must_be: "a revision number (an integer, 0 or more)",
        accepts: reads_as::<Option<u64>>,
    },
    Field {
        name: "to",
        flag: Flag::To,
        tools: |tool| tool.tool == Tool::Undo,
        required: false,
        schema: || {
            json!({
                "type": ["integer", "null"],
                "minimum": 0,
                "description": "A kept revision to restore (see history); leave it out to take \
                                back one revision more.",
            })
        },
        must_be: "a revision number (an integer, 0 or more)",
        accepts: reads_as::<Option<u64>>,
    },
];

/// How a command run by a tool names the values it was given: each flag as its field in
/// `FIELDS` (`--lease` as `lease`, each `ID` as `ids[1]`).
pub const NAMED: Named = Named::Fields(field_of);

/// The field that stands for `flag`. Every flag has one (a test walks them); were one left
/// out, it would be named as typed rather than not at all.
fn field_of(flag: Flag) -> &'static str {
    FIELDS
        .iter()
        .find(|field| field.flag == flag)
        .map_or(flag.typed(), |field| field.name)
}

/// Whether the tool's arguments beyond `FIELDS` are the command's input.
pub fn takes_input(tool: &McpTool) -> bool {
    matches!(tool.tool, Tool::Write | Tool::Create | Tool::Update)
}

/// The fields `tool` takes, in table order.
pub fn fields(tool: &McpTool) -> impl Iterator<Item = &'static Field> {
    FIELDS.iter().filter(|field| (field.tools)(tool))
}

/// What a call runs: its shared arguments, and the command's typed command or request input.
pub struct Call {
    pub arguments: Arguments,
    pub given: Given,
}

/// Reads a call's arguments into the command it runs. Every field is checked against its type
/// first, so a refusal names each wrong argument and what it must be, as the command names the
/// wrong parts of its input.
// One arm a tool, each a few lines: a table of tools reads best as one match.
#[allow(clippy::too_many_lines)]
pub fn read(tool: &McpTool, arguments: &Map<String, Value>) -> Result<Call, Error> {
    check(tool, arguments)?;
    let object = Value::Object(arguments.clone());
    let typed = |err: serde_json::Error| {
        Error::problems(vec![Problem::new(
            Path::field("arguments"),
            Refused::Arguments(err.to_string()),
        )])
    };
    let call = match tool.tool {
        Tool::Write | Tool::Create | Tool::Update => {
            let WithInput { common, input } = WithInput::deserialize(object).map_err(typed)?;
            let command = match tool.tool {
                Tool::Write => InputCommand::Write,
                Tool::Create => InputCommand::Create,
                _ => InputCommand::Update,
            };
            // The cap the command puts on what it reads (1 MiB), counted on the input as JSON.
            crate::input::json::check_size(encoded_len(&input), "the input")?;
            Call {
                given: Given::Input {
                    command,
                    input: Value::Object(input),
                    expect_revision: common.expect_revision,
                    named: NAMED,
                },
                arguments: common,
            }
        }
        Tool::Remove => {
            let RemoveArguments { ids, common } =
                RemoveArguments::deserialize(object).map_err(typed)?;
            let command = PlanCommand::Remove(Lazy(RemoveArgs {
                ids: ids.into_iter().map(Id::into_string).collect(),
                expect_revision: common.expect_revision,
                named: NAMED,
            }));
            without_input(common, command)
        }
        Tool::Next => {
            let NextArguments {
                claim,
                owner,
                lease,
                common,
            } = NextArguments::deserialize(object).map_err(typed)?;
            let claim = claim.unwrap_or(false);
            for (name, given) in [
                ("expect_revision", common.expect_revision.is_some()),
                ("lease", lease.is_some()),
            ] {
                if given && !claim {
                    return Err(Error::problems(vec![Problem::new(
                        Path::field(name),
                        Refused::GoesWithClaim,
                    )]));
                }
            }
            // Without a lease, the configuration's `claim_lease`, as for `next --claim`.
            let command = PlanCommand::Next(Lazy(NextArgs {
                claim,
                lease,
                owner,
                expect_revision: common.expect_revision,
                named: NAMED,
            }));
            without_input(common, command)
        }
        Tool::History => {
            let HistoryArguments { revision, common } =
                HistoryArguments::deserialize(object).map_err(typed)?;
            let command = PlanCommand::History(Lazy(HistoryArgs {
                revision,
                limit: None,
                follow: false,
                named: NAMED,
            }));
            without_input(common, command)
        }
        Tool::Undo => {
            let UndoArguments { to, common } = UndoArguments::deserialize(object).map_err(typed)?;
            let command = PlanCommand::Undo(Lazy(UndoArgs {
                to,
                expect_revision: common.expect_revision,
                named: NAMED,
            }));
            without_input(common, command)
        }
        Tool::Redo => {
            let ListOnly { common } = ListOnly::deserialize(object).map_err(typed)?;
            let command = PlanCommand::Redo(Lazy(RedoArgs {
                expect_revision: common.expect_revision,
                named: NAMED,
            }));
            without_input(common, command)
        }
        Tool::Check => {
            let CheckArguments { owner, common } =
                CheckArguments::deserialize(object).map_err(typed)?;
            let command = PlanCommand::Check(Lazy(CheckArgs {
                stale: None,
                hook: false,
                owner,
                named: NAMED,
            }));
            without_input(common, command)
        }
        Tool::Show => {
            let ListOnly { common } = ListOnly::deserialize(object).map_err(typed)?;
            let command = PlanCommand::Show(Lazy(ShowArgs {
                format: Format::Text,
                watch: false,
                all: false,
                long: false,
            }));
            without_input(common, command)
        }
        Tool::Recap => {
            let ListOnly { common } = ListOnly::deserialize(object).map_err(typed)?;
            without_input(common, PlanCommand::Recap(Lazy(RecapArgs {})))
        }
    };
    Ok(call)
}

fn without_input(arguments: Arguments, command: PlanCommand) -> Call {
    Call {
        arguments,
        given: Given::Command(command),
    }
}

/// How many bytes `input` takes as compact JSON, counted without building the text.
fn encoded_len(input: &Map<String, Value>) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing a map of JSON values to a sink that never fails cannot fail.
    let _ = serde_json::to_writer(&mut count, input);
    count.0
}

/// Each field of the tool against its type, each unknown argument of a tool without input, and
/// each required one: every problem at once, by the argument's name.
fn check(tool: &McpTool, arguments: &Map<String, Value>) -> Result<(), Error> {
    let mut problems = Vec::new();
    for (key, value) in arguments {
        match fields(tool).find(|field| field.name == key) {
            Some(field) if !(field.accepts)(value) => problems.push(Problem::new(
                Path::field(key),
                Refused::MustBe {
                    must_be: field.must_be,
                    was: shown(value),
                },
            )),
            Some(_) => {}
            None if takes_input(tool) => {}
            None => {
                let takes: Vec<&str> = fields(tool).map(|field| field.name).collect();
                problems.push(Problem::new(
                    Path::field(key),
                    Refused::UnknownArgument {
                        key: key.clone(),
                        tool: tool.name,
                        takes: takes.join(", "),
                    },
                ));
            }
        }
    }
    for field in fields(tool).filter(|field| field.required) {
        if !arguments.contains_key(field.name) {
            problems.push(Problem::new(
                Path::field(field.name),
                Refused::ArgumentMissing {
                    must_be: field.must_be,
                },
            ));
        }
    }
    Error::if_any(problems)
}

/// A value as a refusal quotes it: short, escaped.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    let cut: String = text.chars().take(60).collect();
    let more = if cut.len() < text.len() { "…" } else { "" };
    crate::policy::text::escape(&format!("{cut}{more}")).into_owned()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// Each field's schema takes exactly the values its serde type reads.
    #[test]
    fn each_fields_schema_is_its_type() {
        let samples = [
            json!(null),
            json!(true),
            json!(false),
            json!(0),
            json!(3),
            json!(-1),
            json!("x"),
            json!(""),
            json!([]),
            json!(["1"]),
            json!([1]),
            json!([-1]),
            json!([true]),
            json!({}),
        ];
        for field in FIELDS {
            let validator = jsonschema::validator_for(&(field.schema)()).unwrap();
            for sample in &samples {
                assert_eq!(
                    (field.accepts)(sample),
                    validator.is_valid(sample),
                    "{}: {sample}",
                    field.name
                );
            }
        }
    }

    /// Every flag an MCP tool takes is one field of `FIELDS`, and every field is a flag that
    /// each tool taking it has on the command line: a refusal the command names by its flag is
    /// named by the field the caller sent.
    #[test]
    fn each_field_is_a_flag_of_each_tools_command() {
        for flag in Flag::ALL {
            let rows: Vec<&str> = FIELDS
                .iter()
                .filter(|field| field.flag == flag)
                .map(|field| field.name)
                .collect();
            assert_eq!(rows.len(), 1, "{flag:?} is the flag of {rows:?}");
            assert_eq!(NAMED.path(flag), Path::field(rows[0]));
            assert_eq!(Named::Typed.path(flag), Path::flag(flag.typed()));
        }
        // Built, so each command holds the global options (`--list`) too.
        let mut cli = crate::cli::Cli::command();
        cli.build();
        for field in FIELDS {
            let tools = crate::policy::mcp::MCP_TOOLS
                .iter()
                .filter(|tool| (field.tools)(tool));
            for tool in tools {
                let command = cli.find_subcommand(tool.name).unwrap();
                let typed = field.flag.typed();
                let has = command
                    .get_arguments()
                    .any(|arg| match typed.strip_prefix("--") {
                        Some(long) => arg.get_long() == Some(long),
                        None => {
                            arg.is_positional()
                                && arg
                                    .get_value_names()
                                    .is_some_and(|names| names.iter().any(|name| name == typed))
                        }
                    });
                assert!(has, "{}: {} takes no {typed}", field.name, tool.name);
            }
        }
    }

    #[test]
    fn arguments_become_the_command_and_bad_ones_are_named() {
        let tool = |tool: Tool| &crate::policy::mcp::MCP_TOOLS[tool as usize];
        let map = |value: Value| match value {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        let call = read(
            tool(Tool::Next),
            &map(json!({"claim": null, "owner": "w1"})),
        )
        .unwrap();
        assert!(matches!(
            call.given,
            Given::Command(PlanCommand::Next(Lazy(NextArgs { claim: false, .. })))
        ));
        let call = read(
            tool(Tool::Remove),
            &map(json!({"ids": ["2", 3], "expect_revision": 4, "list": "docs"})),
        )
        .unwrap();
        let Given::Command(PlanCommand::Remove(Lazy(args))) = call.given else {
            panic!("remove");
        };
        assert_eq!(args.ids, ["2", "3"]);
        assert_eq!(args.expect_revision, Some(4));
        assert_eq!(call.arguments.list.as_deref(), Some("docs"));
        let call = read(
            tool(Tool::Write),
            &map(json!({"todos": [], "expect_revision": 1, "list": null})),
        )
        .unwrap();
        let Given::Input {
            command: InputCommand::Write,
            input,
            expect_revision: Some(1),
            ..
        } = call.given
        else {
            panic!("write");
        };
        assert_eq!(input, json!({"todos": []}));
        let big = json!({"todos": [{"content": "x".repeat(1 << 20), "status": "pending"}]});
        let Err(err) = read(tool(Tool::Write), &map(big)) else {
            panic!("over 1 MiB");
        };
        assert!(
            err.to_string().contains("larger than 1 MiB"),
            "{}",
            err.to_string()
        );
        for (name, arguments, path) in [
            (Tool::Remove, json!({}), "ids"),
            (Tool::Remove, json!({"ids": []}), "ids"),
            (Tool::Show, json!({"colour": 1}), "colour"),
            (Tool::History, json!({"revision": "2"}), "revision"),
            (
                Tool::Update,
                json!({"id": "1", "expect_revision": -3}),
                "expect_revision",
            ),
            (Tool::Next, json!({"expect_revision": 3}), "expect_revision"),
        ] {
            let Err(err) = read(tool(name), &map(arguments.clone())) else {
                panic!("{name:?} {arguments}");
            };
            assert_eq!(
                err.problems[0].path.to_string(),
                path,
                "{name:?} {arguments}"
            );
        }
    }
}
