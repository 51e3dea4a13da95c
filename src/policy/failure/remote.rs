//! What a list that lives on a git remote (SPEC §11) may come to: the remote out of reach, a
//! push refused, a race lost too often, a ref moved backwards or to another history, a plan on
//! the remote that is not one; the warnings of a change saved here that waits to be pushed; and
//! what `todos sync` says of each list.

use crate::policy::error::{Error, Kind};
use crate::policy::settings::Setting;
use crate::policy::text::escape;

/// How a remote ref moved from the commit this clone last had in common with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moved {
    /// To one of its ancestors: an older plan was pushed over it.
    Backwards,
    /// To a commit that does not descend from it: another history.
    Unrelated,
}

/// Why a plan fetched from a remote is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotAPlan {
    /// The commit holds no `LIST.json`.
    NoFile { file: String },
    /// Larger than a store may be.
    TooLarge { size: u64, max: u64 },
    /// It does not read as a store: why, as a store on disk would say it.
    Unreadable { why: String },
}

impl std::fmt::Display for NotAPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoFile { file } => write!(f, "its commit holds no {}", escape(file)),
            Self::TooLarge { size, max } => {
                write!(
                    f,
                    "its plan is {size} bytes, over the {max} a store may hold"
                )
            }
            Self::Unreadable { why } => write!(f, "{}", escape(why)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Remote {
    /// The remote could not be reached within `remote_timeout`, for a claim (`claim`) or
    /// `sync`: nothing changed.
    Unreachable {
        remote: String,
        why: String,
        claim: bool,
    },
    /// The remote refused the push for a reason other than a race; the change is saved here
    /// as `saved` and waits.
    Refused {
        remote: String,
        reference: String,
        why: String,
        saved: Option<u64>,
    },
    /// Every try lost the race to another machine.
    Raced { remote: String, tries: u32 },
    /// The ref moved backwards or to another history since this clone last saw it.
    Moved {
        remote: String,
        reference: String,
        how: Moved,
        seen: String,
        now: String,
    },
    /// The ref's commit holds no plan `todos` takes.
    NotAPlan {
        remote: String,
        reference: String,
        oid: String,
        why: NotAPlan,
    },
    /// The local repository could not do its part (not a repository, a failed object write).
    Local { remote: String, why: String },
    /// `todos.remote` in the clone's git config is not a remote's name.
    BadName { name: String },
}

fn short(oid: &str) -> &str {
    oid.get(..12).unwrap_or(oid)
}

impl Remote {
    // One arm per variant, as casey/just's `Display` of its error: every message in one place.
    #[allow(clippy::too_many_lines)]
    pub(super) fn render(self) -> Error {
        let remote_error = |message: String| Error::new(Kind::Remote, message);
        match self {
            Self::Unreachable { remote, why, claim } => {
                if claim {
                    remote_error(format!(
                        "a claim needs the remote \"{}\", which cannot be reached: {}",
                        escape(&remote),
                        escape(&why)
                    ))
                    .with_hint(
                        "nothing changed; run it again once the remote answers, or pass \
                         --offline to claim on this machine alone",
                    )
                } else {
                    remote_error(format!(
                        "the remote \"{}\" cannot be reached: {}",
                        escape(&remote),
                        escape(&why)
                    ))
                    .with_hint(format!(
                        "nothing changed; changes are still saved here and pushed later; \
                         `{}` ({}) sets how long todos waits",
                        Setting::RemoteTimeout.info().key,
                        Setting::RemoteTimeout.info().env
                    ))
                }
            }
            Self::Refused {
                remote,
                reference,
                why,
                saved,
            } => {
                let error = remote_error(format!(
                    "the remote \"{}\" refused the push of {}: {}",
                    escape(&remote),
                    escape(&reference),
                    escape(&why)
                ));
                match saved {
                    Some(revision) => error.with_hint(format!(
                        "the change was saved here as revision {revision} and waits to be \
                         pushed: do not make it again; `todos sync` pushes it once the remote \
                         takes it"
                    )),
                    None => error.with_hint(
                        "what waits here stays here; `todos sync` tries again once the remote \
                         takes it",
                    ),
                }
            }
            Self::Raced { remote, tries } => Error::new(
                Kind::Conflict,
                format!(
                    "the plan on \"{}\" kept changing: {tries} tries in a row lost the race to \
                     other machines",
                    escape(&remote)
                ),
            )
            .with_hint("nothing changed here; run the command again"),
            Self::Moved {
                remote,
                reference,
                how,
                seen,
                now,
            } => remote_error(format!(
                "{} on \"{}\" moved {} (from {} to {}): someone pushed over it by hand",
                escape(&reference),
                escape(&remote),
                match how {
                    Moved::Backwards => "backwards, to an older plan",
                    Moved::Unrelated => "to an unrelated history",
                },
                short(&seen),
                short(&now)
            ))
            .with_hint(
                "nothing changed here; `todos sync --adopt` takes the remote's plan on purpose \
                 (this one stays in the history: `todos undo` brings it back)",
            ),
            Self::NotAPlan {
                remote,
                reference,
                oid,
                why,
            } => remote_error(format!(
                "{} on \"{}\" (commit {}) is not a plan todos takes: {why}",
                escape(&reference),
                escape(&remote),
                short(&oid)
            ))
            .with_hint(format!(
                "nothing changed here; push a good plan over it (git push --force {0} \
                 COMMIT:{1}), or delete it (git push {0} :{1}) and the next change publishes \
                 this one",
                escape(&remote),
                escape(&reference)
            )),
            Self::Local { remote, why } => remote_error(format!(
                "the plan's remote \"{}\" needs this workspace's git repository, which cannot \
                 do its part: {}",
                escape(&remote),
                escape(&why)
            ))
            .with_hint(format!(
                "run todos inside a clone that has the remote, or unset {} and todos.remote",
                Setting::Remote.info().env
            )),
            Self::BadName { name } => Error::new(
                Kind::InvalidParam,
                format!(
                    "todos.remote in the clone's git config is \"{}\", which is not a remote's \
                     name",
                    escape(&name)
                ),
            )
            .with_hint("`todos init --git --remote NAME` sets it again"),
        }
    }
}

/// What a change with a remote says beside what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RemoteWarning {
    /// The change is saved here as `revision`, not yet on the remote.
    NotPushed {
        remote: String,
        why: String,
        revision: u64,
    },
    /// The workspace's own file suggests a remote that this clone has not joined.
    Suggested { remote: String },
    /// `show` and `recap`: the local plan holds `revisions` the remote has not had yet.
    Waiting { remote: String, revisions: u64 },
    /// The session-start hook could not bring the plan up to the remote's: it may be behind,
    /// since `since` (the last time this clone had it, local time).
    Behind {
        remote: String,
        why: String,
        since: Option<String>,
    },
}

