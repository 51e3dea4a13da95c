//! `todos mcp`'s arguments: its help, with the tool table. The server is `crate::mcp`, which
//! `todos::run` starts in this process.

use crate::commands::lazy::Summary;
use clap::Args;

/// Serve the plan as tools to an MCP client (Claude Code, Codex, Gemini CLI, …) on stdio.
///
/// A Model Context Protocol server with the tools listed below: the same input shapes,
/// rules, store, lock and completion log as the commands, each answering with the command's
/// JSON envelope. One client's calls take effect in the order it sent them. It serves until
/// the client closes stdin. Its workspace
/// is -C when given, else the client's first root, else the one found from the current
/// folder. `todos init --agent claude --mcp` registers it for an agent.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = format!("{}\n{}", crate::policy::sentences::mcp_tools_help(), "Examples:\n  \
    todos init --agent claude --mcp     # registers the server in .mcp.json\n  \
    todos init --agent codex --mcp      # registers it in .codex/config.toml, its tools approved\n  \
    todos mcp -C . < /dev/null          # serves this folder's plan until the client closes stdin"))]
pub struct McpArgs {}

impl Summary for McpArgs {
    const SUMMARY: &str =
        "Serve the plan as tools to an MCP client (Claude Code, Codex, Gemini CLI, …) on stdio";
}
