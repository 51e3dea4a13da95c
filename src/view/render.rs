//! Text for people: the checklist, the recap, Markdown. Everything writes to `&mut impl Write`
//! or returns a `String`, given a `Palette`: nothing here reads the environment.

use std::borrow::Cow;
use std::fmt::Write as _;

use chrono::{DateTime, Utc};
use owo_colors::Style;
use unicode_width::UnicodeWidthStr;

mod recap;

pub use recap::{RECAP_MAX_CHARS, recap};

use crate::context::Palette;
use crate::plan::dependencies::Index;
use crate::plan::model::{Item, Status};
use crate::policy::text::escape;
use crate::view::layout::{Layout, Line, Role};

pub fn marker(status: Status) -> &'static str {
    status.info().marker
}

/// The checklist: a header with the progress and the summary, then one line per item with its
/// id (agents need it for `update`), marker and content.
pub fn checklist(summary: Option<&str>, items: &[Item], palette: Palette) -> String {
    plan(summary, items, palette, false, None).into_string()
}

/// The checklist with its layout, for the wrapper and `show --watch`; each item's description
/// under it when `long` (`show --long`). With `now`, ended leases are marked (`@w1 lease
/// ended`) and `long` says when each lease ends.
pub fn plan(
    summary: Option<&str>,
    items: &[Item],
    palette: Palette,
    long: bool,
    now: Option<DateTime<Utc>>,
) -> Layout {
    let stats = crate::plan::model::stats(items);
    let mut out = Layout::with_capacity(64 + items.len() * 48, items.len() + 2);
    let progress = format!("[{}/{}]", stats.done(), stats.total);
    let title = summary.map_or(Cow::Borrowed("(no summary)"), escape);
    // A long summary continues under itself, past the progress.
    let header = Line::other(progress.len() + 1);
    out.line(header, |out| {
        let _ = write!(out, "{} {}", palette.bold(&progress), palette.bold(&title));
    });
    if items.is_empty() {
        out.plain(&format!("  {}\n", palette.dim("No todos.")));
        return out;
    }
    let width = items
        .iter()
        .map(|item| item.id.chars().count())
        .max()
        .unwrap_or(1);
    let index = Index::new(items).at(now);
    for item in items {
        item_with_detail(&mut out, item, width, &index, palette, long);
        if long {
            lease_line(&mut out, item, width, palette, now);
        }
    }
    out
}

/// An item's line (`item_line`) and, when `long`, its description under it.
pub fn item_with_detail(
    out: &mut Layout,
    item: &Item,
    width: usize,
    index: &Index<'_>,
    palette: Palette,
    long: bool,
) {
    item_line(out, item, width, index, palette);
    if long {
        description_lines(out, item, width, palette);
    }
}

/// The recap with its layout: it continues under its text, past the progress.
pub fn recap_layout(items: &[Item]) -> Layout {
    let stats = crate::plan::model::stats(items);
    let hang = format!("[{}/{}] ", stats.done(), stats.total).len();
    let mut out = Layout::default();
    out.line(Line::other(hang), |out| out.push_str(&recap(items)));
    out
}

/// `(high priority)` after an item's text: words, not a symbol to learn, and after the text
/// so the ids and markers stay in one column.
fn priority_tag(item: &Item) -> Option<String> {
    item.priority
        .map(|priority| format!("({} priority)", priority.as_str()))
}

/// One item's line of the checklist: id, marker, content, and while it is in progress its
/// active form; then the ids it still waits on (`⧗ 2, 5`) and its owner (`@api-agent`).
/// Written straight into `out`, not through `format!`: a plan of 10,000 items is 10,000 lines,
/// and a `String` per line and per styled part cost more than parsing the store.
pub fn item_line(out: &mut Layout, item: &Item, width: usize, index: &Index<'_>, palette: Palette) {
    let id = escape(&item.id);
    let marker = marker(item.status);
    // A long text continues under itself, past the id and the marker.
    let hang = 2 + width.max(id.chars().count()) + 1 + UnicodeWidthStr::width(marker) + 1;
    let role = Role::Item(item.status);
    out.line(Line { hang, role }, |out| {
        item_text(out, item, &id, width, index, palette);
    });
}

