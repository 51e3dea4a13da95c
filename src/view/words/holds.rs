//! The words of `policy/failure/holds.rs`.

use crate::policy::english::count;
use crate::policy::failure::Holds;

impl std::fmt::Display for Holds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Instructions { items, chars } => write!(
                f,
                "the todos instructions ({}, {} an item)",
                count(*items, "item"),
                count(*chars, "character")
            ),
            Self::MergeAttributes => f.write_str(
                "plans merge with `todos merge-file` (commit it; each clone runs `todos init \
                 --git`)",
            ),
            Self::MergeDriver { users_own: true } => {
                f.write_str("it already holds a [merge \"todos\"] section of yours, left as it is")
            }
            Self::MergeDriver { users_own: false } => f.write_str(
                "the todos merge driver (`todos merge-file %O %A %B`), for this clone only",
            ),
            Self::MergeDriverAndRemote { users_own, remote } => {
                write!(
                    f,
                    "{}; the plans live on the remote \"{}\" (todos.remote, and git fetch brings \
                     refs/todos/*), for this clone only",
                    Self::MergeDriver {
                        users_own: *users_own
                    },
                    crate::policy::text::escape(remote)
                )
            }
            Self::SuggestedRemote { remote } => write!(
                f,
                "\"remote\": \"{}\", a suggestion to this repository's clones (commit it)",
                crate::policy::text::escape(remote)
            ),
            Self::Hooks {
                command,
                start,
                matcher,
                next_prompt,
                after_tool,
                stop,
            } => {
                write!(f, "`{command}` as the {start}")?;
                if let Some(matcher) = matcher {
                    write!(f, " ({matcher})")?;
                }
                if let Some(next_prompt) = next_prompt {
                    write!(f, ", {next_prompt}")?;
                }
                write!(f, ", {after_tool} and {stop} hooks")
            }
            Self::McpServer { command, then } => {
                write!(f, "the todos MCP server ({command}), {then}")
            }
            Self::Allows { values, at } => {
                let values: Vec<String> = values.iter().map(|value| format!("`{value}`")).collect();
                write!(f, "allows {} ({at}), todos alone", values.join(" and "))
            }
        }
    }
}
