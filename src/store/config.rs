//! Limits and paths a user may change: flags > `TODOS_*` environment > the workspace's
//! `.todos.config.json` > the user's `todos/config.json` > defaults.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use crate::plan::model::Limits;
use crate::policy::error::{Input, Result, Wrong};
pub use crate::policy::settings::WORKSPACE_CONFIG;
use crate::policy::settings::{
    DEFAULT_CLOCK_SKEW_SECONDS, DEFAULT_HISTORY_LIMIT, DEFAULT_MEMORY_DIR,
    DEFAULT_REMOTE_TIMEOUT_SECONDS, SETTINGS, Setting,
};

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
    /// The git remote every list also lives on (SPEC §11): from the user's file or
    /// `TODOS_REMOTE` here, from the clone's git config in `Context`; `None`: none.
    pub remote: Option<String>,
    /// The remote a workspace's own file names: only a suggestion, never fetched from.
    pub suggested_remote: Option<String>,
    /// How long one command's git calls may take in all.
    pub remote_timeout: Duration,
    /// How long after its end a lease still counts when the plan has a remote.
    pub clock_skew: Duration,
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
            remote: None,
            suggested_remote: None,
            remote_timeout: Duration::from_secs(DEFAULT_REMOTE_TIMEOUT_SECONDS),
            clock_skew: Duration::from_secs(DEFAULT_CLOCK_SKEW_SECONDS),
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
        Self::load_looked(workspace, None, user_file, env)
    }

    /// `load`, where the workspace's `.todos.config.json` was looked at already this run:
    /// `Some(false)` when nothing was there, which is not asked again.
    pub fn load_looked(
        workspace: &Path,
        there: Option<bool>,
        user_file: Option<&Path>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Self> {
        let mut config = Self::default();
        if let Some(file) = user_file {
            config.apply_file(file, false)?;
        }
        // The workspace's file comes with the repository: a link to it is followed only when
        // it stays inside the workspace (`link_target` looks at it again).
        let workspace_file = workspace.join(WORKSPACE_CONFIG);
        let there = there.unwrap_or_else(|| std::fs::symlink_metadata(&workspace_file).is_ok());
        if there {
            let root = crate::store::disk::real_root(workspace)?;
            config.apply_file(
                &crate::store::disk::link_target(&root, &workspace_file)?,
                true,
            )?;
        }
        for info in &SETTINGS {
            let var = info.env;
            if let Some(value) = env(var) {
                config
                    .set(info.key, &Raw::Text(&value), false)
                    .map_err(|why| Input::ConfigVariable { var, value, why })?;
            }
        }
        Ok(config)
    }

    /// Reads one file, at most 1 MiB of it, without blocking on a FIFO or a device. A
    /// workspace's own file (`suggests`) may only suggest a remote (SPEC §11).
    fn apply_file(&mut self, file: &Path, suggests: bool) -> Result<()> {
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
            self.set(key, &Raw::Json(value), suggests)
                .map_err(|why| Input::ConfigKey {
                    source: source.clone(),
                    key: key.clone(),
                    why,
                })?;
        }
        Ok(())
    }

    fn set(&mut self, key: &str, raw: &Raw<'_>, suggests: bool) -> Result<(), Wrong> {
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
            Setting::Remote => {
                let text = raw.text().ok_or_else(refused)?.trim();
                if !is_remote_name(text) {
                    return Err(refused());
                }
                let name = Some(text.to_owned());
                if suggests {
                    self.suggested_remote = name;
                } else {
                    self.remote = name;
                }
            }
            Setting::RemoteTimeout => {
                let text = raw.text().ok_or_else(refused)?;
                self.remote_timeout =
                    crate::plan::claims::parse_lease(text)?.ok_or_else(refused)?;
            }
            Setting::ClockSkew => {
                let text = raw.text().ok_or_else(refused)?;
                self.clock_skew = crate::plan::claims::parse_lease(text)?.unwrap_or_default();
            }
        }
        Ok(())
    }
}

/// A git remote's name as `todos` takes it: what `git remote add` takes, without anything a
/// command line or a URL could read as more than a name.
pub fn is_remote_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 100
        && !name.starts_with(['-', '.', '/'])
        && !name.contains("..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/'))
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
        assert!(err.to_string().contains(WORKSPACE_CONFIG), "{err}");
        assert!(err.to_string().contains("\"max_itemz\""), "{err}");
        let err = Config::load(Path::new("/nonexistent"), None, |_| Some("0".into())).unwrap_err();
        assert!(err.to_string().contains("TODOS_MAX_ITEMS"), "{err}");
    }
}
