//! The words of `policy/failure/plan.rs`.

use super::Words;
use super::{command, given, summarize, switched_on, tool};
use crate::policy::error::{Caller, Kind, Path};
use crate::policy::failure::{ChainEnd, LeaseState, Plan, Revisions};
use crate::policy::mcp::Tool;
use crate::policy::settings::{Setting, Variable};
use crate::policy::text::escape;

impl std::fmt::Display for Revisions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Range { first, last } => {
                write!(f, "the history keeps revisions {first} to {last}")
            }
            Self::Nothing => f.write_str("the history keeps no revision yet"),
        }
    }
}

impl Plan {
    // One arm per variant, as casey/just's `Display` of its error: every message in one place.
    #[allow(clippy::too_many_lines)]
    pub(super) fn render(self) -> Words {
        let invalid = |message: String| Words::new(Kind::InvalidParam, message);
        match self {
            Self::NothingToUndo { caller } => invalid(
                "nothing more to undo: the plan shown is revision 0, the empty plan before the \
                 first change"
                    .to_owned(),
            )
            .with_hint(match caller {
                Caller::CommandLine => "`todos redo` steps forward again".to_owned(),
                Caller::Client => format!("call {} to step forward again", tool(Tool::Redo)),
            }),
            Self::NothingToRedo { since_undo, caller } => invalid(
                if since_undo {
                    "nothing to redo: no undo was taken back since the last change"
                } else {
                    "nothing to redo: the last change was not an undo"
                }
                .to_owned(),
            )
            .with_hint(match caller {
                Caller::CommandLine => {
                    "`todos undo` takes the last change back; `todos redo` then puts it back"
                        .to_owned()
                }
                Caller::Client => format!(
                    "call {} to take the last change back; {} then puts it back",
                    tool(Tool::Undo),
                    tool(Tool::Redo)
                ),
            }),
            Self::WorkspaceGone {
                path,
                replaced,
                what,
            } => invalid(format!(
                "the workspace folder {} {}: nothing more to {what}",
                crate::policy::text::escape(&path.display().to_string()),
                if replaced {
                    "was replaced by another folder"
                } else {
                    "was deleted"
                }
            ))
            .with_hint("run the command again in the workspace you mean"),
            Self::RevisionAhead {
                actual,
                expected,
                at,
            } => Words::new(
                Kind::Conflict,
                format!(
                    "the plan is at revision {actual}, not {expected}: revision {expected} does \
                     not exist yet, so no command read it"
                ),
            )
            .with_hint(format!(
                "take the revision from the last {}, here {}",
                match at {
                    Path::Typed(_) =>
                        "output of todos (`todos --json show` gives it as data.revision)".to_owned(),
                    Path::Input(_) => format!(
                        "answer ({} gives it as data.revision)",
                        tool(Tool::Show)
                    ),
                },
                given(&at, actual)
            )),
            Self::RevisionBehind {
                actual,
                expected,
                at,
            } => Words::new(
                Kind::Conflict,
                format!(
                    "the plan is at revision {actual}, not {expected}: someone changed it since \
                     you read it"
                ),
            )
            .with_hint(format!(
                "{} to see the plan as it is now, then retry with {} if your change still holds",
                match at {
                    Path::Typed(_) => "run `todos show`".to_owned(),
                    Path::Input(_) => format!("call {}", tool(Tool::Show)),
                },
                given(&at, actual)
            )),
            Self::SessionCountAtMax { caller } => {
                invalid("the session's count of finished plans is at its maximum".to_owned())
                    .with_hint(match caller {
                        Caller::CommandLine => {
                            "start a new session with `todos write --new-session`".to_owned()
                        }
                        // No tool starts a session: another list keeps a session of its own.
                        Caller::Client => "no tool starts a new session: work on another \"list\", \
                                           whose session is its own"
                            .to_owned(),
                    })
            }
            Self::NotKept { revision, kept, at } => {
                invalid(format!("revision {revision} is not kept: {kept}")).with_hint(match at {
                    Path::Typed(_) => "run `todos history` to see the kept revisions".to_owned(),
                    Path::Input(_) => format!(
                        "call {} without \"{at}\" to see the kept revisions",
                        tool(Tool::History)
                    ),
                })
            }
            Self::CannotUndo {
                target,
                kept,
                never_changed,
                to,
            } => {
                let setting = Setting::HistoryLimit.info();
                let message = if never_changed {
                    "nothing to undo: the plan has never changed".to_owned()
                } else {
                    format!("revision {target} is not kept: {kept}")
                };
                let see = match to {
                    Path::Typed(_) => {
                        "run `todos history` to see the kept revisions, then `todos undo --to REV`"
                            .to_owned()
                    }
                    Path::Input(_) => format!(
                        "call {} to see the kept revisions, then {} with {}",
                        tool(Tool::History),
                        tool(Tool::Undo),
                        sent(&to, "REV")
                    ),
                };
                invalid(message).with_hint(format!(
                    "{see}; `{}` ({}) sets how many are kept",
                    setting.key, setting.env
                ))
            }
            Self::Unvouched {
                target,
                path,
                store,
                stop,
                others,
                caller,
            } => {
                let path = path.display().to_string();
                let path = escape(&path);
                let lines = crate::policy::english::count(others, "line");
                let found = match stop {
                    ChainEnd::Unnamed => format!(
                        "the store (revision {store}) names no line of {path}: an older todos, a \
                         merge or another checkout wrote it"
                    ),
                    ChainEnd::Missing { revision } => format!(
                        "the line before revision {revision} that the store's chain names is not \
                         in {path}: the history was replaced (git overwrites ignored files on a \
                         pull or a checkout), comes from another checkout, or was trimmed"
                    ),
                    ChainEnd::Start => format!(
                        "its line in {path} is not on the chain of lines that leads to the \
                         store: a store put back by git, or a line an older todos, a checkout \
                         or another user wrote"
                    ),
                };
                invalid(format!(
                    "revision {target} cannot be restored: {found}; {lines} of the history \
                     cannot be vouched for, and undo restores only what this workspace's own \
                     changes wrote"
                ))
                .with_hint(format!(
                    "the plan is as it was; {} marks the lines it cannot vouch for; every change \
                     from now on is recorded so that undo can take it back",
                    command(caller, Tool::History)
                ))
            }
            Self::Unrestorable {
                revision,
                problems,
                to,
            } => invalid(format!(
                "revision {revision} cannot be restored: {}",
                summarize(&problems)
            ))
            .with_hint(match to {
                Path::Typed(_) => "restore another revision (`todos history` lists them), or \
                                   raise the limit as said and run undo again"
                    .to_owned(),
                Path::Input(_) => format!(
                    "restore another revision ({} with {}; {} lists them), or raise the limit as \
                     said and call {} again",
                    tool(Tool::Undo),
                    sent(&to, "REV"),
                    tool(Tool::History),
                    tool(Tool::Undo)
                ),
            }),
            Self::NothingToRestore { path } => Words::new(
                Kind::StoreCorrupt,
                format!(
                    "{} cannot be read, and its history keeps no revision to restore nor does it \
                     hold a revision and id counter to go on from",
                    path.display()
                ),
            )
            .with_hint(format!(
                "the file was left untouched; fix it by hand, or move it aside (mv {0} \
                 {0}.broken) to start a new plan, whose ids may repeat old ones",
                path.display()
            )),
            Self::MissingRevision {
                target,
                kept,
                nearest,
                to,
            } => invalid(format!(
                "revision {target} is missing from the history: a change was stopped before it \
                 recorded it ({kept})"
            ))
            .with_hint(match to {
                Path::Typed(_) => format!(
                    "the nearest kept revision before it is {nearest}: `todos undo --to \
                     {nearest}`; `todos history` lists them all"
                ),
                Path::Input(_) => format!(
                    "the nearest kept revision before it is {nearest}: {} with {}; {} lists them \
                     all",
                    tool(Tool::Undo),
                    given(&to, nearest),
                    tool(Tool::History)
                ),
            }),
            Self::NoList { list, near, at } => {
                invalid(format!("no list {list} (did you mean {near}?)")).with_hint(match at {
                    Path::Typed(_) => format!(
                        "run the command with `-l {near}`; `todos show --all` prints every list"
                    ),
                    Path::Input(_) => format!("call the tool again with {}", given(&at, near)),
                })
            }
            Self::LeaseTooFar { span, from, lease } => invalid(format!(
                "a lease of {span} from {from} would end after the year 9999, past the times a \
                 store can hold"
            ))
            .with_hint(match lease {
                Some(lease) => format!(
                    "claim without {}, or check the clock ({})",
                    match lease {
                        Path::Typed(_) => lease.to_string(),
                        Path::Input(_) => format!("\"{lease}\""),
                    },
                    Variable::Now.name()
                ),
                // A lease the call did not give: an earlier claim's, renewed, or the
                // configured one.
                None => format!("check the clock ({})", Variable::Now.name()),
            }),
            Self::MergedPastMax { counter, max } => invalid(format!(
                "the merged plan would take the {counter} past {max}, the largest counter todos \
                 keeps"
            )),
            Self::WouldBeUnreadable { path, what, caller } => invalid(format!(
                "the change would leave {} unreadable ({what}), so nothing was saved",
                crate::policy::text::escape(&path.display().to_string())
            ))
            .with_hint(match caller {
                Caller::CommandLine => "the store is as it was; `todos show` prints it".to_owned(),
                Caller::Client => format!("the store is as it was; {} gives it", tool(Tool::Show)),
            }),
            Self::MergedUnreadable { what } => invalid(format!(
                "the merged plan could not be read back as a store: {what}"
            )),
            Self::LockHeld { lock, seconds } => Words::new(
                Kind::Conflict,
                format!(
                    "another todos process held the lock on {} longer than --lock-timeout \
                     ({seconds} s)",
                    lock.display()
                ),
            )
            .with_hint("try again once it is done, or wait longer with --lock-timeout SECS"),
            Self::CounterAtMax { counter } => invalid(format!(
                "the store's {counter} is at its maximum and cannot go on"
            ))
            .with_hint("start a new store: move .todos.json aside"),
            Self::MergedCounterAtMax { counter } => {
                invalid(format!("the store's {counter} is at its maximum"))
            }
            Self::OwnedByOthers {
                items,
                actor,
                source,
                first_id,
                lease,
                claim,
            } => {
                let items: Vec<String> = items
                    .iter()
                    .map(|(item, owner)| format!("item {item} is owned by {}", escape(owner)))
                    .collect();
                let by_claim = match &claim {
                    Path::Typed(_) => format!("`todos next {claim}`"),
                    Path::Input(_) => format!("{} with {}", tool(Tool::Next), switched_on(&claim)),
                };
                let lease = match lease {
                    LeaseState::Ended { owner, why } => {
                        format!("{}'s {why}: {by_claim} takes it over", escape(&owner))
                    }
                    LeaseState::RunsUntil(end) => format!(
                        "its lease runs until {}, then {by_claim} takes it over",
                        crate::policy::text::local_time_of(end)
                    ),
                    LeaseState::None => "it holds no lease".to_owned(),
                };
                let take = match claim {
                    Path::Typed(_) => format!("`todos update {} --take`", escape(&first_id)),
                    Path::Input(_) => format!(
                        "{} with {{\"id\": \"{}\", \"take\": true}}",
                        tool(Tool::Update),
                        escape(&first_id)
                    ),
                };
                Words::new(
                    Kind::Conflict,
                    format!(
                        "{}, not by {} ({source}): a change under one owner's name to another \
                         owner's item is refused",
                        items.join("; "),
                        escape(&actor),
                    ),
                )
                .with_hint(format!("{lease}; {take} takes it over on purpose"))
            }
        }
    }
}

/// A tool call's argument at `at` with a value the caller chooses (`"to": REV`), where `given`
/// writes a value as JSON.
fn sent(at: &Path, placeholder: &str) -> String {
    format!("\"{at}\": {placeholder}")
}
