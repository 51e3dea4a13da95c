//! `todos hook`: the one command every agent's session-start and stop hooks run. It reads the
//! agent's payload, answers in that agent's protocol (`crate::agents::hooks`), and never blocks the
//! agent because of its own failure.

use std::fmt::Write as _;

use serde_json::json;

use serde_json::{Map, Value};

use crate::agents::hooks::{self, Event, Protocol, Reply};
use crate::context::Context;
use crate::context::host::{Host, Stdin};
use crate::policy::error::{Error, Result};
use crate::policy::exit::HOOK_FAILED;
use crate::policy::text::escape;
use crate::store::Store;
use crate::view::outcome::{Answer, Outcome};
use clap::Args;

/// The agent's payload, read from stdin within `hooks::PAYLOAD_WAIT`.
pub struct Request {
    payload: Option<Map<String, Value>>,
    /// Why there is no payload, in the words of the note that says so.
    missing: &'static str,
    /// `TODOS_OWNER`: at a stop, items another owner holds do not keep this agent working. A
    /// malformed one counts as none (every open item does): a hook must not fail on it.
    owner: Option<String>,
}

/// Reads the payload; a terminal or `/dev/null` sends none, and a stdin left open is waited on
/// only so long.
pub fn read(host: &mut Host) -> Request {
    let (payload, missing) = match host.stdin_kind() {
        Stdin::Data => match host.read_stdin_within(hooks::PAYLOAD_WAIT) {
            Ok(bytes) if bytes.trim_ascii().is_empty() => (None, "no hook payload on stdin"),
            Ok(bytes) => match hooks::parse_payload(&bytes) {
                Some(payload) => (Some(payload), ""),
                None if serde_json::from_slice::<Value>(&bytes).is_ok() => {
                    (None, "the hook payload on stdin is not a JSON object")
                }
                None => (None, "the hook payload on stdin is not JSON"),
            },
            Err(_) => (None, "no hook payload arrived on stdin in time"),
        },
        Stdin::Terminal | Stdin::Device => (None, "no hook payload on stdin"),
    };
    let owner = super::owner(host, None).ok().flatten();
    Request {
        payload,
        missing,
        owner,
    }
}

/// Answers the payload in its agent's protocol; a failure of its own is reported with exit 1,
/// which no agent takes as "block".
pub fn execute(ctx: &Context, request: Request) -> Outcome {
    answer(
        ctx,
        request.payload,
        request.missing,
        request.owner.as_deref(),
    )
    .unwrap_or_else(|err| refusal(&err))
}

/// What a hook (`todos hook`, `check --hook`) answers when it cannot do its job: exit 1, which
/// every agent reads as "report it, go on", with the reason on stderr, where each shows a
/// hook's error to its user; capped like every hook output.
pub fn refusal(err: &Error) -> Outcome {
    let mut notes = format!("todos hook: {}\n", escape(&err.message));
    if let Some(hint) = &err.hint {
        let _ = writeln!(notes, "hint: {}", escape(hint));
    }
    if notes.chars().count() > hooks::MAX_OUTPUT_CHARS {
        notes = notes.chars().take(hooks::MAX_OUTPUT_CHARS - 2).collect();
        notes.push_str("…\n");
    }
    let mut answer = Answer::new(
        String::new(),
        json!({"hook": {"error": err.message, "code": err.code()}}),
        err.message.clone(),
    );
    answer.notes = notes;
    Outcome {
        exit_code: HOOK_FAILED,
        ..Outcome::answer(answer)
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn answer(
    ctx: &Context,
    payload: Option<Map<String, Value>>,
    missing: &str,
    owner: Option<&str>,
) -> Result<Outcome> {
    let Some(payload) = payload else {
        let mut answer = Answer::new(
            String::new(),
            json!({"hook": {"agent": null, "event": null, "action": "none"}}),
            format!("{}: nothing to do.", capitalized(missing)),
        );
        let _ = writeln!(
            answer.notes,
            "todos hook: {missing}; nothing to do (agents run this command with their JSON \
             payload, e.g. {{\"hook_event_name\":\"SessionStart\"}})"
        );
        return Ok(Outcome::answer(answer));
    };
    let protocol = Protocol::of(&payload);
    let event = Event::of(protocol, &payload);
    let (reply, action) = match event {
        Event::SessionStart => {
            let document = Store::new(&ctx.workspace, &ctx.list).load()?;
            let summary = document.summary.as_deref();
            match hooks::session_context(summary, &document.todos, 0, None) {
                Some(_) => {
                    let reply = hooks::within_cap(|room| {
                        let context = hooks::session_context(
                            summary,
                            &document.todos,
                            room,
                            Some(ctx.now.instant()),
                        );
                        Reply {
                            stdout: hooks::context_output(protocol, &context.unwrap_or_default()),
                            ..Reply::default()
                        }
                    });
                    (reply, "context")
                }
                None => (Reply::default(), "none"),
            }
        }
        // The agent was sent back once already: a second reminder could loop for ever (it
        // may need the user's answer), and Codex and Gemini CLI set no limit of their own.
        Event::Stop { again: true } | Event::Other => (Reply::default(), "none"),
        Event::Stop { again: false } => {
            let document = Store::new(&ctx.workspace, &ctx.list).load()?;
            if hooks::has_work_left(&document.todos, owner) {
                let reply = hooks::within_cap(|room| {
                    let reason =
                        hooks::stop_reason(&document.todos, owner, room, Some(ctx.now.instant()));
                    hooks::block_reply(protocol, &reason)
                });
                (reply, "block")
            } else {
                (Reply::default(), "none")
            }
        }
    };
    let event_name = payload.get("hook_event_name").cloned();
    let data = json!({"hook": {"agent": protocol.name, "event": event_name, "action": action}});
    let mut answer = Answer::new(reply.stdout, data, format!("{}: {action}", protocol.name));
    answer.notes = reply.stderr;
    Ok(Outcome {
        exit_code: reply.exit_code,
        ..Outcome::answer(answer)
    })
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    echo '{\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}' | todos hook\n  \
    todos init --agent codex --hooks   # installs it")]
pub struct HookArgs {}
