//! `todos board`: every plan under the folders given, live, on one page in the browser
//! (SPEC §10). Behind the `board` feature (on by default); hyper and the runtime start only
//! when `todos board` does.
//!
//! `live` keeps the board current on a thread of its own; `http` answers the page on
//! 127.0.0.1 under a random token, within its bounds; `act` makes the page's changes (but with
//! `--read-only`) through the command line's own commands; `assets` is the page; `open` writes
//! the hand-over file and starts the browser on it.

mod act;
mod assets;
mod http;
mod live;
mod open;
mod shared;
mod workspace;

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};

use crate::commands::board::BoardArgs;
use crate::context::global::GlobalArgs;
use crate::context::host::Host;
use crate::policy::board::{
    ACCEPT_BACKOFF, MAX_CONNECTIONS, REQUEST_BYTES, REQUEST_TIMEOUT, TOKEN_BYTES,
};
use crate::policy::error::{BoardStep, Error, Setup};
use crate::view::live_output;

use live::{Live, Wake};
use shared::Shared;

/// Serves until Ctrl-C, SIGTERM or SIGHUP: exit 0 then. A failure to start is said as every
/// command says one.
pub fn serve(global: &GlobalArgs, host: &mut Host, args: &BoardArgs) -> ExitCode {
    match run(global, host, args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => crate::view::output::Output::new(global, host)
            .print(host, crate::view::outcome::Reply::failed(err)),
    }
}

fn run(global: &GlobalArgs, host: &mut Host, args: &BoardArgs) -> Result<(), Error> {
    let roots = crate::commands::board::roots(global, host, args)?;
    let clock = crate::commands::board::clock(host)?;
    let listener =
        std::net::TcpListener::bind(("127.0.0.1", args.port.unwrap_or(0))).map_err(|err| {
            Setup::BoardListen {
                port: args.port,
                why: err.to_string(),
            }
        })?;
    let port = listener
        .local_addr()
        .map_err(|err| server_failed(BoardStep::Address, &err))?
        .port();
    let token = token()?;
    let home = host.var("HOME").unwrap_or_default();
    let acting = (!args.read_only).then(|| act::Acting::new(global, host));
    let shared = Arc::new(Shared::new(token.clone(), port, home).with_acting(acting));
    let (live, wakes) = Live::start(roots, clock, Arc::clone(&shared));
    let (workspaces, lists) = live.shown();
    // The address printed for the user on their terminal carries the token after `#`, which
    // a browser never sends; the browser the board starts gets the hand-over file instead.
    let url = format!("http://127.0.0.1:{port}/#{token}");
    live_output::board_started(host, &live.warnings, workspaces, lists, &url);
    let mut hand_over = None;
    let opened = if args.no_open {
        Ok(false)
    } else {
        match open::HandOver::create(host, port, &token) {
            Ok(file) => {
                let opened = open::browser(&file.url(), host);
                hand_over = Some(file);
                opened
            }
            Err(err) => Err(crate::policy::error::Warning::NoHandOver {
                why: err.to_string(),
            }),
        }
    };
    live_output::board_opened(host, opened);
    let reader = std::thread::spawn(move || live.run());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| server_failed(BoardStep::Start, &err))?;
    let served = runtime.block_on(accept(listener, shared));
    let _ = wakes.send(Wake::Stop);
    let _ = reader.join();
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    drop(hand_over);
    served?;
    live_output::board_stopped(host);
    Ok(())
}

