//! Dependencies and readiness (SPEC §3a): which items wait on which, which are ready, cycles,
//! and what removing an item leaves behind. A blocker is resolved when its status `resolves`
//! (completed or cancelled, a row of `STATUSES`); an id that names no item of the list holds
//! nothing up (a hand-edited store may hold one: every change through `todos` cleans them).

use std::collections::HashMap;
use std::ops::ControlFlow;

use chrono::{DateTime, Utc};

use crate::plan::model::{Item, Status};
use crate::policy::error::Warning;
use crate::policy::text::escape;

/// The statuses of a list's items by id, built once for a whole view; left empty when no
/// item waits on another, so a plan without dependencies pays nothing for them.
pub struct Index<'a> {
    status: HashMap<&'a str, Status>,
    /// The time views mark ended leases at (`@w1 lease ended`); `None`: they mark none.
    pub now: Option<DateTime<Utc>>,
}

impl<'a> Index<'a> {
    pub fn new(items: &'a [Item]) -> Self {
        let waits = items.iter().any(|item| !item.blocked_by.is_empty());
        Self {
            status: items
                .iter()
                .take(if waits { items.len() } else { 0 })
                .map(|item| (item.id.as_str(), item.status))
                .collect(),
            now: None,
        }
    }

    /// The index of a view made at `now`, which marks ended leases.
    #[must_use]
    pub fn at(mut self, now: impl Into<Option<DateTime<Utc>>>) -> Self {
        self.now = now.into();
        self
    }

    /// The ids `item` still waits on, in its order.
    pub fn unresolved<'b>(&'b self, item: &'b Item) -> impl Iterator<Item = &'b str> + 'b {
        item.blocked_by
            .iter()
            .map(String::as_str)
            .filter(|id| self.status.get(id).is_some_and(|status| !status.resolves()))
    }

    /// Ready: pending, every blocker resolved, and (for `owner`) no owner or that owner.
    pub fn is_ready(&self, item: &Item, owner: Option<&str>) -> bool {
        item.status == Status::Pending
            && self.unresolved(item).next().is_none()
            && owner.is_none_or(|owner| item.owner.as_deref().is_none_or(|own| own == owner))
    }
}

/// The first ready item in list order, for `owner` if one is given.
pub fn next_ready(items: &[Item], owner: Option<&str>) -> Option<usize> {
    let index = Index::new(items);
    items.iter().position(|item| index.is_ready(item, owner))
}

/// An item as messages name it: `3 "Write the tests"`.
pub fn named(item: &Item) -> String {
    format!("{} \"{}\"", escape(&item.id), escape(&item.content))
}

/// A cycle of dependencies, if the list holds one: the places of its items, each waiting on
/// the next and the last on the first.
pub fn cycle(items: &[Item]) -> Option<Vec<usize>> {
    if items.iter().all(|item| item.blocked_by.is_empty()) {
        return None;
    }
    back_edges(items, |path, _, _, to| {
        let from = path.iter().position(|seen| *seen == to).unwrap_or(0);
        ControlFlow::Break(path[from..].to_vec())
    })
}

/// Every wait that closes a cycle in one depth-first walk (its back edges), as the place of
/// the waiting item and the wait's index in its `blocked_by`: taking them all out leaves no
/// cycle (the merge does, SPEC §6b).
pub fn closing_waits(items: &[Item]) -> Vec<(usize, usize)> {
    let mut cut = Vec::new();
    let _: Option<()> = back_edges(items, |_, node, at, _| {
        cut.push((node, at));
        ControlFlow::Continue(())
    });
    cut
}

/// Where the walk stands with an item.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    New,
    OnPath,
    Done,
}

/// The one walk of the waits between items: depth first from each item in list order, calling
/// `back` with the path walked (places), the waiting item's place, the wait's index in its
/// `blocked_by` and the place waited on, for each wait that leads back onto the path. A wait
/// on an id the list does not hold leads nowhere. Iterative, so a long chain cannot overflow
/// the stack; it stops when `back` breaks, with what it broke with.
fn back_edges<B>(
    items: &[Item],
    mut back: impl FnMut(&[usize], usize, usize, usize) -> ControlFlow<B>,
) -> Option<B> {
    let place: HashMap<&str, usize> = items
        .iter()
        .enumerate()
        .map(|(index, item)| (item.id.as_str(), index))
        .collect();
    let edges: Vec<Vec<Option<usize>>> = items
        .iter()
        .map(|item| {
            item.blocked_by
                .iter()
                .map(|id| place.get(id.as_str()).copied())
                .collect()
        })
        .collect();
    let mut state = vec![State::New; items.len()];
    let mut path: Vec<usize> = Vec::new();
    let mut next: Vec<usize> = Vec::new();
    for start in 0..items.len() {
        if state[start] != State::New {
            continue;
        }
        state[start] = State::OnPath;
        path.push(start);
        next.push(0);
        while let (Some(&node), Some(at)) = (path.last(), next.last_mut()) {
            let Some(wait) = edges[node].get(*at) else {
                state[node] = State::Done;
                path.pop();
                next.pop();
                continue;
            };
            let index = *at;
            *at += 1;
            let Some(to) = *wait else {
                continue;
            };
            match state[to] {
                State::New => {
                    state[to] = State::OnPath;
                    path.push(to);
                    next.push(0);
                }
                State::OnPath => {
                    if let ControlFlow::Break(found) = back(&path, node, index, to) {
                        return Some(found);
                    }
                }
                State::Done => {}
            }
        }
    }
    None
}

