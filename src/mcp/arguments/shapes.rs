//! The typed arguments of the tools that take no command input: each read with serde, unknown
//! fields refused, beside the shared `list` and `expect_revision`.

use serde::Deserialize;

use super::Arguments;

/// An item's id, as a string or the number a model may send for it.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Id {
    Text(String),
    Number(i64),
}

impl Id {
    pub(super) fn into_string(self) -> String {
        match self {
            Self::Text(text) => text,
            Self::Number(number) => number.to_string(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveArguments {
    pub ids: Vec<Id>,
    #[serde(flatten)]
    pub common: Arguments,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextArguments {
    #[serde(default)]
    pub claim: Option<bool>,
    #[serde(default)]
    pub owner: Option<String>,
    #[serde(default)]
    pub lease: Option<String>,
    #[serde(flatten)]
    pub common: Arguments,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistoryArguments {
    #[serde(default)]
    pub revision: Option<u64>,
    #[serde(flatten)]
    pub common: Arguments,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UndoArguments {
    #[serde(default)]
    pub to: Option<u64>,
    #[serde(flatten)]
    pub common: Arguments,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckArguments {
    #[serde(default)]
    pub owner: Option<String>,
    #[serde(flatten)]
    pub common: Arguments,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListOnly {
    #[serde(flatten)]
    pub common: Arguments,
}
