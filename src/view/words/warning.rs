//! The words of `policy/failure/warning.rs`.

use super::gone::{NAMES_IN_ONE_LINE, open_removed};
use crate::policy::cap::Cap;
use crate::policy::english::fitted;
use crate::policy::error::Caller;
use crate::policy::failure::{Conflict, Warning};
use crate::policy::sentences;
use crate::policy::settings::{Setting, Worktrees};
use crate::policy::text::escape;
use std::path::Path;

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Rule { problem } => write!(f, "the merged plan {problem}"),
            Self::Cycle {
                cycle,
                item,
                blocker,
            } => write!(
                f,
                "the branches' dependencies make a cycle ({cycle}): item {item} no longer waits \
                 on {}",
                escape(blocker)
            ),
            Self::ManyCycles { cut } => write!(
                f,
                "the branches' dependencies make more cycles than {}: {cut} more waits were \
                 dropped to break them",
                Cap::CyclesNamed.value()
            ),
        }
    }
}

impl serde::Serialize for Conflict {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

pub(super) fn shown(path: &Path) -> String {
    escape(&path.display().to_string()).into_owned()
}

impl std::fmt::Display for Warning {
    // One arm per variant: every warning in one place.
    #[allow(clippy::too_many_lines)]
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Remote(warning) => write!(f, "{warning}"),
            Self::OwnPlan { why } => write!(
                f,
                "{} is \"{}\", but this worktree keeps its own plan: {why}",
                Setting::Worktrees.info().key,
                Worktrees::Shared.as_str()
            ),
            Self::NotVouched { path, lines } => write!(
                f,
                "{} of {} {} not vouched for by the store (marked \"{}\"): an older \
                 todos wrote {}, or a checkout, a pull or another user put {} there; undo \
                 restores none of them",
                crate::policy::english::count(*lines, "line"),
                shown(path),
                if *lines == 1 { "is" } else { "are" },
                super::UNVOUCHED,
                if *lines == 1 { "it" } else { "them" },
                if *lines == 1 { "it" } else { "them" },
            ),
            Self::HistoryLeft { path, why } => write!(
                f,
                "{} was left where it is, not moved into .todos/: {why}; todos keeps the \
                 history in .todos/ and never reads this file again: look at it, then move it \
                 aside or remove it",
                shown(path)
            ),
            Self::LineSkipped { path, line, why } => {
                write!(f, "{} line {line}: {why}; it was passed over", shown(path))
            }
            Self::LinesSkipped {
                path,
                count: 1,
                first,
                ..
            } => write!(
                f,
                "{}: 1 more line, line {first}, was passed over too",
                shown(path)
            ),
            Self::LinesSkipped {
                path,
                count,
                first,
                last,
            } => write!(
                f,
                "{}: {count} more lines, from line {first} to line {last}, were passed over too",
                shown(path)
            ),
            Self::RevisionSkipped {
                path,
                revision,
                why,
            } => write!(
                f,
                "{}: the line of revision {revision} was passed over: {why}",
                shown(path)
            ),
            Self::LeftUnread { from, to } => write!(
                f,
                "revisions {from} to {to} left the history before they could be read (it keeps \
                 the latest {})",
                Setting::HistoryLimit.info().key
            ),
            Self::HistoryUnreadable { why } => write!(f, "its history cannot be read: {why}"),
            Self::NoWorkspaceUnder { folder, depth } => write!(
                f,
                "no workspace was found under {} ({depth} folders deep): a folder holds a plan \
                 once `todos write` or `todos create` has run in it, and the board shows it then",
                shown(folder)
            ),
            Self::TooManyWorkspaces {
                found,
                shown: taken,
                left_out,
            } => {
                let named: Vec<String> = left_out.iter().map(|path| shown(path)).collect();
                let rest = found - taken - left_out.len();
                write!(
                    f,
                    "{found} workspaces were found; the board shows the {taken} nearest the \
                     folders given and leaves out {}: {}",
                    found - taken,
                    named.join(", ")
                )?;
                if rest > 0 {
                    write!(f, " and {rest} more")?;
                }
                f.write_str(" (name fewer folders, or deeper ones)")
            }
            Self::FolderMoved { folder } => write!(
                f,
                "{} now leads elsewhere than when the board started (a link made since): the \
                 board no longer searches it; start it again to show what it leads to",
                shown(folder)
            ),
            Self::NoBrowser { program, why } => {
                write!(f, "cannot start {}: {why}", escape(program))
            }
            Self::NoHandOver { why } => write!(
                f,
                "cannot write the page that hands the board's token to the browser, so no \
                 browser was started: {why}"
            ),
            Self::LogNotNamed { log_file, why } => write!(
                f,
                "the plan is saved and logged in {}, but the store could not say so: {why}",
                escape(log_file)
            ),
            Self::LogNotWritten { why } => write!(
                f,
                "the plan is saved finished, but its completion log could not record it (the \
                 next change will): {why}"
            ),
            Self::LogUnreadable { why } => write!(f, "the completion log could not be read: {why}"),
            Self::BlockNotWritten { why } => write!(
                f,
                "a finished plan's block is missing from the completion log and could not be \
                 written: {why}"
            ),
            Self::NotWithdrawn { why } => write!(
                f,
                "the plan is restored, but the completion log could not say its block was \
                 withdrawn: {why}"
            ),
            Self::HistoryNotRecorded { why } => write!(
                f,
                "the change is saved, but its history could not record it: {why}"
            ),
            Self::RevisionMissing { target, restored } => write!(
                f,
                "revision {target} is missing from the history (a change was stopped before it \
                 recorded it): restored revision {restored}, the nearest kept before it"
            ),
            Self::Renumbered { from, to, content } => write!(
                f,
                "both branches added an item {}: theirs, {}, is now {}",
                escape(from),
                content
                    .as_deref()
                    .map(|content| format!("\"{}\"", escape(content)))
                    .unwrap_or_default(),
                escape(to)
            ),
            Self::KeptChanged {
                item,
                remover,
                changer,
            } => write!(
                f,
                "item {item} was removed on {} and changed on {}: it is kept",
                remover.as_str(),
                changer.as_str()
            ),
            Self::MergeUnlinked { item, gone } => write!(
                f,
                "item {item} waited on {}, which the other branch removed: it no longer does",
                escape(&gone.join(", "))
            ),
            Self::Unlinked { gone, freed } => {
                let (they, wait) = if freed.len() == 1 {
                    ("it", "waits")
                } else {
                    ("they", "wait")
                };
                write!(
                    f,
                    "removed item {gone} was blocking {}: {they} no longer {wait} on it",
                    freed.join(", ")
                )
            }
            Self::StartedEarly { item, waits } => write!(
                f,
                "started item {item} while it waits on {} (not {} yet)",
                escape(&waits.join(", ")),
                sentences::resolving_statuses()
            ),
            Self::CommonUnusable { why } => {
                write!(f, "the common plan in the markers is unusable: {why}")
            }
            Self::IndexNotStore { why } => write!(
                f,
                "the common plan in git's index is not a store ({why}): merged without it"
            ),
            Self::OpenRemoved { items, by, caller } => {
                let names: Vec<String> = items.iter().map(ToString::to_string).collect();
                f.write_str(&open_removed(&names.join(", "), items.len(), *by, *caller))
            }
            Self::Reopened {
                id,
                content,
                from,
                to,
            } => write!(
                f,
                "reopened item {} \"{}\": {} → {}; if it is finished, send it as {}",
                escape(id),
                escape(content),
                from.as_str(),
                to.as_str(),
                from.as_str()
            ),
            Self::AlreadyInProgress { owner, item, max } => write!(
                f,
                "{} already has item {item} in progress (at most {max} per owner): finish it \
                 ({}) before you claim another",
                escape(owner),
                sentences::stop_statuses()
            ),
            Self::Conflict(conflict) => write!(f, "conflict: {conflict}"),
            Self::NothingToRestore => {
                f.write_str("the history keeps no revision to restore: the plan is empty")
            }
            Self::NoSummary { caller } => {
                f.write_str(
                    "the plan has no summary: say in one line what it is for with \"summary\"",
                )?;
                match caller {
                    Caller::CommandLine => f.write_str(" or --summary"),
                    Caller::Client => Ok(()),
                }
            }
            Self::SplitWords(split) => f.write_str(&split.warning()),
            Self::NewListNear { list, near, at } => {
                write!(
                    f,
                    "made a new list {list}, beside the list {near}: if you meant {near}, "
                )?;
                match at {
                    crate::policy::error::Path::Typed(_) => {
                        write!(f, "run the command again with `-l {near}`")
                    }
                    crate::policy::error::Path::Input(_) => {
                        write!(
                            f,
                            "call the tool again with {}",
                            super::given(at, near.as_str())
                        )
                    }
                }
            }
        }
    }
}

/// A warning in the envelope is its words.
impl serde::Serialize for Warning {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Warning {
    /// The warning as a line of text for a person: the same words, but the items of
    /// `OpenRemoved` shortened to fit one line (`(+3 more)`). `--json` keeps every name.
    pub fn line(&self) -> String {
        match self {
            Self::OpenRemoved { items, by, caller } if items.len() > 1 => {
                let names: Vec<String> = items.iter().map(ToString::to_string).collect();
                open_removed(
                    &fitted(&names, NAMES_IN_ONE_LINE),
                    items.len(),
                    *by,
                    *caller,
                )
            }
            _ => self.to_string(),
        }
    }
}
