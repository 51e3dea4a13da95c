//! Limits and paths a user may change: flags > `TODOS_*` environment > the workspace's
//! `.todos.config.json` > the user's `todos/config.json` > defaults.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use crate::plan::model::Limits;
use crate::policy::error::{Input, Result, Wrong};
pub use crate::policy::settings::WORKSPACE_CONFIG;
use crate::policy::settings::{DEFAULT_HISTORY_LIMIT, DEFAULT_MEMORY_DIR, SETTINGS, Setting};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub limits: Limits,
    /// How many revisions each list's history keeps.
    pub history_limit: usize,
    /// Where completion logs go, relative to the workspace and inside it (an absolute path is refused).
    pub memory_dir: PathBuf,
    /// How long a claim lasts when `next --claim` names no `--lease`; `None`: for ever.
    pub claim_lease: Option<Duration>,
    /// Whether the linked worktrees of a repository share the main worktree's plan.
    pub worktrees: Worktrees,
}

pub use crate::policy::settings::Worktrees;

impl Default for Config {
    fn default() -> Self {
        Self {
            limits: Limits::default(),
            history_limit: DEFAULT_HISTORY_LIMIT,
            memory_dir: PathBuf::from(DEFAULT_MEMORY_DIR),
            claim_lease: None,
            worktrees: Worktrees::Separate,
        }
    }
}

/// One value from one source, before it is checked.
enum Raw<'a> {
    Json(&'a Value),
    Text(&'a str),
}

impl Config {
    /// Layers the sources from weakest to strongest. `env` looks a variable up; the caller
    /// decides where variables come from, so tests need no process environment.
    pub fn load(
        workspace: &Path,
        user_file: Option<&Path>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Self> {
        let mut config = Self::default();
        if let Some(file) = user_file {
            config.apply_file(file)?;
        }
        // The workspace's file comes with the repository: a link to it is followed only when
        // it stays inside the workspace.
        let workspace_file = workspace.join(WORKSPACE_CONFIG);
        if std::fs::symlink_metadata(&workspace_file).is_ok() {
            let root = crate::store::disk::real_root(workspace)?;
            config.apply_file(&crate::store::disk::link_target(&root, &workspace_file)?)?;
        }
        for info in &SETTINGS {
            let var = info.env;
            if let Some(value) = env(var) {
                config
                    .set(info.key, &Raw::Text(&value))
                    .map_err(|why| Input::ConfigVariable { var, value, why })?;
            }
        }
        Ok(config)
    }

    /// Reads one file, at most 1 MiB of it, without blocking on a FIFO or a device.
    fn apply_file(&mut self, file: &Path) -> Result<()> {
        let source = format!("configuration file {}", file.display());
        let Some(bytes) = crate::store::disk::read(
            file,
            crate::store::disk::Links::Follow,
            crate::store::disk::Cap::Input(&source),
        )?
        else {
            return Ok(());
        };
        let value = crate::input::json::parse(crate::input::json::utf8(&bytes, &source)?, &source)?;
        let Value::Object(object) = value else {
            return Input::ConfigNotObject { source }.into();
        };
        for (key, value) in &object {
            self.set(key, &Raw::Json(value))
                .map_err(|why| Input::ConfigKey {
                    source: source.clone(),
                    key: key.clone(),
                    why,
                })?;
        }
        Ok(())
    }

    fn set(&mut self, key: &str, raw: &Raw<'_>) -> Result<(), Wrong> {
        let Some(setting) = Setting::of_key(key) else {
            return Err(Wrong::UnknownKey);
        };
        let refused = || Wrong::Setting(setting);
        match setting {
            Setting::MemoryDir => {
                let text = match raw {
                    Raw::Json(Value::String(text)) => text.trim(),
                    Raw::Text(text) => text.trim(),
                    Raw::Json(_) => return Err(refused()),
                };
                if text.is_empty() {
                    return Err(Wrong::NoFolder);
                }
                self.memory_dir = PathBuf::from(text);
            }
            Setting::Limit(limit) => self.limits.set(limit, raw.count().ok_or_else(refused)?),
            Setting::HistoryLimit => self.history_limit = raw.count().ok_or_else(refused)?,
            Setting::ClaimLease => {
                let text = raw.text().ok_or_else(refused)?;
                self.claim_lease = crate::plan::claims::parse_lease(text)?;
            }
            Setting::Worktrees => {
                self.worktrees = raw.text().and_then(Worktrees::parse).ok_or_else(refused)?;
            }
        }
        Ok(())
    }
}

impl Raw<'_> {
    /// A string's text.
    fn text(&self) -> Option<&str> {
        match self {
            Raw::Json(Value::String(text)) => Some(text),
            Raw::Text(text) => Some(text),
            Raw::Json(_) => None,
        }
    }

    /// A whole number of at least 1.
    fn count(&self) -> Option<usize> {
        let number = match self {
            Raw::Json(Value::Number(number)) => number.as_u64(),
            Raw::Text(text) => text.trim().parse::<u64>().ok(),
            Raw::Json(_) => None,
        };
        number
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n >= 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn environment_beats_files_and_files_beat_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let user = dir.path().join("user.json");
        fs::write(&user, r#"{"max_items": 20, "max_content_chars": 80}"#).unwrap();
        fs::write(dir.path().join(WORKSPACE_CONFIG), r#"{"max_items": 30}"#).unwrap();
        let env = |var: &str| (var == "TODOS_MAX_CONTENT_CHARS").then(|| "100".to_owned());
        let config = Config::load(dir.path(), Some(&user), env).unwrap();
        assert_eq!(config.limits.max_items, 30);
        assert_eq!(config.limits.max_content_chars, 100);
        assert_eq!(config.limits.max_in_progress, 1);
    }

    #[test]
    fn errors_name_the_file_and_the_key() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(WORKSPACE_CONFIG), r#"{"max_itemz": 3}"#).unwrap();
        let err = Config::load(dir.path(), None, |_| None).unwrap_err();
        assert!(err.message.contains(WORKSPACE_CONFIG), "{err}");
        assert!(err.message.contains("\"max_itemz\""), "{err}");
        let err = Config::load(Path::new("/nonexistent"), None, |_| Some("0".into())).unwrap_err();
        assert!(err.message.contains("TODOS_MAX_ITEMS"), "{err}");
    }
}