/// A cycle in words: `2 "A" waits on 5 "B", which waits on 2 "A"`.
pub fn describe_cycle(items: &[Item], cycle: &[usize]) -> String {
    let mut text = named(&items[cycle[0]]);
    for (step, &index) in cycle.iter().skip(1).chain(cycle.first()).enumerate() {
        let joint = if step == 0 {
            " waits on "
        } else {
            ", which waits on "
        };
        text.push_str(joint);
        text.push_str(&named(&items[index]));
    }
    text
}

/// Takes the ids of `removed` items out of every `blocked_by` of `items`, with one warning per
/// removed item that was blocking some, naming them.
pub fn unlink(items: &mut [Item], removed: &[Item]) -> Vec<Warning> {
    let mut warnings = Vec::new();
    for gone in removed {
        let mut freed = Vec::new();
        for item in items.iter_mut() {
            let before = item.blocked_by.len();
            item.blocked_by.retain(|id| *id != gone.id);
            if item.blocked_by.len() != before {
                freed.push(named(item));
            }
        }
        if !freed.is_empty() {
            warnings.push(Warning::Unlinked {
                gone: named(gone),
                freed,
            });
        }
    }
    warnings
}

/// A warning for each item that `after` has in progress, that was not in progress `before`
/// (by id), and that still waits on blockers: starting it is allowed, but it is named.
pub fn started_early(before: &[Item], after: &[Item]) -> Vec<Warning> {
    if after.iter().all(|item| item.blocked_by.is_empty()) {
        return Vec::new();
    }
    let was_started: HashMap<&str, bool> = before
        .iter()
        .map(|item| (item.id.as_str(), item.status == Status::InProgress))
        .collect();
    let index = Index::new(after);
    after
        .iter()
        .filter(|item| item.status == Status::InProgress)
        .filter(|item| !was_started.get(item.id.as_str()).copied().unwrap_or(false))
        .filter_map(|item| {
            let waits: Vec<String> = index.unresolved(item).map(str::to_owned).collect();
            (!waits.is_empty()).then(|| Warning::StartedEarly {
                item: named(item),
                waits,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: &str, status: Status, blocked_by: &[&str]) -> Item {
        let mut item = Item::new(format!("step {id}"), status);
        item.id = id.to_owned();
        item.blocked_by = blocked_by.iter().map(|id| (*id).to_owned()).collect();
        item
    }

    #[test]
    fn a_blocker_is_resolved_when_completed_or_cancelled() {
        for (status, ready) in [
            (Status::Completed, true),
            (Status::Cancelled, true),
            (Status::Failed, false),
            (Status::Pending, false),
            (Status::InProgress, false),
            (Status::Blocked, false),
        ] {
            let items = [item("1", status, &[]), item("2", Status::Pending, &["1"])];
            let index = Index::new(&items);
            assert_eq!(index.is_ready(&items[1], None), ready, "{status:?}");
        }
    }

    #[test]
    fn next_skips_other_owners_and_waiting_items() {
        let mut items = vec![
            item("1", Status::InProgress, &[]),
            item("2", Status::Pending, &["1"]),
            item("3", Status::Pending, &[]),
            item("4", Status::Pending, &[]),
        ];
        items[2].owner = Some("w1".into());
        assert_eq!(next_ready(&items, None), Some(2));
        assert_eq!(next_ready(&items, Some("w2")), Some(3));
        assert_eq!(next_ready(&items, Some("w1")), Some(2));
    }

    #[test]
    fn cycles_are_found_with_every_item_on_them() {
        let items = [
            item("1", Status::Pending, &[]),
            item("2", Status::Pending, &["4"]),
            item("3", Status::Pending, &["2"]),
            item("4", Status::Pending, &["3", "1"]),
        ];
        let found = cycle(&items).expect("a cycle");
        let mut sorted = found.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3]);
        let text = describe_cycle(&items, &found);
        assert_eq!(
            text,
            "2 \"step 2\" waits on 4 \"step 4\", which waits on 3 \"step 3\", which waits on 2 \"step 2\""
        );
        assert_eq!(cycle(&items[..3]), None);
        let long: Vec<Item> = (0..100_000)
            .map(|i| item(&i.to_string(), Status::Pending, &[&(i + 1).to_string()]))
            .collect();
        assert_eq!(cycle(&long), None);
    }

    #[test]
    fn removing_a_blocker_frees_its_dependents_with_a_warning() {
        let mut items = vec![
            item("2", Status::Pending, &["1", "3"]),
            item("3", Status::Pending, &[]),
        ];
        let gone = item("1", Status::Pending, &[]);
        let warnings = unlink(&mut items, &[gone]);
        assert_eq!(items[0].blocked_by, ["3"]);
        assert_eq!(
            warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["removed item 1 \"step 1\" was blocking 2 \"step 2\": it no longer waits on it"]
        );
    }
}
