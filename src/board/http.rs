//! Every request the board answers, and every one it refuses. Every request must give a `Host`
//! that is the loopback address and its port: a page elsewhere that reaches the board through a
//! name it controls (DNS rebinding) gets 403 and nothing else. The page, its script and styles
//! hold no secret and are answered to GET and HEAD; the board's data (`board.json`, `events`)
//! only with the token in the `TOKEN_HEADER` header (compared in constant time), never in the
//! URL. One POST is the hand-over: the form the hand-over file posts, whose token, when it
//! is the board's, comes back in the page for its script to keep. The other is the page's
//! actions (`ACT_PATH`), which `act` checks and makes; with `--read-only` it is refused as
//! every other method is, and no request changes anything.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited, combinators::BoxBody};
use hyper::body::{Body, Frame, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use tokio::sync::{broadcast, mpsc};

use super::assets;
use super::shared::{Shared, Update};
use crate::policy::board::{
    ACT_BYTES, ACT_PATH, FORM_BYTES, HOSTS, KEEP_ALIVE, REQUEST_TIMEOUT, TOKEN_FIELD, TOKEN_HEADER,
};
use crate::policy::error::Http;

pub type Reply = Response<BoxBody<Bytes, Infallible>>;

/// What every answer carries: nothing of it may be framed, sniffed, cached or leave the page
/// through a referrer, and the page may load only its own script and styles.
const HEADERS: [(&str, &str); 6] = [
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
         img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cache-control", "no-store"),
    ("x-frame-options", "DENY"),
    ("cross-origin-resource-policy", "same-origin"),
];

/// The answer to one request. `streaming` is set when it is the page's event stream, which
/// the connection then carries for as long as the page is open.
pub async fn answer(
    shared: Arc<Shared>,
    request: Request<Incoming>,
    streaming: Arc<AtomicBool>,
) -> Reply {
    let mut reply = route(&shared, request, &streaming).await;
    let headers = reply.headers_mut();
    for (name, value) in HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    reply
}

async fn route(shared: &Arc<Shared>, request: Request<Incoming>, streaming: &AtomicBool) -> Reply {
    if !host_allowed(&request, shared.port) {
        return refused(StatusCode::FORBIDDEN, Http::ForeignHost);
    }
    if request.method() == Method::POST && request.uri().path() == "/" {
        return hand_over(shared, request).await;
    }
    if request.method() == Method::POST
        && request.uri().path() == ACT_PATH
        && shared.acting().is_some()
    {
        return act(shared, request).await;
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let (why, allow) = match shared.acting() {
            Some(_) => (Http::NotAllowed, "GET, HEAD, POST"),
            None => (Http::ReadOnly, "GET, HEAD"),
        };
        let mut reply = refused(StatusCode::METHOD_NOT_ALLOWED, why);
        reply
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static(allow));
        return reply;
    }
    let data = matches!(request.uri().path(), "/board.json" | "/events");
    if data && !token_given(&request, &shared.token) {
        return refused(StatusCode::FORBIDDEN, Http::NoToken);
    }
    match request.uri().path() {
        "/" => text(
            StatusCode::OK,
            "text/html; charset=utf-8",
            assets::page(None),
        ),
        "/style.css" => fixed("text/css; charset=utf-8", assets::STYLE_CSS),
        "/app.js" => fixed("text/javascript; charset=utf-8", assets::APP_JS),
        "/status.css" => text(
            StatusCode::OK,
            "text/css; charset=utf-8",
            assets::status_css(),
        ),
        "/board.json" => bytes(StatusCode::OK, "application/json", shared.board_json()),
        "/events" => {
            streaming.store(true, Ordering::Relaxed);
            events(shared)
        }
        _ => refused(StatusCode::NOT_FOUND, Http::NoSuchPage),
    }
}

/// The hand-over: the form the hand-over file posts (`token=…`), read within
/// `REQUEST_TIMEOUT` and `FORM_BYTES`. With the board's token, the page comes back with the
/// token in it, for the page's script to keep; with another, 403.
async fn hand_over(shared: &Arc<Shared>, request: Request<Incoming>) -> Reply {
    let body = Limited::new(request.into_body(), FORM_BYTES).collect();
    let Ok(Ok(body)) = tokio::time::timeout(REQUEST_TIMEOUT, body).await else {
        return refused(StatusCode::BAD_REQUEST, Http::FormUnread);
    };
    let body = body.to_bytes();
    let given = body.split(|byte| *byte == b'&').find_map(|field| {
        field
            .strip_prefix(TOKEN_FIELD.as_bytes())?
            .strip_prefix(b"=")
    });
    if !given.is_some_and(|given| same(given, shared.token.as_bytes())) {
        return refused(StatusCode::FORBIDDEN, Http::NoToken);
    }
    text(
        StatusCode::OK,
        "text/html; charset=utf-8",
        assets::page(Some(&shared.token)),
    )
}

