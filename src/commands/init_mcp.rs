//! `todos init --mcp`: registers `todos mcp` where each agent reads a project's MCP servers,
//! merged into the file with every other key kept, and never added twice.
//!
//! Claude Code reads `.mcp.json` (`mcpServers`, `type: stdio`); Gemini CLI reads the
//! `mcpServers` of `.gemini/settings.json`. Codex reads MCP servers only from the user's own
//! configuration, outside the workspace, so for Codex nothing is written: `init` prints Codex's
//! own command instead.

use std::path::Path;

use serde_json::{Map, Value, json};

use crate::cli::Agent;
use crate::error::{Error, Result};

/// The name the server is registered under, and the command that starts it.
pub const SERVER_NAME: &str = "todos";
pub const COMMAND: &str = "todos";
pub const ARGS: [&str; 1] = ["mcp"];
/// What a Codex user runs instead: Codex's own way to add a server.
pub const CODEX_COMMAND: &str = "codex mcp add todos -- todos mcp";

pub const CLAUDE_FILE: &str = ".mcp.json";
pub const GEMINI_FILE: &str = ".gemini/settings.json";

/// Where an agent takes its MCP servers from.
pub enum Registration {
    /// A project file, and how to merge the server into its text.
    File {
        name: &'static str,
        merge: fn(Option<&str>, &Path) -> Result<String>,
        /// What the user must still do in the agent, said after the file is written.
        then: &'static str,
    },
    /// Nothing to write in the workspace: the command the user runs.
    Command(&'static str),
}

pub fn registration(agent: Agent) -> Result<Registration> {
    match agent {
        Agent::Claude => Ok(Registration::File {
            name: CLAUDE_FILE,
            merge: |old, path| with_server(old, path, json!({"type": "stdio"})),
            then: "Claude Code asks you to approve the project's MCP servers when it next starts \
                   here; check with /mcp",
        }),
        Agent::Gemini => Ok(Registration::File {
            name: GEMINI_FILE,
            merge: |old, path| with_server(old, path, json!({})),
            then: "Gemini CLI loads a project's MCP servers in a trusted folder; check with /mcp",
        }),
        Agent::Codex => Ok(Registration::Command(CODEX_COMMAND)),
        Agent::Generic => Err(Error::usage(
            "--mcp registers the server for one agent: use it with --agent claude, codex or gemini",
        )
        .with_hint(format!(
            "for another MCP client, register the stdio command `{COMMAND} {}`",
            ARGS.join(" ")
        ))),
    }
}

/// The line `init` prints for a registration file it wrote.
pub fn describe(then: &str) -> String {
    format!(
        "the todos MCP server ({COMMAND} {}). {then}",
        ARGS.join(" ")
    )
}

/// The settings text with our server in `mcpServers`. A server that already runs `todos mcp`,
/// under any name, with todos' own options added, counts as ours: nothing is added then.
fn with_server(old: Option<&str>, path: &Path, fields: Value) -> Result<String> {
    super::init::edit_settings(old, path, |settings| {
        let servers = settings.entry("mcpServers").or_insert_with(|| json!({}));
        let Value::Object(servers) = servers else {
            return Err("\"mcpServers\" must be an object".to_owned());
        };
        let own = servers
            .iter()
            .any(|(name, server)| runs_todos_mcp(name, server));
        // A server named todos that is not todos' own stays as it is: init names it for the
        // user to review (`own::review`), and never writes over it.
        if !servers.contains_key(SERVER_NAME) && !own {
            let mut entry = match fields {
                Value::Object(fields) => fields,
                _ => Map::new(),
            };
            entry.insert("command".into(), json!(COMMAND));
            entry.insert("args".into(), json!(ARGS));
            servers.insert(SERVER_NAME.into(), Value::Object(entry));
        }
        Ok(())
    })
}

/// Whether a registered server is todos' own (`own::mcp_server`): `todos mcp`, or a path to
/// todos with todos' own options (`/usr/local/bin/todos -C DIR mcp`), under any name.
fn runs_todos_mcp(name: &str, server: &Value) -> bool {
    let command = server["command"].as_str().unwrap_or_default();
    let Some(args) = server["args"].as_array().map(|args| {
        args.iter()
            .map(Value::as_str)
            .collect::<Option<Vec<&str>>>()
    }) else {
        return false;
    };
    args.is_some_and(|args| {
        crate::hooks::own::mcp_server(name, command, &args) == crate::hooks::own::Verdict::Own
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn merge(agent: Agent, old: Option<&str>) -> Result<String> {
        match registration(agent)? {
            Registration::File { merge, name, .. } => merge(old, Path::new(name)),
            Registration::Command(_) => panic!("no file for {agent:?}"),
        }
    }

    #[test]
    fn the_server_merges_into_existing_settings_once() {
        let old = r#"{"theme": "dark", "mcpServers": {"db": {"command": "db-mcp"}}}"#;
        let new = merge(Agent::Gemini, Some(old)).unwrap();
        let value: Value = serde_json::from_str(&new).unwrap();
        assert_eq!(value["theme"], "dark");
        assert_eq!(value["mcpServers"]["db"]["command"], "db-mcp");
        assert_eq!(
            value["mcpServers"]["todos"],
            json!({"command": "todos", "args": ["mcp"]})
        );
        assert_eq!(merge(Agent::Gemini, Some(&new)).unwrap(), new, "idempotent");
        let claude: Value = serde_json::from_str(&merge(Agent::Claude, None).unwrap()).unwrap();
        assert_eq!(
            claude,
            json!({"mcpServers": {"todos": {"type": "stdio", "command": "todos", "args": ["mcp"]}}})
        );
    }

    #[test]
    fn an_edited_registration_is_recognised_and_kept() {
        let edited = r#"{"mcpServers": {"plan": {"command": "/opt/bin/todos", "args": ["-C", "/w", "mcp"]}}}"#;
        assert_eq!(merge(Agent::Claude, Some(edited)).unwrap(), edited);
        // Not todos' own, under todos' name: left as it is, never overwritten, never vouched
        // for (init names it for review).
        let planted = r#"{"mcpServers": {"todos": {"command": "npx", "args": ["todos-wrapper"]}}}"#;
        assert_eq!(merge(Agent::Claude, Some(planted)).unwrap(), planted);
    }

    #[test]
    fn broken_settings_are_refused() {
        for bad in ["[]", r#"{"mcpServers": []}"#, "{"] {
            assert!(merge(Agent::Gemini, Some(bad)).is_err(), "{bad}");
        }
        assert!(registration(Agent::Generic).is_err());
        assert!(matches!(
            registration(Agent::Codex),
            Ok(Registration::Command(CODEX_COMMAND))
        ));
    }
}
