//! Help text that several commands' `Args` share, from the policy tables.

use crate::policy::name::OWNER;
use crate::policy::sentences;
use crate::policy::status::STATUSES;

/// The help of an `--owner` that names an item's owner: what it is, then the rule.
pub(crate) fn owner_help(what: &str) -> String {
    format!("{what}: {}", sentences::name_rule(&OWNER))
}

/// The statuses, their meanings and aliases, then `examples`: the help of a command that takes
/// a status. Printed from the status table, so a new status or alias shows up by itself.
pub(crate) fn with_statuses(examples: &str) -> String {
    format!("{}\n{examples}", sentences::status_help_table())
}

/// The top-level help's closing: the statuses with their markers, then `examples`.
pub(crate) fn with_markers(examples: &str) -> String {
    let markers: Vec<String> = STATUSES
        .iter()
        .map(|info| format!("{} {}", info.marker, info.name))
        .collect();
    format!("Statuses: {}\n\n{examples}", markers.join(", "))
}
