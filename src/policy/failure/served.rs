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
}
