//! Items, statuses and plans, and the rules that make a plan valid.

use serde::{Deserialize, Serialize};

use crate::policy::cap::Cap;
use crate::policy::error::{At, Caller, Fit, Path, Problem, Wrong};
pub use crate::policy::limit::{Limit, Limits};
use crate::policy::name::OWNER;
pub use crate::policy::status::{Stats, Status};
use crate::policy::text::{forbidden_char, forbidden_kind};

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
    /// When the owner's claim ends (RFC 3339): after it, anyone's `next --claim` takes the item
    /// over (`claims`). Set by claims, never by input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_until: Option<String>,
    /// The lease's length in seconds: what each renewal by the owner grants again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_seconds: Option<u64>,
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
            lease_until: None,
            lease_seconds: None,
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

/// Longest accepted `active_form`; it is only shown for the item in progress.
pub const MAX_ACTIVE_FORM_CHARS: usize = Cap::ActiveFormChars.chars();

/// Longest accepted `description`: detail for whoever does the step, not a document.
pub const MAX_DESCRIPTION_CHARS: usize = Cap::DescriptionChars.chars();

/// Checks one line of user text (content, summary, active form) and returns it trimmed.
/// `limit` names the limit that `max_chars` is, if it is one (a configuration key raises it).
pub fn check_text(
    raw: &str,
    at: &At<'_>,
    max_chars: usize,
    limit: Option<Limit>,
    problems: &mut Vec<Problem>,
) -> String {
    // The advice is spelled out only for a text over the limit, not for every item.
    checked(raw, at, max_chars, limit.map(Fit::Limit), false, problems)
}

/// Checks a description: like a line of text, but newlines and tabs may stand in it.
pub fn check_description(raw: &str, at: &At<'_>, problems: &mut Vec<Problem>) -> String {
    checked(
        raw,
        at,
        MAX_DESCRIPTION_CHARS,
        Some(Fit::Description),
        true,
        problems,
    )
}

fn checked(
    raw: &str,
    at: &At<'_>,
    max_chars: usize,
    fit: Option<Fit>,
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
        problems.push(Problem::new(
            at,
            Wrong::Forbidden {
                kind: forbidden_kind(bad),
                code: u32::from(bad),
                multiline,
            },
        ));
        return text.to_owned();
    }
    let chars = if ascii {
        text.len()
    } else {
        text.chars().count()
    };
    if chars > max_chars {
        problems.push(Problem::new(
            at,
            Wrong::TooLong {
                chars,
                max: max_chars,
                fit,
            },
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
pub fn check_list(slots: &[Slot<'_>], path: &Path, limits: &Limits, problems: &mut Vec<Problem>) {
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
    path: &Path,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) {
    if len > limits.max_items {
        problems.push(Problem::new(
            path.clone(),
            Wrong::TooManyItems {
                len,
                finished,
                max: limits.max_items,
                caller: Caller::CommandLine,
            },
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
    path: &Path,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) {
    for (owner, in_progress) in over_limit(slots.iter().copied(), limits) {
        let places = in_progress.iter().map(|i| path.clone().index(*i)).collect();
        problems.push(Problem::new(
            path.clone(),
            Wrong::OverInProgress {
                places,
                owner: owner.map(str::to_owned),
                max: limits.max_in_progress,
            },
        ));
    }
}

/// Checks an owner name (trimmed) by `policy::name::OWNER`; a blank one is no owner.
pub fn check_owner(raw: &str, at: &At<'_>, problems: &mut Vec<Problem>) -> Option<String> {
    let name = raw.trim();
    if name.is_empty() {
        return None;
    }
    if OWNER.broken(name).is_some() {
        problems.push(Problem::new(
            at,
            Wrong::NotOwnerName {
                name: name.to_owned(),
            },
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
    fn text_counts_characters_and_refuses_controls_ascii_or_not() {
        let check = |text: &str, max_chars| {
            let mut problems = Vec::new();
            let kept = check_text(text, &At::Root.key("p"), max_chars, None, &mut problems);
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
            &Path::field("todos"),
            &limits,
            &mut problems,
        );
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].message.to_string().starts_with(
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
                check_owner(good, &At::Root.key("owner"), &mut problems).as_deref(),
                Some(good)
            );
        }
        assert_eq!(
            check_owner("  ", &At::Root.key("owner"), &mut problems),
            None
        );
        assert!(problems.is_empty(), "{problems:?}");
        for bad in [
            "two words",
            "w1\u{1b}[31m",
            "ünïcode",
            &"x".repeat(65),
            "a/b",
        ] {
            assert_eq!(
                check_owner(bad, &At::Root.key("owner"), &mut problems),
                None,
                "{bad:?}"
            );
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
        let kept = check_description(" Steps:\n\t1. run\r\n ", &At::Root.key("d"), &mut problems);
        assert_eq!((kept.as_str(), problems.len()), ("Steps:\n\t1. run", 0));
        check_description("a\u{1b}[31m", &At::Root.key("d"), &mut problems);
        check_description(
            &"x".repeat(MAX_DESCRIPTION_CHARS + 1),
            &At::Root.key("d"),
            &mut problems,
        );
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems[1]
                .message
                .to_string()
                .starts_with("is 2001 characters long, the limit is 2000; keep")
        );
    }
}
