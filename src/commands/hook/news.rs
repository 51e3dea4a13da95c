//! The after-tool hook (SPEC §8, what others change reaches a working agent): nothing when the
//! plan is as the session last saw it, else one note saying what changed and by whom, once.
//!
//! What a session saw is its line in `.todos/LIST.seen` (`store::seen`), keyed by the payload's
//! `session_id` (every agent sends one; else `TODOS_SESSION`): the revision its session-start
//! hook showed, its own `todos` calls left, or its last note told. It reads no network, even
//! with a remote (SPEC §11): the store and, only when there is news, the history.

use serde_json::{Map, Value};

use crate::agents::hooks::words::news;
use crate::agents::hooks::{self, MAX_OUTPUT_CHARS, Reply};
use crate::context::Context;
use crate::policy::error::Result;
use crate::store::history::{self, Entry};
use crate::store::{Document, Store, seen};

/// The session's key in the record: its agent's session id, else `TODOS_SESSION`.
fn session_key(ctx: &Context, payload: &Map<String, Value>) -> Option<String> {
    let id = payload
        .get("session_id")
        .and_then(Value::as_str)
        .filter(|id| !id.is_empty())
        .or_else(|| ctx.session.as_deref().filter(|id| !id.is_empty()))?;
    Some(seen::key(id))
}

/// Records that the session saw the plan at `revision` (its session-start hook showed it). A
/// record that cannot be written only means the next tool call takes the plan as it is then.
/// Where there is no plan yet, nothing is written: a hook creates nothing in a workspace
/// without one, and the first tool call after a plan appears takes it as it is.
pub fn saw(ctx: &Context, payload: &Map<String, Value>, revision: u64) {
    if revision == 0 {
        return;
    }
    if let Some(key) = session_key(ctx, payload) {
        let at = ctx.now.instant().to_rfc3339();
        let _ = seen::remember(&ctx.workspace, &ctx.list, &key, revision, &at);
    }
}

/// The answer after a tool call: nothing when the session has seen the plan as it is, or when
/// the call was its own `todos` call (whose output showed the plan as it left it); else the
/// note, in `additionalContext`, which all three agents put into the model's context after a
/// tool call (`policy::agent`).
pub fn after_tool(
    ctx: &Context,
    payload: &Map<String, Value>,
    event: &str,
) -> Result<(Reply, &'static str)> {
    let silent = Ok((Reply::default(), "none"));
    let Some(key) = session_key(ctx, payload) else {
        return silent;
    };
    let store = Store::new(&ctx.workspace, &ctx.list);
    let document = store.load()?;
    let now = document.revision;
    let seen = seen::revision(&ctx.workspace, &ctx.list, &key);
    // No plan yet: nothing to tell, and a hook creates nothing where there is none.
    if seen == Some(now) || now == 0 {
        return silent;
    }
    let at = ctx.now.instant().to_rfc3339();
    // What it saw first is recorded before it is told: a record that cannot be written fails
    // the hook (the agent goes on, the user is told why) rather than repeat the note.
    seen::remember(&ctx.workspace, &ctx.list, &key, now, &at)?;
    let Some(seen) = seen else {
        // A session the hook has not met (installed mid-session, or given way to newer ones)
        // takes the plan as it is.
        return silent;
    };
    if hooks::names_todos(payload) {
        return silent;
    }
    let Some(text) = note(ctx, &store, &document, seen)? else {
        return silent;
    };
    let reply = fit(event, &text);
    Ok((reply, "news"))
}

/// The note on what happened between revision `seen` and the store's, `None` when every change
/// was the session's own (`TODOS_SESSION`).
fn note(ctx: &Context, store: &Store, document: &Document, seen: u64) -> Result<Option<String>> {
    let now = document.revision;
    let kept = history::of(store, ctx.config.history_limit)?;
    let mut entries: Vec<Entry> = (kept.entries.into_iter())
        .filter(|entry| entry.revision >= seen && entry.revision <= now)
        .collect();
    if seen == 0 && entries.first().is_none_or(|entry| entry.revision != 0) {
        entries.insert(0, empty_plan());
    }
    let whole = seen < now
        && entries.first().map(|entry| entry.revision) == Some(seen)
        && entries.last().map(|entry| entry.revision) == Some(now);
    if !whole {
        let recap = crate::view::render::recap(&document.todos);
        return Ok(Some(news::unexplained(seen, now, &recap)));
    }
    let told = hooks::told(&entries, ctx.session.as_deref());
    if told.is_empty() {
        return Ok(None);
    }
    // The latest changes are told first when they do not all fit.
    let mut earlier = 0;
    loop {
        let text = news::note(&told[earlier..], earlier);
        if earlier + 1 >= told.len() || text.chars().count() <= MAX_OUTPUT_CHARS / 2 {
            return Ok(Some(text));
        }
        earlier += 1;
    }
}

/// The plan before any change (revision 0), which no history line holds.
fn empty_plan() -> Entry {
    Entry {
        revision: 0,
        at: String::new(),
        command: String::new(),
        summary: None,
        todos: Vec::new(),
        next_id: 1,
        note: None,
        prev: None,
        by: None,
        session: None,
        vouched: false,
    }
}

/// The note in the agent's channel, cut to the hook's cap whatever it holds (its JSON escapes
/// included).
fn fit(event: &str, text: &str) -> Reply {
    hooks::within_cap(|room| {
        let cut: String = if text.chars().count() <= room {
            text.to_owned()
        } else {
            let mut cut: String = text.chars().take(room.saturating_sub(2)).collect();
            cut.push_str("…\n");
            cut
        };
        Reply {
            stdout: hooks::additional_context(event, &cut),
            ..Reply::default()
        }
    })
}
