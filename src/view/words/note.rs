//! The words of `policy/failure/note.rs`.

use crate::policy::cap::Cap;
use crate::policy::english::{capitalized, count};
use crate::policy::failure::{Base, Headline, Idle, NoPayload, Note};
use crate::policy::text::escape;
use std::path::Path;

impl std::fmt::Display for NoPayload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Empty => "no hook payload on stdin",
            Self::NotObject => "the hook payload on stdin is not a JSON object",
            Self::NotJson => "the hook payload on stdin is not JSON",
            Self::Late => "no hook payload arrived on stdin in time",
        })
    }
}

impl std::fmt::Display for Idle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (waiting, waited_on, started, others, blocked) = match self {
            Self::Empty => return f.write_str("Nothing to do: the plan is empty."),
            Self::Done { progress } => return write!(f, "Nothing to do: {progress}"),
            Self::Waiting {
                waiting,
                waited_on,
                started,
                others,
                blocked,
            } => (*waiting, waited_on, started, *others, *blocked),
        };
        let mut parts = Vec::new();
        if waiting > 0 {
            parts.push(format!(
                "{} {} on {}",
                count(waiting, "item"),
                if waiting == 1 { "waits" } else { "wait" },
                escape(&waited_on.join(", "))
            ));
        }
        if !started.is_empty() {
            parts.push(format!(
                "{} in progress elsewhere ({})",
                count(started.len(), "item"),
                started.join(", ")
            ));
        }
        if others > 0 {
            parts.push(format!("{} owned by others", count(others, "item")));
        }
        if blocked > 0 {
            parts.push(format!("{blocked} blocked"));
        }
        write!(f, "Nothing is ready: {}.", parts.join("; "))
    }
}

fn shown(path: &Path) -> String {
    escape(&path.display().to_string()).into_owned()
}

impl std::fmt::Display for Note {
    // One arm per variant, as casey/just's `Display` of its error: every note in one place.
    #[allow(clippy::too_many_lines)]
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::WaitingForLock { path } => write!(
                f,
                "waiting for the lock on {}, held by another todos process",
                shown(path)
            ),
            Self::NoChange { revision } => write!(
                f,
                "No change: the plan already matches (revision {revision})."
            ),
            Self::ThisChange { note } => write!(f, "this change: {}", escape(note)),
            Self::Restored {
                revision,
                set_aside,
            } => {
                if let Some(path) = set_aside {
                    write!(f, "Moved the unreadable store to {}. ", shown(path))?;
                }
                match revision {
                    Some(0) => {
                        f.write_str("Restored revision 0, the empty plan before the first change.")
                    }
                    Some(revision) => write!(f, "Restored the plan of revision {revision}."),
                    None => f.write_str("The plan is empty."),
                }
            }
            #[cfg(feature = "board")]
            Self::BoardOpened { opened: true } => {
                f.write_str("Opened it in the browser. Ctrl-C stops the board.")
            }
            #[cfg(feature = "board")]
            Self::BoardOpened { opened: false } => {
                f.write_str("Open it in a browser. Ctrl-C stops the board.")
            }
            #[cfg(feature = "board")]
            Self::BoardStopped => f.write_str("Stopped the board."),
            Self::SharedPlan { plan } => {
                write!(f, "plan: {}, shared by the worktrees", plan.display())
            }
            Self::NoPlanYet { workspace, list } => {
                // Where a plan starts: the folder taken as the workspace, and the list's flag.
                let which = if list == "default" {
                    String::new()
                } else {
                    format!(" -l {list}")
                };
                write!(
                    f,
                    "no plan in {} yet; start one with `todos{which} write --summary TEXT -t \
                     STEP…` or `todos{which} create STEP…`",
                    workspace.display()
                )
            }
            Self::CannotWatch { folder } => write!(
                f,
                "cannot watch {} for changes; reading it every {} ms instead",
                shown(folder),
                Cap::PollWithoutEventsMillis.value()
            ),
            Self::NoHookPayload { why } => write!(
                f,
                "todos hook: {why}; nothing to do (agents run this command with their JSON \
                 payload, e.g. {{\"hook_event_name\":\"SessionStart\"}})"
            ),
            Self::NoHookPayloadHeadline { why } => {
                write!(f, "{}: nothing to do.", capitalized(&why.to_string()))
            }
            Self::AgentsShown { named } => write!(
                f,
                "Set up the agents this repository shows: {}; --agent chooses one.",
                named.join("; ")
            ),
            Self::NoAgentShown { signs } => write!(
                f,
                "No agent's files here ({}): set up AGENTS.md, which most agents read; --agent \
                 chooses one.",
                signs.join(", ")
            ),
            Self::McpNotRegistered { name } => write!(
                f,
                "todos' MCP server is NOT registered: the name {name} is taken by a server todos \
                 did not write (see below)"
            ),
            Self::StoppedFollowing { count } => {
                write!(f, "Stopped following after {count} revisions.")
            }
            Self::StoppedWatching { count } => write!(f, "Stopped watching after {count} states."),
            Self::NothingToResolve {
                path,
                missing: true,
            } => write!(f, "{} does not exist: nothing to resolve.", shown(path)),
            Self::NothingToResolve {
                path,
                missing: false,
            } => write!(
                f,
                "{} holds no conflict markers: nothing to resolve, the plan is left as it is.",
                shown(path)
            ),
            Self::Resolved { path, base, add } => write!(
                f,
                "Merged both sides of the conflict in {} (common plan: {}). Now run `git add {}`.",
                shown(path),
                match base {
                    Base::Markers => "the diff3 conflict markers",
                    Base::Index => "git's index (stage 1)",
                    Base::None => "none found: both sides' items are kept",
                },
                escape(add)
            ),
            Self::LeftForReview { entry } => write!(f, "Not todos' own: {entry}."),
            Self::TurnHooksOn { trust } => write!(f, "To turn the hooks on: {trust}"),
        }
    }
}

