//! `todos show --watch`: a live view for a person in a split terminal.
//!
//! Writes replace `.todos.json` by rename, so the watch is on the workspace folder, not on the
//! file's inode. File events (the `notify` crate) wake the loop; a slow poll backs them up,
//! and a fast poll replaces them where the folder cannot be watched. Nothing is written to
//! the workspace. On a terminal the view is redrawn in place on the alternate screen with the
//! cursor hidden, and both are restored on the way out; into a pipe each new state is printed
//! followed by a blank line (one envelope a line with `--json`). Ctrl-C, SIGTERM, SIGHUP or a
//! closed stdout end it with exit 0.
//!
//! On a terminal the view fits the window: lines wrap at words (SIGWINCH redraws it at the new
//! size), and in a pane too short for the plan the header and the item in progress stay in
//! view, with one line saying how many more there are. Ctrl-Z gives the shell its screen back
//! (main screen, cursor shown) before the process stops, and `fg` (SIGCONT) draws the view
//! again.

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
    /// The window changed size: draw again, even if the plan did not change.
    Resize,
    /// Ctrl-Z: restore the terminal, then stop.
    Suspend,
    /// Continued after a stop (`fg`): take the screen again and draw.
    Resume,
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
                crate::text::escape(&ctx.workspace.display().to_string()),
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
    let mut screen = Screen::open(&mut host.stdout, mode).map_err(|err| write_error(&err))?;
    let mut last = String::new();
    let mut states = 0_u64;
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
        let mut wakes = match rx.recv_timeout(poll) {
            Ok(wake) => vec![wake],
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) if mode != Mode::Terminal && stdout_closed() => break,
            Err(RecvTimeoutError::Timeout) => Vec::new(),
        };
        if matches!(wakes.first(), Some(Wake::Changed)) {
            std::thread::sleep(SETTLE);
        }
        // Every wake that came meanwhile counts: a burst of file events must not swallow the
        // SIGCONT that asks for the screen back.
        wakes.extend(rx.try_iter());
        let mut redraw = false;
        for wake in wakes {
            match wake {
                Wake::Stop => break 'watch,
                Wake::Changed => {}
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
/// be stuck writing to a pipe nobody reads, ends the process at once. On a terminal, a resize,
/// Ctrl-Z and `fg` wake the loop too: it owns the screen, so it is the one to give it back.
#[cfg(unix)]
fn stop_on_signals(tx: &Sender<Wake>, mode: Mode) -> Result<()> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
    let mut wanted = vec![SIGINT, SIGTERM, SIGHUP];
    // Into a pipe, Ctrl-Z keeps its default: there is no screen to restore.
    if mode == Mode::Terminal {
        wanted.extend([SIGWINCH, SIGTSTP, SIGCONT]);
    }
    let mut signals = signal_hook::iterator::Signals::new(wanted)
        .map_err(|err| Error::internal(format!("cannot handle signals: {err}")))?;
    let tx = tx.clone();
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
                        let _ = io::stdout().write_all(LEAVE_SCREEN.as_bytes());
                        let _ = io::stdout().flush();
                    }
                    std::process::exit(130);
                }
            };
            let _ = tx.send(wake);
        }
    });
    Ok(())
}

