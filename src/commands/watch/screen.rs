//! The words `show --watch` puts on the screen around the plan: its one-row footer.

use std::path::Path;

use crate::policy::text::escape;

/// How to leave the screen: the footer's last words, and all of it in a narrow pane.
pub const QUIT: &str = "Ctrl-C to quit";

/// The footer's wordings, longest first, for the widest that fits the pane: what is watched
/// (the store at `revision` at `watched`, or with no revision every list of the workspace at
/// `watched`) and how to quit; then the revision (or `every list`) and how to quit; then how
/// to quit alone. The path is escaped as it is said.
pub fn watch_footers(revision: Option<u64>, watched: &Path) -> [String; 3] {
    let (what, short) = match revision {
        Some(revision) => (
            format!("revision {revision} · watching {}", watched.display()),
            format!("revision {revision}"),
        ),
        None => (
            format!("watching every list of {}", watched.display()),
            "every list".to_owned(),
        ),
    };
    [
        escape(&format!("{what} · {QUIT}")).into_owned(),
        format!("{short} · {QUIT}"),
        QUIT.to_owned(),
    ]
}
