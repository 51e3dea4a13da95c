//! Text for people: the checklist, the recap, Markdown. Everything writes to `&mut impl Write`
//! or returns a `String`, given a `Palette`: nothing here reads the environment.

use std::borrow::Cow;
use std::fmt::Write as _;

use owo_colors::{OwoColorize, Style};

use crate::model::{Item, Stats, Status};

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

    fn paint(self, text: &str, style: Style) -> Cow<'_, str> {
        if self.enabled {
            Cow::Owned(text.style(style).to_string())
        } else {
            Cow::Borrowed(text)
        }
    }

    /// Appends what `body` writes to `out`, between the escapes of `style` when color is on:
    /// the same bytes as `paint`, without a `String` of their own.
    fn paint_into(self, out: &mut String, style: Style, body: impl FnOnce(&mut String)) {
        if self.enabled {
            let _ = write!(out, "{}", style.prefix_formatter());
            body(out);
            let _ = write!(out, "{}", style.suffix_formatter());
        } else {
            body(out);
        }
    }

    fn status_style(status: Status) -> Style {
        match status {
            Status::Pending => Style::new().yellow(),
            Status::InProgress => Style::new().cyan().bold(),
            Status::Completed => Style::new().green(),
            Status::Cancelled => Style::new().dimmed().strikethrough(),
            Status::Failed => Style::new().red(),
        }
    }

    pub fn status(self, text: &str, status: Status) -> String {
        self.paint(text, Self::status_style(status)).into_owned()
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

/// Escapes what could drive a terminal or hide text: control characters (C0, DEL, C1) and bidi
/// controls. A store may be edited by hand, so everything read from one passes through here.
pub fn escape(text: &str) -> Cow<'_, str> {
    let unsafe_char =
        |c: char| c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
    // Printable ASCII, the common case, is checked a byte at a time, without decoding.
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) || !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if unsafe_char(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

pub fn marker(status: Status) -> &'static str {
    match status {
        Status::Pending => "[ ]",
        Status::InProgress => "[▶]",
        Status::Completed => "[x]",
        Status::Cancelled => "[~]",
        Status::Failed => "[!]",
    }
}

/// The checklist: a header with the progress and the summary, then one line per item with its
/// id (agents need it for `update`), marker and content.
pub fn checklist(summary: Option<&str>, items: &[Item], palette: Palette) -> String {
    let stats = Stats::of(items);
    let mut out = String::with_capacity(64 + items.len() * 48);
    let progress = format!("[{}/{}]", stats.done(), stats.total);
    let title = summary.map_or(Cow::Borrowed("(no summary)"), escape);
    let _ = writeln!(out, "{} {}", palette.bold(&progress), palette.bold(&title));
    if items.is_empty() {
        let _ = writeln!(out, "  {}", palette.dim("No todos."));
        return out;
    }
    let width = items
        .iter()
        .map(|item| item.id.chars().count())
        .max()
        .unwrap_or(1);
    // Written straight into `out`, not through `format!`: a plan of 10,000 items is 10,000
    // lines, and a `String` per line and per styled part cost more than parsing the store.
    let dim = Style::new().dimmed();
    for item in items {
        let id = escape(&item.id);
        out.push_str("  ");
        palette.paint_into(&mut out, dim, |out| {
            let pad = width.saturating_sub(id.chars().count());
            out.extend(std::iter::repeat_n(' ', pad));
            out.push_str(&id);
        });
        out.push(' ');
        palette.paint_into(&mut out, Palette::status_style(item.status), |out| {
            out.push_str(marker(item.status));
            out.push(' ');
            out.push_str(&escape(&item.content));
        });
        if let (Status::InProgress, Some(active)) = (item.status, &item.active_form) {
            out.push(' ');
            palette.paint_into(&mut out, dim, |out| {
                out.push_str("— ");
                out.push_str(&escape(active));
            });
        }
        out.push('\n');
    }
    out
}

