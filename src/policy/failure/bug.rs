//! What cannot happen unless `todos` is wrong, or the system fails under it (exit 5).

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bug {
    /// A value that cannot be encoded as JSON (`what`: `the store`), with serde's reason.
    Encode {
        what: &'static str,
        why: String,
    },
    /// Two versions of an item whose merged fields are no item.
    MergeItem {
        id: String,
        why: String,
    },
    /// An item that does not encode as an object.
    ItemFields {
        id: String,
    },
    /// The man page, unrendered (`why`) or not UTF-8.
    ManPage {
        why: String,
    },
    ManNotUtf8 {
        why: String,
    },
    /// Conflict markers found in a store, then not.
    MarkersVanished,
    /// Signals that cannot be handled.
    Signals {
        why: String,
    },
    /// A view (`show --watch`) or the history (`--follow`) that cannot be written out.
    Write {
        what: &'static str,
        why: String,
    },
    /// A failure of the MCP server itself.
    Server {
        what: String,
    },
}
