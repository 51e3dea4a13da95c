//! `todos board`'s numbers (SPEC §10): how far it searches for workspaces and what it passes
//! over, how much it shows, how fast it follows a change, and how it guards its address.

use std::time::Duration;

/// How many folders deep below a PATH the search for workspaces goes (the PATH is level 0).
pub const SEARCH_DEPTH: usize = 3;

/// Folders never searched: a repository's own data, and the two trees that hold thousands of
/// folders and never a plan of the user's. `.todos` is a workspace's lists, not a workspace.
pub const SKIPPED_FOLDERS: [&str; 4] = [".git", "node_modules", "target", ".todos"];

/// The most workspaces one board shows: those nearest the folders given (fewest folders below
/// them), then by path; the rest are counted, and the first of them named, in a warning that
/// the page shows too.
pub const MAX_WORKSPACES: usize = 500;

/// How many of a list's latest revisions the page shows, newest first.
pub const REVISIONS_SHOWN: usize = 3;

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

/// The header that carries the token on every request for the board's data (`board.json`,
/// `events`): never the URL, which browsers keep in their history and programs log. The page
/// sends it with `fetch`, which, unlike `EventSource`, can send a header with a stream.
pub const TOKEN_HEADER: &str = "x-todos-token";

/// The form field in which the hand-over page posts the token to the board (SPEC §9): the
/// browser is started on a file only the user can read, never on a URL that holds the token.
pub const TOKEN_FIELD: &str = "token";

/// The hand-over file's name, in a folder the board makes for it alone (0700) and removes
/// when it stops.
pub const HAND_OVER_FILE: &str = "open.html";

/// The start of that folder's name; random hex follows it.
pub const HAND_OVER_FOLDER: &str = "todos-board-";

/// The most connections the board holds open at once. At the cap, a new connection takes the
/// place of the oldest one that is not streaming the page's events (idle, or still sending its
/// request); when every one streams, of the oldest stream (a tab closed or reloaded is noticed
/// only at the stream's next write; a page still open reconnects). A browser opens six per host.
pub const MAX_CONNECTIONS: usize = 64;

/// How long a connection may take to send a request's head, or a request body (the hand-over
/// form), and how long it may sit idle between requests: then it is closed.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(2);

/// The most a connection may send before its request head ends: a longer head is refused
/// (431) and the connection closed.
pub const REQUEST_BYTES: usize = 16 * 1024;

/// The most header lines a request head may hold.
pub const REQUEST_HEADERS: usize = 64;

/// The longest body the board reads with any other request (a JSON action on a list: a new
/// item's text at its longest, with room to spare), read within `REQUEST_TIMEOUT` as the
/// hand-over's form is.
pub const BODY_BYTES: usize = 64 * 1024;

/// The longest hand-over form the board reads: `token=` and the token, with room to spare.
pub const FORM_BYTES: usize = 1024;

/// How long the accept loop waits after the system refused a connection (out of descriptors),
/// so that it never spins on a listener that stays ready.
pub const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// How many of a list's items the page is sent: the open ones first (the ones in progress
/// before the rest), then the finished, each in the list's order; the page says how many more
/// there are. A 100,000-item list costs the page what 200 do.
pub const ITEMS_SHOWN: usize = 200;

/// How many lists of one workspace the page is sent, the default list first; the page says
/// how many more there are.
pub const LISTS_SHOWN: usize = 50;

/// The largest store the board reads for the page: a larger list is named as too large
/// (`todos show` reads it). Reading one costs about five times its size, for a moment.
pub const LIST_READ_BYTES: u64 = 16 * 1024 * 1024;

/// The most the board keeps of all the lists it shows together, as the JSON the page is sent:
/// past it, a list is named as too large rather than read. With the copies the server keeps
/// (the lists as read, each workspace's envelope, the whole board for a page that connects),
/// the board's memory stays under about four times this, plus one list being read.
pub const SHOWN_BYTES: usize = 32 * 1024 * 1024;

/// How often, at most, a list is redrawn because one of its leases ended: a store whose leases
/// end every moment costs one small update a second, and no file is read for it.
pub const LEASE_REFRESH: Duration = Duration::from_secs(1);

/// A rescan of the folders given takes at most this share of the board's time: after a rescan
/// that took `t`, the next waits `RESCAN`, or `t` times this, whichever is longer.
pub const RESCAN_SHARE: u32 = 50;

/// How many of the workspaces left out (past `MAX_WORKSPACES`) the warning names.
pub const LEFT_OUT_NAMED: usize = 5;

/// How many changed workspaces wait for a page that is slow to read them; one that falls
/// further behind is sent the whole board instead.
pub const UPDATES_QUEUED: usize = 16;

/// Where the page posts its actions (SPEC §10): a JSON body, the token in `TOKEN_HEADER`, from
/// the board's own origin alone.
pub const ACT_PATH: &str = "/act";

/// The owner's name a board acts under when `TODOS_OWNER` is unset: the user's, from the first
/// of these that is set.
pub const USER_VARS: [&str; 3] = ["USER", "LOGNAME", "USERNAME"];
