//! The after-tool hook (SPEC §8, what others change reaches a working agent): each agent's
//! real after-tool payloads (tests/fixtures/hooks/<agent>/after-tool*.json, recorded from
//! Claude Code 2.1.332, Codex 0.171.0 and Gemini CLI 0.61.0 by scripts/agents-e2e.sh's news
//! scenario) in, nothing or one note out.

use serde_json::{Value, json};

use crate::support::{Run, TestEnv, instructions, still_asks, trust_step};

/// Each agent and the event its after-tool payloads name.
const AGENTS: [(&str, &str); 3] = [
    ("claude", "PostToolUse"),
    ("codex", "PostToolUse"),
    ("gemini", "AfterTool"),
];

/// The session every payload of a test claims to come from.
const SESSION: &str = "7d9f3a2e-0000-4000-8000-000000000001";

/// `agent`'s recorded payload `name`, from the session `session`.
fn payload(agent: &str, name: &str, session: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/hooks/{agent}/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"));
    let mut payload: Value = serde_json::from_str(&text).unwrap();
    payload["session_id"] = json!(session);
    payload.to_string()
}

fn hook(env: &TestEnv, agent: &str, name: &str) -> Run {
    env.todos(&["hook"]).stdin(payload(agent, name, SESSION))
}

/// What the hook prints for `note` after a tool call of `agent`.
fn told(event: &str, note: &str) -> String {
    let answer = json!({"hookSpecificOutput": {
        "hookEventName": event,
        "additionalContext": note,
    }});
    format!("{answer}\n")
}

/// Another process, under an owner's name, changes the plan.
fn others(env: &TestEnv, owner: &str, args: &[&str]) {
    env.todos(args)
        .env("TODOS_OWNER", owner)
        .run_unchecked()
        .success();
}

#[test]
fn a_change_by_others_is_told_once_and_nothing_else_is() {
    for (agent, event) in AGENTS {
        let env = TestEnv::new();
        env.open_plan();
        // The session starts: it has seen the plan as its session-start hook showed it.
        env.todos(&["hook"])
            .stdin(payload(agent, "session-start", SESSION))
            .run_unchecked()
            .success();
        hook(&env, agent, "after-tool")
            .expect_stdout("")
            .expect_stderr("")
            .run();
        others(&env, "w2", &["-q", "update", "3", "completed"]);
        others(
            &env,
            "you@laptop",
            &["-q", "create", "Check the Windows build"],
        );
        hook(&env, agent, "after-tool")
            .expect_code(0)
            .expect_stdout(told(
                event,
                "todos: the plan changed: w2 completed 3; you@laptop added 4 \"Check the \
                 Windows build\". `todos show` has the whole plan.\n",
            ))
            .expect_stderr("")
            .run();
        // Once per change: the note told it.
        hook(&env, agent, "after-tool")
            .expect_stdout("")
            .expect_stderr("")
            .run();
        // Without an owner's name, the command that made the change says who.
        env.todos(&["-q", "update", "2", "cancelled"])
            .run_unchecked()
            .success();
        hook(&env, agent, "after-tool")
            .expect_stdout(told(
                event,
                "todos: the plan changed: `todos update` cancelled 2. `todos show` has the \
                 whole plan.\n",
            ))
            .run();
        // A session the hook never met takes the plan as it is.
        env.todos(&["hook"])
            .stdin(payload(agent, "after-tool", "another-session"))
            .expect_stdout("")
            .run();
    }
}

