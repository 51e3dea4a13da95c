//! `todos board`'s server (SPEC §10): its token and `Host` checks, read-only, a change pushed
//! within a second, a clean end on Ctrl-C. The requests are plain HTTP over 127.0.0.1, written
//! by hand, so nothing but the server decides what is refused. Every wait is bounded; every
//! server is ended.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::{Run, Spawned, TestEnv, still_open};

const WAIT: Duration = Duration::from_secs(20);

/// The board's refusal of a request without its token, named once for the tests that send one.
pub(crate) const NO_TOKEN: &str = "todos board refused this request: it has no valid token. Open \
                                   the URL that `todos board` printed, token included.\n";

/// The board's refusal of a method it does not answer.
pub(crate) const ONLY_GET_AND_HEAD: &str =
    "todos board answers GET and HEAD, and POST from its own page.\n";

/// A board server started with `--no-open`, its URL read from its first line.
pub struct Board {
    pub process: Spawned,
    pub port: u16,
    pub token: String,
}

impl Board {
    pub fn start(env: &TestEnv, args: &[&str]) -> Self {
        let mut all = vec!["board", "--no-open"];
        all.extend_from_slice(args);
        Self::run(env.todos(&all))
    }

    /// The board `run` starts (`todos board …`, with what the test set around it).
    pub fn run(run: Run) -> Self {
        let mut child = run.spawn();
        let stdout = child.stdout.take().unwrap();
        let mut process = Spawned(child);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let Ok(line) = rx.recv_timeout(WAIT) else {
            let mut stderr = String::new();
            let _ = process.0.kill();
            process
                .0
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut stderr)
                .unwrap();
            panic!("the board printed no URL: {stderr}");
        };
        // `http://127.0.0.1:PORT/#TOKEN`: the token after `#`, which a browser never sends.
        let url = line.split_whitespace().last().unwrap().to_owned();
        let rest = url
            .strip_prefix("http://127.0.0.1:")
            .unwrap_or_else(|| panic!("{line}"));
        let (port, token) = rest.split_once("/#").unwrap_or_else(|| panic!("{line}"));
        Self {
            process,
            port: port.parse().unwrap(),
            token: token.to_owned(),
        }
    }

    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// `METHOD path` with this `Host` and these more header lines (each ending in CRLF): the
    /// response's status, head and body.
    pub fn request(&self, method: &str, path: &str, host: Option<&str>) -> (u16, String, String) {
        self.send(method, path, host, "", "")
    }

    pub fn send(
        &self,
        method: &str,
        path: &str,
        host: Option<&str>,
        headers: &str,
        body: &str,
    ) -> (u16, String, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(WAIT)).unwrap();
        let host = host.map_or_else(String::new, |host| format!("Host: {host}\r\n"));
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\n{host}{headers}Connection: close\r\n\r\n{body}"
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, head.to_owned(), body.to_owned())
    }

    /// `GET path` as the page asks: its own `Host`, the token in its header.
    pub fn get(&self, path: &str) -> (u16, String, String) {
        let token = format!("x-todos-token: {}\r\n", self.token);
        self.send("GET", path, Some(&self.host()), &token, "")
    }

    /// The board's data, parsed.
    pub fn board_json(&self) -> Value {
        let (status, head, body) = self.get("/board.json");
        assert_eq!(status, 200, "{head}");
        serde_json::from_str(&body).unwrap()
    }

    /// The event stream: each event's name and data, read on a thread.
    pub fn events(&self) -> Receiver<(String, Value, Instant)> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(
            stream,
            "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nx-todos-token: {}\r\n\r\n",
            self.port, self.token
        )
        .unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut name = String::new();
            for line in BufReader::new(stream).lines() {
                let Ok(line) = line else { break };
                if let Some(event) = line.strip_prefix("event: ") {
                    event.clone_into(&mut name);
                } else if let Some(data) = line.strip_prefix("data: ") {
                    let value = serde_json::from_str(data).unwrap();
                    if tx.send((name.clone(), value, Instant::now())).is_err() {
                        break;
                    }
                }
            }
        });
        rx
    }
}

/// What every answer carries (nothing of it may be framed, sniffed, cached or leave the page
/// through a referrer), and the page's files, each as what it is.
fn headers_guard_the_page(board: &Board, head: &str) {
    let head = head.to_lowercase();
    for header in [
        "content-security-policy: default-src 'none'; script-src 'self'",
        "x-content-type-options: nosniff",
        "referrer-policy: no-referrer",
        "cache-control: no-store",
        "content-type: text/html; charset=utf-8",
    ] {
        assert!(head.contains(header), "{header} in {head}");
    }
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/status.css", "text/css"),
        ("/board.json", "application/json"),
    ] {
        let (status, head, _) = board.get(path);
        assert_eq!(status, 200, "{path}: {head}");
        assert!(
            head.to_lowercase()
                .contains(&format!("content-type: {kind}")),
            "{head}"
        );
    }
}

