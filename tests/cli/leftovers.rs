//! The smaller ways a repository's files could act against its user (issue 20, SPEC §9): links
//! where init edits, two inits at once, files a refused command leaves behind, files too large
//! to read, output that cannot be written, a `--file` that would block, list names like todos'
//! own files.

use std::fs;
use std::os::unix::fs::symlink;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::{
    HISTORY, LOCK, TestEnv, empty_plan_hint, envelope_end, ids_hint, instructions,
    kept_revisions_hint, no_item, nothing_to_undo, restored, still_open, unknown_status,
    unreadable_store_hint,
};

fn mkfifo(path: &std::path::Path) {
    rustix::fs::mkfifoat(
        rustix::fs::CWD,
        path,
        rustix::fs::Mode::from_raw_mode(0o644),
    )
    .expect("mkfifo");
}

/// Every file init edits but an instructions file is refused when it is a link, wherever it
/// points; an instructions file may be a link only inside the workspace and outside `.git/`.
#[test]
fn init_never_writes_through_a_link_but_an_instructions_files() {
    let cases: [(&str, &str, &[&str]); 7] = [
        (".gitattributes", ".git/config", &["init", "--git"]),
        (".gitattributes", "notes.txt", &["init", "--git"]),
        (
            ".claude/settings.json",
            "../notes.txt",
            &["init", "--agent", "claude", "--hooks"],
        ),
        (
            ".codex/hooks.json",
            "../notes.txt",
            &["init", "--agent", "codex", "--hooks"],
        ),
        (
            ".gemini/settings.json",
            "../notes.txt",
            &["init", "--agent", "gemini", "--mcp"],
        ),
        (
            ".mcp.json",
            "notes.txt",
            &["init", "--agent", "claude", "--mcp"],
        ),
        ("CLAUDE.md", ".git/config", &["init", "--agent", "claude"]),
    ];
    for (file, target, args) in cases {
        let env = TestEnv::new();
        env.write_file(".git/config", "[core]\n\tbare = false\n");
        env.write_file("notes.txt", "{}");
        if let Some(parent) = env.path(file).parent() {
            fs::create_dir_all(parent).unwrap();
        }
        symlink(target, env.path(file)).unwrap();
        let refused = if file == "CLAUDE.md" {
            "[ROOT]/ws/CLAUDE.md leads into .git/, git's own folder, which todos init never edits"
                .to_owned()
        } else {
            format!("[ROOT]/ws/{file} is a symbolic link")
        };
        env.rejects(
            env.todos(args)
                .expect_stderr(crate::links::unsafe_path(&refused)),
            6,
        );
        assert_eq!(env.read(".git/config"), "[core]\n\tbare = false\n");
        assert!(!env.path(LOCK).exists(), "{file}: no lock file left");
    }
    // The one link init follows: an instructions file to another inside the workspace.
    let env = TestEnv::new();
    env.write_file("AGENTS.md", "# Rules\n");
    symlink("AGENTS.md", env.path("CLAUDE.md")).unwrap();
    env.todos(&["init", "--agent", "claude"])
        .expect_stdout(instructions!(updated "CLAUDE.md"))
        .run()
        .success();
    assert!(env.read("AGENTS.md").contains("todos:begin"));
}

