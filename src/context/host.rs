//! The process `todos` runs in: its environment variables, current folder, user config folder and
//! standard streams. `Host::process()` is the real one; tests and the MCP server build their own
//! (`Host::in_memory`), so the library runs in process with nothing read behind their back.

use std::cell::OnceCell;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
#[cfg(unix)]
use std::time::Instant;

use serde_json::Value;

use crate::policy::error::Result;
use crate::policy::settings::Variable;

/// How long a command that can do without input waits for stdin to send (and then for each
/// further chunk) before it takes a stdin left open and silent as no input: far beyond what a
/// pipe that is really sending takes, far below any hook's time-out.
pub const STDIN_GRACE: Duration = crate::policy::cap::Cap::StdinGraceMillis.duration();

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

/// Where environment variables come from.
enum Vars {
    /// This process's environment.
    Process,
    /// A fixed set (tests, and each call of the MCP server).
    Fixed(Vec<(String, String)>),
}

/// The user's configuration folder, by the platform's rules, as the `directories` crate knows
/// them (SPEC §7): `$XDG_CONFIG_HOME` when it is absolute, else `.config` in the home folder;
/// `Library/Application Support` on macOS; the roaming application data folder on Windows.
fn user_config_dir() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|dirs| dirs.config_dir().to_path_buf())
}

pub struct Host {
    vars: Vars,
    cwd: io::Result<PathBuf>,
    /// The platform's config folder (`~/.config` on Linux), where `todos/config.json` lives.
    config_dir: Option<PathBuf>,
    /// Decided on first use (`stdin_kind`): most commands never look at stdin.
    stdin_kind: OnceCell<Stdin>,
    pub stdin: Box<dyn Read>,
    /// Whether `stdin` is this process's, which `read_stdin_within` polls with a deadline.
    stdin_is_process: bool,
    pub stdout: Box<dyn Write>,
    pub stdout_is_terminal: bool,
    pub stderr: Box<dyn Write>,
    pub stderr_is_terminal: bool,
    /// Asks the terminal behind stdout for its size (columns, rows), as it is now: it changes
    /// when the window is resized.
    window: fn() -> Option<(usize, usize)>,
    /// What makes the changes this host runs, when no command line does (the board's page):
    /// the history names it after the command.
    pub via: Option<crate::policy::via::Via>,
}

impl Host {
    /// This process: its environment, folder and streams.
    pub fn process() -> Self {
        use std::io::IsTerminal;
        Self {
            vars: Vars::Process,
            cwd: std::env::current_dir(),
            config_dir: user_config_dir(),
            stdin_kind: OnceCell::new(),
            stdin: Box::new(io::stdin()),
            stdin_is_process: true,
            stdout_is_terminal: io::stdout().is_terminal(),
            stdout: Box::new(io::stdout()),
            stderr_is_terminal: io::stderr().is_terminal(),
            stderr: Box::new(io::stderr()),
            window: window_size,
            via: None,
        }
    }

    /// A host whose variables are `vars`, whose folder is `cwd`, whose stdin holds `stdin` (none:
    /// `/dev/null`), and whose stdout and stderr are kept in buffers, none of them a terminal.
    pub fn in_memory(
        vars: Vec<(String, String)>,
        cwd: PathBuf,
        config_dir: Option<PathBuf>,
        stdin: Option<Vec<u8>>,
    ) -> (Self, Buffer, Buffer) {
        let (stdout, stderr) = (Buffer::default(), Buffer::default());
        let host = Self {
            vars: Vars::Fixed(vars),
            cwd: Ok(cwd),
            config_dir,
            stdin_kind: OnceCell::from(if stdin.is_some() {
                Stdin::Data
            } else {
                Stdin::Device
            }),
            stdin: Box::new(io::Cursor::new(stdin.unwrap_or_default())),
            stdin_is_process: false,
            stdout: Box::new(stdout.clone()),
            stdout_is_terminal: false,
            stderr: Box::new(stderr.clone()),
            stderr_is_terminal: false,
            window: || None,
            via: None,
        };
        (host, stdout, stderr)
    }

