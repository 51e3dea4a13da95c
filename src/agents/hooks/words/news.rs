//! What the after-tool hook says into an agent's context when others changed the plan since
//! that session last saw it (SPEC §8): `todos: the plan changed: w2 completed 3; you@laptop
//! added 6 "Check the Windows build".` Who and what are arguments, quoted as the hook quotes
//! text from the store (escaped, capped); the words are here.

use std::fmt;
use std::fmt::Write as _;

/// Where an item's status went, as a verb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moved {
    Started,
    Completed,
    Cancelled,
    Failed,
    Blocked,
    /// Back to pending from a finished status.
    Reopened,
    /// To pending from in progress or blocked.
    Pending,
}

/// One thing a change did to the plan; ids and contents come quoted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Did {
    Added {
        id: String,
        content: String,
    },
    Removed {
        id: String,
        content: String,
    },
    Moved {
        id: String,
        to: Moved,
    },
    Reworded {
        id: String,
        content: String,
    },
    /// The item now held by `owner` (a claim, a take-over, a hand-over).
    Owned {
        id: String,
        owner: String,
    },
    /// The item's owner let it go.
    LetGo {
        id: String,
    },
    /// Another field of the item: priority, description, dependencies, lease.
    Changed {
        id: String,
    },
    Summary,
    Reordered,
    /// More things the same change did, left out to keep the note short.
    More {
        count: usize,
    },
}

impl fmt::Display for Did {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Added { id, content } => write!(f, "added {id} \"{content}\""),
            Self::Removed { id, content } => write!(f, "removed {id} \"{content}\""),
            Self::Moved { id, to } => {
                let verb = match to {
                    Moved::Started => "started",
                    Moved::Completed => "completed",
                    Moved::Cancelled => "cancelled",
                    Moved::Failed => "failed",
                    Moved::Blocked => "blocked",
                    Moved::Reopened => "reopened",
                    Moved::Pending => "set back to pending",
                };
                write!(f, "{verb} {id}")
            }
            Self::Reworded { id, content } => write!(f, "reworded {id} to \"{content}\""),
            Self::Owned { id, owner } => write!(f, "gave {id} to @{owner}"),
            Self::LetGo { id } => write!(f, "let go of {id}"),
            Self::Changed { id } => write!(f, "changed {id}"),
            Self::Summary => f.write_str("changed the summary"),
            Self::Reordered => f.write_str("reordered the items"),
            Self::More { count } => write!(f, "and {count} more"),
        }
    }
}

/// Who made a change: the owner it was made under, else the command that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    Owner(String),
    Command(String),
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Owner(owner) => f.write_str(owner),
            Self::Command(command) => write!(f, "`todos {command}`"),
        }
    }
}

/// One revision as the note tells it: who, and what it did (`None`: what it did is not in
/// the history any more).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    pub who: Who,
    pub did: Option<Vec<Did>>,
}

impl fmt::Display for Told {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.did {
            None => write!(f, "{} changed it", self.who),
            Some(did) => {
                write!(f, "{}", self.who)?;
                for (at, did) in did.iter().enumerate() {
                    let join = if at == 0 { " " } else { ", " };
                    write!(f, "{join}{did}")?;
                }
                Ok(())
            }
        }
    }
}

/// The note's beginning.
pub const CHANGED: &str = "todos: the plan changed: ";

/// The note: what each revision since the session last looked did (`told`, oldest first),
/// `earlier` more revisions left out before them to keep within the hook's cap.
pub fn note(told: &[Told], earlier: usize) -> String {
    let mut text = CHANGED.to_owned();
    if earlier > 0 {
        let _ = write!(text, "(+{earlier} earlier) ");
    }
    let parts: Vec<String> = told.iter().map(ToString::to_string).collect();
    text.push_str(&parts.join("; "));
    text.push_str(". `todos show` has the whole plan.\n");
    text
}

/// The note when the history cannot say what changed (a store put back by git, a history
/// cleared): the revision the session saw, the one there is, and the plan's recap.
pub fn unexplained(seen: u64, now: u64, recap: &str) -> String {
    format!("{CHANGED}revision {now} (you last saw {seen}): {recap}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_names_who_did_what() {
        let told = [
            Told {
                who: Who::Owner("you@laptop".into()),
                did: Some(vec![Did::Added {
                    id: "6".into(),
                    content: "Check the Windows build".into(),
                }]),
            },
            Told {
                who: Who::Owner("w2".into()),
                did: Some(vec![Did::Moved {
                    id: "3".into(),
                    to: Moved::Completed,
                }]),
            },
            Told {
                who: Who::Command("undo".into()),
                did: None,
            },
        ];
        assert_eq!(
            note(&told, 0),
            "todos: the plan changed: you@laptop added 6 \"Check the Windows build\"; w2 \
             completed 3; `todos undo` changed it. `todos show` has the whole plan.\n"
        );
        assert_eq!(
            note(&told[1..2], 4),
            "todos: the plan changed: (+4 earlier) w2 completed 3. `todos show` has the whole \
             plan.\n"
        );
    }
}
