//! The way out while a command still runs: `show --watch`'s screen, the notes a command gives
//! before it is done (waiting for a lock, a folder it cannot watch), and what `todos board`
//! says while it serves. What a command finally gave is printed by `output.rs`; between them
//! they are the only places that print.
//! (A module of its own, below the commands: the transaction and `show --watch` use it, and
//! `output.rs` sits above the commands.)

use std::io::{self, Write};
use std::path::Path;

use crate::context::Palette;
use crate::context::host::Host;
#[cfg(feature = "board")]
use crate::policy::error::Headline;
use crate::policy::error::{Note, Warning};

/// How `show --watch` shows each new state.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ScreenMode {
    /// Redraw in place on the alternate screen.
    Terminal,
    /// Each new state, then a blank line.
    Pipe,
    /// Each new state as one JSON envelope on one line.
    Lines,
}

const ENTER_SCREEN: &str = "\x1b[?1049h\x1b[?25l";
const LEAVE_SCREEN: &str = "\x1b[?25h\x1b[?1049l";
const CLEAR: &str = "\x1b[H\x1b[2J";

/// Where frames go. Leaving the terminal as it was found is `Drop`'s job, so every way out
/// of the loop restores it.
pub struct Screen<'a> {
    out: &'a mut dyn Write,
    mode: ScreenMode,
    /// Between Ctrl-Z and `fg`: the shell has the main screen.
    suspended: bool,
}

impl<'a> Screen<'a> {
    /// Takes the screen (on a terminal) of `host`'s stdout.
    pub fn open(host: &'a mut Host, mode: ScreenMode) -> io::Result<Self> {
        let out: &'a mut dyn Write = &mut host.stdout;
        if mode == ScreenMode::Terminal {
            out.write_all(ENTER_SCREEN.as_bytes())?;
            out.flush()?;
        }
        Ok(Self {
            out,
            mode,
            suspended: false,
        })
    }

    pub fn draw(&mut self, frame: &str) -> io::Result<()> {
        let out = &mut self.out;
        match self.mode {
            ScreenMode::Terminal => {
                out.write_all(CLEAR.as_bytes())?;
                out.write_all(frame.as_bytes())?;
            }
            ScreenMode::Pipe => {
                out.write_all(frame.as_bytes())?;
                out.write_all(b"\n")?;
            }
            ScreenMode::Lines => out.write_all(frame.as_bytes())?,
        }
        out.flush()
    }
}

impl Screen<'_> {
    /// Gives the terminal back before the process stops (Ctrl-Z).
    pub fn suspend(&mut self) -> io::Result<()> {
        if self.mode == ScreenMode::Terminal {
            self.suspended = true;
            self.out.write_all(LEAVE_SCREEN.as_bytes())?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// Takes the screen again after `fg`, once; the caller draws the view.
    pub fn resume(&mut self) -> io::Result<()> {
        if self.mode == ScreenMode::Terminal && std::mem::take(&mut self.suspended) {
            self.out.write_all(ENTER_SCREEN.as_bytes())?;
            self.out.flush()?;
        }
        Ok(())
    }
}

impl Drop for Screen<'_> {
    fn drop(&mut self) {
        if self.mode == ScreenMode::Terminal {
            let _ = self.out.write_all(LEAVE_SCREEN.as_bytes());
            let _ = self.out.flush();
        }
    }
}

/// Gives the terminal back at once, from a signal handler that ends the process: the screen
/// it holds may be stuck writing to a pipe nobody reads.
pub fn leave_screen_now() {
    let mut stdout = io::stdout();
    let _ = stdout.write_all(LEAVE_SCREEN.as_bytes());
    let _ = stdout.flush();
}

/// A note on stderr while a command still runs (`show --watch`).
pub fn note(host: &mut Host, note: &Note) {
    let _ = writeln!(host.stderr, "note: {note}");
}

/// Says on `notes` (stderr) that another process holds the lock on `path`.
pub fn waiting_for_lock(host: &mut Host, palette: Palette, path: &Path) {
    let waiting = Note::WaitingForLock {
        path: path.to_path_buf(),
    };
    let _ = writeln!(host.stderr, "{} {waiting}", palette.bold("note:"));
}

/// A warning a command gives while it still runs (`history --follow`'s skipped lines), unless
/// the run is quiet.
pub fn warning(host: &mut Host, palette: Palette, quiet: bool, warning: &Warning) {
    if !quiet {
        let _ = writeln!(
            host.stderr,
            "{} {}",
            palette.warning("warning:"),
            crate::policy::text::escape(&warning.to_string())
        );
    }
}

/// Text a command streams as it goes (`history --follow`'s revisions), flushed at once so a
/// reader at the other end of a pipe sees each piece as it lands.
pub fn stream(host: &mut Host, text: &str) -> io::Result<()> {
    host.stdout.write_all(text.as_bytes())?;
    host.stdout.flush()
}

#[cfg(feature = "board")]
/// `todos board`'s first lines: what its search found amiss (stderr), then the address it
/// serves (stdout, flushed at once: a script waits for it).
pub fn board_started(
    host: &mut Host,
    warnings: &[Warning],
    workspaces: usize,
    lists: usize,
    url: &str,
) {
    for warning in warnings {
        warning_plain(host, warning);
    }
    let board = Headline::Board {
        workspaces,
        lists,
        url: url.to_owned(),
    };
    let _ = writeln!(host.stdout, "{board}");
    let _ = host.stdout.flush();
}

#[cfg(feature = "board")]
/// Whether the board opened in the browser (`Ok(false)`: not asked to, or no desktop), and
/// how it stops.
pub fn board_opened(host: &mut Host, opened: Result<bool, Warning>) {
    let opened = match opened {
        Ok(opened) => opened,
        Err(warning) => {
            warning_plain(host, &warning);
            false
        }
    };
    let _ = writeln!(host.stderr, "{}", Note::BoardOpened { opened });
}

#[cfg(feature = "board")]
/// The board's last line, once a signal stopped it.
pub fn board_stopped(host: &mut Host) {
    let _ = writeln!(host.stderr, "{}", Note::BoardStopped);
}

#[cfg(feature = "board")]
/// A warning without color (the board decides no palette).
fn warning_plain(host: &mut Host, warning: &Warning) {
    let _ = writeln!(
        host.stderr,
        "warning: {}",
        crate::policy::text::escape(&warning.to_string())
    );
}

#[cfg(feature = "mcp")]
/// The streams the MCP server speaks its protocol on: the process's stdin, and its stdout,
/// locked for the server alone.
pub fn server_stdio() -> (std::io::Stdin, std::io::StdoutLock<'static>) {
    (std::io::stdin(), std::io::stdout().lock())
}
