//! What a server `todos` runs answers a client it refuses: the MCP server's JSON-RPC errors
//! (`Rpc`) and the board's HTTP refusals (`Http`). Their words are written here, as every
//! failure's are; the server only picks the variant and the protocol's code.

#[cfg(feature = "board")]
use crate::policy::board::HOSTS;
#[cfg(feature = "mcp")]
use crate::policy::sentences;

/// A JSON-RPC error the MCP server answers with.
#[cfg(feature = "mcp")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rpc {
    /// A line that is not JSON, in the parser's words (-32700).
    NotJson { why: String },
    /// JSON that is not a message this server takes (-32600).
    NotMessage { why: String },
    /// A line over `Cap::McpLineBytes` (-32600).
    TooLarge,
    /// A `tools/call` of a tool that does not exist (-32602).
    NoSuchTool {
        name: String,
        tools: Vec<&'static str>,
    },
    /// Listing the tools failed (-32603).
    ListingFailed,
}

#[cfg(feature = "mcp")]
impl std::fmt::Display for Rpc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotJson { why } => write!(f, "Parse error: the line is not JSON ({why})"),
            Self::NotMessage { why } => write!(
                f,
                "Invalid request: not a JSON-RPC 2.0 message this server takes ({why})"
            ),
            Self::TooLarge => f.write_str(&sentences::message_too_large()),
            Self::NoSuchTool { name, tools } => write!(
                f,
                "no tool is named \"{name}\": the tools are {}",
                tools.join(", ")
            ),
            Self::ListingFailed => f.write_str("listing the tools failed"),
        }
    }
}

/// Why the board refuses an HTTP request.
#[cfg(feature = "board")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Http {
    /// A `Host` that is not the board's address (DNS rebinding).
    ForeignHost,
    /// A request for the board's data without the board's token in its header, or a
    /// hand-over with another token.
    NoToken,
    /// A method other than GET and HEAD (and the hand-over's POST).
    ReadOnly,
    NoSuchPage,
    /// A hand-over form that did not arrive whole within the board's time, or is too long.
    FormUnread,
}

#[cfg(feature = "board")]
impl std::fmt::Display for Http {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::ForeignHost => writeln!(
                f,
                "todos board refused this request: its Host is not this board's address ({} \
                 and its port).",
                HOSTS[0]
            ),
            Self::NoToken => writeln!(
                f,
                "todos board refused this request: it has no valid token. Open the URL that \
                 `todos board` printed, token included."
            ),
            Self::ReadOnly => writeln!(f, "todos board is read-only: it answers GET and HEAD."),
            Self::NoSuchPage => writeln!(f, "todos board has no such page."),
            Self::FormUnread => writeln!(
                f,
                "todos board refused this request: its form did not arrive whole in time, or \
                 is too long."
            ),
        }
    }
}
