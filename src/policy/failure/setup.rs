//! `init`'s files, git's configuration and the MCP server.

use crate::policy::error::{Error, Kind};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Setup {
    /// `--hooks` without the agent whose hooks to write.
    HooksNeedAgent,
}

impl Setup {
    pub(super) fn render(self) -> Error {
        match self {
            Self::HooksNeedAgent => Error::new(
                Kind::Usage,
                "--hooks needs the agent whose hooks to write: --agent claude, codex or gemini",
            )
            .with_hint("for other agents, see the `todos check` hook recipes in the README"),
        }
    }
}
