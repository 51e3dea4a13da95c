//! The colors of one output stream, decided once with the rest of the context (`--color`,
//! `NO_COLOR`, `CLICOLOR_FORCE`, a terminal): rendering takes a `Palette` and never reads the
//! environment.

use std::borrow::Cow;
use std::fmt::Write as _;

use owo_colors::{OwoColorize, Style};

use crate::plan::model::Status;

/// The colors of one output stream; `plain()` when color is off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    enabled: bool,
}

impl Palette {
    pub fn new(enabled: bool) -> Self {
        Self { enabled }
    }

    pub fn plain() -> Self {
        Self::new(false)
    }

    pub fn is_enabled(self) -> bool {
        self.enabled
    }

    pub(crate) fn paint(self, text: &str, style: Style) -> Cow<'_, str> {
        if self.enabled {
            Cow::Owned(text.style(style).to_string())
        } else {
            Cow::Borrowed(text)
        }
    }

    /// Appends what `body` writes to `out`, between the escapes of `style` when color is on:
    /// the same bytes as `paint`, without a `String` of their own.
    pub(crate) fn paint_into(self, out: &mut String, style: Style, body: impl FnOnce(&mut String)) {
        if self.enabled {
            let _ = write!(out, "{}", style.prefix_formatter());
            body(out);
            let _ = write!(out, "{}", style.suffix_formatter());
        } else {
            body(out);
        }
    }

    pub fn status(self, text: &str, status: Status) -> String {
        self.paint(text, status.info().style).into_owned()
    }

    pub fn bold(self, text: &str) -> Cow<'_, str> {
        self.paint(text, Style::new().bold())
    }

    pub fn dim(self, text: &str) -> Cow<'_, str> {
        self.paint(text, Style::new().dimmed())
    }

    pub fn error(self, text: &str) -> Cow<'_, str> {
        self.paint(text, Style::new().red().bold())
    }

    pub fn warning(self, text: &str) -> Cow<'_, str> {
        self.paint(text, Style::new().yellow().bold())
    }
}
