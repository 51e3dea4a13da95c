//! Which agents `todos init` sets up: the one `--agent` names, else every agent the repository
//! already shows by its files, else a generic one (AGENTS.md), with the line that says why.

use crate::commands::init::InitArgs;
use crate::context::Context;
use crate::policy::agent::Agent;
use crate::policy::error::Note;

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
        let shown: Vec<String> = files
            .iter()
            .filter(|file| ctx.workspace.join(file).symlink_metadata().is_ok())
            .map(|file| as_named(file))
            .collect();
        if !shown.is_empty() {
            found.push(agent);
            named.push(format!("{name} ({})", shown.join(", ")));
        }
    }
    if found.is_empty() {
        let signs = SIGNS
            .iter()
            .flat_map(|(_, _, files)| files.iter().map(|file| as_named(file)))
            .collect();
        return (
            vec![Agent::Generic],
            Some(Note::NoAgentShown { signs }.to_string()),
        );
    }
    (found, Some(Note::AgentsShown { named }.to_string()))
}

/// A file that shows an agent as the line names it: a folder with its slash (`.claude/`).
fn as_named(file: &str) -> String {
    if file.starts_with('.') {
        format!("{file}/")
    } else {
        file.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_without_an_agent_names_every_file_that_shows_one() {
        let signs: Vec<String> = SIGNS
            .iter()
            .flat_map(|(_, _, files)| files.iter().map(|file| as_named(file)))
            .collect();
        let line = Note::NoAgentShown {
            signs: signs.clone(),
        }
        .to_string();
        for (_, _, files) in SIGNS {
            for file in files {
                assert!(line.contains(&as_named(file)), "{file}: {line}");
            }
        }
        assert!(
            line.starts_with(
                "No agent's files here (CLAUDE.md, .claude/, .codex/, GEMINI.md, .gemini/)"
            ),
            "{line}"
        );
    }
}
