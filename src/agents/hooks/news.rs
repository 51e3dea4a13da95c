//! The after-tool hook's news (SPEC §8): what others changed in the plan since a session last
//! saw it, told from the history's lines, and whether the tool call the hook follows was the
//! agent's own `todos` call.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::words::news::{Did, Moved, Told, Who};
use crate::plan::model::{Item, Status};
use crate::store::history::Entry;

use super::quote;

/// Whether the tool call a payload reports ran `todos`: a shell tool whose command runs it
/// (`tool_input.command`, a string or an argument list), or a tool of the todos MCP server
/// (Claude Code and Codex name it `mcp__todos__…`, Gemini CLI `mcp_todos_…` and its
/// `mcp_context.server_name`). Its output showed the agent the plan as the call left it.
pub fn names_todos(payload: &Map<String, Value>) -> bool {
    let tool = payload.get("tool_name").and_then(Value::as_str);
    if tool.is_some_and(|tool| tool.starts_with("mcp__todos__") || tool.starts_with("mcp_todos_")) {
        return true;
    }
    let server = payload
        .get("mcp_context")
        .and_then(|context| context.get("server_name"))
        .and_then(Value::as_str);
    if server == Some("todos") {
        return true;
    }
    let input = payload.get("tool_input");
    let command = match input.and_then(|input| input.get("command")) {
        Some(Value::String(command)) => command.clone(),
        Some(Value::Array(words)) => (words.iter())
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("\n"),
        _ => return false,
    };
    runs_todos(&command)
}

/// Whether a shell command line runs `todos` as one of its commands: the first word of a
/// command (after `VAR=value` assignments), bare or as a path, in any part of a pipeline or a
/// list (`cd x && todos show`, `sh -c 'todos …'`).
fn runs_todos(command: &str) -> bool {
    const SEPARATORS: [char; 9] = [';', '&', '|', '(', ')', '`', '\n', '\'', '"'];
    command.split(SEPARATORS).any(|part| {
        let mut words = part
            .split_whitespace()
            .skip_while(|word| word.contains('=') || matches!(*word, "env" | "exec" | "command"));
        words
            .next()
            .is_some_and(|word| word == "todos" || word.ends_with("/todos"))
    })
}

/// What each revision in `entries` (oldest first, the first one's plan being what the session
/// saw) did, leaving out those made under the session `own` (`TODOS_SESSION`). A revision
/// whose predecessor the history does not hold is told by who made it alone.
pub fn told(entries: &[Entry], own: Option<&str>) -> Vec<Told> {
    let mut told = Vec::new();
    for pair in entries.windows(2) {
        let (before, entry) = (&pair[0], &pair[1]);
        if own.is_some() && entry.session.as_deref() == own {
            continue;
        }
        let did = (before.revision + 1 == entry.revision).then(|| changes(before, entry));
        told.push(Told {
            who: who(entry),
            did,
        });
    }
    told
}

/// Who made a revision: its owner when it names a valid one, else its command's first word.
fn who(entry: &Entry) -> Who {
    if let Some(owner) = entry.owner() {
        return Who::Owner(owner.to_owned());
    }
    let word: String = (entry.command.split([' ', ':']).next().unwrap_or_default())
        .chars()
        .take(20)
        .collect();
    Who::Command(quote(&word))
}

