//! HTTP/1 on 127.0.0.1 with the standard library's sockets and threads, and `httparse` for a
//! request's head: one thread accepts, one thread a connection, `MAX_CONNECTIONS` at most.
//!
//! Each connection must send a request's head within `REQUEST_TIMEOUT` of being accepted (or
//! of its last reply: it may sit idle no longer), in at most `REQUEST_BYTES` and
//! `REQUEST_HEADERS` lines, then its body within `REQUEST_TIMEOUT` more and `http::body_limit`:
//! a connection that does not is closed, or answered with the refusal `http` words for it.
//! Connections are kept alive between requests (HTTP/1.1, unless the client says `close`).
//! At the cap a new connection takes the place of the oldest that is not streaming the page's
//! events, which is shut down. A refused `accept` (out of descriptors, most often) waits
//! `ACCEPT_BACKOFF` before the next, so the loop never spins on a listener that stays ready.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::http::{self, Body, Method, Reply, Request};
use super::shared::{Bytes, Next, Shared, Update};
use crate::policy::board::{
    ACCEPT_BACKOFF, BODY_BYTES, KEEP_ALIVE, MAX_CONNECTIONS, REQUEST_BYTES, REQUEST_HEADERS,
    REQUEST_TIMEOUT,
};
use crate::policy::error::Http;

/// How long, and how much, a refused connection is read after its refusal (`linger`).
const LINGER: Duration = Duration::from_secs(1);
const LINGER_BYTES: usize = 4 * BODY_BYTES;

/// Answers every connection until `stop` is set (and the listener woken by a connection).
pub fn accept(listener: &TcpListener, shared: &Arc<Shared>, stop: &AtomicBool) {
    let connections = Arc::new(Connections::default());
    loop {
        let accepted = listener.accept();
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let stream = match accepted {
            Ok((stream, _)) => Arc::new(stream),
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => {
                // Out of descriptors, most often: the listener stays ready, so waiting a
                // moment is what keeps this loop from spinning.
                std::thread::sleep(ACCEPT_BACKOFF);
                continue;
            }
        };
        let (id, streaming) = connections.admit(&stream);
        let shared = Arc::clone(shared);
        let owned = Arc::clone(&connections);
        let spawned = std::thread::Builder::new()
            .name("board connection".to_owned())
            .spawn(move || {
                let _leaves = Leaves(Arc::clone(&owned), id);
                connection(&stream, &shared, &streaming);
            });
        if spawned.is_err() {
            connections.left(id);
            std::thread::sleep(ACCEPT_BACKOFF);
        }
    }
}

/// One connection's requests, in turn, until it closes, breaks a bound or streams events.
fn connection(stream: &TcpStream, shared: &Shared, streaming: &AtomicBool) {
    let _ = stream.set_nodelay(true);
    // A page that takes nothing of a reply for this long is not reading it.
    let _ = stream.set_write_timeout(Some(KEEP_ALIVE));
    let mut buffer = Vec::new();
    loop {
        let request = match read_request(stream, &mut buffer, shared) {
            Incoming::Request(request) => request,
            Incoming::Refused(reply) => {
                if write_reply(stream, &reply, false, false).is_ok() {
                    linger(stream);
                }
                return;
            }
            Incoming::Closed => return,
        };
        let keep = keep_alive(&request);
        let head_only = request.method == Method::Head;
        let reply = http::route(shared, &request);
        if matches!(reply.body, Body::Events) {
            if head_only {
                // What a GET would begin with, and no stream.
                let _ = write_reply(stream, &reply, true, false);
            } else {
                streaming.store(true, Ordering::Relaxed);
                events(stream, shared, &reply);
            }
            return;
        }
        if write_reply(stream, &reply, head_only, keep).is_err() || !keep {
            return;
        }
    }
}

