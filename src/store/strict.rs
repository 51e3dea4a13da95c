//! A plan read from a file (a store, a history line) is untrusted input, read as strictly as
//! §3 reads what an agent sends (SPEC §9): the tool's decimal ids, none twice, text by the
//! character rules, owners by the owner rule, dependencies inside the list and without a
//! cycle, counters in range. A store that breaks them is `STORE_CORRUPT`; a history line that
//! breaks them is skipped (`history`). Ids reach a shell's command line through completion, and
//! text reaches terminals and agents' contexts: nothing else may pass.

use std::collections::HashSet;

use crate::plan::model::{self, Item, Limits};
use crate::policy::error::{At, Path, Problem, Stored};

/// The highest revision, id or count a file may hold: 2^53 − 1, the largest integer every JSON
/// reader (JavaScript's included) reads exactly. Far beyond any real use, and far enough below
/// `u64::MAX` that a planted value can never make the counter overflow on the next change.
pub const MAX_COUNTER: u64 = (1 << 53) - 1;

/// Whether `id` is an id the tool hands out: decimal digits without a leading zero, from 1 up
/// to `MAX_COUNTER`. Nothing else is ever offered to a shell.
pub fn is_tool_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 16
        && id.bytes().all(|b| b.is_ascii_digit())
        && !id.starts_with('0')
        && id.parse::<u64>().is_ok_and(|n| n <= MAX_COUNTER)
}

/// A counter (revision, id counter, count of finished plans) out of range.
pub fn counter_problem(path: Path, value: u64) -> Option<Problem> {
    (value > MAX_COUNTER).then(|| {
        Problem::new(
            path,
            Stored::CounterBeyond {
                value,
                max: MAX_COUNTER,
            },
        )
    })
}

/// Every way a plan read from a file breaks the rules, each at its path (`todos[2].id`).
/// With `limits`, the plan must also fit them, as a plan to be restored must (a history line);
/// a store is not held to them, since it may have been written under raised limits.
pub fn plan_problems(
    summary: Option<&str>,
    items: &[Item],
    limits: Option<&Limits>,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    let unlimited = usize::MAX;
    if let Some(summary) = summary {
        let max = limits.map_or(unlimited, |l| l.max_summary_chars);
        text(summary, &At::Root.key("summary"), max, &mut problems);
    }
    let mut ids = HashSet::with_capacity(items.len());
    let todos = At::Root.key("todos");
    for (index, item) in items.iter().enumerate() {
        let item_at = todos.index(index);
        let at = |field| item_at.key(field);
        if !is_tool_id(&item.id) {
            problems.push(Problem::new(
                at("id"),
                Stored::NotToolId {
                    id: item.id.clone(),
                },
            ));
        } else if !ids.insert(item.id.as_str()) {
            problems.push(Problem::new(
                at("id"),
                Stored::EarlierId {
                    id: item.id.clone(),
                },
            ));
        }
        let max = limits.map_or(unlimited, |l| l.max_content_chars);
        text(&item.content, &at("content"), max, &mut problems);
        if let Some(active) = &item.active_form {
            text(
                active,
                &at("active_form"),
                model::MAX_ACTIVE_FORM_CHARS,
                &mut problems,
            );
        }
        if let Some(description) = &item.description {
            let mut found = Vec::new();
            let checked = model::check_description(description, &at("description"), &mut found);
            if found.is_empty() && checked != *description {
                found.push(Problem::new(at("description"), Stored::BlanksAround));
            }
            problems.extend(found);
        }
        if let Some(owner) = &item.owner {
            let mut found = Vec::new();
            let checked = model::check_owner(owner, &at("owner"), &mut found);
            if found.is_empty() && checked.as_deref() != Some(owner.as_str()) {
                found.push(Problem::new(at("owner"), Stored::BlankOwner));
            }
            problems.extend(found);
        }
        let blocked_by = at("blocked_by");
        for (n, blocker) in item.blocked_by.iter().enumerate() {
            let path = blocked_by.index(n);
            if *blocker == item.id {
                problems.push(Problem::new(path, Stored::NamesItself));
            } else if !items.iter().any(|other| other.id == *blocker) {
                problems.push(Problem::new(
                    path,
                    Stored::NoSuchBlocker {
                        id: blocker.clone(),
                    },
                ));
            }
        }
    }
    if problems.is_empty()
        && let Some(cycle) = crate::plan::dependencies::cycle(items)
    {
        problems.push(Problem::new(
            Path::field("todos").index(cycle[0]).key("blocked_by"),
            Stored::Cycle {
                described: crate::plan::dependencies::describe_cycle(items, &cycle),
            },
        ));
    }
    if let Some(limits) = limits {
        model::check_list(
            &model::slots(items),
            &Path::field("todos"),
            limits,
            &mut problems,
        );
    }
    problems
}

