//! Everything a command needs to know about where and how it runs, decided once from the
//! global flags and the host: workspace, clock, session, color, output mode and configuration.
//! The rest of the program takes these values and never looks at the environment itself.

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Local};

use crate::cli::GlobalArgs;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::host::{Host, Stdin};
use crate::list::{DEFAULT_STORE, LISTS_DIR, ListName};
use crate::render::Palette;

pub struct Context {
    pub cwd: PathBuf,
    pub workspace: PathBuf,
    /// The list this command works on (`--list`, `TODOS_LIST`).
    pub list: ListName,
    /// The time of this run: `TODOS_NOW`, else the clock, in the local time zone (`TZ`).
    pub now: DateTime<Local>,
    /// `TODOS_SESSION`: a new value starts a new completion-log session.
    pub session: Option<String>,
    pub json: bool,
    pub quiet: bool,
    pub lock_timeout: Duration,
    pub stdin: Stdin,
    /// Decides how `show --watch` redraws: in place on a terminal, state after state in a pipe.
    pub stdout_is_terminal: bool,
    pub stdout: Palette,
    pub stderr: Palette,
    pub config: Config,
}

impl Context {
    pub fn new(global: &GlobalArgs, host: &Host) -> Result<Self> {
        let cwd = host
            .current_dir()
            .map_err(|err| Error::internal(format!("cannot read the current folder: {err}")))?;
        // An empty TODOS_WORKSPACE counts as unset: a shell that exports it empty means none.
        let from_env = || {
            host.var("TODOS_WORKSPACE")
                .filter(|dir| !dir.is_empty())
                .map(PathBuf::from)
        };
        let workspace = match global.workspace.clone().or_else(from_env) {
            Some(dir) => explicit_workspace(&cwd, &dir)?,
            None => discover_workspace(&cwd),
        };
        let list = match global
            .list
            .clone()
            .or_else(|| host.var("TODOS_LIST").filter(|name| !name.is_empty()))
        {
            Some(name) => ListName::parse(&name)?,
            None => ListName::default_list(),
        };
        let now = match host.var("TODOS_NOW") {
            Some(value) => DateTime::parse_from_rfc3339(value.trim())
                .map_err(|err| {
                    Error::invalid(format!(
                        "TODOS_NOW={value:?} is not an RFC 3339 time: {err}"
                    ))
                    .with_hint(
                        "set it like TODOS_NOW=2025-01-02T17:42:33+08:00, or unset it to use the clock",
                    )
                })?
                .with_timezone(&Local),
            None => Local::now(),
        };
        if !global.lock_timeout.is_finite()
            || global.lock_timeout < 0.0
            || global.lock_timeout > 86_400.0
        {
            return Err(Error::usage(format!(
                "--lock-timeout {} is not a number of seconds from 0 to 86400",
                global.lock_timeout
            )));
        }
        let (stdout, stderr) = crate::output::palettes(global.color, host);
        let user_config = host
            .config_dir()
            .map(|dir| dir.join("todos").join("config.json"));
        let config = Config::load(&workspace, user_config.as_deref(), |var| host.var(var))?;
        Ok(Self {
            cwd,
            workspace,
            list,
            now,
            session: host.var("TODOS_SESSION").filter(|s| !s.trim().is_empty()),
            json: global.json,
            quiet: global.quiet,
            lock_timeout: Duration::from_secs_f64(global.lock_timeout),
            stdin: host.stdin_kind,
            stdout_is_terminal: host.stdout_is_terminal,
            stdout,
            stderr,
            config,
        })
    }

    /// The completion-log folder, resolved against the workspace.
    pub fn memory_dir(&self) -> PathBuf {
        self.workspace.join(&self.config.memory_dir)
    }
}

fn explicit_workspace(cwd: &Path, dir: &Path) -> Result<PathBuf> {
    let path = cwd.join(dir);
    if path.is_dir() {
        Ok(path)
    } else {
        Err(
            Error::invalid(format!("the workspace {} is not a folder", path.display()))
                .with_hint("create it first, or pass another -C/--workspace (or TODOS_WORKSPACE)"),
        )
    }
}

/// The nearest folder upwards (the current one first) holding `.todos.json`, `.todos/` or
/// `.git`, whichever comes first, so a plan never leaks across a repository's boundary; else
/// the current folder.
fn discover_workspace(cwd: &Path) -> PathBuf {
    cwd.ancestors()
        .find(|dir| {
            [DEFAULT_STORE, LISTS_DIR, ".git"]
                .iter()
                .any(|name| std::fs::symlink_metadata(dir.join(name)).is_ok())
        })
        .unwrap_or(cwd)
        .to_path_buf()
}
