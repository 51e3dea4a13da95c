//! The merge rules, case by case, and a property: nothing either side changed or added is lost.

use proptest::prelude::*;

use super::*;

fn item(id: &str, content: &str, status: Status) -> Item {
    Item {
        id: id.to_owned(),
        ..Item::new(content, status)
    }
}

fn plan(items: &[Item]) -> Document {
    let next_id = items
        .iter()
        .filter_map(|item| item.id.parse::<u64>().ok())
        .max()
        .map_or(1, |id| id + 1);
    Document {
        revision: 3,
        next_id,
        summary: Some("Ship".to_owned()),
        todos: items.to_vec(),
        ..Document::default()
    }
}

fn run(base: Option<&Document>, ours: &Document, theirs: &Document) -> Merged {
    merge(base, ours, theirs, &Limits::default()).expect("merges")
}

/// (id, status, content) of each merged item, in order.
fn rows(merged: &Merged) -> Vec<(String, &'static str, String)> {
    merged
        .document
        .todos
        .iter()
        .map(|item| (item.id.clone(), item.status.as_str(), item.content.clone()))
        .collect()
}

fn row(id: &str, status: &'static str, content: &str) -> (String, &'static str, String) {
    (id.to_owned(), status, content.to_owned())
}

const P: Status = Status::Pending;
const IP: Status = Status::InProgress;
const DONE: Status = Status::Completed;

#[test]
fn a_change_on_one_side_takes_that_side() {
    let base = plan(&[item("1", "A", P), item("2", "B", P)]);
    let ours = plan(&[item("1", "A", DONE), item("2", "B", P)]);
    let theirs = plan(&[item("1", "A", P), item("2", "B2", P)]);
    let merged = run(Some(&base), &ours, &theirs);
    assert_eq!(
        rows(&merged),
        [row("1", "completed", "A"), row("2", "pending", "B2")]
    );
    assert!(merged.warnings.is_empty() && merged.problems.is_empty());
}

#[test]
fn a_change_on_both_takes_the_status_furthest_along_and_ours_for_the_rest() {
    let base = plan(&[item("1", "A", P), item("2", "B", P), item("3", "C", DONE)]);
    let mut ours = plan(&[
        item("1", "A ours", P),
        item("2", "B", IP),
        item("3", "C", DONE),
    ]);
    ours.todos[2].description = Some("ours".to_owned());
    let mut theirs = plan(&[
        item("1", "A theirs", DONE),
        item("2", "B2", P),
        item("3", "C", P),
    ]);
    theirs.todos[0].owner = Some("w2".to_owned());
    theirs.todos[1].priority = Some(crate::plan::model::Priority::High);
    theirs.todos[2].description = Some("theirs".to_owned());
    let merged = run(Some(&base), &ours, &theirs);
    assert_eq!(
        rows(&merged),
        [
            row("1", "completed", "A ours"),
            row("2", "in_progress", "B2"),
            row("3", "completed", "C"),
        ]
    );
    let items = &merged.document.todos;
    assert_eq!(
        items[0].owner.as_deref(),
        Some("w2"),
        "only theirs changed it"
    );
    assert_eq!(items[1].priority, Some(crate::plan::model::Priority::High));
    assert_eq!(
        items[2].description.as_deref(),
        Some("ours"),
        "both changed it: ours"
    );
}

#[test]
fn a_field_one_side_cleared_stays_cleared() {
    let mut base = plan(&[item("1", "A", P)]);
    base.todos[0].owner = Some("w1".to_owned());
    base.todos[0].description = Some("d".to_owned());
    let mut ours = base.clone();
    ours.todos[0].owner = None;
    ours.todos[0].status = IP;
    let mut theirs = base.clone();
    theirs.todos[0].description = None;
    theirs.todos[0].content = "A2".to_owned();
    let merged = run(Some(&base), &ours, &theirs);
    let merged = &merged.document.todos[0];
    assert_eq!(
        (merged.owner.as_deref(), merged.description.as_deref()),
        (None, None)
    );
    assert_eq!((merged.content.as_str(), merged.status), ("A2", IP));
}

#[test]
fn removed_on_one_side_and_changed_on_the_other_is_kept_with_a_warning() {
    let base = plan(&[item("1", "A", P), item("2", "B", P), item("3", "C", P)]);
    let ours = plan(&[item("1", "A", DONE), item("3", "C", P)]);
    let theirs = plan(&[item("2", "B", DONE), item("3", "C", P)]);
    let merged = run(Some(&base), &ours, &theirs);
    assert_eq!(
        rows(&merged),
        [
            row("1", "completed", "A"),
            row("3", "pending", "C"),
            row("2", "completed", "B")
        ]
    );
    assert_eq!(merged.warnings.len(), 2, "{:?}", merged.warnings);
    assert!(
        merged.warnings[0]
            .to_string()
            .contains("removed on theirs and changed on ours")
    );
}

