//! `todos init`: one command that sets an agent up. It owns a marked block in the agent's
//! instructions file and two hook entries in Claude Code's settings, and touches nothing else:
//! run twice, it changes nothing the second time.

use std::fmt::Write as _;
use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::cli::{Agent, InitArgs};
use crate::commands::Answer;
use crate::commands::init_mcp::{self, Registration};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::guide;

/// The first line of the block `todos init` owns; a line starting with `BEGIN_MARK` opens it.
const BEGIN_MARK: &str = "<!-- todos:begin";
const BEGIN: &str = "<!-- todos:begin (written by `todos init`; run it again to update) -->";
const END: &str = "<!-- todos:end -->";

/// Claude Code runs hook commands through a shell in the project; `$CLAUDE_PROJECT_DIR` is the
/// project root whatever folder the agent has moved to.
pub const STOP_COMMAND: &str = "todos -C \"$CLAUDE_PROJECT_DIR\" --color never check --hook";
pub const SESSION_START_COMMAND: &str = "todos -C \"$CLAUDE_PROJECT_DIR\" --color never show";
/// New sessions, resumed ones and the context rebuilt after compaction get the plan.
pub const SESSION_START_MATCHER: &str = "startup|resume|compact";
pub const SETTINGS_FILE: &str = ".claude/settings.json";

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

pub fn init(ctx: &Context, args: &InitArgs) -> Result<Answer> {
    if args.hooks && args.agent != Agent::Claude {
        return Err(Error::usage(
            "--hooks installs Claude Code hooks: use it with --agent claude",
            Some(
                "for other agents, see the `todos check` and `todos show` hook recipes in the README"
                    .to_owned(),
            ),
        ));
    }
    let mcp = args
        .mcp
        .then(|| init_mcp::registration(args.agent))
        .transpose()?;
    let limits = ctx.config()?.limits;
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
    if args.hooks {
        let path = ctx.workspace.join(SETTINGS_FILE);
        changes.push(Change::new(SETTINGS_FILE, path, with_hooks)?);
    }
    if let Some(Registration::File { name, merge, .. }) = &mcp {
        changes.push(Change::new(name, ctx.workspace.join(name), *merge)?);
    }
    let mut files = Vec::with_capacity(changes.len());
    let mut text = String::new();
    for change in changes {
        let action = change.apply()?;
        let what = if let Some(Registration::File { name, then, .. }) = &mcp
            && *name == change.name
        {
            init_mcp::describe(then)
        } else if change.name == SETTINGS_FILE {
            format!(
                "a Stop hook ({STOP_COMMAND}) and a SessionStart hook for \
                 {SESSION_START_MATCHER} ({SESSION_START_COMMAND})"
            )
        } else {
            format!(
                "the todos instructions ({} items, {} characters an item)",
                limits.max_items, limits.max_content_chars
            )
        };
        let _ = writeln!(text, "{} {}: {what}", action.as_str(), change.name);
        files.push((change.name, action));
    }
    if let Some(Registration::Command(command)) = &mcp {
        let _ = writeln!(
            text,
            "Codex reads MCP servers only from your own configuration; to add todos there, run: \
             {command}"
        );
    }
    let mut data = json!({
        "agent": format!("{:?}", args.agent).to_lowercase(),
        "files": files
            .iter()
            .map(|(path, action)| json!({"path": path, "action": action.as_str()}))
            .collect::<Vec<_>>(),
    });
    if let Some(Registration::Command(command)) = &mcp {
        data["mcp_command"] = json!(command);
    }
    let headline = if files.iter().all(|(_, action)| *action == Action::Unchanged) {
        "Already set up: nothing changed."
    } else {
        "Set up: the agent now plans with todos."
    };
    Ok(Answer::new(text, data, headline))
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

/// Claude Code's settings with our two hooks merged in. Every other key and hook stays; a hook
/// whose command is already ours is left as it is (even if its matcher was edited).
fn with_hooks(old: Option<&str>, path: &Path) -> Result<String> {
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
    let hooks = settings.entry("hooks").or_insert_with(|| json!({}));
    let Value::Object(hooks) = hooks else {
        return Err(invalid("\"hooks\" must be an object".to_owned()));
    };
    add_hook(hooks, "Stop", None, STOP_COMMAND).map_err(&invalid)?;
    add_hook(
        hooks,
        "SessionStart",
        Some(SESSION_START_MATCHER),
        SESSION_START_COMMAND,
    )
    .map_err(&invalid)?;
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

/// Appends one matcher group running `command` to `event`, unless a handler runs it already.
fn add_hook(
    hooks: &mut Map<String, Value>,
    event: &str,
    matcher: Option<&str>,
    command: &str,
) -> Result<(), String> {
    let groups = hooks.entry(event).or_insert_with(|| json!([]));
    let Value::Array(groups) = groups else {
        return Err(format!("\"hooks.{event}\" must be an array"));
    };
    let present = groups.iter().any(|group| {
        group["hooks"]
            .as_array()
            .is_some_and(|handlers| handlers.iter().any(|handler| handler["command"] == command))
    });
    if !present {
        let mut group = Map::new();
        if let Some(matcher) = matcher {
            group.insert("matcher".into(), json!(matcher));
        }
        group.insert(
            "hooks".into(),
            json!([{"type": "command", "command": command}]),
        );
        groups.push(Value::Object(group));
    }
    Ok(())
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
        let old = r#"{"model": "opus", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}"#;
        let new = with_hooks(Some(old), Path::new("s.json")).unwrap();
        let value: Value = serde_json::from_str(&new).unwrap();
        assert_eq!(value["model"], "opus");
        let stop = value["hooks"]["Stop"].as_array().unwrap();
        assert_eq!(stop.len(), 2);
        assert_eq!(stop[0]["hooks"][0]["command"], "say done");
        assert_eq!(stop[1]["hooks"][0]["command"], STOP_COMMAND);
        assert!(stop[1].get("matcher").is_none());
        let start = &value["hooks"]["SessionStart"][0];
        assert_eq!(start["matcher"], SESSION_START_MATCHER);
        assert_eq!(start["hooks"][0]["type"], "command");
        assert_eq!(
            with_hooks(Some(&new), Path::new("s.json")).unwrap(),
            new,
            "idempotent"
        );
        for bad in ["[]", r#"{"hooks": []}"#, r#"{"hooks": {"Stop": {}}}"#, "{"] {
            assert!(with_hooks(Some(bad), Path::new("s.json")).is_err(), "{bad}");
        }
    }
}
