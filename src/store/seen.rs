//! What each agent session last saw of a list, for the after-tool hook (SPEC §8: what others
//! change reaches a working agent): `.todos/LIST.seen`, one small JSON document
//! `{"sessions":[{"key":"…","revision":N,"at":"…"}]}`.
//!
//! A session has seen the plan as its session-start hook showed it, as its own `todos` calls
//! left it, and as its last note told it; the hook says only what came after. The file is
//! `todos`' own cache, kept out of git by `.todos/.gitignore` like the history, and read as
//! untrusted input: at most `MAX_BYTES`, anything that does not read as this document counts
//! as no record at all (a session without one takes the plan as it is, and says nothing), and
//! an entry whose key is not a key this module makes is dropped. A session's key is a hash of
//! the agent's session id, so no text of the agent's reaches the file. It holds at most
//! `MAX_SESSIONS` sessions: the ones seen longest ago give way.
//!
//! Written without the store's lock, through `disk::replace` (a new file renamed over the old):
//! two sessions' hooks that record at the same instant may lose one's line, which costs that
//! session at worst a note it already had, never a torn file.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::plan::list::{LISTS_DIR, ListName};
use crate::policy::error::Result;
use crate::store::disk::{self, Links};

/// The most sessions a list's record keeps.
pub const MAX_SESSIONS: usize = 32;

/// The most of the file that is read: 32 entries take about 3 KiB.
const MAX_BYTES: u64 = 16 * 1024;

/// How many hex digits of the session id's hash make its key.
const KEY_DIGITS: usize = 16;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    sessions: Vec<Entry>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    key: String,
    revision: u64,
    /// When the session last recorded (RFC 3339): the oldest give way first.
    at: String,
}

/// `.todos/LIST.seen`: no list's store (`.json`), history or lock is named so.
pub fn path(workspace: &Path, list: &ListName) -> PathBuf {
    workspace
        .join(LISTS_DIR)
        .join(format!("{}.seen", list.as_str()))
}

/// A session's key in the record: the first digits of the SHA-256 of its id.
pub fn key(session: &str) -> String {
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(session.as_bytes());
    let mut key = String::with_capacity(KEY_DIGITS);
    for byte in digest.iter().take(KEY_DIGITS / 2) {
        let _ = write!(key, "{byte:02x}");
    }
    key
}

fn is_key(text: &str) -> bool {
    text.len() == KEY_DIGITS
        && text
            .bytes()
            .all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
}

/// The record as it reads: an absent, oversized, unreadable or malformed file is an empty
/// record, and entries with a key this module never makes, or twice, are left out.
fn read(path: &Path) -> Record {
    let Ok(Some(bytes)) = disk::read(path, Links::Refuse, disk::Cap::Bytes(MAX_BYTES)) else {
        return Record::default();
    };
    let Ok(mut record) = serde_json::from_slice::<Record>(&bytes) else {
        return Record::default();
    };
    let mut keys = std::collections::HashSet::new();
    record
        .sessions
        .retain(|entry| is_key(&entry.key) && keys.insert(entry.key.clone()));
    record.sessions.truncate(MAX_SESSIONS);
    record
}

/// The revision the session `key` last saw of the list, if it has a record.
pub fn revision(workspace: &Path, list: &ListName, key: &str) -> Option<u64> {
    read(&path(workspace, list))
        .sessions
        .iter()
        .find(|entry| entry.key == key)
        .map(|entry| entry.revision)
}

/// Records that the session `key` has seen the list at `revision` (`at`: now, RFC 3339),
/// keeping the other sessions' lines but the oldest past `MAX_SESSIONS`. `.todos/` is made
/// when missing (with its `.gitignore`, so `git status` shows nothing new); nothing is written
/// when the record already says so.
pub fn remember(
    workspace: &Path,
    list: &ListName,
    key: &str,
    revision: u64,
    at: &str,
) -> Result<()> {
    let path = path(workspace, list);
    let mut record = read(&path);
    if record
        .sessions
        .iter()
        .any(|entry| entry.key == key && entry.revision == revision)
    {
        return Ok(());
    }
    record.sessions.retain(|entry| entry.key != key);
    record.sessions.push(Entry {
        key: key.to_owned(),
        revision,
        at: at.to_owned(),
    });
    // RFC 3339 times of one clock sort as text; the latest stay.
    record
        .sessions
        .sort_by(|a, b| b.at.cmp(&a.at).then_with(|| a.key.cmp(&b.key)));
    record.sessions.truncate(MAX_SESSIONS);
    record.sessions.reverse();
    let store = crate::store::Store::new(workspace, list);
    store.check_private(true)?;
    store.ignore_private();
    disk::check_file(&path)?;
    let mut bytes = serde_json::to_vec(&record).unwrap_or_default();
    bytes.push(b'\n');
    disk::replace(&path, &bytes, 0o600)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list() -> ListName {
        ListName::parse("default").unwrap()
    }

    #[test]
    fn a_record_is_bounded_and_hostile_ones_read_as_none() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for n in 0..(MAX_SESSIONS + 5) {
            let at = format!("2026-01-01T00:00:{n:02}Z");
            remember(root, &list(), &key(&n.to_string()), n as u64, &at).unwrap();
        }
        let record = read(&path(root, &list()));
        assert_eq!(record.sessions.len(), MAX_SESSIONS);
        assert_eq!(revision(root, &list(), &key("0")), None);
        assert_eq!(revision(root, &list(), &key("36")), Some(36));
        assert_eq!(key("x").len(), KEY_DIGITS);
        for hostile in [
            "not json",
            r#"{"sessions":[{"key":"../../etc","revision":1,"at":"x"}]}"#,
            r#"{"sessions":[],"extra":1}"#,
        ] {
            std::fs::write(path(root, &list()), hostile).unwrap();
            assert_eq!(read(&path(root, &list())), Record::default(), "{hostile}");
        }
        std::fs::write(
            path(root, &list()),
            "x".repeat(usize::try_from(MAX_BYTES).unwrap() + 1),
        )
        .unwrap();
        assert_eq!(revision(root, &list(), &key("36")), None);
    }
}
