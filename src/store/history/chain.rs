//! The chain `undo` follows (SPEC §9): each history line names the one before it by its hash
//! (`prev`), and the store names the history's latest line when it was saved
//! (`Document::history`). From the store back, each named line vouches for the one it names;
//! a line that only says it follows a vouched one vouches for nothing, since anyone can copy a
//! hash, and the store's own line is held to the store's plan.

use std::collections::HashMap;

use super::Entry;
use crate::policy::error::ChainEnd;
use crate::store::Document;

/// The lines the chain from the store reaches, oldest first (the latest `limit`), and why it
/// reaches no further.
#[derive(Default)]
pub struct Chain {
    pub entries: Vec<Entry>,
    pub stop: ChainEnd,
}

/// What the store says of its history: its revision, the line it names (`Document::history`),
/// and its plan when it could be read.
#[derive(Clone, Copy)]
pub struct Tip<'a> {
    pub revision: u64,
    pub names: Option<&'a str>,
    pub plan: Option<&'a Document>,
}

impl<'a> Tip<'a> {
    pub fn of(document: &'a Document) -> Self {
        Self {
            revision: document.revision,
            names: document.history.as_deref(),
            plan: Some(document),
        }
    }
}

/// The lines the store `tip` vouches for, latest first (indices into `candidates`, whose
/// lines hash to `hashes`), and why the chain stops: the store's own line (its revision, the
/// line it names as the one before, and its plan, all the store's), then the line the store
/// names, the line that one names, and so on, each of an earlier revision. A line that only
/// says it follows a vouched one vouches for nothing: anyone can copy a hash.
pub(super) fn reach(
    candidates: &[(usize, Entry)],
    hashes: &[String],
    tip: Tip<'_>,
) -> (Vec<usize>, ChainEnd) {
    let mut reached = Vec::new();
    // An unreadable store's own line cannot be held to its plan: it is believed for the
    // revision and the line the store still names, and only when it names one.
    let own = candidates.iter().rposition(|(_, entry)| {
        entry.prev.as_deref() == tip.names
            && match tip.plan {
                Some(plan) => same_plan(entry, plan),
                None => tip.names.is_some() && entry.revision == tip.revision,
            }
    });
    reached.extend(own);
    let Some(mut named) = tip.names else {
        let stop = if tip.revision > 1 || tip.plan.is_none() {
            ChainEnd::Unnamed
        } else {
            ChainEnd::Start
        };
        return (reached, stop);
    };
    let by_hash: HashMap<&str, usize> = hashes
        .iter()
        .enumerate()
        .map(|(index, hash)| (hash.as_str(), index))
        .collect();
    let mut below = tip.revision;
    loop {
        let found = by_hash
            .get(named)
            .copied()
            .filter(|&index| candidates[index].1.revision < below);
        let Some(index) = found else {
            return (reached, ChainEnd::Missing { revision: below });
        };
        reached.push(index);
        let entry = &candidates[index].1;
        below = entry.revision;
        match entry.prev.as_deref() {
            Some(prev) => named = prev,
            None => return (reached, ChainEnd::Start),
        }
    }
}

/// Whether a history line holds the plan of `document` at its revision.
pub(super) fn same_plan(entry: &Entry, document: &Document) -> bool {
    entry.revision == document.revision
        && entry.next_id == document.next_id
        && entry.summary == document.summary
        && entry.todos == document.todos
}

/// The hash a line is named by: SHA-256 of its bytes, its newline left out.
pub fn line_hash(line: &[u8]) -> String {
    use sha2::Digest as _;
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digest = sha2::Sha256::digest(line);
    let mut text = String::with_capacity(HASH_PREFIX.len() + 64);
    text.push_str(HASH_PREFIX);
    for byte in digest {
        text.push(char::from(HEX[usize::from(byte >> 4)]));
        text.push(char::from(HEX[usize::from(byte & 0xf)]));
    }
    text
}

/// How a line's hash starts; the store accepts nothing else as the line it names.
pub const HASH_PREFIX: &str = "sha256:";

/// Whether `text` is a line's hash as `line_hash` writes one.
pub fn is_line_hash(text: &str) -> bool {
    text.strip_prefix(HASH_PREFIX).is_some_and(|hex| {
        hex.len() == 64
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}
