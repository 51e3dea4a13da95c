//! Rendered text with its layout, as rendering hands it to the wrapper and to `show --watch`:
//! every line with where its continuation rows start and what it shows (an item in a status,
//! an item's detail, or anything else). Nothing downstream parses the text back to find out.

use crate::policy::status::Status;

/// What a line shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// An item's own line, in its status.
    Item(Status),
    /// More of the item above: its description, or a row a wrap made of its line.
    Detail,
    /// A row a wrap made of a line that is no item (a long summary's second row).
    Continued,
    /// A header, a heading, a blank, a note.
    Other,
}

/// One line's layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// The column its continuation rows start at when it wraps.
    pub hang: usize,
    pub role: Role,
}

impl Line {
    pub fn other(hang: usize) -> Self {
        Self {
            hang,
            role: Role::Other,
        }
    }
}

/// Text and the layout of each of its lines (`lines.len()` is the number of lines, the last
/// one with or without its newline).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    text: String,
    lines: Vec<Line>,
}

impl Layout {
    pub fn with_capacity(bytes: usize, lines: usize) -> Self {
        Self {
            text: String::with_capacity(bytes),
            lines: Vec::with_capacity(lines),
        }
    }

    /// Appends one line: what `body` writes, then a newline.
    pub fn line(&mut self, line: Line, body: impl FnOnce(&mut String)) {
        self.start_line(line);
        body(&mut self.text);
        self.text.push('\n');
    }

    /// Appends one line without a newline: the last line of a text that ends without one.
    pub fn last_line(&mut self, line: Line, text: &str) {
        self.start_line(line);
        self.text.push_str(text);
    }

    /// Appends text whose lines need no layout of their own: each continues under its own
    /// indentation. A first line that continues an unfinished one adds no line.
    pub fn plain(&mut self, text: &str) {
        for part in text.split_inclusive('\n') {
            if self.text.is_empty() || self.text.ends_with('\n') {
                let lead = part.len() - part.trim_start_matches(' ').len();
                self.lines.push(Line::other(lead));
            }
            self.text.push_str(part);
        }
    }

    /// Appends another layout.
    pub fn append(&mut self, other: Layout) {
        if self.text.is_empty() || self.text.ends_with('\n') {
            self.text.push_str(&other.text);
            self.lines.extend(other.lines);
        } else {
            self.plain(&other.text);
        }
    }

    fn start_line(&mut self, line: Line) {
        if !(self.text.is_empty() || self.text.ends_with('\n')) {
            self.text.push('\n');
        }
        self.lines.push(line);
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn into_string(self) -> String {
        self.text
    }

    /// Each line (its newline kept) with its layout.
    pub fn lines(&self) -> impl Iterator<Item = (&str, Line)> {
        self.text
            .split_inclusive('\n')
            .zip(self.lines.iter().copied())
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

impl From<&str> for Layout {
    fn from(text: &str) -> Self {
        let mut layout = Self::default();
        layout.plain(text);
        layout
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_keeps_its_layout() {
        let mut layout = Layout::from("[1/2] S\n");
        layout.line(
            Line {
                hang: 8,
                role: Role::Item(Status::Pending),
            },
            |out| out.push_str("  1 [ ] A"),
        );
        layout.plain("    more\nlast");
        let lines: Vec<(&str, Line)> = layout.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[1].1.role, Role::Item(Status::Pending));
        assert_eq!(lines[2], ("    more\n", Line::other(4)));
        assert_eq!(lines[3].0, "last");
        assert_eq!(layout.len(), 4);
    }
}
