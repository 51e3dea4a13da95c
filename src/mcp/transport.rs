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
//! A task of its own reads the lines, so the server loop's `receive` only takes from a channel
//! (it may be cancelled at any await, which a half-read line must survive).

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::{ErrorData, NumberOrString};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{Mutex, mpsc};

/// The longest message read: as rmcp's own transport and its HTTP client.
pub const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// Messages read ahead of the server loop.
const QUEUE: usize = 64;

type Writer = Arc<Mutex<Option<Box<dyn AsyncWrite + Send + Unpin>>>>;

pub struct LineTransport {
    incoming: mpsc::Receiver<RxJsonRpcMessage<RoleServer>>,
    writer: Writer,
}

impl LineTransport {
    /// Starts reading `reader` on a task of its own; replies go to `writer`.
    pub fn new<R, W>(reader: R, writer: W) -> Self
    where
        R: AsyncRead + Send + Unpin + 'static,
        W: AsyncWrite + Send + Unpin + 'static,
    {
        let writer: Writer = Arc::new(Mutex::new(Some(Box::new(writer))));
        let (sender, incoming) = mpsc::channel(QUEUE);
        tokio::spawn(read_lines(
            BufReader::new(reader),
            sender,
            Arc::clone(&writer),
        ));
        Self { incoming, writer }
    }
}

/// What one line held.
enum Line {
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// The reply the line gets instead of being served.
    Refused(ErrorData, Option<NumberOrString>),
    /// Nothing to serve or answer: a blank line, an unknown notification.
    Blank,
}

fn parse(line: &[u8]) -> Line {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Line::Blank;
    }
    let value: Value = match serde_json::from_slice(line) {
        Ok(value) => value,
        Err(err) => {
            return Line::Refused(
                ErrorData::parse_error(format!("Parse error: the line is not JSON ({err})"), None),
                None,
            );
        }
    };
    let id = match value.get("id") {
        Some(Value::Number(number)) => number.as_i64().map(NumberOrString::Number),
        Some(Value::String(text)) => Some(NumberOrString::String(text.as_str().into())),
        _ => None,
    };
    // A notification is never answered (JSON-RPC 2.0): one this server does not know, from a
    // newer client, is passed over.
    let notification = value.get("method").is_some() && value.get("id").is_none();
    match serde_json::from_value::<RxJsonRpcMessage<RoleServer>>(value) {
        Ok(message) => Line::Message(Box::new(message)),
        Err(_) if notification => Line::Blank,
        Err(err) => Line::Refused(
            ErrorData::invalid_request(
                format!("Invalid request: not a JSON-RPC 2.0 message this server takes ({err})"),
                None,
            ),
            id,
        ),
    }
}

/// Reads lines until the end of `reader` (or until the server stops taking them), each capped.
async fn read_lines<R: AsyncRead + Unpin>(
    mut reader: BufReader<R>,
    sender: mpsc::Sender<RxJsonRpcMessage<RoleServer>>,
    writer: Writer,
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
                    let _ = deliver(&line, &sender, &writer).await;
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
            let error = ErrorData::invalid_request(
                format!(
                    "Invalid request: the message is larger than {} MiB ({MAX_LINE_BYTES} \
                     bytes) and was not read; send a smaller one",
                    MAX_LINE_BYTES / (1024 * 1024)
                ),
                None,
            );
            reply(&writer, TxJsonRpcMessage::<RoleServer>::error(error, None)).await
        } else {
            deliver(&line, &sender, &writer).await
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
) -> Result<(), ()> {
    match parse(line) {
        Line::Message(message) => sender.send(*message).await.map_err(|_| ()),
        Line::Refused(error, id) => {
            reply(writer, TxJsonRpcMessage::<RoleServer>::error(error, id)).await
        }
        Line::Blank => Ok(()),
    }
}

async fn reply(writer: &Writer, message: TxJsonRpcMessage<RoleServer>) -> Result<(), ()> {
    write_message(writer, &message).await.map_err(|_| ())
}

async fn write_message(
    writer: &Writer,
    message: &TxJsonRpcMessage<RoleServer>,
) -> std::io::Result<()> {
    let mut bytes = serde_json::to_vec(message).map_err(std::io::Error::other)?;
    bytes.push(b'\n');
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
        async move { write_message(&writer, &item).await }
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
        assert!(matches!(parse(b"  \r"), Line::Blank));
        let Line::Refused(error, None) = parse(b"{\"jsonrpc\": \"2.0\", \"id\": 1,") else {
            panic!("broken JSON");
        };
        assert_eq!(error.code.0, -32700);
        let Line::Refused(error, Some(NumberOrString::Number(7))) =
            parse(br#"{"jsonrpc": "2.0", "id": 7, "method": 3}"#)
        else {
            panic!("not a message");
        };
        assert_eq!(error.code.0, -32600);
        assert!(matches!(
            parse(br#"{"jsonrpc": "2.0", "id": 1, "method": "ping"}"#),
            Line::Message(_)
        ));
        // Never answered, whether the server knows it or not.
        for notification in [
            &br#"{"jsonrpc": "2.0", "method": "notifications/from_the_future"}"#[..],
            br#"{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": 3}"#,
        ] {
            assert!(!matches!(parse(notification), Line::Refused(..)));
        }
    }
}
