//! Items, statuses and plans, and the rules that make a plan valid.

use serde::{Deserialize, Serialize};

use crate::error::Problem;
pub use crate::status::{Stats, Status};

/// How much an item matters, as Claude Code sends it. The table is the only list of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    Critical,
    High,
    Medium,
    Low,
}

pub const PRIORITIES: [(Priority, &str); 4] = [
    (Priority::Critical, "critical"),
    (Priority::High, "high"),
    (Priority::Medium, "medium"),
    (Priority::Low, "low"),
];

impl Priority {
    /// Parses a priority, case-insensitively.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        PRIORITIES
            .iter()
            .find(|(_, name)| name.eq_ignore_ascii_case(text))
            .map(|&(priority, _)| priority)
    }

    pub fn as_str(self) -> &'static str {
        PRIORITIES
            .iter()
            .find(|(priority, _)| *priority == self)
            .map_or("", |(_, name)| name)
    }

    pub fn names() -> impl Iterator<Item = &'static str> {
        PRIORITIES.iter().map(|(_, name)| *name)
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
    /// Longer detail (Claude Code tasks and VS Code todos carry one): shown by `--json`, never
    /// in the one-line views.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Ids of items of the same list that must be resolved before this one is ready (SPEC §3a).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked_by: Vec<String>,
    /// Who works on it: an agent's or a person's name (`OWNER_RULE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
}

impl Item {
    /// A new item with only its text and status.
    pub fn new(content: impl Into<String>, status: Status) -> Self {
        Self {
            id: String::new(),
            content: content.into(),
            status,
            active_form: None,
            priority: None,
            description: None,
            blocked_by: Vec::new(),
            owner: None,
        }
    }
}

/// How many items of each status `items` holds.
pub fn stats(items: &[Item]) -> Stats {
    Stats::of(items.iter().map(|item| item.status))
}

/// Whether `item` is work left for `owner`: open, and not held by someone else. Without an
/// owner every open item is. `check` and the agents' stop hook ask it, so that a worker is
/// never kept from stopping by an item another worker holds.
pub fn is_left_for(item: &Item, owner: Option<&str>) -> bool {
    !item.status.is_terminal()
        && owner.is_none_or(|owner| item.owner.as_deref().is_none_or(|own| own == owner))
}

/// True when the list is not empty and every item is terminal: the plan is finished.
pub fn is_finished(items: &[Item]) -> bool {
    !items.is_empty() && items.iter().all(|item| item.status.is_terminal())
}

/// The numbers a plan must stay within; each can be raised by configuration (`LIMITS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_items: usize,
    pub max_content_chars: usize,
    pub max_summary_chars: usize,
    pub max_in_progress: usize,
}

/// One limit: its configuration key and variable, its default, and what to do to fit under it.
/// The configuration, the man page, `prompt`, `schema` and every refusal read this table.
pub struct LimitInfo {
    pub key: &'static str,
    pub env: &'static str,
    pub default: usize,
    /// Said first in a refusal: how to fit the input under the limit.
    pub fit: &'static str,
    /// Said instead of `fit` when finished items are part of what is over the limit, where
    /// finishing more would not help (they still count); `None` where `fit` holds as it is.
    pub fit_when_finished: Option<&'static str>,
    /// Its field in `Limits`.
    pub field: fn(&mut Limits) -> &mut usize,
}

pub const LIMITS: [LimitInfo; 4] = [
    LimitInfo {
        key: "max_items",
        env: "TODOS_MAX_ITEMS",
        default: 10,
        fit: "remove items or merge small steps into one",
        fit_when_finished: Some(
            "finished items still count: remove them (`todos remove ID…`) or start a new plan \
             with `todos write`",
        ),
        field: |limits| &mut limits.max_items,
    },
    LimitInfo {
        key: "max_content_chars",
        env: "TODOS_MAX_CONTENT_CHARS",
        default: 60,
        fit: "shorten the text to what the step is, and put the detail in \"description\"",
        fit_when_finished: None,
        field: |limits| &mut limits.max_content_chars,
    },
    LimitInfo {
        key: "max_summary_chars",
        env: "TODOS_MAX_SUMMARY_CHARS",
        default: 200,
        fit: "shorten the summary to one line saying what the plan is for",
        fit_when_finished: None,
        field: |limits| &mut limits.max_summary_chars,
    },
    LimitInfo {
        key: "max_in_progress",
        env: "TODOS_MAX_IN_PROGRESS",
        default: 1,
        fit: "finish or pause the item in progress first (completed, or back to pending)",
        fit_when_finished: None,
        field: |limits| &mut limits.max_in_progress,
    },
];

