//! A git config file read as git reads it, for the one value todos needs from it (`core.bare`):
//! sections and keys case-insensitive, a key alone is true, values unquoted and stripped of
//! comments, the last value wins, and booleans spelled as git spells them (`true`, `yes`, `on`,
//! `1`, any integer other than 0, with or without a `k`, `m` or `g` suffix). The file comes
//! with a repository an agent may have just cloned: it is read, never run, and a value git
//! would refuse is reported, never taken as false.

/// A key as a config file sets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Setting {
    /// The key alone, without `=`: git reads it as true.
    Alone,
    /// `key = value`, the value unquoted.
    Value(String),
}

impl Setting {
    /// The value as written (nothing for a key alone).
    pub fn text(&self) -> &str {
        match self {
            Self::Alone => "",
            Self::Value(value) => value,
        }
    }

    /// The setting as git reads a boolean; `Err` for a value git refuses.
    pub fn boolean(&self) -> Result<bool, ()> {
        match self {
            Self::Alone => Ok(true),
            Self::Value(value) => boolean(value),
        }
    }
}

/// The last setting of `key` in `[section]` (no subsection).
pub fn value(config: &str, section: &str, key: &str) -> Option<Setting> {
    let mut in_section = false;
    let mut found = None;
    for raw in config.lines() {
        let mut line = raw.trim_start();
        if let Some(rest) = line.strip_prefix('[') {
            let Some((header, after)) = rest.split_once(']') else {
                in_section = false;
                continue;
            };
            in_section = header.trim().eq_ignore_ascii_case(section);
            // git takes `[core] bare = true` on one line.
            line = after.trim_start();
        }
        if !in_section || line.is_empty() || line.starts_with(['#', ';']) {
            continue;
        }
        let (name, rest) = match line.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            Some(at) => line.split_at(at),
            None => (line, ""),
        };
        if !name.eq_ignore_ascii_case(key) {
            continue;
        }
        let rest = rest.trim_start();
        found = match rest.strip_prefix('=') {
            Some(value) => Some(Setting::Value(unquoted(value))),
            None if rest.is_empty() || rest.starts_with(['#', ';']) => Some(Setting::Alone),
            None => continue,
        };
    }
    found
}

/// A value as git reads it: surrounding blanks dropped, `"…"` joined, `\` escapes taken, a
/// `#` or `;` outside quotes ending it.
fn unquoted(value: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    let mut blanks = String::new();
    let mut chars = value.trim_start().chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => quoted = !quoted,
            '\\' => {
                out.push_str(&std::mem::take(&mut blanks));
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some('b') => {
                        out.pop();
                    }
                    Some(other) => out.push(other),
                    None => {}
                }
            }
            '#' | ';' if !quoted => break,
            c if c.is_whitespace() && !quoted => blanks.push(c),
            c => {
                out.push_str(&std::mem::take(&mut blanks));
                out.push(c);
            }
        }
    }
    out
}

/// A value as git reads a boolean; `Err` for one git refuses.
fn boolean(value: &str) -> Result<bool, ()> {
    if value.is_empty() {
        return Ok(false);
    }
    for (words, meaning) in [
        (["true", "yes", "on"], true),
        (["false", "no", "off"], false),
    ] {
        if words.iter().any(|word| value.eq_ignore_ascii_case(word)) {
            return Ok(meaning);
        }
    }
    let digits = value
        .strip_suffix(['k', 'K', 'm', 'M', 'g', 'G'])
        .unwrap_or(value);
    digits
        .parse::<i64>()
        .map(|number| number != 0)
        .map_err(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bare(config: &str) -> Result<bool, ()> {
        value(config, "core", "bare").map_or(Ok(false), |setting| setting.boolean())
    }

    #[test]
    fn booleans_are_read_as_git_reads_them() {
        for yes in [
            "1", "yes", "on", "TRUE", "2", "1k", "-1", "\"yes\"", "\"tr\"ue",
        ] {
            assert_eq!(
                bare(&format!("[core]\n\tbare = {yes}\n")),
                Ok(true),
                "{yes}"
            );
        }
        for no in ["0", "no", "off", "false", "", "\"\"", "0m"] {
            assert_eq!(bare(&format!("[core]\n\tbare = {no}\n")), Ok(false), "{no}");
        }
        assert_eq!(bare("[core]\n\tbare = maybe\n"), Err(()));
        assert_eq!(bare("[core]\n\tbare\n"), Ok(true));
        assert_eq!(bare("[core]\n\tbare # a comment\n"), Ok(true));
        assert_eq!(bare("[core] bare = yes\n"), Ok(true));
        assert_eq!(bare("[CORE]\n\tBARE = on ; why\n"), Ok(true));
        // The last value wins; another section or a subsection is not [core].
        assert_eq!(
            bare("[core]\n\tbare = true\n[Core]\n\tbare = off\n"),
            Ok(false)
        );
        assert_eq!(bare("[remote \"core\"]\n\tbare = true\n"), Ok(false));
        assert_eq!(bare("[core \"x\"]\n\tbare = true\n"), Ok(false));
        assert_eq!(bare("[core]\n\tbareness = true\n"), Ok(false));
        assert_eq!(bare("# [core]\n\tbare = true\n"), Ok(false));
    }
}