impl std::fmt::Display for Headline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Kept { count: n, list } => {
                write!(f, "{} of the list {list}.", count(*n, "kept revision"))
            }
            Self::NoHistoryYet => {
                f.write_str("No history yet: it starts with the plan's first change.")
            }
            Self::PlanAt { revision } => write!(f, "The plan at revision {revision}."),
            Self::Merged {
                items,
                revision,
                renumbered,
                problems,
            } => {
                write!(
                    f,
                    "Merged the plan: {} (revision {revision})",
                    count(*items, "item")
                )?;
                if !renumbered.is_empty() {
                    let moves: Vec<String> = renumbered
                        .iter()
                        .map(|(from, to)| format!("{} → {}", escape(from), escape(to)))
                        .collect();
                    write!(f, "; theirs' new ids {}", moves.join(", "))?;
                }
                if *problems == 0 {
                    f.write_str(".")
                } else {
                    write!(
                        f,
                        ", with {} to fix: git reports a conflict. Fix the plan with todos, then \
                         `git add` it.",
                        count(*problems, "problem")
                    )
                }
            }
            Self::Schema {
                name,
                vendor: Some(vendor),
            } => write!(f, "The {name} tool definition for {vendor}."),
            Self::Schema { name, vendor: None } => {
                write!(f, "The JSON Schema of the {name} input.")
            }
            Self::Stale { minutes, limit } => {
                write!(f, "Last change {minutes} min ago (stale after {limit}).")
            }
            Self::Todos { counts } => write!(f, "Todos: {counts}."),
            Self::SetUp { changed: false, .. } => f.write_str("Already set up: nothing changed."),
            Self::SetUp { agent: false, .. } => f.write_str("Set up: git merges plans with todos."),
            Self::SetUp { .. } => f.write_str("Set up: the agent now plans with todos."),
            Self::DryRun { changed: true } => {
                f.write_str("Dry run: init would change the files above; nothing was written.")
            }
            Self::DryRun { changed: false } => {
                f.write_str("Dry run: already set up, nothing would change; nothing was written.")
            }
            Self::Updated { counts } => write!(f, "Updated todos: {counts}."),
            #[cfg(feature = "board")]
            Self::Board {
                workspaces,
                lists,
                url,
            } => write!(
                f,
                "Board of {} ({}): {url}",
                count(*workspaces, "workspace"),
                count(*lists, "list")
            ),
            Self::Lists { lists, items } => {
                write!(
                    f,
                    "{}, {} in all.",
                    count(*lists, "list"),
                    count(*items, "item")
                )
            }
        }
    }
}
