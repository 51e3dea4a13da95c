//! The process `todos` runs in: its environment variables, current folder, user config folder and
//! standard streams. `Host::process()` is the real one; tests and the MCP server build their own
//! (`Host::in_memory`), so the library runs in process with nothing read behind their back.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

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

/// Looks an environment variable up.
type Vars = Box<dyn Fn(&str) -> Option<OsString>>;

pub struct Host {
    vars: Vars,
    cwd: io::Result<PathBuf>,
    /// The platform's config folder (`~/.config` on Linux), where `todos/config.json` lives.
    config_dir: Option<PathBuf>,
    pub stdin_kind: Stdin,
    pub stdin: Box<dyn Read>,
    pub stdout: Box<dyn Write>,
    pub stdout_is_terminal: bool,
    pub stderr: Box<dyn Write>,
    pub stderr_is_terminal: bool,
}

impl Host {
    /// This process: its environment, folder and streams.
    pub fn process() -> Self {
        use std::io::IsTerminal;
        Self {
            vars: Box::new(|name| std::env::var_os(name)),
            cwd: std::env::current_dir(),
            config_dir: directories::BaseDirs::new().map(|dirs| dirs.config_dir().to_path_buf()),
            stdin_kind: detect_stdin(),
            stdin: Box::new(io::stdin()),
            stdout_is_terminal: io::stdout().is_terminal(),
            stdout: Box::new(io::stdout()),
            stderr_is_terminal: io::stderr().is_terminal(),
            stderr: Box::new(io::stderr()),
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
            vars: Box::new(move |name| {
                vars.iter()
                    .find(|(key, _)| key == name)
                    .map(|(_, value)| OsString::from(value))
            }),
            cwd: Ok(cwd),
            config_dir,
            stdin_kind: if stdin.is_some() {
                Stdin::Data
            } else {
                Stdin::Device
            },
            stdin: Box::new(io::Cursor::new(stdin.unwrap_or_default())),
            stdout: Box::new(stdout.clone()),
            stdout_is_terminal: false,
            stderr: Box::new(stderr.clone()),
            stderr_is_terminal: false,
        };
        (host, stdout, stderr)
    }

    /// An environment variable, as text.
    pub fn var(&self, name: &str) -> Option<String> {
        (self.vars)(name).map(|value| value.to_string_lossy().into_owned())
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
