//! `todos show --watch`: a live view for a person in a split terminal.
//!
//! The workspace's folder and its `.todos/` are watched by the one watcher (`store::watch`):
//! a change to a store wakes the loop once it has settled; a slow poll backs events up, and a
//! fast poll replaces them where the folder cannot be watched. Nothing is written to the
//! workspace. On a terminal the view is redrawn in place on the alternate screen with the
//! cursor hidden, and both are restored on the way out; into a pipe each new state is printed
//! followed by a blank line (one envelope a line with `--json`). Ctrl-C, SIGTERM, SIGHUP or a
//! closed stdout end it with exit 0.
//!
//! On a terminal the view fits the window: lines wrap at words (SIGWINCH redraws it at the new
//! size), and in a pane too short for the plan the header and the item in progress stay in
//! view, with one line saying how many more there are. Ctrl-Z gives the shell its screen back
//! (main screen, cursor shown) before the process stops, and `fg` (SIGCONT) draws the view
//! again.

use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::commands::show::ShowArgs;
use crate::context::Context;
use crate::context::host::Host;
use crate::plan::list::{DEFAULT_STORE, LISTS_DIR};
use crate::policy::error::{Bug, Error, Headline, Note, Plan, Result};
use crate::view::envelope::{self, Place};
use crate::view::layout::Layout;
use crate::view::live_output::{self as live, Screen, ScreenMode as Mode};
use crate::view::outcome::{Answer, Outcome};
use crate::view::show::Format;

mod pane;
mod screen;

use crate::plan::model;
use crate::store::Store;
use crate::store::watch::{self, Waker, Watch};
use pane::fit;

/// What wakes the loop besides a change to a store.
enum Wake {
    Stop,
    /// The window changed size: draw again, even if the plan did not change.
    Resize,
    /// Ctrl-Z: restore the terminal, then stop.
    Suspend,
    /// Continued after a stop (`fg`): take the screen again and draw.
    Resume,
}

pub fn execute(ctx: &Context, host: &mut Host, args: &ShowArgs) -> Result<Outcome> {
    // Watch before the first read, so a change between the two is not missed.
    let mut watch = Watch::new(is_a_store);
    let watched = watch.folder(&ctx.workspace);
    // Named lists live in `.todos/`; a folder made after the watch began is seen by polling.
    watch.folder(&ctx.workspace.join(LISTS_DIR));
    let poll = poll_every(ctx, host, &ctx.workspace, watched);
    let mode = if ctx.json {
        Mode::Lines
    } else if ctx.stdout_is_terminal {
        Mode::Terminal
    } else {
        Mode::Pipe
    };
    stop_on_signals(&watch.waker(), mode)?;
    let terminal = host.terminal().filter(|_| mode == Mode::Terminal);
    let mut resized = false;
    let size_now = |resized: bool| {
        terminal.as_ref().and_then(|terminal| {
            if resized {
                terminal.size_after_resize()
            } else {
                terminal.size()
            }
        })
    };
    let mut window = size_now(resized);
    let mut screen = Screen::open(host, mode).map_err(|err| write_error(&err))?;
    let mut last = String::new();
    let mut states = 0_u64;
    let workspace = Workspace::new(&ctx.workspace);
    let mut gone = None;
    'watch: loop {
        let frame = frame(ctx, args, mode, window);
        if frame != last {
            match screen.draw(&frame) {
                Ok(()) => states += 1,
                Err(err) if err.kind() == io::ErrorKind::BrokenPipe => break 'watch,
                Err(err) => return Err(write_error(&err)),
            }
            last = frame;
        }
        // Every wake that came while a change settled counts: a burst of file events must not
        // swallow the SIGCONT that asks for the screen back.
        let batch = watch.wait(Instant::now() + poll);
        if batch.is_empty() && mode != Mode::Terminal && stdout_closed() {
            break;
        }
        let mut redraw = false;
        for wake in batch.others {
            match wake {
                Wake::Stop => break 'watch,
                // The terminal may have reflowed what was there: draw the whole view again.
                Wake::Resize => {
                    resized = true;
                    redraw = true;
                }
                Wake::Suspend => {
                    screen.suspend().map_err(|err| write_error(&err))?;
                    stop_now();
                    // Continued (`fg`): take the screen back before anything is drawn.
                    screen.resume().map_err(|err| write_error(&err))?;
                    redraw = true;
                }
                Wake::Resume => {
                    screen.resume().map_err(|err| write_error(&err))?;
                    redraw = true;
                }
            }
        }
        if redraw {
            window = size_now(resized);
            last.clear();
        }
        if let Some(error) = workspace.gone("watch") {
            gone = Some(error);
            break 'watch;
        }
    }
    drop(screen);
    if let Some(error) = gone {
        return Err(error);
    }
    drop(watch);
    Ok(Outcome::answer(Answer::new(
        String::new(),
        json!({"states": states}),
        Note::StoppedWatching { count: states }.to_string(),
    )))
}