/// `-l a init --hooks` and `-l b init --mcp` at once edit the same settings file: one lock for
/// init's edits, whatever the list, so neither key is lost.
#[test]
fn two_inits_on_different_lists_at_once_lose_no_key() {
    for round in 0..6 {
        let env = TestEnv::new();
        let a = env
            .todos(&["-l", "a", "init", "--agent", "gemini", "--hooks"])
            .spawn();
        let b = env
            .todos(&["-l", "b", "init", "--agent", "gemini", "--mcp"])
            .spawn();
        for child in [a, b] {
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let settings: Value = serde_json::from_str(&env.read(".gemini/settings.json")).unwrap();
        assert!(
            settings["hooks"]["AfterAgent"].is_array(),
            "round {round}: {settings}"
        );
        assert!(
            settings["mcpServers"]["todos"].is_object(),
            "round {round}: {settings}"
        );
    }
}

/// A refused command leaves the workspace as it was: no lock file, no `.todos/`, no history.
#[test]
fn a_refused_command_leaves_no_file_behind() {
    let env = TestEnv::new();
    let unknown_1 = concat!(no_item!("id", "1"), empty_plan_hint!());
    let never = concat!(nothing_to_undo!(), kept_revisions_hint!());
    for (args, refusal) in [
        (&["-l", "x", "update", "1", "completed"][..], unknown_1),
        (&["update", "1", "completed"], unknown_1),
        (
            &["-l", "x", "remove", "3"],
            concat!(no_item!("ID", "3"), empty_plan_hint!()),
        ),
        (&["undo"], never),
        (&["-l", "x", "undo"], never),
        (
            &["-l", "x", "write", "--summary", "S", "-t", "complted:A"],
            unknown_status!("-t #1", "complted", "completed"),
        ),
    ] {
        env.rejects(env.todos(args).expect_stderr(refusal), 1);
        assert!(!env.path(LOCK).exists(), "{args:?}");
        assert!(!env.path(".todos").exists(), "{args:?}");
        assert!(!env.path(HISTORY).exists(), "{args:?}");
    }
    // A workspace whose named list exists: a refused change leaves its files as they were.
    env.todos(&["-l", "x", "create", "A"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] A\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    env.rejects(
        env.todos(&["-l", "x", "update", "9", "completed"])
            .expect_stderr(concat!(no_item!("id", "9"), ids_hint!(1))),
        1,
    );
    // And the refused change's folder no longer captures discovery: a parent's plan is found.
    let env = TestEnv::new();
    env.todos(&["create", "Parent"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] Parent\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    fs::create_dir_all(env.path("sub")).unwrap();
    env.rejects(
        env.todos(&["-l", "x", "update", "1", "completed"])
            .current_dir(env.path("sub"))
            .expect_stderr(concat!(no_item!("id", "1"), empty_plan_hint!())),
        1,
    );
    assert!(!env.path("sub/.todos").exists());
}

/// A store or history larger than 64 MiB is refused unread, and so is a huge file init would
/// edit: a sparse 5 GB file costs nothing.
#[test]
fn huge_files_are_refused_unread() {
    let env = TestEnv::new();
    let huge = fs::File::create(env.path(".todos.json")).unwrap();
    huge.set_len(5 << 30).unwrap();
    // Not through `rejects`, which would read the 5 GB to compare them.
    env.todos(&["show"])
        .expect_code(4)
        .expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json is larger than 64 MiB (67108864 bytes); todos \
                does not read it\n",
            unreadable_store_hint!(),
        ))
        .run()
        .code(4);
    env.todos(&["create", "A"])
        .expect_code(4)
        .expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json is larger than 64 MiB (67108864 bytes); todos \
                does not read it\n",
            unreadable_store_hint!(),
        ))
        .run()
        .code(4);
    assert_eq!(
        fs::metadata(env.path(".todos.json")).unwrap().len(),
        5 << 30
    );
    assert!(!env.path(HISTORY).exists());
    huge.set_len((64 << 20) + 1).unwrap();
    env.rejects(
        env.todos(&["create", "A"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json is larger than 64 MiB (67108864 bytes); todos \
                does not read it\n",
            unreadable_store_hint!(),
        )),
        4,
    );
    fs::remove_file(env.path(".todos.json")).unwrap();
    let instructions = fs::File::create(env.path("AGENTS.md")).unwrap();
    instructions.set_len((16 << 20) + 1).unwrap();
    env.rejects(
        env.todos(&["init"]).expect_stderr(
            "error: AGENTS.md is larger than 1 MiB (1048576 bytes); a plan is a short list\n",
        ),
        1,
    );
    fs::remove_file(env.path("AGENTS.md")).unwrap();
    // A history over the cap is refused by `history` (more in history_cap.rs).
    env.create_a();
    let history = fs::OpenOptions::new()
        .append(true)
        .open(env.path(HISTORY))
        .unwrap();
    history.set_len(65 << 20).unwrap();
    env.todos(&["history"])
        .expect_code(1)
        .expect_stderr(concat!(
            "error: [ROOT]/ws/.todos/default.history.jsonl is larger than 64 MiB (68157440 \
                bytes); todos does not read it\n",
            "hint: move it aside (rename it, e.g. to default.history.jsonl.old): history \
                and undo start again from the next change; changes go on meanwhile\n",
        ))
        .run()
        .code(1);
}