/// Longest accepted `active_form`; it is only shown for the item in progress.
pub const MAX_ACTIVE_FORM_CHARS: usize = 200;

/// Longest accepted `description`: detail for whoever does the step, not a document.
pub const MAX_DESCRIPTION_CHARS: usize = 2000;

/// What a refusal of a long description says: how to fit under the limit (it is fixed).
const DESCRIPTION_FIT: &str =
    "keep to what the step needs; put longer notes in a file and name it in the description";

impl Default for Limits {
    fn default() -> Self {
        let mut limits = Self {
            max_items: 0,
            max_content_chars: 0,
            max_summary_chars: 0,
            max_in_progress: 0,
        };
        for info in &LIMITS {
            *(info.field)(&mut limits) = info.default;
        }
        limits
    }
}

impl LimitInfo {
    /// The row of a configuration key.
    pub fn of(key: &str) -> Option<&'static Self> {
        LIMITS.iter().find(|info| info.key == key)
    }

    /// What a refusal says after the numbers: first how to fit, then how to raise the limit.
    pub fn advice(&self) -> String {
        self.advice_with(self.fit)
    }

    /// `advice`, for a list that holds `finished` finished items.
    pub fn advice_when(&self, finished: usize) -> String {
        match self.fit_when_finished {
            Some(fit) if finished > 0 => self.advice_with(fit),
            _ => self.advice(),
        }
    }

    fn advice_with(&self, fit: &str) -> String {
        format!(
            "{fit}; or raise the limit with \"{}\" in .todos.config.json or {}",
            self.key, self.env
        )
    }
}

/// The advice of the limit with configuration key `key` (one of `LIMITS`).
pub fn limit_advice(key: &str) -> String {
    LimitInfo::of(key)
        .map(LimitInfo::advice)
        .unwrap_or_default()
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
fn forbidden_kind(c: char) -> &'static str {
    match c {
        '\u{2028}' | '\u{2029}' => "a line or paragraph separator",
        '\u{FEFF}' => "a byte-order mark",
        c if c.is_control() => "a control character",
        _ => "a bidi override",
    }
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
    // The advice is spelled out only for a text over the limit, not for every item.
    let advice = || limit_key.map(limit_advice);
    checked(raw, path, max_chars, advice, false, problems)
}

/// Checks a description: like a line of text, but newlines and tabs may stand in it.
pub fn check_description(raw: &str, path: &str, problems: &mut Vec<Problem>) -> String {
    checked(
        raw,
        path,
        MAX_DESCRIPTION_CHARS,
        || Some(DESCRIPTION_FIT.to_owned()),
        true,
        problems,
    )
}

fn checked(
    raw: &str,
    path: &str,
    max_chars: usize,
    advice: impl FnOnce() -> Option<String>,
    multiline: bool,
    problems: &mut Vec<Problem>,
) -> String {
    let text = raw.trim();
    let allowed = |c: char| multiline && matches!(c, '\n' | '\t' | '\r');
    // Text that is all ASCII (most of it) is checked a byte at a time, without decoding: every
    // text of every item passes here, which the write benchmark at 10,000 items measures.
    let ascii = text.is_ascii();
    let forbidden = if ascii {
        text.bytes()
            .map(char::from)
            .find(|&c| c.is_ascii_control() && !allowed(c))
    } else {
        text.chars().find(|&c| forbidden_char(c) && !allowed(c))
    };
    if let Some(bad) = forbidden {
        let what = if multiline {
            "text and line breaks"
        } else {
            "one line of printable text"
        };
        problems.push(Problem::new(
            path,
            format!(
                "holds {} (U+{:04X}); use {what}",
                forbidden_kind(bad),
                u32::from(bad)
            ),
        ));
        return text.to_owned();
    }
    let chars = if ascii {
        text.len()
    } else {
        text.chars().count()
    };
    if chars > max_chars {
        let advice = advice()
            .map(|advice| format!("; {advice}"))
            .unwrap_or_default();
        problems.push(Problem::new(
            path,
            format!("is {chars} characters long, the limit is {max_chars}{advice}"),
        ));
    }
    text.to_owned()
}

