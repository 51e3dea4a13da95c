//! The MCP server's tools (`todos mcp`), one row each: the tool list (`src/mcp/`), `todos mcp
//! --help`, the man page and docs/mcp.md's table all name them from here (`sentences::mcp_*`),
//! and a test checks that they agree. Adding a tool is one row here, one typed request in
//! `mcp/arguments.rs`.

/// One tool of `todos mcp`.
// Each flag is one annotation MCP defines (and whether the tool takes expect_revision).
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug)]
pub struct McpTool {
    /// The row's own `Tool`, for code that tells the tools apart.
    pub tool: Tool,
    pub name: &'static str,
    /// The title clients show.
    pub title: &'static str,
    /// What it does, in one line: the help and docs/mcp.md say this.
    pub summary: &'static str,
    /// It never changes the plan.
    pub read_only: bool,
    /// It may drop items.
    pub destructive: bool,
    /// The same call twice leaves the plan as once.
    pub idempotent: bool,
    /// It changes the plan, so it takes `expect_revision` (compare-and-swap).
    pub changes: bool,
}

/// A tool by its row, for words that name it (`Tool::History.name()`) and code that tells the
/// tools apart (`McpTool::tool`): the variants are in the order of `MCP_TOOLS`, which a test
/// holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Write,
    Create,
    Update,
    Show,
    Recap,
    Remove,
    Next,
    History,
    Undo,
    Redo,
    Check,
}

impl Tool {
    /// Its name, as a client calls it.
    pub fn name(self) -> &'static str {
        MCP_TOOLS[self as usize].name
    }
}

pub static MCP_TOOLS: [McpTool; 11] = [
    McpTool {
        tool: Tool::Write,
        name: "write",
        title: "Write the whole plan",
        summary: "replace the whole plan with a snapshot (todos write), in any agent's shape",
        read_only: false,
        destructive: true,
        idempotent: true,
        changes: true,
    },
    McpTool {
        tool: Tool::Create,
        name: "create",
        title: "Append items",
        summary: "append new pending items (todos create)",
        read_only: false,
        destructive: false,
        idempotent: false,
        changes: true,
    },
    McpTool {
        tool: Tool::Update,
        name: "update",
        title: "Change one item",
        summary: "change one item's status, text, owner or dependencies (todos update)",
        read_only: false,
        destructive: false,
        idempotent: true,
        changes: true,
    },
    McpTool {
        tool: Tool::Show,
        name: "show",
        title: "Show the plan",
        summary: "the plan with ids, statuses and revision (todos show)",
        read_only: true,
        destructive: false,
        idempotent: true,
        changes: false,
    },
    McpTool {
        tool: Tool::Recap,
        name: "recap",
        title: "Recap the plan in one line",
        summary: "the plan's one-line recap (todos recap)",
        read_only: true,
        destructive: false,
        idempotent: true,
        changes: false,
    },
    McpTool {
        tool: Tool::Remove,
        name: "remove",
        title: "Delete items",
        summary: "delete items by id (todos remove)",
        read_only: false,
        destructive: true,
        idempotent: false,
        changes: true,
    },
    McpTool {
        tool: Tool::Next,
        name: "next",
        title: "The next ready item, or claim it",
        summary: "the next ready item, or claim it for an owner (todos next --claim)",
        read_only: false,
        destructive: false,
        idempotent: false,
        changes: true,
    },
    McpTool {
        tool: Tool::History,
        name: "history",
        title: "The kept revisions of the plan",
        summary: "the kept revisions, or one revision's whole plan (todos history)",
        read_only: true,
        destructive: false,
        idempotent: true,
        changes: false,
    },
    McpTool {
        tool: Tool::Undo,
        name: "undo",
        title: "Take the last change back",
        summary: "take the last change back, one revision further each time, or any kept one (todos undo)",
        read_only: false,
        destructive: true,
        idempotent: false,
        changes: true,
    },
    McpTool {
        tool: Tool::Redo,
        name: "redo",
        title: "Put back what undo took back",
        summary: "restore the next revision forward through what undo took back (todos redo)",
        read_only: false,
        destructive: true,
        idempotent: false,
        changes: true,
    },
    McpTool {
        tool: Tool::Check,
        name: "check",
        title: "Is the plan finished?",
        summary: "whether items are still open, with the recap and what is left (todos check)",
        read_only: true,
        destructive: false,
        idempotent: true,
        changes: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Each row's `Tool` is the variant of its place in the table, by name.
    #[test]
    fn each_tool_is_its_row() {
        for (index, row) in MCP_TOOLS.iter().enumerate() {
            assert_eq!(row.tool as usize, index);
            assert_eq!(row.tool.name(), row.name);
            assert_eq!(format!("{:?}", row.tool).to_lowercase(), row.name);
        }
    }
}