/// What `check` has to say goes to stderr: a stderr that cannot take it is exit 5.
#[test]
fn check_into_a_full_stderr_exits_5() {
    let env = TestEnv::new();
    env.create_a();
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let done = env.todos(&["check"]).stderr_to(full).expect_code(5).run();
    assert_eq!(done.code, 5);
}

/// `write --file` through a link to a FIFO is refused at once, never a hang.
#[test]
fn write_file_through_a_link_to_a_fifo_is_refused_at_once() {
    let env = TestEnv::new();
    mkfifo(&env.path("pipe"));
    symlink("pipe", env.path("plan.json")).unwrap();
    for file in ["plan.json", "pipe"] {
        let started = Instant::now();
        let mut child = env.todos(&["write", "--file", file]).spawn();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                let _ = child.wait();
                panic!("write --file {file} hung");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        assert_eq!(status.code(), Some(6), "{file}");
        let stderr = std::io::read_to_string(child.stderr.take().unwrap()).unwrap();
        assert_eq!(
            stderr,
            format!(
                "error: {file} is a FIFO (named pipe), not a regular file; todos does not read or \
                 write through it\n\
                 hint: --file reads a regular file; send other input on stdin instead (todos write \
                 - < PATH)\n"
            )
        );
    }
    let _ = Stdio::null();
    assert!(!env.path(".todos.json").exists());
}

/// A list may be named like one of todos' own files: it is a list like any other, and `show
/// --all` shows it.
#[test]
fn a_list_named_like_a_history_file_is_shown() {
    let env = TestEnv::new();
    env.todos(&["-l", "a", "create", "In a"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] In a\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    env.todos(&["-l", "a.history", "create", "In a.history"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] In a.history\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    env.todos(&["show", "--all"])
        .expect_stdout(concat!(
            "── default ──\n",
            "[0/0] (no summary)\n",
            "  No todos.\n",
            "\n",
            "── a ──\n",
            "[0/1] (no summary)\n",
            "  1 [ ] In a\n",
            "\n",
            "── a.history ──\n",
            "[0/1] (no summary)\n",
            "  1 [ ] In a.history\n"
        ))
        .run()
        .success();
    let json = env
        .todos(&["--json", "show", "--all"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"lists\":[{\"list\":\"default\",\
                 \"summary\":null,\"todos\":[],\"recap\":\"[0/0] No todos.\",\"revision\":0,\
                 \"warnings\":[]},{\"list\":\"a\",\"summary\":null,\"todos\":[{\"id\":\"1\",\
                 \"content\":\"In a\",\"status\":\"pending\"}],\"recap\":\"[0/1] Pending: In \
                 a.\",\"revision\":1,\"warnings\":[]},{\"list\":\"a.history\",\
                 \"summary\":null,\"todos\":[{\"id\":\"1\",\"content\":\"In a.history\",\
                 \"status\":\"pending\"}],\"recap\":\"[0/1] Pending: In a.history.\",\
                 \"revision\":1,\"warnings\":[]}]},\"text\":\"3 lists, 2 items in all.\",",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(
        json["data"]["lists"].as_array().map(Vec::len),
        Some(3),
        "{json}"
    );
    env.todos(&["-l", "a", "undo"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .expect_stderr(restored!(0))
        .run()
        .success();
    env.todos(&["-l", "a.history", "history"])
        .expect_stdout("1  2025-01-02 17:42:33  create  [0/1]  1 item\n")
        .run()
        .success();
}
