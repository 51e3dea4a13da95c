//! Merging two plans that grew apart from a common one (SPEC §6b): what git's merge driver
//! (`todos merge-file`) and `todos resolve` both apply.
//!
//! Items are matched by id against the common plan (the base). An item changed on one side
//! takes that side; changed on both, it takes the status furthest along and, for every other
//! field, ours unless only theirs changed it. Fields are merged as the store holds them (JSON
//! keys), so a field added to `Item` later takes part without a change here; only `id`,
//! `status` and `blocked_by` have rules of their own. Nothing is lost: an item removed on one
//! side and changed on the other is kept, items added on both sides are all kept (theirs after
//! ours), and an item of theirs whose id ours also gave away gets a new id, its dependents'
//! `blocked_by` following it.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::plan::dependencies;
use crate::plan::model::{Item, Limits, Status};
use crate::policy::error::{Bug, Conflict, Error, Plan, Result, Side, Warning};
use crate::store::{Document, FORMAT_VERSION, MAX_COUNTER};

/// A merged plan and what a person should know about it.
#[derive(Debug)]
pub struct Merged {
    pub document: Document,
    /// What the merge decided on its own (an item kept that one side removed, an id given
    /// anew, a dependency on a removed item dropped); the merge is still clean.
    pub warnings: Vec<Warning>,
    /// Where the result breaks the plan's rules (SPEC §3) or a dependency had to go to break
    /// a cycle: the plan is written all the same, and the merge reports a conflict.
    pub problems: Vec<Conflict>,
    /// Theirs' ids given anew: (theirs' id, the id in the merged plan).
    pub renumbered: Vec<(String, String)>,
}

/// How far along a status is: terminal over in progress over the other open ones.
fn progress(status: Status) -> u8 {
    if status.is_terminal() {
        2
    } else {
        u8::from(status == Status::InProgress)
    }
}

/// Merges `ours` and `theirs`, which both grew from `base` (none: no common plan is known,
/// and an item both sides hold with the same id and text is taken to be the same item).
pub fn merge(
    base: Option<&Document>,
    ours: &Document,
    theirs: &Document,
    limits: &Limits,
) -> Result<Merged> {
    let mut merged = Merged {
        document: Document::default(),
        warnings: Vec::new(),
        problems: Vec::new(),
        renumbered: Vec::new(),
    };
    let base_items: HashMap<&str, &Item> = base
        .map(|base| {
            base.todos
                .iter()
                .map(|item| (item.id.as_str(), item))
                .collect()
        })
        .unwrap_or_default();
    let mut counter = [Some(ours), Some(theirs), base]
        .into_iter()
        .flatten()
        .flat_map(|document| {
            let highest = document
                .todos
                .iter()
                .filter_map(|item| item.id.parse::<u64>().ok())
                .map(|id| id.saturating_add(1));
            highest.chain([document.next_id])
        })
        .max()
        .unwrap_or(1);
    let theirs_items = renumber(
        base.is_some(),
        &base_items,
        ours,
        theirs,
        &mut counter,
        &mut merged.renumbered,
    )?;
    for (from, to) in &merged.renumbered {
        merged.warnings.push(Warning::Renumbered {
            from: from.clone(),
            to: to.clone(),
            content: (theirs_items.iter().find(|item| item.id == *to))
                .map(|item| item.content.clone()),
        });
    }
    let mut items = place(&base_items, ours, &theirs_items, &mut merged.warnings)?;
    merged.warnings.extend(drop_dangling(&mut items));
    merged.problems.extend(break_cycles(&mut items, ours));
    let mut problems = Vec::new();
    crate::plan::model::check_list(
        &crate::plan::model::slots(&items),
        &crate::policy::error::Path::field("todos"),
        limits,
        &mut problems,
    );
    merged
        .problems
        .extend(problems.into_iter().map(|problem| Conflict::Rule {
            problem: problem.message,
        }));
    let next_id = items
        .iter()
        .filter_map(|item| item.id.parse::<u64>().ok())
        .map(|id| id.saturating_add(1))
        .chain([counter])
        .max()
        .unwrap_or(counter);
    let summary = match base {
        Some(base) if ours.summary == base.summary => theirs.summary.clone(),
        Some(_) => ours.summary.clone(),
        None => ours.summary.clone().or_else(|| theirs.summary.clone()),
    };
    // Nothing is written that every later command would refuse (SPEC §9).
    let past = |counter: &'static str| -> Error {
        Plan::MergedPastMax {
            counter,
            max: MAX_COUNTER,
        }
        .into()
    };
    let revision = ours
        .revision
        .max(theirs.revision)
        .checked_add(1)
        .filter(|revision| *revision <= MAX_COUNTER)
        .ok_or_else(|| past("revision counter"))?;
    if next_id > MAX_COUNTER {
        return Err(past("id counter"));
    }
    merged.document = Document {
        version: FORMAT_VERSION,
        revision,
        updated_at: later(ours.updated_at.as_ref(), theirs.updated_at.as_ref()),
        // A merged plan is no revision either history recorded: the next change records it
        // and starts the chain `undo` follows from there (SPEC §9).
        history: None,
        next_id,
        summary,
        session: ours.session.clone(),
        todos: items,
        note: None,
    };
    Ok(merged)
}

