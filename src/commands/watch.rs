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
use crate::commands::{Answer, Outcome};
use crate::context::Context;
use crate::envelope::{self, Place};
use crate::error::{Error, Result};
use crate::host::Host;
use crate::list::{DEFAULT_STORE, LISTS_DIR};
use crate::model;
use crate::output;
use crate::render;
use crate::store::Store;

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

pub fn execute(ctx: &Context, host: &mut Host, args: &ShowArgs) -> Result<Outcome> {
    let (tx, rx) = mpsc::channel();
    // Watch before the first read, so a change between the two is not missed.
    let watcher = watch_folder(&ctx.workspace, tx.clone());
    // Named lists live in `.todos/`; a folder made after the watch began is seen by polling.
    let lists_watcher = watch_folder(&ctx.workspace.join(LISTS_DIR), tx.clone());
    let poll = if watcher.is_some() {
        POLL_WITH_EVENTS
    } else {
        if !ctx.quiet {
            let _ = writeln!(
                host.stderr,
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
    let mut screen = Screen::open(&mut host.stdout, mode).map_err(|err| write_error(&err))?;
    let mut last = String::new();
    let mut states = 0_u64;
    loop {
        let frame = frame(ctx, args, mode);
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
    drop(lists_watcher);
    Ok(Outcome::answer(Answer::new(
        String::new(),
        json!({"states": states}),
        format!("Stopped watching after {states} states."),
    )))
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
                && event.paths.iter().any(|path| is_a_store(path))
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

/// Whether `path` is a list's store: `.todos.json`, or `.todos/NAME.json`.
fn is_a_store(path: &Path) -> bool {
    let name = path.file_name().and_then(|name| name.to_str());
    let in_lists = path
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|folder| folder == LISTS_DIR);
    match name {
        Some(DEFAULT_STORE) => true,
        Some(name) => in_lists && Path::new(name).extension().is_some_and(|ext| ext == "json"),
        None => false,
    }
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

/// The whole view as it is now: the list (or, with `--all`, every list); a store that cannot
/// be read is shown as the error, and the watch goes on until it can be read again.
fn frame(ctx: &Context, args: &ShowArgs, mode: Mode) -> String {
    let loaded = if args.all {
        super::show::load_all(ctx).map(Shown::All)
    } else {
        Store::new(&ctx.workspace, &ctx.list).load().map(Shown::One)
    };
    if mode == Mode::Lines {
        let place = Place::of(ctx, None);
        let value = match &loaded {
            Ok(Shown::One(document)) => {
                let text = format!(
                    "Todos: {}.",
                    envelope::counts(&model::stats(&document.todos))
                );
                envelope::success(document, &text, &[], None, &place)
            }
            Ok(Shown::All(lists)) => {
                envelope::answer(output::lists_data(lists), "Every list.", None, &place)
            }
            Err(err) => envelope::failure(err, &place),
        };
        return format!("{value}\n");
    }
    let (mut text, revision) = match loaded {
        Ok(Shown::One(document)) => (
            output::plan_text(&document, args.format, ctx.stdout, args.long),
            Some(document.revision),
        ),
        Ok(Shown::All(lists)) => (
            output::lists_text(&lists, args.format, ctx.stdout, args.long),
            None,
        ),
        Err(err) => {
            let mut text = format!("error: {}\n", render::escape(&err.message));
            if let Some(hint) = err.hint.as_deref() {
                let _ = writeln!(text, "hint: {}", render::escape(hint));
            }
            return text;
        }
    };
    if mode == Mode::Terminal && args.format == Format::Text {
        text.push('\n');
        let what = match revision {
            Some(revision) => format!(
                "revision {revision} · watching {}",
                ctx.list.store_path(&ctx.workspace).display()
            ),
            None => format!("watching every list of {}", ctx.workspace.display()),
        };
        let footer = format!("{what} · Ctrl-C to quit");
        text.push_str(&ctx.stdout.dim(&render::escape(&footer)));
        text.push('\n');
    }
    text
}

/// What a frame shows.
enum Shown {
    One(crate::store::Document),
    All(Vec<(crate::list::ListName, crate::store::Document)>),
}

/// Where frames go. Leaving the terminal as it was found is `Drop`'s job, so every way out
/// of the loop restores it.
struct Screen<'a> {
    out: &'a mut dyn Write,
    mode: Mode,
}

impl<'a> Screen<'a> {
    fn open(out: &'a mut dyn Write, mode: Mode) -> io::Result<Self> {
        if mode == Mode::Terminal {
            out.write_all(ENTER_SCREEN.as_bytes())?;
            out.flush()?;
        }
        Ok(Self { out, mode })
    }

    fn draw(&mut self, frame: &str) -> io::Result<()> {
        let out = &mut self.out;
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

impl Drop for Screen<'_> {
    fn drop(&mut self) {
        if self.mode == Mode::Terminal {
            let _ = self.out.write_all(LEAVE_SCREEN.as_bytes());
            let _ = self.out.flush();
        }
    }
}
