//! `todos hook`: the one command every agent's hooks run. It reads the agent's payload, answers
//! in that agent's protocol (`crate::agents::hooks`), and never blocks the agent because of its
//! own failure: it says why where that agent shows a hook's words to its user.

use std::fmt::Write as _;

use serde_json::json;

use serde_json::{Map, Value};

use crate::agents::hooks::words;
use crate::agents::hooks::{self, Event, Protocol, Reply};
use crate::commands::Run;
use crate::commands::lazy::Summary;
use crate::commands::remote::State;
use crate::commands::transaction::Transaction;
use crate::context::Context;
use crate::context::host::{Host, Stdin};
use crate::policy::error::{Error, NoPayload, Note, RemoteWarning, Result};
use crate::store::Store;
use crate::view::outcome::{Answer, Outcome};
use clap::Args;

mod news;

/// The agent's payload, read from stdin within `hooks::PAYLOAD_WAIT`.
pub struct Request {
    payload: Option<Map<String, Value>>,
    /// Why there is no payload.
    missing: NoPayload,
    /// `TODOS_OWNER`: at a stop, items another owner holds do not keep this agent working. A
    /// malformed one counts as none (every open item does): a hook must not fail on it.
    owner: Option<String>,
}

/// Reads the payload; a terminal or `/dev/null` sends none, and a stdin left open is waited on
/// only so long.
pub fn read(host: &mut Host) -> Request {
    let (payload, missing) = match host.stdin_kind() {
        Stdin::Data => match host.read_stdin_within(hooks::PAYLOAD_WAIT) {
            Ok(bytes) if bytes.trim_ascii().is_empty() => (None, NoPayload::Empty),
            Ok(bytes) => match hooks::parse_payload(&bytes) {
                Some(payload) => (Some(payload), NoPayload::Empty),
                None if serde_json::from_slice::<Value>(&bytes).is_ok() => {
                    (None, NoPayload::NotObject)
                }
                None => (None, NoPayload::NotJson),
            },
            Err(_) => (None, NoPayload::Late),
        },
        Stdin::Terminal | Stdin::Device => (None, NoPayload::Empty),
    };
    let owner = super::owner(host, None, super::named::Named::Typed)
        .ok()
        .flatten();
    Request {
        payload,
        missing,
        owner,
    }
}

impl Request {
    /// The protocol of the agent that sent the payload, when one came.
    pub fn protocol(&self) -> Option<&'static Protocol> {
        self.payload.as_ref().map(Protocol::of)
    }
}

/// Answers the payload in its agent's protocol; a failure of its own lets the agent go on
/// (`refusal`).
pub fn execute(ctx: &Context, host: &mut Host, request: Request) -> Outcome {
    let protocol = request.protocol();
    answer(
        ctx,
        host,
        request.payload,
        request.missing,
        request.owner.as_deref(),
    )
    .unwrap_or_else(|err| refusal(&err, protocol))
}

/// What a hook (`todos hook`, `check --hook`) answers when it cannot do its job: an answer its
/// agent reads as "go on", with the reason where that agent shows it to the user
/// (`hooks::failure_reply`: exit 1 and stderr, or for Codex, which drops a failed hook's
/// stderr, exit 0 and a `systemMessage`); capped like every hook output. `protocol` is the
/// payload's agent, `None` when no payload came (`check --hook`, a hook run by hand).
pub fn refusal(err: &Error, protocol: Option<&Protocol>) -> Outcome {
    let notes = words::failed(&err.to_string(), err.hint().as_deref());
    // The cap holds for the whole answer, a systemMessage's JSON escapes included.
    let reply = hooks::within_cap(|room| {
        if notes.chars().count() <= room {
            return hooks::failure_reply(protocol, &notes);
        }
        let mut cut: String = notes.chars().take(room.saturating_sub(2)).collect();
        cut.push_str("…\n");
        hooks::failure_reply(protocol, &cut)
    });
    let mut answer = Answer::new(
        reply.stdout,
        json!({"hook": {"error": err.to_string(), "code": err.code()}}),
        err.to_string(),
    );
    answer.notes = reply.stderr;
    Outcome {
        exit_code: reply.exit_code,
        ..Outcome::answer(answer)
    }
}

