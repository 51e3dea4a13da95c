//! Which agents `todos init` sets up: the one `--agent` names, else every agent the repository
//! already shows by its files, else a generic one (AGENTS.md), with the line that says why.

use crate::commands::init::InitArgs;
use crate::context::Context;
use crate::policy::agent::Agent;

/// The agents a repository shows by its files, with the files that show each (SPEC §8):
/// `init` without `--agent` sets up each of them.
const SIGNS: [(Agent, &str, &[&str]); 3] = [
    (Agent::Claude, "Claude Code", &["CLAUDE.md", ".claude"]),
    (Agent::Codex, "Codex", &[".codex"]),
    (Agent::Gemini, "Gemini CLI", &["GEMINI.md", ".gemini"]),
];

/// The agents to set up, and the line that says why: `--agent`'s, else every agent the
/// workspace shows, else the generic one (AGENTS.md). `--git` alone sets up none.
pub(super) fn chosen(ctx: &Context, args: &InitArgs) -> (Vec<Agent>, Option<String>) {
    if let Some(agent) = args.agent {
        return (vec![agent], None);
    }
    if args.git && !args.hooks && !args.mcp {
        return (Vec::new(), None);
    }
    let mut found = Vec::new();
    let mut named = Vec::new();
    for (agent, name, files) in SIGNS {
        let shown: Vec<&str> = files
            .iter()
            .copied()
            .filter(|file| ctx.workspace.join(file).symlink_metadata().is_ok())
            .collect();
        if !shown.is_empty() {
            found.push(agent);
            let shown: Vec<String> = shown
                .iter()
                .map(|file| {
                    if file.starts_with('.') {
                        format!("{file}/")
                    } else {
                        (*file).to_owned()
                    }
                })
                .collect();
            named.push(format!("{name} ({})", shown.join(", ")));
        }
    }
    if found.is_empty() {
        return (
            vec![Agent::Generic],
            Some(
                "No agent's files here (CLAUDE.md, .claude/, .codex/, GEMINI.md, .gemini/): \
                 set up AGENTS.md, which most agents read; --agent chooses one."
                    .to_owned(),
            ),
        );
    }
    let line = format!(
        "Set up the agents this repository shows: {}; --agent chooses one.",
        named.join("; ")
    );
    (found, Some(line))
}