impl std::fmt::Display for RemoteWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotPushed {
                remote,
                why,
                revision,
            } => write!(
                f,
                "revision {revision} is saved here but not yet on the remote \"{}\" ({}): the \
                 next change or `todos sync` pushes it",
                escape(remote),
                escape(why)
            ),
            Self::Behind { remote, why, since } => {
                write!(
                    f,
                    "This plan may be behind the remote \"{}\" ({})",
                    escape(remote),
                    escape(why)
                )?;
                match since {
                    Some(since) => write!(f, "; it was last brought up at {}.", escape(since)),
                    None => f.write_str("."),
                }
            }
            Self::Waiting { remote, revisions } => write!(
                f,
                "{} of this plan {} saved here but not yet on the remote \"{}\": the next \
                 change or `todos sync` pushes {}",
                crate::policy::english::count(
                    usize::try_from(*revisions).unwrap_or(usize::MAX),
                    "revision"
                ),
                if *revisions == 1 { "is" } else { "are" },
                escape(remote),
                if *revisions == 1 { "it" } else { "them" }
            ),
            Self::Suggested { remote } => write!(
                f,
                "this repository shares its plan on the remote \"{0}\" (.todos.config.json): \
                 `todos init --git --remote {0}` joins it",
                escape(remote)
            ),
        }
    }
}

/// What `todos sync` did to one list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Synced {
    pub list: String,
    pub before: u64,
    pub after: u64,
    /// What came in from the remote, as `history` says a change.
    pub came_in: Option<String>,
    /// The revision pushed, if any.
    pub pushed: Option<u64>,
}

impl std::fmt::Display for Synced {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", escape(&self.list))?;
        match (&self.came_in, self.pushed) {
            (None, None) => write!(f, "up to date at revision {}", self.after),
            (Some(what), pushed) => {
                write!(
                    f,
                    "revision {} -> {}, came in: {}",
                    self.before,
                    self.after,
                    escape(what)
                )?;
                match pushed {
                    Some(revision) => write!(f, "; pushed revision {revision}"),
                    None => Ok(()),
                }
            }
            (None, Some(revision)) => write!(f, "pushed revision {revision}"),
        }
    }
}

/// `todos sync` where no remote is set (exit 0, as `resolve` with nothing to resolve):
/// `suggested` is the one the workspace's file names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NothingToSync {
    pub suggested: Option<String>,
}

impl std::fmt::Display for NothingToSync {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("this clone shares no plan on a git remote: nothing to sync; ")?;
        match &self.suggested {
            Some(name) => write!(
                f,
                "the repository suggests \"{0}\": `todos init --git --remote {0}` joins it",
                escape(name)
            ),
            None => write!(
                f,
                "`todos init --git --remote origin` shares this clone's plans on origin ({} for \
                 one run)",
                Setting::Remote.info().env
            ),
        }
    }
}
