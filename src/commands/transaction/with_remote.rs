//! The transaction's steps with a remote (SPEC §11, `commands/remote.rs`): bringing the local
//! plan up to the remote's, pushing a change before it is saved here, pushing what waits.

use crate::commands::remote::{self, Link, Published};
use crate::commands::transaction::Transaction;
use crate::policy::error::{Error, Result, Warning};
use crate::store::Document;

impl Transaction<'_> {
    /// With a remote: fetches its plan again and brings the local one up to it (`adopt`: takes
    /// it whatever this clone had seen).
    pub fn refresh(&mut self, adopt: bool) -> Result<Option<Document>> {
        let Some(mut link) = self.link.take() else {
            return Ok(None);
        };
        let brought = remote::bring_up(
            self.ctx,
            &self.store,
            &mut link,
            adopt,
            &|command, old, new| self.save_as(command, old, new, true),
        );
        self.link = Some(link);
        let brought = brought?;
        self.warnings.extend(brought.warnings);
        Ok(brought.before)
    }

    /// With a remote, brings its newer plan into `plan`, made here without it (`resolve`):
    /// merged three-way, the remote's commit recorded once `restore` saves it.
    pub fn bring_in(&mut self, plan: Document) -> Result<Document> {
        let Some(link) = self.link.as_mut() else {
            return Ok(plan);
        };
        let (plan, warnings, brought) = remote::bring_in(self.ctx, link, plan)?;
        self.warnings.extend(warnings);
        self.brought_in = brought;
        Ok(plan)
    }

    /// Marks the change a claim: with a remote out of reach it is refused unless `--offline`.
    pub fn claiming(&mut self, owner: Option<&str>) {
        self.claim = true;
        if let (Some(link), Some(owner)) = (self.link.as_mut(), owner) {
            link.owner = Some(owner.to_owned());
        }
    }

    /// Every try lost the race to another machine: `CONFLICT`, nothing changed here.
    pub fn lost(&self) -> Error {
        crate::policy::error::Remote::Raced {
            remote: self
                .link
                .as_ref()
                .map_or_else(String::new, |link| link.remote().to_owned()),
            tries: remote::TRIES,
        }
        .into()
    }

    /// The list's remote link, when it has one.
    pub fn link(&self) -> Option<&Link> {
        self.link.as_ref()
    }

    /// With a remote, pushes `new` before it is saved here. `Ok(None)`: a lost race, nothing
    /// to save; `Ok(Some(None))`: no remote; a claim the remote cannot confirm is refused.
    #[allow(clippy::type_complexity)]
    pub(super) fn push_first(
        &mut self,
        command: &str,
        old: &Document,
        new: &Document,
    ) -> Result<Option<Option<(Published, Option<String>)>>> {
        let ctx = self.ctx;
        let claim = self.claim || remote::claims(old, new);
        let Some(link) = self.link.as_mut() else {
            return Ok(Some(None));
        };
        let recorded = ctx.recorded(command);
        let (published, oid) = link.publish(
            new,
            Some(&recorded),
            Some(old),
            ctx.now.instant().timestamp(),
        )?;
        match &published {
            Published::Raced => Ok(None),
            // A claim the remote did not take is no claim: nothing is saved here.
            Published::Refused(why) if claim => Err(link.refused(why.clone(), None)),
            Published::Unreachable(why) if claim && !ctx.offline => {
                Err(crate::policy::error::Remote::Unreachable {
                    remote: link.remote().to_owned(),
                    why: why.clone(),
                    claim: true,
                }
                .into())
            }
            _ => Ok(Some(Some((published, oid)))),
        }
    }

    /// After the save of `revision`: a pushed one is what this clone now has in common with
    /// the remote; one the remote did not get waits, with a warning, or (refused) `REMOTE`.
    pub(super) fn after_push(
        &mut self,
        published: Option<(Published, Option<String>)>,
        revision: u64,
        warnings: &mut Vec<Warning>,
    ) -> Result<()> {
        let (Some((published, oid)), Some(link)) = (published, self.link.as_mut()) else {
            return Ok(());
        };
        match published {
            Published::Done => {
                if let Some(oid) = oid {
                    link.remember(oid, revision)?;
                }
            }
            Published::Unreachable(why) => warnings.push(link.not_pushed(why, revision)),
            Published::Refused(why) => return Err(link.refused(why, Some(revision))),
            Published::Raced => {}
        }
        Ok(())
    }

    /// With a remote: pushes the local plan when it holds revisions the remote has not seen,
    /// merging it with the remote's after a lost race, up to `remote::TRIES` times. Out of reach:
    /// a warning; refused: `REMOTE`, the plan kept here. Gives what it said.
    pub fn push_waiting(&mut self) -> Result<Vec<Warning>> {
        let mut warnings = Vec::new();
        for _ in 0..remote::TRIES {
            let local = self.store.load()?;
            let Some(link) = self.link.as_mut() else {
                return Ok(warnings);
            };
            if !link.waiting(&local) {
                return Ok(warnings);
            }
            let common = link.common_plan();
            let (published, oid) = link.publish(
                &local,
                None,
                common.as_ref(),
                self.ctx.now.instant().timestamp(),
            )?;
            match published {
                Published::Done => {
                    if let Some(oid) = oid {
                        link.remember(oid, local.revision)?;
                    }
                    return Ok(warnings);
                }
                Published::Unreachable(why) => {
                    warnings.push(link.not_pushed(why, local.revision));
                    return Ok(warnings);
                }
                Published::Refused(why) => return Err(link.refused(why, Some(local.revision))),
                Published::Raced => {
                    remote::back_off(1);
                    self.refresh(false)?;
                    warnings.extend(self.take_warnings());
                }
            }
        }
        Err(self.lost())
    }
}
