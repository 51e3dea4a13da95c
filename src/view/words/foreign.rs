//! The words of `policy/failure/foreign.rs`.

use crate::policy::cap::Cap;
use crate::policy::failure::Foreign;
use crate::policy::text::escape;

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