#[test]
fn removed_on_one_side_and_untouched_on_the_other_is_gone_and_its_waits_with_it() {
    let base = plan(&[item("1", "A", P), item("2", "B", P)]);
    let ours = plan(&[item("2", "B", P)]);
    let mut theirs = plan(&[item("1", "A", P), item("2", "B", P), item("3", "C", P)]);
    theirs.todos[2].blocked_by = vec!["1".to_owned()];
    let merged = run(Some(&base), &ours, &theirs);
    assert_eq!(
        rows(&merged),
        [row("2", "pending", "B"), row("3", "pending", "C")]
    );
    assert!(merged.document.todos[1].blocked_by.is_empty());
    assert_eq!(merged.warnings.len(), 1, "{:?}", merged.warnings);
    assert!(merged.problems.is_empty());
}

#[test]
fn added_on_both_sides_all_kept_theirs_renumbered_with_their_waits() {
    let base = plan(&[item("1", "A", P)]);
    let mut ours = plan(&[item("1", "A", P), item("2", "Ours new", P)]);
    ours.next_id = 3;
    let mut theirs = plan(&[
        item("1", "A", P),
        item("2", "Theirs new", P),
        item("3", "Theirs next", P),
    ]);
    theirs.todos[2].blocked_by = vec!["2".to_owned()];
    theirs.todos[0].blocked_by = vec!["3".to_owned(), "2".to_owned()];
    let merged = run(Some(&base), &ours, &theirs);
    assert_eq!(
        rows(&merged),
        [
            row("1", "pending", "A"),
            row("2", "pending", "Ours new"),
            row("4", "pending", "Theirs new"),
            row("3", "pending", "Theirs next"),
        ]
    );
    assert_eq!(merged.renumbered, [("2".to_owned(), "4".to_owned())]);
    assert_eq!(merged.document.todos[3].blocked_by, ["4"]);
    assert_eq!(
        merged.document.todos[0].blocked_by,
        ["3", "4"],
        "theirs' change follows too"
    );
    assert_eq!(merged.document.next_id, 5);
}

#[test]
fn the_same_item_added_on_both_sides_is_kept_once() {
    let base = plan(&[]);
    let ours = plan(&[item("1", "A", P)]);
    let theirs = plan(&[item("1", "A", P)]);
    assert_eq!(
        rows(&run(Some(&base), &ours, &theirs)),
        [row("1", "pending", "A")]
    );
}

#[test]
fn without_a_base_both_sides_items_are_kept() {
    let ours = plan(&[
        item("1", "A", DONE),
        item("2", "B", P),
        item("3", "Mine", P),
    ]);
    let mut theirs = plan(&[item("1", "A", IP), item("2", "B", P), item("3", "Yours", P)]);
    theirs.todos[1].owner = Some("w1".to_owned());
    let merged = run(None, &ours, &theirs);
    assert_eq!(
        rows(&merged),
        [
            row("1", "completed", "A"),
            row("2", "pending", "B"),
            row("3", "pending", "Mine"),
            row("4", "pending", "Yours"),
        ]
    );
    assert_eq!(merged.document.todos[1].owner.as_deref(), Some("w1"));
}

#[test]
fn summary_revision_counter_and_session() {
    let base = plan(&[item("1", "A", P)]);
    let mut ours = base.clone();
    ours.revision = 9;
    ours.next_id = 7;
    ours.session = Some(crate::store::Session {
        id: "ours".to_owned(),
        started_at: "2025-01-01T00:00:00Z".to_owned(),
        log_file: "todoList-20250101-000000.md".to_owned(),
        completed_plans: 0,
    });
    let mut theirs = base.clone();
    theirs.revision = 12;
    theirs.summary = Some("Theirs".to_owned());
    theirs.updated_at = Some("2025-01-03T00:00:00Z".to_owned());
    let merged = run(Some(&base), &ours, &theirs).document;
    assert_eq!(
        merged.summary.as_deref(),
        Some("Theirs"),
        "only theirs changed it"
    );
    assert_eq!((merged.revision, merged.next_id), (13, 7));
    assert_eq!(
        merged.session.map(|session| session.id).as_deref(),
        Some("ours")
    );
    assert_eq!(merged.updated_at.as_deref(), Some("2025-01-03T00:00:00Z"));
    ours.summary = Some("Ours".to_owned());
    let merged = run(Some(&base), &ours, &theirs).document;
    assert_eq!(
        merged.summary.as_deref(),
        Some("Ours"),
        "both changed it: ours"
    );
}

