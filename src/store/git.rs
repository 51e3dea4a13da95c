//! Running the user's own `git`: the one place `todos` starts it, for `resolve`'s look into the
//! index and for the plans that live on a remote (SPEC §11).
//!
//! Every run is bounded and runs nothing the repository's configuration names (SPEC §9): no
//! hook (`core.hooksPath=/dev/null`), no fsmonitor, no pager, no replace objects; it never
//! prompts (`GIT_TERMINAL_PROMPT=0`, no askpass program), reads no terminal (stdin is null or
//! the bytes given), speaks the C locale (its messages are read), and is killed with every
//! process it started (its own process group) once its deadline passes. What it prints is
//! captured up to a cap. The program is `git` from `PATH`, so the user's credential helpers,
//! ssh configuration and proxies work as they do for code; `todos` stores no credential.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub mod objects;

/// What keeps git from running anything the repository's own config names, for every run.
pub const RUNS_NOTHING: [&str; 10] = [
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.useBuiltinFSMonitor=false",
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "core.pager=cat",
    "--no-pager",
    "--no-replace-objects",
];

/// For a run that reads only the local repository: no transport at all.
pub const NO_TRANSPORT: [&str; 2] = ["-c", "protocol.allow=never"];

/// For a fetch or a push: the transports git allows by default, never `ext::` (a command
/// line in a URL).
pub const TRANSPORT: [&str; 2] = ["-c", "protocol.ext.allow=never"];

/// One way to run git: in a folder, with the run's own environment, until a deadline.
pub struct Git {
    dir: std::path::PathBuf,
    vars: Vec<(String, String)>,
    deadline: Instant,
}

/// What a finished run printed, and whether it succeeded.
#[derive(Debug)]
pub struct Output {
    pub success: bool,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl Output {
    /// The first line of what git said on stderr that says why (`fatal: …`, `error: …`,
    /// `remote: …`), else its last line; at most `Cap`'s length, control characters dropped.
    pub fn reason(&self) -> String {
        reason(&self.stderr)
    }
}

/// Why a run gave no output.
#[derive(Debug)]
pub enum Failure {
    /// git could not be started (not installed, not on `PATH`).
    Spawn(String),
    /// The deadline passed: git and everything it started were killed.
    TimedOut,
}

/// The longest reason quoted from git.
const REASON_CHARS: usize = 200;

/// git's one-line reason, from what it printed on stderr.
pub fn reason(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("hint:"))
        .collect();
    let line = lines
        .iter()
        .find(|line| line.starts_with("remote: ") && line.len() > "remote: ".len())
        .or_else(|| {
            lines
                .iter()
                .find(|line| line.starts_with("fatal:") || line.starts_with("error:"))
        })
        .or_else(|| lines.last())
        .copied()
        .unwrap_or("git gave no reason");
    let clean: String = line
        .chars()
        .filter(|c| !c.is_control())
        .take(REASON_CHARS)
        .collect();
    clean
}

impl Git {
    /// git in `dir`, with `vars` as its whole environment (plus the settings above), for at
    /// most `budget` in all.
    pub fn new(dir: &Path, vars: impl Iterator<Item = (String, String)>, budget: Duration) -> Self {
        Self {
            dir: dir.to_path_buf(),
            vars: vars.collect(),
            deadline: Instant::now() + budget,
        }
    }

    /// The environment git runs with (besides the settings above).
    pub fn vars(&self) -> impl Iterator<Item = (&str, &str)> {
        self.vars.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The time left before the deadline.
    pub fn left(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    /// Runs `git PREFIX ARGS`, giving it `input` on stdin, keeping at most `cap` bytes of its
    /// stdout (the rest is read and dropped, so git never blocks on a full pipe).
    pub fn run(
        &self,
        prefix: &[&str],
        args: &[&str],
        input: Option<&[u8]>,
        cap: u64,
    ) -> Result<Output, Failure> {
        self.run_env(prefix, args, input, cap, &[])
    }

    /// `run`, with `env` added to git's environment.
    pub fn run_env(
        &self,
        prefix: &[&str],
        args: &[&str],
        input: Option<&[u8]>,
        cap: u64,
        env: &[(&str, &str)],
    ) -> Result<Output, Failure> {
        let mut command = Command::new("git");
        command
            .env_clear()
            .envs(self.vars.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .env("GIT_TERMINAL_PROMPT", "0")
            .env("GIT_ASKPASS", "")
            .env("SSH_ASKPASS", "")
            .env("GCM_INTERACTIVE", "never")
            .env("GIT_OPTIONAL_LOCKS", "0")
            .env("GIT_NO_LAZY_FETCH", "1")
            .env("LC_ALL", "C")
            .env("LANGUAGE", "C")
            .envs(env.iter().copied())
            .current_dir(&self.dir)
            .args(RUNS_NOTHING)
            .args(prefix)
            .args(args)
            .stdin(if input.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|err| Failure::Spawn(err.to_string()))?;
        #[cfg(unix)]
        let group = rustix::process::Pid::from_child(&child);
        let (sender, receiver) = mpsc::channel();
        if let (Some(mut stdin), Some(bytes)) = (child.stdin.take(), input) {
            let bytes = bytes.to_vec();
            std::thread::spawn(move || {
                let _ = stdin.write_all(&bytes);
            });
        }
        let out = child.stdout.take().map(|pipe| capture(pipe, cap));
        let err = child.stderr.take().map(|pipe| capture(pipe, 64 * 1024));
        std::thread::spawn(move || {
            let status = child.wait();
            let _ = sender.send(status);
        });
        let status = match receiver.recv_timeout(self.left()) {
            Ok(Ok(status)) => status,
            Ok(Err(err)) => return Err(Failure::Spawn(err.to_string())),
            Err(_) => {
                #[cfg(unix)]
                let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
                return Err(Failure::TimedOut);
            }
        };
        // What git printed: a process it left behind (an ssh master) may hold the pipes open,
        // so the wait for them is bounded by the deadline too.
        let take = |pipe: Option<mpsc::Receiver<Vec<u8>>>| {
            pipe.and_then(|pipe| pipe.recv_timeout(self.left()).ok())
                .unwrap_or_default()
        };
        let stdout = take(out);
        let stderr = take(err);
        Ok(Output {
            success: status.success(),
            stdout,
            stderr,
        })
    }
}

/// Reads a pipe on its own thread: the first `cap` bytes are kept, the rest dropped.
fn capture(pipe: impl Read + Send + 'static, cap: u64) -> mpsc::Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut pipe = pipe;
        let mut kept = Vec::new();
        let _ = (&mut pipe).take(cap).read_to_end(&mut kept);
        let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        let _ = sender.send(kept);
    });
    receiver
}
