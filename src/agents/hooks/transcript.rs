//! Whether the plan is owed before Gemini CLI's next prompt (its `BeforeAgent`), judged from the
//! conversation Gemini CLI records, so that `todos hook` keeps no state of its own.
//!
//! Gemini CLI records a session in one file (the payload's `transcript_path`), one JSON record
//! a line. Whenever it replaces the history — a session's start, a resume, `/clear` (a new file),
//! a compression — it writes the whole new history as one record, `{"$set":{"messages":[…]}}`,
//! and then appends each message as it comes. So the history its model has now is the last such
//! snapshot and what follows it, and the plan is owed when neither that nor the prompt holds a
//! copy (`<hook_context>` is how Gemini CLI wraps a hook's context: a session start's in the
//! history, or in the prompt when it runs non-interactively). After the copy `BeforeAgent` gives,
//! the prompt that carries it is recorded, and the plan is not owed again until the next reset.
//!
//! When in doubt, nothing is owed: a second copy of the plan at every prompt is worse than
//! none at a prompt the session start already served. So a record that cannot be read (absent,
//! not a regular file, not named by an absolute path) owes nothing, and neither does one whose
//! last `TRANSCRIPT_TAIL_BYTES` hold no snapshot: no reset lies that close.

use std::path::Path;

use serde_json::{Map, Value};

use super::words;
use crate::policy::agent::TRANSCRIPT_TAIL_BYTES;
use crate::store::disk;

/// How Gemini CLI wraps a hook's context in what it gives its model.
const HOOK_TAG: &str = "<hook_context>";

/// Whether `text` holds a copy of the plan: a hook's context wrapped in its tag, starting with
/// the plan's heading (`session_context`).
fn holds_a_copy(text: &str) -> bool {
    text.match_indices(HOOK_TAG)
        .any(|(at, tag)| text[at + tag.len()..].starts_with(words::PLAN_HEADING))
}

/// The line that starts a snapshot of the whole history, as Gemini CLI 0.61 writes it.
const SNAPSHOT: &str = "{\"$set\":{\"messages\":";

/// Whether the `BeforeAgent` `payload` should bring the plan: a reset since the last copy, and
/// no copy in the prompt.
pub fn owes_the_plan(payload: &Map<String, Value>) -> bool {
    let prompt = payload.get("prompt").and_then(Value::as_str);
    if prompt.is_some_and(holds_a_copy) {
        return false;
    }
    let Some(path) = payload
        .get("transcript_path")
        .and_then(Value::as_str)
        .map(Path::new)
        .filter(|path| path.is_absolute())
    else {
        return false;
    };
    let Ok(Some((tail, whole))) = disk::tail(path, TRANSCRIPT_TAIL_BYTES) else {
        return false;
    };
    history_since_reset(&String::from_utf8_lossy(&tail), whole)
        .is_some_and(|history| !holds_a_copy(history))
}

/// The history the model has now: from the last snapshot to the end of `tail`, where `whole`
/// says `tail` starts at the file's beginning (so its first line is a whole line).
fn history_since_reset(tail: &str, whole: bool) -> Option<&str> {
    let line = format!("\n{SNAPSHOT}");
    match tail.rfind(&line) {
        Some(at) => Some(&tail[at + 1..]),
        None if whole && tail.starts_with(SNAPSHOT) => Some(tail),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const META: &str = "{\"sessionId\":\"s\",\"kind\":\"main\"}\n";
    const ENV: &str = "{\"$set\":{\"messages\":[{\"id\":\"e\",\"type\":\"user\",\"content\":[{\"text\":\"<session_context>…\"}]}]}}\n";
    const PLAN: &str = "{\"id\":\"p\",\"type\":\"user\",\"content\":[{\"text\":\"<hook_context>Plan (todos) [1/3] Fix — …</hook_context>\"}]}\n";
    const TURN: &str = "{\"id\":\"u\",\"type\":\"user\",\"content\":[{\"text\":\"Go on.\"}]}\n";

    fn owed(tail: &str, whole: bool) -> bool {
        history_since_reset(tail, whole).is_some_and(|history| !holds_a_copy(history))
    }

    #[test]
    fn the_plan_is_owed_from_a_reset_until_a_copy_follows_it() {
        // A new session (`/clear`): the snapshot of its first history, nothing else yet.
        assert!(owed(&format!("{META}{ENV}"), true));
        // Its session start gave the plan (an interactive start records it as a message).
        assert!(!owed(&format!("{META}{ENV}{PLAN}{TURN}"), true));
        // A compression: a new snapshot without the copy, after the old one.
        let compressed = format!("{META}{ENV}{PLAN}{TURN}{ENV}");
        assert!(owed(&compressed, true));
        assert!(!owed(&format!("{compressed}{PLAN}"), true));
        // Cut from the end of a long file: a snapshot inside it counts, a cut first line never.
        assert!(owed(&format!("tail of a line\n{ENV}{TURN}"), false));
        assert!(!owed(&format!("{}{TURN}", &ENV[1..]), false));
        assert!(!owed(&format!("{ENV}{TURN}"), false));
        // No snapshot at all: no reset in sight.
        assert!(!owed(&format!("{META}{TURN}"), true));
        assert!(!owed("", true));
    }
}
