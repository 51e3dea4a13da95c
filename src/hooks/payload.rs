//! Reading a hook's payload without ever hanging: agents write it at once and close the pipe,
//! but a hook run by hand, or by an agent that keeps the pipe open, must still end.

use std::time::Duration;
#[cfg(unix)]
use std::time::Instant;

use serde_json::{Map, Value};

/// How long a hook waits for its payload. Every agent writes it at once and closes the pipe;
/// one that leaves the pipe open must not hold the agent up for longer than this.
pub const PAYLOAD_WAIT: Duration = Duration::from_millis(1500);

/// Reads the hook's JSON payload from a piped stdin: until EOF, until the bytes so far are a
/// whole JSON object, or until `wait` has passed, whichever comes first. `None` when nothing
/// readable came.
pub fn read_payload(wait: Duration) -> Option<Map<String, Value>> {
    let bytes = read_bounded(wait);
    match serde_json::from_slice(&bytes) {
        Ok(Value::Object(map)) => Some(map),
        _ => None,
    }
}

#[cfg(unix)]
fn read_bounded(wait: Duration) -> Vec<u8> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    use rustix::io::Errno;

    let deadline = Instant::now() + wait;
    let stdin = rustix::stdio::stdin();
    let mut bytes = Vec::new();
    let mut chunk = [0_u8; 8192];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        let timeout = Timespec {
            tv_sec: i64::try_from(left.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(left.subsec_nanos()),
        };
        let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
        match poll(&mut fds, Some(&timeout)) {
            Ok(0) => break,
            Ok(_) => {}
            Err(Errno::INTR) => continue,
            Err(_) => break,
        }
        // Read straight from the descriptor: a buffered reader could hold bytes that poll(2)
        // no longer sees, and wait for more that never come.
        match rustix::io::read(stdin, &mut chunk) {
            Ok(0) => break,
            Ok(read) => bytes.extend_from_slice(&chunk[..read]),
            Err(Errno::INTR | Errno::AGAIN) => {}
            Err(_) => break,
        }
        if bytes.len() > crate::json::MAX_INPUT_BYTES {
            bytes.clear();
            break;
        }
        if serde_json::from_slice::<Value>(&bytes).is_ok() {
            break;
        }
    }
    bytes
}

#[cfg(not(unix))]
fn read_bounded(_wait: Duration) -> Vec<u8> {
    // No poll(2) here: read to EOF, as every agent closes the pipe after the payload.
    crate::json::read_limited(std::io::stdin().lock(), "stdin").unwrap_or_default()
}
