//! Everything read from the environment, once: workspace, clock, color, session, configuration.
//! The rest of the program takes these values as arguments and never reads the environment.

use std::cell::OnceCell;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, FixedOffset, Local};

use crate::cli::{ColorChoice, GlobalArgs};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::render::Palette;
use crate::store::STORE_FILE;

/// The process environment, as a lookup the context can be built from (tests pass their own).
pub type Env = dyn Fn(&str) -> Option<OsString>;

// The bools are facts decided once (flags, terminals), not states of a machine.
#[allow(clippy::struct_excessive_bools)]
pub struct Context {
    pub cwd: PathBuf,
    pub workspace: PathBuf,
    pub now: Now,
    /// `TODOS_SESSION`: a new value starts a new completion-log session.
    pub session: Option<String>,
    pub json: bool,
    pub quiet: bool,
    pub lock_timeout: Duration,
    stdin: OnceCell<Stdin>,
    /// Input handed over in memory in place of stdin: `todos mcp` passes a tool's arguments so.
    input: Option<String>,
    /// Decides how `show --watch` redraws: in place on a terminal, state after state in a pipe.
    pub stdout_is_terminal: bool,
    pub stdout: Palette,
    pub stderr: Palette,
    env_vars: Vec<(String, String)>,
    config: OnceCell<Config>,
}

/// The time of this run, found on first use (`ctx.now` reads as a `DateTime<Local>`): `show`
/// and `recap` never need it, and the local time zone is found by reading `/etc/localtime`.
pub struct Now {
    /// `TODOS_NOW`, checked when the context is built, so a bad value fails every command.
    fixed: Option<DateTime<FixedOffset>>,
    local: OnceCell<DateTime<Local>>,
}

impl Deref for Now {
    type Target = DateTime<Local>;

    fn deref(&self) -> &DateTime<Local> {
        self.local.get_or_init(|| {
            self.fixed
                .map_or_else(Local::now, |fixed| fixed.with_timezone(&Local))
        })
    }
}

impl Context {
    pub fn new(global: &GlobalArgs, env: &Env) -> Result<Self> {
        let cwd = std::env::current_dir()
            .map_err(|err| Error::internal(format!("cannot read the current folder: {err}")))?;
        let text = |name: &str| env(name).map(|value| value.to_string_lossy().into_owned());
        let from_env = || {
            text("TODOS_WORKSPACE")
                .filter(|dir| !dir.is_empty())
                .map(PathBuf::from)
        };
        let workspace = match global.workspace.clone().or_else(from_env) {
            Some(dir) => explicit_workspace(&cwd, &dir)?,
            None => discover_workspace(&cwd),
        };
        let fixed_now = match text("TODOS_NOW") {
            Some(value) => Some(DateTime::parse_from_rfc3339(value.trim()).map_err(|err| {
                Error::invalid(format!(
                    "TODOS_NOW={value:?} is not an RFC 3339 time: {err}"
                ))
                .with_hint(
                    "set it like TODOS_NOW=2025-01-02T17:42:33+08:00, or unset it to use the clock",
                )
            })?),
            None => None,
        };
        if !global.lock_timeout.is_finite()
            || global.lock_timeout < 0.0
            || global.lock_timeout > 86_400.0
        {
            return Err(Error::usage(
                format!(
                    "--lock-timeout {} is not a number of seconds from 0 to 86400",
                    global.lock_timeout
                ),
                None,
            ));
        }
        let color = |is_terminal: bool| match global.color {
            Some(ColorChoice::Always) => true,
            Some(ColorChoice::Never) => false,
            Some(ColorChoice::Auto) | None => {
                if text("NO_COLOR").is_some_and(|v| !v.is_empty()) {
                    false
                } else if text("CLICOLOR_FORCE").is_some_and(|v| v != "0") {
                    true
                } else {
                    is_terminal
                }
            }
        };
        let env_vars = crate::config::KEYS
            .iter()
            .filter_map(|(_, var)| text(var).map(|value| ((*var).to_owned(), value)))
            .collect();
        Ok(Self {
            cwd,
            workspace,
            now: Now {
                fixed: fixed_now,
                local: OnceCell::new(),
            },
            session: text("TODOS_SESSION").filter(|s| !s.trim().is_empty()),
            json: global.json,
            quiet: global.quiet,
            lock_timeout: Duration::from_secs_f64(global.lock_timeout),
            stdin: OnceCell::new(),
            input: None,
            stdout_is_terminal: std::io::stdout().is_terminal(),
            stdout: Palette::new(color(std::io::stdout().is_terminal())),
            stderr: Palette::new(color(std::io::stderr().is_terminal())),
            env_vars,
            config: OnceCell::new(),
        })
    }

    /// What stands behind stdin, looked at on first use only: most commands never read it.
    pub fn stdin(&self) -> Stdin {
        *self.stdin.get_or_init(Stdin::detect)
    }

    /// This run's stdin is `text`, not the process's: the MCP server runs a command this way.
    #[must_use]
    pub fn with_input(mut self, text: String) -> Self {
        self.stdin = OnceCell::from(Stdin::Data);
        self.input = Some(text);
        self
    }

    /// The input given with `with_input`, if any.
    pub fn input(&self) -> Option<&str> {
        self.input.as_deref()
    }

    /// The configuration, read on first use only: `show` and `recap` never need it.
    pub fn config(&self) -> Result<&Config> {
        if let Some(config) = self.config.get() {
            return Ok(config);
        }
        let lookup = |var: &str| {
            self.env_vars
                .iter()
                .find(|(name, _)| name == var)
                .map(|(_, value)| value.clone())
        };
        let user_config = directories::BaseDirs::new()
            .map(|dirs| dirs.config_dir().join("todos").join("config.json"));
        let config = Config::load(&self.workspace, user_config.as_deref(), lookup)?;
        Ok(self.config.get_or_init(|| config))
    }

    /// The completion-log folder, resolved against the workspace.
    pub fn memory_dir(&self) -> Result<PathBuf> {
        Ok(self.workspace.join(&self.config()?.memory_dir))
    }
}

/// What stands behind stdin, which decides whether a command may read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stdin {
    /// A person at a terminal: reading would wait for typing, so input must be given otherwise.
    Terminal,
    /// `/dev/null` or another device: nothing was sent.
    Device,
    /// A pipe or a file: input was sent.
    Data,
}

impl Stdin {
    fn detect() -> Self {
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            return Self::Terminal;
        }
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            use std::os::unix::fs::FileTypeExt;
            let device = stdin
                .as_fd()
                .try_clone_to_owned()
                .map(std::fs::File::from)
                .and_then(|file| file.metadata())
                .is_ok_and(|meta| meta.file_type().is_char_device());
            if device {
                return Self::Device;
            }
        }
        Self::Data
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

/// The nearest ancestor holding `.todos.json`, else the nearest holding `.git`, else `cwd`.
fn discover_workspace(cwd: &Path) -> PathBuf {
    let holding = |name: &str| {
        cwd.ancestors()
            .find(|dir| dir.join(name).exists())
            .map(Path::to_path_buf)
    };
    holding(STORE_FILE)
        .or_else(|| holding(".git"))
        .unwrap_or_else(|| cwd.to_path_buf())
}