fn item_text(
    out: &mut String,
    item: &Item,
    id: &str,
    width: usize,
    index: &Index<'_>,
    palette: Palette,
) {
    let dim = Style::new().dimmed();
    out.push_str("  ");
    palette.paint_into(out, dim, |out| {
        let pad = width.saturating_sub(id.chars().count());
        out.extend(std::iter::repeat_n(' ', pad));
        out.push_str(id);
    });
    out.push(' ');
    palette.paint_into(out, item.status.info().style, |out| {
        out.push_str(marker(item.status));
        out.push(' ');
        out.push_str(&escape(&item.content));
    });
    if let (Status::InProgress, Some(active)) = (item.status, &item.active_form) {
        out.push(' ');
        palette.paint_into(out, dim, |out| {
            out.push_str("— ");
            out.push_str(&escape(active));
        });
    }
    if let Some(tag) = priority_tag(item) {
        out.push(' ');
        palette.paint_into(out, dim, |out| out.push_str(&tag));
    }
    let (waits, owner) = team_marks(item, index);
    if let Some(waits) = waits {
        out.push(' ');
        palette.paint_into(out, Style::new().magenta(), |out| out.push_str(&waits));
    }
    if let Some(owner) = owner {
        out.push(' ');
        palette.paint_into(out, Style::new().blue(), |out| out.push_str(&owner));
    }
}

/// What one-line views add after an item's text, escaped: the ids it still waits on
/// (`⧗ 2, 5`, while it is open) and its owner (`@api-agent`).
pub fn team_marks(item: &Item, index: &Index<'_>) -> (Option<String>, Option<String>) {
    let mut waits = index.unresolved(item).peekable();
    let waits = (waits.peek().is_some() && !item.status.is_terminal()).then(|| {
        let ids: Vec<Cow<'_, str>> = waits.map(escape).collect();
        format!("{WAITS} {}", ids.join(", "))
    });
    (waits, owner_mark(item, index.now))
}

/// The item's owner as every view that shows owners marks it, escaped: `@api-agent`, and
/// `@w1 lease ended` once the owner's lease has ended at `now` (`None`: no lease is marked).
pub fn owner_mark(item: &Item, now: Option<DateTime<Utc>>) -> Option<String> {
    let ended = now.map_or("", |now| crate::plan::claims::lease_note(item, now));
    item.owner
        .as_deref()
        .map(|owner| format!("@{}{ended}", escape(owner)))
}

/// `team_marks` as one suffix for plain text: ` ⧗ 2, 5 @api-agent`, or nothing.
pub fn team_suffix(item: &Item, index: &Index<'_>) -> String {
    let (waits, owner) = team_marks(item, index);
    let mut suffix = String::new();
    for mark in [waits, owner].into_iter().flatten() {
        suffix.push(' ');
        suffix.push_str(&mark);
    }
    suffix
}

/// The mark before the ids an item still waits on.
pub const WAITS: &str = "⧗";

/// An item's description under its line, indented past the id and marker, escaped line by line.
fn description_lines(out: &mut Layout, item: &Item, width: usize, palette: Palette) {
    let Some(description) = &item.description else {
        return;
    };
    for line in description.lines() {
        detail_line(out, width, &palette.dim(&escape(line)));
    }
}

/// One line under an item, indented past its id and marker (`show --long`'s details).
fn detail_line(out: &mut Layout, width: usize, text: &str) {
    let hang = width + 7;
    out.line(
        Line {
            hang,
            role: Role::Detail,
        },
        |out| {
            out.extend(std::iter::repeat_n(' ', hang));
            out.push_str(text);
        },
    );
}

/// `show --long`: when an open item's lease ends, or how long ago it ended.
fn lease_line(
    out: &mut Layout,
    item: &Item,
    width: usize,
    palette: Palette,
    now: Option<DateTime<Utc>>,
) {
    let (Some(until), false) = (&item.lease_until, item.status.is_terminal()) else {
        return;
    };
    let ended = now
        .and_then(|now| crate::plan::claims::ended_for(item, now))
        .map(|ago| format!(": ended {} ago", crate::plan::claims::span(ago)))
        .unwrap_or_default();
    let text = format!(
        "lease until {}{ended}",
        crate::policy::text::local_time(until)
    );
    detail_line(out, width, &palette.dim(&text));
}

/// The line that keeps an agent on track after a change.
pub fn progress_line(items: &[Item]) -> String {
    let stats = crate::plan::model::stats(items);
    let them = if stats.open() == 1 { "it" } else { "them" };
    let failed = stats.count(crate::plan::model::Status::Failed);
    match (stats.open(), stats.total) {
        (_, 0) => "No todos.".to_owned(),
        // A failure is never called done (SPEC §4): it is a result to report.
        (0, 1) if failed == 1 => "Finished: the one item failed.".to_owned(),
        (0, total) if failed > 0 => format!("Finished, {failed} of {total} failed."),
        (0, 1) => "The one item is done.".to_owned(),
        (0, total) => format!("All {total} done."),
        (open, total) => format!("{open} of {total} open — finish {them} before you wrap up."),
    }
}

