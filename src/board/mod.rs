//! `todos board`: every plan under the folders given, live, on one page in the browser
//! (SPEC §10). Behind the `board` feature (on by default); hyper and the runtime start only
//! when `todos board` does.
//!
//! `live` keeps the board current on a thread of its own; `http` answers the page on
//! 127.0.0.1 under a random token; `assets` is the page; `open` starts the browser.

mod assets;
mod http;
mod live;
mod open;
mod shared;

use std::convert::Infallible;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::Arc;

use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;

use crate::commands::board::BoardArgs;
use crate::context::global::GlobalArgs;
use crate::context::host::Host;
use crate::policy::board::TOKEN_BYTES;
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
    let shared = Arc::new(Shared::new(token.clone(), port, home));
    let (live, wakes) = Live::start(roots, clock, Arc::clone(&shared));
    let (workspaces, lists) = live.shown();
    let url = format!("http://127.0.0.1:{port}/{token}/");
    live_output::board_started(host, &live.warnings, workspaces, lists, &url);
    let opened = if args.no_open {
        Ok(false)
    } else {
        open::browser(&url, host)
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
    served?;
    live_output::board_stopped(host);
    Ok(())
}

/// Answers every connection until a signal to stop.
async fn accept(listener: std::net::TcpListener, shared: Arc<Shared>) -> Result<(), Error> {
    let failed = |err: std::io::Error| server_failed(BoardStep::Serve, &err);
    listener.set_nonblocking(true).map_err(failed)?;
    let listener = tokio::net::TcpListener::from_std(listener).map_err(failed)?;
    let stop = stopped();
    tokio::pin!(stop);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                // A connection that failed before it began is the client's loss alone.
                let Ok((stream, _)) = accepted else { continue };
                let shared = Arc::clone(&shared);
                tokio::spawn(async move {
                    let service = service_fn(move |request| {
                        let reply = http::answer(&shared, &request);
                        async move { Ok::<_, Infallible>(reply) }
                    });
                    let _ = http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
            }
            result = &mut stop => return result.map_err(failed),
        }
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
