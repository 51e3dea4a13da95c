//! `todos init`: one command that sets an agent up. It owns a marked block in the agent's
//! instructions file and two hook entries in the agent's hook file (`crate::hooks` knows which),
//! and touches nothing else: run twice, it changes nothing the second time.

use std::fmt::Write as _;
use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::cli::{Agent, InitArgs};
use crate::commands::{Answer, Outcome};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::guide;
use crate::hooks::{self, Protocol};

/// The first line of the block `todos init` owns; a line starting with `BEGIN_MARK` opens it.
const BEGIN_MARK: &str = "<!-- todos:begin";
const BEGIN: &str = "<!-- todos:begin (written by `todos init`; run it again to update) -->";
const END: &str = "<!-- todos:end -->";

/// What happened to one file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Created,
    Updated,
    Unchanged,
}

impl Action {
    fn as_str(self) -> &'static str {
        match self {
            Self::Created => "created",
            Self::Updated => "updated",
            Self::Unchanged => "unchanged",
        }
    }
}

pub fn execute(ctx: &Context, args: &InitArgs) -> Result<Outcome> {
    let protocol = match (args.hooks, Protocol::of_agent(args.agent)) {
        (false, _) => None,
        (true, Some(protocol)) => Some(protocol),
        (true, None) => {
            return Err(Error::usage(
                "--hooks needs the agent whose hooks to write: --agent claude, codex or gemini",
            )
            .with_hint("for other agents, see the `todos check` hook recipes in the README"));
        }
    };
    let limits = ctx.config.limits;
    let name = match args.agent {
        Agent::Claude => "CLAUDE.md",
        Agent::Gemini => "GEMINI.md",
        Agent::Codex | Agent::Generic => "AGENTS.md",
    };
    let block = format!("{BEGIN}\n{}{END}\n", guide::prompt(&limits));
    // Every new text is computed before anything is written: a refusal changes nothing.
    let path = ctx.workspace.join(name);
    let mut changes = vec![Change::new(name, path, |old, path| {
        with_block(old, &block, path)
    })?];
    if let Some(protocol) = protocol {
        let path = ctx.workspace.join(protocol.file);
        changes.push(Change::new(protocol.file, path, |old, path| {
            with_hooks(protocol, old, path)
        })?);
    }
    let mut files = Vec::with_capacity(changes.len());
    let mut text = String::new();
    for change in changes {
        let action = change.apply()?;
        let what = if let Some(protocol) = protocol.filter(|p| p.file == change.name) {
            hook_summary(protocol)
        } else {
            format!(
                "the todos instructions ({} items, {} characters an item)",
                limits.max_items, limits.max_content_chars
            )
        };
        let _ = writeln!(text, "{} {}: {what}", action.as_str(), change.name);
        files.push((change.name, action));
    }
    let mut data = json!({
        "agent": format!("{:?}", args.agent).to_lowercase(),
        "files": files
            .iter()
            .map(|(path, action)| json!({"path": path, "action": action.as_str()}))
            .collect::<Vec<_>>(),
    });
    if let Some(protocol) = protocol {
        // Trust is the user's to give, in the agent: init only says how, every time it runs.
        let _ = writeln!(text, "To turn the hooks on: {}", protocol.trust);
        data["trust"] = json!(protocol.trust);
    }
    let headline = if files.iter().all(|(_, action)| *action == Action::Unchanged) {
        "Already set up: nothing changed."
    } else {
        "Set up: the agent now plans with todos."
    };
    Ok(Outcome::answer(Answer::new(text, data, headline)))
}

/// One file's text before and after, computed before anything is written.
struct Change {
    name: &'static str,
    path: PathBuf,
    old: Option<String>,
    new: String,
}

