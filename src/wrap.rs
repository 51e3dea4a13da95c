//! Fitting text to a terminal (SPEC §4): a line wider than the terminal wraps at a word
//! boundary, its continuation indented under the content, so ids and markers stay a column of
//! their own. Into a pipe nothing here runs: lines are never wrapped there.
//!
//! The text is already rendered, colors included: escapes take no column, and a style that is
//! open at a break is closed before it and opened again after the indent, so the indent is
//! never struck through or underlined.

use unicode_width::UnicodeWidthChar;

use crate::policy::status::STATUSES;

/// Every line of `text` in at most `width` columns.
pub fn wrap(text: &str, width: usize) -> String {
    wrapped_lines(text, width).concat()
}

/// Each line of `text` (its newline kept), as the rows it takes at `width` columns, each row
/// with its newline.
pub fn wrapped_lines(text: &str, width: usize) -> Vec<String> {
    text.split_inclusive('\n')
        .map(|line| {
            let body = line.strip_suffix('\n').unwrap_or(line);
            let mut rows = wrap_line(body, width.max(1));
            if line.ends_with('\n') {
                rows.push('\n');
            }
            rows
        })
        .collect()
}

/// Glyphs that belong to the word after them (`⧗ 3`: item 3 is waited on): the space after one
/// is no place to break a line.
const GLUED: &[&str] = &[crate::render::WAITS];

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

/// The characters of a line as they show, without its escapes.
pub fn visible(line: &str) -> String {
    cells(line).0.iter().map(|cell| cell.c).collect()
}

/// How many columns `text` takes, without its escapes.
pub fn width_of(text: &str) -> usize {
    cells(text).0.iter().map(|cell| columns(cell.c)).sum()
}

fn columns(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// Where a continuation starts: under a checklist item's text (`  12 [x] text`), under a
/// header's summary (`[2/5] summary`), else under the line's own indentation.
fn hanging_indent(visible: &str) -> usize {
    let text = visible.trim_start_matches(' ');
    let lead = visible.len() - text.len();
    let width = |s: &str| s.chars().map(columns).sum::<usize>();
    if let Some(end) = text.strip_prefix('[').and_then(|rest| rest.find("] ")) {
        let inside = &text[1..=end];
        if inside
            .split_once('/')
            .is_some_and(|(a, b)| a.bytes().all(|b| b.is_ascii_digit()) && !b.is_empty())
        {
            return lead + width(&text[..end + 3]);
        }
    }
    if let Some((id, rest)) = text.split_once(' ') {
        for info in STATUSES {
            if rest
                .strip_prefix(info.marker)
                .is_some_and(|after| after.starts_with(' '))
            {
                return lead + width(id) + 1 + width(info.marker) + 1;
            }
        }
    }
    lead
}

/// One line (no newline) in rows of at most `width` columns, joined by newlines.
fn wrap_line(line: &str, width: usize) -> String {
    let (cells, tail) = cells(line);
    let total: usize = cells.iter().map(|cell| columns(cell.c)).sum();
    if total <= width {
        return line.to_owned();
    }
    let visible: String = cells.iter().map(|cell| cell.c).collect();
    let mut indent = hanging_indent(&visible);
    // In a very narrow terminal a deep indent would leave no room for the words themselves.
    if indent + 10 > width {
        indent = 0;
    }
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
        out.push('\n');
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_are_left_alone() {
        assert_eq!(wrap("[0/1] S\n  1 [ ] A\n", 20), "[0/1] S\n  1 [ ] A\n");
    }

    #[test]
    fn an_item_wraps_at_words_under_its_text() {
        assert_eq!(
            wrap("  12 [ ] Add a regression test for expired tokens\n", 30),
            "  12 [ ] Add a regression test\n         for expired tokens\n"
        );
    }

    #[test]
    fn the_header_wraps_under_the_summary() {
        assert_eq!(
            wrap("[2/5] Fix the login timeout and ship the patch\n", 24),
            "[2/5] Fix the login\n      timeout and ship\n      the patch\n"
        );
    }

    #[test]
    fn a_word_longer_than_the_row_is_cut() {
        assert_eq!(
            wrap("  1 [ ] abcdefghijklmnopqrstuvwxyz\n", 20),
            "  1 [ ] abcdefghijkl\n        mnopqrstuvwx\n        yz\n"
        );
    }

    #[test]
    fn wide_characters_take_two_columns() {
        // Eight characters, sixteen columns: two rows of at most 12 columns.
        assert_eq!(
            wrap("  1 [ ] 修复登录超时问题\n", 20),
            "  1 [ ] 修复登录超时\n        问题\n"
        );
    }

    #[test]
    fn a_style_is_closed_at_the_break_and_opened_after_the_indent() {
        let line = "  1 \x1b[9m[~] Cancel the old retry loop\x1b[0m\n";
        assert_eq!(
            wrap(line, 24),
            "  1 \x1b[9m[~] Cancel the old\x1b[0m\n        \x1b[9mretry loop\x1b[0m\n"
        );
    }

    #[test]
    fn a_glyph_stays_with_its_number() {
        // The break would fall between `⧗` and `3`: it moves before the glyph.
        let line = "  8 [ ] Update the changelog now ⧗ 3\n";
        assert_eq!(
            wrap(line, 34),
            "  8 [ ] Update the changelog now\n        ⧗ 3\n"
        );
        assert_eq!(
            wrap(line, 35),
            "  8 [ ] Update the changelog now\n        ⧗ 3\n"
        );
        for width in 12..40 {
            for row in wrap(line, width).lines() {
                assert!(!row.ends_with('⧗'), "{width}: {row:?}");
            }
        }
    }

    #[test]
    fn a_narrow_terminal_drops_the_indent() {
        assert_eq!(
            wrap("  1 [ ] one two three four\n", 12),
            "  1 [ ] one\ntwo three\nfour\n"
        );
    }
}
