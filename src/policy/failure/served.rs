//! What a server `todos` runs answers a client it refuses: the MCP server's JSON-RPC errors
//! (`Rpc`) and the board's HTTP refusals (`Http`). Their words are written here, as every
//! failure's are; the server only picks the variant and the protocol's code.

/// A JSON-RPC error the MCP server answers with.
#[cfg(feature = "mcp")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rpc {
    /// A line that is not JSON, in the parser's words (-32700).
    NotJson { why: String },
    /// JSON that is not a message this server takes (-32600).
    NotMessage { why: Malformed },
    /// A line over `Cap::McpLineBytes` (-32600).
    TooLarge,
    /// A method this server does not serve (-32601).
    NoSuchMethod { method: String },
    /// A `tools/call` without a tool's name, or with arguments that are not an object (-32602).
    ToolCall,
    /// A `tools/call` of a tool that does not exist (-32602).
    NoSuchTool {
        name: String,
        tools: Vec<&'static str>,
    },
    /// A 2026-07-28 request whose `_meta` lacks a field that revision requires (-32602).
    Meta { missing: Vec<&'static str> },
}

/// What makes a line JSON but no JSON-RPC 2.0 message.
#[cfg(feature = "mcp")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Malformed {
    /// An array (a batch, which MCP does not take) or a lone value.
    NotObject,
    /// An id that is not a string or a number.
    Id,
    /// No `"jsonrpc": "2.0"`.
    Version,
    /// A method that is not a string.
    Method,
    /// Params that are not an object.
    Params,
    /// No method, and no result or error either.
    Neither,
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
    /// A method the board does not answer while it takes the page's actions.
    NotAllowed,
    /// A change whose `Origin` is not the board's own page (absent, or another origin's).
    ForeignOrigin,
    /// A change that is not `application/json`.
    NotJson,
    /// A change whose body did not arrive whole within the board's time, or is too long.
    ActionUnread,
    /// A change that is not one of the page's actions.
    NotAnAction,
    /// A change to a workspace or list that the board does not show.
    NotShown,
    /// No name to act under: neither `TODOS_OWNER` nor the user's name.
    NoPerson,
    /// The command stopped inside (a bug): nothing is said of what it did.
    Broke,
    /// Any other request's body that did not arrive whole within the board's time, or is
    /// over `BODY_BYTES`.
    BodyUnread,
    /// A body sent in chunks (`Transfer-Encoding`), not with its `Content-Length`.
    LengthRequired,
    /// A request head that is not HTTP/1.
    Malformed,
    /// A request head over `REQUEST_BYTES`, or with more than `REQUEST_HEADERS` header lines.
    HeadTooLarge,
}
