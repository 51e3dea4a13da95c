//! SPEC §9, tried as an attacker would: a repository's own files (links, FIFOs, files of
//! another user, a hostile config or store) must never make `todos` write outside the
//! workspace, hang, or lose data. Every refusal is checked with `rejects`, which compares the
//! whole test folder (the workspace and what lies `outside` it) byte for byte.

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::{Done, TestEnv};

/// A refusal that must come at once: generous for a machine loaded by parallel builds (5 s
/// failed there with a load average of 10), and still half the 30 s lock
/// time-out every such test passes.
const AT_ONCE: Duration = Duration::from_secs(15);

/// A victim file outside the workspace, with text of its own, for links to point at.
fn victim(env: &TestEnv, name: &str) -> std::path::PathBuf {
    let path = env.outside(name);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, "the user's own text\n").unwrap();
    path
}

fn assert_unsafe(done: &Done, names: &str) {
    assert!(
        done.stderr.starts_with("error: ") && done.stderr.contains(names),
        "the refusal names {names}: {}",
        done.stderr
    );
    assert!(done.stderr.contains("hint: "), "{}", done.stderr);
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

/// Puts something hostile in a workspace; the path is a victim file outside it.
type Plant = fn(&TestEnv, &Path);

/// Every command that writes, with what it needs to change something.
const WRITERS: [&[&str]; 4] = [
    &["write", "--summary", "S", "-t", "completed:x"],
    &["create", "B"],
    &["update", "1", "completed"],
    &["undo"],
];

#[test]
fn a_store_file_that_is_a_link_is_never_written_through() {
    for name in [".todos.json", ".todos.json.lock", ".todos.history.jsonl"] {
        for args in WRITERS {
            let env = TestEnv::new();
            env.plan("S", &["pending:A"]);
            env.todos(&["create", "C"]).run().success();
            let target = victim(&env, "victim.txt");
            let _ = fs::remove_file(env.path(name));
            symlink(&target, env.path(name)).unwrap();
            let done = env.rejects(env.todos(args).arg("--lock-timeout").arg("30"), 6);
            assert_unsafe(&done, name);
            assert!(
                done.stderr.contains("is a symbolic link"),
                "{}",
                done.stderr
            );
        }
    }
}

#[test]
fn a_symlinked_store_is_refused_by_readers_too() {
    let env = TestEnv::new();
    let target = victim(&env, "plan.json");
    fs::write(
        &target,
        r#"{"version":1,"revision":1,"next_id":2,"todos":[{"id":"1","content":"x","status":"pending"}]}"#,
    )
    .unwrap();
    symlink(&target, env.path(".todos.json")).unwrap();
    for args in [&["show"][..], &["recap"], &["check"], &["--json", "show"]] {
        let done = env.rejects(env.todos(args), 6);
        if args[0] == "--json" {
            assert_eq!(done.json()["error"]["code"], "UNSAFE_PATH");
        } else {
            assert_unsafe(&done, ".todos.json is a symbolic link");
        }
    }
}

#[test]
fn the_completion_log_never_leaves_the_workspace() {
    // memory_dir values, from the config file and the environment.
    for memory_dir in ["..", "../outside", "/tmp/todos-escape", "memory/../../x"] {
        let env = TestEnv::new();
        env.plan("S", &["in_progress:A"]);
        let done = env.rejects(
            env.todos(&["update", "1", "completed"])
                .env("TODOS_MEMORY_DIR", memory_dir),
            6,
        );
        assert!(done.stderr.contains("error: "), "{}", done.stderr);
        env.write_file(
            ".todos.config.json",
            format!(r#"{{"memory_dir": "{memory_dir}"}}"#),
        );
        env.rejects(env.todos(&["update", "1", "completed"]), 6);
    }
    // Links on the way: the log folder, a folder above it, the log file itself.
    let plants: [(&str, Plant); 3] = [
        ("memory/todos", |env, outside| {
            fs::create_dir_all(env.path("memory")).unwrap();
            symlink(outside, env.path("memory/todos")).unwrap();
        }),
        ("memory", |env, outside| {
            symlink(outside, env.path("memory")).unwrap();
        }),
        ("todoList-20250102-174233.md", |env, outside| {
            fs::create_dir_all(env.path("memory/todos")).unwrap();
            symlink(
                outside.join("victim.md"),
                env.path("memory/todos/todoList-20250102-174233.md"),
            )
            .unwrap();
        }),
    ];
    for (name, plant) in plants {
        let env = TestEnv::new();
        env.plan("S", &["in_progress:A"]);
        victim(&env, "victim.md");
        plant(&env, &env.outside(""));
        let done = env.rejects(env.todos(&["update", "1", "completed"]), 6);
        assert_unsafe(&done, name);
    }
}

#[test]
fn a_later_block_never_follows_a_log_file_swapped_for_a_link() {
    let env = TestEnv::new();
    env.plan("S", &["completed:A"]);
    let log = env.path("memory/todos/todoList-20250102-174233.md");
    assert!(log.exists());
    let target = victim(&env, "victim.md");
    fs::remove_file(&log).unwrap();
    symlink(&target, &log).unwrap();
    let done = env.rejects(env.todos(&["write", "--summary", "T", "-t", "failed:B"]), 6);
    assert_unsafe(&done, "todoList-20250102-174233.md is a symbolic link");
}

#[test]
fn a_fifo_where_a_file_belongs_is_refused_at_once() {
    let cases: [(&str, &[&str]); 8] = [
        (".todos.json", &["show"]),
        (".todos.json", &["create", "A"]),
        (".todos.json.lock", &["create", "A"]),
        (".todos.history.jsonl", &["undo"]),
        (".todos.history.jsonl", &["history"]),
        (".todos.config.json", &["show"]),
        (".todos.config.json", &["create", "A"]),
        // The session's log file, once its first block made it: the next block goes there.
        (
            "memory/todos/todoList-20250102-174233.md",
            &["write", "-t", "failed:B"],
        ),
    ];
    for (name, args) in cases {
        let env = TestEnv::new();
        if name.starts_with("memory") {
            env.plan("S", &["completed:A"]);
        } else if name == ".todos.history.jsonl" {
            env.plan("S", &["pending:A"]);
        }
        let _ = fs::remove_file(env.path(name));
        fs::create_dir_all(env.path(name).parent().unwrap()).unwrap();
        mkfifo(&env.path(name));
        let started = Instant::now();
        let done = env.rejects(env.todos(args).arg("--lock-timeout").arg("30"), 6);
        assert!(
            started.elapsed() < AT_ONCE,
            "{name}: {:?}",
            started.elapsed()
        );
        assert_unsafe(&done, "FIFO");
    }
    // The user's own config file too: never blocks on it.
    let env = TestEnv::new();
    let user = env.home().join(".config/todos/config.json");
    fs::create_dir_all(user.parent().unwrap()).unwrap();
    mkfifo(&user);
    let started = Instant::now();
    let done = env.rejects(env.todos(&["create", "A"]), 6);
    assert!(started.elapsed() < AT_ONCE);
    assert_unsafe(&done, "config.json is a FIFO");
}

#[test]
fn a_device_or_a_huge_file_as_config_is_refused_without_reading_it() {
    let env = TestEnv::new();
    symlink("/dev/zero", env.path(".todos.config.json")).unwrap();
    // A link to outside the workspace is refused before it is opened.
    env.rejects(env.todos(&["show"]), 6);
    fs::remove_file(env.path(".todos.config.json")).unwrap();
    // 400 MB, sparse: only its first MiB may be read.
    let file = fs::File::create(env.path(".todos.config.json")).unwrap();
    file.set_len(400_000_000).unwrap();
    drop(file);
    let started = Instant::now();
    let done = env.rejects(env.todos(&["show"]), 1);
    assert!(started.elapsed() < AT_ONCE, "{:?}", started.elapsed());
    assert!(done.stderr.contains("larger than 1 MiB"), "{}", done.stderr);
}

#[test]
fn an_invalid_config_refuses_the_readers_too() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.write_file(".todos.config.json", r#"{"max_itemz": 3}"#);
    for args in [
        &["show"][..],
        &["recap"],
        &["check"],
        &["undo"],
        &["show", "--watch"],
    ] {
        let done = env.rejects(env.todos(args), 1);
        assert!(done.stderr.contains("\"max_itemz\""), "{}", done.stderr);
    }
}

#[test]
fn init_writes_only_inside_the_workspace() {
    let plants: [(&str, &[&str], Plant); 5] = [
        (
            "CLAUDE.md",
            &["init", "--agent", "claude"],
            |env, victim| {
                symlink(victim, env.path("CLAUDE.md")).unwrap();
            },
        ),
        ("AGENTS.md", &["init"], |env, victim| {
            fs::create_dir_all(env.path("docs")).unwrap();
            symlink("../../outside/victim.md", env.path("AGENTS.md")).unwrap();
            let _ = victim;
        }),
        (
            ".claude",
            &["init", "--agent", "claude", "--hooks"],
            |env, victim| {
                symlink(victim.parent().unwrap(), env.path(".claude")).unwrap();
            },
        ),
        (
            "settings.json",
            &["init", "--agent", "claude", "--hooks"],
            |env, victim| {
                fs::create_dir_all(env.path(".claude")).unwrap();
                symlink(victim, env.path(".claude/settings.json")).unwrap();
            },
        ),
        ("GEMINI.md", &["init", "--agent", "gemini"], |env, _| {
            mkfifo(&env.path("GEMINI.md"));
        }),
    ];
    for (name, args, plant) in plants {
        let env = TestEnv::new();
        let target = victim(&env, "victim.md");
        plant(&env, &target);
        let started = Instant::now();
        let done = env.rejects(env.todos(args), 6);
        assert!(started.elapsed() < AT_ONCE);
        assert_unsafe(&done, name);
    }
}

#[test]
fn init_follows_a_link_that_stays_inside_and_ignores_planted_temp_names() {
    let env = TestEnv::new();
    let target = victim(&env, "victim.md");
    env.write_file("docs/AGENTS.md", "# Rules\nMine.\n");
    symlink("docs/AGENTS.md", env.path("CLAUDE.md")).unwrap();
    // The fixed temp name an older todos used, planted as a link to a file outside.
    symlink(&target, env.path("docs/.AGENTS.md.todos-tmp")).unwrap();
    symlink(&target, env.path(".CLAUDE.md.todos-tmp")).unwrap();
    // Today's names, as a killed run leaves them (a regular file: cleared) and as a link; the
    // pids lie above any pid_max, so no live process has them.
    fs::write(env.path("docs/.AGENTS.md.2147483600-0.todos-tmp"), "half").unwrap();
    symlink(&target, env.path("docs/.AGENTS.md.2147483601-0.todos-tmp")).unwrap();
    env.todos(&["init", "--agent", "claude"]).run().success();
    assert!(!env.path("docs/.AGENTS.md.2147483600-0.todos-tmp").exists());
    assert!(fs::symlink_metadata(env.path("docs/.AGENTS.md.2147483601-0.todos-tmp")).is_ok());
    assert!(
        env.read("docs/AGENTS.md")
            .starts_with("# Rules\nMine.\n\n<!-- todos:begin")
    );
    assert!(
        fs::symlink_metadata(env.path("CLAUDE.md"))
            .unwrap()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(&target).unwrap(),
        "the user's own text\n"
    );
}

#[test]
fn parallel_init_runs_lose_no_byte_of_the_users_files() {
    let env = TestEnv::new();
    let mine = "# My project\n\nRules I wrote myself, with ünïcode.\n";
    env.write_file("CLAUDE.md", mine);
    env.write_file(".claude/settings.json", r#"{"model": "opus"}"#);
    for _round in 0..4 {
        let children: Vec<_> = (0..8)
            .map(|i| {
                let args: &[&str] = if i % 2 == 0 {
                    &[
                        "init",
                        "--agent",
                        "claude",
                        "--hooks",
                        "--lock-timeout",
                        "60",
                    ]
                } else {
                    &["init", "--agent", "codex", "--lock-timeout", "60"]
                };
                env.todos(args).spawn()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert!(output.status.success(), "{output:?}");
        }
    }
    let claude = env.read("CLAUDE.md");
    assert!(
        claude.starts_with(&format!("{mine}\n<!-- todos:begin")),
        "{claude}"
    );
    assert_eq!(claude.matches("<!-- todos:begin").count(), 1, "{claude}");
    assert_eq!(env.read("AGENTS.md").matches("<!-- todos:end").count(), 1);
    let settings: serde_json::Value =
        serde_json::from_str(&env.read(".claude/settings.json")).unwrap();
    assert_eq!(settings["model"], "opus");
    assert_eq!(settings["hooks"]["Stop"].as_array().unwrap().len(), 1);
    let strays: Vec<_> = fs::read_dir(env.ws())
        .unwrap()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().contains("tmp"))
        .collect();
    assert!(strays.is_empty(), "{strays:?}");
}

/// Makes `path` owned by the unprivileged user 65534 (the tests run as root).
fn chown_to_nobody(path: &Path) {
    let status = Command::new("chown")
        .args(["-h", "65534:65534"])
        .arg(path)
        .status()
        .expect("chown");
    assert!(status.success());
}

#[test]
fn discovery_refuses_todos_files_of_another_user() {
    let empty_store = r#"{"version": 1, "revision": 0, "next_id": 1, "todos": []}"#;
    for name in [".todos.json", ".todos", ".todos.config.json"] {
        let env = TestEnv::new();
        // `shared` stands for a folder such as /tmp: no .git, a file another user put there.
        let shared = env.outside("shared");
        fs::create_dir_all(shared.join("project")).unwrap();
        if name == ".todos" {
            fs::create_dir(shared.join(name)).unwrap();
        } else {
            fs::write(
                shared.join(name),
                if name == ".todos.json" {
                    empty_store
                } else {
                    "{}"
                },
            )
            .unwrap();
        }
        chown_to_nobody(&shared.join(name));
        // From `shared` itself, and, where the file marks a workspace, from a folder below,
        // which discovery climbs out of.
        let mut dirs = vec![shared.clone()];
        if name != ".todos.config.json" {
            dirs.push(shared.join("project"));
        }
        for dir in dirs {
            let done = env.rejects(env.todos(&["create", "A"]).current_dir(&dir), 6);
            assert_unsafe(&done, name);
            assert!(
                done.stderr.contains("owned by another user"),
                "{}",
                done.stderr
            );
            assert!(done.stderr.contains("pass -C"), "{}", done.stderr);
            env.rejects(env.todos(&["show"]).current_dir(&dir), 6);
        }
        // Named explicitly, it is the user's choice.
        env.todos(&["-C", shared.to_str().unwrap(), "show"])
            .current_dir(shared.join("project"))
            .run()
            .success();
    }
}

#[test]
fn discovery_stops_at_the_nearest_repository() {
    let env = TestEnv::new();
    env.plan("Outer", &["pending:outer"]);
    fs::create_dir_all(env.path("inner/.git")).unwrap();
    fs::create_dir_all(env.path("inner/src")).unwrap();
    env.todos(&["create", "inner item"])
        .current_dir(env.path("inner/src"))
        .run()
        .success();
    assert!(env.path("inner/.todos.json").exists());
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 1);
    // A `.todos/` folder marks a workspace as well.
    fs::create_dir_all(env.path("lists/.todos")).unwrap();
    fs::create_dir_all(env.path("lists/deep")).unwrap();
    env.todos(&["create", "x"])
        .current_dir(env.path("lists/deep"))
        .run()
        .success();
    assert!(env.path("lists/.todos.json").exists());
}

#[test]
fn a_new_store_never_gets_looser_permissions_than_the_umask() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    fs::set_permissions(env.path(".todos.json"), fs::Permissions::from_mode(0o666)).unwrap();
    let status = Command::new("sh")
        .args([
            "-c",
            "umask 077; exec \"$0\" \"$@\"",
            &crate::support::bin().to_string_lossy(),
        ])
        .args(["create", "B"])
        .current_dir(env.ws())
        .env_clear()
        .env("HOME", env.home())
        .env("TODOS_NOW", crate::support::NOW)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let mode = fs::metadata(env.path(".todos.json"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn an_absolute_workspace_works_from_a_deleted_folder() {
    let env = TestEnv::new();
    let gone = env.outside("gone");
    fs::create_dir_all(&gone).unwrap();
    let ws = env.ws();
    let script = "cd \"$1\" && rmdir \"$1\" && exec \"$0\" -C \"$2\" --color never create A";
    let output = Command::new("sh")
        .args(["-c", script, &crate::support::bin().to_string_lossy()])
        .arg(&gone)
        .arg(&ws)
        .env_clear()
        .env("HOME", env.home())
        .env("TODOS_NOW", crate::support::NOW)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(env.store()["todos"][0]["content"], "A");
    // A relative one cannot be found from there: a clear error, not a panic.
    let script = "cd \"$1\" && rmdir \"$1\" && exec \"$0\" -C . show";
    fs::create_dir_all(&gone).unwrap();
    let output = Command::new("sh")
        .args(["-c", script, &crate::support::bin().to_string_lossy()])
        .arg(&gone)
        .env_clear()
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(5), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read the current folder"));
}

#[test]
fn a_failure_to_write_the_output_exits_5_and_a_closed_pipe_stays_quiet() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let full = || {
        fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    for args in [
        &["show"][..],
        &["recap"],
        &["--json", "show"],
        &["prompt"],
        &["schema"],
    ] {
        let done = env.todos(args).stdout_to(full()).run();
        assert_eq!(done.code, 5, "{args:?}: {}", done.stderr);
        assert!(
            done.stderr.contains("cannot write the output"),
            "{}",
            done.stderr
        );
    }
    // A change is made, then its output fails: the change stands, the exit says the rest.
    let done = env.todos(&["create", "B"]).stdout_to(full()).run();
    assert_eq!(done.code, 5, "{}", done.stderr);
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 2);
}

#[test]
fn a_closed_stderr_never_panics() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let closed = || {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        writer
    };
    // An error, a warning and the lock-wait note, each written to a stderr nobody reads.
    let done = env
        .todos(&["write", "-t", "bogus:A"])
        .stderr_to(closed())
        .run();
    assert_eq!(done.code, 1);
    let done = env
        .todos(&["write", "-t", "pending:Z"])
        .stderr_to(closed())
        .run();
    assert_eq!(done.code, 0);
    let lock = fs::OpenOptions::new()
        .write(true)
        .open(env.path(".todos.json.lock"))
        .unwrap();
    lock.lock().unwrap();
    let done = env
        .todos(&["--lock-timeout", "1", "create", "C"])
        .stderr_to(closed())
        .run();
    assert_eq!(done.code, 3, "a panic would be 5: {}", done.stdout);
}

#[test]
fn text_from_paths_and_stores_reaches_the_terminal_escaped() {
    let env = TestEnv::new();
    let ws = env.ws().join("evil\u{1b}]0;pwned\u{7}\u{1b}[31m");
    fs::create_dir_all(ws.join(".git")).unwrap();
    fs::write(ws.join(".todos.json"), "not json \u{1b}[2J").unwrap();
    // The undo note names where the unreadable store went, with the workspace in it.
    let done = env.todos(&["undo"]).current_dir(&ws).run();
    assert!(!done.stderr.contains('\u{1b}'), "{:?}", done.stderr);
    assert!(!done.stdout.contains('\u{1b}'), "{:?}", done.stdout);
    // The lock-wait note and the time-out name the lock file (held as another process would:
    // the refused undo left none behind).
    let lock = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(ws.join(".todos.json.lock"))
        .unwrap();
    lock.lock().unwrap();
    let done = env
        .todos(&["--lock-timeout", "1", "create", "C"])
        .current_dir(&ws)
        .run()
        .code(3);
    assert!(
        done.stderr.contains("waiting for the lock"),
        "{}",
        done.stderr
    );
    assert!(!done.stderr.contains('\u{1b}'), "{:?}", done.stderr);
    drop(lock);
    // A hostile store under `show --watch`: an unknown key with escapes in it.
    fs::write(
        ws.join(".todos.json"),
        "{\"version\":1,\"revision\":1,\"next_id\":1,\"todos\":[],\"\u{1b}[2Jx\":1}",
    )
    .unwrap();
    let mut child = env.todos(&["show", "--watch"]).current_dir(&ws).spawn();
    std::thread::sleep(Duration::from_millis(500));
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("error: "), "{stdout}");
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
}

#[test]
fn a_stdin_left_open_and_silent_hangs_no_command() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    for args in [
        &["write", "--summary", "New"][..],
        &["check", "--hook"],
        &["check"],
    ] {
        let mut child = env.todos(args).spawn_piped();
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(
                started.elapsed() < AT_ONCE,
                "{args:?} hangs on an open stdin"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let expected = match args {
            ["check", "--hook"] => 2,
            ["check"] => 1,
            _ => 0,
        };
        assert_eq!(status.code(), Some(expected), "{args:?}");
        let _ = child.kill();
    }
    assert_eq!(env.store()["summary"], "New");
}

#[test]
fn create_refuses_two_spellings_of_items() {
    let env = TestEnv::new();
    let done = env.rejects(
        env.todos(&["create"])
            .stdin(r#"{"items": ["a"], "Items": ["b"]}"#),
        1,
    );
    assert!(done.stderr.contains("Items"), "{}", done.stderr);
    assert!(done.stderr.contains("give only one"), "{}", done.stderr);
}

#[test]
fn a_recap_of_hundreds_of_short_names_does_not_panic() {
    let env = TestEnv::new();
    let todos: Vec<serde_json::Value> = (1..=500)
        .map(|i| serde_json::json!({"id": i.to_string(), "content": "x", "status": "failed"}))
        .collect();
    let store = serde_json::json!({"version": 1, "revision": 1, "next_id": 501, "todos": todos});
    env.write_file(".todos.json", serde_json::to_vec(&store).unwrap());
    let done = env.todos(&["recap"]).run().success();
    assert!(
        done.stdout.starts_with("[500/500] All done. Failed:"),
        "{}",
        done.stdout
    );
    env.todos(&["check"]).run().success();
}

/// A tmpfs mounted for one test, unmounted when dropped. The tests run as root (here and in
/// CI, on the same kind of machine); where mounting is not allowed the test says so on stderr,
/// outside the test harness's capture, rather than passing silently.
struct Mount {
    path: std::path::PathBuf,
}

impl Mount {
    fn tmpfs(path: &Path, size: &str) -> Option<Self> {
        fs::create_dir_all(path).unwrap();
        let output = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(path)
            .output();
        match output {
            Ok(output) if output.status.success() => Some(Self {
                path: path.to_path_buf(),
            }),
            Ok(output) => skipped(&String::from_utf8_lossy(&output.stderr)),
            Err(err) => skipped(&err.to_string()),
        }
    }

    fn read_only(&self) {
        let status = Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(&self.path)
            .status()
            .unwrap();
        assert!(status.success(), "remount read-only");
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.path).status();
    }
}

fn skipped<T>(why: &str) -> Option<T> {
    use std::io::Write as _;
    // Not `eprintln!`: the harness captures that for a passing test, and this must be seen.
    let _ = writeln!(
        std::io::stderr(),
        "skipped: cannot mount tmpfs: {}",
        why.trim()
    );
    None
}

/// Fills the file system holding `path` to the last byte.
fn fill(path: &Path) {
    use std::io::Write as _;
    let mut file = fs::File::create(path).unwrap();
    let page = [b'x'; 4096];
    while file.write_all(&page).is_ok() {}
    while file.write_all(b"x").is_ok() {}
    let _ = file.sync_all();
}

fn log_blocks(env: &TestEnv, file: &str) -> usize {
    env.read(&format!("memory/todos/{file}"))
        .matches("# task")
        .count()
}

const LOG: &str = "todoList-20250102-174233.md";

#[test]
fn a_full_disk_mid_save_loses_nothing_undo_needs_and_a_retry_works() {
    let env = TestEnv::new();
    let Some(_mount) = Mount::tmpfs(&env.ws(), "512k") else {
        return;
    };
    fs::create_dir(env.path(".git")).unwrap();
    env.plan("S", &["pending:a"]);
    env.todos(&["create", "b"]).run().success();
    let history_before = env.read(".todos.history.jsonl");
    fill(&env.path("filler"));
    for args in [
        &["create", "c"][..],
        &["update", "1", "completed"],
        &["undo"],
    ] {
        let done = env.rejects(env.todos(args), 5);
        assert!(done.stderr.contains("No space left"), "{}", done.stderr);
    }
    assert_eq!(env.read(".todos.history.jsonl"), history_before);
    fs::remove_file(env.path("filler")).unwrap();
    env.todos(&["create", "c"]).run().success();
    assert_eq!(env.read(".todos.history.jsonl").lines().count(), 3);
    env.todos(&["undo"]).run().success();
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 2);
}