/// The plan as a Markdown task list, for notes and pull requests.
/// `now` marks ended leases, as the checklist does.
pub fn markdown(summary: Option<&str>, items: &[Item], now: Option<DateTime<Utc>>) -> String {
    let stats = crate::plan::model::stats(items);
    let mut out = String::with_capacity(64 + items.len() * 48);
    let _ = writeln!(
        out,
        "## {}\n",
        summary.map_or(Cow::Borrowed("Todos"), escape)
    );
    let _ = writeln!(out, "Progress: {}/{} done\n", stats.done(), stats.total);
    let index = Index::new(items);
    let texts: std::collections::HashMap<&str, &str> = items
        .iter()
        .map(|item| (item.id.as_str(), item.content.as_str()))
        .collect();
    for item in items {
        let mut text = escape(&item.content).into_owned();
        if let Some(tag) = priority_tag(item) {
            let _ = write!(text, " _{tag}_");
        }
        let mut line = item.status.info().markdown.replace("{}", &text);
        // Markdown shows no ids: what an item waits on is named by its text.
        let waits: Vec<String> = index
            .unresolved(item)
            .filter_map(|id| texts.get(id))
            .map(|text| escape(text).into_owned())
            .collect();
        if !waits.is_empty() && !item.status.is_terminal() {
            let _ = write!(line, " (waits on: {})", waits.join("; "));
        }
        if let Some(owner) = owner_mark(item, now) {
            // In a code span, so a pull request does not notify a namesake account.
            let _ = write!(line, " `{owner}`");
        }
        let _ = writeln!(out, "{line}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: u32, content: &str, status: Status) -> Item {
        Item {
            id: id.to_string(),
            ..Item::new(content, status)
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
        // A failure comes first and the plan is never called done (issue 31).
        assert_eq!(recap(&done), "[3/3] Finished, 1 failed: F. Cancelled: E.");
        let done = [
            item(1, "A", Status::Completed),
            item(2, "E", Status::Cancelled),
        ];
        assert_eq!(recap(&done), "[2/2] All done. Cancelled: E.");
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
    fn recap_cuts_every_long_name_to_one_length() {
        let mut items = vec![item(1, &"i".repeat(100), Status::InProgress)];
        items.extend((2..7).map(|i| item(i, &"p".repeat(152), Status::Pending)));
        items.extend((7..10).map(|i| item(i, &"c".repeat(120), Status::Cancelled)));
        items.extend((10..14).map(|i| item(i, &"f".repeat(102), Status::Failed)));
        let cut = |c: &str| format!("{}…", c.repeat(20));
        let (i, p, c, f) = (cut("i"), cut("p"), cut("c"), cut("f"));
        assert_eq!(
            recap(&items),
            format!(
                "[7/13] In progress: {i}. Pending: {p}; {p}; {p} (+2 more). \
                 Cancelled: {c}; {c} (+1 more). Failed: {f}; {f}; {f}; {f}."
            )
        );
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
    fn recap_of_hundreds_of_empty_names_fits_without_a_panic() {
        let items: Vec<Item> = (0..600).map(|i| item(i, "", Status::Failed)).collect();
        let line = recap(&items);
        assert!(line.chars().count() <= RECAP_MAX_CHARS, "{line}");
        assert!(
            line.starts_with("[600/600] Finished, 600 failed: "),
            "{line}"
        );
    }

    #[test]
    fn the_progress_line_speaks_of_one_item_in_the_singular() {
        let line = |statuses: &[Status]| {
            let items: Vec<Item> = statuses.iter().map(|s| item(1, "A", *s)).collect();
            progress_line(&items)
        };
        assert_eq!(line(&[]), "No todos.");
        assert_eq!(line(&[Status::Completed]), "The one item is done.");
        assert_eq!(
            line(&[Status::Completed, Status::Failed]),
            "Finished, 1 of 2 failed."
        );
        assert_eq!(line(&[Status::Failed]), "Finished: the one item failed.");
        assert_eq!(line(&[Status::Completed, Status::Cancelled]), "All 2 done.");
        assert_eq!(
            line(&[Status::Pending]),
            "1 of 1 open — finish it before you wrap up."
        );
        assert_eq!(
            line(&[Status::Pending, Status::Blocked, Status::Completed]),
            "2 of 3 open — finish them before you wrap up."
        );
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

    #[test]
    fn the_priority_follows_the_text_in_the_checklist_and_the_markdown() {
        let mut urgent = item(1, "Patch", Status::Pending);
        urgent.priority = Some(crate::plan::model::Priority::High);
        let items = [urgent, item(2, "Test", Status::Pending)];
        assert_eq!(
            checklist(Some("S"), &items, Palette::plain()),
            "[0/2] S\n  1 [ ] Patch (high priority)\n  2 [ ] Test\n"
        );
        assert!(markdown(Some("S"), &items, None).contains("Patch _(high priority)_\n"));
    }
}
