//! What `todos hook` reads and answers, by each agent's hook protocol (a row of
//! `policy::agent::PROTOCOLS`).
//!
//! Claude Code, Codex and Gemini CLI all run a shell command on a session-start event and on a
//! stop event, pass it a JSON payload on stdin and read its answer — but each names the events,
//! shapes the answer and marks a repeated stop in its own way. Everything that differs lives in
//! `PROTOCOLS`; the rest of `todos` asks this module, so a fourth agent is one more row.
//!
//! The same command, `todos hook`, is installed for all three: the payload says which agent
//! sent it (`Protocol::of`), so a user who copies a hook from one agent's file to another's, or
//! runs two agents in one repository, never has the wrong one.

mod news;
pub mod own;
mod payload;
mod settings;
mod transcript;
pub mod words;

use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

pub use news::{names_todos, told};
pub use payload::{PAYLOAD_WAIT, parse_payload};
pub use settings::merge;
pub use transcript::owes_the_plan;

use crate::plan::model::{self, Item};
pub use crate::policy::agent::{ContextChannel, FailureChannel, PROTOCOLS, Protocol, StopChannel};
use crate::policy::cap::Cap;
use crate::policy::exit::HOOK_FAILED;
use crate::policy::text::escape;
use crate::view::render;

/// The command every agent's hooks run. It finds the workspace from the folder the agent runs
/// it in (the session's folder, for all three), so it holds no agent's variable: Gemini CLI
/// rewrites `$CLAUDE_PROJECT_DIR` in a command to an already-quoted path, which breaks the
/// `"$CLAUDE_PROJECT_DIR"` that Claude Code needs.
pub const COMMAND: &str = "todos hook";

/// What a hook answers its agent.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub stdout: String,
    pub stderr: String,
    pub exit_code: u8,
}

impl Protocol {
    /// The agent that sent `payload`: the one whose own fields or stop event it carries, as
    /// their current releases send them (tests/fixtures/hooks/). Gemini CLI sends `timestamp`
    /// on every event; Claude Code `prompt_id` on a stop and after a compaction, and
    /// `context_tokens` on a resume or a fork, but nothing of its own at a startup or a
    /// `/clear`, so it is also the agent left over; Codex sends `model` on every event and
    /// `turn_id` on a stop. Were one to be taken for another, Claude Code and Codex read each
    /// other's session-start answer as well.
    pub fn of(payload: &Map<String, Value>) -> &'static Self {
        let event = payload.get("hook_event_name").and_then(Value::as_str);
        let sent_by = |row: &&Protocol| {
            row.marks.iter().any(|mark| payload.contains_key(*mark))
                || (row.stop != "Stop" && Some(row.stop) == event)
        };
        PROTOCOLS
            .iter()
            .find(sent_by)
            .unwrap_or_else(|| Self::claude_code())
    }
}

/// What a payload asks of the hook.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A session starts, resumes, forks, or its context was cleared or compacted: whatever the
    /// source, the plan goes into the new context.
    SessionStart,
    /// The agent is about to take the next prompt (`Protocol::next_prompt`): the plan comes
    /// back here when a reset since the last copy could not bring it.
    NextPrompt,
    /// The agent is about to stop; `again` when a stop hook already sent it back this time.
    Stop { again: bool },
    /// A tool call ended (`Protocol::after_tool`): what others changed in the plan since the
    /// session last saw it comes in here.
    AfterTool,
    /// An event `todos` installs no hook for (a hook copied to another event, say).
    Other,
}

impl Event {
    pub fn of(protocol: &Protocol, payload: &Map<String, Value>) -> Self {
        match payload.get("hook_event_name").and_then(Value::as_str) {
            Some(name) if name == protocol.session_start => Self::SessionStart,
            Some(name) if Some(name) == protocol.next_prompt => Self::NextPrompt,
            Some(name) if name == protocol.after_tool => Self::AfterTool,
            Some(name) if name == protocol.stop => Self::Stop {
                again: payload
                    .get(protocol.loop_flag)
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
            },
            _ => Self::Other,
        }
    }
}

/// The most a hook prints into an agent's context, whatever the store holds (SPEC §8): a full
/// plan at the default limits (10 items of 60 characters, a 200-character summary) fits, in
/// every agent's channel; more is cut, with a count of what was left out (`todos show` has it).
pub const MAX_OUTPUT_CHARS: usize = Cap::HookChars.chars();
/// The longest summary and item content a hook quotes (the default summary limit); longer
/// ones, in a store kept under raised limits, are cut with `…`.
const MAX_QUOTE_CHARS: usize = Cap::HookQuoteChars.chars();

