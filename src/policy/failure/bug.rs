//! What cannot happen unless `todos` is wrong, or the system fails under it (exit 5).

use crate::policy::error::{Error, Kind};

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

impl Bug {
    pub(super) fn render(self) -> Error {
        let error = |message: String| Error::new(Kind::Internal, message);
        match self {
            Self::Encode { what, why } => error(format!("cannot encode {what}: {why}")),
            Self::MergeItem { id, why } => error(format!("cannot merge item {id}: {why}")),
            Self::ItemFields { id } => error(format!("cannot read item {id}'s fields")),
            Self::ManPage { why } => error(format!("cannot render the man page: {why}")),
            Self::ManNotUtf8 { why } => error(format!("the man page is not UTF-8: {why}")),
            Self::MarkersVanished => error("conflict markers were found, then not".to_owned()),
            Self::Signals { why } => error(format!("cannot handle signals: {why}")),
            Self::Write { what, why } => error(format!("cannot write {what}: {why}")),
            Self::Server { what } => {
                error(format!("internal error: {what}; this is a bug in todos"))
            }
        }
    }
}
