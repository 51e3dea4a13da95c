//! `todos hook`: the one command every agent's session-start and stop hooks run. It reads the
//! agent's payload, answers in that agent's protocol (`crate::hooks`), and never blocks the
//! agent because of its own failure.

use std::fmt::Write as _;

use serde_json::json;

use crate::cli::HookArgs;
use crate::commands::Answer;
use crate::context::{Context, Stdin};
use crate::error::Result;
use crate::hooks::{self, Event, Protocol, Reply};
use crate::render::escape;
use crate::store::Store;

/// Exit code of a hook that failed: every agent reads 1 as "report it, go on", never as
/// "block" (Claude Code and Codex block on 2, and Gemini CLI on any code but 0 and 1).
const FAILED: u8 = 1;

pub fn hook(ctx: &Context, _args: &HookArgs) -> Answer {
    match answer(ctx) {
        Ok(answer) => answer,
        Err(err) => {
            let mut notes = format!("todos hook: {}\n", escape(err.message()));
            if let Some(hint) = err.hint() {
                let _ = writeln!(notes, "hint: {}", escape(hint));
            }
            let mut answer = Answer::new(
                String::new(),
                json!({"hook": {"error": err.message()}}),
                err.message().to_owned(),
            );
            answer.notes = notes;
            answer.exit_code = FAILED;
            answer
        }
    }
}

fn answer(ctx: &Context) -> Result<Answer> {
    // A terminal or /dev/null sends no payload: nothing to answer.
    let payload = match ctx.stdin() {
        Stdin::Data => hooks::read_payload(hooks::PAYLOAD_WAIT),
        Stdin::Terminal | Stdin::Device => None,
    };
    let Some(payload) = payload else {
        let mut answer = Answer::new(
            String::new(),
            json!({"hook": {"agent": null, "event": null, "action": "none"}}),
            "No hook payload on stdin: nothing to do.",
        );
        answer.notes.push_str(
            "todos hook: no hook payload on stdin; nothing to do (agents run this command with \
             their JSON payload)\n",
        );
        return Ok(answer);
    };
    let protocol = Protocol::of(&payload);
    let event = Event::of(protocol, &payload);
    let (reply, action) = match event {
        Event::SessionStart => {
            let document = Store::new(&ctx.workspace).load()?;
            match hooks::session_context(document.summary.as_deref(), &document.todos) {
                Some(context) => {
                    let stdout = hooks::context_output(protocol, &context);
                    (
                        Reply {
                            stdout,
                            ..Reply::default()
                        },
                        "context",
                    )
                }
                None => (Reply::default(), "none"),
            }
        }
        // The agent was sent back once already: a second reminder could loop for ever (it
        // may need the user's answer), and Codex and Gemini CLI set no limit of their own.
        Event::Stop { again: true } | Event::Other => (Reply::default(), "none"),
        Event::Stop { again: false } => {
            let document = Store::new(&ctx.workspace).load()?;
            if document.todos.iter().all(|item| item.status.is_terminal()) {
                (Reply::default(), "none")
            } else {
                let reason = hooks::stop_reason(&document.todos);
                (hooks::block_reply(protocol, &reason), "block")
            }
        }
    };
    let event_name = payload.get("hook_event_name").cloned();
    let data = json!({"hook": {"agent": protocol.name, "event": event_name, "action": action}});
    let mut answer = Answer::new(reply.stdout, data, format!("{}: {action}", protocol.name));
    answer.notes = reply.stderr;
    answer.exit_code = reply.exit_code;
    Ok(answer)
}
