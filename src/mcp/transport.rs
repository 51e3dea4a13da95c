//! The stdio transport: one JSON-RPC message a line, in and out, with an answer to every line
//! that is not a message. rmcp's own line transport skips a line that is not JSON and drops a
//! line over its cap, both without a word, so a client waits forever for the reply to a
//! request it believes sent. Here:
//! - a line that is not JSON gets a JSON-RPC parse error (-32700), id null;
//! - JSON that is not a JSON-RPC message gets an invalid request (-32600), with its id when it
//!   has one;
//! - a line over `MAX_LINE_BYTES` (16 MiB) is dropped unread and gets an invalid request that
//!   says the limit.
//!
//! Every request's id is echoed exactly as the client wrote it (SPEC §8): rmcp reads an id as
//! an `i64` or a string, so a request under `18446744073709551615` or `1.5` would not be read
//! at all, and the client would wait forever. Each request is handed to rmcp under an id of the
//! transport's own, and its reply goes out under the client's id, its text unchanged.
//!
//! A task of its own reads the lines, so the server loop's `receive` only takes from a channel
//! (it may be cancelled at any await, which a half-read line must survive).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, PoisonError};

use rmcp::RoleServer;
use rmcp::model::{ErrorData, NumberOrString};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::Value;
use serde_json::value::RawValue;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};

use crate::policy::cap::Cap;
use crate::policy::error::Rpc;
use tokio::sync::{Mutex, mpsc};

/// The longest message read: as rmcp's own transport and its HTTP client.
pub const MAX_LINE_BYTES: usize = Cap::McpLineBytes.chars();

/// Messages read ahead of the server loop.
const QUEUE: usize = 64;

type Writer = Arc<Mutex<Option<Box<dyn AsyncWrite + Send + Unpin>>>>;

/// The ids of the requests being served: the transport's own id each went to rmcp under, and
/// the id the client wrote, as it wrote it.
#[derive(Default)]
struct Ids {
    next: i64,
    clients: HashMap<i64, Box<RawValue>>,
}

type SharedIds = Arc<std::sync::Mutex<Ids>>;

impl Ids {
    /// The id a request of the client's goes to rmcp under.
    fn ours(ids: &SharedIds, theirs: &RawValue) -> i64 {
        let mut ids = ids.lock().unwrap_or_else(PoisonError::into_inner);
        ids.next = ids.next.wrapping_add(1);
        let ours = ids.next;
        ids.clients.insert(ours, theirs.to_owned());
        ours
    }

    /// The id the client gave the request rmcp answers under `ours`, once.
    fn theirs(ids: &SharedIds, ours: i64) -> Option<Box<RawValue>> {
        let mut ids = ids.lock().unwrap_or_else(PoisonError::into_inner);
        ids.clients.remove(&ours)
    }

    /// The id rmcp knows a request by that the client names (a cancellation names it).
    fn named(ids: &SharedIds, theirs: &Value) -> Option<i64> {
        let ids = ids.lock().unwrap_or_else(PoisonError::into_inner);
        ids.clients
            .iter()
            .find(|(_, id)| serde_json::from_str::<Value>(id.get()).ok().as_ref() == Some(theirs))
            .map(|(ours, _)| *ours)
    }
}

pub struct LineTransport {
    incoming: mpsc::Receiver<RxJsonRpcMessage<RoleServer>>,
    writer: Writer,
    ids: SharedIds,
}

impl LineTransport {
    /// Starts reading `reader` on a task of its own; replies go to `writer`.
    pub fn new<R, W>(reader: R, writer: W) -> Self
    where
        R: AsyncRead + Send + Unpin + 'static,
        W: AsyncWrite + Send + Unpin + 'static,
    {
        let writer: Writer = Arc::new(Mutex::new(Some(Box::new(writer))));
        let ids = SharedIds::default();
        let (sender, incoming) = mpsc::channel(QUEUE);
        tokio::spawn(read_lines(
            BufReader::new(reader),
            sender,
            Arc::clone(&writer),
            Arc::clone(&ids),
        ));
        Self {
            incoming,
            writer,
            ids,
        }
    }
}

/// What one line held.
enum Line {
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// The reply the line gets instead of being served, under the line's id as written.
    Refused(ErrorData, Option<Box<RawValue>>),
    /// Nothing to serve or answer: a blank line, an unknown notification.
    Blank,
}

/// The id of a message as the client wrote it.
#[derive(serde::Deserialize)]
struct Peek<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
}

/// The method a cancellation names its request by the client's id in.
const CANCELLED: &str = "notifications/cancelled";

