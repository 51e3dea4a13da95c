//! `todos show --watch`: a live view for a person in a split terminal.
//!
//! Writes replace `.todos.json` by rename, so the watch is on the workspace folder, not on the
//! file's inode. File events (the `notify` crate) wake the loop; a slow poll backs them up,
//! and a fast poll replaces them where the folder cannot be watched. Nothing is written to
//! the workspace. On a terminal the view is redrawn in place on the alternate screen with the
//! cursor hidden, and both are restored on the way out; into a pipe each new state is printed
//! followed by a blank line (one envelope a line with `--json`). Ctrl-C, SIGTERM, SIGHUP or a
//! closed stdout end it with exit 0.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::Duration;

use notify::{EventKind, RecursiveMode, Watcher};
use serde_json::json;

use crate::cli::{Format, ShowArgs};
use crate::commands::Answer;
use crate::context::Context;
use crate::envelope::{self, Place};
use crate::error::{Error, Result};
use crate::model::Stats;
use crate::render;
use crate::store::{STORE_FILE, Store};

/// How often the store is read when file events arrive (a safety net) and when they cannot.
const POLL_WITH_EVENTS: Duration = Duration::from_secs(2);
const POLL_WITHOUT_EVENTS: Duration = Duration::from_millis(250);
/// A burst of events (temp file, rename, lock) settles before the store is read again.
const SETTLE: Duration = Duration::from_millis(25);

const ENTER_SCREEN: &str = "\x1b[?1049h\x1b[?25l";
const LEAVE_SCREEN: &str = "\x1b[?25h\x1b[?1049l";
const CLEAR: &str = "\x1b[H\x1b[2J";

enum Wake {
    Changed,
    Stop,
}

pub fn watch(ctx: &Context, args: &ShowArgs) -> Result<Answer> {
    // An invalid configuration refuses the watch, as it refuses `show` (SPEC §7).
    ctx.config()?;
    let (tx, rx) = mpsc::channel();
    // Watch before the first read, so a change between the two is not missed.
    let watcher = watch_folder(&ctx.workspace, tx.clone());
    let poll = if watcher.is_some() {
        POLL_WITH_EVENTS
    } else {
        if !ctx.quiet {
            let _ = writeln!(
                io::stderr(),
                "note: cannot watch {} for changes; reading it every {} ms instead",
                render::escape(&ctx.workspace.display().to_string()),
                POLL_WITHOUT_EVENTS.as_millis()
            );
        }
        POLL_WITHOUT_EVENTS
    };
    let mode = if ctx.json {
        Mode::Lines
    } else if ctx.stdout_is_terminal {
        Mode::Terminal
    } else {
        Mode::Pipe
    };
    stop_on_signals(&tx, mode)?;
    let mut screen = Screen::open(mode).map_err(|err| write_error(&err))?;
    let mut last = String::new();
    let mut states = 0_u64;
    loop {
        let frame = frame(ctx, args.format, mode);
        if frame != last {
            match screen.draw(&frame) {
                Ok(()) => states += 1,
                Err(err) if err.kind() == io::ErrorKind::BrokenPipe => break,
                Err(err) => return Err(write_error(&err)),
            }
            last = frame;
        }
        match rx.recv_timeout(poll) {
            Ok(Wake::Stop) | Err(RecvTimeoutError::Disconnected) => break,
            Ok(Wake::Changed) => {
                std::thread::sleep(SETTLE);
                if rx.try_iter().any(|wake| matches!(wake, Wake::Stop)) {
                    break;
                }
            }
            Err(RecvTimeoutError::Timeout) if mode != Mode::Terminal && stdout_closed() => break,
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
    drop(screen);
    drop(watcher);
    Ok(Answer::new(
        String::new(),
        json!({"states": states}),
        format!("Stopped watching after {states} states."),
    ))
}

/// True once the reader of a piped stdout has gone (`show --watch | head`), so the watch
/// ends without waiting for a change to fail on.
#[cfg(unix)]
fn stdout_closed() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdout = rustix::stdio::stdout();
    let mut fds = [PollFd::new(&stdout, PollFlags::OUT)];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    poll(&mut fds, Some(&now)).is_ok()
        && fds[0].revents().intersects(PollFlags::ERR | PollFlags::HUP)
}

#[cfg(not(unix))]
fn stdout_closed() -> bool {
    false
}

fn write_error(err: &io::Error) -> Error {
    Error::internal(format!("cannot write the view: {err}"))
}

/// Sends `Changed` for every event that may have changed the store; reads (ours included)
/// are not changes. `None` when the platform cannot watch the folder.
fn watch_folder(dir: &Path, tx: Sender<Wake>) -> Option<notify::RecommendedWatcher> {
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        let concerns_store = |event: &notify::Event| {
            !matches!(event.kind, EventKind::Access(_))
                && event
                    .paths
                    .iter()
                    .any(|path| path.file_name().is_some_and(|name| name == STORE_FILE))
        };
        // An error may mean lost events: read the store again to be sure.
        if event.as_ref().map_or(true, concerns_store) {
            let _ = tx.send(Wake::Changed);
        }
    })
    .ok()?;
    watcher.watch(dir, RecursiveMode::NonRecursive).ok()?;
    Some(watcher)
}

