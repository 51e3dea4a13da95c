//! The words of `policy/failure/setup.rs`.

use super::Words;
use crate::policy::error::Kind;
use crate::policy::failure::{
    BlockWhy, BoardBound, BoardStep, NotOwn, Server, Setup, Shape, UserFolder,
};
use crate::policy::sentences;
use crate::policy::text::escape;
use std::path::PathBuf;

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Object { at } => write!(f, "\"{at}\" must be an object"),
            Self::Array { at } => write!(f, "\"{at}\" must be an array"),
            Self::Rules { at } => write!(f, "\"{at}\" must be an array of rules"),
            Self::Table { at } => write!(f, "\"{at}\" must be a table"),
            Self::NotToml(why) => write!(f, "it is not valid TOML: {why}"),
            Self::NotJsonObject => f.write_str("it must hold a JSON object"),
        }
    }
}

impl std::fmt::Display for BlockWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Two => "it holds two todos blocks",
            Self::EndFirst => "a todos:end marker has no todos:begin before it",
            Self::NoEnd => "its todos block has no todos:end marker",
        })
    }
}

impl Setup {
    // One arm per variant, as casey/just's `Display` of its error: every message in one place.
    #[allow(clippy::too_many_lines)]
    pub(super) fn render(self) -> Words {
        let invalid = |message: String| Words::new(Kind::InvalidParam, message);
        let shown = |path: &PathBuf| escape(&path.display().to_string()).into_owned();
        match self {
            Self::HooksNeedAgent => Words::new(
                Kind::Usage,
                "--hooks needs the agent whose hooks to write: --agent claude, codex or gemini",
            )
            .with_hint("for other agents, see the `todos check` hook recipes in docs/agents.md"),
            Self::McpNeedsAgent { command } => Words::new(
                Kind::Usage,
                "--mcp registers the server for one agent: use it with --agent claude, codex or \
                 gemini",
            )
            .with_hint(format!(
                "for another MCP client, register the stdio command `{command}`"
            )),
            Self::NotUtf8 { path } => invalid(format!("{} is not UTF-8 text", path.display()))
                .with_hint("todos init leaves it untouched; fix or move it, then run it again"),
            Self::Unreadable { path, why } => invalid(format!("{}: {why}", path.display()))
                .with_hint("todos init leaves it untouched; fix it, then run it again"),
            Self::Block {
                path,
                why,
                begin,
                end,
            } => invalid(format!("{}: {why}", path.display())).with_hint(format!(
                "todos init owns the lines from `{begin} …` to `{end}`; fix them by hand, then \
                 run it again"
            )),
            Self::GitConfigTooLarge { path, max } => invalid(format!(
                "{} is larger than {max} bytes; todos init leaves it untouched",
                shown(&path)
            )),
            Self::GitConfigNotUtf8 { path } => {
                invalid(format!("{} is not UTF-8 text", shown(&path))).with_hint(
                    "todos init leaves it untouched; register the driver with `git config`",
                )
            }
            Self::GitLocked { lock } => Words::new(
                Kind::Conflict,
                format!(
                    "{} exists: git is changing the repository's config",
                    shown(&lock)
                ),
            )
            .with_hint(
                "run `todos init --git` again once git is done (if no git runs, a crashed one \
                 left the lock file: remove it)",
            ),
            Self::NotInGit { workspace } => invalid(format!(
                "{} is not inside a git repository, so there is no .git/config for the merge \
                 driver",
                shown(&workspace)
            ))
            .with_hint("run `git init` first, or leave out --git"),
            Self::NoHead { common } => invalid(format!(
                "{} is not a git repository's folder (it has no HEAD)",
                shown(&common)
            ))
            .with_hint("run `git init` first, or leave out --git"),
            Self::BoardListen { port, why } => Words::new(
                Kind::Internal,
                match port {
                    Some(port) => format!("cannot listen on 127.0.0.1, port {port}: {why}"),
                    None => format!("cannot listen on 127.0.0.1, a free port: {why}"),
                },
            )
            .with_hint(if port.is_some() {
                "choose another --port, or leave it out to take a free one"
            } else {
                "check that the loopback interface is up"
            }),
            Self::BoardServer { step, why } => Words::new(
                Kind::Internal,
                format!(
                    "{}: {why}",
                    match step {
                        BoardStep::Address => "cannot read the board's address",
                        BoardStep::Start => "cannot start the board's server",
                        BoardStep::Serve => "the board's server failed",
                        BoardStep::Token => "cannot make the board's token",
                    }
                ),
            ),
            Self::BoardNotFolder { path } => invalid(format!("{} is not a folder", shown(&path)))
                .with_hint("name workspaces, or folders that hold them"),
            Self::NotBuiltIn { server } => {
                let (name, feature) = match server {
                    Server::Mcp => ("the MCP server", "mcp"),
                    Server::Board => ("the board's page", "board"),
                };
                Words::new(
                    Kind::Internal,
                    format!("this todos was built without {name} (the `{feature}` feature)"),
                )
                .with_hint(
                    "build todos with its default features: `cargo build --release` in a clone \
                     of todos, or `cargo install --path .` there",
                )
            }
            Self::BoardTooLarge { path, over } => Words::new(
                Kind::InvalidParam,
                match over {
                    BoardBound::Store { size, max } => format!(
                        "{} holds {}, more than the board reads of one list ({})",
                        shown(&path),
                        sentences::size(size),
                        sentences::size(max)
                    ),
                    BoardBound::Budget { max } => format!(
                        "{} is not shown: the lists before it take the board's memory budget \
                         ({})",
                        shown(&path),
                        sentences::size(max)
                    ),
                },
            )
            .with_hint(match over {
                BoardBound::Store { .. } => "`todos show` reads it in the terminal",
                BoardBound::Budget { .. } => {
                    "name fewer folders to the board, or read this list with `todos show`"
                }
            }),
            Self::BoardFolderMoved { path } => Words::new(
                Kind::UnsafePath,
                format!(
                    "{} now leads elsewhere than when the board found it (a link made since); \
                     the board does not follow it",
                    shown(&path)
                ),
            )
            .with_hint("start the board again to show what it leads to"),
            Self::NotAProject { workspace, what } => Words::new(
                Kind::UnsafePath,
                format!(
                    "{} is {}, not a project: todos init edits project files only",
                    shown(&workspace),
                    match what {
                        UserFolder::Home => "your home folder",
                        UserFolder::Config => "in your user configuration folder",
                        UserFolder::AgentSettings => "in an agent's user-level settings folder",
                    }
                ),
            )
            .with_hint(
                "run `todos init` in the project's folder (or pass -C with it); an agent's \
                 user-level settings are yours to edit",
            ),
            Self::Untrusted { why } => Words::new(Kind::UnsafePath, why.to_string()).with_hint(
                "check the repository with `git worktree list` (`git worktree repair` rewrites a \
                 worktree's pointers), or leave out --git",
            ),
            Self::McpServer { started, why } => Words::new(
                Kind::Internal,
                if started {
                    format!("the MCP server stopped: {why}")
                } else {
                    format!("cannot start the MCP server: {why}")
                },
            ),
        }
    }
}

impl std::fmt::Display for NotOwn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Hook { path, entry, ours } => write!(
                f,
                "{}: the hook {entry}, which is not todos' own (`{ours}`): left as it is; review it",
                path.display()
            ),
            Self::McpServer {
                path,
                name,
                command,
                ours,
            } => write!(
                f,
                "{}: the MCP server entry \"{name}\" runs command {}, which is not todos' own \
                 (`{ours}`): left as it is, neither approved nor trusted; review it",
                path.display(),
                escape(command)
            ),
            Self::ApprovalKept { path, key, approve } => write!(
                f,
                "{}: kept your {key} for the todos server; Codex's sandboxed default refuses its \
                 tools unless it is \"{approve}\"",
                path.display()
            ),
        }
    }
}

impl serde::Serialize for NotOwn {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
