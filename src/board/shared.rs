//! What the server and the reading thread share: the token and port, and the latest board,
//! each workspace's envelope as JSON text. A workspace whose envelope changed is named to every
//! open page (the last `UPDATES_QUEUED` changes are kept, numbered, for the pages' threads to
//! wait on), which then sends the workspace as it is by then; a page that fell behind is sent
//! the whole board again. The whole board is made once per change, not once
//! per page, so that the memory the board takes does not grow with the pages open.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::policy::board::UPDATES_QUEUED;
use crate::policy::error::Warning;

/// What a page is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// One workspace changed: the page is sent its envelope as it is when the page reads it.
    Workspace(PathBuf),
    /// The workspaces found changed: the page redraws the whole board.
    All,
}

/// Bytes made once and sent to every page that asks.
pub type Bytes = Arc<[u8]>;

/// What a page's thread waits for next.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    Update(Update),
    /// Nothing changed for the time it waited.
    Idle,
    /// The board stops.
    Closed,
}

/// The latest changes, numbered: the last one is number `sent`.
#[derive(Default)]
struct Updates {
    sent: u64,
    recent: VecDeque<Update>,
    closed: bool,
}

/// The board as the pages are sent it.
#[derive(Default)]
struct Board {
    /// Each workspace's envelope, as a `workspace` event ready to send, by path.
    events: BTreeMap<PathBuf, (String, Bytes)>,
    /// What the board says of itself (the workspaces it left out, a folder it no longer
    /// searches).
    warnings: Vec<Warning>,
    /// `board.json`, made when first asked for since the last change.
    json: Option<Bytes>,
    /// The same as a `board` event.
    event: Option<Bytes>,
}

pub struct Shared {
    pub token: String,
    pub port: u16,
    home: String,
    board: Mutex<Board>,
    /// What the page's actions run with; `None` with `--read-only`.
    acting: Option<super::act::Acting>,
    updates: Mutex<Updates>,
    changed: Condvar,
}

impl Shared {
    pub fn new(token: String, port: u16, home: String) -> Self {
        Self {
            token,
            port,
            home,
            board: Mutex::new(Board::default()),
            acting: None,
            updates: Mutex::new(Updates::default()),
            changed: Condvar::new(),
        }
    }

    /// The board takes the page's actions with `acting`; without it (`--read-only`), none.
    #[must_use]
    pub fn with_acting(mut self, acting: Option<super::act::Acting>) -> Self {
        self.acting = acting;
        self
    }

    pub fn acting(&self) -> Option<&super::act::Acting> {
        self.acting.as_ref()
    }

    /// Whether the board shows `list` of `workspace`: the page acts on nothing else.
    pub fn shows(&self, workspace: &Path, list: &str) -> bool {
        let board = self.board();
        let Some((envelope, _)) = board.events.get(workspace) else {
            return false;
        };
        serde_json::from_str::<Shown>(envelope).is_ok_and(|shown| {
            shown
                .data
                .is_some_and(|data| data.lists.iter().any(|named| named.list == list))
        })
    }

    fn updates(&self) -> std::sync::MutexGuard<'_, Updates> {
        self.updates.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Where a page that opens now starts: the changes after this number are news to it.
    pub fn subscribe(&self) -> u64 {
        self.updates().sent
    }