/// The largest of `build(room)`, for the rooms its list of items is given, whose output stays
/// within `MAX_OUTPUT_CHARS` in its agent's channel: `build` makes the whole reply (JSON escapes
/// included), so what is measured is what the agent gets. With no room left, the list is only
/// its count, and the rest is bounded by the quote caps.
pub fn within_cap(build: impl Fn(usize) -> Reply) -> Reply {
    let mut room = MAX_OUTPUT_CHARS;
    loop {
        let reply = build(room);
        if room == 0 || reply.chars() <= MAX_OUTPUT_CHARS {
            return reply;
        }
        room = room.saturating_sub(100);
    }
}

impl Reply {
    /// How many characters the agent gets, on stdout and stderr together.
    pub fn chars(&self) -> usize {
        self.stdout.chars().count() + self.stderr.chars().count()
    }
}

/// The text a session start puts into the agent's context: the open items with their ids.
/// `None` when nothing is open, so an agent with no plan (or a finished one) gets no noise.
/// The open items take at most `room` characters.
pub fn session_context(
    summary: Option<&str>,
    items: &[Item],
    room: usize,
    now: Option<DateTime<Utc>>,
) -> Option<String> {
    let stats = crate::plan::model::stats(items);
    if stats.open() == 0 {
        return None;
    }
    let summary = summary.map(quote);
    let mut text = words::plan_heading(stats.done(), stats.total, summary.as_deref());
    text.push_str(&open_items(items, None, room, now));
    Some(text)
}

/// Whether the agent acting for `owner` (`TODOS_OWNER`) has work left: an open item that no
/// one else holds (`model::is_left_for`).
pub fn has_work_left(items: &[Item], owner: Option<&str>) -> bool {
    items.iter().any(|item| model::is_left_for(item, owner))
}

/// Why the agent is sent back: what is left for it, with ids (in at most `room` characters),
/// and how to get out honestly.
pub fn stop_reason(
    items: &[Item],
    owner: Option<&str>,
    room: usize,
    now: Option<DateTime<Utc>>,
) -> String {
    let left = (items.iter())
        .filter(|item| model::is_left_for(item, owner))
        .count();
    let open = words::Open::Still {
        left,
        total: items.len(),
        owner,
        listed: true,
    };
    let mut text = format!("{open}\n");
    text.push_str(&open_items(items, owner, room, now));
    text.push_str(&words::stop_reason_end(left));
    text
}

/// One line per open item left for `owner` (id, marker, content), as many as fit in `room`
/// characters with a last line saying how many more there are; `now` marks ended leases, as
/// every view does.
pub fn open_items(
    items: &[Item],
    owner: Option<&str>,
    room: usize,
    now: Option<DateTime<Utc>>,
) -> String {
    let open: Vec<&Item> = items
        .iter()
        .filter(|item| model::is_left_for(item, owner))
        .collect();
    let mut text = String::new();
    let mut used = 0;
    let index = crate::plan::dependencies::Index::new(items).at(now);
    for (shown, item) in open.iter().enumerate() {
        let line = words::open_item(
            &quote(&item.id),
            render::marker(item.status),
            &quote(&item.content),
            &render::team_suffix(item, &index),
        );
        let more = words::more_items(open.len() - shown);
        let last = shown + 1 == open.len();
        let room = room.saturating_sub(if last { 0 } else { more.chars().count() });
        let width = line.chars().count();
        if used + width > room {
            text.push_str(&more);
            break;
        }
        used += width;
        text.push_str(&line);
    }
    text
}