/// The line that keeps an agent on track after a change.
pub fn progress_line(items: &[Item]) -> String {
    let stats = Stats::of(items);
    match stats.open() {
        _ if stats.total == 0 => "No todos.".to_owned(),
        0 => format!("All {} done.", stats.total),
        open => format!(
            "{open} of {} open — finish them before you wrap up.",
            stats.total
        ),
    }
}

/// The plan as a Markdown task list, for notes and pull requests.
pub fn markdown(summary: Option<&str>, items: &[Item]) -> String {
    let stats = Stats::of(items);
    let mut out = String::with_capacity(64 + items.len() * 48);
    let _ = writeln!(
        out,
        "## {}\n",
        summary.map_or(Cow::Borrowed("Todos"), escape)
    );
    let _ = writeln!(out, "Progress: {}/{} done\n", stats.done(), stats.total);
    for item in items {
        let content = escape(&item.content);
        let _ = match item.status {
            Status::Pending => writeln!(out, "- [ ] {content}"),
            Status::InProgress => writeln!(out, "- [ ] **{content}** (in progress)"),
            Status::Completed => writeln!(out, "- [x] {content}"),
            Status::Cancelled => writeln!(out, "- [x] ~~{content}~~ (cancelled)"),
            Status::Failed => writeln!(out, "- [ ] {content} (failed)"),
        };
    }
    out
}

/// The most characters a recap may take.
pub const RECAP_MAX_CHARS: usize = 300;

/// One named part of the recap: `Pending: A; B; C (+2 more).`
struct Part {
    label: &'static str,
    names: Vec<String>,
    more: usize,
}

impl Part {
    fn new(label: &'static str, items: &[Item], status: Status, at_most: usize) -> Option<Self> {
        let mut names = Vec::new();
        let mut count = 0;
        for item in items.iter().filter(|item| item.status == status) {
            if names.len() < at_most {
                names.push(escape(&item.content).into_owned());
            }
            count += 1;
        }
        (count > 0).then(|| Self {
            label,
            more: count - names.len(),
            names,
        })
    }

    fn render(&self, out: &mut String) {
        let _ = write!(out, " {}: {}", self.label, self.names.join("; "));
        if self.more > 0 {
            let _ = write!(out, " (+{} more)", self.more);
        }
        out.push('.');
    }
}

/// The one-line recap: `[done/total] In progress: A. Pending: B; C; D (+2 more). Cancelled: E. Failed: F.`
/// At most 300 characters: the longest names are shortened with `…` until it fits.
pub fn recap(items: &[Item]) -> String {
    let stats = Stats::of(items);
    let head = format!("[{}/{}]", stats.done(), stats.total);
    if stats.total == 0 {
        return format!("{head} No todos.");
    }
    let mut parts: Vec<Part> = [
        Part::new("In progress", items, Status::InProgress, 1),
        Part::new("Pending", items, Status::Pending, 3),
        Part::new("Cancelled", items, Status::Cancelled, 2),
        Part::new("Failed", items, Status::Failed, usize::MAX),
    ]
    .into_iter()
    .flatten()
    .collect();
    let all_done = if stats.open() == 0 { " All done." } else { "" };
    let render = |parts: &[Part]| {
        let mut line = format!("{head}{all_done}");
        for part in parts {
            part.render(&mut line);
        }
        line
    };
    let mut line = render(&parts);
    let mut length = line.chars().count();
    while length > RECAP_MAX_CHARS {
        if !shorten_longest(&mut parts, length - RECAP_MAX_CHARS) && !drop_last_failed(&mut parts) {
            break;
        }
        line = render(&parts);
        length = line.chars().count();
    }
    line
}

/// Cuts the longest name toward the next longest (or by `excess`), ending it with `…`.
/// Returns false when every name is already down to one character and the ellipsis.
fn shorten_longest(parts: &mut [Part], excess: usize) -> bool {
    let lengths = || {
        parts
            .iter()
            .flat_map(|part| part.names.iter().map(|name| name.chars().count()))
    };
    let longest = lengths().max().unwrap_or(0);
    if longest <= 2 {
        return false;
    }
    let runner_up = lengths()
        .filter(|&len| len < longest)
        .max()
        .unwrap_or(2)
        .max(2);
    let target = longest.saturating_sub(excess).max(runner_up).max(2);
    let target = if target == longest {
        longest - 1
    } else {
        target
    };
    for part in parts.iter_mut() {
        for name in &mut part.names {
            if name.chars().count() == longest {
                let mut cut: String = name.chars().take(target - 1).collect();
                cut.push('…');
                *name = cut;
                return true;
            }
        }
    }
    false
}

