//! JSON Schemas (draft 2020-12) of the canonical inputs of `write`, `create` and `update`, and
//! the function-tool definitions that wrap them for `OpenAI`, Anthropic and Gemini.
//!
//! The schemas describe the canonical shape only (with Claude Code's `activeForm` as well as
//! `active_form`), and they are never looser than `todos`: every input a schema accepts passes
//! the tool's own input validation (a test replays the corpus of real payloads, and every
//! shape's example, to hold that). `todos` accepts more than the schemas say: the other agents'
//! shapes and field names (Kimi, `WeKnora`, Codex, Gemini, Cursor, VS Code, Roo Code…),
//! case-insensitive statuses and aliases, and a snapshot without a summary. Rules that depend on the stored plan (an
//! unknown id, leaving a finished status, the total number of items after `create`) are
//! checked when the input is applied, not here.

use serde_json::{Map, Value, json};

use crate::agents::described;
use crate::agents::guide;
use crate::plan::model::{Limits, MAX_ACTIVE_FORM_CHARS, MAX_DESCRIPTION_CHARS, Priority, Status};
use crate::policy::name::OWNER;
use crate::policy::sentences;
use clap::ValueEnum;

pub const DRAFT: &str = "https://json-schema.org/draft/2020-12/schema";

/// Characters `todos` refuses in a line of text: control characters, bidi overrides, line and
/// paragraph separators and the byte-order mark.
const FORBIDDEN: &str = r"\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF";

/// The same, less the tab, line feed and carriage return a description may hold.
const FORBIDDEN_IN_DESCRIPTION: &str = r"\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF";

/// One line of printable text with at least one character that is not a space.
fn line_pattern() -> String {
    format!("^[^{FORBIDDEN}]*[^\\s{FORBIDDEN}][^{FORBIDDEN}]*$")
}

fn text(max_chars: usize, description: &str) -> Value {
    json!({
        "type": "string",
        "minLength": 1,
        "maxLength": max_chars,
        "pattern": line_pattern(),
        "description": description,
    })
}

fn status(description: &str) -> Value {
    let names: Vec<&str> = Status::all().map(Status::as_str).collect();
    json!({"type": "string", "enum": names, "description": description})
}

fn id(description: &str) -> Value {
    json!({"type": "string", "minLength": 1, "pattern": "\\S", "description": description})
}

fn priority() -> Value {
    json!({
        "type": "string",
        "enum": Priority::names().collect::<Vec<_>>(),
        "description": "How much the item matters (optional).",
    })
}

fn active_form() -> Value {
    text(
        MAX_ACTIVE_FORM_CHARS,
        "Present-continuous wording shown while the item is in progress, e.g. \"Running the \
         tests\" (optional).",
    )
}

fn description() -> Value {
    json!({
        "type": "string",
        "maxLength": MAX_DESCRIPTION_CHARS,
        "pattern": format!("^[^{FORBIDDEN_IN_DESCRIPTION}]*$"),
        "description": "Longer detail for whoever does the step; may hold line breaks \
            (optional, shown by --json, never in the checklist).",
    })
}

fn owner() -> Value {
    json!({
        "type": "string",
        "pattern": OWNER.pattern(),
        "description": format!(
            "Who works on the item: an agent's or a person's name, {} (optional; `todos next \
             --claim --owner NAME` sets it).",
            sentences::name_rule(&OWNER)
        ),
    })
}

fn ids(description: &str) -> Value {
    json!({
        "type": "array",
        "items": id("An item's id."),
        "description": description,
    })
}

fn blocked_by(context: &str) -> Value {
    ids(&format!(
        "Ids of the items this one waits on: it is ready {} (optional). {context}",
        sentences::when_ready()
    ))
}

/// `active_form` and Claude Code's `activeForm` are one field: either spelling, not both (the
/// schema's `not` of this).
fn one_active_form() -> Value {
    json!({"required": ["active_form", "activeForm"]})
}

fn content_description(limits: &Limits) -> String {
    described::content(limits)
}

fn item(limits: &Limits) -> Value {
    json!({
        "type": "object",
        "properties": {
            "content": text(limits.max_content_chars, &content_description(limits)),
            "status": status(&format!("{}.", sentences::status_meanings())),
            "id": id("The id todos gave this item; send it back to keep the item. Omit it for a new item."),
            "active_form": active_form(),
            "activeForm": active_form(),
            "priority": priority(),
            "description": description(),
            "blocked_by": blocked_by(
                "Name items of this snapshot by the ids you gave them, or kept items by the ids \
                 todos printed; no cycles.",
            ),
            "owner": owner(),
        },
        "required": ["content", "status"],
        "not": one_active_form(),
        "additionalProperties": false,
    })
}

