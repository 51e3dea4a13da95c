//! `todos mcp`'s arguments: its help, with the tool table. The server is `crate::mcp`, which
//! `todos::run` starts in this process.

use clap::Args;

#[derive(Debug, Args)]
#[command(after_help = format!("{}\n{}", crate::policy::sentences::mcp_tools_help(), "Examples:\n  \
    todos init --agent claude --mcp     # registers the server in .mcp.json\n  \
    todos init --agent codex --mcp      # registers it in .codex/config.toml, its tools approved\n  \
    todos mcp -C . < /dev/null          # serves this folder's plan until the client closes stdin"))]
pub struct McpArgs {}
