//! An entry of an agent's settings that goes by todos' name without being todos' own
//! (`agents/hooks/own.rs` judges it): where it is and what it runs, for `init` to name for the
//! user to review. Everything in one came from a file an agent may have written: each is
//! escaped and cut short as it is said.

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
