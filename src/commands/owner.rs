//! Who a command acts for: its `--owner`, else `TODOS_OWNER`, checked as an item's owner is.

use crate::commands::named::{Flag, Named};
use crate::context::host::Host;
use crate::policy::error::{At, Error, Input, Result};
use crate::policy::settings::Variable;

/// The owner a command acts for: `--owner` (or a tool call's `owner`, as `named` names it),
/// else `TODOS_OWNER` (an empty value is unset), checked as an item's owner is.
pub(super) fn owner(host: &Host, flag: Option<&String>, named: Named) -> Result<Option<String>> {
    refuse_empty(flag.map(String::as_str), named)?;
    let (raw, at) = match flag {
        Some(owner) => (Some(owner.clone()), named.at(Flag::Owner)),
        None => (
            host.var(Variable::Owner.name())
                .filter(|owner| !owner.is_empty()),
            At::Typed(Variable::Owner.name()),
        ),
    };
    let mut problems = Vec::new();
    let owner = raw.and_then(|raw| crate::plan::model::check_owner(&raw, &at, &mut problems));
    Error::if_any(problems)?;
    Ok(owner)
}

/// Whose name a change is made under (`TODOS_OWNER`), for `update`, `remove` and `write`:
/// another owner's item is refused (`claims::respect_owners`).
pub(super) fn actor(host: &Host) -> Result<Option<crate::plan::claims::Actor>> {
    Ok(
        owner(host, None, Named::Typed)?.map(|name| crate::plan::claims::Actor {
            name,
            source: "TODOS_OWNER",
        }),
    )
}

/// What a change (`write`, `update`) does for owners under `actor`'s name: another owner's
/// item it changes is refused unless `taken` is the item this change takes over
/// (`claims::respect_owners`), then the leases are settled, `renew`'s renewed
/// (`claims::settle`). A refusal names `--claim` and `--lease` as `named` names them, and a
/// lease only where the command line could have given one.
pub(super) fn hold(
    ctx: &crate::context::Context,
    named: Named,
    before: &[crate::plan::model::Item],
    after: &mut [crate::plan::model::Item],
    actor: Option<&crate::plan::claims::Actor>,
    taken: Option<&str>,
    renew: Option<&str>,
) -> Result<()> {
    crate::plan::claims::respect_owners(
        before,
        after,
        actor,
        taken,
        ctx.now.instant(),
        &named.path(Flag::Claim),
    )?;
    crate::plan::claims::settle(
        before,
        after,
        actor,
        renew,
        ctx.now.fixed(),
        named.lease_not_given().as_ref(),
    )
}

/// An empty `--owner` is a mistake (an unset shell variable), never a name and never a wish to
/// clear one (SPEC §1: an owner has 1-64 characters): refused, where it was once dropped.
pub(super) fn refuse_empty_owner(flag: Option<&str>) -> Result<()> {
    refuse_empty(flag, Named::Typed)
}

/// An empty owner refused, named as `named` names it.
fn refuse_empty(flag: Option<&str>, named: Named) -> Result<()> {
    match flag {
        Some(name) if name.trim().is_empty() => Input::OwnerEmpty {
            at: named.path(Flag::Owner),
        }
        .into(),
        _ => Ok(()),
    }
}
