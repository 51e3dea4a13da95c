//! `todos hook`: each agent's real payloads in, that agent's protocol out. The payloads in
//! tests/fixtures/hooks/<agent>/ were recorded from Claude Code 2.1.332, Codex 0.171.0 and
//! Gemini CLI 0.61.0 by scripts/agents-e2e.sh (`TODOS_E2E_RECORD=1` refreshes them).

use std::io::Write;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{Done, Run, TestEnv, items_still_open, still_open};

/// Each agent, and the decision its stop protocol blocks with (none: exit 2 and stderr).
const AGENTS: [(&str, Option<&str>); 3] = [
    ("claude", None),
    ("codex", Some("block")),
    ("gemini", Some("deny")),
];

/// What the session-start hook puts into the context for `TestEnv::open_plan`.
const CONTEXT: &str = "Plan (todos) [1/3] Fix login — open items (update with `todos update ID \
                       STATUS`):\n  2 [▶] Patch the check\n  3 [ ] Add a test\n";

fn fixture(agent: &str, name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/hooks/{agent}/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"))
}

/// `todos hook` with `agent`'s recorded `name` payload, to run with what it must give.
fn hook(env: &TestEnv, agent: &str, name: &str) -> Run {
    env.todos(&["hook"]).stdin(fixture(agent, name))
}

/// The reminder a stop hook sends: `open` and the items it lists, then what to do with one
/// item or with several.
fn reminder(open: &str, items: &str) -> String {
    let (finish, mark) = if open.starts_with("todos: 1 of") {
        ("Finish it", "mark it")
    } else {
        ("Finish them", "mark each")
    };
    format!(
        "{open}\n{items}{finish} before you stop: {mark} completed as soon as it is done (todos \
         update ID completed), cancelled when it is no longer needed, failed when you tried and \
         it could not be done, or blocked when it waits on something outside the plan (it stays \
         open). If you need the user's answer first, ask and stop: this reminder comes once per \
         stop.\n"
    )
}

/// `run` expecting `agent`'s stop protocol to send it back with `reason`: exit 2 and the reason
/// on stderr for Claude Code, a JSON decision on stdout for the others.
fn sent_back(run: Run, agent: &str, reason: &str) -> Run {
    let decision = match agent {
        "claude" => return run.expect_code(2).expect_stderr(reason),
        "codex" => "block",
        _ => "deny",
    };
    run.expect_stdout(format!(
        "{}\n",
        json!({"decision": decision, "reason": reason.trim_end()})
    ))
}

#[test]
fn each_payload_is_told_apart_by_its_fields() {
    let env = TestEnv::new();
    for (agent, name) in [
        ("claude", "Claude Code"),
        ("codex", "Codex"),
        ("gemini", "Gemini CLI"),
    ] {
        for event in ["session-start", "stop", "stop-again", "stop-after-work"] {
            let done = env
                .todos(&["--json", "hook"])
                .stdin(fixture(agent, event))
                .stdout_in_parts("the envelope: the agent told apart is what this test checks")
                .run();
            assert_eq!(
                done.json()["data"]["hook"]["agent"],
                name,
                "{agent} {event}"
            );
        }
    }
}

#[test]
fn session_start_puts_the_open_items_into_each_agents_context() {
    for (agent, _) in AGENTS {
        let env = TestEnv::new();
        env.open_plan();
        let context = if agent == "claude" {
            // Claude Code adds a SessionStart hook's plain stdout to the context.
            CONTEXT.to_owned()
        } else {
            // Gemini CLI shows plain stdout only to the user, and Codex drops plain stdout
            // that starts like JSON: both get the JSON form.
            format!(
                "{}\n",
                json!({"hookSpecificOutput": {
                    "hookEventName": "SessionStart",
                    "additionalContext": CONTEXT,
                }})
            )
        };
        hook(&env, agent, "session-start")
            .expect_stdout(context)
            .run();
    }
}

