//! Every request the board answers, and every one it refuses. It answers GET and HEAD only, and
//! only under its token (`/TOKEN/…`, compared in constant time) with a `Host` that is the
//! loopback address and its port: a page elsewhere that guesses the port, or reaches it
//! through a name it controls (DNS rebinding), gets 403 and nothing else. No request changes
//! anything: there is nothing to change through.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::{Body, Frame, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use tokio::sync::{broadcast, mpsc};

use super::assets;
use super::shared::{Shared, Update};
use crate::policy::board::{HOSTS, KEEP_ALIVE};
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

pub fn answer(shared: &Arc<Shared>, request: &Request<Incoming>) -> Reply {
    let mut reply = route(shared, request);
    let headers = reply.headers_mut();
    for (name, value) in HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    reply
}

fn route(shared: &Arc<Shared>, request: &Request<Incoming>) -> Reply {
    if !host_allowed(request, shared.port) {
        return refused(StatusCode::FORBIDDEN, Http::ForeignHost);
    }
    let Some(rest) = under_token(request.uri().path(), &shared.token) else {
        return refused(StatusCode::FORBIDDEN, Http::NoToken);
    };
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let mut reply = refused(StatusCode::METHOD_NOT_ALLOWED, Http::ReadOnly);
        reply
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return reply;
    }
    match rest {
        "" => {
            let mut reply = text(StatusCode::PERMANENT_REDIRECT, "text/plain", String::new());
            if let Ok(location) = HeaderValue::from_str(&format!("/{}/", shared.token)) {
                reply.headers_mut().insert(header::LOCATION, location);
            }
            reply
        }
        "/" => fixed("text/html; charset=utf-8", assets::INDEX_HTML),
        "/style.css" => fixed("text/css; charset=utf-8", assets::STYLE_CSS),
        "/app.js" => fixed("text/javascript; charset=utf-8", assets::APP_JS),
        "/status.css" => text(
            StatusCode::OK,
            "text/css; charset=utf-8",
            assets::status_css(),
        ),
        "/board.json" => text(StatusCode::OK, "application/json", shared.board_json()),
        "/events" => events(shared),
        _ => refused(StatusCode::NOT_FOUND, Http::NoSuchPage),
    }
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

/// What follows `/TOKEN` in `path`, when its first segment is the token.
fn under_token<'a>(path: &'a str, token: &str) -> Option<&'a str> {
    let path = path.strip_prefix('/')?;
    let (first, rest) = path.find('/').map_or((path, ""), |at| path.split_at(at));
    same(first.as_bytes(), token.as_bytes()).then_some(rest)
}

/// Compares in time that depends on the length alone, so the token cannot be guessed a
/// character at a time from how long a refusal takes.
fn same(given: &[u8], token: &[u8]) -> bool {
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
    let mut reply = Response::new(Full::new(Bytes::from(body)).boxed());
    *reply.status_mut() = status;
    reply
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    reply
}

/// The event stream: the whole board first, then each workspace as it changes (the whole
/// board again after a rescan, or when this reader fell behind), and a comment when idle.
fn events(shared: &Arc<Shared>) -> Reply {
    let (tx, rx) = mpsc::channel::<Bytes>(16);
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
                    Ok(Update::Workspace(chunk)) => chunk,
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
    fn the_token_is_the_first_segment_whole() {
        let token = "0123456789abcdef";
        assert_eq!(under_token("/0123456789abcdef/", token), Some("/"));
        assert_eq!(under_token("/0123456789abcdef", token), Some(""));
        assert_eq!(
            under_token("/0123456789abcdef/app.js", token),
            Some("/app.js")
        );
        for path in [
            "/",
            "/0123456789abcde/",
            "/0123456789abcdefg/",
            "/x/0123456789abcdef/",
            "",
        ] {
            assert_eq!(under_token(path, token), None, "{path}");
        }
    }
}
