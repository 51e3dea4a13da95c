//! The stdio wire: one JSON-RPC 2.0 message a line, in and out, and an answer to every line
//! that is a request or is not a message at all (SPEC §8):
//! - a line that is not JSON gets a parse error (-32700), id null;
//! - JSON that is not a message this server takes gets an invalid request (-32600), under its
//!   id when it has one a reply can carry (a string or a number), else under null;
//! - a line over `MAX_LINE_BYTES` (16 MiB) is dropped unread and gets an invalid request that
//!   says the limit, id null.
//!
//! Every reply goes out under the request's id exactly as the client wrote it: `18446744073709551615`,
//! `1.5` and `"7"` come back as they went, never read as a number first.

use std::io::{BufRead, Write};
use std::sync::mpsc::Sender;

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::policy::cap::Cap;
use crate::policy::error::{Malformed, Rpc};

/// The longest message read: as the MCP SDKs' own stdio transports.
pub const MAX_LINE_BYTES: usize = Cap::McpLineBytes.chars();

/// JSON-RPC's error codes this server answers with.
pub const PARSE_ERROR: i32 = -32700;
pub const INVALID_REQUEST: i32 = -32600;
pub const METHOD_NOT_FOUND: i32 = -32601;
pub const INVALID_PARAMS: i32 = -32602;

/// An id as the client wrote it: a JSON string or number, never re-encoded.
pub type Id = Box<RawValue>;

/// One line read.
#[derive(Debug)]
pub enum Incoming {
    /// A request: answered under `id`.
    Request {
        id: Id,
        method: String,
        params: Map<String, Value>,
    },
    /// A notification: never answered.
    Notification {
        method: String,
        params: Map<String, Value>,
    },
    /// The client's answer to a request of the server's (`roots/list`); `None` when it is an
    /// error.
    Response { id: Value, result: Option<Value> },
    /// A line that is no message this server takes: answered with this error, under the
    /// line's id when it could be read (`None`: null).
    Refused {
        code: i32,
        error: Rpc,
        id: Option<Id>,
    },
}

/// Reads `reader` line by line until it ends or fails, each line capped at `MAX_LINE_BYTES`,
/// and sends what each held. Returns when the input ends or no one takes the messages.
pub fn read_lines(mut reader: impl BufRead, sender: &Sender<Incoming>) {
    let mut line = Vec::new();
    let mut oversized = false;
    loop {
        let (consumed, ended, at_end) = {
            let Ok(available) = reader.fill_buf() else {
                return;
            };
            if available.is_empty() {
                (0, true, true)
            } else {
                let newline = available.iter().position(|byte| *byte == b'\n');
                let body = &available[..newline.unwrap_or(available.len())];
                if !oversized {
                    if line.len() + body.len() > MAX_LINE_BYTES {
                        oversized = true;
                        line = Vec::new();
                    } else {
                        line.extend_from_slice(body);
                    }
                }
                (
                    newline.map_or(available.len(), |at| at + 1),
                    newline.is_some(),
                    false,
                )
            }
        };
        reader.consume(consumed);
        if !ended {
            continue;
        }
        // The end of input: a last line without its newline is still a message.
        let message = if oversized {
            Some(Incoming::Refused {
                code: INVALID_REQUEST,
                error: Rpc::TooLarge,
                id: None,
            })
        } else {
            parse(&line)
        };
        if let Some(message) = message
            && sender.send(message).is_err()
        {
            return;
        }
        if at_end {
            return;
        }
        line.clear();
        oversized = false;
    }
}

/// The id of a message as the client wrote it.
#[derive(serde::Deserialize)]
struct Peek<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
}

/// What one line holds; `None` for a blank line.
pub fn parse(line: &[u8]) -> Option<Incoming> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let refused = |code, error, id| Some(Incoming::Refused { code, error, id });
    let value: Value = match serde_json::from_slice(line) {
        Ok(value) => value,
        Err(err) => {
            let why = err.to_string();
            return refused(PARSE_ERROR, Rpc::NotJson { why }, None);
        }
    };
    let not_message = |why, id| refused(INVALID_REQUEST, Rpc::NotMessage { why }, id);
    // An array (a batch, which MCP does not take) or a lone value has no id to answer under.
    let Value::Object(mut object) = value else {
        return not_message(Malformed::NotObject, None);
    };
    let id = match object.get("id") {
        None => None,
        Some(Value::String(_) | Value::Number(_)) => serde_json::from_slice::<Peek<'_>>(line)
            .ok()
            .and_then(|peek| peek.id)
            .map(ToOwned::to_owned),
        Some(_) => return not_message(Malformed::Id, None),
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return not_message(Malformed::Version, id);
    }
    let params = match object.remove("params") {
        None | Some(Value::Null) => Some(Map::new()),
        Some(Value::Object(params)) => Some(params),
        Some(_) => None,
    };
    match (object.remove("method"), id) {
        (Some(Value::String(method)), Some(id)) => match params {
            Some(params) => Some(Incoming::Request { id, method, params }),
            None => not_message(Malformed::Params, Some(id)),
        },
        // A notification is never answered (JSON-RPC 2.0), not even when its params are wrong.
        (Some(Value::String(method)), None) => {
            params.map(|params| Incoming::Notification { method, params })
        }
        (Some(_), id) => not_message(Malformed::Method, id),
        (None, Some(id)) if object.contains_key("result") || object.contains_key("error") => {
            let id = serde_json::from_str(id.get()).unwrap_or(Value::Null);
            Some(Incoming::Response {
                id,
                result: object.remove("result"),
            })
        }
        (None, id) => not_message(Malformed::Neither, id),
    }
}

