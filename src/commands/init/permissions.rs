//! `todos init`'s allow rules: once the user trusts the folder, each agent runs `todos` (and,
//! with `--mcp`, the todos MCP tools) in its default permission mode without asking before
//! every call. One row per agent, as its current release reads a project's rules (measured with
//! scripts/agents-e2e.sh): Claude Code 2.1, Codex 0.169, Gemini CLI 0.61. Nothing broader than
//! `todos` is ever allowed, and the user's own rules stay as they are.

use serde_json::{Map, Value, json};

use crate::policy::agent::{Agent, Protocol};
use crate::policy::error::{Holds, Shape};

/// One rule: a string added once to the array at `path` of the agent's JSON settings.
pub struct Rule {
    /// The keys from the top of the settings to the array (`permissions`, `allow`).
    pub path: &'static [&'static str],
    pub value: &'static str,
}

/// What one agent needs to run todos without asking.
pub struct Permissions {
    pub agent: Agent,
    /// The project file that holds the rules.
    pub file: &'static str,
    /// For `todos` on the agent's shell; `None` when the agent needs none.
    pub shell: Option<Rule>,
    /// For the todos MCP tools, beside the server's own entry.
    pub mcp: Option<Rule>,
}

pub static PERMISSIONS: [Permissions; 3] = [
    Permissions {
        agent: Agent::Claude,
        file: ".claude/settings.json",
        shell: Some(Rule {
            path: &["permissions", "allow"],
            value: "Bash(todos:*)",
        }),
        mcp: Some(Rule {
            path: &["permissions", "allow"],
            value: "mcp__todos",
        }),
    },
    Permissions {
        agent: Agent::Gemini,
        file: ".gemini/settings.json",
        shell: Some(Rule {
            path: &["tools", "allowed"],
            value: "run_shell_command(todos)",
        }),
        // The server's own `"trust": true`, set on todos' own entry only (`mcp.rs`).
        mcp: None,
    },
    Permissions {
        agent: Agent::Codex,
        file: ".codex/config.toml",
        shell: None,
        // `default_tools_approval_mode = "approve"` on todos' own server entry (`mcp.rs`).
        mcp: None,
    },
];

impl Permissions {
    pub fn of_agent(agent: Agent) -> Option<&'static Self> {
        PERMISSIONS.iter().find(|row| row.agent == agent)
    }

    /// Why the agent's shell needs no rule, for an agent that needs none (its row of
    /// `PROTOCOLS`).
    pub fn shell_note(&self) -> Option<&'static str> {
        Protocol::of_agent(self.agent).and_then(|row| row.shell_note)
    }

    /// What the agent still asks once these rules are in (its row of `PROTOCOLS`).
    pub fn still_asks(&self) -> Option<&'static str> {
        Protocol::of_agent(self.agent).map(|row| row.still_asks)
    }

    /// The rules `init` adds with these options, in the order they are added.
    pub fn rules(&self, mcp: bool) -> Vec<&Rule> {
        let mut rules: Vec<&Rule> = self.shell.iter().collect();
        if mcp {
            rules.extend(self.mcp.iter());
        }
        rules
    }
}

/// `settings` with each rule's value in its array, added once at the end; every other key and
/// rule of the user's stays as it was, in its order.
pub fn allow(settings: &mut Map<String, Value>, rules: &[&Rule]) -> Result<(), Shape> {
    for rule in rules {
        let Some((last, parents)) = rule.path.split_last() else {
            continue;
        };
        let mut object = &mut *settings;
        let mut at = Vec::new();
        for key in parents {
            at.push(*key);
            let entry = object.entry(*key).or_insert_with(|| json!({}));
            let Value::Object(inner) = entry else {
                return Err(Shape::Object { at: at.join(".") });
            };
            object = inner;
        }
        at.push(last);
        let entry = object.entry(*last).or_insert_with(|| json!([]));
        let Value::Array(values) = entry else {
            return Err(Shape::Rules { at: at.join(".") });
        };
        if !values.iter().any(|value| value == rule.value) {
            values.push(json!(rule.value));
        }
    }
    Ok(())
}

/// What the rules allow, for `init`'s line about the file: "allows `Bash(todos:*)` …
/// (permissions.allow)".
pub fn describe(rules: &[&Rule]) -> Option<Holds> {
    let first = rules.first()?;
    Some(Holds::Allows {
        values: rules.iter().map(|rule| rule.value).collect(),
        at: first.path.join("."),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(agent: Agent, mcp: bool) -> Vec<&'static Rule> {
        Permissions::of_agent(agent).unwrap().rules(mcp)
    }

    #[test]
    fn rules_are_added_once_after_the_users_own() {
        let mut settings = serde_json::from_str::<Map<String, Value>>(
            r#"{"permissions": {"allow": ["Bash(npm test)"], "deny": ["Read(.env)"]}, "model": "x"}"#,
        )
        .unwrap();
        allow(&mut settings, &rules(Agent::Claude, true)).unwrap();
        let once = settings.clone();
        allow(&mut settings, &rules(Agent::Claude, true)).unwrap();
        assert_eq!(settings, once, "idempotent");
        assert_eq!(
            Value::Object(settings),
            json!({"permissions": {"allow": ["Bash(npm test)", "Bash(todos:*)", "mcp__todos"],
                                   "deny": ["Read(.env)"]}, "model": "x"})
        );
        let mut gemini = Map::new();
        allow(&mut gemini, &rules(Agent::Gemini, true)).unwrap();
        assert_eq!(
            Value::Object(gemini),
            json!({"tools": {"allowed": ["run_shell_command(todos)"]}})
        );
        assert!(rules(Agent::Codex, true).is_empty());
        assert!(Permissions::of_agent(Agent::Generic).is_none());
    }

    #[test]
    fn nothing_broader_than_todos_is_allowed() {
        for row in &PERMISSIONS {
            for rule in row.rules(true) {
                assert!(
                    matches!(
                        rule.value,
                        "Bash(todos:*)" | "mcp__todos" | "run_shell_command(todos)"
                    ),
                    "{}",
                    rule.value
                );
            }
        }
    }

    #[test]
    fn settings_of_the_wrong_shape_are_refused() {
        for bad in [
            r#"{"permissions": []}"#,
            r#"{"permissions": {"allow": "Bash(*)"}}"#,
            r#"{"permissions": {"allow": {}}}"#,
        ] {
            let mut settings = serde_json::from_str::<Map<String, Value>>(bad).unwrap();
            assert!(
                allow(&mut settings, &rules(Agent::Claude, false)).is_err(),
                "{bad}"
            );
        }
    }
}