#[test]
fn a_result_that_breaks_the_rules_is_kept_and_reported() {
    let base = plan(&[item("1", "A", P), item("2", "B", P)]);
    let ours = plan(&[item("1", "A", IP), item("2", "B", P)]);
    let mut theirs = plan(&[item("1", "A", P), item("2", "B", IP)]);
    for n in 3..=11 {
        theirs.todos.push(item(&n.to_string(), &format!("T{n}"), P));
    }
    let merged = run(Some(&base), &ours, &theirs);
    assert_eq!(merged.document.todos.len(), 11);
    assert_eq!(merged.problems.len(), 2, "{:?}", merged.problems);
    assert!(
        merged.problems[0]
            .to_string()
            .contains("holds 11 items, the limit is 10")
    );
    assert!(
        merged.problems[1]
            .to_string()
            .contains("2 items in_progress")
    );
}

#[test]
fn a_cycle_the_two_sides_make_together_loses_theirs_wait() {
    let base = plan(&[item("1", "A", P), item("2", "B", P)]);
    let mut ours = base.clone();
    ours.todos[0].blocked_by = vec!["2".to_owned()];
    let mut theirs = base.clone();
    theirs.todos[1].blocked_by = vec!["1".to_owned()];
    let merged = run(Some(&base), &ours, &theirs);
    assert_eq!(merged.document.todos[0].blocked_by, ["2"]);
    assert!(merged.document.todos[1].blocked_by.is_empty());
    assert_eq!(merged.problems.len(), 1);
    assert!(
        merged.problems[0].to_string().contains("cycle"),
        "{:?}",
        merged.problems
    );
}

/// A hostile branch that makes thousands of cycles with ours: the first ones are named one by
/// one, the rest broken in one pass (each round reads the whole plan: 10,000 rounds took
/// minutes), every item kept and no cycle left.
#[test]
fn thousands_of_cycles_are_broken_in_one_pass_past_the_first() {
    let pairs = 2_000;
    let base = plan(
        &(1..=2 * pairs)
            .map(|id| item(&id.to_string(), &format!("item {id}"), P))
            .collect::<Vec<_>>(),
    );
    let (mut ours, mut theirs) = (base.clone(), base.clone());
    for pair in 0..pairs {
        let (a, b) = (2 * pair, 2 * pair + 1);
        ours.todos[a].blocked_by = vec![(b + 1).to_string()];
        theirs.todos[b].blocked_by = vec![(a + 1).to_string()];
    }
    let merged = run(Some(&base), &ours, &theirs);
    let items = &merged.document.todos;
    assert_eq!(items.len(), 2 * pairs);
    assert!(dependencies::cycle(items).is_none());
    for pair in 0..pairs {
        let waits = items[2 * pair].blocked_by.len() + items[2 * pair + 1].blocked_by.len();
        assert_eq!(waits, 1, "pair {pair}: one of its two waits goes");
    }
    let cycles = merged
        .problems
        .iter()
        .filter(|p| p.to_string().contains("cycle"))
        .count();
    assert_eq!(cycles, CYCLES_NAMED + 1, "{:?}", &merged.problems[..3]);
}