/// Answers every connection until a signal to stop, `MAX_CONNECTIONS` at most at once: each
/// must send its request's head within `REQUEST_TIMEOUT` and may sit idle no longer, and at the
/// cap a new connection takes the place of the oldest that is not streaming the page's events.
async fn accept(listener: std::net::TcpListener, shared: Arc<Shared>) -> Result<(), Error> {
    let failed = |err: std::io::Error| server_failed(BoardStep::Serve, &err);
    listener.set_nonblocking(true).map_err(failed)?;
    let listener = tokio::net::TcpListener::from_std(listener).map_err(failed)?;
    let connections = Arc::new(Connections::default());
    let stop = stopped();
    tokio::pin!(stop);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((stream, _)) = accepted else {
                    // Out of descriptors, most often: the listener stays ready, so waiting a
                    // moment is what keeps this loop from spinning.
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                };
                let Some((id, streaming)) = connections.admit() else {
                    // Every place holds a page's event stream: this one is closed.
                    continue;
                };
                let shared = Arc::clone(&shared);
                let owned = Arc::clone(&connections);
                let task = tokio::spawn(async move {
                    let _leaves = Leaves(Arc::clone(&owned), id);
                    let service = service_fn(move |request| {
                        let reply = http::answer(Arc::clone(&shared), request, Arc::clone(&streaming));
                        async move { Ok::<_, Infallible>(reply.await) }
                    });
                    let _ = http1::Builder::new()
                        .timer(TokioTimer::new())
                        .header_read_timeout(REQUEST_TIMEOUT)
                        .max_buf_size(REQUEST_BYTES)
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
                connections.started(id, task.abort_handle());
            }
            result = &mut stop => return result.map_err(failed),
        }
    }
}

/// The connections open, by the order they came in: whether each streams the page's events,
/// and how to close it.
#[derive(Default)]
struct Connections {
    open: Mutex<(u64, BTreeMap<u64, Connection>)>,
}

struct Connection {
    streaming: Arc<AtomicBool>,
    abort: Option<tokio::task::AbortHandle>,
}

impl Connections {
    /// A place for a new connection: a free one, else the place of the oldest connection that
    /// is not streaming events, which is closed. `None` when every one streams.
    fn admit(&self) -> Option<(u64, Arc<AtomicBool>)> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let (next, connections) = &mut *open;
        if connections.len() >= MAX_CONNECTIONS {
            let oldest = connections
                .iter()
                .find(|(_, connection)| !connection.streaming.load(Ordering::Relaxed))
                .map(|(id, _)| *id)?;
            if let Some(Connection {
                abort: Some(abort), ..
            }) = connections.remove(&oldest)
            {
                abort.abort();
            }
        }
        let id = *next;
        *next += 1;
        let streaming = Arc::new(AtomicBool::new(false));
        connections.insert(
            id,
            Connection {
                streaming: Arc::clone(&streaming),
                abort: None,
            },
        );
        Some((id, streaming))
    }

    fn started(&self, id: u64, abort: tokio::task::AbortHandle) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(connection) = open.1.get_mut(&id) {
            connection.abort = Some(abort);
        }
    }

    fn left(&self, id: u64) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.1.remove(&id);
    }
}

/// Takes a connection off the list when its task ends, however it ends.
struct Leaves(Arc<Connections>, u64);

impl Drop for Leaves {
    fn drop(&mut self) {
        self.0.left(self.1);
    }
}

/// Ends at the first Ctrl-C, SIGTERM or SIGHUP.
async fn stopped() -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate())?;
        let mut hangup = signal(SignalKind::hangup())?;
        tokio::select! {
            result = tokio::signal::ctrl_c() => result,
            _ = terminate.recv() => Ok(()),
            _ = hangup.recv() => Ok(()),
        }
    }
    #[cfg(not(unix))]
    {
        tokio::signal::ctrl_c().await
    }
}

/// The secret in the board's URL: random bytes from the operating system, in hex.
fn token() -> Result<String, Error> {
    let mut bytes = [0_u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|err| server_failed(BoardStep::Token, &err))?;
    let mut hex = String::with_capacity(2 * TOKEN_BYTES);
    for byte in bytes {
        let _ = write!(hex, "{byte:02x}");
    }
    Ok(hex)
}

/// A step of the server that failed, with the system's reason.
fn server_failed(step: BoardStep, why: &dyn std::fmt::Display) -> Error {
    Setup::BoardServer {
        step,
        why: why.to_string(),
    }
    .into()
}