/// Text from the store as a hook quotes it: escaped (§9: it reaches an agent's context only
/// through a documented view) and cut to `MAX_QUOTE_CHARS`, since a store may be hand-edited
/// or kept under raised limits.
fn quote(text: &str) -> String {
    let text = escape(text);
    if text.chars().count() <= MAX_QUOTE_CHARS {
        return text.into_owned();
    }
    let mut cut: String = text.chars().take(MAX_QUOTE_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// What the hook prints on stdout to put `context` into the model's context at `event` (a
/// session start, or the next prompt), in the agent's own channel.
pub fn context_output(protocol: &Protocol, event: &str, context: &str) -> String {
    match protocol.context {
        ContextChannel::PlainStdout => context.to_owned(),
        ContextChannel::AdditionalContext => additional_context(event, context),
    }
}

/// What the hook prints on stdout to put `context` into the model's context at `event` as
/// `hookSpecificOutput.additionalContext`: after a tool call, the one channel all three agents
/// read (`policy::agent`).
pub fn additional_context(event: &str, context: &str) -> String {
    json_line(&json!({
        "hookSpecificOutput": {
            "hookEventName": event,
            "additionalContext": context,
        }
    }))
}

/// The answer to a hook that could not do its job (`notes`: why, one or two lines ending in a
/// newline): one that lets the agent go on, where the agent shows it to the user. With no
/// protocol (no payload came), exit 1 and stderr, which every agent reads as "go on".
pub fn failure_reply(protocol: Option<&Protocol>, notes: &str) -> Reply {
    match protocol.map(|protocol| protocol.failure) {
        Some(FailureChannel::SystemMessage) => Reply {
            stdout: json_line(&json!({"systemMessage": notes.trim_end()})),
            ..Reply::default()
        },
        Some(FailureChannel::Stderr) | None => Reply {
            stdout: String::new(),
            stderr: notes.to_owned(),
            exit_code: HOOK_FAILED,
        },
    }
}

/// The answer that sends the agent back to work with `reason`, in its own channel.
pub fn block_reply(protocol: &Protocol, reason: &str) -> Reply {
    match protocol.block {
        StopChannel::Exit(code) => Reply {
            stdout: String::new(),
            stderr: format!("{reason}\n"),
            exit_code: code,
        },
        StopChannel::Decision(word) => Reply {
            stdout: json_line(&json!({"decision": word, "reason": reason})),
            ..Reply::default()
        },
    }
}

fn json_line(value: &Value) -> String {
    let mut text = crate::input::json::escape_unsafe(value.to_string());
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::model::Status;
    use crate::policy::agent::Agent;

    fn item(id: &str, content: &str, status: Status) -> Item {
        Item {
            id: id.into(),
            ..Item::new(content, status)
        }
    }

    fn payload(text: &str) -> Map<String, Value> {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn each_agent_is_told_apart_by_its_payload() {
        let claude = payload(r#"{"hook_event_name":"Stop","stop_hook_active":true}"#);
        let codex = payload(r#"{"hook_event_name":"Stop","turn_id":"t","stop_hook_active":true}"#);
        let gemini = payload(r#"{"hook_event_name":"AfterAgent","timestamp":"x"}"#);
        assert_eq!(Protocol::of(&claude).agent, Agent::Claude);
        assert_eq!(Protocol::of(&codex).agent, Agent::Codex);
        assert_eq!(Protocol::of(&gemini).agent, Agent::Gemini);
        let stop = Event::of(Protocol::of(&claude), &claude);
        assert_eq!(stop, Event::Stop { again: true });
        let after = Event::of(Protocol::of(&gemini), &gemini);
        assert_eq!(after, Event::Stop { again: false });
    }

    #[test]
    fn nothing_open_means_no_context_and_a_long_plan_is_cut() {
        assert_eq!(
            session_context(Some("S"), &[], MAX_OUTPUT_CHARS, None),
            None
        );
        let done = [item("1", "A", Status::Completed)];
        assert_eq!(
            session_context(Some("S"), &done, MAX_OUTPUT_CHARS, None),
            None
        );
        let long: Vec<Item> = (1..=10)
            .map(|n| item(&n.to_string(), &"x".repeat(60), Status::Pending))
            .collect();
        let text = session_context(Some(&"s".repeat(2000)), &long, 360, None).unwrap();
        assert!(text.chars().count() <= 700, "{text}");
        assert!(text.contains("  (+6 more: `todos show`)\n"), "{text}");
        assert!(
            text.contains(&format!(" {}… — ", "s".repeat(199))),
            "{text}"
        );
        let reason = stop_reason(&long, None, MAX_OUTPUT_CHARS, None);
        assert!(!reason.contains("more"), "{reason}");
        let reason = stop_reason(&long, None, 0, None);
        assert!(reason.contains("  (+10 more: `todos show`)\n"), "{reason}");
        let few = [
            item("1", "A", Status::Pending),
            item("2", "B", Status::InProgress),
        ];
        assert_eq!(open_items(&few, None, 360, None), "  1 [ ] A\n  2 [▶] B\n");
    }
}