/// Finishes two plans of one session, each first refused (exit 5) on a full disk and then
/// retried with room: the session's first block (a new log file), then a later one (the file
/// replaced). Returns the first refusal.
fn finish_two_plans_through_a_full_disk(env: &TestEnv) -> Done {
    let refused_when_full = |args: &[&str]| {
        fill(&env.path("filler"));
        let done = env.rejects(env.todos(args), 5);
        fs::remove_file(env.path("filler")).unwrap();
        env.todos(args).run().success();
        done
    };
    env.plan("S", &["in_progress:a"]);
    let first = refused_when_full(&["update", "1", "completed"]);
    assert_eq!(log_blocks(env, LOG), 1);
    env.todos(&["write", "--summary", "T", "-t", "in_progress:b"])
        .run()
        .success();
    refused_when_full(&["update", "2", "completed"]);
    assert_eq!(log_blocks(env, LOG), 2);
    first
}

#[test]
fn a_full_disk_mid_log_leaves_no_torn_block_and_a_retry_adds_one() {
    let env = TestEnv::new();
    let Some(_mount) = Mount::tmpfs(&env.ws(), "512k") else {
        return;
    };
    fs::create_dir(env.path(".git")).unwrap();
    let done = finish_two_plans_through_a_full_disk(&env);
    assert!(done.stderr.contains("No space left"), "{}", done.stderr);
    env.todos(&["update", "2", "completed"]).run().success();
    assert_eq!(log_blocks(&env, LOG), 2, "a retry adds no second block");
    let log = env.read(&format!("memory/todos/{LOG}"));
    assert!(
        log.starts_with("# task1-") && log.contains("\n\n# task2-"),
        "{log}"
    );
}

