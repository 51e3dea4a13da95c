//! Items, statuses and plans, and the rules that make a plan valid.

use serde::{Deserialize, Serialize};

use crate::error::Problem;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Pending,
    InProgress,
    Completed,
    Cancelled,
    Failed,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Self::Pending,
        Self::InProgress,
        Self::Completed,
        Self::Cancelled,
        Self::Failed,
    ];

    /// Every spelling an agent's todo tool uses, lower-cased, with the status it means.
    const ALIASES: [(&'static str, Status); 11] = [
        ("pending", Self::Pending),
        ("todo", Self::Pending),
        ("in_progress", Self::InProgress),
        ("running", Self::InProgress),
        ("active", Self::InProgress),
        ("doing", Self::InProgress),
        ("completed", Self::Completed),
        ("done", Self::Completed),
        ("cancelled", Self::Cancelled),
        ("canceled", Self::Cancelled),
        ("failed", Self::Failed),
    ];

    /// Parses a status or one of its aliases, case-insensitively (`In-Progress` is `in_progress`).
    pub fn parse(text: &str) -> Option<Self> {
        // Compared in place, not lower-cased into a new `String`: every item of every input
        // passes here, and a plan may hold 10,000 of them.
        let same = |name: &str, text: &str| {
            name.len() == text.len()
                && name
                    .bytes()
                    .zip(text.bytes())
                    .all(|(n, t)| n == t.to_ascii_lowercase() || (n == b'_' && t == b'-'))
        };
        let text = text.trim();
        Self::ALIASES
            .iter()
            .find(|(name, _)| same(name, text))
            .map(|&(_, status)| status)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::InProgress => "in_progress",
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
            Self::Failed => "failed",
        }
    }

    /// Completed, cancelled and failed items are done: nothing more will happen to them.
    pub fn is_terminal(self) -> bool {
        matches!(self, Self::Completed | Self::Cancelled | Self::Failed)
    }

    pub fn accepted_spellings() -> String {
        let names: Vec<&str> = Self::ALIASES.iter().map(|(name, _)| *name).collect();
        names.join(", ")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    Critical,
    High,
    Medium,
    Low,
}

impl Priority {
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        [
            ("critical", Self::Critical),
            ("high", Self::High),
            ("medium", Self::Medium),
            ("low", Self::Low),
        ]
        .into_iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(text))
        .map(|(_, priority)| priority)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    pub id: String,
    pub content: String,
    pub status: Status,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_form: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<Priority>,
}

/// How many items of each status a list holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub total: usize,
    pub pending: usize,
    pub in_progress: usize,
    pub completed: usize,
    pub cancelled: usize,
    pub failed: usize,
}

impl Stats {
    pub fn of(items: &[Item]) -> Self {
        let mut stats = Self {
            total: items.len(),
            ..Self::default()
        };
        for item in items {
            *match item.status {
                Status::Pending => &mut stats.pending,
                Status::InProgress => &mut stats.in_progress,
                Status::Completed => &mut stats.completed,
                Status::Cancelled => &mut stats.cancelled,
                Status::Failed => &mut stats.failed,
            } += 1;
        }
        stats
    }

    pub fn done(&self) -> usize {
        self.completed + self.cancelled + self.failed
    }

    pub fn open(&self) -> usize {
        self.total - self.done()
    }

    pub fn count(&self, status: Status) -> usize {
        match status {
            Status::Pending => self.pending,
            Status::InProgress => self.in_progress,
            Status::Completed => self.completed,
            Status::Cancelled => self.cancelled,
            Status::Failed => self.failed,
        }
    }
}

/// True when the list is not empty and every item is terminal: the plan is finished.
pub fn is_finished(items: &[Item]) -> bool {
    !items.is_empty() && items.iter().all(|item| item.status.is_terminal())
}

/// The numbers a plan must stay within; each can be raised by configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_items: usize,
    pub max_content_chars: usize,
    pub max_summary_chars: usize,
    pub max_in_progress: usize,
}

/// Longest accepted `active_form`; it is only shown for the item in progress.
pub const MAX_ACTIVE_FORM_CHARS: usize = 200;

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_items: 10,
            max_content_chars: 60,
            max_summary_chars: 200,
            max_in_progress: 1,
        }
    }
}

/// Where a limit comes from, so a refusal can say how to raise it.
pub fn raise_hint(key: &str) -> String {
    format!(
        "raise it with \"{key}\" in .todos.config.json or TODOS_{}",
        key.to_ascii_uppercase()
    )
}

