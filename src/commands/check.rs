//! `todos check`: is the plan finished? The exit code is the answer, so a script, a CI step or
//! an agent's hook can act on it; what is open goes to stderr, where a Claude Code hook that
//! exits 2 feeds it back to the agent.

use std::fmt::Write as _;

use chrono::DateTime;
use serde_json::{Value, json};

use crate::agents::hooks::words::{ASK_AND_STOP, Open};
use crate::agents::hooks::{self, Protocol};
use crate::context::Context;
use crate::context::host::{Host, Stdin};
use crate::plan::model;
use crate::policy::error::{Headline, Result};
use crate::policy::sentences;
use crate::policy::text::escape;
use crate::store::{Document, Store};
use crate::view::envelope;
use crate::view::outcome::{Answer, Outcome};
use crate::view::render;

use crate::commands::lazy::Summary;
use crate::commands::named::Named;
use crate::commands::{ListUse, Run};
/// The exit code of a failed check. In hook mode, the code Claude Code's hooks block with
/// (its row of `policy::agent::PROTOCOLS`).
use crate::policy::exit::CHECK_OPEN as OPEN;
use crate::policy::settings::Variable;
use clap::Args;

/// The protocol `check --hook` speaks: Claude Code's, as `policy::agent::PROTOCOLS` holds it.
fn hook_protocol() -> &'static Protocol {
    Protocol::claude_code()
}

pub struct Request {
    args: CheckArgs,
    /// The hook's JSON event, with --hook.
    event: Option<Value>,
    /// `--owner`, else `TODOS_OWNER`: items another owner holds do not count.
    owner: Option<String>,
}

/// Reads the owner, and the hook's event from stdin with --hook.
pub fn read(host: &mut Host, args: CheckArgs) -> Result<Request> {
    let owner = super::owner(host, args.owner.as_ref(), args.named)?;
    let event = if args.hook { hook_event(host) } else { None };
    Ok(Request { args, event, owner })
}

/// Reads the plan (no lock, nothing created) and says whether work is left.
pub fn execute(ctx: &Context, request: &Request) -> Result<Outcome> {
    let Request { args, event, owner } = request;
    let owner = owner.as_deref();
    // Claude Code sets its loop flag (`stop_hook_active`) when a Stop hook already sent the
    // agent back once in this turn; a second reminder could loop forever (the agent may need
    // the user's answer).
    let loop_flag = hook_protocol().loop_flag;
    let stop_hook_active = event
        .as_ref()
        .and_then(|event| event.get(loop_flag))
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let is_stop_event = event
        .as_ref()
        .is_some_and(|event| event.get(loop_flag).is_some());
    let document = Store::new(&ctx.workspace, &ctx.list).load()?;
    let stats = model::stats(&document.todos);
    let left = (document.todos.iter())
        .filter(|item| model::is_left_for(item, owner))
        .count();
    let idle = minutes_since_change(&document, ctx);
    let stale = match args.stale {
        None => true,
        // A store that does not say when it changed is as old as can be.
        Some(limit) => idle.is_none_or(|minutes| minutes >= limit),
    };
    let failed = left > 0 && stale && !stop_hook_active;

    let mut data = envelope::data(&document, &[], None);
    data["check"] = json!({
        "passed": !failed,
        "open": left,
        "owner": owner,
        "stale_minutes": args.stale,
        "minutes_since_change": idle,
        "stop_hook_active": stop_hook_active,
    });
    let recap = render::recap(&document.todos);
    let mut headline = render::progress_line(&document.todos);
    if let (Some(limit), Some(minutes)) = (args.stale, idle)
        && left > 0
    {
        let _ = write!(headline, " {}", Headline::Stale { minutes, limit });
    }
    let mut answer = Answer::new(format!("{recap}\n"), data, headline);
    answer.stats = Some(stats);
    let mut exit_code = 0;
    if failed {
        answer.text.clear();
        answer.notes = notes(ctx, &document, (left, owner), args, idle, is_stop_event);
        exit_code = if args.hook {
            hook_protocol().block_exit_code().unwrap_or(OPEN)
        } else {
            OPEN
        };
    }
    Ok(Outcome {
        exit_code,
        ..Outcome::answer(answer)
    })
}

