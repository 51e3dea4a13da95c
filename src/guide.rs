//! What `todos` tells an agent before it writes: the tool descriptions (`todos schema
//! --tool`), with the limits in force, because an agent that learns a limit from a refusal
//! has already lost a turn.

use crate::cli::SchemaCommand;
use crate::model::Limits;

/// `1 item` / `2 items`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The limits, said plainly: real agents' items often run past 60 characters.
fn limits_sentence(limits: &Limits) -> String {
    format!(
        "at most {items}; each item at most {chars} characters (an item over {chars} characters \
         is refused, not cut: keep items short and put detail in your messages); a summary of at \
         most {summary} characters; at most {in_progress} in_progress at a time",
        items = count(limits.max_items, "item"),
        chars = limits.max_content_chars,
        summary = limits.max_summary_chars,
        in_progress = count(limits.max_in_progress, "item"),
    )
}

/// What a tool-calling model reads about one command: what it does, when and how to use it,
/// and the limits.
pub fn tool_description(command: SchemaCommand, limits: &Limits) -> String {
    let statuses = "mark an item in_progress before you start it, completed as soon as it is \
        done, cancelled when it is no longer needed, failed when it could not be done";
    let item_chars = format!(
        "each item 1-{chars} characters (longer items are refused, not cut)",
        chars = limits.max_content_chars
    );
    match command {
        SchemaCommand::Write => format!(
            "Replace the whole todo plan of the workspace (todos write). Keep a plan for tasks of \
             3 or more steps or when the user asks for one. Send every item each time, finished \
             ones included: what you leave out is dropped. Always give a one-line summary. Work \
             on one item at a time: {statuses}. Send back the ids the tool returns to keep items. \
             Limits: {}.",
            limits_sentence(limits)
        ),
        SchemaCommand::Create => format!(
            "Append new pending items to the todo plan of the workspace (todos create); the tool \
             assigns their ids and returns the whole plan. Use todos write to start a plan. \
             Limits: {item_chars}; the plan holds at most {} in all.",
            count(limits.max_items, "item")
        ),
        SchemaCommand::Update => format!(
            "Change one item of the todo plan of the workspace by its id (todos update): its \
             status and/or its text. Work on one item at a time: {statuses} (at most {} \
             in_progress). Moving a completed, cancelled or failed item back to pending or \
             in_progress needs reopen: true. Text: {item_chars}.",
            count(limits.max_in_progress, "item")
        ),
    }
}