/// Why a character may not stand in one line of text: control characters and bidi overrides
/// could rewrite a terminal or hide text from a reviewer.
pub fn forbidden_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Checks one line of user text (content, summary, active form) and returns it trimmed.
/// `limit_key` names the configuration key that raises `max_chars`, if any does.
pub fn check_text(
    raw: &str,
    path: &str,
    max_chars: usize,
    limit_key: Option<&str>,
    problems: &mut Vec<Problem>,
) -> String {
    let text = raw.trim();
    // Every content, summary and active form of every input passes here. Text that is all
    // ASCII (most of it) is checked a byte at a time, without decoding characters.
    let (forbidden, chars) = if text.is_ascii() {
        let bad = text.bytes().find(|&b| b < 0x20 || b == 0x7f);
        (bad.map(char::from), text.len())
    } else {
        (
            text.chars().find(|&c| forbidden_char(c)),
            text.chars().count(),
        )
    };
    if let Some(bad) = forbidden {
        let what = if bad.is_control() {
            "a control character"
        } else {
            "a bidi override"
        };
        problems.push(Problem::new(
            path,
            format!(
                "holds {what} (U+{:04X}); use one line of printable text",
                u32::from(bad)
            ),
        ));
        return text.to_owned();
    }
    if chars > max_chars {
        let raise = limit_key
            .map(|key| format!("; {}", raise_hint(key)))
            .unwrap_or_default();
        problems.push(Problem::new(
            path,
            format!("is {chars} characters long, the limit is {max_chars}{raise}"),
        ));
    }
    text.to_owned()
}

/// Checks the rules that span the whole list: its length and the number of items in progress.
/// `path` names the list in the input (`todos`, `steps`, `plan`).
pub fn check_list(statuses: &[Status], path: &str, limits: &Limits, problems: &mut Vec<Problem>) {
    if statuses.len() > limits.max_items {
        problems.push(Problem::new(
            path,
            format!(
                "holds {} items, the limit is {}; {}",
                statuses.len(),
                limits.max_items,
                raise_hint("max_items")
            ),
        ));
    }
    check_in_progress(statuses, path, limits, problems);
}

/// Checks that no more items are in progress than the limit allows, naming each of them.
pub fn check_in_progress(
    statuses: &[Status],
    path: &str,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) {
    let in_progress: Vec<usize> = statuses
        .iter()
        .enumerate()
        .filter(|(_, status)| **status == Status::InProgress)
        .map(|(index, _)| index)
        .collect();
    if in_progress.len() > limits.max_in_progress {
        let places: Vec<String> = in_progress.iter().map(|i| format!("{path}[{i}]")).collect();
        problems.push(Problem::new(
            path,
            format!(
                "has {} items in_progress ({}), at most {} may be; finish or pause the others first, or {}",
                in_progress.len(),
                places.join(", "),
                limits.max_in_progress,
                raise_hint("max_in_progress")
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_and_priorities_parse_in_any_case_and_spelling() {
        for (text, status) in [
            ("pending", Status::Pending),
            (" In-Progress ", Status::InProgress),
            ("IN_PROGRESS", Status::InProgress),
            ("Doing", Status::InProgress),
            ("DONE", Status::Completed),
            ("canceled", Status::Cancelled),
        ] {
            assert_eq!(Status::parse(text), Some(status), "{text:?}");
        }
        for text in ["", "in progress", "in-progres", "completed!", "pénding"] {
            assert_eq!(Status::parse(text), None, "{text:?}");
        }
        assert_eq!(Priority::parse(" HIGH "), Some(Priority::High));
        assert_eq!(Priority::parse("urgent"), None);
    }

    #[test]
    fn text_counts_characters_and_refuses_controls_ascii_or_not() {
        let check = |text: &str, max_chars| {
            let mut problems = Vec::new();
            let kept = check_text(text, "p", max_chars, None, &mut problems);
            (kept, problems.len())
        };
        assert_eq!(check("  plain  ", 5), ("plain".to_owned(), 0));
        assert_eq!(check("plain", 4).1, 1);
        assert_eq!(check("中文内容", 4), ("中文内容".to_owned(), 0));
        assert_eq!(check("中文内容", 3).1, 1);
        for bad in [
            "a\u{7}b",
            "a\u{7f}b",
            "中\u{1b}文",
            "a\u{9b}b",
            "a\u{202e}b",
        ] {
            assert_eq!(check(bad, 60).1, 1, "{bad:?}");
        }
    }
}