fn parse(line: &[u8], ids: &SharedIds) -> Line {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Line::Blank;
    }
    let mut value: Value = match serde_json::from_slice(line) {
        Ok(value) => value,
        Err(err) => {
            return Line::Refused(
                ErrorData::parse_error(
                    Rpc::NotJson {
                        why: err.to_string(),
                    }
                    .to_string(),
                    None,
                ),
                None,
            );
        }
    };
    // The id as written; JSON-RPC's ids are strings and numbers (null, objects and arrays are
    // answered with no id).
    let written = serde_json::from_slice::<Peek<'_>>(line)
        .ok()
        .and_then(|peek| peek.id)
        .filter(|id| matches!(id.get().as_bytes().first(), Some(b'"' | b'-' | b'0'..=b'9')))
        .map(ToOwned::to_owned);
    let method = value
        .get("method")
        .and_then(Value::as_str)
        .map(str::to_owned);
    // A notification is never answered (JSON-RPC 2.0): one this server does not know, from a
    // newer client, is passed over.
    let notification = method.is_some() && value.get("id").is_none();
    let ours = match (&method, &written) {
        (Some(_), Some(id)) => {
            let ours = Ids::ours(ids, id);
            value["id"] = Value::from(ours);
            Some(ours)
        }
        _ => None,
    };
    if method.as_deref() == Some(CANCELLED)
        && let Some(named) = value.pointer_mut("/params/requestId")
        && let Some(ours) = Ids::named(ids, named)
    {
        *named = Value::from(ours);
    }
    match serde_json::from_value::<RxJsonRpcMessage<RoleServer>>(value) {
        Ok(message) => Line::Message(Box::new(message)),
        Err(_) if notification => Line::Blank,
        Err(err) => {
            if let Some(ours) = ours {
                Ids::theirs(ids, ours);
            }
            Line::Refused(
                ErrorData::invalid_request(
                    Rpc::NotMessage {
                        why: err.to_string(),
                    }
                    .to_string(),
                    None,
                ),
                written,
            )
        }
    }
}

/// Reads lines until the end of `reader` (or until the server stops taking them), each capped.
async fn read_lines<R: AsyncRead + Unpin>(
    mut reader: BufReader<R>,
    sender: mpsc::Sender<RxJsonRpcMessage<RoleServer>>,
    writer: Writer,
    ids: SharedIds,
) {
    let mut line = Vec::new();
    let mut oversized = false;
    loop {
        let (consumed, ended) = {
            let Ok(available) = reader.fill_buf().await else {
                return;
            };
            if available.is_empty() {
                // The end of input: a last line without its newline is still a message.
                if !line.is_empty() && !oversized {
                    let _ = deliver(&line, &sender, &writer, &ids).await;
                }
                return;
            }
            let newline = available.iter().position(|byte| *byte == b'\n');
            let take = newline.map_or(available.len(), |at| at + 1);
            let body = &available[..newline.unwrap_or(available.len())];
            if !oversized {
                if line.len() + body.len() > MAX_LINE_BYTES {
                    oversized = true;
                    line = Vec::new();
                } else {
                    line.extend_from_slice(body);
                }
            }
            (take, newline.is_some())
        };
        reader.consume(consumed);
        if !ended {
            continue;
        }
        let result = if oversized {
            let error = ErrorData::invalid_request(Rpc::TooLarge.to_string(), None);
            reply(
                &writer,
                &TxJsonRpcMessage::<RoleServer>::error(error, None),
                None,
            )
            .await
        } else {
            deliver(&line, &sender, &writer, &ids).await
        };
        if result.is_err() {
            return;
        }
        line.clear();
        oversized = false;
    }
}

/// Hands a message to the server, or answers a line that is not one. `Err` when the server or
/// the client is gone.
async fn deliver(
    line: &[u8],
    sender: &mpsc::Sender<RxJsonRpcMessage<RoleServer>>,
    writer: &Writer,
    ids: &SharedIds,
) -> Result<(), ()> {
    match parse(line, ids) {
        Line::Message(message) => sender.send(*message).await.map_err(|_| ()),
        Line::Refused(error, id) => {
            let message = TxJsonRpcMessage::<RoleServer>::error(error, None);
            reply(writer, &message, id.as_deref()).await
        }
        Line::Blank => Ok(()),
    }
}

async fn reply(
    writer: &Writer,
    message: &TxJsonRpcMessage<RoleServer>,
    id: Option<&RawValue>,
) -> Result<(), ()> {
    write_message(writer, message, id).await.map_err(|_| ())
}

