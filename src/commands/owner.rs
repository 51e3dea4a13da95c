//! Who a command acts for: its `--owner`, else `TODOS_OWNER`, checked as an item's owner is.

use crate::context::host::Host;
use crate::policy::error::{At, Error, Input, Result};
use crate::policy::settings::Variable;

/// The owner a command acts for: `--owner`, else `TODOS_OWNER` (an empty value is unset),
/// checked as an item's owner is.
pub(super) fn owner(host: &Host, flag: Option<&String>) -> Result<Option<String>> {
    refuse_empty_owner(flag.map(String::as_str))?;
    let (raw, path) = match flag {
        Some(owner) => (Some(owner.clone()), "--owner"),
        None => (
            host.var(Variable::Owner.name())
                .filter(|owner| !owner.is_empty()),
            Variable::Owner.name(),
        ),
    };
    let mut problems = Vec::new();
    let at = At::Typed(path);
    let owner = raw.and_then(|raw| crate::plan::model::check_owner(&raw, &at, &mut problems));
    Error::if_any(problems)?;
    Ok(owner)
}

/// Whose name a change is made under (`TODOS_OWNER`), for `update`, `remove` and `write`:
/// another owner's item is refused (`claims::respect_owners`).
pub(super) fn actor(host: &Host) -> Result<Option<crate::plan::claims::Actor>> {
    Ok(owner(host, None)?.map(|name| crate::plan::claims::Actor {
        name,
        source: "TODOS_OWNER",
    }))
}

/// An empty `--owner` is a mistake (an unset shell variable), never a name and never a wish to
/// clear one (SPEC §1: an owner has 1-64 characters): refused, where it was once dropped.
pub(super) fn refuse_empty_owner(flag: Option<&str>) -> Result<()> {
    match flag {
        Some(name) if name.trim().is_empty() => Input::OwnerEmpty.into(),
        _ => Ok(()),
    }
}
