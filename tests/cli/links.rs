//! Links, FIFOs and devices planted in a workspace (SPEC §9), tried as an attacker would: never
//! written through, never followed out, never waited on; `init` writes only inside. Every
//! refusal is checked with `rejects`, which compares the whole test folder (the workspace and
//! what lies `outside` it) byte for byte.

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::support::{
    Done, HISTORY, LOCK, TestEnv, envelope_end, instructions, memory_dir_hint, still_open,
    unsafe_path_hint,
};

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

/// The whole refusal of a path todos does not read or write through, for `what` ("[ROOT]/ws/NAME
/// is a symbolic link").
pub(crate) fn unsafe_path(what: &str) -> String {
    format!(
        "error: {what}; todos does not read or write through it\n\
         {unsafe_path_hint}",
        unsafe_path_hint = unsafe_path_hint!()
    )
}

pub(crate) fn assert_unsafe(done: &Done, names: &str) {
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
    for name in [".todos.json", LOCK, HISTORY] {
        for args in WRITERS {
            let env = TestEnv::new();
            env.plan("S", &["pending:A"]);
            env.todos(&["create", "C"])
                .expect_stdout(concat!(
                    "[0/2] S\n",
                    "  1 [ ] A\n",
                    "  2 [ ] C\n",
                    still_open!(2 of 2)
                ))
                .run()
                .success();
            let target = victim(&env, "victim.txt");
            let _ = fs::remove_file(env.path(name));
            symlink(&target, env.path(name)).unwrap();
            env.rejects(
                env.todos(args)
                    .arg("--lock-timeout")
                    .arg("30")
                    .expect_stderr(unsafe_path(&format!("[ROOT]/ws/{name} is a symbolic link"))),
                6,
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
        let run = if args[0] == "--json" {
            env.todos(args).expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"UNSAFE_PATH\",\
                     \"message\":\"[ROOT]/ws/.todos.json is a symbolic link; todos does not \
                     read or write through it\",\"details\":[],\"hint\":\"if this workspace \
                     is yours, replace it with a regular file or folder inside the workspace \
                     (or remove it), then run the command again\"},\"text\":\"error: \
                     [ROOT]/ws/.todos.json is a symbolic link; todos does not read or write \
                     through it\",",
                envelope_end!(),
            ))
        } else {
            env.todos(args).expect_stderr(concat!(
                "error: [ROOT]/ws/.todos.json is a symbolic link; todos does not read or write \
                 through it\n",
                unsafe_path_hint!(),
            ))
        };
        env.rejects(run, 6);
    }
}