#[test]
fn the_server_answers_only_its_token_on_its_own_address_and_changes_nothing() {
    let env = TestEnv::new();
    env.plan("Ship it", &["pending:A", "in_progress:B"]);
    let board = Board::start(&env, &[]);
    let before = env.everything();
    let token = &board.token;
    assert_eq!(token.len(), 32, "128 random bits in hex: {token}");

    // The page holds no secret: it is answered without the token, and it asks for none in
    // its address.
    let (status, head, body) = board.request("GET", "/", Some(&board.host()));
    assert_eq!(status, 200, "{head}");
    assert!(body.contains("<title>todos board</title>"), "{body}");
    assert!(
        body.contains("<meta name=\"todos-token\" content=\"\">"),
        "{body}"
    );
    headers_guard_the_page(&board, &head);
    let state = board.board_json();
    assert_eq!(
        state["workspaces"][0]["data"]["lists"][0]["summary"],
        "Ship it"
    );
    let names: Vec<&str> = state["statuses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|status| status["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[..3], ["pending", "in_progress", "completed"]);

    // The data only with the token in its header: never in the path or the query.
    let no_token = NO_TOKEN;
    let mut wrong = token.clone();
    wrong.replace_range(..1, if token.starts_with('0') { "1" } else { "0" });
    let own = board.host();
    for (path, header) in [
        ("/board.json".to_owned(), String::new()),
        ("/events".to_owned(), String::new()),
        (
            "/board.json".to_owned(),
            format!("x-todos-token: {wrong}\r\n"),
        ),
        ("/events".to_owned(), format!("x-todos-token: {wrong}\r\n")),
        (
            "/board.json".to_owned(),
            format!("x-todos-token: {}\r\n", &token[..31]),
        ),
        (
            "/board.json".to_owned(),
            format!("x-todos-token: {token}0\r\n"),
        ),
        (format!("/board.json?token={token}"), String::new()),
        (
            "/board.json".to_owned(),
            format!("Cookie: token={token}\r\n"),
        ),
    ] {
        let (status, _, body) = board.send("GET", &path, Some(&own), &header, "");
        assert_eq!((status, body.as_str()), (403, no_token), "{path} {header}");
    }
    let (status, _, _) = board.get(&format!("/{token}/board.json"));
    assert_eq!(status, 404, "no address holds the token");
    let wrong_host = "todos board refused this request: its Host is not this board's address \
                      (127.0.0.1 and its port).\n";
    let page = "/board.json";
    for host in [
        Some("evil.example".to_owned()),
        Some(format!("evil.example:{}", board.port)),
        Some(format!("127.0.0.1:{}", board.port.wrapping_add(1))),
        Some(format!("127.0.0.2:{}", board.port)),
        Some(format!("127.0.0.1.evil.example:{}", board.port)),
    ] {
        let header = format!("x-todos-token: {token}\r\n");
        let (status, _, body) = board.send("GET", page, host.as_deref(), &header, "");
        assert_eq!((status, body.as_str()), (403, wrong_host), "{host:?}");
    }
    let header = format!("x-todos-token: {token}\r\n");
    let localhost = format!("localhost:{}", board.port);
    let (status, _, _) = board.send("GET", page, Some(&localhost), &header, "");
    assert_eq!(status, 200, "localhost is the loopback address by name");
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        let (status, head, body) = board.send(method, page, Some(&own), &header, "");
        assert_eq!(status, 405, "{method}: {head}");
        assert_eq!(body, ONLY_GET_AND_HEAD);
    }
    assert_eq!(env.everything(), before, "no request changed anything");
}

