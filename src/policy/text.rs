//! Text safety: which characters may stand in a line of text, and how text read from a file is
//! made safe before it reaches a terminal, a shell's completion or an agent's context. Every
//! module may use it; it uses none.

use std::borrow::Cow;
use std::fmt::Write as _;

/// A time as people read it, in the machine's local time zone (`TZ`), to the second: how
/// `history` shows when a revision was made, and how every note and message shows a time
/// (`lease until 2026-11-28 12:28:56`), never RFC 3339's nanoseconds. Text that is no RFC 3339
/// time is shown as it is, escaped.
pub fn local_time(at: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(at).map_or_else(
        |_| escape(at).into_owned(),
        |time| local_time_of(time.with_timezone(&chrono::Utc)),
    )
}

/// `local_time` of a time already read.
pub fn local_time_of(at: chrono::DateTime<chrono::Utc>) -> String {
    at.with_timezone(&chrono::Local)
        .format("%Y-%m-%d %H:%M:%S")
        .to_string()
}

/// Why a character may not stand in one line of text: control characters and bidi overrides
/// could rewrite a terminal or hide text from a reviewer; line and paragraph separators break a
/// line where no newline shows; a byte-order mark inside text is invisible noise.
pub fn forbidden_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}'
        )
}

/// What a forbidden character is, for the message that refuses it.
pub fn forbidden_kind(c: char) -> &'static str {
    match c {
        '\u{2028}' | '\u{2029}' => "a line or paragraph separator",
        '\u{FEFF}' => "a byte-order mark",
        c if c.is_control() => "a control character",
        _ => "a bidi override",
    }
}

/// Escapes what could drive a terminal or hide text: control characters (C0, DEL, C1) and bidi
/// controls. A store may be edited by hand, so everything read from one passes through here.
pub fn escape(text: &str) -> Cow<'_, str> {
    // Printable ASCII, the common case, is checked a byte at a time, without decoding.
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) || !text.chars().any(forbidden_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if forbidden_char(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The most characters of a word the user typed (an argument, a list name, an id) that a
/// message repeats: a 100 KB argument must not make a 100 KB error.
pub const WORD_SHOWN_CHARS: usize = 40;

/// A word the user typed, as a message repeats it: cut to `WORD_SHOWN_CHARS` with `…`, and
/// escaped (`escape`), so it can neither drive a terminal nor flood it.
pub fn word(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(WORD_SHOWN_CHARS) {
        Some((cut, _)) => Cow::Owned(format!("{}…", escape(&text[..cut]))),
        None => escape(text),
    }
}

/// A key or word of an input as paths and messages show it, cut to `Cap::KeyShownChars` with
/// `…`: a 100 KB key must not make a 100 KB error.
pub fn shown(key: &str) -> Cow<'_, str> {
    match key
        .char_indices()
        .nth(crate::policy::cap::Cap::KeyShownChars.chars())
    {
        Some((cut, _)) => Cow::Owned(format!("{}…", &key[..cut])),
        None => Cow::Borrowed(key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_shows_what_could_drive_a_terminal() {
        assert_eq!(escape("plain"), "plain");
        assert_eq!(escape("中文"), "中文");
        assert_eq!(escape("a\u{1b}[31mb\n"), "a\\u{1b}[31mb\\n");
        assert_eq!(escape("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(forbidden_kind('\u{feff}'), "a byte-order mark");
    }

    #[test]
    fn a_word_is_escaped_and_cut() {
        assert_eq!(word("api"), "api");
        assert_eq!(word("\u{1b}[31m"), "\\u{1b}[31m");
        let long = "é".repeat(100_000);
        assert_eq!(word(&long), format!("{}…", "é".repeat(WORD_SHOWN_CHARS)));
    }
}
