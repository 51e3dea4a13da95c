//! `init --mcp` calls an MCP server entry its own only by the one test of `hooks::own`
//! (SPEC §8): todos' own command, `todos mcp`, with only todos' own options added. Planted
//! variants under todos' name, in every agent's file (JSON and Codex's TOML), are named as not
//! its own, left byte for byte, and get no allow rule, trust or approval.

use crate::support::{Done, TestEnv, instructions, still_asks};

/// (agent, file, the entry as the file spells it, for each variant).
fn planted() -> Vec<(&'static str, &'static str, String)> {
    let variants: [(&str, &[&str], &str); 6] = [
        ("todos", &["-C", "$(curl x)", "mcp"], ""),
        ("./todos", &["mcp"], ""),
        ("bin/todos", &["mcp"], ""),
        ("todos", &["--color", "mcp"], ""),
        ("todos", &["mcp"], "cwd"),
        ("sh", &["-c", "todos mcp"], ""),
    ];
    let mut cases = Vec::new();
    for (command, args, extra) in variants {
        let json_args = serde_json::to_string(args).unwrap();
        let json_extra = if extra.is_empty() {
            String::new()
        } else {
            format!(r#","{extra}":"/tmp""#)
        };
        let json = format!(
            r#"{{"mcpServers":{{"todos":{{"command":"{command}","args":{json_args}{json_extra}}}}}}}"#
        );
        cases.push(("claude", ".mcp.json", json.clone()));
        cases.push(("gemini", ".gemini/settings.json", json));
        let toml_extra = if extra.is_empty() {
            String::new()
        } else {
            format!("{extra} = \"/tmp\"\n")
        };
        let toml = format!(
            "# mine\n[mcp_servers.todos]\ncommand = \"{command}\"\nargs = {json_args}\n{toml_extra}"
        );
        cases.push(("codex", ".codex/config.toml", toml));
    }
    cases
}

#[test]
fn a_planted_server_is_named_and_never_approved_in_any_agents_file() {
    for (agent, file, text) in planted() {
        let env = TestEnv::new();
        env.write_file(file, &text);
        planted_server_refused(&env, agent, file, &text);
        if agent == "gemini" {
            // The same file takes the shell allow rule: the planted entry stays as it was.
            let before: serde_json::Value = serde_json::from_str(&text).unwrap();
            let after: serde_json::Value = serde_json::from_str(&env.read(file)).unwrap();
            assert_eq!(after["mcpServers"], before["mcpServers"], "{agent}");
        } else {
            assert_eq!(env.read(file), text, "{agent}: left byte for byte");
        }
    }
}

#[test]
fn todos_own_server_with_its_own_options_is_recognised_in_toml_too() {
    let env = TestEnv::new();
    let own = "[mcp_servers.plan]\ncommand = \"todos\"\nargs = [\"--list=docs\", \"-C\", \"/w\", \"mcp\"]\n";
    env.write_file(".codex/config.toml", own);
    env.todos(&["init", "--agent", "codex", "--mcp"])
        .expect_stdout(concat!(
            instructions!(created "AGENTS.md"),
            "updated .codex/config.toml: the todos MCP server (todos mcp), its tools \
             approved (default_tools_approval_mode = \"approve\"); Codex loads a project's \
             .codex/config.toml once you trust the folder; check with /mcp\n",
            still_asks!(codex),
        ))
        .run()
        .success();
    let text = env.read(".codex/config.toml");
    assert!(
        !text.contains("[mcp_servers.todos]"),
        "not added twice: {text}"
    );
    assert!(
        text.contains("default_tools_approval_mode = \"approve\""),
        "{text}"
    );
}

#[test]
fn an_unreadable_config_is_refused_and_nothing_is_written() {
    let env = TestEnv::new();
    env.write_file(
        ".codex/config.toml",
        "[mcp_servers.todos\ncommand = \"todos\"\n",
    );
    env.rejects(env.todos(&["init", "--agent", "codex", "--mcp"]).expect_stderr(concat!("error: [ROOT]/ws/.codex/config.toml: it is not valid TOML: unclosed table, expected `]`\n", "hint: todos init leaves it untouched; fix it, then run it again\n")), 1);
}

/// `init --agent AGENT --mcp` over a planted `todos` server in `file`: it succeeds, names the
/// entry as not todos' own, registers no server, and adds no allow rule, trust or approval for
/// it in any agent's file.
#[track_caller]
pub fn planted_server_refused(env: &TestEnv, agent: &str, file: &str, planted: &str) -> Done {
    let done = env
        .todos(&["init", "--agent", agent, "--mcp"])
        .stdout_in_parts("each agent's report: its review of the planted entry is checked below")
        .run();
    assert!(
        done.stdout.contains("Not todos' own: ")
            && done
                .stdout
                .contains(&format!("{file}: the MCP server entry \"todos\" runs"))
            && done.stdout.contains("todos' MCP server is NOT registered"),
        "{agent} {planted}: {}",
        done.stdout
    );
    for (path, forbidden) in [
        (".claude/settings.json", "mcp__todos"),
        (".gemini/settings.json", "trust"),
        (".codex/config.toml", "approve"),
    ] {
        assert!(
            !env.path(path).exists() || !env.read(path).contains(forbidden),
            "{agent} {planted}: {path} holds {forbidden}: {}",
            env.read(path)
        );
    }
    done
}
