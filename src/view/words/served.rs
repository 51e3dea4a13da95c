//! The words of `policy/failure/served.rs`.

#[cfg(feature = "board")]
use crate::policy::board::HOSTS;
#[cfg(feature = "board")]
use crate::policy::failure::Http;
#[cfg(feature = "mcp")]
use crate::policy::failure::{Malformed, Rpc};
#[cfg(feature = "mcp")]
use crate::policy::sentences;

#[cfg(feature = "mcp")]
impl std::fmt::Display for Rpc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotJson { why } => write!(f, "Parse error: the line is not JSON ({why})"),
            Self::NotMessage { why } => write!(
                f,
                "Invalid request: not a JSON-RPC 2.0 message this server takes ({})",
                match why {
                    Malformed::NotObject => "a message is one JSON object; batches are not taken",
                    Malformed::Id => "its id must be a string or a number",
                    Malformed::Version => "it must say \"jsonrpc\": \"2.0\"",
                    Malformed::Method => "its method must be a string",
                    Malformed::Params => "its params must be an object",
                    Malformed::Neither => "it has no method, and no result or error either",
                }
            ),
            Self::TooLarge => f.write_str(&sentences::message_too_large()),
            Self::NoSuchMethod { method } => write!(
                f,
                "Method not found: this server does not serve \"{method}\"; it serves \
                 initialize, ping, tools/list, tools/call and server/discover"
            ),
            Self::ToolCall => f.write_str(
                "Invalid params: tools/call takes the tool's \"name\" (a string) and its \
                 \"arguments\" (an object)",
            ),
            Self::NoSuchTool { name, tools } => write!(
                f,
                "no tool is named \"{name}\": the tools are {}",
                tools.join(", ")
            ),
            Self::Meta { missing } => write!(
                f,
                "request _meta is missing or has malformed required fields: {}",
                missing.join(", ")
            ),
        }
    }
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
