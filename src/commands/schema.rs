use serde_json::json;

use crate::agents::schema;
use crate::cli::{SchemaArgs, Vendor};
use crate::commands::{Answer, Outcome};
use crate::context::Context;

/// Prints the input schema of one command, or its function-tool definition, with the limits in
/// force. Reads the configuration and nothing else.
pub fn execute(ctx: &Context, args: &SchemaArgs) -> Outcome {
    let limits = ctx.config.limits;
    let value = match args.tool {
        Some(vendor) => schema::tool(args.command, vendor, &limits),
        None => schema::input(args.command, &limits),
    };
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    let name = schema::tool_name(args.command);
    let headline = match args.tool {
        Some(vendor) => {
            let vendor = match vendor {
                Vendor::Openai => "OpenAI",
                Vendor::Anthropic => "Anthropic",
                Vendor::Gemini => "Gemini",
            };
            format!("The {name} tool definition for {vendor}.")
        }
        None => format!("The JSON Schema of the {name} input."),
    };
    let data = json!({"name": name, "schema": value});
    Outcome::answer(Answer::new(text, data, headline))
}
