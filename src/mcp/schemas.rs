//! Each tool's description and input schema, generated: from the command's schema (`todos
//! schema`) for the tools that take an input, from `arguments::FIELDS` for the rest.
//!
//! A client checks a call against the schema before it sends it (Gemini CLI does, strictly), so
//! a schema that requires what the command does not would refuse calls the tool would take:
//! Gemini CLI's own `write_todos` shape, with no summary and items that say `description`
//! where `TodoWrite` says `content`. An input tool's schema is therefore the command's schema with
//! every constraint the command does not share taken out (`accepting`): it still describes the
//! recommended shape, field by field, and says in words what is recommended; the command
//! itself checks the rest and names every problem.

use serde_json::{Map, Value, json};

use super::arguments::{self, takes_input};
use crate::agents::schema::{SchemaCommand, Vendor};
use crate::plan::model::Limits;
use crate::policy::mcp::{McpTool, Tool};

/// The keywords a command's schema holds that the command is more lenient than: taken out.
/// `type` goes too below the top: the command reads ids as numbers, a single id for a list,
/// `null` for "none", and a Markdown checklist for a list of items.
const STRICTER_THAN_THE_COMMAND: &[&str] = &[
    "required",
    "not",
    "contains",
    "minContains",
    "maxContains",
    "additionalProperties",
    "pattern",
    "minLength",
    "minItems",
    "const",
    "type",
];

fn command(tool: &McpTool) -> Option<SchemaCommand> {
    match tool.tool {
        Tool::Write => Some(SchemaCommand::Write),
        Tool::Create => Some(SchemaCommand::Create),
        Tool::Update => Some(SchemaCommand::Update),
        _ => None,
    }
}

/// What the model reads about the tool.
pub fn description(tool: &McpTool, limits: &Limits) -> String {
    let mut text = match command(tool) {
        Some(command) => crate::agents::guide::tool_description(command, limits),
        None => fixed_description(tool.tool),
    };
    match tool.tool {
        Tool::Write => text.push_str(
            " Recommended shape: {\"summary\": \"…\", \"todos\": [{\"content\": \"…\", \"status\": \
             \"pending\"}]}; other agents' shapes are accepted too (Gemini CLI's {\"todos\": \
             [{\"description\", \"status\"}]}, Codex's {\"explanation\", \"plan\": [{\"step\", \
             \"status\"}]}, …), and a snapshot without a summary keeps the stored one.",
        ),
        Tool::Create => text.push_str(" Recommended shape: {\"items\": [\"…\", \"…\"]}."),
        Tool::Update => text.push_str(
            " Recommended shape: {\"id\": \"2\", \"status\": \"completed\"}; Claude Code's \
             TaskUpdate fields are accepted too.",
        ),
        _ => {}
    }
    if tool.changes {
        text.push_str(
            " Give expect_revision (the revision of the last answer you read) so that a change \
             to a plan someone else changed since is refused instead of applied.",
        );
    }
    text
}

fn fixed_description(tool: Tool) -> String {
    match tool {
        Tool::Show => {
            "Read the todo plan of the workspace (todos show): its summary, every item with \
             its id, status and text, the one-line recap and the revision. Read it before you \
             change a plan you did not write in this conversation; it never changes anything."
        }
        Tool::Recap => {
            "Say in one line where the todo plan stands (todos recap): [done/total], the \
             item in progress, the next pending ones, what was cancelled or failed. Cheap: use it \
             to keep track before you wrap up; it never changes anything."
        }
        Tool::Remove => {
            "Delete items of the todo plan by id (todos remove). Removing an open item, \
             or one others wait on, is done but warned about; ids are never handed out again. To \
             keep the record of a step that is no longer needed, update it to cancelled instead."
        }
        Tool::Next => {
            "Give the next ready item of the todo plan (todos next): pending, and \
             everything it waits on completed or cancelled. With claim, mark it in_progress and \
             owned by owner in one locked change, so agents claiming at once never get the same \
             item; with owner, items owned by someone else are skipped. When nothing is ready, \
             next is null and reason says why."
        }
        Tool::Undo => {
            "Take the last change to the todo plan back (todos undo): restore the revision \
             before the plan shown now, as a new revision; each further undo goes one revision \
             further back, and redo steps forward again. With to, restore any kept revision (see \
             history). The answer says which revision it restored."
        }
        Tool::Redo => {
            "Put back what undo took back (todos redo): restore the next revision forward, up \
             to the plan before the first undo. Any other change ends the run of undos: there is \
             nothing to redo after it. The answer says which revision it restored."
        }
        Tool::Check => {
            "Say whether the todo plan is finished (todos check): passed is true when no item \
             is open (an empty plan, or every item completed, cancelled or failed; a failure is \
             a result to report, said first). While items are open it lists them and how to \
             finish each; call it before you say you are done. With owner, items owned by \
             someone else do not count. It never changes anything."
        }
        // `history`; the tools with input are described by the guide (`command`).
        _ => {
            "List the kept revisions of the todo plan, newest first (todos history): each with \
             its time, the command that made it, what changed (items added, removed, statuses \
             moved) and the progress. With revision, answer with that revision's whole plan: use \
             it to see what an overwrite dropped (todos undo --to REV brings it back). It never \
             changes anything."
        }
    }
    .to_owned()
}