#[cfg(not(unix))]
fn stop_on_signals(_tx: &Sender<Wake>, _mode: Mode) -> Result<()> {
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
fn frame(ctx: &Context, args: &ShowArgs, mode: Mode, window: Option<(usize, usize)>) -> String {
    let text = view(ctx, args, mode, window.map(|(columns, _)| columns));
    match window {
        Some((columns, rows)) => {
            let text = if args.format == Format::Text {
                crate::wrap::wrap(&text, columns)
            } else {
                text
            };
            fit(&text, columns, rows, ctx.stdout)
        }
        None => text,
    }
}

/// The view as text, before it is fitted to a window.
fn view(ctx: &Context, args: &ShowArgs, mode: Mode, columns: Option<usize>) -> String {
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
            let mut text = format!("error: {}\n", crate::text::escape(&err.message));
            if let Some(hint) = err.hint.as_deref() {
                let _ = writeln!(text, "hint: {}", crate::text::escape(hint));
            }
            return text;
        }
    };
    if mode == Mode::Terminal && args.format == Format::Text {
        text.push('\n');
        let (what, short) = match revision {
            Some(revision) => (
                format!(
                    "revision {revision} · watching {}",
                    ctx.list.store_path(&ctx.workspace).display()
                ),
                format!("revision {revision}"),
            ),
            None => (
                format!("watching every list of {}", ctx.workspace.display()),
                "every list".to_owned(),
            ),
        };
        // One row whatever the width: the longest wording that fits (a footer wrapped over
        // rows of a short pane would push items out, or be cut).
        let wordings = [
            crate::text::escape(&format!("{what} · Ctrl-C to quit")).into_owned(),
            format!("{short} · Ctrl-C to quit"),
            "Ctrl-C to quit".to_owned(),
        ];
        let footer = match columns {
            Some(columns) => wordings
                .iter()
                .find(|text| crate::wrap::width_of(text) <= columns)
                .cloned()
                .unwrap_or_else(|| "Ctrl-C to quit".chars().take(columns).collect()),
            None => wordings[0].clone(),
        };
        text.push_str(&ctx.stdout.dim(&footer));
        text.push('\n');
    }
    text
}

/// The rows of `text` that fit a pane of `rows` rows: all of them when they fit; else the
/// header (with its wrapped rows), the item in progress with the item before it, as many items
/// after it as fit, and a last row saying how many items are hidden above and below. Items are
/// shown whole or not at all: a wrapped item's rows stay together. No newline after the last
/// row, which would scroll the header off a full pane.
fn fit(text: &str, columns: usize, rows: usize, palette: crate::render::Palette) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= rows {
        return text.trim_end_matches('\n').to_owned();
    }
    let blocks = blocks(&lines);
    let Some((header, body)) = blocks.split_first() else {
        return String::new();
    };
    let size = |range: std::ops::Range<usize>| -> usize {
        body[range].iter().map(|block| block.rows.len()).sum()
    };
    let doing = body
        .iter()
        .position(|block| block.status == Some(crate::policy::status::Status::InProgress));
    // The header's rows, and one row for what is hidden. A header wrapped over more rows than
    // the item in progress leaves room for gives up its last rows (at least its first stays):
    // half a summary is still a summary, half an item is not an item.
    let doing_rows = doing.map_or(0, |at| size(at..at + 1));
    let header_rows = header
        .rows
        .len()
        .min(rows.saturating_sub(1 + doing_rows).max(1))
        .min(rows.saturating_sub(1));
    let room = rows.saturating_sub(header_rows + 1);
    let (mut start, mut end) = match doing {
        Some(at) if size(0..at + 1) > room => {
            // The item before it too, for context, when the pane has room for it.
            let start = if at > 0 && size(at - 1..at + 1) <= room {
                at - 1
            } else {
                at
            };
            (start, at + 1)
        }
        _ => (0, 0),
    };
    while end < body.len() && size(start..end + 1) <= room {
        end += 1;
    }
    while start > 0 && size(start - 1..end) <= room {
        start -= 1;
    }
    let mut shown: Vec<&str> = header.rows[..header_rows].to_vec();
    for block in &body[start..end] {
        shown.extend(&block.rows);
    }
    // An item taller than the whole pane: its first rows, since nothing else could show.
    shown.truncate(rows.saturating_sub(1));
    let items = |blocks: &[Block<'_>]| blocks.iter().filter(|block| block.status.is_some()).count();
    let hidden = hidden_line(items(&body[..start]), items(&body[end..]), columns);
    let mut out = shown.join("\n");
    if rows > 1 {
        out.push('\n');
        out.push_str(&palette.dim(&hidden));
    }
    out
}

