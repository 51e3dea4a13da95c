//! Claims between workers (SPEC §3a): leases that end, owners whose items others may not
//! change, and take-overs. Every rule here reads the one clock the context gives it (`TODOS_NOW`
//! in tests), so a test moves the clock instead of sleeping.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{DateTime, FixedOffset, Utc};

use crate::plan::dependencies::{Index, named};
use crate::plan::model::{Item, Status};
use crate::policy::cap::Cap;
use crate::policy::error::{LeaseState, Path, Plan, Result, Wrong};

/// The units a lease may be given in, with their length in seconds.
const UNITS: [(char, u64, &str); 3] =
    [('s', 1, "second"), ('m', 60, "minute"), ('h', 3600, "hour")];

/// The longest lease: a week. A worker that needs longer renews it.
pub const MAX_LEASE: Duration = Duration::from_secs(Cap::LeaseSeconds.value());

/// A lease's length, `None` for "none" (no lease). Whole units only, at least one second, at
/// most `MAX_LEASE`.
pub fn parse_lease(text: &str) -> std::result::Result<Option<Duration>, Wrong> {
    let text = text.trim();
    let not_lease = |unit_missing| Wrong::NotLease {
        text: text.to_owned(),
        unit_missing,
    };
    if text.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let mut total: u64 = 0;
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let Some(&(_, seconds, _)) = UNITS.iter().find(|(unit, _, _)| *unit == c) else {
            return Err(not_lease(false));
        };
        let number: u64 = digits.parse().map_err(|_| not_lease(false))?;
        digits.clear();
        total = number
            .checked_mul(seconds)
            .and_then(|part| total.checked_add(part))
            .unwrap_or(u64::MAX);
    }
    if !digits.is_empty() || text.is_empty() {
        return Err(not_lease(true));
    }
    if total == 0 {
        return Err(Wrong::LeaseZero);
    }
    if total > MAX_LEASE.as_secs() {
        return Err(Wrong::LeaseTooLong {
            text: text.to_owned(),
            max: span(MAX_LEASE.as_secs()),
        });
    }
    Ok(Some(Duration::from_secs(total)))
}

/// A length of time in the largest units that say it: `45s`, `4m`, `1h 5m`, `3h`.
pub fn span(seconds: u64) -> String {
    if seconds < 60 {
        return format!("{seconds}s");
    }
    let minutes = seconds / 60;
    if minutes < 60 {
        return format!("{minutes}m");
    }
    match (minutes / 60, minutes % 60) {
        (hours, 0) => format!("{hours}h"),
        (hours, rest) => format!("{hours}h {rest}m"),
    }
}

/// When an item's lease ends, if it holds one that the store spells right (`Store` refuses a
/// store that does not).
pub fn lease_end(item: &Item) -> Option<DateTime<FixedOffset>> {
    DateTime::parse_from_rfc3339(item.lease_until.as_deref()?).ok()
}

/// How long ago the item's lease ended, `None` while it runs or when it holds none.
pub fn ended_for(item: &Item, now: DateTime<Utc>) -> Option<u64> {
    let end = lease_end(item)?;
    let past = now.signed_duration_since(end);
    (past >= chrono::TimeDelta::zero()).then(|| u64::try_from(past.num_seconds()).unwrap_or(0))
}

/// Whether the item is open and its lease has ended: anyone's `next --claim` takes it over.
pub fn lease_ended(item: &Item, now: DateTime<Utc>) -> bool {
    !item.status.is_terminal() && ended_for(item, now).is_some()
}

/// What views say after an owner whose lease has ended: ` lease ended`, else nothing.
pub fn lease_note(item: &Item, now: DateTime<Utc>) -> &'static str {
    if lease_ended(item, now) {
        LEASE_ENDED
    } else {
        ""
    }
}

/// The mark after `@owner` in one-line views when the owner's lease has ended.
pub const LEASE_ENDED: &str = " lease ended";

