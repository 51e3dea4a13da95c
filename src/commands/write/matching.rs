//! Which stored item each item of a snapshot continues (its id, else its text), and the list
//! a snapshot makes of them: whole (`write`), or merged into the stored one (Cursor's
//! `"merge": true`).

use std::collections::HashMap;

use crate::input::Draft;
use crate::plan::model::Item;
use crate::policy::error::{Caller, Gone, Removal, Warning};

/// Cursor's merge: the stored order stays, each named item changes in place, new ones go last.
pub(super) fn merged(old: &[Item], given: Vec<(Option<usize>, Item)>) -> Vec<Item> {
    let mut changes: Vec<Option<Item>> = vec![None; old.len()];
    let mut added = Vec::new();
    for (index, item) in given {
        match index {
            Some(index) => changes[index] = Some(item),
            None => added.push(item),
        }
    }
    let mut todos = Vec::with_capacity(old.len() + added.len());
    for (before, change) in old.iter().zip(changes) {
        todos.push(change.unwrap_or_else(|| before.clone()));
    }
    todos.extend(added);
    todos
}

/// The declarative overwrite: the snapshot's items in its order, each open item it drops named,
/// and every dependency on a dropped item taken out, with a warning.
pub(super) fn replaced(
    old: &[Item],
    given: Vec<(Option<usize>, Item)>,
    warnings: &mut Vec<Warning>,
) -> Vec<Item> {
    let mut claimed = vec![false; old.len()];
    let mut todos = Vec::with_capacity(given.len());
    for (index, item) in given {
        if let Some(index) = index {
            claimed[index] = true;
        }
        todos.push(item);
    }
    let dropped: Vec<Item> = old
        .iter()
        .zip(&claimed)
        .filter(|(_, kept)| !**kept)
        .map(|(item, _)| item.clone())
        .collect();
    // One line however many (SPEC §2): a cleared plan of sixty items is one warning.
    let open: Vec<Gone> = dropped
        .iter()
        .filter(|item| !item.status.is_terminal())
        .map(|item| Gone {
            id: item.id.clone(),
            content: item.content.clone(),
            status: item.status,
        })
        .collect();
    if !open.is_empty() {
        warnings.push(Warning::OpenRemoved {
            items: open,
            by: Removal::Dropped,
            caller: Caller::CommandLine,
        });
    }
    warnings.extend(crate::plan::dependencies::unlink(&mut todos, &dropped));
    todos
}

/// For each draft, the index of the stored item it continues, if any. Linear in both lists.
///
/// Agents send ids of their own (Claude's "1", "2", …) that often coincide with ours for other
/// items, so an id alone must not beat the text: first an item with the same id and text, then
/// one with the same text, then one with the same id (a reworded item), else none.
pub(super) fn match_ids(old: &[Item], drafts: &[Draft]) -> Vec<Option<usize>> {
    let by_id: HashMap<&str, usize> = old
        .iter()
        .enumerate()
        .map(|(i, item)| (item.id.as_str(), i))
        .collect();
    let mut claimed = vec![false; old.len()];
    let mut claim = |index: usize| (!std::mem::replace(&mut claimed[index], true)).then_some(index);
    let id_of = |draft: &Draft| {
        draft
            .requested_id
            .as_deref()
            .and_then(|id| by_id.get(id).copied())
    };
    let mut matches: Vec<Option<usize>> = drafts
        .iter()
        .map(|draft| {
            id_of(draft)
                .filter(|&index| old[index].content == draft.item.content)
                .and_then(&mut claim)
        })
        .collect();
    let mut by_content: HashMap<&str, Vec<usize>> = HashMap::new();
    for (index, item) in old.iter().enumerate().rev() {
        by_content
            .entry(item.content.as_str())
            .or_default()
            .push(index);
    }
    for (slot, draft) in matches.iter_mut().zip(drafts) {
        if slot.is_none() {
            let candidates = by_content.get_mut(draft.item.content.as_str());
            *slot = candidates
                .and_then(|stack| std::iter::from_fn(|| stack.pop()).find_map(&mut claim));
        }
    }
    for (slot, draft) in matches.iter_mut().zip(drafts) {
        if slot.is_none() {
            *slot = id_of(draft).and_then(&mut claim);
        }
    }
    matches
}
