//! How to fix a refused input, said beside its problems.

use std::fmt;

use crate::policy::settings::{Setting, WORKSPACE_CONFIG};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// A lease given on the command line: an example that works.
    LeaseExample,
    /// An update that changes nothing: an example with its id.
    UpdateExample { id: String },
    /// A `memory_dir` that leads out of the workspace.
    MemoryDirInside,
    /// A store that cannot be read: `undo` sets it aside.
    UndoRecovers { path: std::path::PathBuf },
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LeaseExample => f.write_str("e.g. `todos next --claim --lease 15m`"),
            Self::MemoryDirInside => {
                let setting = Setting::MemoryDir.info();
                write!(
                    f,
                    "{} must name a folder inside the workspace, with no link on the way out: fix \
                     it in {WORKSPACE_CONFIG}, your todos/config.json or {}, or remove the link",
                    setting.key, setting.env
                )
            }
            Self::UndoRecovers { path } => write!(
                f,
                "the file was left untouched; run `todos undo` to set it aside and restore the \
                 latest revision its history kept, or fix {} by hand",
                path.display()
            ),
            Self::UpdateExample { id } => write!(
                f,
                "send the id and what changes, e.g. {{\"id\": \"{}\", \"status\": \"completed\"}}",
                crate::policy::text::escape(&crate::policy::text::shown(id))
            ),
        }
    }
}