/// The item's lease set to end `length` from `now`, renewable by the same length. A lease that
/// would end past what RFC 3339 spells (the year 9999) is refused, before anything is written:
/// the store would hold a time every later command refuses to read; `lease` names where the
/// caller gave the length (`--lease`, a tool call's `lease`), `None` when it gave none.
pub fn grant(
    item: &mut Item,
    now: DateTime<FixedOffset>,
    length: Option<Duration>,
    lease: Option<&Path>,
) -> crate::policy::error::Result<()> {
    if let Some(length) = length {
        let seconds = length.as_secs();
        let end = i64::try_from(seconds)
            .ok()
            .and_then(|seconds| now.checked_add_signed(chrono::TimeDelta::seconds(seconds)))
            .filter(|end| chrono::Datelike::year(end) <= 9999)
            .ok_or_else(|| {
                crate::policy::error::Error::from(Plan::LeaseTooFar {
                    span: span(seconds),
                    from: now.to_rfc3339(),
                    lease: lease.cloned(),
                })
            })?;
        item.lease_until = Some(end.to_rfc3339());
        item.lease_seconds = Some(seconds);
    } else {
        item.lease_until = None;
        item.lease_seconds = None;
    }
    Ok(())
}

/// The first item `claimant` may claim at `now`: a ready one (pending, blockers resolved, no
/// other owner), or an open one whose lease has ended (not blocked outside the plan), in list
/// order.
pub fn claimable(items: &[Item], claimant: Option<&str>, now: DateTime<Utc>) -> Option<usize> {
    claimable_by(items, claimant, &|_| now)
}

/// `claimable`, each item's lease judged at the time `now` gives for it (SPEC §11: a lease
/// written on another machine ends `clock_skew` later by this clock than one written here).
pub fn claimable_by(
    items: &[Item],
    claimant: Option<&str>,
    now: &dyn Fn(&Item) -> DateTime<Utc>,
) -> Option<usize> {
    let index = Index::new(items);
    items.iter().position(|item| {
        index.is_ready(item, claimant)
            || (matches!(item.status, Status::Pending | Status::InProgress)
                && lease_ended(item, now(item))
                && item.owner.as_deref() != claimant
                && index.unresolved(item).next().is_none())
    })
}

/// A take-over: from whom, and why, in the words the history and the reply use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeOver {
    pub from: Option<String>,
    pub why: String,
}

impl TakeOver {
    /// `taken over from w1: lease ended 4m ago`.
    pub fn describe(&self) -> String {
        match &self.from {
            Some(from) => format!("taken over from {from}: {}", self.why),
            None => format!("taken over: {}", self.why),
        }
    }
}

/// Why `item` is taken over at `now` by a claim: its lease ended so long ago.
pub fn lease_take_over(item: &Item, now: DateTime<Utc>) -> Option<TakeOver> {
    let ago = ended_for(item, now)?;
    Some(TakeOver {
        from: item.owner.clone(),
        why: format!("lease ended {} ago", span(ago)),
    })
}

/// Who a change is made for: a name and where it came from (`--owner`, `TODOS_OWNER`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub name: String,
    pub source: &'static str,
}

/// The fields that make an item what it is, without its lease, and with `blocked_by` left
/// out of ids that are gone (a removal cleans them from every item, which is not a change of
/// that item by anyone).
fn same_work(before: &Item, after: &Item, gone: &dyn Fn(&str) -> bool) -> bool {
    let waits = |item: &Item| -> Vec<String> {
        item.blocked_by
            .iter()
            .filter(|id| !gone(id))
            .cloned()
            .collect()
    };
    before.content == after.content
        && before.status == after.status
        && before.owner == after.owner
        && before.active_form == after.active_form
        && before.priority == after.priority
        && before.description == after.description
        && waits(before) == waits(after)
}

