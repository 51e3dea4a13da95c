//! `todos init`: one command that sets an agent up. It owns a marked block in the agent's
//! instructions file and two hook entries in Claude Code's settings, and touches nothing else:
//! run twice, it changes nothing the second time.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::cli::{Agent, InitArgs};
use crate::commands::Answer;
use crate::context::Context;
use crate::disk;
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
    let limits = ctx.config()?.limits;
    let name = match args.agent {
        Agent::Claude => "CLAUDE.md",
        Agent::Gemini => "GEMINI.md",
        Agent::Codex | Agent::Generic => "AGENTS.md",
    };
    let block = format!("{BEGIN}\n{}{END}\n", guide::prompt(&limits));
    // Under the store's lock, two `init` runs read and write one after the other: neither
    // writes a text computed from what the other has since replaced.
    let _lock = crate::commands::lock(ctx, &crate::store::Store::new(&ctx.workspace))?;
    // Every new text is computed before anything is written: a refusal changes nothing.
    let path = ctx.workspace.join(name);
    let mut changes = vec![Change::new(name, &path, |old, path| {
        with_block(old, &block, path)
    })?];
    if args.hooks {
        let path = ctx.workspace.join(SETTINGS_FILE);
        changes.push(Change::new(SETTINGS_FILE, &path, with_hooks)?);
    }
    let mut files = Vec::with_capacity(changes.len());
    let mut text = String::new();
    for change in changes {
        let action = change.apply()?;
        let what = if change.name == SETTINGS_FILE {
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
    let data = json!({
        "agent": format!("{:?}", args.agent).to_lowercase(),
        "files": files
            .iter()
            .map(|(path, action)| json!({"path": path, "action": action.as_str()}))
            .collect::<Vec<_>>(),
    });
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
    /// Where the text goes: the file `name` names, or the target of its link.
    path: PathBuf,
    /// The workspace, links resolved, that every write must stay inside.
    root: PathBuf,
    old: Option<String>,
    new: String,
}

impl Change {
    /// Reads `path` (absent is `None`) and computes its new text. `path` is checked first
    /// (`disk::link_target`): a link is followed only to a file inside the workspace, and a
    /// FIFO or device is refused; `self.path` is where the text will go.
    fn new(
        name: &'static str,
        path: &Path,
        new_text: impl FnOnce(Option<&str>, &Path) -> Result<String>,
    ) -> Result<Self> {
        let root = disk::real_root(&path_workspace(path, name))?;
        let dir = disk::folder(&root, folder_of(name), false)?.path;
        let file_name = path.file_name().unwrap_or_default();
        let path = disk::link_target(&root, &dir.join(file_name))?;
        let old = match disk::read(&path, disk::Links::Refuse, None)? {
            Some(bytes) => Some(String::from_utf8(bytes).map_err(|_| {
                Error::invalid(format!("{} is not UTF-8 text", path.display()))
                    .with_hint("todos init leaves it untouched; fix or move it, then run it again")
            })?),
            None => None,
        };
        let new = new_text(old.as_deref(), &path)?;
        Ok(Self {
            name,
            path,
            root,
            old,
            new,
        })
    }

    /// Writes the new text, only when it differs: through `disk`, a new temporary file,
    /// synced, renamed over the file, so it is replaced whole or not at all. A missing folder
    /// (`.claude/`) is made, inside the workspace only.
    fn apply(&self) -> Result<Action> {
        let action = match &self.old {
            Some(old) if *old == self.new => return Ok(Action::Unchanged),
            Some(_) => Action::Updated,
            None => Action::Created,
        };
        let mut folder = disk::folder(&self.root, folder_of(self.name), true)?;
        let written = disk::check_file(&self.path).and_then(|old| {
            disk::replace(&self.path, self.new.as_bytes(), disk::mode_of(old.as_ref()))
        });
        if written.is_err() {
            folder.remove_created();
        }
        written.map(|()| action)
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

/// The workspace `path` (the file `name` names, relative to it) lies in.
fn path_workspace(path: &Path, name: &str) -> PathBuf {
    let depth = Path::new(name).components().count();
    path.ancestors()
        .nth(depth)
        .map_or_else(|| path.to_path_buf(), Path::to_path_buf)
}

/// The folder of `name`, relative to the workspace (empty for a file at its root).
fn folder_of(name: &str) -> &Path {
    Path::new(name).parent().unwrap_or(Path::new(""))
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