#[test]
fn a_change_from_another_process_reaches_the_page_within_a_second() {
    let env = TestEnv::new();
    env.plan("Ship it", &["pending:A", "pending:B"]);
    env.todos(&["-q", "-l", "docs", "write", "-t", "pending:Write it"])
        .run()
        .success();
    let board = Board::start(&env, &[]);
    let events = board.events();
    let (name, first, _) = events.recv_timeout(WAIT).expect("the whole board first");
    assert_eq!(name, "board");
    assert_eq!(first["workspaces"][0]["data"]["lists"][1]["list"], "docs");
    for (args, list, status, printed) in [
        (
            vec!["update", "1", "in_progress"],
            0,
            "in_progress",
            concat!(
                "[0/2] Ship it\n",
                "  1 [▶] A\n",
                "  2 [ ] B\n",
                still_open!(2 of 2),
            ),
        ),
        (
            vec!["-l", "docs", "update", "1", "completed"],
            1,
            "completed",
            "[1/1] (no summary)\n  1 [x] Write it\nThe one item is done.\n",
        ),
    ] {
        let written = Instant::now();
        env.todos(&args).expect_stdout(printed).run();
        let done = Instant::now();
        let (name, workspace, seen) = events.recv_timeout(WAIT).expect("the change");
        assert_eq!(name, "workspace");
        assert_eq!(
            workspace["data"]["lists"][list]["todos"][0]["status"], status,
            "{workspace}"
        );
        let took = seen.saturating_duration_since(done);
        assert!(
            took < Duration::from_secs(1),
            "shown {took:?} after the write ({:?} to write)",
            done - written
        );
    }
    // A new named list appears; Ctrl-C then ends the board cleanly.
    env.todos(&["-q", "-l", "ops", "write", "-t", "pending:Page"])
        .run()
        .success();
    let (_, workspace, _) = events.recv_timeout(WAIT).expect("the new list");
    assert_eq!(workspace["data"]["lists"][2]["list"], "ops");
    let stderr = board.process.interrupted(WAIT);
    assert_eq!(
        stderr,
        "Open it in a browser. Ctrl-C stops the board.\nStopped the board.\n"
    );
}

#[test]
fn a_port_in_use_is_refused_with_the_fix() {
    let env = TestEnv::new();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    env.rejects(
        env.todos(&["board", "--no-open", "--port", &port]).expect_stderr(format!(
            "error: cannot listen on 127.0.0.1, port {port}: Address already in use (os error 98)\n\
             hint: choose another --port, or leave it out to take a free one\n"
        )),
        5,
    );
}

/// Reads one reply of known length from a connection kept open: its status line and body.
fn reply_on(stream: &mut BufReader<TcpStream>) -> (String, String) {
    let mut status = String::new();
    stream.read_line(&mut status).unwrap();
    let mut length = 0;
    loop {
        let mut line = String::new();
        stream.read_line(&mut line).unwrap();
        if line == "\r\n" {
            break;
        }
        if let Some(value) = line.to_lowercase().strip_prefix("content-length: ") {
            length = value.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    stream.read_exact(&mut body).unwrap();
    (
        status.trim_end().to_owned(),
        String::from_utf8(body).unwrap(),
    )
}

#[test]
fn requests_share_a_kept_connection_and_what_breaks_a_bound_is_refused_in_words() {
    let env = TestEnv::new();
    env.plan("Ship it", &["pending:A"]);
    let board = Board::start(&env, &[]);
    let host = board.host();
    // HEAD of the event stream: its head, with the token, and no stream.
    let token = format!("x-todos-token: {}\r\n", board.token);
    let (status, head, body) = board.send("HEAD", "/events", Some(&host), &token, "");
    assert_eq!((status, body.as_str()), (200, ""), "{head}");
    assert!(head.contains("text/event-stream"), "{head}");
    // Two requests, one connection: the second is answered on it too.
    let stream = TcpStream::connect(("127.0.0.1", board.port)).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut writer = stream;
    for path in ["/nowhere", "/board.json"] {
        write!(
            writer,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nx-todos-token: {}\r\n\r\n",
            board.token
        )
        .unwrap();
        let (status, body) = reply_on(&mut reader);
        if path == "/nowhere" {
            assert_eq!(
                (status.as_str(), body.as_str()),
                ("HTTP/1.1 404 Not Found", "todos board has no such page.\n")
            );
        } else {
            assert_eq!(status, "HTTP/1.1 200 OK");
            assert!(body.contains("Ship it"), "{body}");
        }
    }
    let many = "X-Filler: 1\r\n".repeat(65);
    let large = "x".repeat(64 * 1024 + 1);
    for (headers, body, expected) in [
        (
            many,
            String::new(),
            (
                431,
                "todos board refused this request: its head is over 16384 bytes or 64 lines.\n",
            ),
        ),
        (
            "Transfer-Encoding: chunked\r\n".to_owned(),
            "0\r\n\r\n".to_owned(),
            (
                411,
                "todos board refused this request: send its body with a Content-Length, not in \
                 chunks.\n",
            ),
        ),
        (
            format!("Content-Length: {}\r\n", large.len()),
            large,
            (
                400,
                "todos board refused this request: its body did not arrive whole in time, or is \
                 over 65536 bytes.\n",
            ),
        ),
        (
            "Content-Length: 2\r\n".to_owned(),
            "{}".to_owned(),
            (405, ONLY_GET_AND_HEAD),
        ),
    ] {
        let (status, head, said) = board.send("POST", "/board.json", Some(&host), &headers, &body);
        assert_eq!((status, said.as_str()), expected, "{head}");
    }
    board.process.interrupted(WAIT);
}
