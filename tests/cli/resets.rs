//! Every reset brings the plan back (SPEC §8): the payload each agent's release sends at each
//! reset (tests/fixtures/hooks/<agent>/, recorded by `TODOS_E2E_RECORD=1
//! scripts/agents-e2e.sh` from Claude Code 2.1.332, Codex 0.171.0 and Gemini CLI 0.61.0) in,
//! the plan out in the form that agent carries to its model, once; nothing without a plan; and
//! a store that cannot be read lets the agent go on, saying why where that agent shows it.
//!
//! The same events are driven on the real binaries by the e2e script's `resets` scenario;
//! these tests hold the answers to them in CI.

use std::path::PathBuf;

use serde_json::{Value, json};

use crate::support::TestEnv;

/// One way to break a workspace, by name.
type Breakage = (&'static str, fn(&TestEnv));

/// What the hook puts into the context for `TestEnv::open_plan`.
const CONTEXT: &str = "Plan (todos) [1/3] Fix login — open items (update with `todos update ID \
                       STATUS`):\n  2 [▶] Patch the check\n  3 [ ] Add a test\n";

/// Each agent, and the sources other than `startup` its release sends `SessionStart` with.
const SOURCES: [(&str, &[&str]); 3] = [
    ("claude", &["resume", "clear", "compact", "fork"]),
    ("codex", &["resume", "clear", "compact", "fork"]),
    ("gemini", &["resume", "clear"]),
];

fn fixture_path(agent: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hooks")
        .join(agent)
        .join(name)
}

fn fixture(agent: &str, name: &str) -> String {
    let path = fixture_path(agent, &format!("{name}.json"));
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// Gemini CLI's `BeforeAgent` payload `name`, pointing at the transcript recorded with it.
fn before_agent(name: &str) -> String {
    let mut payload: Value = serde_json::from_str(&fixture("gemini", name)).unwrap();
    let transcript = fixture_path("gemini", &format!("{name}.transcript.jsonl"));
    assert!(transcript.is_file(), "{}", transcript.display());
    payload["transcript_path"] = json!(transcript);
    payload.to_string()
}

/// The answer that carries `CONTEXT` to the model at `event`, in `agent`'s channel.
fn carries_the_plan(agent: &str, event: &str) -> String {
    if agent == "claude" {
        // Claude Code adds a SessionStart hook's plain stdout to the context.
        return CONTEXT.to_owned();
    }
    let answer = json!({"hookSpecificOutput": {
        "hookEventName": event,
        "additionalContext": CONTEXT,
    }});
    format!("{answer}\n")
}

#[test]
fn every_session_start_brings_the_plan_in_the_agents_own_form() {
    for (agent, sources) in SOURCES {
        for source in sources.iter().chain(&["startup"]) {
            let name = match *source {
                "startup" => "session-start".to_owned(),
                other => format!("session-start-{other}"),
            };
            let payload = fixture(agent, &name);
            assert!(
                payload.contains(&format!("\"source\":\"{source}\"")),
                "{agent} {name}: {payload}"
            );
            let env = TestEnv::new();
            // No plan: nothing at all, and nothing created.
            let run = env
                .todos(&["hook"])
                .stdin(&payload)
                .expect_stdout("")
                .expect_stderr("");
            env.rejects(run, 0);
            env.open_plan();
            env.todos(&["hook"])
                .stdin(&payload)
                .expect_code(0)
                .expect_stdout(carries_the_plan(agent, "SessionStart"))
                .expect_stderr("")
                .run();
        }
    }
}

/// Gemini CLI drops what `SessionStart` gives after /clear, and runs no event after a
/// compression: the plan comes back with the next prompt (`BeforeAgent`), judged from the
/// conversation Gemini CLI records, and only when that conversation does not hold it already.
#[test]
fn gemini_gets_the_plan_back_before_the_next_prompt_once() {
    let env = TestEnv::new();
    for name in ["before-agent-after-clear", "before-agent-after-compress"] {
        let run = env
            .todos(&["hook"])
            .stdin(before_agent(name))
            .expect_stdout("")
            .expect_stderr("");
        env.rejects(run, 0);
    }
    env.open_plan();
    for name in ["before-agent-after-clear", "before-agent-after-compress"] {
        env.todos(&["hook"])
            .stdin(before_agent(name))
            .expect_code(0)
            .expect_stdout(carries_the_plan("gemini", "BeforeAgent"))
            .expect_stderr("")
            .run();
    }
    // The plan is in the history (the session's start put it there) or in the prompt (a
    // non-interactive start puts it there): not again.
    for name in ["before-agent-in-history", "before-agent-in-prompt"] {
        env.todos(&["hook"])
            .stdin(before_agent(name))
            .expect_code(0)
            .expect_stdout("")
            .expect_stderr("")
            .run();
    }
}

/// The conversation a `BeforeAgent` payload names is Gemini CLI's file, read only as far as it
/// must be: a missing, unreadable, blocking or oversized one brings nothing and never hangs.
#[test]
fn gemini_before_agent_never_trusts_a_transcript_it_cannot_read() {
    let env = TestEnv::new();
    env.open_plan();
    std::fs::create_dir_all(env.outside("")).unwrap();
    let mut payload: Value =
        serde_json::from_str(&before_agent("before-agent-after-clear")).unwrap();
    let answer = |payload: &Value| {
        env.todos(&["hook"])
            .stdin(payload.to_string())
            .expect_code(0)
            .expect_stdout("")
            .expect_stderr("")
            .run();
    };
    for path in [
        json!(""),
        json!(null),
        json!(7),
        json!(env.outside("absent.jsonl")),
        json!(env.outside("")),
        json!("relative/chat.jsonl"),
    ] {
        payload["transcript_path"] = path;
        answer(&payload);
    }
    #[cfg(unix)]
    {
        let fifo = env.outside("chat.fifo");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        payload["transcript_path"] = json!(fifo);
        let started = std::time::Instant::now();
        answer(&payload);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
    // A conversation whose last snapshot of the history lies further back than the hook reads:
    // no reset shows in what it read, so nothing comes (a compression writes a snapshot at the
    // end).
    let transcript = env.outside("long.jsonl");
    let recorded = std::fs::read_to_string(fixture_path(
        "gemini",
        "before-agent-after-clear.transcript.jsonl",
    ))
    .unwrap();
    let filler = format!(
        "{{\"id\":\"x\",\"type\":\"user\",\"content\":[{{\"text\":\"{}\"}}]}}\n",
        "a".repeat(1000)
    );
    std::fs::write(&transcript, recorded + &filler.repeat(17 * 1024)).unwrap();
    payload["transcript_path"] = json!(transcript);
    answer(&payload);
}

/// A store that cannot be read at a reset or a stop lets the agent go on, with the reason where
/// the agent shows a hook's words: Claude Code and Gemini CLI show a hook's stderr on exit 1;
/// Codex drops it (`hook exited with code 1`), so Codex gets exit 0 and a `systemMessage`.
#[test]
fn a_store_that_cannot_be_read_lets_each_agent_go_on_and_says_why() {
    let payloads = [
        ("claude", fixture("claude", "session-start-clear")),
        ("claude", fixture("claude", "stop")),
        ("codex", fixture("codex", "session-start-compact")),
        ("codex", fixture("codex", "stop")),
        ("gemini", fixture("gemini", "session-start-clear")),
        ("gemini", fixture("gemini", "stop")),
        ("gemini", before_agent("before-agent-after-clear")),
    ];
    let broken: [Breakage; 3] = [
        ("a corrupt store", |env| {
            env.write_file(".todos.json", "{not json");
        }),
        ("a bad configuration", |env| {
            env.write_file(".todos.config.json", "{\"max_items\": \"ten\"}");
        }),
        ("a store that is a link", |env| {
            #[cfg(unix)]
            std::os::unix::fs::symlink(env.outside("elsewhere.json"), env.path(".todos.json"))
                .unwrap();
        }),
    ];
    for (what, breaks) in broken {
        for (agent, payload) in &payloads {
            let env = TestEnv::new();
            breaks(&env);
            if *agent == "codex" {
                let run = env
                    .todos(&["hook"])
                    .stdin(payload)
                    .stdout_in_parts("the agent's answer: its systemMessage, below");
                let done = env.rejects(run, 0);
                let answer: Value = serde_json::from_str(&done.stdout)
                    .unwrap_or_else(|err| panic!("{what}: {err}: {}", done.stdout));
                let message = answer["systemMessage"].as_str().unwrap_or_default();
                assert!(message.starts_with("todos hook: "), "{what}: {answer}");
                assert_eq!(answer.as_object().unwrap().len(), 1, "{what}: {answer}");
                assert!(done.stdout.chars().count() <= 1_500, "{what}");
            } else {
                let run = env
                    .todos(&["hook"])
                    .stdin(payload)
                    .stderr_in_parts("the hook's refusal: its first words, below");
                let done = env.rejects(run, 1);
                assert!(
                    done.stderr.starts_with("todos hook: "),
                    "{agent} {what}: {}",
                    done.stderr
                );
            }
        }
    }
}