/// The tool's input schema: an object, with `list` (and `expect_revision` for a changing tool)
/// beside the tool's own arguments.
pub fn input(tool: &McpTool, limits: &Limits) -> Map<String, Value> {
    let mut schema = Map::new();
    schema.insert("type".into(), json!("object"));
    let mut properties = Map::new();
    let mut required = Vec::new();
    if let Some(command) = command(tool) {
        let mut strict = crate::agents::schema::tool(command, Vendor::Anthropic, limits);
        let mut body = strict
            .get_mut("input_schema")
            .map(Value::take)
            .unwrap_or_default();
        if let Some(Value::Object(own)) = body.get_mut("properties").map(Value::take) {
            for (name, mut property) in own {
                accepting(&mut property);
                properties.insert(name, property);
            }
        }
    }
    for field in arguments::fields(tool) {
        properties.insert(field.name.into(), (field.schema)());
        if field.required {
            required.push(field.name);
        }
    }
    schema.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        schema.insert("required".into(), json!(required));
    }
    if !takes_input(tool) {
        schema.insert("additionalProperties".into(), json!(false));
    }
    schema
}

/// `schema` with every keyword the command is more lenient than taken out, at every depth; an
/// `enum` becomes words in the description ("Recommended: …"), as the command also takes
/// aliases, any case, `-` for `_`.
fn accepting(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            for key in STRICTER_THAN_THE_COMMAND {
                object.remove(*key);
            }
            if let Some(Value::Array(values)) = object.remove("enum") {
                let names: Vec<String> = values
                    .iter()
                    .filter_map(Value::as_str)
                    .map(ToOwned::to_owned)
                    .collect();
                let said = object
                    .get("description")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned();
                object.insert(
                    "description".into(),
                    json!(format!("{said} Recommended: {}.", names.join(", ")).trim()),
                );
            }
            for value in object.values_mut() {
                accepting(value);
            }
            // An `anyOf` left with nothing to tell apart accepts anything: dropped.
            if object
                .get("anyOf")
                .and_then(Value::as_array)
                .is_some_and(|branches| {
                    branches
                        .iter()
                        .all(|b| b.as_object().is_some_and(Map::is_empty))
                })
            {
                object.remove("anyOf");
            }
        }
        Value::Array(values) => values.iter_mut().for_each(accepting),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::mcp::MCP_TOOLS;

    fn tool(name: &str) -> &'static McpTool {
        MCP_TOOLS.iter().find(|tool| tool.name == name).unwrap()
    }

    fn validator(name: &str) -> jsonschema::Validator {
        let schema = Value::Object(input(tool(name), &Limits::default()));
        jsonschema::validator_for(&schema).unwrap()
    }

    #[test]
    fn geminis_own_write_todos_shape_passes_a_strict_check() {
        let write = validator("write");
        for shape in [
            json!({"todos": [{"description": "Reproduce the bug", "status": "in_progress"},
                             {"description": "Patch the check", "status": "pending"}]}),
            json!({"todos": [{"content": "A", "status": "DONE"}]}),
            json!({"explanation": "x", "plan": [{"step": "A", "status": "completed"}]}),
            json!({"todos": "[x] A\n[ ] B"}),
            json!({"summary": "Only the summary", "todos": null}),
            json!({"todos": [{"id": 3, "content": "A", "status": "pending", "blocked_by": 2}]}),
            json!({"summary": "S", "todos": [], "expect_revision": 4, "list": "docs"}),
        ] {
            let errors: Vec<String> = write.iter_errors(&shape).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{shape}: {errors:?}");
        }
        // What the schema still says: the recommended shape, in words and fields.
        let schema = input(tool("write"), &Limits::default());
        assert!(schema["properties"]["todos"]["items"]["properties"]["content"].is_object());
        assert!(
            schema["properties"]["todos"]["items"]["properties"]["status"]["description"]
                .as_str()
                .unwrap()
                .contains("Recommended: pending, in_progress, completed")
        );
        assert!(
            validator("write")
                .iter_errors(&json!({"expect_revision": "x"}))
                .next()
                .is_some()
        );
    }

    #[test]
    fn every_corpus_input_the_command_accepts_passes_the_schema() {
        let limits = Limits::default();
        let write = validator("write");
        let corpus = include_str!("../../tests/corpus/real_payloads.jsonl");
        let mut checked = 0;
        for line in corpus.lines() {
            let case: Value = serde_json::from_str(line).unwrap();
            let input = &case["input"];
            if !input.is_object() || crate::input::snapshot(input, &limits).is_err() {
                continue;
            }
            checked += 1;
            let errors: Vec<String> = write.iter_errors(input).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{input}: {errors:?}");
        }
        assert!(checked > 1000, "{checked}");
    }

    /// The tools as a client lists them, pinned: a change to a schema or a description is a
    /// change to this snapshot, reviewed.
    #[test]
    fn the_tool_list_is_pinned() {
        let limits = Limits::default();
        let tools: Vec<Value> = MCP_TOOLS
            .iter()
            .map(|tool| {
                json!({
                    "name": tool.name,
                    "description": description(tool, &limits),
                    "inputSchema": input(tool, &limits),
                })
            })
            .collect();
        insta::assert_snapshot!(serde_json::to_string_pretty(&tools).unwrap());
    }

    #[test]
    fn fixed_tools_take_only_their_fields() {
        let next = validator("next");
        assert!(next.is_valid(&json!({"claim": true, "owner": "w1", "expect_revision": 3})));
        assert!(!next.is_valid(&json!({"claim": true, "colour": 1})));
        assert!(!validator("remove").is_valid(&json!({})));
        assert!(validator("remove").is_valid(&json!({"ids": ["1", 2]})));
        assert!(!validator("show").is_valid(&json!({"expect_revision": 1})));
    }
}