/// One item as the list's rules see it: its status and its owner.
pub type Slot<'a> = (Status, Option<&'a str>);

/// The slots of stored items.
pub fn slots(items: &[Item]) -> Vec<Slot<'_>> {
    items
        .iter()
        .map(|item| (item.status, item.owner.as_deref()))
        .collect()
}

/// Checks the rules that span the whole list: its length and the number of items in progress.
/// `path` names the list in the input (`todos`, `steps`, `plan`).
pub fn check_list(slots: &[Slot<'_>], path: &str, limits: &Limits, problems: &mut Vec<Problem>) {
    let finished = slots
        .iter()
        .filter(|(status, _)| status.is_terminal())
        .count();
    check_length(slots.len(), finished, path, limits, problems);
    check_in_progress(slots, path, limits, problems);
}

/// Checks the number of items of a list, `finished` of them finished.
pub fn check_length(
    len: usize,
    finished: usize,
    path: &str,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) {
    if len > limits.max_items {
        let advice =
            LimitInfo::of("max_items").map_or_else(String::new, |info| info.advice_when(finished));
        let finished = match finished {
            0 => String::new(),
            n => format!(" ({n} finished)"),
        };
        problems.push(Problem::new(
            path,
            format!(
                "holds {}{finished}, the limit is {}; {advice}",
                crate::render::count(len, "item"),
                limits.max_items,
            ),
        ));
    }
}

/// The in-progress rule: no owner has more items in progress at once than the limit allows.
/// Items without an owner count as one owner, so a lone agent keeps to one item at a time and
/// a team to one item per member (SPEC §3).
pub fn over_in_progress_limit<'a>(
    slots: impl IntoIterator<Item = Slot<'a>>,
    limits: &Limits,
) -> bool {
    !over_limit(slots, limits).is_empty()
}

/// The owners (`None`: no owner) holding more items in progress than the limit, each with the
/// places of its items in progress, in list order.
fn over_limit<'a>(
    slots: impl IntoIterator<Item = Slot<'a>>,
    limits: &Limits,
) -> Vec<(Option<&'a str>, Vec<usize>)> {
    let mut by_owner: Vec<(Option<&str>, Vec<usize>)> = Vec::new();
    for (index, (status, owner)) in slots.into_iter().enumerate() {
        if status != Status::InProgress {
            continue;
        }
        match by_owner.iter_mut().find(|(seen, _)| *seen == owner) {
            Some((_, places)) => places.push(index),
            None => by_owner.push((owner, vec![index])),
        }
    }
    by_owner.retain(|(_, places)| places.len() > limits.max_in_progress);
    by_owner
}

/// Checks the in-progress rule over a list, naming each item in progress of an owner that
/// breaks it.
pub fn check_in_progress(
    slots: &[Slot<'_>],
    path: &str,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) {
    for (owner, in_progress) in over_limit(slots.iter().copied(), limits) {
        let places: Vec<String> = in_progress.iter().map(|i| format!("{path}[{i}]")).collect();
        let (whose, per) = match owner {
            Some(owner) => (format!(" owned by {owner}"), " per owner"),
            None => (String::new(), ""),
        };
        problems.push(Problem::new(
            path,
            format!(
                "has {} in_progress{whose} ({}), at most {}{per} may be; {}",
                crate::render::count(in_progress.len(), "item"),
                places.join(", "),
                limits.max_in_progress,
                limit_advice("max_in_progress")
            ),
        ));
    }
}

/// The longest owner name.
pub const MAX_OWNER_CHARS: usize = 64;

/// The characters an owner name may hold besides ASCII letters and digits.
pub const OWNER_PUNCTUATION: &str = "._-@";

/// Whether `c` may stand in an owner name: a name is shown after `@` in one-line views and
/// matched by `next --owner`, so it is one plain word.
pub fn owner_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || OWNER_PUNCTUATION.contains(c)
}