/// Each item of either side matched by id against the base, in ours' order, then theirs' items
/// ours does not hold (kept ones ours removed, and the ones theirs added).
fn place(
    base_items: &HashMap<&str, &Item>,
    ours: &Document,
    theirs_items: &[Item],
    warnings: &mut Vec<Warning>,
) -> Result<Vec<Item>> {
    let theirs_by_id: HashMap<&str, &Item> = theirs_items
        .iter()
        .map(|item| (item.id.as_str(), item))
        .collect();
    let mut items: Vec<Item> = Vec::with_capacity(ours.todos.len() + theirs_items.len());
    let mut placed: HashSet<&str> = HashSet::new();
    for mine in &ours.todos {
        let id = mine.id.as_str();
        let other = theirs_by_id.get(id).copied();
        if other.is_some() {
            placed.insert(id);
        }
        match (base_items.get(id).copied(), other) {
            (Some(old), Some(other)) => items.push(three_way(old, mine, other)?),
            (Some(old), None) if mine == old => {}
            (Some(_), None) => {
                warnings.push(kept(mine, Side::Theirs, Side::Ours));
                items.push(mine.clone());
            }
            (None, Some(other)) if mine == other => items.push(mine.clone()),
            // No base, the same id and text on both sides (`renumber` gave differing texts
            // new ids): one item that both may have changed.
            (None, Some(other)) => items.push(both_changed(&Map::new(), mine, other)?),
            (None, None) => items.push(mine.clone()),
        }
    }
    for other in theirs_items {
        if placed.contains(other.id.as_str()) {
            continue;
        }
        match base_items.get(other.id.as_str()) {
            Some(old) if other == *old => {}
            Some(_) => {
                warnings.push(kept(other, Side::Ours, Side::Theirs));
                items.push(other.clone());
            }
            None => items.push(other.clone()),
        }
    }
    Ok(items)
}

/// Theirs' items, each added item whose id ours also added (to another item) given a new id
/// from `counter`, and every `blocked_by` of theirs following it. Without a base, an item of
/// both sides is the same item when its text is the same.
fn renumber(
    has_base: bool,
    base_items: &HashMap<&str, &Item>,
    ours: &Document,
    theirs: &Document,
    counter: &mut u64,
    renumbered: &mut Vec<(String, String)>,
) -> Result<Vec<Item>> {
    let ours_by_id: HashMap<&str, &Item> = ours
        .todos
        .iter()
        .map(|item| (item.id.as_str(), item))
        .collect();
    let taken: HashSet<&str> = ours
        .todos
        .iter()
        .chain(&theirs.todos)
        .map(|item| item.id.as_str())
        .chain(base_items.keys().copied())
        .collect();
    let mut moves: HashMap<String, String> = HashMap::new();
    for item in &theirs.todos {
        let id = item.id.as_str();
        let Some(mine) = ours_by_id.get(id) else {
            continue;
        };
        let collides = !base_items.contains_key(id)
            && *mine != item
            && (has_base || mine.content != item.content);
        if !collides {
            continue;
        }
        let fresh = loop {
            let candidate = counter.to_string();
            *counter = counter.checked_add(1).ok_or(Plan::MergedCounterAtMax {
                counter: "id counter",
            })?;
            if !taken.contains(candidate.as_str()) {
                break candidate;
            }
        };
        renumbered.push((item.id.clone(), fresh.clone()));
        moves.insert(item.id.clone(), fresh);
    }
    Ok(theirs
        .todos
        .iter()
        .map(|item| {
            let mut item = item.clone();
            if let Some(fresh) = moves.get(&item.id) {
                item.id.clone_from(fresh);
            }
            for blocker in &mut item.blocked_by {
                if let Some(fresh) = moves.get(blocker) {
                    blocker.clone_from(fresh);
                }
            }
            item
        })
        .collect())
}

/// One item as both sides left it, against the base.
fn three_way(old: &Item, mine: &Item, other: &Item) -> Result<Item> {
    if mine == old {
        return Ok(other.clone());
    }
    if other == old || mine == other {
        return Ok(mine.clone());
    }
    both_changed(&fields(old)?, mine, other)
}

