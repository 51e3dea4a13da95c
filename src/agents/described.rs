//! What a tool-calling model reads about the limits where it writes: the tool descriptions
//! (`todos schema --tool`, the MCP server's tools), the input schemas' field descriptions and
//! the MCP server's instructions. Each number is the limit in force, from `Limits`.

use crate::policy::english::count;
use crate::policy::limit::{Limit, Limits};
use crate::policy::sentences::{how_to_work, limits_in_force, terminal_statuses};

/// From how many steps a task deserves a plan: the guide, the tools and the MCP server say it.
pub const PLAN_FROM_STEPS: usize = 3;

/// What an agent does with statuses as it works, for the tool descriptions.
fn statuses() -> String {
    format!("mark an item {}", how_to_work())
}

/// The content rule of an item: `each item 1-60 characters (longer items are refused, not cut)`.
fn item_chars(limits: &Limits) -> String {
    format!(
        "each item 1-{} characters (longer items are refused, not cut)",
        limits.get(Limit::MaxContentChars)
    )
}

/// `todos_write`'s description (`todos schema --tool write`).
pub fn write_tool(limits: &Limits) -> String {
    format!(
        "Replace the whole todo plan of the workspace (todos write). Keep a plan for tasks of \
         {PLAN_FROM_STEPS} or more steps or when the user asks for one. Send every item each time, \
         finished ones included: what you leave out is dropped. Always give a one-line summary. \
         Work on one item at a time: {}. Send back the ids the tool returns to keep items. \
         Limits: {}.",
        statuses(),
        limits_in_force(limits)
    )
}

/// `todos_create`'s description.
pub fn create_tool(limits: &Limits) -> String {
    format!(
        "Append new pending items to the todo plan of the workspace (todos create); the tool \
         assigns their ids and returns the whole plan. Use todos write to start a plan. \
         Limits: {}; the plan holds at most {} in all.",
        item_chars(limits),
        count(limits.get(Limit::MaxItems), "item")
    )
}

/// `todos_update`'s description.
pub fn update_tool(limits: &Limits) -> String {
    format!(
        "Change one item of the todo plan of the workspace by its id (todos update): its \
         status, text, owner or dependencies (status deleted removes it). Work on one item at a \
         time: {} (at most {} in_progress). Moving a {} item back to an open status needs \
         reopen: true. Text: {}.",
        statuses(),
        count(limits.get(Limit::MaxInProgress), "item"),
        terminal_statuses(),
        item_chars(limits)
    )
}

/// An item's `content` in the input schemas.
pub fn content(limits: &Limits) -> String {
    format!(
        "What the step is: one line of 1-{} characters.",
        limits.get(Limit::MaxContentChars)
    )
}

/// A snapshot's `summary` in the input schemas.
pub fn summary(limits: &Limits) -> String {
    format!(
        "One line saying what the whole plan is for (at most {} characters).",
        limits.get(Limit::MaxSummaryChars)
    )
}

/// A snapshot's `todos` in the input schemas.
pub fn whole_list(limits: &Limits) -> String {
    format!(
        "The whole list, in order: every item, finished ones included (at most {}).",
        limits.get(Limit::MaxItems)
    )
}

/// The MCP server's instructions: what an agent reads about the whole server, at the default
/// limits (a workspace's own are in each tool's description).
#[cfg(feature = "mcp")]
pub fn server_instructions(limits: &Limits) -> String {
    format!(
        "The todo plan of this workspace, kept in .todos.json where a person can watch it \
         (todos show --watch). Keep a plan for tasks of {PLAN_FROM_STEPS} or more steps: write it \
         whole with write, then change one item at a time with update (in_progress before you \
         start it, completed as soon as it is done). Every tool answers with the plan as JSON, \
         ids and revision included; a refusal names the path of each problem. Calls take effect \
         in the order you send them; give expect_revision to a changing tool to refuse a change \
         to a plan someone else changed since you read it. By default a plan holds at most {} \
         items of at most {} characters. Give list to work on a named plan of its own.",
        limits.get(Limit::MaxItems),
        limits.get(Limit::MaxContentChars)
    )
}