/// Closes after a refusal the way that lets the client read it: what the client still sends
/// (the rest of a long head or body) is read and dropped, `LINGER_BYTES` and `LINGER` at most,
/// after the board's side is shut, since closing with bytes unread resets the connection, and
/// a reset can throw away the refusal before the client has read it.
fn linger(stream: &TcpStream) {
    if stream.shutdown(Shutdown::Write).is_err() {
        return;
    }
    let deadline = Instant::now() + LINGER;
    let (mut dropped, mut total) = (Vec::new(), 0);
    while total < LINGER_BYTES && read_some(stream, &mut dropped, LINGER_BYTES, deadline) {
        total += dropped.len();
        dropped.clear();
    }
}

/// What a connection sent next.
enum Incoming {
    Request(Request),
    /// A request the board refuses before it is routed; the connection closes after.
    Refused(Reply),
    /// Closed, or nothing whole within the time: the connection closes without a word.
    Closed,
}

/// The next request: its head within `REQUEST_TIMEOUT`, then its body within as long again.
/// `buffer` keeps what was sent past the request, for the next one.
fn read_request(stream: &TcpStream, buffer: &mut Vec<u8>, shared: &Shared) -> Incoming {
    let deadline = Instant::now() + REQUEST_TIMEOUT;
    let (mut request, length, head) = loop {
        if !buffer.is_empty() {
            match parse_head(buffer) {
                Ok(Some(parsed)) => break parsed,
                Ok(None) if buffer.len() >= REQUEST_BYTES => {
                    return Incoming::Refused(Reply::refused(431, Http::HeadTooLarge));
                }
                Ok(None) => {}
                Err(reply) => return Incoming::Refused(reply),
            }
        }
        let room = REQUEST_BYTES - buffer.len().min(REQUEST_BYTES);
        if !read_some(stream, buffer, room.max(1), deadline) {
            return Incoming::Closed;
        }
    };
    buffer.drain(..head);
    if length > http::body_limit(&request.method, &request.path) {
        return Incoming::Refused(http::unread(shared, &request));
    }
    let deadline = Instant::now() + REQUEST_TIMEOUT;
    while buffer.len() < length {
        if !read_some(stream, buffer, length - buffer.len(), deadline) {
            return Incoming::Refused(http::unread(shared, &request));
        }
    }
    request.body = buffer.drain(..length).collect();
    Incoming::Request(request)
}

/// Reads at most `room` more bytes onto `buffer` before `deadline`: false when the connection
/// closed, failed or sent nothing in time.
fn read_some(stream: &TcpStream, buffer: &mut Vec<u8>, room: usize, deadline: Instant) -> bool {
    let mut chunk = [0_u8; 4096];
    let room = room.min(chunk.len());
    loop {
        let Some(left) = deadline.checked_duration_since(Instant::now()) else {
            return false;
        };
        if stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .is_err()
        {
            return false;
        }
        match (&*stream).read(&mut chunk[..room]) {
            Ok(0) => return false,
            Ok(read) => {
                buffer.extend_from_slice(&chunk[..read]);
                return true;
            }
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// A whole request head at the start of `buffer`: the request (its body still to read), the
/// body's length and the head's; `None` while the head is not whole.
fn parse_head(buffer: &[u8]) -> Result<Option<(Request, usize, usize)>, Reply> {
    let mut headers = [httparse::EMPTY_HEADER; REQUEST_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    let head = match parsed.parse(buffer) {
        Ok(httparse::Status::Complete(head)) => head,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Reply::refused(431, Http::HeadTooLarge));
        }
        Err(_) => return Err(Reply::refused(400, Http::Malformed)),
    };
    let (Some(method), Some(target)) = (parsed.method, parsed.path) else {
        return Err(Reply::refused(400, Http::Malformed));
    };
    let path = target.split_once('?').map_or(target, |(path, _)| path);
    let mut request = Request {
        method: Method::parse(method),
        path: path.to_owned(),
        headers: parsed
            .headers
            .iter()
            .map(|header| (header.name.to_ascii_lowercase(), header.value.to_vec()))
            .collect(),
        body: Vec::new(),
    };
    if parsed.version != Some(1) {
        request
            .headers
            .push(("connection".to_owned(), b"close".to_vec()));
    }
    if request.header("transfer-encoding").is_some() {
        return Err(Reply::refused(411, Http::LengthRequired));
    }
    let mut lengths = request
        .headers
        .iter()
        .filter(|(name, _)| name == "content-length")
        .map(|(_, value)| {
            std::str::from_utf8(value)
                .ok()
                .filter(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|digits| digits.parse::<usize>().ok())
        });
    let length = match lengths.next() {
        None => 0,
        Some(Some(length)) if lengths.all(|other| other == Some(length)) => length,
        Some(_) => return Err(Reply::refused(400, Http::Malformed)),
    };
    Ok(Some((request, length, head)))
}

/// Whether the connection stays open after this request: HTTP/1.1 unless it says `close`.
fn keep_alive(request: &Request) -> bool {
    !request.header("connection").is_some_and(|value| {
        value
            .split(|byte| *byte == b',')
            .any(|token| token.trim_ascii().eq_ignore_ascii_case(b"close"))
    })
}

/// The status line and headers of a reply; `length` for a body sent whole.
fn head(reply: &Reply, length: Option<usize>, keep: bool) -> Vec<u8> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: {}\r\n",
        reply.status,
        http::reason(reply.status),
        reply.content_type
    );
    match length {
        Some(length) => {
            let _ = write!(head, "content-length: {length}\r\n");
        }
        None => head.push_str("transfer-encoding: chunked\r\n"),
    }
    for (name, value) in http::HEADERS {
        let _ = write!(head, "{name}: {value}\r\n");
    }
    for (name, value) in &reply.headers {
        let _ = write!(head, "{name}: {value}\r\n");
    }
    if !keep {
        head.push_str("connection: close\r\n");
    }
    head.push_str("\r\n");
    head.into_bytes()
}

