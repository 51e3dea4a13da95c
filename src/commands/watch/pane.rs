//! Fitting `show --watch`'s view to a pane too short for it: the header, the item in progress
//! with the one before it, as many items after it as fit, whole, and a row saying how many are
//! hidden. Rows are grouped into items by the roles the layout carries, never by parsing.

use crate::policy::status::Status;
use crate::view::layout::{Layout, Role};

/// The rows of `text` that fit a pane of `rows` rows: all of them when they fit; else the
/// header (with its wrapped rows), the item in progress with the item before it, as many items
/// after it as fit, and a last row saying how many items are hidden above and below. Items are
/// shown whole or not at all: a wrapped item's rows stay together. No newline after the last
/// row, which would scroll the header off a full pane.
pub(super) fn fit(
    text: &Layout,
    columns: usize,
    rows: usize,
    palette: crate::context::Palette,
) -> String {
    if text.len() <= rows {
        return text.as_str().trim_end_matches('\n').to_owned();
    }
    let blocks = blocks(text);
    let Some((header, body)) = blocks.split_first() else {
        return String::new();
    };
    let size = |range: std::ops::Range<usize>| -> usize {
        body[range].iter().map(|block| block.rows.len()).sum()
    };
    let doing = body
        .iter()
        .position(|block| block.status == Some(Status::InProgress));
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

/// One item's rows (its first, its description and the rows a wrap continued them on), or
/// another line of the view (the header, a list's heading, a blank, the footer) with its rows.
struct Block<'a> {
    rows: Vec<&'a str>,
    /// The item's status; `None` for a line that is no item.
    status: Option<Status>,
}

/// The lines of a view grouped into blocks that are shown whole, by the roles rendering and
/// the wrapper gave them.
fn blocks(text: &Layout) -> Vec<Block<'_>> {
    let mut blocks: Vec<Block<'_>> = Vec::new();
    for (line, shape) in text.lines() {
        let row = line.strip_suffix('\n').unwrap_or(line);
        let status = match shape.role {
            Role::Item(status) => Some(status),
            Role::Detail | Role::Continued | Role::Other => None,
        };
        let continues = matches!(shape.role, Role::Detail | Role::Continued);
        match blocks.last_mut() {
            Some(block) if continues => block.rows.push(row),
            _ => blocks.push(Block {
                rows: vec![row],
                status,
            }),
        }
    }
    blocks
}