#[test]
fn the_agents_own_changes_never_come_back_as_news() {
    for (agent, _) in AGENTS {
        let env = TestEnv::new();
        env.open_plan();
        env.todos(&["hook"])
            .stdin(payload(agent, "session-start", SESSION))
            .env("TODOS_SESSION", "run-7")
            .run_unchecked()
            .success();
        // A change under the session's own TODOS_SESSION is the agent's own.
        env.todos(&["-q", "update", "2", "completed"])
            .env("TODOS_SESSION", "run-7")
            .run_unchecked()
            .success();
        hook(&env, agent, "after-tool")
            .env("TODOS_SESSION", "run-7")
            .expect_stdout("")
            .expect_stderr("")
            .run();
        // The tool call the hook follows ran `todos`: its output showed the plan as it left it.
        env.todos(&["-q", "update", "3", "in_progress"])
            .run_unchecked()
            .success();
        hook(&env, agent, "after-tool-todos")
            .expect_stdout("")
            .expect_stderr("")
            .run();
        hook(&env, agent, "after-tool").expect_stdout("").run();
    }
}

#[test]
fn a_session_without_a_record_or_an_id_takes_the_plan_as_it_is() {
    for (agent, _) in AGENTS {
        let env = TestEnv::new();
        // No plan, no session start: nothing printed, nothing created.
        let run = hook(&env, agent, "after-tool")
            .expect_stdout("")
            .expect_stderr("");
        env.rejects(run, 0);
        env.open_plan();
        // Met for the first time (installed mid-session): silent, and seen from now on.
        hook(&env, agent, "after-tool").expect_stdout("").run();
        others(&env, "w2", &["-q", "update", "3", "completed"]);
        hook(&env, agent, "after-tool")
            .expect_stdout(told(
                AGENTS.iter().find(|(a, _)| *a == agent).unwrap().1,
                "todos: the plan changed: w2 completed 3. `todos show` has the whole plan.\n",
            ))
            .run();
        // A payload without a session id (and no TODOS_SESSION) has no record to keep.
        let mut anonymous: Value =
            serde_json::from_str(&payload(agent, "after-tool", SESSION)).unwrap();
        anonymous.as_object_mut().unwrap().remove("session_id");
        others(&env, "w2", &["-q", "update", "3", "pending", "--reopen"]);
        env.todos(&["hook"])
            .stdin(anonymous.to_string())
            .expect_stdout("")
            .expect_stderr("")
            .run();
    }
}

#[test]
fn a_hostile_record_or_history_is_escaped_capped_or_passed_over() {
    let env = TestEnv::new();
    env.open_plan();
    let start = payload("claude", "session-start", SESSION);
    env.todos(&["hook"]).stdin(&start).run_unchecked().success();
    // A record that is not the hook's own reads as none: the session takes the plan as it is.
    env.write_file(".todos/default.seen", "{\"sessions\": \"\u{1b}[31m\"}");
    others(&env, "w2", &["-q", "update", "3", "completed"]);
    hook(&env, "claude", "after-tool").expect_stdout("").run();
    assert!(
        env.read(".todos/default.seen")
            .starts_with("{\"sessions\":[{\"key\":\""),
        "written again as the hook's own"
    );
    // A planted history line names a hostile author, who is no owner: its command says who.
    let history = env.read(".todos/default.history.jsonl");
    let mut lines: Vec<Value> = history
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    others(&env, "w2", &["-q", "update", "2", "completed"]);
    let mut planted: Value = serde_json::from_str(
        env.read(".todos/default.history.jsonl")
            .lines()
            .last()
            .unwrap(),
    )
    .unwrap();
    planted["by"] = json!("\u{1b}]0;evil\u{7} and a name far too long for an owner");

    lines.push(planted);
    let text: String = lines.iter().map(|line| line.to_string() + "\n").collect();
    env.write_file(".todos/default.history.jsonl", text);
    hook(&env, "claude", "after-tool")
        .expect_stdout(told(
            "PostToolUse",
            "todos: the plan changed: `todos update` completed 2. `todos show` has the whole \
             plan.\n",
        ))
        .run();
    // Ten long items added at once by another process: one note, within the hook's cap.
    let mut args = vec!["write", "-q", "--summary", "Many"];
    let items: Vec<String> = (0..10)
        .map(|n| format!("pending:{n} {}", "Ω".repeat(57)))
        .collect();
    for item in &items {
        args.extend(["-t", item.as_str()]);
    }
    others(&env, "w3", &args);
    let done = hook(&env, "claude", "after-tool").run_unchecked();
    let answer: Value = serde_json::from_str(&done.stdout).unwrap();
    let note = answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap();
    assert!(
        note.starts_with("todos: the plan changed: w3 added 4 \"0 ΩΩ")
            && note.contains(", and 9 more. `todos show` has the whole plan.\n"),
        "{note}"
    );
    assert!(done.stdout.chars().count() <= 1_500, "{}", done.stdout);
}

