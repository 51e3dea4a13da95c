//! An entry of an agent's settings that goes by todos' name without being todos' own
//! (`agents/hooks/own.rs` judges it): where it is and what it runs, for `init` to name for the
//! user to review. Everything in one came from a file an agent may have written: each is
//! escaped and cut short as it is said.

use crate::policy::cap::Cap;
use crate::policy::text::escape;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Foreign {
    /// The handler `handler` of the group `group` of the hooks of `event` runs `command`.
    Hook {
        event: String,
        group: usize,
        handler: usize,
        command: String,
    },
    /// The MCP server entry `name` runs `command` (its arguments joined after it).
    McpServer { name: String, command: String },
}

/// Text from a settings file as `init` quotes it: escaped, and cut to
/// `Cap::SettingsQuoteChars` with `…`.
pub fn quoted(text: &str) -> String {
    let escaped = escape(text);
    let cut: String = escaped
        .chars()
        .take(Cap::SettingsQuoteChars.chars())
        .collect();
    if cut.len() < escaped.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

impl std::fmt::Display for Foreign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Hook {
                event,
                group,
                handler,
                command,
            } => write!(
                f,
                "hooks.{}[{group}].hooks[{handler}] runs `{}`",
                quoted(event),
                quoted(command)
            ),
            Self::McpServer { name, command } => {
                write!(f, "mcpServers.{} runs `{}`", quoted(name), quoted(command))
            }
        }
    }
}
