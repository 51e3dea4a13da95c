//! What people and scripts see: the checklist, Markdown, the recap, the envelope and colors;
//! text from paths and stores reaches the terminal escaped.

use std::fs;
use std::time::Duration;

use serde_json::json;

use crate::support::{
    LOCK, TestEnv, envelope_end, ids_hint, lock_busy_hint, no_item, still_open,
    unreadable_store_hint, whole,
};

fn sample(env: &TestEnv) {
    env.todos(&["write", "-"])
        .stdin(
            r#"{"summary": "Fix login", "todos": [
                {"content": "Reproduce the bug", "status": "completed"},
                {"content": "Patch the token check", "status": "in_progress", "activeForm": "Patching the token check"},
                {"content": "Add a regression test", "status": "pending"},
                {"content": "Perf script", "status": "cancelled"},
                {"content": "Flaky CI job", "status": "failed"}]}"#,
        )
        .expect_stdout(concat!("[3/5] Fix login\n", "  1 [x] Reproduce the bug\n", "  2 [▶] Patch the token check — Patching the token check\n", "  3 [ ] Add a regression test\n", "  4 [~] Perf script\n", "  5 [!] Flaky CI job\n", still_open!(2 of 5))).run()
        .success();
}

#[test]
fn checklist_text() {
    let env = TestEnv::new();
    sample(&env);
    insta::assert_snapshot!(env.todos(&["show"]).expect_stdout(concat!(
            "[3/5] Fix login\n",
            "  1 [x] Reproduce the bug\n",
            "  2 [▶] Patch the token check — Patching the token check\n",
            "  3 [ ] Add a regression test\n",
            "  4 [~] Perf script\n",
            "  5 [!] Flaky CI job\n",
        )).run().success().stdout, @r"
    [3/5] Fix login
      1 [x] Reproduce the bug
      2 [▶] Patch the token check — Patching the token check
      3 [ ] Add a regression test
      4 [~] Perf script
      5 [!] Flaky CI job
    ");
}

#[test]
fn progress_line_after_a_change() {
    let env = TestEnv::new();
    sample(&env);
    let done = env
        .todos(&["update", "3", "completed"])
        .expect_stdout(concat!(
            "[4/5] Fix login\n",
            "  1 [x] Reproduce the bug\n",
            "  2 [▶] Patch the token check — Patching the token check\n",
            "  3 [x] Add a regression test\n",
            "  4 [~] Perf script\n",
            "  5 [!] Flaky CI job\n",
            still_open!(1 of 5)
        ))
        .run()
        .success();
    assert!(
        done.stdout.ends_with(concat!("\n", still_open!(1 of 5))),
        "{}",
        done.stdout
    );
    let done = env
        .todos(&["update", "2", "completed"])
        .expect_stdout(concat!(
            "[5/5] Fix login\n",
            "  1 [x] Reproduce the bug\n",
            "  2 [x] Patch the token check\n",
            "  3 [x] Add a regression test\n",
            "  4 [~] Perf script\n",
            "  5 [!] Flaky CI job\n",
            "Finished, 1 of 5 failed.\n"
        ))
        .run()
        .success();
    // The sample holds a failed item: finished, never "done" (SPEC §4).
    assert!(
        done.stdout.ends_with("\nFinished, 1 of 5 failed.\n"),
        "{}",
        done.stdout
    );
}

#[test]
fn markdown_format() {
    let env = TestEnv::new();
    sample(&env);
    insta::assert_snapshot!(env.todos(&["show", "--format", "markdown"]).expect_stdout(concat!(
            "## Fix login\n",
            "\n",
            "Progress: 3/5 done\n",
            "\n",
            "- [x] Reproduce the bug\n",
            "- [ ] **Patch the token check** (in progress)\n",
            "- [ ] Add a regression test\n",
            "- [x] ~~Perf script~~ (cancelled)\n",
            "- [x] Flaky CI job (failed)\n",
        )).run().success().stdout, @r"
    ## Fix login

    Progress: 3/5 done

    - [x] Reproduce the bug
    - [ ] **Patch the token check** (in progress)
    - [ ] Add a regression test
    - [x] ~~Perf script~~ (cancelled)
    - [x] Flaky CI job (failed)
    ");
}

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn json_format_and_envelope() {
    let env = TestEnv::new();
    sample(&env);
    let pretty = env
        .todos(&["show", "--format", "json"])
        .stdout_in_parts("compared whole with the snapshot below")
        .run()
        .success()
        .stdout;
    insta::assert_snapshot!(whole(&pretty), @r#"
    {
      "summary": "Fix login",
      "todos": [
        {
          "id": "1",
          "content": "Reproduce the bug",
          "status": "completed"
        },
        {
          "id": "2",
          "content": "Patch the token check",
          "status": "in_progress",
          "active_form": "Patching the token check"
        },
        {
          "id": "3",
          "content": "Add a regression test",
          "status": "pending"
        },
        {
          "id": "4",
          "content": "Perf script",
          "status": "cancelled"
        },
        {
          "id": "5",
          "content": "Flaky CI job",
          "status": "failed"
        }
      ],
      "recap": "[3/5] In progress: Patch the token check. Pending: Add a regression test. Cancelled: Perf script. Failed: Flaky CI job.",
      "revision": 1,
      "warnings": []
    }
    "#);
    let data: serde_json::Value = serde_json::from_str(&pretty).unwrap();
    assert_eq!(
        data["recap"],
        "[3/5] In progress: Patch the token check. Pending: Add a regression test. Cancelled: Perf script. Failed: Flaky CI job."
    );
    let json = env
        .todos(&["--json", "show"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"Fix login\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"Reproduce the bug\",\
                 \"status\":\"completed\"},{\"id\":\"2\",\"content\":\"Patch the token \
                 check\",\"status\":\"in_progress\",\"active_form\":\"Patching the token \
                 check\"},{\"id\":\"3\",\"content\":\"Add a regression test\",\
                 \"status\":\"pending\"},{\"id\":\"4\",\"content\":\"Perf script\",\
                 \"status\":\"cancelled\"},{\"id\":\"5\",\"content\":\"Flaky CI job\",\
                 \"status\":\"failed\"}],\"recap\":\"[3/5] In progress: Patch the token \
                 check. Pending: Add a regression test. Cancelled: Perf script. Failed: \
                 Flaky CI job.\",\"revision\":1,\"warnings\":[]},\"text\":\"Todos: 1 \
                 pending, 1 in_progress, 1 completed, 1 cancelled, 1 failed.\",\
                 \"stats\":{\"total\":5,\"pending\":1,\"in_progress\":1,\"completed\":1,\
                 \"cancelled\":1,\"failed\":1,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["status", "data", "text", "stats", "context"]);
    assert_eq!(json["status"], "success");
    assert_eq!(json["data"]["todos"], data["todos"]);
    assert_eq!(json["data"]["revision"], 1);
    assert_eq!(json["data"]["warnings"], json!([]));
    assert_eq!(
        json["stats"],
        json!({"total":5,"pending":1,"in_progress":1,"completed":1,"cancelled":1,"failed":1,"blocked":0})
    );
    assert_eq!(json["context"]["workspace"], env.ws().to_str().unwrap());
    assert_eq!(
        json["text"],
        "Todos: 1 pending, 1 in_progress, 1 completed, 1 cancelled, 1 failed."
    );
    let json = env
        .todos(&["--json", "update", "3", "done"])
        .expect_stdout(
            "{\"status\":\"success\",\"data\":{\"summary\":\"Fix login\",\
                \"todos\":[{\"id\":\"1\",\"content\":\"Reproduce the bug\",\
                \"status\":\"completed\"},{\"id\":\"2\",\"content\":\"Patch the token check\",\
                \"status\":\"in_progress\",\"active_form\":\"Patching the token check\"},\
                {\"id\":\"3\",\"content\":\"Add a regression test\",\
                \"status\":\"completed\"},{\"id\":\"4\",\"content\":\"Perf script\",\
                \"status\":\"cancelled\"},{\"id\":\"5\",\"content\":\"Flaky CI job\",\
                \"status\":\"failed\"}],\"recap\":\"[4/5] In progress: Patch the token check. \
                Cancelled: Perf script. Failed: Flaky CI job.\",\"revision\":2,\
                \"changed\":true,\"warnings\":[]},\"text\":\"Updated todos: 1 in_progress, \
                2 completed, 1 cancelled, 1 failed.\",\"stats\":{\"total\":5,\
                \"pending\":0,\"in_progress\":1,\"completed\":2,\"cancelled\":1,\
                \"failed\":1,\"blocked\":0},\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"id\":\"3\",\
                \"status\":\"done\"}}}\n",
        )
        .run()
        .success()
        .json();
    assert_eq!(
        json["text"],
        "Updated todos: 1 in_progress, 2 completed, 1 cancelled, 1 failed."
    );
    assert_eq!(
        json["context"]["params_input"],
        json!({"id": "3", "status": "done"})
    );
}

#[test]
fn recap_line() {
    let env = TestEnv::new();
    sample(&env);
    env.todos(&["recap"])
        .expect_code(0)
        .expect_stdout(
            "[3/5] In progress: Patch the token check. Pending: Add a regression test. Cancelled: Perf script. Failed: Flaky CI job.\n",
        )
        .expect_stderr("")
        .run();
}

#[test]
fn quiet_prints_nothing_on_success() {
    let env = TestEnv::new();
    env.todos(&["-q", "create", "A"])
        .expect_code(0)
        .expect_stdout("")
        .expect_stderr("")
        .run();
    env.todos(&["-q", "update", "9", "done"])
        .expect_code(1)
        .expect_stderr(concat!(no_item!("id", "9"), ids_hint!(1)))
        .run()
        .code(1);
}

const FORCED: &str =
    "\u{1b}[1m[0/1]\u{1b}[0m \u{1b}[1mS\u{1b}[0m\n  \u{1b}[2m1\u{1b}[0m \u{1b}[33m[ ] A\u{1b}[0m\n";

#[test]
fn color_always_paints_each_status() {
    let env = TestEnv::new();
    sample(&env);
    env.todos(&["--color", "always", "show"])
        .color_from_env()
        .expect_stdout(concat!(
            "\u{1b}[1m[3/5]\u{1b}[0m \u{1b}[1mFix login\u{1b}[0m\n",
            "  \u{1b}[2m1\u{1b}[0m \u{1b}[32m[x] Reproduce the bug\u{1b}[0m\n",
            "  \u{1b}[2m2\u{1b}[0m \u{1b}[36;1m[▶] Patch the token check\u{1b}[0m \u{1b}[2m— \
                    Patching the token check\u{1b}[0m\n",
            "  \u{1b}[2m3\u{1b}[0m \u{1b}[33m[ ] Add a regression test\u{1b}[0m\n",
            "  \u{1b}[2m4\u{1b}[0m \u{1b}[2;9m[~] Perf script\u{1b}[0m\n",
            "  \u{1b}[2m5\u{1b}[0m \u{1b}[31m[!] Flaky CI job\u{1b}[0m\n",
        ))
        .run()
        .success();
}

#[test]
fn color_is_decided_by_flag_then_no_color_then_clicolor_force_then_terminal() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let show = || env.todos(&["show"]).color_from_env();
    assert_eq!(
        show()
            .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n"))
            .run()
            .stdout,
        "[0/1] S\n  1 [ ] A\n",
        "a pipe is not a terminal"
    );
    assert_eq!(
        show()
            .env("CLICOLOR_FORCE", "1")
            .expect_stdout(concat!(
                "\u{1b}[1m[0/1]\u{1b}[0m \u{1b}[1mS\u{1b}[0m\n",
                "  \u{1b}[2m1\u{1b}[0m \u{1b}[33m[ ] A\u{1b}[0m\n"
            ))
            .run()
            .stdout,
        FORCED
    );
    assert_eq!(
        show()
            .env("CLICOLOR_FORCE", "0")
            .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n"))
            .run()
            .stdout,
        "[0/1] S\n  1 [ ] A\n"
    );
    assert_eq!(
        show()
            .env("CLICOLOR_FORCE", "1")
            .env("NO_COLOR", "1")
            .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n"))
            .run()
            .stdout,
        "[0/1] S\n  1 [ ] A\n"
    );
    assert_eq!(
        show()
            .env("CLICOLOR_FORCE", "1")
            .env("NO_COLOR", "")
            .expect_stdout(concat!(
                "\u{1b}[1m[0/1]\u{1b}[0m \u{1b}[1mS\u{1b}[0m\n",
                "  \u{1b}[2m1\u{1b}[0m \u{1b}[33m[ ] A\u{1b}[0m\n"
            ))
            .run()
            .stdout,
        FORCED,
        "an empty NO_COLOR is unset"
    );
    env.todos(&["--color", "always", "show"])
        .color_from_env()
        .env("NO_COLOR", "1")
        .expect_stdout(FORCED)
        .run();
    env.todos(&["--color", "never", "show"])
        .color_from_env()
        .env("CLICOLOR_FORCE", "1")
        .expect_stdout(concat!("[0/1] S\n", "  1 [ ] A\n"))
        .run();
}

/// A hand-edited store whose text could drive a terminal, hide text or break a line is not a
/// store todos reads (SPEC §9): every view refuses it, naming where, and what the refusal
/// quotes of it is escaped, in text and in JSON.
#[test]
fn a_hand_edited_store_cannot_drive_the_terminal() {
    let env = TestEnv::new();
    env.write_file(
        ".todos.json",
        serde_json::to_string(&json!({
            "version": 1, "revision": 1, "next_id": 3,
            "summary": "Sum\u{1b}]0;pwned\u{7}",
            "todos": [
                {"id": "1", "content": "Evil \u{1b}[2J\u{8}\r\u{9b}31m", "status": "pending"},
                {"id": "2\u{9b}2J", "content": "Hidden \u{202e}txt.exe\u{2028}", "status": "failed"}
            ]
        }))
        .unwrap(),
    );
    for view in [
        &["show"][..],
        &["show", "--format", "markdown"],
        &["recap"],
        &["check"],
        &["update", "1", "completed"],
    ] {
        env.rejects(env.todos(view).expect_stderr(concat!(
                "error: [ROOT]/ws/.todos.json cannot be read as a todos store: summary: holds \
                    a control character (U+001B); use one line of printable text; todos[0].content: \
                    holds a control character (U+001B); use one line of printable text; todos[1].id: \
                    \"2\\u{9b}2J\" is not an id todos hands out (decimal digits, no leading \
                    zero) (+1 more)\n",
                unreadable_store_hint!(),
            )), 4);
    }
    let done = env.rejects(
        env.todos(&["--json", "show"]).expect_stdout(concat!(
            "{\"status\":\"error\",\"error\":{\"code\":\"STORE_CORRUPT\",\
             \"message\":\"[ROOT]/ws/.todos.json cannot be read as a todos store: summary: \
             holds a control character (U+001B); use one line of printable text; \
             todos[0].content: holds a control character (U+001B); use one line of printable \
             text; todos[1].id: \\\"2\\\\u{9b}2J\\\" is not an id todos hands out (decimal \
             digits, no leading zero) (+1 more)\",\"details\":[],\"hint\":\"the file was \
             left untouched; run `todos undo` to set it aside and restore the latest \
             revision its history kept, or fix [ROOT]/ws/.todos.json by hand\"},\
             \"text\":\"error: [ROOT]/ws/.todos.json cannot be read as a todos store: \
             summary: holds a control character (U+001B); use one line of printable text; \
             todos[0].content: holds a control character (U+001B); use one line of printable \
             text; todos[1].id: \\\"2\\\\u{9b}2J\\\" is not an id todos hands out (decimal \
             digits, no leading zero) (+1 more)\",",
            envelope_end!(),
        )),
        4,
    );
    // The whole envelope above holds none of the raw characters, only their escapes.
    for raw in ['\u{1b}', '\u{9b}', '\u{202e}', '\u{2028}'] {
        assert!(!done.stdout.contains(raw), "{:?}", done.stdout);
    }
    assert_eq!(done.json()["error"]["code"], "STORE_CORRUPT");
    // Nor is a plan that finishes one logged: the change is refused before anything is written.
    assert!(!env.path("memory").exists());
}

#[test]
fn text_from_paths_and_stores_reaches_the_terminal_escaped() {
    let env = TestEnv::new();
    let ws = env.ws().join("evil\u{1b}]0;pwned\u{7}\u{1b}[31m");
    fs::create_dir_all(ws.join(".git")).unwrap();
    fs::write(ws.join(".todos.json"), "not json \u{1b}[2J").unwrap();
    // The undo note names where the unreadable store went, with the workspace in it.
    env.todos(&["undo"]).current_dir(&ws).expect_code(4).expect_stderr(concat!(
            "error: [ROOT]/ws/evil\\u{1b}]0;pwned\\u{7}\\u{1b}[31m/.todos.json cannot \
                be read, and its history keeps no revision to restore nor does it hold a \
                revision and id counter to go on from\n",
            "hint: the file was left untouched; fix it by hand, or move it aside (mv \
                [ROOT]/ws/evil\\u{1b}]0;pwned\\u{7}\\u{1b}[31m/.todos.json [ROOT]/ws/evil\\u{1b}]0;pwned\\u{7}\\u{1b}[31m/.todos.json.broken) \
                to start a new plan, whose ids may repeat old ones\n",
        )).run();
    // The lock-wait note and the time-out name the lock file (held as another process would:
    // the refused undo left none behind).
    fs::create_dir(ws.join(".todos")).unwrap();
    let lock = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(ws.join(LOCK))
        .unwrap();
    lock.lock().unwrap();
    env
        .todos(&["--lock-timeout", "1", "create", "C"])
        .current_dir(&ws)
        .expect_code(3).expect_stderr(concat!(
                "note: waiting for the lock on [ROOT]/ws/evil\\u{1b}]0;pwned\\u{7}\\u{1b}[31m/.todos/default.json.lock, \
                    held by another todos process\n",
                "error: another todos process held the lock on [ROOT]/ws/evil\\u{1b}]0;pwned\\u{7}\\u{1b}[31m/.todos/default.json.lock \
                    longer than --lock-timeout (1 s)\n",
                lock_busy_hint!(),
            )).run()
        .code(3);
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
    // A live view killed after half a second: how many frames it drew varies.
    assert!(stdout.contains("error: "), "{stdout}");
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
}