/// The last row: how many items are hidden above and below, in the longest wording that fits
/// `columns` (at 28 columns `… 10 above, 9 below`, never a cut sentence).
pub(super) fn hidden_line(above: usize, below: usize, columns: usize) -> String {
    let more = |n: usize| crate::policy::english::count(n, "more item");
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
    let fits = |text: &String| crate::view::wrap::width_of(text) <= columns;
    match wordings.iter().find(|text| fits(text)) {
        Some(text) => text.clone(),
        None => wordings
            .last()
            .map(|text| text.chars().take(columns).collect())
            .unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::{fit, hidden_line};
    use crate::context::Palette;
    use crate::plan::model::Item;
    use crate::policy::status::Status;
    use crate::view::layout::{Layout, Line, Role};

    /// Rows with their roles, as rendering and the wrapper hand them over.
    fn layout(rows: &[(&str, Role)]) -> Layout {
        let mut layout = Layout::default();
        for (text, role) in rows {
            let role = *role;
            layout.line(Line { hang: 0, role }, |out| out.push_str(text));
        }
        layout
    }

    #[test]
    fn a_plan_that_fits_is_left_whole() {
        let plan = layout(&[
            ("[0/1] S", Role::Other),
            ("  1 [ ] A", Role::Item(Status::Pending)),
        ]);
        assert_eq!(fit(&plan, 40, 5, Palette::plain()), "[0/1] S\n  1 [ ] A");
    }

    #[test]
    fn a_header_gives_up_its_wrapped_rows_before_the_item_in_progress_is_cut() {
        let text = layout(&[
            ("[0/2] A summary", Role::Other),
            ("      over three", Role::Continued),
            ("      rows", Role::Continued),
            ("  1 [▶] An item", Role::Item(Status::InProgress)),
            ("        over two", Role::Detail),
            ("  2 [ ] B", Role::Item(Status::Pending)),
        ]);
        assert_eq!(
            fit(&text, 40, 4, Palette::plain()),
            "[0/2] A summary\n  1 [▶] An item\n        over two\n… 1 more item below"
        );
    }

    #[test]
    fn a_short_pane_keeps_the_header_and_every_row_of_the_item_in_progress() {
        let done = Role::Item(Status::Completed);
        let pending = Role::Item(Status::Pending);
        let rows = [
            ("[1/5] Ship", Role::Other),
            ("  1 [x] A", done),
            ("  2 [x] B", done),
            ("  3 [ ] C", pending),
            ("  4 [▶] D is a long", Role::Item(Status::InProgress)),
            ("        item over", Role::Detail),
            ("        three rows", Role::Detail),
            ("  5 [ ] E", pending),
        ];
        let text = layout(&rows);
        assert_eq!(
            fit(&text, 40, 6, Palette::plain()),
            "[1/5] Ship\n  3 [ ] C\n  4 [▶] D is a long\n        item over\n        three rows\n… 3 more items: 2 above, 1 below"
        );
        // No room for the item before it: the item alone.
        assert_eq!(
            fit(&text, 40, 5, Palette::plain()),
            "[1/5] Ship\n  4 [▶] D is a long\n        item over\n        three rows\n… 4 more items: 3 above, 1 below"
        );
        // Nothing in progress: the top of the plan.
        let mut idle = rows;
        idle[4].1 = pending;
        assert_eq!(
            fit(&layout(&idle), 40, 4, Palette::plain()),
            "[1/5] Ship\n  1 [x] A\n  2 [x] B\n… 3 more items below"
        );
    }

    /// Every pane from 2 to 12 rows and 20 to 40 columns, of a plan wrapped to it: no row
    /// shown is a continuation without its item's first row, no item is cut, and every row
    /// fits the width.
    #[test]
    fn a_narrow_pane_never_shows_half_an_item_and_its_last_row_fits() {
        let items: Vec<Item> = [
            (
                "Reproduce the timeout with a slow token server",
                Status::Completed,
                "",
            ),
            ("Read the token code", Status::Completed, ""),
            ("Write down the expiry rules", Status::Completed, ""),
            ("Benchmark the old retry loop", Status::Cancelled, ""),
            ("Try the vendor patch", Status::Failed, ""),
            (
                "Patch the token expiry check in the middleware",
                Status::InProgress,
                "",
            ),
            (
                "Add a regression test for expired tokens",
                Status::Pending,
                "",
            ),
            ("Update the changelog", Status::Pending, "7"),
            ("Tag the release", Status::Pending, "7,8"),
        ]
        .into_iter()
        .enumerate()
        .map(|(index, (content, status, waits))| Item {
            id: (index + 1).to_string(),
            blocked_by: waits
                .split(',')
                .filter(|id| !id.is_empty())
                .map(str::to_owned)
                .collect(),
            ..Item::new(content, status)
        })
        .collect();
        let summary = "Fix the login timeout and ship the patch to production";
        let mut plan =
            crate::view::render::plan(Some(summary), &items, Palette::plain(), false, None);
        plan.plain("\nrevision 12 · watching /tmp/ws/.todos.json · Ctrl-C to quit\n");
        for columns in 20..=40 {
            let wrapped = crate::view::wrap::wrap(&plan, columns);
            let all: Vec<&str> = wrapped.as_str().lines().collect();
            for rows in 2..=12 {
                let shown = fit(&wrapped, columns, rows, Palette::plain());
                let shown: Vec<&str> = shown.lines().collect();
                assert!(shown.len() <= rows, "{columns}x{rows}: {shown:#?}");
                for row in &shown {
                    assert!(
                        crate::view::wrap::width_of(row) <= columns,
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
        let hidden = hidden_line(10, 9, 28);
        assert_eq!(hidden, "… 10 above, 9 below");
        assert_eq!(hidden_line(10, 9, 40), "… 19 more items: 10 above, 9 below");
        assert_eq!(hidden_line(0, 1, 40), "… 1 more item below");
        assert_eq!(hidden_line(10, 9, 10), "… ↑10 ↓9");
    }
}
