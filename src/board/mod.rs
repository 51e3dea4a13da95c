//! `todos board`: every plan under the folders given, live, on one page in the browser
//! (SPEC §10). Behind the `board` feature (on by default); its threads start only when
//! `todos board` does.
//!
//! `live` keeps the board current on a thread of its own; `serve` takes connections on
//! 127.0.0.1 within their bounds (std's sockets, a thread each, `httparse` for the head) and
//! `http` answers each request, under a random token; `act` makes the page's changes (but with
//! `--read-only`) through the command line's own commands; `assets` is the page; `open` writes
//! the hand-over file and starts the browser on it.

mod act;
mod assets;
mod http;
mod live;
mod open;
mod serve;
mod shared;
mod workspace;

use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::commands::board::BoardArgs;
use crate::context::global::GlobalArgs;
use crate::context::host::Host;
use crate::policy::board::{ACCEPT_BACKOFF, TOKEN_BYTES};
use crate::policy::error::{BoardStep, Error, Setup};
use crate::view::live_output;

use live::{Live, Stop};
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
    // Before the address is printed: a signal from then on ends the board cleanly.
    let stop = Arc::new(AtomicBool::new(false));
    let ended = Arc::new(AtomicBool::new(false));
    stop_on_signals(port, &shared, &stop, &ended)?;
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
    serve::accept(&listener, &shared, &stop);
    ended.store(true, Ordering::SeqCst);
    wakes.send(Stop);
    let _ = reader.join();
    drop(hand_over);
    live_output::board_stopped(host);
    Ok(())
}

/// Sets `stop` at the first Ctrl-C, SIGTERM or SIGHUP, closes the pages' streams and wakes
/// the accept loop with a connection of its own, tried again until the loop has ended (out of
/// descriptors, the loop wakes by itself within `ACCEPT_BACKOFF`).
#[cfg(unix)]
fn stop_on_signals(
    port: u16,
    shared: &Arc<Shared>,
    stop: &Arc<AtomicBool>,
    ended: &Arc<AtomicBool>,
) -> Result<(), Error> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(|err| server_failed(BoardStep::Start, &err))?;
    let (shared, stop, ended) = (Arc::clone(shared), Arc::clone(stop), Arc::clone(ended));
    std::thread::spawn(move || {
        if signals.forever().next().is_none() {
            return;
        }
        stop.store(true, Ordering::SeqCst);
        shared.close();
        while !ended.load(Ordering::SeqCst) {
            let _ = std::net::TcpStream::connect(("127.0.0.1", port));
            std::thread::sleep(ACCEPT_BACKOFF);
        }
    });
    Ok(())
}

/// Elsewhere, Ctrl-C ends the process as the system ends it.
#[cfg(not(unix))]
fn stop_on_signals(
    _port: u16,
    _shared: &Arc<Shared>,
    _stop: &Arc<AtomicBool>,
    _ended: &Arc<AtomicBool>,
) -> Result<(), Error> {
    Ok(())
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
