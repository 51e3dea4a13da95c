//! The words of `policy/failure/input.rs`.

use super::Words;
use crate::policy::cap::Cap;
use crate::policy::error::{Caller, Kind, Path};
use crate::policy::failure::{FileWhy, Hint, Input, StdinCommand};
use crate::policy::name::{LIST_NAME, OWNER};
use crate::policy::sentences;
use crate::policy::settings::Variable;

impl Input {
    // One arm per variant, as casey/just's `Display` of its error: every message in one place.
    #[allow(clippy::too_many_lines)]
    pub(super) fn render(self) -> Words {
        let error = |message: String| Words::new(Kind::InvalidParam, message);
        match self {
            Self::ListName { name, broken, at } => error(format!(
                "the list name \"{}\" {}",
                crate::policy::text::word(&name),
                sentences::broken_name(&LIST_NAME, &broken)
            ))
            .with_hint(format!(
                "name a list with {}, e.g. {}",
                sentences::name_rule(&LIST_NAME),
                (LIST_NAME.examples.iter())
                    .map(|example| super::given(&at, *example))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Self::TooLarge { source } => error(format!(
                "{source} is larger than {}; a plan is a short list",
                sentences::size(Cap::InputBytes.value())
            )),
            Self::Now { value, why } => {
                let var = Variable::Now.name();
                error(format!("{var}={value:?} is not an RFC 3339 time: {why}")).with_hint(format!(
                    "set it like {var}=2025-01-02T17:42:33+08:00, or unset it to use the clock"
                ))
            }
            Self::NowOutOfRange { value } => {
                let var = Variable::Now.name();
                error(format!(
                    "{var}={value:?} falls outside the years 0000 to 9999 in the local time zone, \
                     the times a store can hold"
                ))
                .with_hint(format!(
                    "set it like {var}=2025-01-02T17:42:33+08:00, or unset it to use the clock"
                ))
            }
            Self::WorkspaceNotFolder { path } => {
                error(format!("the workspace {} is not a folder", path.display())).with_hint(
                    format!(
                        "create it first, or pass another -C/--workspace (or {})",
                        Variable::Workspace.name()
                    ),
                )
            }
            Self::StdinTerminal { hint } => {
                Words::new(Kind::Usage, "no input: stdin is a terminal").hinted(hint)
            }
            Self::StdinEmpty { hint } => error("stdin is empty".to_owned()).hinted(hint),
            Self::FileUnreadable { source, why } => {
                let why = match why {
                    FileWhy::Missing => "no such file".to_owned(),
                    FileWhy::Folder => "it is a folder".to_owned(),
                    FileWhy::Other(why) => why,
                };
                error(format!("cannot read {source}: {why}")).hinted(Hint::CheckFile)
            }
            Self::FileEmpty { source } => error(format!("{source} is empty")),
            Self::SummaryEmpty => error("--summary is empty".to_owned()).with_hint(
                "give the one line that says what the plan is for, or leave --summary out to keep \
                 the stored one",
            ),
            Self::OwnerEmpty { at } => {
                let away = match &at {
                    Path::Typed(_) => {
                        "; `todos update ID --no-owner` takes an item's owner away".to_owned()
                    }
                    Path::Input(_) => format!(", or leave {at} out"),
                };
                error(format!("{at} is empty")).with_hint(format!(
                    "give who works on it: {} (e.g. {}){away}",
                    sentences::name_rule(&OWNER),
                    super::given(&at, OWNER.examples[0])
                ))
            }
            Self::NoItems { caller } => {
                let error = error("no items to create".to_owned());
                match caller {
                    Caller::CommandLine => error.hinted(Hint::Stdin(StdinCommand::Create)),
                    Caller::Client => error.with_hint(
                        "send the items to create, e.g. {\"items\": [\"First step\", \"Second \
                         step\"]}",
                    ),
                }
            }
            Self::ConfigVariable { var, value, why } => error(format!(
                "environment variable {var}={value:?} is invalid: {why}"
            )),
            Self::ConfigNotObject { source } => error(format!("{source} must hold a JSON object")),
            Self::ConfigKey { source, key, why } => {
                error(format!("{source}: key \"{key}\" is invalid: {why}"))
            }
            Self::NotUtf8 { source, offset } => error(format!(
                "{source} is not valid UTF-8 (first bad byte at offset {offset})"
            )),
            Self::NotJson { source, why } => error(format!("{source} is not valid JSON: {why}")),
            Self::NotSnapshot { found } => error(format!(
                "the input must be a JSON object such as {{\"summary\": \"…\", \"todos\": […]}} \
                 or an array of items, not {found}"
            )),
            Self::NotCreate { found } => error(format!(
                "create takes {{\"items\": [...]}}, one item's fields, an array or plain lines, \
                 not {found}"
            )),
            Self::NotUpdate { found } => error(format!(
                "update takes an object such as {{\"id\": \"2\", \"status\": \"completed\"}}, \
                 not {found}"
            )),
        }
    }
}
