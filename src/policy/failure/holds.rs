//! What `init` says a file it wrote now holds, after the file's name (`created CLAUDE.md: the
//! todos instructions (10 items, 60 characters an item)`): each part a variant, its words here.

use crate::policy::english::count;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Holds {
    /// The instructions block, at the plan's limits.
    Instructions { items: usize, chars: usize },
    /// `.gitattributes`' block: plans merge with the driver.
    MergeAttributes,
    /// git's config: the driver's section, or the user's own one, left as it is.
    MergeDriver { users_own: bool },
    /// `init --git --remote NAME`: the merge driver, and the remote the plans live on.
    MergeDriverAndRemote { users_own: bool, remote: String },
    /// `init --git --remote NAME --share`: the remote suggested to the repository's clones.
    SuggestedRemote { remote: String },
    /// An agent's hooks: `command` on its session-start event (with its matcher), its
    /// next-prompt event, its after-tool event and its stop event.
    Hooks {
        command: &'static str,
        start: &'static str,
        matcher: Option<&'static str>,
        next_prompt: Option<&'static str>,
        after_tool: &'static str,
        stop: &'static str,
    },
    /// todos' MCP server entry (`command`), and what the user must still do in the agent.
    McpServer { command: String, then: &'static str },
    /// The allow rules (`values`) at the key `at` (`permissions.allow`).
    Allows {
        values: Vec<&'static str>,
        at: String,
    },
}

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
