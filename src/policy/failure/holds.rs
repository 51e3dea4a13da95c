//! What `init` says a file it wrote now holds, after the file's name (`created CLAUDE.md: the
//! todos instructions (10 items, 60 characters an item)`): each part a variant, its words here.

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
