//! The words of `policy/failure/remote.rs`.

use super::Words;
use crate::policy::error::Kind;
use crate::policy::failure::{Moved, NotAPlan, NothingToSync, Remote, RemoteWarning, Synced};
use crate::policy::settings::Setting;
use crate::policy::text::escape;

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

fn short(oid: &str) -> &str {
    oid.get(..12).unwrap_or(oid)
}

impl Remote {
    // One arm per variant, as casey/just's `Display` of its error: every message in one place.
    #[allow(clippy::too_many_lines)]
    pub(super) fn render(self) -> Words {
        let remote_error = |message: String| Words::new(Kind::Remote, message);
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
            Self::Raced { remote, tries } => Words::new(
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
            Self::BadName { name } => Words::new(
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
