//! What a hook puts into an agent's context is capped (SPEC §8): at most 1,500 characters in
//! every agent's channel, `check --hook` included, whatever the store holds; a full plan at the
//! default limits fits whole; more is cut with a count of what was left out. And a hook exits
//! only with codes its agent reads as "go on" or "block" (SPEC §9).

use serde_json::{Value, json};

use crate::support::{Done, TestEnv};

const CAP: usize = 1_500;

fn fixture(agent: &str, name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/hooks/{agent}/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"))
}

/// A store written directly (as a repository ships one): `count` open items of `content`.
fn store(env: &TestEnv, count: usize, content: &str, summary: &str) {
    let todos: Vec<Value> = (1..=count)
        .map(|n| json!({"id": n.to_string(), "content": content, "status": "pending"}))
        .collect();
    let document = json!({"version": 1, "revision": 1, "next_id": count + 1,
                          "summary": summary, "todos": todos});
    env.write_file(".todos.json", serde_json::to_vec(&document).unwrap());
}

/// Gemini CLI's first prompt after /clear, pointing at the conversation recorded with it: the
/// plan is owed there.
fn after_clear() -> String {
    let mut payload: Value =
        serde_json::from_str(&fixture("gemini", "before-agent-after-clear")).unwrap();
    payload["transcript_path"] = json!(format!(
        "{}/tests/fixtures/hooks/gemini/before-agent-after-clear.transcript.jsonl",
        env!("CARGO_MANIFEST_DIR")
    ));
    payload.to_string()
}

/// Every hook run an agent makes, and `check --hook` as the README's recipe runs it. Unchecked:
/// these tests check the cap, the exit codes and the JSON over plans of 20,000 items or
/// 5,000-character summaries; each agent's whole reply is hook.rs's to compare.
fn every_hook(env: &TestEnv) -> Vec<(String, Done)> {
    let mut runs = Vec::new();
    for agent in ["claude", "codex", "gemini"] {
        for event in ["session-start", "stop"] {
            let done = env
                .todos(&["hook"])
                .stdin(fixture(agent, event))
                .run_unchecked();
            runs.push((format!("{agent} {event}"), done));
        }
    }
    let done = env.todos(&["hook"]).stdin(after_clear()).run_unchecked();
    runs.push(("gemini before-agent".into(), done));
    let stop = r#"{"hook_event_name":"Stop","stop_hook_active":false}"#;
    runs.push((
        "check --hook".into(),
        env.todos(&["check", "--hook"]).stdin(stop).run_unchecked(),
    ));
    runs
}

fn chars(done: &Done) -> usize {
    done.stdout.chars().count() + done.stderr.chars().count()
}

#[test]
fn a_full_plan_at_the_limits_fits_whole() {
    let env = TestEnv::new();
    let content = "x".repeat(60);
    store(&env, 10, &content, &"s".repeat(200));
    for (name, done) in every_hook(&env) {
        assert!(chars(&done) <= CAP, "{name}: {} chars", chars(&done));
        let said = format!("{}{}", done.stdout, done.stderr);
        assert!(!said.contains("more: `todos show`"), "{name}: {said}");
        for id in 1..=10 {
            assert!(
                said.contains(&format!(" {id} [ ] ")),
                "{name} item {id}: {said}"
            );
        }
    }
}

#[test]
fn a_huge_or_long_plan_is_cut_with_a_count() {
    for (count, content) in [
        (20_000, "Item".to_owned()),
        (10, "y".repeat(2_000)),
        (40, "\"\\\"\\\"".repeat(30)),
    ] {
        let env = TestEnv::new();
        store(&env, count, &content, &"s".repeat(5_000));
        for (name, done) in every_hook(&env) {
            assert!(
                chars(&done) <= CAP,
                "{count} items: {name}: {} chars",
                chars(&done)
            );
            assert!(matches!(done.code, 0 | 2), "{name}: {}", done.code);
            let said = format!("{}{}", done.stdout, done.stderr);
            if count > 10 {
                assert!(said.contains("more: `todos show`"), "{name}: {said}");
            }
            // Agents that read JSON still get JSON.
            if done.stdout.starts_with('{') {
                serde_json::from_str::<Value>(&done.stdout).expect("whole JSON");
            }
        }
    }
}

/// A hostile thing planted in a workspace, by name.
type Plant = (&'static str, fn(&TestEnv));

/// A refusal inside a hook (a link or a FIFO where the config or the store belongs, a corrupt
/// store, an unsafe memory folder) lets the agent go on and says why where it shows it: exit 1
/// and stderr, for Codex exit 0 and a `systemMessage`; nothing is written.
#[cfg(unix)]
#[test]
fn a_refusal_inside_a_hook_lets_the_agent_go_on() {
    let cases: [Plant; 5] = [
        ("a linked config", |env| {
            let outside = env.outside("config.json");
            std::fs::create_dir_all(outside.parent().unwrap()).unwrap();
            std::fs::write(&outside, "{}").unwrap();
            std::os::unix::fs::symlink(&outside, env.path(".todos.config.json")).unwrap();
        }),
        ("a FIFO config", |env| {
            rustix::fs::mkfifoat(
                rustix::fs::CWD,
                env.path(".todos.config.json"),
                rustix::fs::Mode::from_raw_mode(0o644),
            )
            .unwrap();
        }),
        ("a FIFO store", |env| {
            rustix::fs::mkfifoat(
                rustix::fs::CWD,
                env.path(".todos.json"),
                rustix::fs::Mode::from_raw_mode(0o644),
            )
            .unwrap();
        }),
        ("a planted id", |env| store(env, 1, "a", "s")),
        ("a bad config", |env| {
            env.write_file(".todos.config.json", r#"{"max_items": "x"}"#);
        }),
    ];
    for (what, plant) in cases {
        let env = TestEnv::new();
        plant(&env);
        if what == "a planted id" {
            let text = env
                .read(".todos.json")
                .replace("\"id\":\"1\"", "\"id\":\"1;id\"");
            env.write_file(".todos.json", text);
        }
        for agent in ["claude", "codex", "gemini"] {
            for event in ["session-start", "stop"] {
                // Codex drops a failed hook's stderr: it gets exit 0 and a systemMessage.
                let code = i32::from(agent != "codex");
                let run = env.todos(&["hook"]).stdin(fixture(agent, event));
                let run = if agent == "codex" {
                    run.stdout_in_parts("the agent's answer: its first words and length, below")
                } else {
                    run.stderr_in_parts("the hook's refusal: its first words and length, below")
                };
                let done = env.rejects(run, code);
                let said = if agent == "codex" {
                    let answer: serde_json::Value = serde_json::from_str(&done.stdout).unwrap();
                    answer["systemMessage"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned()
                } else {
                    done.stderr.clone()
                };
                assert!(
                    said.starts_with("todos hook: "),
                    "{what}: {agent}: {done:?}"
                );
                assert!(chars(&done) <= CAP, "{what}");
            }
        }
        let stop = r#"{"hook_event_name":"Stop","stop_hook_active":false}"#;
        let done = env.rejects(
            env.todos(&["check", "--hook"])
                .stdin(stop)
                .stderr_in_parts("the hook's refusal: its first words, below"),
            1,
        );
        assert!(
            done.stderr.starts_with("todos hook: "),
            "{what}: {}",
            done.stderr
        );
    }
}