/// The hook's JSON event from stdin, if there is one. Anything unreadable counts as none: a
/// hook must not fail because its caller sent something unexpected.
fn hook_event(host: &mut Host) -> Option<Value> {
    if host.stdin_kind() != Stdin::Data {
        return None;
    }
    // A harness that leaves stdin open and writes nothing must not hang the hook.
    let bytes = host
        .read_stdin_within(crate::context::host::STDIN_GRACE)
        .ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Whole minutes from the store's last change to now (0 for a change in the future);
/// `None` when the store does not say.
fn minutes_since_change(document: &Document, ctx: &Context) -> Option<u64> {
    let changed = DateTime::parse_from_rfc3339(document.updated_at.as_deref()?).ok()?;
    let minutes = ctx.now.signed_duration_since(changed).num_minutes().max(0);
    u64::try_from(minutes).ok()
}

/// What the agent (or the person) reads when the check fails: why, the recap, every open item
/// with its id, and what to do.
fn notes(
    ctx: &Context,
    document: &Document,
    (left, owner): (usize, Option<&str>),
    args: &CheckArgs,
    idle: Option<u64>,
    is_stop_event: bool,
) -> String {
    let palette = ctx.stderr;
    let total = document.todos.len();
    let open = match args.stale {
        Some(_) => Open::Stale {
            left,
            total,
            owner,
            minutes: idle,
        },
        None => Open::Still {
            left,
            total,
            owner,
            listed: false,
        },
    };
    let mut out = format!("{open}\n");
    let _ = writeln!(out, "{}", render::recap(&document.todos));
    let mut tail = String::new();
    if args.stale.is_some() {
        let _ = writeln!(tail, "{}", sentences::how_to_update_now());
    } else {
        let _ = writeln!(tail, "{}", sentences::how_to_finish(left));
    }
    if is_stop_event {
        let _ = writeln!(tail, "{ASK_AND_STOP}");
    }
    if args.hook {
        // Into an agent's context: as many items as fit the hooks' cap, then a count of the
        // rest (SPEC §8), whatever the store holds.
        let used = out.chars().count() + tail.chars().count();
        let room = hooks::MAX_OUTPUT_CHARS.saturating_sub(used);
        out.push_str(&hooks::open_items(
            &document.todos,
            owner,
            room,
            Some(ctx.now.instant()),
        ));
        out.push_str(&tail);
        return out;
    }
    let index = crate::plan::dependencies::Index::new(&document.todos).at(ctx.now.instant());
    for item in document
        .todos
        .iter()
        .filter(|item| model::is_left_for(item, owner))
    {
        let line = format!("{} {}", render::marker(item.status), escape(&item.content));
        let _ = writeln!(
            out,
            "  {} {}{}",
            palette.dim(&escape(&item.id)),
            palette.status(&line, item.status),
            render::team_suffix(item, &index)
        );
    }
    out.push_str(&tail);
    out
}

/// The exit code `check --hook` blocks with: Claude Code's row of the hook table.
fn hook_exit() -> u8 {
    Protocol::claude_code().block_exit_code().unwrap_or(OPEN)
}

/// The help of `check --hook`.
fn hook_help() -> String {
    format!(
        "Run as an agent hook: exit {} instead of {OPEN}, read the hook's JSON event on stdin",
        hook_exit()
    )
}

/// `check`'s long help: its exit codes and the hook protocol it speaks, from their tables.
fn about() -> String {
    let protocol = Protocol::claude_code();
    format!(
        "Exit 0 when the plan is empty or finished, {OPEN} while items are open.\n\n\
         When items are open it prints the recap and the open items on stderr. With --stale \
         MINUTES it fails only when items are open and the plan has not changed for that many \
         minutes: the \"update your todos\" reminder, for a hook that runs after every tool call. \
         With --hook it speaks the hook protocol of {}: it exits {} instead of {OPEN} so the \
         agent reads the message and keeps working, and it reads the hook's JSON event on stdin \
         to let a {} go through when a {} hook already sent the agent back once ({}). With an \
         owner (--owner or {}), items another owner holds do not count: a worker may stop when \
         its own items and the unowned ones are done. check never writes, locks or creates \
         anything.",
        protocol.name,
        hook_exit(),
        protocol.stop,
        protocol.stop,
        protocol.loop_flag,
        Variable::Owner.name(),
    )
}

/// Exit 0 when the plan is empty or finished, 1 while items are open.
#[derive(Debug, Args)]
#[command(long_about = about())]
#[command(after_help = "Examples:\n  \
    todos check && git push\n  \
    todos check --stale 10\n  \
    TODOS_OWNER=w1 todos check\n  \
    todos --json check | jq .data.check")]
pub struct CheckArgs {
    /// Fail only when items are open and the plan has not changed for this many minutes.
    #[arg(long, value_name = "MINUTES")]
    pub stale: Option<u64>,

    #[arg(long, help = hook_help())]
    pub hook: bool,

    #[arg(long, value_name = "NAME", help = sentences::with_env(
        "Whose check: items owned by someone else do not count", Variable::Owner))]
    pub owner: Option<String>,

    /// How a refusal names the values given: the flags, or a tool call's arguments.
    #[arg(skip)]
    pub named: Named,
}

impl Summary for CheckArgs {
    const SUMMARY: &str = "Exit 0 when the plan is empty or finished, 1 while items are open";
}

impl Run for CheckArgs {
    type Request = Request;

    fn read(self, _ctx: &Context, host: &mut Host) -> Result<Request> {
        read(host, self)
    }

    fn execute(ctx: &Context, _host: &mut Host, request: Request) -> Result<Outcome> {
        execute(ctx, &request)
    }

    fn list_use(_request: &Request) -> ListUse {
        ListUse::Uses
    }
}
