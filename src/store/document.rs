//! The stored document: a list's plan with its revision, id counter, time and session, in the
//! file's own key order, and the counters that never go back.

use serde::{Deserialize, Serialize};

use crate::plan::model::Item;
use crate::policy::error::{Bug, Error, Plan, Result};
use crate::store::MAX_COUNTER;

pub const FORMAT_VERSION: u32 = 1;

/// The whole store, as it is on disk. Field order is the file's key order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    pub version: u32,
    /// +1 on every change; 0 for a workspace that has no store yet.
    pub revision: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    /// The hash (`sha256:…`) of the history's latest line when this revision was saved: the
    /// line this revision's own line names as the one before it. `undo` restores only lines
    /// that this chain reaches from the store (`history::Chain`); absent in a store an older
    /// `todos` wrote, a merge wrote, or whose list had no history yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<String>,
    /// The next id to hand out; it never goes back, so a stale id never names another item.
    pub next_id: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<Session>,
    pub todos: Vec<Item>,
    /// A note on the change being made (Codex's `explanation`): kept in its history line and
    /// echoed in the reply, never stored as part of the plan.
    #[serde(skip)]
    pub note: Option<String>,
}

/// A run of work whose finished plans share one completion log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Session {
    pub id: String,
    pub started_at: String,
    /// The log's file name under the memory folder, named after the session's start.
    pub log_file: String,
    /// How many plans this session finished: the N of the next `# taskN-…` block is this + 1.
    pub completed_plans: u64,
}

impl Default for Document {
    fn default() -> Self {
        Self {
            version: FORMAT_VERSION,
            revision: 0,
            updated_at: None,
            history: None,
            next_id: 1,
            summary: None,
            session: None,
            todos: Vec::new(),
            note: None,
        }
    }
}

impl Document {
    /// Hands out the next id; the counter never goes back, so it can run out (in theory).
    pub fn allocate_id(&mut self) -> Result<String> {
        let id = self.next_id;
        self.next_id = id
            .checked_add(1)
            .filter(|next| *next <= MAX_COUNTER)
            .ok_or_else(|| exhausted("id counter"))?;
        Ok(id.to_string())
    }

    /// The revision after this one and after the latest one the history `recorded`: a store
    /// put back at an older revision (`git checkout .todos.json`: the plan is committed, its
    /// history is not) must not hand out a revision the history already holds.
    pub fn next_revision(&self, recorded: Option<u64>) -> Result<u64> {
        self.revision
            .max(recorded.unwrap_or(0))
            .checked_add(1)
            .filter(|next| *next <= MAX_COUNTER)
            .ok_or_else(|| exhausted("revision counter"))
    }

    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut bytes = serde_json::to_vec_pretty(self).map_err(|err| Bug::Encode {
            what: "the store",
            why: err.to_string(),
        })?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}

/// The counters of a store that may be unreadable as a whole.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    pub revision: Option<u64>,
    pub next_id: Option<u64>,
}

fn exhausted(counter: &'static str) -> Error {
    Plan::CounterAtMax { counter }.into()
}