fn write_reply(stream: &TcpStream, reply: &Reply, head_only: bool, keep: bool) -> io::Result<()> {
    let body = reply.body.bytes();
    let mut writer = stream;
    writer.write_all(&head(reply, Some(body.len()), keep))?;
    if !head_only {
        writer.write_all(body)?;
    }
    writer.flush()
}

/// The event stream, in chunks: the whole board first, then each workspace as it changes (the
/// whole board again after a rescan, or when this page fell behind), and a comment when idle
/// for `KEEP_ALIVE`. What it is sent is read from `Shared` when its turn comes, so a slow page
/// holds no old copy of the board. It ends when the page goes or the board stops.
fn events(stream: &TcpStream, shared: &Shared, reply: &Reply) {
    let mut writer = stream;
    let mut seen = shared.subscribe();
    if writer.write_all(&head(reply, None, true)).is_err()
        || chunk(writer, &shared.board_event()).is_err()
    {
        return;
    }
    loop {
        let sent: Bytes = match shared.next(&mut seen, KEEP_ALIVE) {
            Next::Update(Update::Workspace(path)) => {
                let Some(event) = shared.workspace_event(&path) else {
                    continue;
                };
                event
            }
            Next::Update(Update::All) => shared.board_event(),
            Next::Idle => Bytes::from(&b": idle\n\n"[..]),
            Next::Closed => return,
        };
        if chunk(writer, &sent).is_err() {
            return;
        }
    }
}

/// One chunk of a body sent in chunks.
fn chunk(mut writer: &TcpStream, bytes: &[u8]) -> io::Result<()> {
    writer.write_all(format!("{:x}\r\n", bytes.len()).as_bytes())?;
    writer.write_all(bytes)?;
    writer.write_all(b"\r\n")?;
    writer.flush()
}

/// The connections open, by the order they came in: whether each streams the page's events,
/// and its socket, to shut it down.
#[derive(Default)]
struct Connections {
    open: Mutex<(u64, BTreeMap<u64, Connection>)>,
}

struct Connection {
    streaming: Arc<AtomicBool>,
    stream: Arc<TcpStream>,
}