/// How often to read `folder`'s files: slowly as a safety net when its events are watched,
/// often (and saying so) when they cannot be.
pub(super) fn poll_every(ctx: &Context, host: &mut Host, folder: &Path, watched: bool) -> Duration {
    if watched {
        return watch::poll(true);
    }
    if !ctx.quiet {
        live::note(
            host,
            &Note::CannotWatch {
                folder: folder.to_path_buf(),
            },
        );
    }
    watch::poll(false)
}

/// The workspace folder as it was when a watch began: `show --watch` and `history --follow`
/// end, saying why, once it is deleted or replaced by another folder (issue 31), instead of
/// watching nothing for ever.
pub(super) struct Workspace {
    path: std::path::PathBuf,
    identity: Option<(u64, u64)>,
}

impl Workspace {
    pub(super) fn new(path: &Path) -> Self {
        Self {
            path: path.to_path_buf(),
            identity: identity(path),
        }
    }

    /// Why there is nothing more to watch: the folder was deleted or replaced.
    pub(super) fn gone(&self, what: &'static str) -> Option<Error> {
        let replaced = match identity(&self.path) {
            None => false,
            Some(now) if self.identity.is_some_and(|then| then != now) => true,
            Some(_) => return None,
        };
        Some(
            Plan::WorkspaceGone {
                path: self.path.clone(),
                replaced,
                what,
            }
            .into(),
        )
    }
}

/// A folder's device and inode; `None` when it is not there (or not a folder).
fn identity(path: &Path) -> Option<(u64, u64)> {
    let meta = std::fs::metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some((0, 0))
    }
}

/// True once the reader of a piped stdout has gone (`show --watch | head`), so the watch
/// ends without waiting for a change to fail on.
#[cfg(unix)]
pub(super) fn stdout_closed() -> bool {
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
pub(super) fn stdout_closed() -> bool {
    false
}

fn write_error(err: &io::Error) -> Error {
    Bug::Write {
        what: "the view",
        why: err.to_string(),
    }
    .into()
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
/// be stuck writing to a pipe nobody reads, ends the process at once. On a terminal, a resize,
/// Ctrl-Z and `fg` wake the loop too: it owns the screen, so it is the one to give it back.
#[cfg(unix)]
fn stop_on_signals(waker: &Waker<Wake>, mode: Mode) -> Result<()> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
    let mut wanted = vec![SIGINT, SIGTERM, SIGHUP];
    // Into a pipe, Ctrl-Z keeps its default: there is no screen to restore.
    if mode == Mode::Terminal {
        wanted.extend([SIGWINCH, SIGTSTP, SIGCONT]);
    }
    let mut signals = signal_hook::iterator::Signals::new(wanted).map_err(|err| Bug::Signals {
        why: err.to_string(),
    })?;
    let waker = waker.clone();
    std::thread::spawn(move || {
        let mut stops = 0;
        for signal in signals.forever() {
            let wake = match signal {
                SIGWINCH => Wake::Resize,
                SIGTSTP => Wake::Suspend,
                SIGCONT => Wake::Resume,
                _ if stops == 0 => {
                    stops += 1;
                    Wake::Stop
                }
                _ => {
                    if mode == Mode::Terminal {
                        live::leave_screen_now();
                    }
                    std::process::exit(130);
                }
            };
            waker.send(wake);
        }
    });
    Ok(())
}

#[cfg(not(unix))]
fn stop_on_signals(_waker: &Waker<Wake>, _mode: Mode) -> Result<()> {
    Ok(())
}

/// Stops this process as Ctrl-Z would have, once the terminal is restored: SIGTSTP itself is
/// handled here, so SIGSTOP does the stopping. Returns when the process is continued.
#[cfg(unix)]
fn stop_now() {
    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGSTOP);
}