    /// An environment variable, as text.
    pub fn var(&self, name: &str) -> Option<String> {
        match &self.vars {
            Vars::Process => {
                std::env::var_os(name).map(|value| value.to_string_lossy().into_owned())
            }
            Vars::Fixed(vars) => vars
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.clone()),
        }
    }

    /// Every environment variable (those that are text), for a host made from this one.
    pub fn vars(&self) -> Vec<(String, String)> {
        match &self.vars {
            Vars::Process => std::env::vars_os()
                .filter_map(|(key, value)| {
                    Some((key.into_string().ok()?, value.into_string().ok()?))
                })
                .collect(),
            Vars::Fixed(vars) => vars.clone(),
        }
    }

    /// What stands behind stdin, looked at on first use.
    pub fn stdin_kind(&self) -> Stdin {
        *self.stdin_kind.get_or_init(detect_stdin)
    }

    pub fn current_dir(&self) -> io::Result<PathBuf> {
        match &self.cwd {
            Ok(dir) => Ok(dir.clone()),
            Err(err) => Err(io::Error::new(err.kind(), err.to_string())),
        }
    }

    pub fn config_dir(&self) -> Option<PathBuf> {
        self.config_dir.clone()
    }

    /// The size (columns, rows) text on stdout must fit: `None` into a pipe or a file, where
    /// lines are never wrapped.
    pub fn terminal_size(&self) -> Option<(usize, usize)> {
        self.terminal().and_then(|terminal| terminal.size())
    }

    /// The terminal behind stdout, to ask for its size again later (`show --watch` on a
    /// resize); `None` when stdout is not a terminal.
    pub fn terminal(&self) -> Option<Terminal> {
        if !self.stdout_is_terminal {
            return None;
        }
        let var = |name| {
            self.var(name)
                .and_then(|value| value.trim().parse::<usize>().ok())
                .filter(|n| *n > 0)
        };
        Some(Terminal {
            columns: var(Variable::Columns.name()),
            rows: var(Variable::Lines.name()),
            window: self.window,
        })
    }

    /// Reads piped stdin until EOF, until the bytes so far are one whole JSON value, or until
    /// nothing more has come for `wait` (at most 1 MiB): for input a caller may leave open
    /// without ever writing to it, such as an agent's hook payload, or a harness's stdin
    /// under `write --summary`. A pipe that is really sending delivers within milliseconds.
    pub fn read_stdin_within(&mut self, wait: Duration) -> Result<Vec<u8>> {
        if self.stdin_is_process {
            read_process_stdin_within(wait)
        } else {
            crate::input::json::read_limited(&mut self.stdin, "stdin")
        }
    }
}

/// The terminal stdout writes to. `COLUMNS` and `LINES`, when set to a number, win over what
/// the terminal says, as for other terminal programs.
#[derive(Clone, Copy)]
pub struct Terminal {
    columns: Option<usize>,
    rows: Option<usize>,
    window: fn() -> Option<(usize, usize)>,
}

impl Terminal {
    /// (columns, rows) as they are now.
    pub fn size(&self) -> Option<(usize, usize)> {
        let asked = (self.window)();
        self.size_from(asked)
    }

    /// (columns, rows) after the window was resized: what the terminal says wins, as a variable
    /// set before the resize cannot know the new size.
    pub fn size_after_resize(&self) -> Option<(usize, usize)> {
        (self.window)().or_else(|| self.size())
    }

    fn size_from(&self, asked: Option<(usize, usize)>) -> Option<(usize, usize)> {
        let columns = self.columns.or(asked.map(|(columns, _)| columns))?;
        // A terminal that reports no height is taken as tall enough for everything.
        let rows = self
            .rows
            .or(asked.map(|(_, rows)| rows))
            .unwrap_or(usize::MAX);
        Some((columns, rows))
    }
}

/// The size of the terminal behind stdout; `None` when it is not one or reports zero.
#[cfg(unix)]
fn window_size() -> Option<(usize, usize)> {
    let size = rustix::termios::tcgetwinsize(rustix::stdio::stdout()).ok()?;
    let (columns, rows) = (usize::from(size.ws_col), usize::from(size.ws_row));
    (columns > 0 && rows > 0).then_some((columns, rows))
}

#[cfg(not(unix))]
fn window_size() -> Option<(usize, usize)> {
    None
}

fn detect_stdin() -> Stdin {
    use std::io::IsTerminal;
    let stdin = io::stdin();
    if stdin.is_terminal() {
        return Stdin::Terminal;
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
            return Stdin::Device;
        }
    }
    Stdin::Data
}

#[cfg(unix)]
fn read_process_stdin_within(wait: Duration) -> Result<Vec<u8>> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    use rustix::io::Errno;

    let mut deadline = Instant::now() + wait;
    let stdin = rustix::stdio::stdin();
    let mut bytes = Vec::new();
    let mut chunk = [0_u8; 8192];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        let timeout = Timespec {
            tv_sec: i64::try_from(left.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(left.subsec_nanos()),
        };
        let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
        match poll(&mut fds, Some(&timeout)) {
            Ok(0) => break,
            Ok(_) => {}
            Err(Errno::INTR) => continue,
            Err(_) => break,
        }
        // Read straight from the descriptor: a buffered reader could hold bytes that poll(2)
        // no longer sees, and wait for more that never come.
        match rustix::io::read(stdin, &mut chunk) {
            Ok(0) => break,
            Ok(read) => {
                bytes.extend_from_slice(&chunk[..read]);
                // The wait is for each next chunk: a sender that is really sending goes on.
                deadline = Instant::now() + wait;
            }
            Err(Errno::INTR | Errno::AGAIN) => {}
            Err(_) => break,
        }
        crate::input::json::check_size(bytes.len(), "stdin")?;
        if serde_json::from_slice::<Value>(&bytes).is_ok() {
            break;
        }
    }
    Ok(bytes)
}

#[cfg(not(unix))]
fn read_process_stdin_within(_wait: Duration) -> Result<Vec<u8>> {
    // No poll(2) here: read to EOF, as every agent closes the pipe after the payload.
    crate::input::json::read_limited(std::io::stdin().lock(), "stdin")
}

/// Bytes written through one clone, read through another: an in-memory stdout or stderr.
#[derive(Clone, Default)]
pub struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Buffer {
    pub fn bytes(&self) -> Vec<u8> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes()).into_owned()
    }
}

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut buffer = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
