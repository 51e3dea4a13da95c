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
    // Pushed, not formatted: every command line builds the top-level help.
    let mut text = String::from("Statuses: ");
    for (at, info) in STATUSES.iter().enumerate() {
        if at > 0 {
            text.push_str(", ");
        }
        text.push_str(info.marker);
        text.push(' ');
        text.push_str(info.name);
    }
    text.push_str("\n\n");
    text.push_str(examples);
    text
}