#[test]
fn session_start_is_silent_without_open_items() {
    for (agent, _) in AGENTS {
        let env = TestEnv::new();
        let done = env.rejects(
            env.todos(&["hook"]).stdin(fixture(agent, "session-start")),
            0,
        );
        assert_eq!((done.stdout.as_str(), done.stderr.as_str()), ("", ""));
        assert!(!env.path(".todos.json").exists(), "a hook creates nothing");
        env.plan("Done", &["completed:A", "cancelled:B"]);
        hook(&env, agent, "session-start").run();
    }
}

#[test]
fn a_stop_with_open_items_sends_the_agent_back_once() {
    for (agent, decision) in AGENTS {
        let env = TestEnv::new();
        env.open_plan();
        let reason = match decision {
            // Claude Code reads `{"decision":"block"}` too, but then puts the reason into the
            // context twice; exit 2 puts it there once.
            None => {
                let run = env
                    .todos(&["hook"])
                    .stdin(fixture(agent, "stop"))
                    .expect_stdout("");
                env.rejects(run.expect_stderr(concat!(
                        items_still_open!(2 of 3, listed),
                        "  2 [▶] Patch the check\n",
                        "  3 [ ] Add a test\n",
                        "Finish them before you stop: mark each completed as soon as it is done (todos \
                            update ID completed), cancelled when it is no longer needed, failed when \
                            you tried and it could not be done, or blocked when it waits on something \
                            outside the plan (it stays open). If you need the user's answer first, ask \
                            and stop: this reminder comes once per stop.\n",
                    )), 2).stderr
            }
            Some(decision) => {
                let done = env.rejects(
                    env.todos(&["hook"])
                        .stdin(fixture(agent, "stop"))
                        .stdout_in_parts("the agent's answer: its decision and reason, below"),
                    0,
                );
                let answer: Value = serde_json::from_str(&done.stdout).unwrap();
                assert_eq!(answer["decision"], decision, "{agent}");
                assert_eq!(answer.as_object().unwrap().len(), 2, "{answer}");
                answer["reason"].as_str().unwrap().to_owned()
            }
        };
        assert!(
            reason.starts_with(concat!(
                items_still_open!(2 of 3, listed),
                "  2 [▶] Patch the check\n",
                "  3 [ ] Add a test\n",
            )),
            "{reason}"
        );
        assert!(reason.contains("ask and stop"), "{reason}");

        // The stop right after the reminder: the agent's own flag lets it through.
        hook(&env, agent, "stop-again").run();

        // A stop after the agent went back to work: Claude Code and Codex keep their flag set
        // for the rest of the turn; Gemini CLI clears it once the agent has run a tool, so
        // its agent is reminded again while items are open.
        let after_work = hook(&env, agent, "stop-after-work");
        if agent == "gemini" {
            sent_back(after_work, agent, &reason).run();
        } else {
            after_work.run();
        }

        env.todos(&["update", "2", "completed"])
            .expect_stdout(concat!(
                "[2/3] Fix login\n",
                "  1 [x] Reproduce the bug\n",
                "  2 [x] Patch the check\n",
                "  3 [ ] Add a test\n",
                still_open!(1 of 3)
            ))
            .run()
            .success();
        env.todos(&["update", "3", "cancelled"])
            .expect_stdout(concat!(
                "[3/3] Fix login\n",
                "  1 [x] Reproduce the bug\n",
                "  2 [x] Patch the check\n",
                "  3 [~] Add a test\n",
                "All 3 done.\n"
            ))
            .run()
            .success();
        hook(&env, agent, "stop").run();
    }
}

