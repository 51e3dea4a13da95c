//! What the server and the reading thread share: the address's guard (token and port) and
//! the latest board, each workspace's envelope as JSON text; a workspace whose envelope changed
//! is sent to every open page (tokio's broadcast), and a page that fell behind is sent the
//! whole board again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use bytes::Bytes;
use tokio::sync::broadcast;

/// What a page is sent.
#[derive(Clone)]
pub enum Update {
    /// One workspace's envelope, as an event ready to send.
    Workspace(Bytes),
    /// The workspaces found changed: the page redraws the whole board.
    All,
}

/// What the server and the reading thread share: the address's guard and the latest board.
pub struct Shared {
    pub token: String,
    pub port: u16,
    home: String,
    /// Each workspace's envelope, as JSON text, by path.
    board: Mutex<BTreeMap<PathBuf, String>>,
    updates: broadcast::Sender<Update>,
}

impl Shared {
    pub fn new(token: String, port: u16, home: String) -> Self {
        Self {
            token,
            port,
            home,
            board: Mutex::new(BTreeMap::new()),
            updates: broadcast::channel(256).0,
        }
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Update> {
        self.updates.subscribe()
    }

    /// `{"statuses": …, "marks": …, "workspaces": [envelope, …]}`: the page's whole state.
    pub fn board_json(&self) -> String {
        let board = self.board.lock().unwrap_or_else(PoisonError::into_inner);
        let mut json = super::assets::statuses(&self.home).to_string();
        // The envelopes are JSON already: they go in as they are, not parsed again.
        json.pop();
        json.push_str(",\"workspaces\":[");
        for (index, envelope) in board.values().enumerate() {
            if index > 0 {
                json.push(',');
            }
            json.push_str(envelope);
        }
        json.push_str("]}");
        json
    }

    pub fn board_event(&self) -> Bytes {
        Bytes::from(event("board", &self.board_json()))
    }

    pub(super) fn workspaces(&self) -> usize {
        self.board
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Sets a workspace's envelope; sends it when it differs from what the pages have.
    pub(super) fn set(&self, workspace: &Path, envelope: String) {
        let mut board = self.board.lock().unwrap_or_else(PoisonError::into_inner);
        if board.get(workspace) == Some(&envelope) {
            return;
        }
        let chunk = Bytes::from(event("workspace", &envelope));
        board.insert(workspace.to_path_buf(), envelope);
        drop(board);
        // No page open: nobody to tell.
        let _ = self.updates.send(Update::Workspace(chunk));
    }

    pub(super) fn replace(&self, envelopes: BTreeMap<PathBuf, String>) {
        *self.board.lock().unwrap_or_else(PoisonError::into_inner) = envelopes;
        let _ = self.updates.send(Update::All);
    }
}

/// One server-sent event. The JSON has no raw line break (serde escapes them in strings), so
/// it is one `data:` line; characters a terminal would act on are escaped as in every output.
fn event(name: &str, json: &str) -> String {
    format!(
        "event: {name}\ndata: {}\n\n",
        crate::input::json::escape_unsafe(json.to_owned())
    )
}