fn answer(
    ctx: &Context,
    host: &mut Host,
    payload: Option<Map<String, Value>>,
    missing: NoPayload,
    owner: Option<&str>,
) -> Result<Outcome> {
    let Some(payload) = payload else {
        let mut answer = Answer::new(
            String::new(),
            json!({"hook": {"agent": null, "event": null, "action": "none"}}),
            Note::NoHookPayloadHeadline { why: missing }.to_string(),
        );
        let _ = writeln!(answer.notes, "{}", Note::NoHookPayload { why: missing });
        return Ok(Outcome::answer(answer));
    };
    let protocol = Protocol::of(&payload);
    let event = Event::of(protocol, &payload);
    let event_name = payload.get("hook_event_name").and_then(Value::as_str);
    let (reply, action) = match event {
        // Whatever the source (a start, a resume, a fork, /clear, a compaction), the new
        // context gets the plan; at the next prompt, only when a reset since the last copy
        // could not bring it (Gemini CLI's /clear and compressions).
        Event::SessionStart => {
            let behind = fetch_first(ctx, host);
            let (reply, action, revision) =
                plan_context(ctx, protocol, protocol.session_start, behind.as_deref())?;
            news::saw(ctx, &payload, revision);
            (reply, action)
        }
        Event::NextPrompt if hooks::owes_the_plan(&payload) => {
            let (reply, action, revision) =
                plan_context(ctx, protocol, event_name.unwrap_or_default(), None)?;
            news::saw(ctx, &payload, revision);
            (reply, action)
        }
        Event::AfterTool => news::after_tool(ctx, &payload, event_name.unwrap_or_default())?,
        // The agent was sent back once already: a second reminder could loop for ever (it
        // may need the user's answer), and Codex and Gemini CLI set no limit of their own. A
        // prompt whose context holds the plan since the last reset gets nothing either.
        Event::Stop { again: true } | Event::NextPrompt | Event::Other => {
            (Reply::default(), "none")
        }
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
    let data = json!({"hook": {"agent": protocol.name, "event": event_name, "action": action}});
    let mut answer = Answer::new(reply.stdout, data, words::answered(protocol.name, action));
    answer.notes = reply.stderr;
    Ok(Outcome {
        exit_code: reply.exit_code,
        ..Outcome::answer(answer)
    })
}

/// The plan's open items put into the context at `event`, in the agent's own form, within the
/// cap; nothing (`none`) when nothing is open. With the plan's revision, which the session has
/// now seen.
fn plan_context(
    ctx: &Context,
    protocol: &Protocol,
    event: &str,
    behind: Option<&str>,
) -> Result<(Reply, &'static str, u64)> {
    let document = Store::new(&ctx.workspace, &ctx.list).load()?;
    let summary = document.summary.as_deref();
    if hooks::session_context(summary, &document.todos, 0, None).is_none() {
        return Ok((Reply::default(), "none", document.revision));
    }
    let behind = behind.map(|note| format!("{note}\n")).unwrap_or_default();
    let reply = hooks::within_cap(|room| {
        let room = room.saturating_sub(behind.chars().count());
        let context =
            hooks::session_context(summary, &document.todos, room, Some(ctx.now.instant()));
        let context = context.unwrap_or_default() + &behind;
        Reply {
            stdout: hooks::context_output(protocol, event, &context),
            ..Reply::default()
        }
    });
    Ok((reply, "context", document.revision))
}

/// With a remote, a session starts from the remote's plan: one fetch, within 2 s (or
/// `remote_timeout` if shorter) and a lock taken within a second. What kept it from the remote
/// is said beside the plan (it may be behind, and since when), never a failure of the hook.
fn fetch_first(ctx: &Context, host: &mut Host) -> Option<String> {
    let remote = crate::commands::remote::configured(ctx, host).ok()??;
    let mut quick = ctx.clone();
    quick.config.remote_timeout = quick.config.remote_timeout.min(SESSION_FETCH);
    quick.lock_timeout = quick.lock_timeout.min(std::time::Duration::from_secs(1));
    quick.quiet = true;
    let why = match Transaction::begin(&quick, host) {
        Ok(transaction) => match transaction.link().map(|link| link.state.clone()) {
            Some(State::Offline(why)) => why,
            _ => return None,
        },
        Err(err) => err.to_string(),
    };
    let since = std::fs::metadata(crate::store::remote::seen_path(&ctx.workspace, &ctx.list))
        .and_then(|meta| meta.modified())
        .ok()
        .map(|at| {
            chrono::DateTime::<chrono::Local>::from(at)
                .format("%Y-%m-%d %H:%M")
                .to_string()
        });
    Some(RemoteWarning::Behind { remote, why, since }.to_string())
}

/// The longest the session-start hook waits on a remote.
const SESSION_FETCH: std::time::Duration = std::time::Duration::from_secs(2);

/// The hook every agent runs: the plan after every reset, a reminder at a stop.
///
/// `todos init --agent claude|codex|gemini --hooks` installs it; agents run it with their
/// JSON payload on stdin, which says which agent and which event it is. At a session start
/// (a new session, a resume, a fork, /clear, a compaction) it prints the open items into
/// the agent's context (nothing when none is open); where the agent drops that (Gemini CLI
/// after /clear and a compression) it brings them once before the next prompt. At a stop
/// with items open it sends the agent back once, and lets a repeated stop through. It waits
/// at most 1.5 s for a payload, never writes (but, with a remote, the plan a session start
/// fetches first, within 2 s), and when it fails it lets the agent go on,
/// saying why where that agent shows it (exit 1 and stderr; for Codex, a systemMessage).
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    echo '{\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}' | todos hook\n  \
    todos init --agent codex --hooks   # installs it")]
pub struct HookArgs {}

impl Summary for HookArgs {
    const SUMMARY: &str =
        "The hook every agent runs: the plan after every reset, a reminder at a stop";
}

impl Run for HookArgs {
    type Request = Request;

    fn read(self, _ctx: &Context, host: &mut Host) -> Result<Request> {
        Ok(read(host))
    }

    fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
        Ok(execute(ctx, host, request))
    }
}