/// One item's rows (its first, and the rows a wrap continued it on), or another line of the
/// view (the header, a list's heading, a blank, the footer) with its rows.
struct Block<'a> {
    rows: Vec<&'a str>,
    /// The item's status; `None` for a line that is no item.
    status: Option<crate::policy::status::Status>,
}

/// The lines of a view grouped into blocks that are shown whole.
fn blocks<'a>(lines: &[&'a str]) -> Vec<Block<'a>> {
    // The marker after the id: which status a row's item has, or None for a continuation row
    // (or a heading, a blank, the footer).
    let marker_of = |line: &str| {
        let shown = crate::wrap::visible(line);
        let rest = shown
            .trim_start()
            .split_once(' ')
            .map_or("", |(_, rest)| rest);
        crate::policy::status::STATUSES
            .iter()
            .find(|info| rest.starts_with(info.marker))
            .map(|info| info.status)
    };
    let mut blocks: Vec<Block<'a>> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let status = marker_of(line);
        // A wrap indents its continuation rows; an item's own row, a heading and a blank do
        // not continue the line before.
        let continues = index > 0
            && status.is_none()
            && line.starts_with(' ')
            && !crate::wrap::visible(line).trim().is_empty();
        match blocks.last_mut() {
            Some(block) if continues => block.rows.push(line),
            _ => blocks.push(Block {
                rows: vec![line],
                status,
            }),
        }
    }
    blocks
}

/// The last row: how many items are hidden above and below, in the longest wording that fits
/// `columns` (at 28 columns `… 10 above, 9 below`, never a cut sentence).
fn hidden_line(above: usize, below: usize, columns: usize) -> String {
    let more = |n: usize| crate::english::count(n, "more item");
    let wordings = match (above, below) {
        (0, 0) => vec!["…".to_owned()],
        (0, below) => vec![
            format!("… {} below", more(below)),
            format!("… {below} more below"),
            format!("… ↓{below}"),
        ],
        (above, 0) => vec![
            format!("… {} above", more(above)),
            format!("… {above} more above"),
            format!("… ↑{above}"),
        ],
        (above, below) => vec![
            format!("… {}: {above} above, {below} below", more(above + below)),
            format!("… {above} above, {below} below"),
            format!("… ↑{above} ↓{below}"),
        ],
    };
    let fits = |text: &String| crate::wrap::width_of(text) <= columns;
    match wordings.iter().find(|text| fits(text)) {
        Some(text) => text.clone(),
        None => wordings
            .last()
            .map(|text| text.chars().take(columns).collect())
            .unwrap_or_default(),
    }
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
    /// Between Ctrl-Z and `fg`: the shell has the main screen.
    suspended: bool,
}