/// An item both sides changed: every field ours unless only theirs changed it (`old` holds
/// the base's fields; none is known when it is empty), and the status furthest along.
fn both_changed(old: &Map<String, Value>, mine: &Item, other: &Item) -> Result<Item> {
    let (ours, theirs) = (fields(mine)?, fields(other)?);
    let mut merged = Map::new();
    for key in ours.keys().chain(theirs.keys()) {
        if merged.contains_key(key) {
            continue;
        }
        let pick = match ours.get(key) {
            value if value == old.get(key) => theirs.get(key),
            value => value,
        };
        if let Some(value) = pick {
            merged.insert(key.clone(), value.clone());
        }
    }
    let mut item: Item =
        serde_json::from_value(Value::Object(merged)).map_err(|err| Bug::MergeItem {
            id: mine.id.clone(),
            why: err.to_string(),
        })?;
    // The status furthest along (ours when they are as far along), and with it the claim of
    // the side it comes from: its owner and lease. A worker who finished the item is the one
    // credited, and no lease of another's stays on it. When both sides left the same status,
    // the owner is merged as any field is (a take-over on one side stands).
    let winner = if progress(other.status) > progress(mine.status) {
        other
    } else {
        mine
    };
    item.status = winner.status;
    if mine.status != other.status {
        item.owner.clone_from(&winner.owner);
        item.lease_until.clone_from(&winner.lease_until);
        item.lease_seconds = winner.lease_seconds;
    }
    Ok(item)
}

/// An item's fields as the store writes them.
fn fields(item: &Item) -> Result<Map<String, Value>> {
    match serde_json::to_value(item) {
        Ok(Value::Object(fields)) => Ok(fields),
        _ => Err(Bug::ItemFields {
            id: item.id.clone(),
        }
        .into()),
    }
}

/// The warning for an item one side removed and the other changed.
fn kept(item: &Item, remover: Side, changer: Side) -> Warning {
    Warning::KeptChanged {
        item: dependencies::named(item),
        remover,
        changer,
    }
}

/// Takes out of every `blocked_by` the ids of items the merge removed, with a warning each.
fn drop_dangling(items: &mut [Item]) -> Vec<Warning> {
    let ids: HashSet<String> = items.iter().map(|item| item.id.clone()).collect();
    let mut warnings = Vec::new();
    for item in items.iter_mut() {
        let gone: Vec<String> = item
            .blocked_by
            .iter()
            .filter(|id| !ids.contains(*id))
            .cloned()
            .collect();
        if gone.is_empty() {
            continue;
        }
        item.blocked_by.retain(|id| ids.contains(id));
        warnings.push(Warning::MergeUnlinked {
            item: dependencies::named(item),
            gone,
        });
    }
    warnings
}

/// Breaks every cycle the two sides' dependencies make together: on each, the wait that ours
/// does not have goes (the last one of the cycle when ours has them all). Each is a problem.
fn break_cycles(items: &mut [Item], ours: &Document) -> Vec<Conflict> {
    let ours_waits: HashSet<(&str, &str)> = ours
        .todos
        .iter()
        .flat_map(|item| {
            item.blocked_by
                .iter()
                .map(move |blocker| (item.id.as_str(), blocker.as_str()))
        })
        .collect();
    let mut problems = Vec::new();
    // Each round takes one wait out, so there are at most as many rounds as waits; past
    // `CYCLES_NAMED` rounds, the rest go in one pass (each round reads the whole plan, so a
    // hostile branch's thousands of cycles would take minutes).
    let waits: usize = items.iter().map(|item| item.blocked_by.len()).sum();
    for round in 0..waits {
        let Some(cycle) = dependencies::cycle(items) else {
            break;
        };
        if round == CYCLES_NAMED {
            let cut = cut_back_edges(items);
            problems.push(Conflict::ManyCycles { cut });
            break;
        }
        let described = dependencies::describe_cycle(items, &cycle);
        let edges: Vec<(usize, usize)> = cycle
            .iter()
            .zip(cycle.iter().skip(1).chain(cycle.first()))
            .map(|(&from, &to)| (from, to))
            .collect();
        let Some(&(from, to)) = edges
            .iter()
            .find(|(from, to)| {
                !ours_waits.contains(&(items[*from].id.as_str(), items[*to].id.as_str()))
            })
            .or(edges.last())
        else {
            break;
        };
        let blocker = items[to].id.clone();
        items[from].blocked_by.retain(|id| *id != blocker);
        problems.push(Conflict::Cycle {
            cycle: described,
            item: dependencies::named(&items[from]),
            blocker,
        });
    }
    problems
}

/// The most cycles the merge breaks one by one, each named in its own problem.
const CYCLES_NAMED: usize = crate::policy::cap::Cap::CyclesNamed.chars();

/// Takes out every wait that closes a cycle (`dependencies::closing_waits`), so no cycle is
/// left; how many went.
fn cut_back_edges(items: &mut [Item]) -> usize {
    let cut = dependencies::closing_waits(items);
    // Taken out from the last, so each index still names its wait.
    for &(node, at) in cut.iter().rev() {
        items[node].blocked_by.remove(at);
    }
    cut.len()
}

/// The later of two RFC 3339 times (ours when they cannot be compared).
fn later(ours: Option<&String>, theirs: Option<&String>) -> Option<String> {
    let parse = |text: &String| chrono::DateTime::parse_from_rfc3339(text).ok();
    match (ours, theirs) {
        (Some(mine), Some(other)) => match (parse(mine), parse(other)) {
            (Some(a), Some(b)) if b > a => Some(other.clone()),
            _ => Some(mine.clone()),
        },
        (mine, other) => mine.or(other).cloned(),
    }
}

#[cfg(test)]
mod tests;
