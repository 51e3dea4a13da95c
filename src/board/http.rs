//! Every request the board answers, and every one it refuses, as plain values: a `Request`
//! whose head was parsed and whose body was read within the board's bounds (`serve` does
//! both), and the `Reply` that `route`, one function, gives for it.
//!
//! Every request must give a `Host` that is the loopback address and its port: a page elsewhere
//! that reaches the board through a name it controls (DNS rebinding) gets 403 and nothing else.
//! The page, its script and styles hold no secret and are answered to GET and HEAD; the board's
//! data (`board.json`, `events`) only with the token in the `TOKEN_HEADER` header (compared in
//! constant time), never in the URL. One POST is the hand-over: the form the hand-over file
//! posts, whose token, when it is the board's, comes back in the page for its script to keep.
//! The other is the page's actions (`ACT_PATH`), which `act` checks and makes; with
//! `--read-only` it is refused as every other method is, and no request changes anything.
//! Every reply carries `HEADERS`.

use std::sync::Arc;

use super::assets;
use super::shared::Shared;
use crate::policy::board::{ACT_PATH, BODY_BYTES, FORM_BYTES, HOSTS, TOKEN_FIELD, TOKEN_HEADER};
use crate::policy::error::Http;

/// What every answer carries: nothing of it may be framed, sniffed, cached or leave the page
/// through a referrer, and the page may load only its own script and styles.
pub const HEADERS: [(&str, &str); 6] = [
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
    /// Any other method, as the request spelled it.
    Other(String),
}

impl Method {
    pub fn parse(method: &str) -> Self {
        match method {
            "GET" => Self::Get,
            "HEAD" => Self::Head,
            "POST" => Self::Post,
            other => Self::Other(other.to_owned()),
        }
    }
}

/// One request, its body read whole.
#[derive(Debug)]
pub struct Request {
    pub method: Method,
    /// The path, without the query.
    pub path: String,
    /// Every header line, its name in lowercase, in the order sent.
    pub headers: Vec<(String, Vec<u8>)>,
    pub body: Vec<u8>,
}

impl Request {
    /// The first header of this name (lowercase).
    pub fn header(&self, name: &str) -> Option<&[u8]> {
        self.headers
            .iter()
            .find(|(given, _)| given == name)
            .map(|(_, value)| value.as_slice())
    }
}

/// The longest body `serve` reads for a request with this method and path: the hand-over's
/// form, or `BODY_BYTES`.
pub fn body_limit(method: &Method, path: &str) -> usize {
    if *method == Method::Post && path == "/" {
        FORM_BYTES
    } else {
        BODY_BYTES
    }
}

/// What a reply's body is.
#[derive(Debug, Clone)]
pub enum Body {
    Fixed(&'static str),
    Text(String),
    Shared(Arc<[u8]>),
    /// The page's event stream, which `serve` sends for as long as the page reads it.
    Events,
}

impl Body {
    /// The bytes of a body sent whole (none for the event stream).
    pub fn bytes(&self) -> &[u8] {
        match self {
            Self::Fixed(text) => text.as_bytes(),
            Self::Text(text) => text.as_bytes(),
            Self::Shared(bytes) => bytes,
            Self::Events => &[],
        }
    }
}

/// One reply: its status, the type of its body, headers of its own beside `HEADERS`, and
/// the body.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub headers: Vec<(&'static str, String)>,
    pub body: Body,
}

impl Reply {
    fn new(status: u16, content_type: &'static str, body: Body) -> Self {
        Self {
            status,
            content_type,
            headers: Vec::new(),
            body,
        }
    }

    /// A refusal: its status, and its words from `Http`.
    pub fn refused(status: u16, why: Http) -> Self {
        Self::new(
            status,
            "text/plain; charset=utf-8",
            Body::Text(why.to_string()),
        )
    }
}

/// The words of the statuses the board answers with.
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        _ => "",
    }
}

/// The answer to one request.
pub fn route(shared: &Shared, request: &Request) -> Reply {
    if !host_allowed(request, shared.port) {
        return Reply::refused(403, Http::ForeignHost);
    }
    if request.method == Method::Post && request.path == "/" {
        return hand_over(shared, &request.body);
    }
    if request.method == Method::Post && request.path == ACT_PATH && shared.acting().is_some() {
        return act(shared, request, Some(&request.body));
    }
    if !matches!(request.method, Method::Get | Method::Head) {
        let (why, allow) = match shared.acting() {
            Some(_) => (Http::NotAllowed, "GET, HEAD, POST"),
            None => (Http::ReadOnly, "GET, HEAD"),
        };
        let mut reply = Reply::refused(405, why);
        reply.headers.push(("allow", allow.to_owned()));
        return reply;
    }
    let data = matches!(request.path.as_str(), "/board.json" | "/events");
    if data && !token_given(request, &shared.token) {
        return Reply::refused(403, Http::NoToken);
    }
    match request.path.as_str() {
        "/" => html(assets::page(None)),
        "/style.css" => Reply::new(
            200,
            "text/css; charset=utf-8",
            Body::Fixed(assets::STYLE_CSS),
        ),
        "/app.js" => Reply::new(
            200,
            "text/javascript; charset=utf-8",
            Body::Fixed(assets::APP_JS),
        ),
        "/status.css" => Reply::new(
            200,
            "text/css; charset=utf-8",
            Body::Text(assets::status_css()),
        ),
        "/board.json" => Reply::new(200, "application/json", Body::Shared(shared.board_json())),
        "/events" => Reply::new(200, "text/event-stream", Body::Events),
        _ => Reply::refused(404, Http::NoSuchPage),
    }
}