/// One line of text: not empty, no blanks around it, §3's characters, at most `max` long.
fn text(raw: &str, at: &At<'_>, max: usize, problems: &mut Vec<Problem>) {
    let mut found = Vec::new();
    let checked = model::check_text(raw, at, max, None, &mut found);
    if found.is_empty() {
        if checked.is_empty() {
            found.push(Problem::new(at, Stored::Empty));
        } else if checked != raw {
            found.push(Problem::new(at, Stored::BlanksAround));
        }
    }
    problems.extend(found);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::model::Status;

    fn item(id: &str, content: &str) -> Item {
        Item {
            id: id.into(),
            ..Item::new(content, Status::Pending)
        }
    }

    #[test]
    fn only_the_tools_decimal_ids_pass() {
        for good in ["1", "42", "9007199254740991"] {
            assert!(is_tool_id(good), "{good}");
        }
        for bad in [
            "",
            "0",
            "01",
            "-1",
            "+1",
            " 1",
            "1 ",
            "1;touch${IFS}/tmp/x;:",
            "$(id)",
            "`id`",
            "1\n2",
            "١",
            "9007199254740992",
            "18446744073709551615",
            "99999999999999999999",
            "a",
        ] {
            assert!(!is_tool_id(bad), "{bad:?}");
        }
    }

    #[test]
    fn every_broken_rule_is_named_at_its_path() {
        let mut self_blocked = item("3", "C");
        self_blocked.blocked_by = vec!["3".into(), "9".into()];
        let mut owned = item("4", "D");
        owned.owner = Some("a b".into());
        let items = [
            item("1", "A\u{1b}[2J"),
            item("1", " B"),
            self_blocked,
            owned,
            item("x", "\u{202e}E"),
            item("6", ""),
        ];
        let paths: Vec<String> = plan_problems(Some("S\u{2028}"), &items, None)
            .into_iter()
            .map(|problem| problem.path.to_string())
            .collect();
        assert_eq!(
            paths,
            [
                "summary",
                "todos[0].content",
                "todos[1].id",
                "todos[1].content",
                "todos[2].blocked_by[0]",
                "todos[2].blocked_by[1]",
                "todos[3].owner",
                "todos[4].id",
                "todos[4].content",
                "todos[5].content",
            ]
        );
        let mut a = item("1", "A");
        a.blocked_by = vec!["2".into()];
        let mut b = item("2", "B");
        b.blocked_by = vec!["1".into()];
        let cycle = plan_problems(None, &[a, b], None);
        assert_eq!(cycle.len(), 1, "{cycle:?}");
        assert!(cycle[0].message.to_string().contains("cycle"), "{cycle:?}");
    }

    #[test]
    fn limits_apply_to_a_plan_to_restore_only() {
        let mut items: Vec<Item> = (1..=50).map(|n| item(&n.to_string(), "x")).collect();
        for item in &mut items {
            item.status = Status::InProgress;
        }
        assert!(plan_problems(None, &items, None).is_empty());
        let limits = Limits::default();
        let problems = plan_problems(None, &items, Some(&limits));
        assert_eq!(problems.len(), 2, "{problems:?}");
    }
}