fn write(limits: &Limits) -> Value {
    json!({
        "type": "object",
        "properties": {
            "summary": text(
                limits.max_summary_chars,
                &described::summary(limits),
            ),
            "todos": {
                "type": "array",
                "description": described::whole_list(limits),
                "maxItems": limits.max_items,
                "items": item(limits),
                "contains": {
                    "type": "object",
                    "properties": {"status": {"const": "in_progress"}},
                    "required": ["status"],
                },
                "minContains": 0,
                "maxContains": limits.max_in_progress,
            },
        },
        "required": ["summary", "todos"],
        "additionalProperties": false,
    })
}

fn create(limits: &Limits) -> Value {
    json!({
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "description": "Each new item, in order: its text, or an object with its text and \
                    details; each starts pending.",
                "minItems": 1,
                "maxItems": limits.max_items,
                "items": {
                    "anyOf": [
                        text(limits.max_content_chars, &content_description(limits)),
                        {
                            "type": "object",
                            "properties": {
                                "content": text(limits.max_content_chars, &content_description(limits)),
                                "description": description(),
                                "priority": priority(),
                                "blocked_by": blocked_by("Ids of items already in the plan."),
                                "owner": owner(),
                            },
                            "required": ["content"],
                            "additionalProperties": false,
                        },
                    ],
                },
            },
        },
        "required": ["items"],
        "additionalProperties": false,
    })
}

fn update(limits: &Limits) -> Value {
    json!({
        "type": "object",
        "properties": {
            "id": id("The id of the item to change, as todos printed it."),
            "status": update_status(),
            "content": text(limits.max_content_chars, &content_description(limits)),
            "description": description(),
            "active_form": active_form(),
            "activeForm": active_form(),
            "priority": priority(),
            "owner": {
                "anyOf": [owner(), {"type": "null"}],
                "description": "Who works on the item; null: nobody.",
            },
            "blocked_by": blocked_by("Replaces the whole list; [] clears it."),
            "addBlockedBy": ids("Ids of items this one waits on from now on."),
            "unblock": ids("Ids of items this one no longer waits on."),
            "reopen": {
                "type": "boolean",
                "description": format!(
                    "Allow a {} item to become open again.",
                    sentences::terminal_statuses()
                ),
            },
            "take": {
                "type": "boolean",
                "description": "Take another owner's item over on purpose (update --take): it \
                    becomes owner's, else the name the change is made under.",
            },
        },
        "required": ["id"],
        "anyOf": [
            {"required": ["status"]},
            {"required": ["content"]},
            {"required": ["description"]},
            {"required": ["active_form"]},
            {"required": ["activeForm"]},
            {"required": ["priority"]},
            {"required": ["owner"]},
            {"required": ["blocked_by"]},
            {"required": ["addBlockedBy"]},
            {"required": ["unblock"]},
            {"required": ["take"]},
        ],
        "not": one_active_form(),
        "additionalProperties": false,
    })
}

/// An update's status: a status, or `deleted` (Claude Code's `TaskUpdate`) to remove the item.
fn update_status() -> Value {
    let mut names: Vec<&str> = Status::all().map(Status::as_str).collect();
    names.push("deleted");
    json!({
        "type": "string",
        "enum": names,
        "description": format!(
            "The new status: {}; deleted removes the item.",
            sentences::every_status_clause()
        ),
    })
}

pub fn tool_name(command: SchemaCommand) -> &'static str {
    match command {
        SchemaCommand::Write => "todos_write",
        SchemaCommand::Create => "todos_create",
        SchemaCommand::Update => "todos_update",
    }
}

/// The standalone schema of one command's canonical input.
pub fn input(command: SchemaCommand, limits: &Limits) -> Value {
    let body = match command {
        SchemaCommand::Write => write(limits),
        SchemaCommand::Create => create(limits),
        SchemaCommand::Update => update(limits),
    };
    let mut schema = Map::new();
    schema.insert("$schema".into(), json!(DRAFT));
    schema.insert(
        "title".into(),
        json!(format!("todos {} input", command_word(command))),
    );
    schema.insert(
        "description".into(),
        json!(guide::tool_description(command, limits)),
    );
    if let Value::Object(body) = body {
        schema.extend(body);
    }
    Value::Object(schema)
}

