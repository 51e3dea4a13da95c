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
            Self::NotAllowed => writeln!(
                f,
                "todos board answers GET and HEAD, and POST from its own page."
            ),
            Self::ForeignOrigin => writeln!(
                f,
                "todos board refused this change: it did not come from the board's own page \
                 (its Origin is not http://{} or http://{} with this board's port).",
                HOSTS[0], HOSTS[1]
            ),
            Self::NotJson => writeln!(
                f,
                "todos board refused this change: it is not JSON (Content-Type: application/json)."
            ),
            Self::ActionUnread => writeln!(
                f,
                "todos board refused this change: it did not arrive whole in time, or is too long."
            ),
            Self::NotAnAction => writeln!(
                f,
                "todos board refused this change: it is not one of the page's actions \
                 ({{\"workspace\", \"list\", \"action\"}} with the item's \"id\", or the \
                 new item's \"content\")."
            ),
            Self::NotShown => writeln!(
                f,
                "todos board refused this change: it acts only on the lists it shows, and it \
                 shows no such workspace or list."
            ),
            Self::NoPerson => writeln!(
                f,
                "todos board has no name to act under: start it with TODOS_OWNER set, or with \
                 the user's name in USER."
            ),
            Self::Broke => writeln!(
                f,
                "todos board could not make this change: the command stopped inside. Make it \
                 with `todos` to see why."
            ),
            Self::BodyUnread => writeln!(
                f,
                "todos board refused this request: its body did not arrive whole in time, or \
                 is over {}.",
                crate::policy::sentences::size(crate::policy::board::BODY_BYTES as u64)
            ),
            Self::LengthRequired => writeln!(
                f,
                "todos board refused this request: send its body with a Content-Length, not \
                 in chunks."
            ),
            Self::Malformed => writeln!(
                f,
                "todos board refused this request: it is not an HTTP/1 request."
            ),
            Self::HeadTooLarge => writeln!(
                f,
                "todos board refused this request: its head is over {} or {} lines.",
                crate::policy::sentences::size(crate::policy::board::REQUEST_BYTES as u64),
                crate::policy::board::REQUEST_HEADERS
            ),
        }
    }
}
