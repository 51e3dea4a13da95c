//! What cannot happen unless `todos` is wrong, or the system fails under it (exit 5).

use crate::policy::error::{Error, Kind};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bug {
    /// A value that cannot be encoded as JSON (`what`: `the store`), with serde's reason.
    Encode { what: &'static str, why: String },
    /// Two versions of an item whose merged fields are no item.
    MergeItem { id: String, why: String },
    /// An item that does not encode as an object.
    ItemFields { id: String },
}

impl Bug {
    pub(super) fn render(self) -> Error {
        let error = |message: String| Error::new(Kind::Internal, message);
        match self {
            Self::Encode { what, why } => error(format!("cannot encode {what}: {why}")),
            Self::MergeItem { id, why } => error(format!("cannot merge item {id}: {why}")),
            Self::ItemFields { id } => error(format!("cannot read item {id}'s fields")),
        }
    }
}