#[test]
fn fields_the_store_may_hold_later_merge_without_a_change_here() {
    // The rule runs on JSON keys: a key neither side has ever seen is merged as any other.
    let old: Map<String, Value> = serde_json::from_str(r#"{"lease_until":"a"}"#).unwrap();
    let mut mine = item("1", "A", P);
    mine.content = "A2".to_owned();
    let other = item("1", "A", IP);
    let merged = both_changed(&old, &mine, &other).unwrap();
    assert_eq!((merged.content.as_str(), merged.status), ("A2", IP));
}

/// A random plan of a few items, ids 1.., statuses and texts from small sets.
fn arb_plan() -> impl Strategy<Value = Vec<(u8, u8)>> {
    prop::collection::vec((0_u8..4, 0_u8..6), 0..6)
}

/// Builds a side from the base: each base item kept, changed or removed, plus new items.
fn side(base: &Document, edits: &[(u8, u8)], added: &[(u8, u8)], tag: &str) -> Document {
    let statuses = Status::all().collect::<Vec<_>>();
    let mut document = base.clone();
    document.todos.clear();
    for (index, old) in base.todos.iter().enumerate() {
        let (op, value) = edits.get(index).copied().unwrap_or((0, 0));
        let mut item = old.clone();
        match op {
            0 => {}
            1 => continue,
            2 => item.status = statuses[usize::from(value) % statuses.len()],
            _ => item.content = format!("{} {tag}{value}", item.content),
        }
        document.todos.push(item);
    }
    for (n, (_, value)) in added.iter().enumerate() {
        let id = base.next_id + u64::try_from(n).unwrap();
        let mut item = item(
            &id.to_string(),
            &format!("new {tag}{n}"),
            statuses[usize::from(*value) % statuses.len()],
        );
        if n > 0 && value % 2 == 0 {
            item.blocked_by = vec![(id - 1).to_string()];
        }
        document.todos.push(item);
    }
    document.next_id = base.next_id + u64::try_from(added.len()).unwrap();
    document
}

proptest! {
    #[test]
    fn nothing_either_side_changed_or_added_is_lost(
        base_items in arb_plan(),
        ours_edits in arb_plan(),
        theirs_edits in arb_plan(),
        ours_added in arb_plan(),
        theirs_added in arb_plan(),
    ) {
        let base = plan(&base_items.iter().enumerate().map(|(n, (_, s))| {
            item(&(n + 1).to_string(), &format!("base {n}"), Status::all().nth(usize::from(*s) % 6).unwrap())
        }).collect::<Vec<_>>());
        let ours = side(&base, &ours_edits, &ours_added, "o");
        let theirs = side(&base, &theirs_edits, &theirs_added, "t");
        let limits = Limits { max_items: 100, max_in_progress: 100, ..Limits::default() };
        let merged = merge(Some(&base), &ours, &theirs, &limits).unwrap();
        let result = &merged.document;
        // A store every command reads: the strict loader takes it back as it is.
        let bytes = result.to_bytes().unwrap();
        prop_assert_eq!(&crate::store::Store::decode(&bytes).unwrap(), result);
        prop_assert!(result.revision > ours.revision.max(theirs.revision));
        let contents: Vec<&str> = result.todos.iter().map(|item| item.content.as_str()).collect();
        for (side, other) in [(&ours, &theirs), (&theirs, &ours)] {
            for item in &side.todos {
                let old = base.todos.iter().find(|old| old.id == item.id);
                match old {
                    // Added: kept with its text.
                    None => prop_assert!(contents.contains(&item.content.as_str()), "{:?} lost", item),
                    // Changed: kept (under its id).
                    Some(old) if old != item => prop_assert!(result.todos.iter().any(|kept| kept.id == item.id)),
                    // Untouched: kept unless the other side removed it untouched.
                    Some(_) => {
                        let removed = !other.todos.iter().any(|o| o.id == item.id);
                        prop_assert_eq!(result.todos.iter().any(|kept| kept.id == item.id), !removed);
                    }
                }
            }
        }
        let ids: std::collections::HashSet<u64> = result.todos.iter().map(|item| item.id.parse().unwrap()).collect();
        prop_assert_eq!(ids.len(), result.todos.len());
        prop_assert!(ids.iter().all(|id| *id < result.next_id));
        prop_assert!(merged.problems.is_empty(), "{:?}", merged.problems);
    }
}

proptest! {
    #[test]
    fn without_a_base_every_item_of_both_sides_is_kept(
        ours_items in arb_plan(),
        theirs_items in arb_plan(),
    ) {
        let statuses: Vec<Status> = Status::all().collect();
        let build = |rows: &[(u8, u8)], tag: &str| {
            plan(&rows.iter().enumerate().map(|(n, (same, s))| {
                // Some items the two sides share (same id and text), some only one has.
                let text = if *same == 0 { format!("shared {n}") } else { format!("{tag} {n}") };
                item(&(n + 1).to_string(), &text, statuses[usize::from(*s) % statuses.len()])
            }).collect::<Vec<_>>())
        };
        let (ours, theirs) = (build(&ours_items, "o"), build(&theirs_items, "t"));
        let limits = Limits { max_items: 100, max_in_progress: 100, ..Limits::default() };
        let merged = merge(None, &ours, &theirs, &limits).unwrap();
        let contents: Vec<&str> = merged.document.todos.iter().map(|item| item.content.as_str()).collect();
        for item in ours.todos.iter().chain(&theirs.todos) {
            prop_assert!(contents.contains(&item.content.as_str()), "{:?} lost", item);
        }
        let bytes = merged.document.to_bytes().unwrap();
        prop_assert_eq!(&crate::store::Store::decode(&bytes).unwrap(), &merged.document);
    }
}
