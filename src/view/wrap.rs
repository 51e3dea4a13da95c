//! Fitting text to a terminal (SPEC §4): a line wider than the terminal wraps at a word
//! boundary, its continuation indented under the content, so ids and markers stay a column of
//! their own. Into a pipe nothing here runs: lines are never wrapped there.
//!
//! The text is already rendered, colors included: escapes take no column, and a style that is
//! open at a break is closed before it and opened again after the indent, so the indent is
//! never struck through or underlined.

use unicode_width::UnicodeWidthChar;

use crate::view::layout::{Layout, Line, Role};

/// Every line of `layout` in rows of at most `width` columns. A row a wrap makes continues
/// under the line's `hang` (an item's text, a header's summary): an item's detail, or the
/// continuation of another line.
pub fn wrap(layout: &Layout, width: usize) -> Layout {
    let width = width.max(1);
    let mut out = Layout::with_capacity(layout.as_str().len() + 64, layout.len());
    for (line, shape) in layout.lines() {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let newline = if line.ends_with('\n') { "\n" } else { "" };
        let rows = wrap_line(body, width, shape.hang);
        let continued = match shape.role {
            Role::Other | Role::Continued => Role::Continued,
            Role::Item(_) | Role::Detail => Role::Detail,
        };
        for (index, row) in rows.iter().enumerate() {
            let (hang, role) = if index == 0 {
                (shape.hang, shape.role)
            } else {
                (0, continued)
            };
            if index + 1 == rows.len() && newline.is_empty() {
                out.last_line(Line { hang, role }, row);
            } else {
                out.line(Line { hang, role }, |text| text.push_str(row));
            }
        }
    }
    out
}

/// Glyphs that belong to the word after them (`⧗ 3`: item 3 is waited on): the space after one
/// is no place to break a line.
const GLUED: &[&str] = &[crate::view::render::WAITS];

/// Whether a line may break at the space `cells[at]`.
fn breaks_at(cells: &[Cell<'_>], at: usize) -> bool {
    cells[at].c == ' '
        && !at
            .checked_sub(1)
            .is_some_and(|before| GLUED.iter().any(|glyph| glyph.starts_with(cells[before].c)))
}

/// One printed character and the escapes that come just before it.
struct Cell<'a> {
    escapes: &'a str,
    c: char,
}

/// Splits a line into its characters, each with the escapes before it, and the escapes left
/// after the last character.
fn cells(line: &str) -> (Vec<Cell<'_>>, &str) {
    let mut cells = Vec::with_capacity(line.len());
    let mut start = 0;
    let mut chars = line.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters… final byte in @..~.
            if chars.next_if(|&(_, c)| c == '[').is_some() {
                while chars.next_if(|&(_, c)| !('@'..='~').contains(&c)).is_some() {}
                chars.next();
            }
            continue;
        }
        cells.push(Cell {
            escapes: &line[start..index],
            c,
        });
        start = index + c.len_utf8();
    }
    (cells, &line[start..])
}

/// How many columns `text` takes, without its escapes.
pub fn width_of(text: &str) -> usize {
    cells(text).0.iter().map(|cell| columns(cell.c)).sum()
}