/// The line of a reply: `body` is `"result":…` or `"error":…`, under `id` (null when `None`).
fn line(id: Option<&RawValue>, key: &str, body: &Value) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(256);
    bytes.extend_from_slice(b"{\"id\":");
    bytes.extend_from_slice(id.map_or("null", RawValue::get).as_bytes());
    bytes.extend_from_slice(b",\"jsonrpc\":\"2.0\",\"");
    bytes.extend_from_slice(key.as_bytes());
    bytes.extend_from_slice(b"\":");
    serde_json::to_writer(&mut bytes, body).map_err(std::io::Error::other)?;
    bytes.extend_from_slice(b"}\n");
    Ok(bytes)
}

/// Writes a result under the client's id.
pub fn result(out: &mut impl Write, id: &RawValue, result: &Value) -> std::io::Result<()> {
    send(out, &line(Some(id), "result", result)?)
}

/// Writes an error reply under the client's id, or under null when it could not be read.
pub fn error(
    out: &mut impl Write,
    id: Option<&RawValue>,
    code: i32,
    error: &Rpc,
) -> std::io::Result<()> {
    let body = serde_json::json!({"code": code, "message": error.to_string()});
    send(out, &line(id, "error", &body)?)
}

/// Writes a request of the server's own to the client.
pub fn request(out: &mut impl Write, id: u64, method: &str) -> std::io::Result<()> {
    let mut bytes = serde_json::to_vec(&serde_json::json!({
        "jsonrpc": "2.0", "id": id, "method": method,
    }))
    .map_err(std::io::Error::other)?;
    bytes.push(b'\n');
    send(out, &bytes)
}

fn send(out: &mut impl Write, bytes: &[u8]) -> std::io::Result<()> {
    out.write_all(bytes)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(line: &str) -> (i32, Option<String>) {
        match parse(line.as_bytes()) {
            Some(Incoming::Refused { code, id, .. }) => (code, id.map(|id| id.get().to_owned())),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn lines_that_are_not_messages_are_answered_under_their_id_or_null() {
        assert!(parse(b"  \r").is_none());
        assert_eq!(
            refused("{\"jsonrpc\": \"2.0\", \"id\": 1,"),
            (PARSE_ERROR, None)
        );
        // A batch or a lone value has no id, whatever it holds: `[1]` is not id 1.
        assert_eq!(refused("[1]"), (INVALID_REQUEST, None));
        assert_eq!(
            refused("[{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}]"),
            (INVALID_REQUEST, None)
        );
        assert_eq!(refused("7"), (INVALID_REQUEST, None));
        assert_eq!(
            refused(r#"{"jsonrpc": "2.0", "id": 7.50, "method": 3}"#),
            (INVALID_REQUEST, Some("7.50".to_owned()))
        );
        assert_eq!(
            refused(r#"{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}"#),
            (INVALID_REQUEST, None)
        );
        assert_eq!(
            refused(r#"{"jsonrpc": "2.0", "id": null, "method": "ping"}"#),
            (INVALID_REQUEST, None)
        );
        assert_eq!(
            refused(r#"{"id": "x", "method": "ping"}"#),
            (INVALID_REQUEST, Some("\"x\"".to_owned()))
        );
        assert_eq!(
            refused(r#"{"jsonrpc": "2.0", "id": 12}"#),
            (INVALID_REQUEST, Some("12".to_owned()))
        );
        assert_eq!(
            refused(r#"{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": 7}"#),
            (INVALID_REQUEST, Some("5".to_owned()))
        );
        assert!(matches!(
            parse(br#"{"jsonrpc": "2.0", "id": 1, "method": "ping"}"#),
            Some(Incoming::Request { .. })
        ));
        // Never answered, whether the server knows it or not.
        for notification in [
            &br#"{"jsonrpc": "2.0", "method": "notifications/from_the_future"}"#[..],
            br#"{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": 3}"#,
        ] {
            assert!(!matches!(
                parse(notification),
                Some(Incoming::Refused { .. })
            ));
        }
    }

    #[test]
    fn a_reply_goes_out_under_the_clients_id_as_written() {
        for written in [
            "18446744073709551615",
            "1.5",
            "-9223372036854775809",
            "\"x\"",
            "0",
        ] {
            let line = format!(r#"{{"jsonrpc":"2.0","id":{written},"method":"ping"}}"#);
            let Some(Incoming::Request { id, .. }) = parse(line.as_bytes()) else {
                panic!("{written}: a request");
            };
            let mut out = Vec::new();
            result(&mut out, &id, &serde_json::json!({})).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert_eq!(
                text,
                format!("{{\"id\":{written},\"jsonrpc\":\"2.0\",\"result\":{{}}}}\n")
            );
        }
        let mut out = Vec::new();
        error(&mut out, None, PARSE_ERROR, &Rpc::TooLarge).unwrap();
        let reply: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(reply["id"], Value::Null, "an error reply always has an id");
        assert_eq!(reply["error"]["code"], PARSE_ERROR);
    }

    #[test]
    fn an_oversized_line_is_answered_and_the_last_line_needs_no_newline() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 1];
        input.extend_from_slice(b"\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
        let (sender, received) = std::sync::mpsc::channel();
        read_lines(std::io::Cursor::new(input), &sender);
        drop(sender);
        let read: Vec<Incoming> = received.iter().collect();
        assert!(
            matches!(
                &read[..],
                [
                    Incoming::Refused {
                        code: INVALID_REQUEST,
                        error: Rpc::TooLarge,
                        id: None
                    },
                    Incoming::Request { .. },
                ]
            ),
            "{read:?}"
        );
    }
}