/// What a revision did to the plan before it.
fn changes<'a>(before: &'a Entry, entry: &'a Entry) -> Vec<Did> {
    let mut did = Vec::new();
    // By id, so that two long lines (history lines are not held to `max_items`) cost linear time.
    let index = |items: &'a [Item]| -> HashMap<&'a str, &'a Item> {
        items.iter().map(|item| (item.id.as_str(), item)).collect()
    };
    let (was_by_id, now_by_id) = (index(&before.todos), index(&entry.todos));
    for item in &entry.todos {
        let id = quote(&item.id);
        let Some(&was) = was_by_id.get(item.id.as_str()) else {
            did.push(Did::Added {
                id,
                content: quote(&item.content),
            });
            continue;
        };
        let mut changed = false;
        if was.status != item.status {
            did.push(Did::Moved {
                id: id.clone(),
                to: moved(was.status, item.status),
            });
            changed = true;
        }
        if was.content != item.content {
            did.push(Did::Reworded {
                id: id.clone(),
                content: quote(&item.content),
            });
            changed = true;
        }
        if was.owner != item.owner {
            did.push(match &item.owner {
                Some(owner) => Did::Owned {
                    id: id.clone(),
                    owner: quote(owner),
                },
                None => Did::LetGo { id: id.clone() },
            });
            changed = true;
        }
        if !changed && was != item {
            did.push(Did::Changed { id });
        }
    }
    for was in &before.todos {
        if !now_by_id.contains_key(was.id.as_str()) {
            did.push(Did::Removed {
                id: quote(&was.id),
                content: quote(&was.content),
            });
        }
    }
    if before.summary != entry.summary {
        did.push(Did::Summary);
    }
    if did.is_empty() {
        did.push(Did::Reordered);
    }
    if did.len() > MAX_TOLD {
        let count = did.len() - MAX_TOLD;
        did.truncate(MAX_TOLD);
        did.push(Did::More { count });
    }
    did
}

/// The most things one revision's part of a note names; the rest are counted.
const MAX_TOLD: usize = 5;

fn moved(from: Status, to: Status) -> Moved {
    match to {
        Status::InProgress => Moved::Started,
        Status::Completed => Moved::Completed,
        Status::Cancelled => Moved::Cancelled,
        Status::Failed => Moved::Failed,
        Status::Blocked => Moved::Blocked,
        Status::Pending if from.is_terminal() => Moved::Reopened,
        Status::Pending => Moved::Pending,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_names_its_owner_only_as_the_name_is_written() {
        let line = |by: &str| -> Entry {
            serde_json::from_value(serde_json::json!({
                "revision": 2, "at": "2026-11-28T10:00:00Z", "command": "update --take",
                "todos": [], "next_id": 1, "by": by,
            }))
            .unwrap()
        };
        assert!(matches!(who(&line("bob")), Who::Owner(name) if name == "bob"));
        // A valid name padded with line breaks, or no owner name at all, is passed over: the
        // command's first word says who (`todos update`), and nothing of the line's text
        // reaches the agent.
        for hostile in ["\r\n\u{2028}\u{b}bob\n\n\n\r", " bob", "\u{1b}]0;evil\u{7}"] {
            assert!(
                matches!(who(&line(hostile)), Who::Command(word) if word == "update"),
                "{hostile:?}"
            );
        }
    }

    #[test]
    fn a_todos_call_is_known_in_each_agent_payload() {
        let payload = |text: &str| -> Map<String, Value> { serde_json::from_str(text).unwrap() };
        for own in [
            r#"{"tool_name":"Bash","tool_input":{"command":"todos update 3 completed"}}"#,
            r#"{"tool_name":"Bash","tool_input":{"command":"cd 'a b' && TODOS_OWNER=w1 ./target/debug/todos show"}}"#,
            r#"{"tool_name":"exec","tool_input":{"command":["bash","-lc","todos next --claim"]}}"#,
            r#"{"tool_name":"run_shell_command","tool_input":{"command":"ls; todos recap"}}"#,
            r#"{"tool_name":"mcp__todos__update","tool_input":{"id":"3"}}"#,
            r#"{"tool_name":"update","mcp_context":{"server_name":"todos"},"tool_input":{}}"#,
        ] {
            assert!(names_todos(&payload(own)), "{own}");
        }
        for other in [
            r#"{"tool_name":"Bash","tool_input":{"command":"cat todos.txt; echo todos"}}"#,
            r#"{"tool_name":"Read","tool_input":{"file_path":"/x/todos"}}"#,
            r#"{"tool_name":"write_todos","tool_input":{"todos":[]}}"#,
            r#"{"tool_name":"Bash"}"#,
        ] {
            assert!(!names_todos(&payload(other)), "{other}");
        }
    }
}