/// Refuses (`CONFLICT`) a change made under `actor`'s name that changes or removes an item
/// owned by someone else, naming each such item and its owner; `taken` is an item taken over on
/// purpose (`update --take`). A change under no name is never limited. `claim` names the
/// claim that takes an item over as the caller names it (`--claim`, a tool call's `claim`).
pub fn respect_owners(
    before: &[Item],
    after: &[Item],
    actor: Option<&Actor>,
    taken: Option<&str>,
    now: DateTime<Utc>,
    claim: &Path,
) -> Result<()> {
    let Some(actor) = actor else {
        return Ok(());
    };
    let after_by_id: HashMap<&str, &Item> =
        after.iter().map(|item| (item.id.as_str(), item)).collect();
    let gone = |id: &str| !after_by_id.contains_key(id);
    let refused: Vec<(&Item, &str)> = before
        .iter()
        .filter(|item| taken != Some(item.id.as_str()))
        .filter_map(|item| {
            let owner = item.owner.as_deref().filter(|owner| *owner != actor.name)?;
            let changed = after_by_id
                .get(item.id.as_str())
                .is_none_or(|now| !same_work(item, now, &gone));
            changed.then_some((item, owner))
        })
        .collect();
    let Some(&(first, first_owner)) = refused.first() else {
        return Ok(());
    };
    let lease = match (lease_take_over(first, now), lease_end(first)) {
        (Some(ended), _) => LeaseState::Ended {
            owner: first_owner.to_owned(),
            why: ended.why,
        },
        (None, Some(end)) => LeaseState::RunsUntil(end.with_timezone(&Utc)),
        (None, None) => LeaseState::None,
    };
    Plan::OwnedByOthers {
        items: refused
            .iter()
            .map(|(item, owner)| (named(item), (*owner).to_owned()))
            .collect(),
        actor: actor.name.clone(),
        source: actor.source,
        first_id: first.id.clone(),
        lease,
        claim: claim.clone(),
    }
    .into()
}

/// After a change: what the change did to each item's lease. Leases carry over (no input sets
/// them); a finished item and an item whose owner changed hold none; an item of `actor`'s that
/// the change touched is renewed by the same length, from `now` (`renew` names an item renewed
/// even when nothing else changed: `update` names it, so the owner is working on it). `lease`
/// names a renewal refused (`grant`).
pub fn settle(
    before: &[Item],
    after: &mut [Item],
    actor: Option<&Actor>,
    renew: Option<&str>,
    now: DateTime<FixedOffset>,
    lease: Option<&Path>,
) -> crate::policy::error::Result<()> {
    let by_id: HashMap<&str, &Item> = before.iter().map(|item| (item.id.as_str(), item)).collect();
    let gone = |_: &str| false;
    for item in after.iter_mut() {
        let Some(old) = by_id.get(item.id.as_str()) else {
            grant(item, now, None, None)?;
            continue;
        };
        if item.lease_until.is_none() && item.lease_seconds.is_none() {
            item.lease_until.clone_from(&old.lease_until);
            item.lease_seconds = old.lease_seconds;
        }
        if item.status.is_terminal() || item.owner != old.owner {
            grant(item, now, None, None)?;
            continue;
        }
        let mine = actor.is_some_and(|actor| item.owner.as_deref() == Some(actor.name.as_str()));
        let touched = renew == Some(item.id.as_str()) || !same_work(old, item, &gone);
        if let (true, true, Some(seconds)) = (mine, touched, item.lease_seconds) {
            grant(item, now, Some(Duration::from_secs(seconds)), lease)?;
        }
    }
    Ok(())
}

