//! Reading a hook's payload without ever hanging: agents write it at once and close the pipe,
//! but a hook run by hand, or by an agent that keeps the pipe open, must still end.

use std::time::Duration;

use serde_json::{Map, Value};

/// How long a hook waits for its payload. Every agent writes it at once and closes the pipe;
/// one that leaves the pipe open must not hold the agent up for longer than this.
pub const PAYLOAD_WAIT: Duration = crate::policy::cap::Cap::PayloadWaitMillis.duration();

/// The hook's JSON payload, from what stdin gave within `PAYLOAD_WAIT` (see
/// `Host::read_stdin_within`). `None` when nothing readable came.
pub fn parse_payload(bytes: &[u8]) -> Option<Map<String, Value>> {
    match serde_json::from_slice(bytes) {
        Ok(Value::Object(map)) => Some(map),
        _ => None,
    }
}
