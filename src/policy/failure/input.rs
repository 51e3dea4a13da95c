//! An input refused as a whole (exit 1): where it came from, its JSON, its shape, a name or a
//! configuration value.

use crate::policy::error::{Error, Kind};
use crate::policy::name::{Broken, LIST_NAME};
use crate::policy::sentences;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A list name (`--list`, `TODOS_LIST`) that breaks `LIST_NAME`.
    ListName { name: String, broken: Broken },
}

impl Input {
    pub(super) fn render(self) -> Error {
        let error = |message: String| Error::new(Kind::InvalidParam, message);
        match self {
            Self::ListName { name, broken } => error(format!(
                "the list name \"{}\" {}",
                crate::policy::text::word(&name),
                sentences::broken_name(&LIST_NAME, &broken)
            ))
            .with_hint(format!(
                "name a list with {}, e.g. --list {}",
                sentences::name_rule(&LIST_NAME),
                LIST_NAME.examples.join(", --list ")
            )),
        }
    }
}