#[cfg(not(unix))]
fn stop_now() {}

/// The whole view as it is now: the list (or, with `--all`, every list); a store that cannot
/// be read is shown as the error, and the watch goes on until it can be read again.
fn frame(ctx: &Context, args: &ShowArgs, mode: Mode, window: Option<(usize, usize)>) -> String {
    let text = view(ctx, args, mode, window.map(|(columns, _)| columns));
    match window {
        Some((columns, rows)) => {
            let text = if args.format == Format::Text {
                crate::view::wrap::wrap(&text, columns)
            } else {
                text
            };
            fit(&text, columns, rows, ctx.stdout)
        }
        None => text.into_string(),
    }
}

/// The view as text, before it is fitted to a window.
fn view(ctx: &Context, args: &ShowArgs, mode: Mode, columns: Option<usize>) -> Layout {
    let loaded = if args.all {
        super::show::load_all(ctx).map(Shown::All)
    } else {
        Store::new(&ctx.workspace, &ctx.list).load().map(Shown::One)
    };
    if mode == Mode::Lines {
        let place = Place::of(ctx, None);
        let value = match &loaded {
            Ok(Shown::One(document)) => {
                let counts = envelope::counts(&model::stats(&document.todos));
                let text = Headline::Todos { counts }.to_string();
                envelope::success(document, &text, &[], None, &place)
            }
            Ok(Shown::All(lists)) => envelope::answer(
                crate::view::show::lists_data(lists),
                &crate::view::show::lists_headline(lists).to_string(),
                None,
                &place,
            ),
            Err(err) => envelope::failure(err, &place),
        };
        return Layout::from(format!("{value}\n").as_str());
    }
    let (mut text, revision) = match loaded {
        Ok(Shown::One(document)) => (
            crate::view::show::plan_layout(
                &document,
                args.format,
                ctx.stdout,
                args.long,
                Some(ctx.now.instant()),
            ),
            Some(document.revision),
        ),
        Ok(Shown::All(lists)) => (
            crate::view::show::lists_layout(
                &lists,
                args.format,
                ctx.stdout,
                args.long,
                Some(ctx.now.instant()),
            ),
            None,
        ),
        Err(err) => {
            return Layout::from(crate::view::output::refusal(&err, ctx.stdout).as_str());
        }
    };
    if mode == Mode::Terminal && args.format == Format::Text {
        text.plain("\n");
        let watched = match revision {
            Some(_) => ctx.list.store_path(&ctx.workspace),
            None => ctx.workspace.clone(),
        };
        // One row whatever the width: the longest wording that fits (a footer wrapped over
        // rows of a short pane would push items out, or be cut).
        let [full, short, quit] = screen::watch_footers(revision, &watched);
        let footer = match columns {
            Some(columns) => [full, short]
                .into_iter()
                .find(|text| crate::view::wrap::width_of(text) <= columns)
                .unwrap_or_else(|| quit.chars().take(columns).collect()),
            None => full,
        };
        text.plain(&format!("{}\n", ctx.stdout.dim(&footer)));
    }
    text
}

/// What a frame shows.
enum Shown {
    One(crate::store::Document),
    All(Vec<(crate::plan::list::ListName, crate::store::Document)>),
}