/// The line of a reply, under `id` (the client's, as written) when given.
fn encode(
    message: &TxJsonRpcMessage<RoleServer>,
    id: Option<&RawValue>,
) -> std::io::Result<Vec<u8>> {
    let mut bytes = match (serde_json::to_value(message), id) {
        (Ok(Value::Object(mut object)), Some(id)) => {
            object.remove("id");
            let rest = serde_json::to_vec(&Value::Object(object)).map_err(std::io::Error::other)?;
            let mut bytes = format!("{{\"id\":{}", id.get()).into_bytes();
            if rest.len() > 2 {
                bytes.push(b',');
            }
            bytes.extend_from_slice(&rest[1..]);
            bytes
        }
        _ => serde_json::to_vec(message).map_err(std::io::Error::other)?,
    };
    bytes.push(b'\n');
    Ok(bytes)
}

/// The client's id for a reply rmcp sends under one of the transport's own.
fn client_id(message: &TxJsonRpcMessage<RoleServer>, ids: &SharedIds) -> Option<Box<RawValue>> {
    let id = match message {
        rmcp::model::JsonRpcMessage::Response(response) => &response.id,
        rmcp::model::JsonRpcMessage::Error(error) => error.id.as_ref()?,
        _ => return None,
    };
    match id {
        NumberOrString::Number(ours) => Ids::theirs(ids, *ours),
        NumberOrString::String(_) => None,
    }
}

async fn write_message(
    writer: &Writer,
    message: &TxJsonRpcMessage<RoleServer>,
    id: Option<&RawValue>,
) -> std::io::Result<()> {
    let bytes = encode(message, id)?;
    let mut guard = writer.lock().await;
    let Some(out) = guard.as_mut() else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotConnected,
            "the transport is closed",
        ));
    };
    out.write_all(&bytes).await?;
    out.flush().await
}

impl Transport<RoleServer> for LineTransport {
    type Error = std::io::Error;

    fn name() -> Cow<'static, str> {
        "todos-stdio".into()
    }

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let writer = Arc::clone(&self.writer);
        let id = client_id(&item, &self.ids);
        async move { write_message(&writer, &item, id.as_deref()).await }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        self.incoming.recv().await
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.incoming.close();
        let mut guard = self.writer.lock().await;
        if let Some(mut out) = guard.take() {
            out.flush().await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_that_are_not_messages_are_answered() {
        let ids = SharedIds::default();
        assert!(matches!(parse(b"  \r", &ids), Line::Blank));
        let Line::Refused(error, None) = parse(b"{\"jsonrpc\": \"2.0\", \"id\": 1,", &ids) else {
            panic!("broken JSON");
        };
        assert_eq!(error.code.0, -32700);
        let Line::Refused(error, Some(id)) =
            parse(br#"{"jsonrpc": "2.0", "id": 7.50, "method": 3}"#, &ids)
        else {
            panic!("not a message");
        };
        assert_eq!(error.code.0, -32600);
        assert_eq!(id.get(), "7.50", "the id as written");
        assert!(matches!(
            parse(br#"{"jsonrpc": "2.0", "id": 1, "method": "ping"}"#, &ids),
            Line::Message(_)
        ));
        // Never answered, whether the server knows it or not.
        for notification in [
            &br#"{"jsonrpc": "2.0", "method": "notifications/from_the_future"}"#[..],
            br#"{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": 3}"#,
        ] {
            assert!(!matches!(parse(notification, &ids), Line::Refused(..)));
        }
    }

    #[test]
    fn a_reply_goes_out_under_the_clients_id_as_written() {
        let ids = SharedIds::default();
        for written in [
            "18446744073709551615",
            "1.5",
            "-9223372036854775809",
            "\"x\"",
            "0",
        ] {
            let line = format!(r#"{{"jsonrpc":"2.0","id":{written},"method":"ping"}}"#);
            let Line::Message(message) = parse(line.as_bytes(), &ids) else {
                panic!("{written}: a request");
            };
            let rmcp::model::JsonRpcMessage::Request(request) = *message else {
                panic!("{written}: a request");
            };
            let reply = TxJsonRpcMessage::<RoleServer>::error(
                ErrorData::invalid_request("x", None),
                Some(request.id),
            );
            let id = client_id(&reply, &ids);
            let bytes = encode(&reply, id.as_deref()).unwrap();
            let text = String::from_utf8(bytes).unwrap();
            assert!(
                text.starts_with(&format!("{{\"id\":{written},\"jsonrpc\"")),
                "{text}"
            );
            // Once answered, the id is forgotten.
            assert!(client_id(&reply, &ids).is_none());
        }
    }
}