/// The store's own check of a lease: RFC 3339, with its length when it has one.
pub fn check_stored(item: &Item) -> std::result::Result<(), Wrong> {
    if let Some(until) = &item.lease_until
        && DateTime::parse_from_rfc3339(until).is_err()
    {
        return Err(Wrong::LeaseUntil {
            until: until.clone(),
        });
    }
    if let Some(seconds) = item.lease_seconds
        && (seconds == 0 || seconds > MAX_LEASE.as_secs())
    {
        return Err(Wrong::LeaseSeconds {
            seconds,
            max: MAX_LEASE.as_secs(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<FixedOffset> {
        DateTime::parse_from_rfc3339(text).unwrap()
    }

    fn owned(id: &str, owner: &str, status: Status) -> Item {
        let mut item = Item::new(format!("item {id}"), status);
        item.id = id.to_owned();
        item.owner = Some(owner.to_owned());
        item
    }

    #[test]
    fn leases_read_units_and_refuse_the_rest() {
        let secs = |text: &str| parse_lease(text).map(|d| d.map(|d| d.as_secs()));
        assert_eq!(secs("15m"), Ok(Some(900)));
        assert_eq!(secs("90s"), Ok(Some(90)));
        assert_eq!(secs("2h"), Ok(Some(7200)));
        assert_eq!(secs("1h30m"), Ok(Some(5400)));
        assert_eq!(secs(" none "), Ok(None));
        for bad in [
            "",
            "15",
            "m",
            "15x",
            "0m",
            "-5m",
            "1.5h",
            "9999999999999999999h",
            "200h",
        ] {
            assert!(parse_lease(bad).is_err(), "{bad:?}");
        }
        assert_eq!(span(45), "45s");
        assert_eq!(span(240), "4m");
        assert_eq!(span(3900), "1h 5m");
        assert_eq!(span(7200), "2h");
    }

    #[test]
    fn an_ended_lease_makes_an_item_claimable_by_anyone() {
        let start = at("2025-01-02T17:00:00Z");
        let mut item = owned("1", "w1", Status::InProgress);
        grant(&mut item, start, Some(Duration::from_mins(15)), None).unwrap();
        let items = vec![item];
        let before_end = at("2025-01-02T17:14:59Z").with_timezone(&Utc);
        let after_end = at("2025-01-02T17:19:00Z").with_timezone(&Utc);
        assert_eq!(claimable(&items, Some("w2"), before_end), None);
        assert_eq!(claimable(&items, Some("w2"), after_end), Some(0));
        assert_eq!(claimable(&items, None, after_end), Some(0));
        let taken = lease_take_over(&items[0], after_end).unwrap();
        assert_eq!(taken.describe(), "taken over from w1: lease ended 4m ago");
    }

    #[test]
    fn another_owners_item_is_refused_and_the_hint_says_how_to_take_it() {
        let now = at("2025-01-02T17:00:00Z").with_timezone(&Utc);
        let before = vec![
            owned("1", "w1", Status::InProgress),
            owned("2", "w2", Status::Pending),
        ];
        let w2 = Actor {
            name: "w2".into(),
            source: "TODOS_OWNER",
        };
        let claim = Path::flag("--claim");
        let mut after = before.clone();
        after[0].status = Status::Completed;
        let err = respect_owners(&before, &after, Some(&w2), None, now, &claim).unwrap_err();
        assert_eq!(err.exit_code(), 3);
        assert!(
            err.to_string()
                .contains("item 1 \"item 1\" is owned by w1, not by w2"),
            "{err}"
        );
        assert!(err.hint().unwrap().contains("todos update 1 --take"));
        // Taken on purpose, under no name, or one's own: allowed.
        assert!(respect_owners(&before, &after, Some(&w2), Some("1"), now, &claim).is_ok());
        assert!(respect_owners(&before, &after, None, None, now, &claim).is_ok());
        let mut own = before.clone();
        own[1].status = Status::InProgress;
        assert!(respect_owners(&before, &own, Some(&w2), None, now, &claim).is_ok());
        // Removing it is a change too; a dependency cleaned after a removal is not.
        // w2 removes its own item 2, which w1's item 1 waited on: the cleaned dependency is
        // not w2 changing item 1.
        let mut waits = before.clone();
        waits[0].blocked_by = vec!["2".into()];
        let mut cleaned = waits[..1].to_vec();
        cleaned[0].blocked_by.clear();
        assert!(respect_owners(&waits, &cleaned, Some(&w2), None, now, &claim).is_ok());
        assert!(respect_owners(&before, &before[1..], Some(&w2), None, now, &claim).is_err());
    }

    #[test]
    fn the_owner_renews_by_working_and_a_finished_item_holds_no_lease() {
        let start = at("2025-01-02T17:00:00Z");
        let later = at("2025-01-02T17:10:00Z");
        let mut item = owned("1", "w1", Status::InProgress);
        grant(&mut item, start, Some(Duration::from_mins(15)), None).unwrap();
        let before = vec![item];
        let w1 = Actor {
            name: "w1".into(),
            source: "TODOS_OWNER",
        };
        let mut after = before.clone();
        after[0].content = "reworded".into();
        settle(&before, &mut after, Some(&w1), None, later, None).unwrap();
        assert_eq!(
            after[0].lease_until.as_deref(),
            Some("2025-01-02T17:25:00+00:00")
        );
        // Under no name: the lease stays as it was.
        let mut after = before.clone();
        after[0].content = "reworded".into();
        settle(&before, &mut after, None, None, later, None).unwrap();
        assert_eq!(after[0].lease_until, before[0].lease_until);
        // Finished: no lease.
        let mut after = before.clone();
        after[0].status = Status::Completed;
        settle(&before, &mut after, Some(&w1), None, later, None).unwrap();
        assert_eq!(
            (after[0].lease_until.as_ref(), after[0].lease_seconds),
            (None, None)
        );
    }
}