#[test]
fn a_save_that_fails_after_the_log_takes_its_block_back() {
    let env = TestEnv::new();
    let Some(_workspace) = Mount::tmpfs(&env.ws(), "512k") else {
        return;
    };
    // The log on a file system of its own, with room: only the store's write fails, after
    // the block was written; it is taken back out (the new file removed, the old put back).
    let Some(_memory) = Mount::tmpfs(&env.path("memory"), "1m") else {
        return;
    };
    fs::create_dir(env.path(".git")).unwrap();
    fs::create_dir(env.path("memory/todos")).unwrap();
    let done = finish_two_plans_through_a_full_disk(&env);
    assert!(done.stderr.contains(".todos-tmp"), "{}", done.stderr);
}

#[test]
fn a_read_only_workspace_refuses_changes_and_still_shows() {
    let env = TestEnv::new();
    let Some(mount) = Mount::tmpfs(&env.ws(), "1m") else {
        return;
    };
    fs::create_dir(env.path(".git")).unwrap();
    env.plan("S", &["in_progress:a"]);
    mount.read_only();
    for args in [
        &["update", "1", "completed"][..],
        &["create", "b"],
        &["undo"],
        &["init"],
    ] {
        let done = env.rejects(env.todos(args), 5);
        assert!(
            done.stderr.contains("Read-only file system"),
            "{}",
            done.stderr
        );
    }
    env.todos(&["show"]).run().success();
}

#[test]
fn another_user_without_write_access_changes_nothing() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:a"]);
    fs::set_permissions(env.root(), fs::Permissions::from_mode(0o755)).unwrap();
    let Ok(setpriv) = which("setpriv") else {
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no setpriv to run as another user"
        );
        return;
    };
    let as_nobody = |args: &[&str]| {
        let mut run = env.todos(&["--lock-timeout", "30"]);
        for arg in args {
            run = run.arg(arg);
        }
        run.via(&[
            setpriv.as_str(),
            "--reuid",
            "65534",
            "--regid",
            "65534",
            "--clear-groups",
            "--",
        ])
    };
    let done = env.rejects(as_nobody(&["update", "1", "completed"]), 5);
    assert!(done.stderr.contains("Permission denied"), "{}", done.stderr);
    as_nobody(&["show"]).run().success();
}

fn which(name: &str) -> Result<String, ()> {
    let output = Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .map_err(|_| ())?;
    let path = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    if output.status.success() && !path.is_empty() {
        Ok(path)
    } else {
        Err(())
    }
}
