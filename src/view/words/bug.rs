//! The words of `policy/failure/bug.rs`.

use super::Words;
use crate::policy::error::Kind;
use crate::policy::failure::Bug;

impl Bug {
    pub(super) fn render(self) -> Words {
        let error = |message: String| Words::new(Kind::Internal, message);
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