/// Checks an owner name (trimmed); a blank one is no owner.
pub fn check_owner(raw: &str, path: &str, problems: &mut Vec<Problem>) -> Option<String> {
    let name = raw.trim();
    if name.is_empty() {
        return None;
    }
    let chars = name.chars().count();
    if chars > MAX_OWNER_CHARS || !name.chars().all(owner_char) {
        problems.push(Problem::new(
            path,
            format!(
                "\"{}\" is not an owner name: use 1-{MAX_OWNER_CHARS} letters, digits, \
                 '.', '_', '-' or '@' (e.g. api-agent, w1, ana@example.com)",
                crate::render::escape(&name.chars().take(80).collect::<String>())
            ),
        ));
        return None;
    }
    Some(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priorities_parse_in_any_case() {
        assert_eq!(Priority::parse(" HIGH "), Some(Priority::High));
        assert_eq!(Priority::parse("urgent"), None);
        for name in Priority::names() {
            assert_eq!(Priority::parse(name).map(Priority::as_str), Some(name));
        }
    }

    #[test]
    fn limits_default_from_the_table() {
        let mut limits = Limits::default();
        for info in &LIMITS {
            assert_eq!(*(info.field)(&mut limits), info.default, "{}", info.key);
            assert!(info.env.ends_with(&info.key.to_ascii_uppercase()));
        }
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
            "a\u{2028}b",
            "a\u{2029}b",
            "a\u{feff}b",
        ] {
            assert_eq!(check(bad, 60).1, 1, "{bad:?}");
        }
    }
}

#[cfg(test)]
mod team_tests {
    use super::*;

    #[test]
    fn the_in_progress_rule_counts_per_owner_and_unowned_items_as_one() {
        let limits = Limits::default();
        let ip = Status::InProgress;
        assert!(!over_in_progress_limit(
            [(ip, Some("w1")), (ip, Some("w2")), (ip, None)],
            &limits
        ));
        assert!(over_in_progress_limit([(ip, None), (ip, None)], &limits));
        assert!(over_in_progress_limit(
            [(ip, Some("w1")), (Status::Pending, None), (ip, Some("w1"))],
            &limits
        ));
        let mut problems = Vec::new();
        check_in_progress(
            &[(ip, Some("w1")), (ip, None), (ip, Some("w1"))],
            "todos",
            &limits,
            &mut problems,
        );
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].message.starts_with(
                "has 2 items in_progress owned by w1 (todos[0], todos[2]), at most 1 per owner"
            ),
            "{problems:?}"
        );
    }

    #[test]
    fn owner_names_are_one_plain_word() {
        let mut problems = Vec::new();
        for good in [
            "w1",
            "api-agent",
            "ana@example.com",
            "a.b_c",
            &"x".repeat(64),
        ] {
            assert_eq!(
                check_owner(good, "owner", &mut problems).as_deref(),
                Some(good)
            );
        }
        assert_eq!(check_owner("  ", "owner", &mut problems), None);
        assert!(problems.is_empty(), "{problems:?}");
        for bad in [
            "two words",
            "w1\u{1b}[31m",
            "ünïcode",
            &"x".repeat(65),
            "a/b",
        ] {
            assert_eq!(check_owner(bad, "owner", &mut problems), None, "{bad:?}");
        }
        assert_eq!(problems.len(), 5);
    }
}

#[cfg(test)]
mod description_tests {
    use super::*;

    #[test]
    fn a_description_may_break_lines_but_not_drive_a_terminal() {
        let mut problems = Vec::new();
        let kept = check_description(" Steps:\n\t1. run\r\n ", "d", &mut problems);
        assert_eq!((kept.as_str(), problems.len()), ("Steps:\n\t1. run", 0));
        check_description("a\u{1b}[31m", "d", &mut problems);
        check_description(&"x".repeat(MAX_DESCRIPTION_CHARS + 1), "d", &mut problems);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems[1]
                .message
                .starts_with("is 2001 characters long, the limit is 2000; keep")
        );
    }
}
