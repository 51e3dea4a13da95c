//! The words of `policy/failure/hint.rs`.

use crate::policy::error::{Caller, Path};
use crate::policy::failure::{Hint, StdinCommand};
use crate::policy::mcp::Tool;
use crate::policy::settings::{Setting, Variable, WORKSPACE_CONFIG};
use crate::policy::text::escape;
use std::fmt;

/// The ids a message names at most; more are said as `…`.
const IDS_SAID: usize = 20;

/// `the ids are 1, 2, 3` (the first `IDS_SAID`), or that the plan is empty.
pub fn ids_in_prose(ids: &[String]) -> String {
    if ids.is_empty() {
        return "the plan is empty".to_owned();
    }
    let said: Vec<&str> = ids.iter().take(IDS_SAID).map(String::as_str).collect();
    let more = if ids.len() > said.len() { ", …" } else { "" };
    match said.as_slice() {
        [one] => format!("the one id is {}", escape(one)),
        _ => format!("the ids are {}{more}", escape(&said.join(", "))),
    }
}

/// The ids there are, and how `caller` sees each item with its id; or how it adds items to
/// an empty plan.
fn ids_hint(ids: &[String], caller: Caller) -> String {
    match (ids.is_empty(), caller) {
        (true, Caller::CommandLine) => {
            "the plan is empty; add items with `todos create` or `todos write`".to_owned()
        }
        (true, Caller::Client) => format!(
            "the plan is empty; add items with {} or {}",
            super::tool(Tool::Create),
            super::tool(Tool::Write)
        ),
        (false, Caller::CommandLine) => format!(
            "{}; run `todos show` to see each item with its id",
            ids_in_prose(ids)
        ),
        (false, Caller::Client) => format!(
            "{}; call {} to see each item with its id",
            ids_in_prose(ids),
            super::tool(Tool::Show)
        ),
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LeaseExample { claim, lease } => match lease {
                Path::Typed(_) => write!(f, "e.g. `todos next {claim} {lease} 15m`"),
                Path::Input(_) => write!(f, "e.g. \"{claim}\": true, \"{lease}\": \"15m\""),
            },
            Self::Ids { ids, caller } => f.write_str(&ids_hint(ids, *caller)),
            Self::Reopen { id, status, reopen } => match &**reopen {
                Path::Typed(_) => {
                    write!(f, "to reopen it, run `todos update {id} {status} {reopen}`")
                }
                Path::Input(_) => write!(
                    f,
                    "to reopen it, send {{\"id\": \"{}\", \"status\": \"{status}\", {}}}",
                    escape(id),
                    super::switched_on(reopen)
                ),
            },
            Self::TakeNeedsName {
                caller: Caller::CommandLine,
            } => write!(
                f,
                "give the owner (--owner NAME, or \"owner\" in JSON), or set {} to the name you \
                 work under",
                Variable::Owner.name()
            ),
            Self::TakeNeedsName {
                caller: Caller::Client,
            } => write!(
                f,
                "give the owner (\"owner\": NAME), or start the server with {} set to the name \
                 you work under",
                Variable::Owner.name()
            ),
            Self::ClaimWithName { owner } => {
                let name = match owner {
                    Path::Typed(_) => format!("{owner} NAME"),
                    Path::Input(_) => format!("\"{owner}\": NAME,"),
                };
                write!(
                    f,
                    "claim with a name ({name} or {}), or finish that item first",
                    Variable::Owner.name()
                )
            }
            Self::FileOnStdin => f.write_str(
                "--file reads a regular file; send other input on stdin instead (todos write - < \
                 PATH)",
            ),
            Self::Stdin(command) => f.write_str(match command {
                StdinCommand::Write => {
                    "pipe a snapshot in (`todos write < plan.json`), pass it as an argument, use \
                     --file PATH, or build one with --summary TEXT -t STATUS:CONTENT"
                }
                StdinCommand::Create => {
                    "give the items as arguments (`todos create \"First step\" \"Second step\"`), \
                     or pipe {\"items\": [...]}, a JSON array of strings, or one item per line"
                }
                StdinCommand::Update => {
                    "name the item and its new status (`todos update 2 completed`), or pipe \
                     {\"id\": \"2\", \"status\": \"completed\"}"
                }
            }),
            Self::CheckFile => f.write_str("check the --file path"),
            Self::Quote(split) => f.write_str(&split.hint()),
            Self::OursOnly => f.write_str(
                "OURS is left as it was, and git takes it as the result: our side only. Take \
                 theirs' changes by hand (`git show MERGE_HEAD:FILE`), or take their side (`git \
                 checkout --theirs FILE`), then `git add` it",
            ),
            Self::MemoryDirInside => {
                let setting = Setting::MemoryDir.info();
                write!(
                    f,
                    "{} must name a folder inside the workspace, with no link on the way out: fix \
                     it in {WORKSPACE_CONFIG}, your todos/config.json or {}, or remove the link",
                    setting.key, setting.env
                )
            }
            Self::UndoRecovers { path, caller } => write!(
                f,
                "the file was left untouched; {} to set it aside and restore the latest \
                 revision its history kept, or fix {} by hand",
                super::run(*caller, Tool::Undo),
                path.display()
            ),
            Self::UpdateExample { id } => write!(
                f,
                "send the id and what changes, e.g. {{\"id\": \"{}\", \"status\": \"completed\"}}",
                crate::policy::text::escape(&crate::policy::text::shown(id))
            ),
        }
    }
}