impl<'a> Screen<'a> {
    fn open(out: &'a mut dyn Write, mode: Mode) -> io::Result<Self> {
        if mode == Mode::Terminal {
            out.write_all(ENTER_SCREEN.as_bytes())?;
            out.flush()?;
        }
        Ok(Self {
            out,
            mode,
            suspended: false,
        })
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

impl Screen<'_> {
    /// Gives the terminal back before the process stops (Ctrl-Z).
    fn suspend(&mut self) -> io::Result<()> {
        if self.mode == Mode::Terminal {
            self.suspended = true;
            self.out.write_all(LEAVE_SCREEN.as_bytes())?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// Takes the screen again after `fg`, once; the caller draws the view.
    fn resume(&mut self) -> io::Result<()> {
        if self.mode == Mode::Terminal && std::mem::take(&mut self.suspended) {
            self.out.write_all(ENTER_SCREEN.as_bytes())?;
            self.out.flush()?;
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::fit;
    use crate::render::Palette;

    #[test]
    fn a_plan_that_fits_is_left_whole() {
        assert_eq!(
            fit("[0/1] S\n  1 [ ] A\n", 40, 5, Palette::plain()),
            "[0/1] S\n  1 [ ] A"
        );
    }

    #[test]
    fn a_header_gives_up_its_wrapped_rows_before_the_item_in_progress_is_cut() {
        let text = "[0/2] A summary\n      over three\n      rows\n  1 [▶] An item\n        over two\n  2 [ ] B\n";
        assert_eq!(
            fit(text, 40, 4, Palette::plain()),
            "[0/2] A summary\n  1 [▶] An item\n        over two\n… 1 more item below"
        );
    }

    #[test]
    fn a_short_pane_keeps_the_header_and_every_row_of_the_item_in_progress() {
        let text = "[1/5] Ship\n  1 [x] A\n  2 [x] B\n  3 [ ] C\n  4 [▶] D is a long\n        item over\n        three rows\n  5 [ ] E\n";
        assert_eq!(
            fit(text, 40, 6, Palette::plain()),
            "[1/5] Ship\n  3 [ ] C\n  4 [▶] D is a long\n        item over\n        three rows\n… 3 more items: 2 above, 1 below"
        );
        // No room for the item before it: the item alone.
        assert_eq!(
            fit(text, 40, 5, Palette::plain()),
            "[1/5] Ship\n  4 [▶] D is a long\n        item over\n        three rows\n… 4 more items: 3 above, 1 below"
        );
        // Nothing in progress: the top of the plan.
        let idle = text.replace('▶', " ");
        assert_eq!(
            fit(&idle, 40, 4, Palette::plain()),
            "[1/5] Ship\n  1 [x] A\n  2 [x] B\n… 3 more items below"
        );
    }

    /// Every pane from 2 to 12 rows and 20 to 40 columns, of a plan wrapped to it: no row
    /// shown is a continuation without its item's first row, no item is cut, and every row
    /// fits the width.
    #[test]
    fn a_narrow_pane_never_shows_half_an_item_and_its_last_row_fits() {
        let plan = "[5/9] Fix the login timeout and ship the patch to production\n  1 [x] Reproduce the timeout with a slow token server\n  2 [x] Read the token code\n  3 [x] Write down the expiry rules\n  4 [~] Benchmark the old retry loop\n  5 [!] Try the vendor patch\n  6 [▶] Patch the token expiry check in the middleware\n  7 [ ] Add a regression test for expired tokens\n  8 [ ] Update the changelog ⧗ 7\n  9 [ ] Tag the release ⧗ 7, 8\n\nrevision 12 · watching /tmp/ws/.todos.json · Ctrl-C to quit\n";
        for columns in 20..=40 {
            let wrapped = crate::wrap::wrap(plan, columns);
            let all: Vec<&str> = wrapped.lines().collect();
            for rows in 2..=12 {
                let shown = fit(&wrapped, columns, rows, Palette::plain());
                let shown: Vec<&str> = shown.lines().collect();
                assert!(shown.len() <= rows, "{columns}x{rows}: {shown:#?}");
                for row in &shown {
                    assert!(
                        crate::wrap::width_of(row) <= columns,
                        "{columns}x{rows}: {row:?}"
                    );
                }
                // Each shown row of the plan: the one before it in the plan is shown too, or
                // it starts an item (or the header).
                let body = &shown[..shown.len() - 1];
                for (index, row) in body.iter().enumerate().skip(1) {
                    let at = all
                        .iter()
                        .position(|line| line == row)
                        .expect("a row of the plan");
                    let continuation = row.starts_with("        ") || row.starts_with("      ");
                    if continuation && !row.trim().is_empty() {
                        assert_eq!(body[index - 1], all[at - 1], "{columns}x{rows}: {body:#?}");
                    }
                }
            }
        }
        let hidden = super::hidden_line(10, 9, 28);
        assert_eq!(hidden, "… 10 above, 9 below");
        assert_eq!(
            super::hidden_line(10, 9, 40),
            "… 19 more items: 10 above, 9 below"
        );
        assert_eq!(super::hidden_line(0, 1, 40), "… 1 more item below");
        assert_eq!(super::hidden_line(10, 9, 10), "… ↑10 ↓9");
    }
}