    /// The change after `seen` (which moves on past it), waiting for one at most `idle`; the
    /// whole board when `seen` fell more than `UPDATES_QUEUED` behind.
    pub fn next(&self, seen: &mut u64, idle: Duration) -> Next {
        let until = Instant::now() + idle;
        let mut updates = self.updates();
        loop {
            if updates.closed {
                return Next::Closed;
            }
            if updates.sent > *seen {
                let behind = updates.sent - *seen;
                let kept = updates.recent.len() as u64;
                if behind > kept {
                    *seen = updates.sent;
                    return Next::Update(Update::All);
                }
                *seen += 1;
                let at = usize::try_from(kept - behind).unwrap_or(0);
                return updates
                    .recent
                    .get(at)
                    .cloned()
                    .map_or(Next::Update(Update::All), Next::Update);
            }
            let Some(left) = until.checked_duration_since(Instant::now()) else {
                return Next::Idle;
            };
            updates = self
                .changed
                .wait_timeout(updates, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Tells the pages.
    fn send(&self, update: Update) {
        let mut updates = self.updates();
        updates.recent.push_back(update);
        if updates.recent.len() > UPDATES_QUEUED {
            updates.recent.pop_front();
        }
        updates.sent += 1;
        drop(updates);
        self.changed.notify_all();
    }

    /// The board stops: every page's thread ends.
    pub fn close(&self) {
        self.updates().closed = true;
        self.changed.notify_all();
    }

    fn board(&self) -> std::sync::MutexGuard<'_, Board> {
        self.board.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `{"statuses": …, "marks": …, "home": …, "warnings": […], "workspaces": [envelope, …]}`:
    /// the page's whole state.
    pub fn board_json(&self) -> Bytes {
        let mut board = self.board();
        if let Some(json) = &board.json {
            return Arc::clone(json);
        }
        let json = Bytes::from(self.make_json(&board).into_bytes());
        board.json = Some(json.clone());
        json
    }

    pub fn board_event(&self) -> Bytes {
        let mut board = self.board();
        if let Some(event) = &board.event {
            return Arc::clone(event);
        }
        let made = Bytes::from(event("board", &self.make_json(&board)).into_bytes());
        board.event = Some(made.clone());
        made
    }

    fn make_json(&self, board: &Board) -> String {
        let mut json = super::assets::statuses(&self.home).to_string();
        // The envelopes are JSON already: they go in as they are, not parsed again.
        json.pop();
        // Whether the page shows its actions, and whose name they are made under.
        let actions = self.acting.as_ref().map(|acting| {
            serde_json::json!({"person": acting.person().map(crate::policy::text::escape)})
        });
        json.push_str(",\"actions\":");
        json.push_str(&serde_json::Value::from(actions).to_string());
        json.push_str(",\"warnings\":");
        let said: Vec<serde_json::Value> = board
            .warnings
            .iter()
            .map(|warning| crate::policy::text::escape(&warning.to_string()).into())
            .collect();
        json.push_str(&serde_json::Value::from(said).to_string());
        json.push_str(",\"workspaces\":[");
        for (index, (envelope, _)) in board.events.values().enumerate() {
            if index > 0 {
                json.push(',');
            }
            json.push_str(envelope);
        }
        json.push_str("]}");
        json
    }

    /// A workspace's envelope as a `workspace` event, when the board still shows it.
    pub fn workspace_event(&self, workspace: &Path) -> Option<Bytes> {
        self.board()
            .events
            .get(workspace)
            .map(|(_, event)| event.clone())
    }

    pub(super) fn workspaces(&self) -> usize {
        self.board().events.len()
    }

    /// Sets a workspace's envelope; tells the pages when it differs from what they have.
    pub(super) fn set(&self, workspace: &Path, envelope: String) {
        let mut board = self.board();
        if board
            .events
            .get(workspace)
            .is_some_and(|(old, _)| *old == envelope)
        {
            return;
        }
        let chunk = Bytes::from(event("workspace", &envelope).into_bytes());
        board
            .events
            .insert(workspace.to_path_buf(), (envelope, chunk));
        board.json = None;
        board.event = None;
        drop(board);
        self.send(Update::Workspace(workspace.to_path_buf()));
    }

    pub(super) fn replace(&self, envelopes: BTreeMap<PathBuf, String>) {
        let mut board = self.board();
        board.events = envelopes
            .into_iter()
            .map(|(path, envelope)| {
                let chunk = Bytes::from(event("workspace", &envelope).into_bytes());
                (path, (envelope, chunk))
            })
            .collect();
        board.json = None;
        board.event = None;
        drop(board);
        self.send(Update::All);
    }

    /// What the board says of itself on the page; the pages redraw when it changed.
    pub(super) fn set_warnings(&self, warnings: &[Warning]) {
        let mut board = self.board();
        if board.warnings == warnings {
            return;
        }
        board.warnings = warnings.to_vec();
        board.json = None;
        board.event = None;
        drop(board);
        self.send(Update::All);
    }
}

/// What `Shared::shows` reads of a workspace's envelope: the names of the lists shown.
#[derive(serde::Deserialize)]
struct Shown {
    data: Option<Lists>,
}
#[derive(serde::Deserialize)]
struct Lists {
    #[serde(default)]
    lists: Vec<Named>,
}
#[derive(serde::Deserialize)]
struct Named {
    list: String,
}

/// One server-sent event. The JSON has no raw line break (serde escapes them in strings), so
/// it is one `data:` line; characters a terminal would act on are escaped as in every output.
fn event(name: &str, json: &str) -> String {
    format!(
        "event: {name}\ndata: {}\n\n",
        crate::input::json::escape_unsafe(json.to_owned())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_gets_each_change_in_order_and_the_whole_board_once_it_fell_behind() {
        let shared = Shared::new(String::new(), 1, String::new());
        let mut seen = shared.subscribe();
        assert_eq!(shared.next(&mut seen, Duration::ZERO), Next::Idle);
        shared.set(Path::new("/a"), "{}".to_owned());
        shared.set(Path::new("/a"), "{}".to_owned());
        shared.set(Path::new("/b"), "{}".to_owned());
        for path in ["/a", "/b"] {
            assert_eq!(
                shared.next(&mut seen, Duration::ZERO),
                Next::Update(Update::Workspace(PathBuf::from(path))),
                "the same envelope again is no news"
            );
        }
        assert_eq!(shared.next(&mut seen, Duration::ZERO), Next::Idle);
        for n in 0..=UPDATES_QUEUED {
            shared.set(Path::new("/a"), format!("{{\"n\":{n}}}"));
        }
        assert_eq!(
            shared.next(&mut seen, Duration::ZERO),
            Next::Update(Update::All)
        );
        assert_eq!(shared.next(&mut seen, Duration::ZERO), Next::Idle);
        shared.close();
        assert_eq!(shared.next(&mut seen, Duration::from_mins(1)), Next::Closed);
    }
}