fn columns(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// One line (no newline) in rows of at most `width` columns, each row after the first
/// indented by `hang` columns.
fn wrap_line(line: &str, width: usize, hang: usize) -> Vec<String> {
    let (cells, tail) = cells(line);
    let total: usize = cells.iter().map(|cell| columns(cell.c)).sum();
    if total <= width {
        return vec![line.to_owned()];
    }
    let mut indent = hang;
    // In a very narrow terminal a deep indent would leave no room for the words themselves.
    if indent + 10 > width {
        indent = 0;
    }
    let mut rows = Vec::new();
    let mut out = String::with_capacity(line.len() + 16);
    // The escapes in force since the last reset, to open again after a break.
    let mut style = String::new();
    let emit_escapes = |out: &mut String, style: &mut String, escapes: &str| {
        out.push_str(escapes);
        for escape in escapes.split_inclusive('m') {
            if escape == "\x1b[0m" {
                style.clear();
            } else {
                style.push_str(escape);
            }
        }
    };
    // The first row never breaks inside its own lead (the id and the marker).
    let mut floor = 0;
    let mut lead = 0;
    while floor < cells.len() && lead < indent {
        lead += columns(cells[floor].c);
        floor += 1;
    }
    let mut start = 0;
    let mut room = width;
    loop {
        // The longest run from `start` that fits in `room`; at least one character.
        let mut end = start;
        let mut used = 0;
        while end < cells.len() && used + columns(cells[end].c) <= room {
            used += columns(cells[end].c);
            end += 1;
        }
        if end == start {
            end = start + 1;
        }
        let last = end >= cells.len();
        // Break at the last space of the run, unless the run holds none (one long word).
        let (row_end, next) = if last {
            (cells.len(), cells.len())
        } else if breaks_at(&cells, end) {
            (end, end + 1)
        } else {
            match (start..end)
                .rev()
                .position(|at| breaks_at(&cells, at))
                .map(|back| end - 1 - back - start)
            {
                Some(space) if start + space > floor => (start + space, start + space + 1),
                _ => (end, end),
            }
        };
        for cell in &cells[start..row_end] {
            emit_escapes(&mut out, &mut style, cell.escapes);
            out.push(cell.c);
        }
        if last {
            break;
        }
        // The spaces at the break are not printed, their escapes are.
        let mut next = next;
        for cell in &cells[row_end..next] {
            emit_escapes(&mut out, &mut style, cell.escapes);
        }
        while next < cells.len() && cells[next].c == ' ' {
            emit_escapes(&mut out, &mut style, cells[next].escapes);
            next += 1;
        }
        if !style.is_empty() {
            out.push_str("\x1b[0m");
        }
        rows.push(std::mem::take(&mut out));
        out.extend(std::iter::repeat_n(' ', indent));
        out.push_str(&style);
        if next >= cells.len() {
            break;
        }
        start = next;
        floor = next;
        room = width - indent;
    }
    out.push_str(tail);
    rows.push(out);
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::status::Status;

    /// `text` as one line of `role`, continuing at `hang`, wrapped at `width`.
    fn wrapped(text: &str, hang: usize, width: usize) -> String {
        let mut layout = Layout::default();
        let role = Role::Item(Status::Pending);
        layout.line(Line { hang, role }, |out| out.push_str(text));
        wrap(&layout, width).into_string()
    }

    #[test]
    fn short_lines_are_left_alone() {
        let layout = Layout::from("[0/1] S\n  1 [ ] A\n");
        assert_eq!(wrap(&layout, 20), layout);
    }

    #[test]
    fn an_item_wraps_at_words_under_its_text_and_the_rows_are_its_detail() {
        assert_eq!(
            wrapped("  12 [ ] Add a regression test for expired tokens", 9, 30),
            "  12 [ ] Add a regression test\n         for expired tokens\n"
        );
        let mut layout = Layout::default();
        let role = Role::Item(Status::InProgress);
        layout.line(Line { hang: 8, role }, |out| {
            out.push_str("  1 [▶] one two three");
        });
        let roles: Vec<Role> = wrap(&layout, 16)
            .lines()
            .map(|(_, line)| line.role)
            .collect();
        assert_eq!(roles, [role, Role::Detail]);
    }

    #[test]
    fn a_header_wraps_under_its_hang() {
        assert_eq!(
            wrapped("[2/5] Fix the login timeout and ship the patch", 6, 24),
            "[2/5] Fix the login\n      timeout and ship\n      the patch\n"
        );
    }

    #[test]
    fn a_word_longer_than_the_row_is_cut() {
        assert_eq!(
            wrapped("  1 [ ] abcdefghijklmnopqrstuvwxyz", 8, 20),
            "  1 [ ] abcdefghijkl\n        mnopqrstuvwx\n        yz\n"
        );
    }

    #[test]
    fn wide_characters_take_two_columns() {
        // Eight characters, sixteen columns: two rows of at most 12 columns.
        assert_eq!(
            wrapped("  1 [ ] 修复登录超时问题", 8, 20),
            "  1 [ ] 修复登录超时\n        问题\n"
        );
    }

    #[test]
    fn a_style_is_closed_at_the_break_and_opened_after_the_indent() {
        let line = "  1 \x1b[9m[~] Cancel the old retry loop\x1b[0m";
        assert_eq!(
            wrapped(line, 8, 24),
            "  1 \x1b[9m[~] Cancel the old\x1b[0m\n        \x1b[9mretry loop\x1b[0m\n"
        );
    }

    #[test]
    fn a_glyph_stays_with_its_number() {
        // The break would fall between `⧗` and `3`: it moves before the glyph.
        let line = "  8 [ ] Update the changelog now ⧗ 3";
        assert_eq!(
            wrapped(line, 8, 34),
            "  8 [ ] Update the changelog now\n        ⧗ 3\n"
        );
        assert_eq!(
            wrapped(line, 8, 35),
            "  8 [ ] Update the changelog now\n        ⧗ 3\n"
        );
        for width in 12..40 {
            for row in wrapped(line, 8, width).lines() {
                assert!(!row.ends_with('⧗'), "{width}: {row:?}");
            }
        }
    }

    #[test]
    fn a_narrow_terminal_drops_the_indent() {
        assert_eq!(
            wrapped("  1 [ ] one two three four", 8, 12),
            "  1 [ ] one\ntwo three\nfour\n"
        );
    }
}