/// The answer to a request whose body did not arrive whole within `REQUEST_TIMEOUT` and its
/// `body_limit`: refused as `route` would refuse it first, else as unread.
pub fn unread(shared: &Shared, request: &Request) -> Reply {
    if !host_allowed(request, shared.port) {
        return Reply::refused(403, Http::ForeignHost);
    }
    if request.method == Method::Post && request.path == "/" {
        return Reply::refused(400, Http::FormUnread);
    }
    if request.method == Method::Post && request.path == ACT_PATH && shared.acting().is_some() {
        return act(shared, request, None);
    }
    Reply::refused(400, Http::BodyUnread)
}

/// The hand-over: the form the hand-over file posts (`token=…`). With the board's token, the
/// page comes back with the token in it, for the page's script to keep; with another, 403.
fn hand_over(shared: &Shared, body: &[u8]) -> Reply {
    let given = body.split(|byte| *byte == b'&').find_map(|field| {
        field
            .strip_prefix(TOKEN_FIELD.as_bytes())?
            .strip_prefix(b"=")
    });
    if !given.is_some_and(|given| same(given, shared.token.as_bytes())) {
        return Reply::refused(403, Http::NoToken);
    }
    html(assets::page(Some(&shared.token)))
}

fn html(page: String) -> Reply {
    Reply::new(200, "text/html; charset=utf-8", Body::Text(page))
}

/// One of the page's actions (`act::act`), on the connection's own thread: a change waits for
/// the store's lock, and the remote's when the list has one, holding up no other page. `body`
/// is `None` when it did not arrive whole within `REQUEST_TIMEOUT` and `BODY_BYTES`.
fn act(shared: &Shared, request: &Request, body: Option<&[u8]>) -> Reply {
    let acted = super::act::act(
        shared,
        &super::act::Asked {
            origin: request.header("origin"),
            token: request.header(TOKEN_HEADER),
            content_type: request.header("content-type"),
            body,
        },
    );
    Reply::new(acted.status, acted.content_type, Body::Text(acted.body))
}

/// Whether the request carries the board's token in `TOKEN_HEADER`.
fn token_given(request: &Request, token: &str) -> bool {
    request
        .header(TOKEN_HEADER)
        .is_some_and(|given| same(given, token.as_bytes()))
}

/// Whether the request's `Host` is `127.0.0.1:PORT` (or `localhost:PORT`), exactly.
fn host_allowed(request: &Request, port: u16) -> bool {
    let Some(host) = request
        .header("host")
        .and_then(|host| std::str::from_utf8(host).ok())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn shared() -> Shared {
        Shared::new("0123456789abcdef".to_owned(), 8080, String::new())
    }

    fn request(method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Request {
        Request {
            method: Method::parse(method),
            path: path.to_owned(),
            headers: headers
                .iter()
                .map(|(name, value)| ((*name).to_owned(), value.as_bytes().to_vec()))
                .collect(),
            body: body.as_bytes().to_vec(),
        }
    }

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

    #[test]
    fn a_request_is_routed_from_its_plain_parts() {
        let shared = shared();
        let host = ("host", "localhost:8080");
        let token = ("x-todos-token", "0123456789abcdef");
        let routed = |method, path, headers: &[(&str, &str)], body| {
            let reply = route(&shared, &request(method, path, headers, body));
            (reply.status, reply.content_type)
        };
        assert_eq!(routed("GET", "/", &[], "").0, 403, "no Host");
        assert_eq!(routed("GET", "/", &[("host", "localhost:8081")], "").0, 403);
        assert_eq!(
            routed("GET", "/", &[host], ""),
            (200, "text/html; charset=utf-8")
        );
        assert_eq!(routed("GET", "/board.json", &[host], "").0, 403);
        assert_eq!(
            routed("HEAD", "/board.json", &[host, token], ""),
            (200, "application/json")
        );
        assert_eq!(routed("GET", "/nowhere", &[host], "").0, 404);
        assert_eq!(
            routed("POST", "/", &[host], "token=0123456789abcdef").0,
            200
        );
        assert_eq!(
            routed("POST", "/", &[host], "token=0123456789abcdeg").0,
            403
        );
        let refused = route(&shared, &request("PUT", "/board.json", &[host, token], ""));
        assert_eq!(refused.status, 405);
        assert_eq!(refused.headers, [("allow", "GET, HEAD".to_owned())]);
        let events = route(&shared, &request("GET", "/events", &[host, token], ""));
        assert!(matches!(events.body, Body::Events));
    }
}