#[test]
fn garbage_or_no_payload_is_handled_as_by_every_hook() {
    let env = TestEnv::new();
    env.open_plan();
    env.todos(&["hook"])
        .stdin(payload("gemini", "session-start", SESSION))
        .run_unchecked()
        .success();
    others(&env, "w2", &["-q", "update", "3", "completed"]);
    let real: Value = serde_json::from_str(&payload("gemini", "after-tool", SESSION)).unwrap();
    // A session id that is not text is no session id; a tool input that is not an object, or
    // none, names no command: the first is silent and writes nothing, the others tell the news
    // once.
    let mut odd = real.clone();
    odd["session_id"] = json!({"nested": [1, 2]});
    let run = env
        .todos(&["hook"])
        .stdin(odd.to_string())
        .expect_stdout("")
        .expect_stderr("");
    env.rejects(run, 0);
    let mut odd = real.clone();
    odd["tool_input"] = json!("todos update 3 completed");
    env.todos(&["hook"])
        .stdin(odd.to_string())
        .expect_stdout(told(
            "AfterTool",
            "todos: the plan changed: w2 completed 3. `todos show` has the whole plan.\n",
        ))
        .run();
    let mut odd = real;
    odd.as_object_mut().unwrap().remove("tool_input");
    odd.as_object_mut().unwrap().remove("tool_name");
    let run = env
        .todos(&["hook"])
        .stdin(odd.to_string())
        .expect_stdout("")
        .expect_stderr("");
    env.rejects(run, 0);
}

#[test]
fn a_dry_run_shows_the_after_tool_hook_and_writes_nothing() {
    let env = TestEnv::new();
    env.git_in(&env.ws(), &["init", "-q"]);
    env.todos(&["init", "--agent", "codex"])
        .run_unchecked()
        .success();
    let handler = [
        "  +       {",
        "  +         \"hooks\": [",
        "  +           {",
        "  +             \"type\": \"command\",",
        "  +             \"command\": \"todos hook\"",
        "  +           }",
        "  +         ]",
        "  +       }",
    ]
    .join("\n");
    let expected = format!(
        "{instructions}would create .codex/hooks.json: `todos hook` as the SessionStart \
         (startup|resume|clear|compact|fork), PostToolUse and Stop hooks\n  \
         + {{\n  \
         +   \"hooks\": {{\n  \
         +     \"SessionStart\": [\n\
         {}\n  \
         +     ],\n  \
         +     \"Stop\": [\n\
         {handler}\n  \
         +     ],\n  \
         +     \"PostToolUse\": [\n\
         {handler}\n  \
         +     ]\n  \
         +   }}\n  \
         + }}\n\
         {still_asks}{trust_step}Dry run: init would change the files above; nothing was written.\n",
        handler.replace(
            "  +       {\n",
            "  +       {\n  +         \"matcher\": \"startup|resume|clear|compact|fork\",\n"
        ),
        instructions = instructions!(unchanged "AGENTS.md"),
        still_asks = still_asks!(codex),
        trust_step = trust_step!(codex),
    );
    let before = env.everything();
    env.todos(&["init", "--dry-run", "--agent", "codex", "--hooks"])
        .expect_stdout(expected)
        .run();
    assert_eq!(env.everything(), before, "a dry run writes nothing");
}