impl Change {
    /// Reads `path` (absent is `None`) and computes its new text.
    fn new(
        name: &'static str,
        path: PathBuf,
        new_text: impl FnOnce(Option<&str>, &Path) -> Result<String>,
    ) -> Result<Self> {
        let old = match fs::read(&path) {
            Ok(bytes) => Some(String::from_utf8(bytes).map_err(|_| {
                Error::invalid(format!("{} is not UTF-8 text", path.display()))
                    .with_hint("todos init leaves it untouched; fix or move it, then run it again")
            })?),
            Err(err) if err.kind() == ErrorKind::NotFound => None,
            Err(err) => return Err(Error::io("read", &path, &err)),
        };
        let new = new_text(old.as_deref(), &path)?;
        Ok(Self {
            name,
            path,
            old,
            new,
        })
    }

    /// Writes the new text, only when it differs.
    fn apply(&self) -> Result<Action> {
        match &self.old {
            Some(old) if *old == self.new => Ok(Action::Unchanged),
            Some(_) => write_atomically(&self.path, self.new.as_bytes()).map(|()| Action::Updated),
            None => write_atomically(&self.path, self.new.as_bytes()).map(|()| Action::Created),
        }
    }
}

/// The instructions file with our block in it: appended when absent, replaced when present.
fn with_block(old: Option<&str>, block: &str, path: &Path) -> Result<String> {
    let Some(old) = old else {
        return Ok(block.to_owned());
    };
    let malformed = |why: &str| {
        Error::invalid(format!("{}: {why}", path.display())).with_hint(format!(
            "todos init owns the lines from `{BEGIN_MARK} … -->` to `{END}`; fix them by hand, \
             then run it again"
        ))
    };
    let mut begin = None;
    let mut end = None;
    let mut offset = 0;
    for line in old.split_inclusive('\n') {
        let mark = line.trim_start();
        if mark.starts_with(BEGIN_MARK) {
            if begin.is_some() {
                return Err(malformed("it holds two todos blocks"));
            }
            begin = Some(offset);
        } else if mark.starts_with(END) {
            if begin.is_none() || end.is_some() {
                return Err(malformed("a todos:end marker has no todos:begin before it"));
            }
            end = Some(offset + line.len());
        }
        offset += line.len();
    }
    match (begin, end) {
        (Some(begin), Some(end)) => Ok(format!("{}{block}{}", &old[..begin], &old[end..])),
        (Some(_), None) => Err(malformed("its todos block has no todos:end marker")),
        (None, _) => {
            let mut text = old.to_owned();
            if !text.is_empty() {
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push('\n');
            }
            text.push_str(block);
            Ok(text)
        }
    }
}

/// What the hook file now holds, in the words of the agent's own events.
fn hook_summary(protocol: &Protocol) -> String {
    let matcher = protocol
        .session_start_matcher
        .map(|matcher| format!(" ({matcher})"))
        .unwrap_or_default();
    format!(
        "`{}` as the {}{matcher} and {} hooks",
        hooks::COMMAND,
        protocol.session_start,
        protocol.stop
    )
}

/// The agent's hook file with our two hooks merged in (`hooks::merge`); every other key and
/// hook stays.
fn with_hooks(protocol: &Protocol, old: Option<&str>, path: &Path) -> Result<String> {
    let invalid = |why: String| {
        Error::invalid(format!("{}: {why}", path.display()))
            .with_hint("todos init leaves it untouched; fix it, then run it again")
    };
    let mut settings = match old {
        None => Map::new(),
        Some(text) if text.trim().is_empty() => Map::new(),
        Some(text) => match crate::json::parse(text, &path.display().to_string())? {
            Value::Object(object) => object,
            _ => return Err(invalid("it must hold a JSON object".to_owned())),
        },
    };
    hooks::merge(protocol, &mut settings).map_err(&invalid)?;
    let mut text = serde_json::to_string_pretty(&Value::Object(settings))
        .map_err(|err| Error::internal(format!("cannot encode the settings: {err}")))?;
    text.push('\n');
    // An unchanged document keeps its bytes: only a real change rewrites the file.
    if let Some(old) = old
        && serde_json::from_str::<Value>(old).ok() == serde_json::from_str::<Value>(&text).ok()
    {
        return Ok(old.to_owned());
    }
    Ok(text)
}

