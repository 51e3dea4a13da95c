//! `todos board`'s numbers (SPEC §10): how far it searches for workspaces and what it passes
//! over, how much it shows, how fast it follows a change, and how it guards its address.

use std::time::Duration;

use crate::policy::cap::Cap;

/// How many folders deep below a PATH the search for workspaces goes (the PATH is level 0).
pub const SEARCH_DEPTH: usize = 3;

/// Folders never searched: a repository's own data, and the two trees that hold thousands of
/// folders and never a plan of the user's. `.todos` is a workspace's lists, not a workspace.
pub const SKIPPED_FOLDERS: [&str; 4] = [".git", "node_modules", "target", ".todos"];

/// The most workspaces one board shows; more are named in a warning, not served.
pub const MAX_WORKSPACES: usize = 500;

/// How many of a list's latest revisions the page shows, newest first.
pub const REVISIONS_SHOWN: usize = 3;

/// How long the server waits after a change to a list before it reads it: a writer saves
/// the store, then appends its history line; one read takes both.
pub const SETTLE: Duration = Cap::SettleMillis.duration();

/// How often the server looks at every store and history file itself, in case the kernel's
/// events were lost (an overflowed queue) or cannot be had (a file system without them).
pub const POLL_WITH_EVENTS: Duration = Cap::PollWithEventsMillis.duration();
pub const POLL_WITHOUT_EVENTS: Duration = Cap::PollWithoutEventsMillis.duration();

/// How often the folders given are searched again for workspaces made since.
pub const RESCAN: Duration = Duration::from_secs(5);

/// A comment line sent on an idle event stream, so a proxy or the browser keeps it open.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The random bytes of the token in the board's URL (hex: twice as many characters).
pub const TOKEN_BYTES: usize = 16;

/// The host names a request may give, with the port: the loopback address, and `localhost`,
/// which a browser resolves to it by itself (RFC 6761). Any other name is refused, so a page
/// elsewhere cannot reach the board through a name it controls (DNS rebinding).
pub const HOSTS: [&str; 2] = ["127.0.0.1", "localhost"];