fn command_word(command: SchemaCommand) -> &'static str {
    match command {
        SchemaCommand::Write => "write",
        SchemaCommand::Create => "create",
        SchemaCommand::Update => "update",
    }
}

/// The input schema as a vendor's function-tool definition. The description moves from the
/// schema to the tool, where the model reads it.
pub fn tool(command: SchemaCommand, vendor: Vendor, limits: &Limits) -> Value {
    let mut parameters = input(command, limits);
    if let Value::Object(object) = &mut parameters {
        for key in ["$schema", "title", "description"] {
            object.shift_remove(key);
        }
    }
    let name = tool_name(command);
    let description = guide::tool_description(command, limits);
    match vendor {
        // The Responses API's flat form. Not strict: optional fields (id, priority…) are
        // optional, which strict mode cannot express without nulls.
        Vendor::Openai => json!({
            "type": "function",
            "name": name,
            "description": description,
            "parameters": parameters,
            "strict": false,
        }),
        Vendor::Anthropic => json!({
            "name": name,
            "description": description,
            "input_schema": parameters,
        }),
        Vendor::Gemini => json!({
            "name": name,
            "description": description,
            "parameters": gemini_subset(&parameters),
        }),
    }
}

/// The keywords of Gemini's `Schema` (a subset of `OpenAPI` 3.0) that these schemas use; the
/// rest (`additionalProperties`, `pattern`, `contains`, `anyOf` of bare `required`) is dropped,
/// and `todos` still enforces it when the call arrives.
const GEMINI_KEYWORDS: [&str; 10] = [
    "type",
    "description",
    "enum",
    "items",
    "properties",
    "required",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
];