/// The first Ctrl-C, SIGTERM or SIGHUP ends the loop cleanly; a second one, should the loop
/// be stuck writing to a pipe nobody reads, ends the process at once.
#[cfg(unix)]
fn stop_on_signals(tx: &Sender<Wake>, mode: Mode) -> Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(|err| Error::internal(format!("cannot handle signals: {err}")))?;
    let tx = tx.clone();
    std::thread::spawn(move || {
        for (count, _) in signals.forever().enumerate() {
            if count == 0 {
                let _ = tx.send(Wake::Stop);
            } else {
                if mode == Mode::Terminal {
                    let _ = io::stdout().write_all(LEAVE_SCREEN.as_bytes());
                    let _ = io::stdout().flush();
                }
                std::process::exit(130);
            }
        }
    });
    Ok(())
}

#[cfg(not(unix))]
fn stop_on_signals(_tx: &Sender<Wake>, _mode: Mode) -> Result<()> {
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Redraw in place on the alternate screen.
    Terminal,
    /// Each new state, then a blank line.
    Pipe,
    /// Each new state as one JSON envelope on one line.
    Lines,
}

/// The whole view of the store as it is now; a store that cannot be read is shown as the
/// error, and the watch goes on until it can be read again.
fn frame(ctx: &Context, format: Format, mode: Mode) -> String {
    let loaded = Store::new(&ctx.workspace).load();
    if mode == Mode::Lines {
        let place = Place::of(ctx, None);
        let value = match &loaded {
            Ok(document) => {
                let text = format!("Todos: {}.", envelope::counts(&Stats::of(&document.todos)));
                envelope::success(document, &text, &[], None, &place)
            }
            Err(err) => envelope::failure(err, &place),
        };
        return format!("{value}\n");
    }
    let document = match loaded {
        Ok(document) => document,
        Err(err) => {
            // The message may quote the store (a serde error names an unknown key): escaped,
            // like every other text read from a file.
            let mut text = format!("error: {}\n", render::escape(err.message()));
            if let Some(hint) = err.hint() {
                let _ = writeln!(text, "hint: {}", render::escape(hint));
            }
            return text;
        }
    };
    let summary = document.summary.as_deref();
    let mut text = match format {
        Format::Text => render::checklist(summary, &document.todos, ctx.stdout),
        Format::Markdown => render::markdown(summary, &document.todos),
        Format::Json => {
            let value = envelope::data(&document, &[], None);
            format!(
                "{}\n",
                serde_json::to_string_pretty(&value).unwrap_or_default()
            )
        }
    };
    if mode == Mode::Terminal && format == Format::Text {
        text.push('\n');
        let footer = format!(
            "revision {} · watching {} · Ctrl-C to quit",
            document.revision,
            ctx.workspace.join(STORE_FILE).display()
        );
        text.push_str(&ctx.stdout.dim(&render::escape(&footer)));
        text.push('\n');
    }
    text
}

/// Where frames go. Leaving the terminal as it was found is `Drop`'s job, so every way out
/// of the loop restores it.
struct Screen {
    mode: Mode,
}

impl Screen {
    fn open(mode: Mode) -> io::Result<Self> {
        if mode == Mode::Terminal {
            let mut out = io::stdout().lock();
            out.write_all(ENTER_SCREEN.as_bytes())?;
            out.flush()?;
        }
        Ok(Self { mode })
    }

    fn draw(&mut self, frame: &str) -> io::Result<()> {
        let mut out = io::stdout().lock();
        match self.mode {
            Mode::Terminal => {
                out.write_all(CLEAR.as_bytes())?;
                out.write_all(frame.as_bytes())?;
            }
            Mode::Pipe => {
                out.write_all(frame.as_bytes())?;
                out.write_all(b"\n")?;
            }
            Mode::Lines => out.write_all(frame.as_bytes())?,
        }
        out.flush()
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        if self.mode == Mode::Terminal {
            let mut out = io::stdout().lock();
            let _ = out.write_all(LEAVE_SCREEN.as_bytes());
            let _ = out.flush();
        }
    }
}
