use serde_json::json;

use crate::agents::schema;
use crate::agents::schema::{SchemaCommand, Vendor};
use crate::commands::Run;
use crate::commands::lazy::Summary;
use crate::context::Context;
use crate::context::host::Host;
use crate::policy::error::Headline;
use crate::policy::error::Result;
use crate::view::outcome::{Answer, Outcome};
use clap::Args;

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
    let vendor = args.tool.map(|vendor| match vendor {
        Vendor::Openai => "OpenAI",
        Vendor::Anthropic => "Anthropic",
        Vendor::Gemini => "Gemini",
    });
    let headline = Headline::Schema { name, vendor }.to_string();
    let data = json!({"name": name, "schema": value});
    Outcome::answer(Answer::new(text, data, headline))
}

/// Print the JSON Schema of a command's input, or a function-tool definition for an LLM API.
///
/// The schema (JSON Schema draft 2020-12) describes the canonical input of `write` (the
/// TodoWrite shape), `create` or `update`, with the limits in force (maxItems, maxLength) and
/// the usage rules in its description. Every input it accepts, `todos` accepts; `todos` also
/// takes the other agents' shapes (see `todos write --help`), which the schema leaves out.
/// `--tool` wraps it as OpenAI's, Anthropic's or Gemini's function-tool definition, so a
/// harness can register `todos` as a tool and run `todos write` with the arguments it gets.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos schema\n  \
    todos schema update --tool anthropic\n  \
    todos schema write --tool openai > todos_write.json")]
pub struct SchemaArgs {
    /// The command whose input to describe.
    #[arg(value_enum, default_value_t = SchemaCommand::Write)]
    pub command: SchemaCommand,

    /// Wrap the schema as this vendor's function-tool definition.
    #[arg(long, value_enum, value_name = "VENDOR")]
    pub tool: Option<Vendor>,
}

impl Summary for SchemaArgs {
    const SUMMARY: &str =
        "Print the JSON Schema of a command's input, or a function-tool definition for an LLM API";
}

impl Run for SchemaArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, _host: &mut Host, request: Self) -> Result<Outcome> {
        Ok(execute(ctx, &request))
    }
}