pub fn gemini_subset(schema: &Value) -> Value {
    let Value::Object(object) = schema else {
        return schema.clone();
    };
    // Gemini's subset has no `anyOf`: where it is the whole schema (no `type` beside it), the
    // first choice (the plain one: a text, an owner name) stands for it, and `todos` still
    // takes the others when the call arrives. Beside a `type` (update's "one of these is
    // required") it is dropped like the other keywords.
    if let Some(Value::Array(choices)) = object.get("anyOf")
        && !object.contains_key("type")
        && let Some(first) = choices.first()
    {
        let mut subset = gemini_subset(first);
        if let (Value::Object(subset), Some(description)) = (&mut subset, object.get("description"))
        {
            subset.insert("description".into(), description.clone());
        }
        return subset;
    }
    let kept = object
        .iter()
        .filter(|(key, _)| GEMINI_KEYWORDS.contains(&key.as_str()))
        .map(|(key, value)| {
            let value = match (key.as_str(), value) {
                ("properties", Value::Object(properties)) => Value::Object(
                    properties
                        .iter()
                        .map(|(name, property)| (name.clone(), gemini_subset(property)))
                        .collect(),
                ),
                ("items", items) => gemini_subset(items),
                (_, value) => value.clone(),
            };
            (key.clone(), value)
        })
        .collect();
    Value::Object(kept)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SchemaCommand {
    /// The whole snapshot: {"summary", "todos": [{"content", "status", …}]}.
    Write,
    /// New items: {"items": [TEXT, …]}.
    Create,
    /// A change to one item: {"id", "status", "content", …}.
    Update,
}

// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Vendor {
    /// {"type": "function", "name", "description", "parameters", "strict"} (Responses API).
    Openai,
    /// {"name", "description", "input_schema"} (Messages API).
    Anthropic,
    /// {"name", "description", "parameters"}: a function declaration in Gemini's schema subset.
    Gemini,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input;

    const COMMANDS: [SchemaCommand; 3] = [
        SchemaCommand::Write,
        SchemaCommand::Create,
        SchemaCommand::Update,
    ];

    fn validator(command: SchemaCommand) -> jsonschema::Validator {
        jsonschema::validator_for(&input(command, &Limits::default())).expect("a valid schema")
    }

    #[test]
    fn every_schema_is_valid_draft_2020_12() {
        for command in COMMANDS {
            let schema = input(command, &Limits::default());
            assert!(jsonschema::meta::is_valid(&schema), "{command:?}");
            assert_eq!(schema["$schema"], DRAFT);
        }
    }

    #[test]
    fn limits_come_from_the_configuration() {
        let limits = Limits {
            max_items: 25,
            max_content_chars: 120,
            max_summary_chars: 300,
            max_in_progress: 2,
        };
        let schema = input(SchemaCommand::Write, &limits);
        let todos = &schema["properties"]["todos"];
        assert_eq!(todos["maxItems"], 25);
        assert_eq!(todos["maxContains"], 2);
        assert_eq!(todos["items"]["properties"]["content"]["maxLength"], 120);
        assert_eq!(schema["properties"]["summary"]["maxLength"], 300);
        assert!(
            schema["description"]
                .as_str()
                .unwrap()
                .contains("each item at most 120 characters"),
            "{}",
            schema["description"]
        );
    }

    #[test]
    fn text_rules_match_the_tool() {
        let validator = validator(SchemaCommand::Create);
        for (text, ok) in [
            ("Patch the check", true),
            ("修复重叠检测", true),
            ("  padded  ", true),
            ("", false),
            ("   ", false),
            ("two\nlines", false),
            ("bell\u{7}", false),
            ("next line\u{85}", false),
            ("hidden\u{202e}text", false),
            (&"x".repeat(60), true),
            (&"x".repeat(61), false),
            (&"字".repeat(60), true),
        ] {
            assert_eq!(
                validator.is_valid(&json!({"items": [text]})),
                ok,
                "{text:?}"
            );
        }
    }

    #[test]
    fn at_most_one_item_in_progress() {
        let validator = validator(SchemaCommand::Write);
        let plan = |statuses: &[&str]| {
            let todos: Vec<Value> = statuses
                .iter()
                .map(|status| json!({"content": "step", "status": status}))
                .collect();
            json!({"summary": "S", "todos": todos})
        };
        assert!(validator.is_valid(&plan(&[])));
        assert!(validator.is_valid(&plan(&["completed", "in_progress", "pending"])));
        assert!(!validator.is_valid(&plan(&["in_progress", "in_progress"])));
    }

    #[test]
    fn update_needs_something_to_change() {
        let validator = validator(SchemaCommand::Update);
        assert!(validator.is_valid(&json!({"id": "2", "status": "completed"})));
        assert!(validator.is_valid(&json!({"id": "2", "content": "Reworded"})));
        assert!(!validator.is_valid(&json!({"id": "2"})));
        assert!(!validator.is_valid(&json!({"id": "2", "reopen": true})));
        assert!(validator.is_valid(&json!({"id": "2", "take": true, "owner": "w2"})));
        assert!(!validator.is_valid(&json!({"id": "2", "take": "yes"})));
        assert!(!validator.is_valid(&json!({"status": "completed"})));
        assert!(!validator.is_valid(&json!({"id": "2", "status": "done"})));
        assert!(validator.is_valid(&json!({"id": "2", "activeForm": "Running"})));
        assert!(
            !validator
                .is_valid(&json!({"id": "2", "activeForm": "Running", "active_form": "Running"}))
        );
    }

    #[test]
    fn descriptions_may_break_lines_but_text_may_not_hide_separators() {
        let validator = validator(SchemaCommand::Write);
        let plan = |item: Value| json!({"summary": "S", "todos": [item]});
        let ok = plan(json!({"content": "A", "status": "blocked", "description": "1.\n\t2."}));
        assert!(validator.is_valid(&ok));
        assert!(input::snapshot(&ok, &Limits::default()).is_ok());
        for bad in [
            json!({"content": "A\u{2028}B", "status": "pending"}),
            json!({"content": "A\u{feff}", "status": "pending"}),
            json!({"content": "A", "status": "pending", "description": "a\u{1b}[31m"}),
            json!({"content": "A", "status": "pending", "activeForm": "x", "active_form": "x"}),
        ] {
            assert!(!validator.is_valid(&plan(bad.clone())), "{bad}");
            assert!(
                input::snapshot(&plan(bad.clone()), &Limits::default()).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn owners_and_dependencies_are_in_every_schema() {
        let limits = Limits::default();
        let write = validator(SchemaCommand::Write);
        let plan = |item: Value| json!({"summary": "S", "todos": [item]});
        let ok = plan(
            json!({"content": "A", "status": "pending", "owner": "w1@x.io", "blocked_by": []}),
        );
        assert!(write.is_valid(&ok));
        assert!(input::snapshot(&ok, &limits).is_ok());
        let bad = plan(json!({"content": "A", "status": "pending", "owner": "two words"}));
        assert!(!write.is_valid(&bad));
        assert!(input::snapshot(&bad, &limits).is_err());
        let update = validator(SchemaCommand::Update);
        for ok in [
            json!({"id": "2", "status": "deleted"}),
            json!({"id": "2", "owner": null}),
            json!({"id": "2", "addBlockedBy": ["1"]}),
            json!({"id": "2", "unblock": ["1"]}),
        ] {
            assert!(update.is_valid(&ok), "{ok}");
            assert!(input::item_change(&ok, &limits).is_ok(), "{ok}");
        }
        let create = validator(SchemaCommand::Create);
        let items = json!({"items": ["A", {"content": "B", "blocked_by": ["1"], "owner": "ops"}]});
        assert!(create.is_valid(&items));
        assert!(input::new_items(&items.to_string(), &limits).is_ok());
    }

    /// The promise of the module: the schema is never looser than the tool. Every real payload
    /// of the corpus that the schema accepts, `input::snapshot` accepts too.
    #[test]
    fn what_the_schema_accepts_the_tool_accepts() {
        let corpus = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/corpus/real_payloads.jsonl"
        ))
        .expect("the corpus ships with the repository");
        let limits = Limits::default();
        let validator = validator(SchemaCommand::Write);
        let mut valid = 0;
        for line in corpus.lines() {
            let record: Value = serde_json::from_str(line).expect("corpus line is JSON");
            let payload = canonical(record["input"].clone());
            if validator.is_valid(&payload) {
                valid += 1;
                assert!(
                    input::snapshot(&payload, &limits).is_ok(),
                    "the schema accepts what todos refuses: {payload}"
                );
            }
        }
        assert!(valid > 100, "only {valid} corpus payloads are canonical");
    }

    /// A real payload with a summary where it has none (real payloads rarely carry one), so
    /// their texts, statuses and list lengths meet the schema. Claude's `activeForm` stays as
    /// it was sent: the schema takes it.
    fn canonical(mut payload: Value) -> Value {
        if let Value::Object(object) = &mut payload {
            object.entry("summary").or_insert(json!("Replay"));
        }
        payload
    }

    #[test]
    fn tools_have_each_vendors_shape() {
        let limits = Limits::default();
        let openai = tool(SchemaCommand::Write, Vendor::Openai, &limits);
        assert_eq!(openai["type"], "function");
        assert_eq!(openai["name"], "todos_write");
        assert_eq!(openai["strict"], false);
        assert_eq!(openai["parameters"]["type"], "object");
        assert!(openai["parameters"].get("$schema").is_none());
        let anthropic = tool(SchemaCommand::Update, Vendor::Anthropic, &limits);
        assert_eq!(anthropic["name"], "todos_update");
        assert_eq!(anthropic["input_schema"]["required"], json!(["id"]));
        assert!(
            anthropic["description"]
                .as_str()
                .unwrap()
                .contains("reopen: true")
        );
        for command in COMMANDS {
            let gemini = tool(command, Vendor::Gemini, &limits);
            assert_eq!(
                gemini.as_object().unwrap().keys().collect::<Vec<_>>(),
                ["name", "description", "parameters"]
            );
            assert_only_gemini_keywords(&gemini["parameters"]);
        }
        let gemini = tool(SchemaCommand::Update, Vendor::Gemini, &limits);
        let properties = &gemini["parameters"]["properties"];
        assert_eq!(properties["owner"]["type"], "string", "{gemini}");
        assert_eq!(properties["blocked_by"]["type"], "array", "{gemini}");
        let gemini = tool(SchemaCommand::Create, Vendor::Gemini, &limits);
        assert_eq!(
            gemini["parameters"]["properties"]["items"]["items"]["type"],
            "string"
        );
        let gemini = tool(SchemaCommand::Write, Vendor::Gemini, &limits);
        let todos = &gemini["parameters"]["properties"]["todos"];
        assert_eq!(todos["maxItems"], 10);
        assert_eq!(todos["items"]["properties"]["content"]["maxLength"], 60);
    }

    fn assert_only_gemini_keywords(schema: &Value) {
        let object = schema.as_object().expect("a schema object");
        for (key, value) in object {
            assert!(GEMINI_KEYWORDS.contains(&key.as_str()), "{key} in {schema}");
            match key.as_str() {
                "properties" => value
                    .as_object()
                    .unwrap()
                    .values()
                    .for_each(assert_only_gemini_keywords),
                "items" => assert_only_gemini_keywords(value),
                _ => {}
            }
        }
    }
}
