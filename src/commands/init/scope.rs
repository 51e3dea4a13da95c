//! `init` edits project files only (SPEC §9). `Bash(todos:*)`, the allow rule it writes, lets an
//! agent run `todos -C DIR init` without a prompt; run in the home folder, `init` would write
//! `~/.claude/settings.json` (every project's settings: the rule, the hooks, the MCP server) or
//! `~/.codex/config.toml`, and run in an agent's user-level settings folder it would write that
//! agent's own instructions. So a workspace that is the home folder, or lies in an agent's
//! user-level settings folder or in the user configuration folder, is refused, however it was
//! named (`-C`, `TODOS_WORKSPACE`, found from the current folder, reached through a link).

use std::path::PathBuf;

use crate::context::Context;
use crate::context::host::Host;
use crate::policy::agent::USER_LEVEL_FOLDERS;
use crate::policy::error::{Result, Setup, UserFolder};

/// Refuses a workspace that is not a project's folder.
pub fn refuse_user_folders(ctx: &Context, host: &Host) -> Result<()> {
    let Ok(workspace) = ctx.workspace.canonicalize() else {
        return Ok(());
    };
    let real = |path: PathBuf| path.canonicalize().ok();
    let home = host
        .var("HOME")
        .filter(|home| !home.is_empty())
        .and_then(|home| real(PathBuf::from(home)));
    let mut settings: Vec<PathBuf> = Vec::new();
    for (folder, variable) in USER_LEVEL_FOLDERS {
        settings.extend(home.as_ref().and_then(|home| real(home.join(folder))));
        let moved = variable.and_then(|variable| host.var(variable));
        settings.extend(
            moved
                .filter(|dir| !dir.is_empty())
                .and_then(|dir| real(dir.into())),
        );
    }
    let config = host.config_dir().and_then(real);
    let what = if home.as_deref() == Some(workspace.as_path()) {
        UserFolder::Home
    } else if config
        .as_deref()
        .is_some_and(|config| workspace.starts_with(config))
    {
        UserFolder::Config
    } else if settings.iter().any(|folder| workspace.starts_with(folder)) {
        UserFolder::AgentSettings
    } else {
        return Ok(());
    };
    Setup::NotAProject {
        workspace: ctx.workspace.clone(),
        what,
    }
    .into()
}