#[test]
fn the_completion_log_never_leaves_the_workspace() {
    // memory_dir values, from the config file and the environment.
    for memory_dir in ["..", "../outside", "/tmp/todos-escape", "memory/../../x"] {
        let env = TestEnv::new();
        env.plan("S", &["in_progress:A"]);
        let shown = if memory_dir.starts_with('/') {
            memory_dir.to_owned()
        } else {
            format!("[ROOT]/ws/{memory_dir}")
        };
        let refusal = format!(
            "error: {shown} leads outside the workspace; it must name a folder inside it (a \
             relative path); todos does not read or write through it\n\
             {memory_dir_hint}",
            memory_dir_hint = memory_dir_hint!()
        );
        env.rejects(
            env.todos(&["update", "1", "completed"])
                .env("TODOS_MEMORY_DIR", memory_dir)
                .expect_stderr(&refusal),
            6,
        );
        env.write_file(
            ".todos.config.json",
            format!(r#"{{"memory_dir": "{memory_dir}"}}"#),
        );
        env.rejects(
            env.todos(&["update", "1", "completed"])
                .expect_stderr(refusal),
            6,
        );
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
        let memory_hint = memory_dir_hint!();
        let refusal = match name {
            "memory/todos" => format!(
                "error: [ROOT]/ws/memory/todos is a symbolic link; todos does not read or write \
                 through it\n{memory_hint}"
            ),
            "memory" => format!(
                "error: [ROOT]/ws/memory/todos resolves to [ROOT]/outside, outside the workspace \
                 [ROOT]/ws; todos does not read or write through it\n{memory_hint}"
            ),
            _ => format!(
                "error: [ROOT]/ws/memory/todos/{name} is a symbolic link; todos does not read or \
                 write through it\n{}",
                unsafe_path_hint!()
            ),
        };
        env.rejects(
            env.todos(&["update", "1", "completed"])
                .expect_stderr(refusal),
            6,
        );
    }
}

#[test]
fn the_completion_log_never_goes_into_a_git_folder() {
    for memory_dir in [".git", ".git/todos", "notes/../.git/x", "sub/.git"] {
        let env = TestEnv::new();
        env.plan("S", &["in_progress:A"]);
        let refusal = format!(
            "error: memory_dir \"{memory_dir}\" lies inside a .git folder, which belongs to \
             git; todos does not read or write through it\n\
             {memory_dir_hint}",
            memory_dir_hint = memory_dir_hint!()
        );
        for run in [
            env.todos(&["update", "1", "completed"])
                .env("TODOS_MEMORY_DIR", memory_dir),
            env.todos(&["write", "-t", "completed:A"])
                .env("TODOS_MEMORY_DIR", memory_dir),
        ] {
            env.rejects(run.expect_stderr(&refusal), 6);
        }
        env.write_file(
            ".todos.config.json",
            format!(r#"{{"memory_dir": "{memory_dir}"}}"#),
        );
        env.rejects(
            env.todos(&["update", "1", "completed"])
                .expect_stderr(refusal),
            6,
        );
    }
    // A link inside the workspace that leads into .git is the same.
    let env = TestEnv::new();
    env.plan("S", &["in_progress:A"]);
    symlink(env.path(".git"), env.path("notes")).unwrap();
    env.rejects(
        env.todos(&["update", "1", "completed"])
            .env("TODOS_MEMORY_DIR", "notes/todos")
            .expect_stderr(concat!(
                "error: memory_dir \"notes/todos\" lies inside a .git folder, which belongs \
                        to git; todos does not read or write through it\n",
                memory_dir_hint!(),
            )),
        6,
    );
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
    let done = env.rejects(
        env.todos(&["write", "--summary", "T", "-t", "failed:B"])
            .expect_stderr(concat!(
                "error: [ROOT]/ws/memory/todos/todoList-20250102-174233.md is a symbolic \
                link; todos does not read or write through it\n",
                unsafe_path_hint!(),
            )),
        6,
    );
    assert_unsafe(&done, "todoList-20250102-174233.md is a symbolic link");
}

#[test]
fn a_fifo_where_a_file_belongs_is_refused_at_once() {
    let cases: [(&str, &[&str]); 8] = [
        (".todos.json", &["show"]),
        (".todos.json", &["create", "A"]),
        (LOCK, &["create", "A"]),
        (HISTORY, &["undo"]),
        (HISTORY, &["history"]),
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
        } else if name == HISTORY {
            env.plan("S", &["pending:A"]);
        }
        let _ = fs::remove_file(env.path(name));
        fs::create_dir_all(env.path(name).parent().unwrap()).unwrap();
        mkfifo(&env.path(name));
        let started = Instant::now();
        env.rejects(
            env.todos(args)
                .arg("--lock-timeout")
                .arg("30")
                .expect_stderr(unsafe_path(&format!(
                    "[ROOT]/ws/{name} is a FIFO (named pipe), not a regular file"
                ))),
            6,
        );
        assert!(
            started.elapsed() < AT_ONCE,
            "{name}: {:?}",
            started.elapsed()
        );
    }
    // The user's own config file too: never blocks on it.
    let env = TestEnv::new();
    let user = env.home().join(".config/todos/config.json");
    fs::create_dir_all(user.parent().unwrap()).unwrap();
    mkfifo(&user);
    let started = Instant::now();
    let done = env.rejects(
        env.todos(&["create", "A"]).expect_stderr(concat!(
            "error: [ROOT]/home/.config/todos/config.json is a FIFO (named pipe), not \
                a regular file; todos does not read or write through it\n",
            unsafe_path_hint!(),
        )),
        6,
    );
    assert!(started.elapsed() < AT_ONCE);
    assert_unsafe(&done, "config.json is a FIFO");
}

#[test]
fn a_device_or_a_huge_file_as_config_is_refused_without_reading_it() {
    let env = TestEnv::new();
    symlink("/dev/zero", env.path(".todos.config.json")).unwrap();
    // A link to outside the workspace is refused before it is opened.
    env.rejects(
        env.todos(&["show"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.config.json resolves to /dev/zero, outside the workspace \
                [ROOT]/ws; todos does not read or write through it\n",
            unsafe_path_hint!(),
        )),
        6,
    );
    fs::remove_file(env.path(".todos.config.json")).unwrap();
    // 400 MB, sparse: only its first MiB may be read.
    let file = fs::File::create(env.path(".todos.config.json")).unwrap();
    file.set_len(400_000_000).unwrap();
    drop(file);
    let started = Instant::now();
    env.rejects(env.todos(&["show"]).expect_stderr("error: configuration file [ROOT]/ws/.todos.config.json is larger than 1 MiB (1048576 bytes); a plan is a short list\n"), 1);
    assert!(started.elapsed() < AT_ONCE, "{:?}", started.elapsed());
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
        // What each refusal says of the path it names.
        let (path, why) = match name {
            "CLAUDE.md" => (
                name,
                "resolves to [ROOT]/outside/victim.md, outside the workspace [ROOT]/ws",
            ),
            "AGENTS.md" => (name, "is a symbolic link to a missing folder"),
            ".claude" => (name, "is a symbolic link"),
            "settings.json" => (".claude/settings.json", "is a symbolic link"),
            _ => (name, "is a FIFO (named pipe), not a regular file"),
        };
        let started = Instant::now();
        env.rejects(
            env.todos(args).expect_stderr(format!(
                "error: [ROOT]/ws/{path} {why}; todos does not read or write through it\n{}",
                unsafe_path_hint!()
            )),
            6,
        );
        assert!(started.elapsed() < AT_ONCE);
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
    env.todos(&["init", "--agent", "claude"])
        .expect_stdout(instructions!(updated "CLAUDE.md"))
        .run()
        .success();
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

/// A `.todos` that is a regular file (a repository's, a mistake) is an unsafe path, exit 6,
/// for every command that would read or write through it, never an I/O error (SPEC §9).
#[test]
fn a_todos_that_is_a_regular_file_is_an_unsafe_path() {
    let env = TestEnv::new();
    env.create_a();
    std::fs::remove_dir_all(env.path(".todos")).unwrap();
    env.write_file(".todos", "a file, not a folder\n");
    let refusal = concat!(
        "error: [ROOT]/ws/.todos is not a folder; todos does not read or write through it\n",
        unsafe_path_hint!()
    );
    for args in [
        &["create", "B"][..],
        &["undo"],
        &["history"],
        &["-l", "api", "create", "B"],
        &["-l", "api", "show"],
    ] {
        env.rejects(env.todos(args).expect_stderr(refusal), 6);
    }
}