/// A worker agent started with `TODOS_OWNER` is sent back only for its own items and the
/// unowned ones: what another worker holds does not keep it from stopping.
#[test]
fn a_worker_is_sent_back_only_for_its_own_and_unowned_items() {
    for (agent, _) in AGENTS {
        let env = TestEnv::new();
        env.todos(&["write"])
            .stdin(
                r#"{"summary": "Ship", "todos": [
                    {"content": "Server", "status": "in_progress", "owner": "w2"},
                    {"content": "Client", "status": "in_progress", "owner": "w1"}]}"#,
            )
            .expect_stdout(concat!(
                "[0/2] Ship\n",
                "  1 [▶] Server @w2\n",
                "  2 [▶] Client @w1\n",
                still_open!(2 of 2)
            ))
            .run()
            .success();
        let stop = || {
            env.todos(&["hook"])
                .stdin(fixture(agent, "stop"))
                .env("TODOS_OWNER", "w1")
        };
        let held = reminder(
            "todos: 1 of 2 items (held by @w1 or no one) is still open:",
            "  2 [▶] Client @w1\n",
        );
        sent_back(stop(), agent, &held).run();

        env.todos(&["update", "2", "completed"])
            .expect_stdout(concat!(
                "[1/2] Ship\n",
                "  1 [▶] Server @w2\n",
                "  2 [x] Client @w1\n",
                still_open!(1 of 2)
            ))
            .run()
            .success();
        let free = stop().run().success();
        assert_eq!(
            (free.stdout.as_str(), free.stderr.as_str()),
            ("", ""),
            "{agent}"
        );
        // Without an owner, the item w2 holds still sends the agent back.
        let server = reminder("todos: 1 of 2 items is still open:", "  1 [▶] Server @w2\n");
        sent_back(hook(&env, agent, "stop"), agent, &server).run();
        // A malformed TODOS_OWNER does not break the hook: every open item counts then.
        let done = env
            .todos(&["hook"])
            .stdin(fixture(agent, "stop"))
            .env("TODOS_OWNER", "bad/name");
        sent_back(done, agent, &server).run();
    }
}

#[test]
fn an_event_without_a_todos_hook_and_no_payload_do_nothing() {
    let env = TestEnv::new();
    env.open_plan();
    let other = r#"{"hook_event_name": "PreToolUse", "tool_name": "Bash"}"#;
    env.todos(&["hook"])
        .stdin(other)
        .expect_code(0)
        .expect_stdout("")
        .expect_stderr("")
        .run();
    for (junk, why) in [
        ("", "no hook payload on stdin"),
        ("hello\n", "the hook payload on stdin is not JSON"),
        ("[1, 2]", "the hook payload on stdin is not a JSON object"),
    ] {
        env.todos(&["hook"])
            .stdin(junk)
            .expect_stderr(format!(
                "todos hook: {why}; nothing to do (agents run this command with their JSON \
                 payload, e.g. {{\"hook_event_name\":\"SessionStart\"}})\n"
            ))
            .run();
    }
}

/// `todos hook` with a stdin pipe that the test holds open.
fn spawn_hook(env: &TestEnv) -> Child {
    env.todos(&["hook"])
        .into_command()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for `child` at most `limit`; kills it and fails when it is still running.
fn wait_bounded(mut child: Child, limit: Duration) -> Done {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("todos hook still waits on an open stdin after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    output.into()
}

#[cfg(unix)]
#[test]
fn a_stdin_left_open_never_hangs_the_hook() {
    let env = TestEnv::new();
    env.open_plan();
    // Nothing ever comes: the hook gives up after its short wait (1.5 s), not at EOF.
    let mut child = spawn_hook(&env);
    let pipe = child.stdin.take().unwrap();
    let Done {
        code,
        stdout,
        stderr,
    } = wait_bounded(child, Duration::from_secs(20));
    drop(pipe);
    assert_eq!((code, stdout.as_str()), (0, ""), "{stderr}");
    assert_eq!(
        stderr,
        "todos hook: no hook payload on stdin; nothing to do (agents run this command with their \
         JSON payload, e.g. {\"hook_event_name\":\"SessionStart\"})\n"
    );

    // A whole payload, and the pipe left open: it is answered without waiting for EOF.
    let mut child = spawn_hook(&env);
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(fixture("gemini", "stop").as_bytes())
        .unwrap();
    pipe.flush().unwrap();
    let Done {
        code,
        stdout,
        stderr,
    } = wait_bounded(child, Duration::from_secs(20));
    drop(pipe);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert!(stdout.starts_with("{\"decision\":\"deny\""), "{stdout}");
}