impl Connections {
    /// A place for a new connection: a free one, else the place of the oldest connection that
    /// is not streaming events, else (every one streams: tabs closed or reloaded within the
    /// keep-alive's time are noticed only at their next write) of the oldest stream, a page
    /// that is still open reconnecting on its own. The one taken is shut down.
    fn admit(&self, stream: &Arc<TcpStream>) -> (u64, Arc<AtomicBool>) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let (next, connections) = &mut *open;
        if connections.len() >= MAX_CONNECTIONS {
            let oldest = connections
                .iter()
                .find(|(_, connection)| !connection.streaming.load(Ordering::Relaxed))
                .or_else(|| connections.iter().next())
                .map(|(id, _)| *id);
            if let Some(connection) = oldest.and_then(|oldest| connections.remove(&oldest)) {
                let _ = connection.stream.shutdown(Shutdown::Both);
            }
        }
        let id = *next;
        *next += 1;
        let streaming = Arc::new(AtomicBool::new(false));
        connections.insert(
            id,
            Connection {
                streaming: Arc::clone(&streaming),
                stream: Arc::clone(stream),
            },
        );
        (id, streaming)
    }

    fn left(&self, id: u64) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.1.remove(&id);
    }
}

/// Takes a connection off the list when its thread ends, however it ends.
struct Leaves(Arc<Connections>, u64);

impl Drop for Leaves {
    fn drop(&mut self) {
        self.0.left(self.1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(head: &str) -> Result<Option<(Request, usize, usize)>, Reply> {
        parse_head(head.as_bytes())
    }

    #[test]
    fn at_the_cap_the_oldest_idle_connection_goes_first_then_the_oldest_stream() {
        let Ok(listener) = std::net::TcpListener::bind(("127.0.0.1", 0)) else {
            panic!("a loopback port");
        };
        let Ok(address) = listener.local_addr() else {
            panic!("its address");
        };
        let connect = || match TcpStream::connect(address) {
            Ok(stream) => Arc::new(stream),
            Err(err) => panic!("{err}"),
        };
        let connections = Connections::default();
        let admitted: Vec<_> = (0..MAX_CONNECTIONS)
            .map(|_| connections.admit(&connect()))
            .collect();
        // Every one streams but the third: a new one takes the third's place.
        for (n, (_, streaming)) in admitted.iter().enumerate() {
            streaming.store(n != 2, Ordering::Relaxed);
        }
        let ids = |connections: &Connections| -> Vec<u64> {
            let open = connections
                .open
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            open.1.keys().copied().collect()
        };
        let (newer, streaming) = connections.admit(&connect());
        streaming.store(true, Ordering::Relaxed);
        let open = ids(&connections);
        assert_eq!(open.len(), MAX_CONNECTIONS);
        assert!(!open.contains(&admitted[2].0) && open.contains(&newer));
        // Now every one streams: the oldest stream gives way.
        let (newest, _) = connections.admit(&connect());
        let open = ids(&connections);
        assert_eq!(open.len(), MAX_CONNECTIONS);
        assert!(!open.contains(&admitted[0].0) && open.contains(&newest));
    }

    #[test]
    fn a_head_is_read_whole_with_its_body_length() {
        assert!(matches!(parsed("GET / HTTP/1.1\r\nHost: a"), Ok(None)));
        let Ok(Some((request, length, head))) =
            parsed("POST /x?y=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello")
        else {
            panic!("a whole head");
        };
        assert_eq!((request.path.as_str(), length, head), ("/x", 5, 52));
        assert_eq!(request.header("host"), Some(&b"a"[..]));
        assert!(keep_alive(&request));
        let Ok(Some((old, _, _))) = parsed("GET / HTTP/1.0\r\n\r\n") else {
            panic!("HTTP/1.0");
        };
        assert!(!keep_alive(&old), "HTTP/1.0 closes");
        for (head, status) in [
            (
                "GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                400,
            ),
            ("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411),
            ("NOT HTTP\r\n\r\n", 400),
        ] {
            let refused = parsed(head).err().map(|reply| reply.status);
            assert_eq!(refused, Some(status), "{head}");
        }
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "A: b\r\n".repeat(REQUEST_HEADERS + 1)
        );
        assert_eq!(parsed(&many).err().map(|reply| reply.status), Some(431));
    }
}