/// The last resort when even one-character names pass the limit (hundreds of failed items):
/// name fewer failed items and count the rest in `(+N more)`.
fn drop_last_failed(parts: &mut [Part]) -> bool {
    let Some(failed) = parts.iter_mut().find(|part| part.label == "Failed") else {
        return false;
    };
    if failed.names.len() <= 1 {
        return false;
    }
    failed.names.pop();
    failed.more += 1;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: u32, content: &str, status: Status) -> Item {
        Item {
            id: id.to_string(),
            content: content.to_owned(),
            status,
            active_form: None,
            priority: None,
        }
    }

    #[test]
    fn recap_names_what_the_spec_names() {
        let items = [
            item(1, "A", Status::InProgress),
            item(2, "B", Status::Pending),
            item(3, "C", Status::Pending),
            item(4, "D", Status::Pending),
            item(5, "P4", Status::Pending),
            item(6, "P5", Status::Pending),
            item(7, "E", Status::Cancelled),
            item(8, "F", Status::Failed),
            item(9, "G", Status::Completed),
        ];
        assert_eq!(
            recap(&items),
            "[3/9] In progress: A. Pending: B; C; D (+2 more). Cancelled: E. Failed: F."
        );
        assert_eq!(recap(&[]), "[0/0] No todos.");
        let done = [
            item(1, "A", Status::Completed),
            item(2, "E", Status::Cancelled),
            item(3, "F", Status::Failed),
        ];
        assert_eq!(recap(&done), "[3/3] All done. Cancelled: E. Failed: F.");
        let two_in_progress = [
            item(1, "A", Status::InProgress),
            item(2, "B", Status::InProgress),
        ];
        assert_eq!(recap(&two_in_progress), "[0/2] In progress: A (+1 more).");
    }

    #[test]
    fn recap_shortens_the_longest_names_to_fit() {
        let long = "x".repeat(150);
        let items = [
            item(1, &long, Status::InProgress),
            item(2, &"y".repeat(120), Status::Pending),
            item(3, "short", Status::Pending),
            item(4, &"z".repeat(90), Status::Failed),
        ];
        let line = recap(&items);
        assert_eq!(line.chars().count(), RECAP_MAX_CHARS, "{line}");
        assert!(
            line.contains("Pending: y") && line.contains("…; short."),
            "{line}"
        );
        assert!(line.starts_with("[1/4] In progress: x"));
    }

    #[test]
    fn recap_fits_even_with_many_failed_items() {
        let items: Vec<Item> = (0..500)
            .map(|i| item(i, &format!("failed step {i}"), Status::Failed))
            .collect();
        let line = recap(&items);
        assert!(line.chars().count() <= RECAP_MAX_CHARS, "{line}");
        assert!(line.contains("more)."), "{line}");
    }

    #[test]
    fn escape_neutralises_terminal_controls() {
        assert_eq!(escape("ok"), "ok");
        assert_eq!(
            escape("a\u{1b}[31mb\u{7}\r\n\u{9b}\u{202e}"),
            "a\\u{1b}[31mb\\u{7}\\r\\n\\u{9b}\\u{202e}"
        );
    }

    #[test]
    fn checklist_shows_ids_markers_and_the_active_form() {
        let mut doing = item(10, "Patch the check", Status::InProgress);
        doing.active_form = Some("Patching the check".to_owned());
        let items = [
            item(9, "Reproduce", Status::Completed),
            doing,
            item(11, "Perf", Status::Cancelled),
        ];
        let text = checklist(Some("Fix login"), &items, Palette::plain());
        assert_eq!(
            text,
            "[2/3] Fix login\n   9 [x] Reproduce\n  10 [▶] Patch the check — Patching the check\n  11 [~] Perf\n"
        );
    }
}