/// One of the page's actions (`act::act`), its body read within `REQUEST_TIMEOUT` and
/// `ACT_BYTES`, run off the server's thread: a change waits for the store's lock, and the
/// remote's when the list has one.
async fn act(shared: &Arc<Shared>, request: Request<Incoming>) -> Reply {
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .map(|value| value.as_bytes().to_vec())
    };
    let (origin, token) = (header("origin"), header(TOKEN_HEADER));
    let content_type = header("content-type");
    let body = Limited::new(request.into_body(), ACT_BYTES).collect();
    let body = match tokio::time::timeout(REQUEST_TIMEOUT, body).await {
        Ok(Ok(body)) => Some(body.to_bytes()),
        _ => None,
    };
    let shared = Arc::clone(shared);
    let acted = tokio::task::spawn_blocking(move || {
        super::act::act(
            &shared,
            &super::act::Asked {
                origin: origin.as_deref(),
                token: token.as_deref(),
                content_type: content_type.as_deref(),
                body: body.as_deref(),
            },
        )
    })
    .await;
    let Ok(acted) = acted else {
        return refused(StatusCode::INTERNAL_SERVER_ERROR, Http::Broke);
    };
    let status = StatusCode::from_u16(acted.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    bytes(status, acted.content_type, Bytes::from(acted.body))
}

/// Whether the request carries the board's token in `TOKEN_HEADER`.
fn token_given(request: &Request<Incoming>, token: &str) -> bool {
    request
        .headers()
        .get(TOKEN_HEADER)
        .is_some_and(|given| same(given.as_bytes(), token.as_bytes()))
}

/// Whether the request's `Host` is `127.0.0.1:PORT` (or `localhost:PORT`), exactly.
fn host_allowed(request: &Request<Incoming>, port: u16) -> bool {
    let Some(host) = request
        .headers()
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
    else {
        return false;
    };
    let Some((name, given)) = host.rsplit_once(':') else {
        return false;
    };
    given.parse::<u16>().ok() == Some(port)
        && HOSTS
            .iter()
            .any(|allowed| name.eq_ignore_ascii_case(allowed))
}

/// Compares in time that depends on the length alone, so the token cannot be guessed a
/// character at a time from how long a refusal takes.
pub(super) fn same(given: &[u8], token: &[u8]) -> bool {
    given.len() == token.len()
        && given
            .iter()
            .zip(token)
            .fold(0_u8, |differ, (a, b)| differ | (a ^ b))
            == 0
}

fn refused(status: StatusCode, why: Http) -> Reply {
    text(status, "text/plain; charset=utf-8", why.to_string())
}

fn fixed(content_type: &'static str, body: &'static str) -> Reply {
    let mut reply = Response::new(Full::new(Bytes::from_static(body.as_bytes())).boxed());
    reply
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    reply
}

fn text(status: StatusCode, content_type: &'static str, body: String) -> Reply {
    bytes(status, content_type, Bytes::from(body))
}

fn bytes(status: StatusCode, content_type: &'static str, body: Bytes) -> Reply {
    let mut reply = Response::new(Full::new(body).boxed());
    *reply.status_mut() = status;
    reply
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    reply
}

/// The event stream: the whole board first, then each workspace as it changes (the whole
/// board again after a rescan, or when this reader fell behind), and a comment when idle.
fn events(shared: &Arc<Shared>) -> Reply {
    // Two chunks at most wait for a slow page: what it is sent is read from `Shared` when its
    // turn comes, so a slow page holds no old copy of the board.
    let (tx, rx) = mpsc::channel::<Bytes>(2);
    let mut updates = shared.subscribe();
    let shared = Arc::clone(shared);
    tokio::spawn(async move {
        if tx.send(shared.board_event()).await.is_err() {
            return;
        }
        let mut idle = tokio::time::interval(KEEP_ALIVE);
        idle.tick().await;
        loop {
            let chunk = tokio::select! {
                update = updates.recv() => match update {
                    Ok(Update::Workspace(path)) => {
                        let Some(chunk) = shared.workspace_event(&path) else { continue };
                        chunk
                    }
                    Ok(Update::All) | Err(broadcast::error::RecvError::Lagged(_)) => {
                        shared.board_event()
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                _ = idle.tick() => Bytes::from_static(b": idle\n\n"),
                () = tx.closed() => return,
            };
            if tx.send(chunk).await.is_err() {
                return;
            }
        }
    });
    let mut reply = Response::new(Stream(rx).boxed());
    let headers = reply.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    reply
}

/// A body made of the chunks a task sends, until it stops.
struct Stream(mpsc::Receiver<Bytes>);

impl Body for Stream {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.0
            .poll_recv(cx)
            .map(|chunk| chunk.map(|chunk| Ok(Frame::data(chunk))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_compared_whole() {
        let token = b"0123456789abcdef";
        assert!(same(b"0123456789abcdef", token));
        for given in [
            &b""[..],
            b"0123456789abcde",
            b"0123456789abcdefg",
            b"1123456789abcdef",
        ] {
            assert!(!same(given, token));
        }
    }
}
