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