/// Replaces `path` whole or not at all: a temporary file in the same folder, synced, renamed
/// over it. A symlink (CLAUDE.md → AGENTS.md is common) is followed, so the link survives.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let target: PathBuf = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let dir = target
        .parent()
        .ok_or_else(|| Error::internal(format!("{} has no folder", target.display())))?;
    fs::create_dir_all(dir).map_err(|err| Error::io("create the folder", dir, &err))?;
    let name = target
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.todos-tmp"));
    let write = || -> std::io::Result<()> {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        if let Ok(metadata) = fs::metadata(&target) {
            file.set_permissions(metadata.permissions())?;
        }
        file.sync_all()?;
        fs::rename(&tmp, &target)
    };
    if let Err(err) = write() {
        let _ = fs::remove_file(&tmp);
        return Err(Error::io("write", &target, &err));
    }
    #[cfg(unix)]
    {
        fs::File::open(dir)
            .and_then(|folder| folder.sync_all())
            .map_err(|err| Error::io("sync the folder", dir, &err))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCK: &str = "<!-- todos:begin -->\nnew\n<!-- todos:end -->\n";

    fn block(old: Option<&str>) -> Result<String> {
        with_block(old, BLOCK, Path::new("CLAUDE.md"))
    }

    #[test]
    fn the_block_is_appended_once_then_replaced_in_place() {
        assert_eq!(block(None).unwrap(), BLOCK);
        assert_eq!(block(Some("")).unwrap(), BLOCK);
        let appended = block(Some("# Project\nRules.")).unwrap();
        assert_eq!(appended, format!("# Project\nRules.\n\n{BLOCK}"));
        let old = "# Project\n<!-- todos:begin x -->\nold\nlines\n<!-- todos:end -->\nAfter.\n";
        assert_eq!(
            block(Some(old)).unwrap(),
            format!("# Project\n{BLOCK}After.\n")
        );
        assert_eq!(block(Some(&appended)).unwrap(), appended);
    }

    #[test]
    fn broken_markers_are_refused() {
        for old in [
            "<!-- todos:begin -->\nno end\n",
            "<!-- todos:end -->\n",
            "<!-- todos:begin -->\n<!-- todos:end -->\n<!-- todos:begin -->\n<!-- todos:end -->\n",
        ] {
            assert!(block(Some(old)).is_err(), "{old:?}");
        }
    }

    #[test]
    fn hooks_merge_into_existing_settings() {
        let claude = Protocol::of_agent(Agent::Claude).unwrap();
        let merged = |old: &str| with_hooks(claude, Some(old), Path::new("s.json"));
        let old = r#"{"model": "opus", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}"#;
        let new = merged(old).unwrap();
        let value: Value = serde_json::from_str(&new).unwrap();
        assert_eq!(value["model"], "opus");
        let stop = value["hooks"]["Stop"].as_array().unwrap();
        assert_eq!(stop.len(), 2);
        assert_eq!(stop[0]["hooks"][0]["command"], "say done");
        assert_eq!(stop[1]["hooks"][0]["command"], hooks::COMMAND);
        assert!(stop[1].get("matcher").is_none());
        let start = &value["hooks"]["SessionStart"][0];
        assert_eq!(start["matcher"], "startup|resume|compact");
        assert_eq!(start["hooks"][0]["type"], "command");
        assert_eq!(merged(&new).unwrap(), new, "idempotent");
        for bad in ["[]", r#"{"hooks": []}"#, r#"{"hooks": {"Stop": {}}}"#, "{"] {
            assert!(merged(bad).is_err(), "{bad}");
        }
    }
}
