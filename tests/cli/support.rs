//! `TestEnv`: a temporary workspace and home, and a builder that runs the binary in them.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

/// The clock every test runs at, unless it sets its own.
pub const NOW: &str = "2025-01-02T17:42:33Z";

pub struct TestEnv {
    root: tempfile::TempDir,
}

impl TestEnv {
    pub fn new() -> Self {
        let root = tempfile::tempdir().expect("temp dir");
        // `ws/.git` pins workspace discovery inside the temp folder, whatever lies above it.
        for dir in ["ws/.git", "home", "home/.config", "home/.local/share"] {
            fs::create_dir_all(root.path().join(dir)).expect("test folders");
        }
        Self { root }
    }

    /// The workspace every command runs in (its current folder).
    pub fn ws(&self) -> PathBuf {
        self.root.path().join("ws")
    }

    pub fn home(&self) -> PathBuf {
        self.root.path().join("home")
    }

    /// `todos ARGS…` in the workspace, with `--color never`.
    pub fn todos(&self, args: &[&str]) -> Run {
        let mut command = Command::new(env!("CARGO_BIN_EXE_todos"));
        command
            .env_clear()
            .current_dir(self.ws())
            .env("HOME", self.home())
            .env("XDG_CONFIG_HOME", self.home().join(".config"))
            .env("XDG_DATA_HOME", self.home().join(".local/share"))
            .env("TZ", "UTC")
            .env("TODOS_NOW", NOW);
        Run {
            command,
            args: args.iter().map(ToString::to_string).collect(),
            stdin: None,
            color: false,
        }
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.ws().join(relative)
    }

    pub fn write_file(&self, relative: &str, contents: impl AsRef<[u8]>) {
        let path = self.path(relative);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("parent folder");
        }
        fs::write(path, contents).expect("write test file");
    }

    pub fn read(&self, relative: &str) -> String {
        fs::read_to_string(self.path(relative))
            .unwrap_or_else(|err| panic!("read {relative}: {err}"))
    }

    /// The stored document, parsed.
    pub fn store(&self) -> Value {
        serde_json::from_str(&self.read(".todos.json")).expect("store is JSON")
    }

    /// Every file of the workspace but the lock file, with its bytes: compare two of these to
    /// prove a rejected command changed nothing.
    pub fn tree(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        collect(&self.ws(), &self.ws(), &mut files);
        files
    }

    /// Runs `args`, expects exit `code`, and checks the workspace is byte-for-byte unchanged.
    pub fn rejects(&self, run: Run, code: i32) -> Done {
        let before = self.tree();
        let done = run.run();
        assert_eq!(
            done.code, code,
            "exit code\nstdout: {}\nstderr: {}",
            done.stdout, done.stderr
        );
        assert_eq!(
            self.tree(),
            before,
            "a rejected command changed the workspace"
        );
        done
    }

    /// The commands `todos --help` lists, but `help`: tests that cover every command read them
    /// from here, so a command added later is covered without editing them.
    pub fn subcommands(&self) -> Vec<String> {
        let help = self.todos(&["--help"]).run().success().stdout;
        let commands: Vec<String> = help
            .lines()
            .skip_while(|line| *line != "Commands:")
            .skip(1)
            .take_while(|line| !line.trim().is_empty())
            .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
            .filter_map(|line| line.split_whitespace().next())
            .filter(|name| *name != "help")
            .map(ToOwned::to_owned)
            .collect();
        assert!(commands.len() >= 5, "commands in --help: {help}");
        commands
    }

    /// A plan with these `STATUS:CONTENT` items and a summary, written with the args form.
    pub fn plan(&self, summary: &str, items: &[&str]) {
        let mut args = vec!["write", "--summary", summary];
        for item in items {
            args.extend(["-t", item]);
        }
        self.todos(&args).run().success();
    }
}

fn collect(root: &Path, dir: &Path, files: &mut BTreeMap<PathBuf, Vec<u8>>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if path
            .file_name()
            .is_some_and(|name| name != ".todos.json.lock")
        {
            let relative = path.strip_prefix(root).expect("inside root").to_path_buf();
            files.insert(relative, fs::read(&path).expect("read file"));
        }
    }
}

pub struct Run {
    command: Command,
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
    color: bool,
}

impl Run {
    pub fn stdin(mut self, input: impl AsRef<[u8]>) -> Self {
        self.stdin = Some(input.as_ref().to_vec());
        self
    }

    pub fn env(mut self, key: &str, value: impl AsRef<std::ffi::OsStr>) -> Self {
        self.command.env(key, value);
        self
    }

    /// Runs in `dir` instead of the workspace root.
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.command.current_dir(dir);
        self
    }

    /// Leaves color to the environment instead of passing `--color never`.
    pub fn color_from_env(mut self) -> Self {
        self.color = true;
        self
    }

    fn add_args(&mut self) {
        if !self.color {
            self.command.args(["--color", "never"]);
        }
        self.command.args(&self.args);
    }

    /// Starts the command with stdout and stderr piped and returns at once, for commands that
    /// keep running (`show --watch`).
    pub fn spawn(mut self) -> std::process::Child {
        self.add_args();
        self.command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        self.command.spawn().expect("start todos")
    }

    /// Starts the command with stdin, stdout and stderr piped, for a server driven line by line
    /// (`todos mcp`).
    #[cfg(feature = "mcp")]
    pub fn spawn_piped(mut self) -> std::process::Child {
        self.add_args();
        self.command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        self.command.spawn().expect("start todos")
    }

    pub fn run(mut self) -> Done {
        self.add_args();
        self.command.stdin(if self.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
        self.command.stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = self.command.spawn().expect("start todos");
        if let Some(input) = self.stdin.take() {
            let mut pipe = child.stdin.take().expect("stdin pipe");
            // The binary may refuse early and close its end; that is not the test's failure.
            let _ = pipe.write_all(&input);
        }
        let output = child.wait_with_output().expect("wait for todos");
        Done {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

#[derive(Debug)]
pub struct Done {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Done {
    #[track_caller]
    pub fn success(self) -> Self {
        assert_eq!(
            self.code, 0,
            "expected success\nstdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        self
    }

    #[track_caller]
    pub fn code(self, code: i32) -> Self {
        assert_eq!(
            self.code, code,
            "exit code\nstdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        self
    }

    /// stdout parsed as the one JSON envelope `--json` prints.
    #[track_caller]
    pub fn json(&self) -> Value {
        assert_eq!(
            self.stdout.lines().count(),
            1,
            "one JSON line: {}",
            self.stdout
        );
        serde_json::from_str(&self.stdout).unwrap_or_else(|err| panic!("{err}: {}", self.stdout))
    }
}

/// The statuses and contents of a stored or enveloped todo list, for compact assertions.
pub fn items(todos: &Value) -> Vec<(String, String, String)> {
    todos
        .as_array()
        .expect("todos array")
        .iter()
        .map(|item| {
            let text = |key: &str| item[key].as_str().unwrap_or_default().to_owned();
            (text("id"), text("status"), text("content"))
        })
        .collect()
}

/// The paths of an error envelope's details, in order.
pub fn error_paths(envelope: &Value) -> Vec<String> {
    envelope["error"]["details"]
        .as_array()
        .expect("error details")
        .iter()
        .map(|detail| detail["path"].as_str().expect("a path").to_owned())
        .collect()
}
