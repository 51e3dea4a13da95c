use std::time::Duration;

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::plan::claims::{self, TakeOver};

use crate::commands::lazy::Summary;
use crate::commands::named::{Flag, Named};
use crate::commands::transaction::Transaction;
use crate::commands::{ListUse, Run};
use crate::context::Context;
use crate::context::host::Host;
use crate::plan::dependencies::{Index, named};
use crate::plan::model::{self, Item, Status};
use crate::policy::error::{Error, Hint, Idle, Problem, Refused, Result, Warning};
use crate::policy::sentences;
use crate::policy::settings::Variable;
use crate::policy::text::{escape, local_time};
use crate::store::{Document, Store};
use crate::view::layout::Layout;
use crate::view::outcome::{Answer, Outcome};
use crate::view::render;
use clap::Args;

pub struct Request {
    claim: bool,
    /// `--expect-revision`, with `--claim`: compare-and-swap on the claim.
    expect_revision: Option<u64>,
    /// `--owner`, else `TODOS_OWNER`: whose next item, and who claims it.
    owner: Option<String>,
    /// `--lease`, else the configured `claim_lease`; `None`: the claim holds until it is done.
    lease: Option<Duration>,
    /// How its refusals name the values given: as flags, or as a tool call's arguments.
    named: Named,
    /// Whether the lease was given (`--lease`), not the configuration's.
    lease_given: bool,
}

/// Reads the flags; the owner falls back on `TODOS_OWNER` (an empty value is unset).
pub fn read(ctx: &Context, host: &Host, args: &NextArgs) -> Result<Request> {
    let lease = match &args.lease {
        Some(text) => claims::parse_lease(text).map_err(|why| {
            Error::problems(vec![Problem::new(args.named.path(Flag::Lease), why)]).hinted(
                Hint::LeaseExample {
                    claim: args.named.path(Flag::Claim),
                    lease: args.named.path(Flag::Lease),
                },
            )
        })?,
        None => ctx.config.claim_lease,
    };
    Ok(Request {
        claim: args.claim,
        expect_revision: args.expect_revision,
        owner: super::owner(host, args.owner.as_ref(), args.named)?,
        lease,
        named: args.named,
        lease_given: args.lease.is_some(),
    })
}

/// Prints the first ready item; with `--claim`, marks it in progress and owned, under the lock,
/// so two agents claiming at once never get the same item. An item whose lease has ended
/// counts as ready: the claim takes it over, and says from whom in the reply and the history.
pub fn execute(ctx: &Context, host: &mut Host, request: &Request) -> Result<Outcome> {
    let owner = request.owner.as_deref();
    let now = ctx.now.instant();
    if !request.claim {
        let document = Store::new(&ctx.workspace, &ctx.list).load()?;
        let next = claims::claimable(&document.todos, owner, now);
        return Ok(answer(&document, next, None, owner, ctx, Vec::new()));
    }
    let lease = request.lease;
    let mut transaction = Transaction::begin(ctx, host)?;
    transaction.claiming(owner);
    // With a remote, a lost race claims again from the newer plan: the next ready item there.
    let mut made = None;
    for attempt in 0..crate::commands::remote::TRIES {
        if attempt > 0 {
            crate::commands::remote::back_off(attempt);
        }
        let old = transaction.load(request.expect_revision)?;
        let mut new = old.clone();
        // A lease written on another machine ends only `clock_skew` after its time by this
        // clock, so a fast clock here cannot take a live claim over; one this clone wrote
        // itself ends by this clock alone (SPEC §11).
        let skew = if transaction.link().is_some() {
            Skew::new(ctx, &old, owner, transaction.store())
        } else {
            Skew::none()
        };
        let outcome = claim(&mut new, owner, ctx, lease, &skew, request)?;
        let command = match &outcome {
            Claim::Claimed {
                taken: Some(taken), ..
            } => format!("next --claim: {}", taken.describe()),
            _ => "next --claim".to_owned(),
        };
        if let Some(committed) = transaction.try_commit(&command, old, new, false)? {
            made = Some((committed, outcome));
            break;
        }
        transaction.refresh(false)?;
    }
    let Some((committed, outcome)) = made else {
        return Err(transaction.lost());
    };
    let mut warnings = committed.warnings;
    let position = |id: &str| {
        committed
            .document
            .todos
            .iter()
            .position(|item| item.id == id)
    };
    let (next, claimed) = match &outcome {
        Claim::Nothing => (None, None),
        Claim::Claimed { id, taken } => (position(id), Some((true, taken.clone()))),
        Claim::Held(id) => {
            let next = position(id);
            if let Some(index) = next {
                warnings.push(Warning::AlreadyInProgress {
                    owner: owner.unwrap_or_default().to_owned(),
                    item: named(&committed.document.todos[index]),
                    max: ctx.config.limits.max_in_progress,
                });
            }
            (next, Some((false, None)))
        }
    };
    Ok(answer(
        &committed.document,
        next,
        claimed.as_ref(),
        owner,
        ctx,
        warnings,
    ))
}

/// How much later than by this clock each lease ends for a claim (SPEC §11): `clock_skew` for
/// a lease written on another machine; none for one this clone wrote itself, by a change its
/// own history records (a claim, an update, a write or create made here), nor without a remote.
struct Skew {
    skew: chrono::TimeDelta,
    /// The items whose lease this clone wrote itself.
    own: std::collections::HashSet<String>,
}

impl Skew {
    fn none() -> Self {
        Self {
            skew: chrono::TimeDelta::zero(),
            own: std::collections::HashSet::new(),
        }
    }

    /// The skew of a list with a remote: the history is read only when it decides the claim
    /// (an item whose lease ended less than `clock_skew` ago).
    fn new(ctx: &Context, plan: &Document, owner: Option<&str>, store: &Store) -> Self {
        let skew =
            chrono::TimeDelta::from_std(ctx.config.clock_skew).unwrap_or(chrono::TimeDelta::zero());
        let now = ctx.now.instant();
        let with = claims::claimable(&plan.todos, owner, now - skew);
        let without = claims::claimable(&plan.todos, owner, now);
        let own = if with == without {
            std::collections::HashSet::new()
        } else {
            own_leases(plan, store, ctx.config.history_limit)
        };
        Self { skew, own }
    }

    fn now_for(&self, now: DateTime<Utc>, item: &Item) -> DateTime<Utc> {
        if self.own.contains(&item.id) {
            now
        } else {
            now - self.skew
        }
    }
}

/// The items of `plan` whose lease the local history shows this clone wrote: the revision that
/// gave each its present lease was made here by a change that grants one, not brought from the
/// remote (`sync: …`), restored (`undo`, `redo`) or merged (`resolve`). A lease the history no
/// longer holds counts as another machine's.
fn own_leases(plan: &Document, store: &Store, limit: usize) -> std::collections::HashSet<String> {
    const GRANTS: [&str; 4] = ["next", "update", "write", "create"];
    let Ok(history) = crate::store::history::of(store, limit) else {
        return std::collections::HashSet::new();
    };
    let mut set_by: std::collections::HashMap<&str, (Option<&str>, bool)> =
        std::collections::HashMap::new();
    for entry in &history.entries {
        let here = entry
            .command
            .split([' ', ':'])
            .next()
            .is_some_and(|word| GRANTS.contains(&word));
        for item in &entry.todos {
            let lease = item.lease_until.as_deref();
            if set_by
                .get(item.id.as_str())
                .is_none_or(|(was, _)| *was != lease)
            {
                set_by.insert(item.id.as_str(), (lease, here));
            }
        }
    }
    plan.todos
        .iter()
        .filter(|item| {
            item.lease_until.is_some()
                && set_by
                    .get(item.id.as_str())
                    .is_some_and(|(lease, here)| *here && *lease == item.lease_until.as_deref())
        })
        .map(|item| item.id.clone())
        .collect()
}

/// What a claim did.
enum Claim {
    /// Nothing is ready.
    Nothing,
    /// This item is now in progress and owned; `taken` when its lease had ended under someone
    /// else.
    Claimed { id: String, taken: Option<TakeOver> },
    /// The owner already has as many items in progress as it may: the first of them, given
    /// back with its lease renewed, so an agent that lost track of its claim (a compacted
    /// context, a restarted worker) finds its work again instead of an error.
    Held(String),
}

/// Marks the first claimable item in progress and owned by `owner`, with a lease of `lease`.
fn claim(
    document: &mut Document,
    owner: Option<&str>,
    ctx: &Context,
    lease: Option<Duration>,
    skew: &Skew,
    request: &Request,
) -> Result<Claim> {
    let names = request.named;
    // A refused lease is named only where this call gave it; the configuration's, or the one an
    // earlier claim set, names no flag or argument.
    let given = request.lease_given.then(|| names.path(Flag::Lease));
    let limits = &ctx.config.limits;
    let now = |item: &Item| skew.now_for(ctx.now.instant(), item);
    if let Some(owner) = owner {
        let held: Vec<usize> = (0..document.todos.len())
            .filter(|&index| {
                let item = &document.todos[index];
                item.status == Status::InProgress && item.owner.as_deref() == Some(owner)
            })
            .collect();
        if let Some(&first) = held.first()
            && held.len() >= limits.max_in_progress
        {
            // Claiming again renews: by the length asked for, else by the lease's own.
            let item = &mut document.todos[first];
            let length = lease.or(item.lease_seconds.map(Duration::from_secs));
            if length.is_some() {
                claims::grant(item, ctx.now.fixed(), length, given.as_ref())?;
            }
            return Ok(Claim::Held(item.id.clone()));
        }
    }
    let Some(index) = claims::claimable_by(&document.todos, owner, &now) else {
        return Ok(Claim::Nothing);
    };
    let item = &mut document.todos[index];
    let at = now(item);
    let taken = claims::lease_take_over(item, at).filter(|taken| {
        claims::lease_ended(item, at) && taken.from.is_some() && taken.from.as_deref() != owner
    });
    item.status = Status::InProgress;
    if owner.is_some() || taken.is_some() {
        item.owner = owner.map(str::to_owned);
    }
    claims::grant(item, ctx.now.fixed(), lease, given.as_ref())?;
    let id = item.id.clone();
    if model::over_in_progress_limit(model::slots(&document.todos), limits) {
        // Only items without an owner get here: an owner at the limit is `Held`.
        let started: Vec<String> = document
            .todos
            .iter()
            .filter(|other| {
                other.status == Status::InProgress
                    && other.id != id
                    && other.owner.as_deref() == owner
            })
            .map(named)
            .collect();
        return Err(Error::problems(vec![Problem::new(
            names.path(Flag::Claim),
            Refused::ClaimUnowned {
                started,
                max: limits.max_in_progress,
            },
        )])
        .hinted(Hint::ClaimWithName {
            owner: names.path(Flag::Owner),
        }));
    }
    Ok(Claim::Claimed { id, taken })
}

/// The answer: the item (and, for a claim, whether it was claimed now or held already, and
/// from whom it was taken over), or why nothing is ready.
fn answer(
    document: &Document,
    next: Option<usize>,
    claimed: Option<&(bool, Option<TakeOver>)>,
    owner: Option<&str>,
    ctx: &Context,
    warnings: Vec<Warning>,
) -> Outcome {
    let stats = model::stats(&document.todos);
    let now = ctx.now.instant();
    let (text, data, headline, note) = if let Some(index) = next {
        let item = &document.todos[index];
        let mut layout = Layout::default();
        let width = item.id.chars().count();
        render::item_with_detail(
            &mut layout,
            item,
            width,
            &Index::new(&document.todos).at(now),
            ctx.stdout,
            true,
        );
        let text = layout.into_string();
        let (verb, taken) = match claimed {
            Some((true, taken)) => ("Claimed", taken.as_ref()),
            _ => ("Next", None),
        };
        let taken_words = taken.map(|taken| format!(" ({})", escape(&taken.describe())));
        let lease = match (claimed, &item.lease_until) {
            (Some(_), Some(until)) => format!(" Lease until {}.", local_time(until)),
            _ => String::new(),
        };
        let headline = format!(
            "{verb}: {}{}.{lease}",
            named(item),
            taken_words.as_deref().unwrap_or_default()
        );
        let claim = claimed.map(|(_, taken)| {
            json!({
                "owner": item.owner,
                "revision": document.revision,
                "lease_until": item.lease_until,
                "taken_over_from": taken.as_ref().and_then(|taken| taken.from.clone()),
                "taken_over": taken.as_ref().map(TakeOver::describe),
            })
        });
        let data = json!({
            "next": item,
            "claim": claim,
            "claimed": claimed.is_some_and(|(now, _)| *now),
            "revision": document.revision,
            "recap": render::recap(&document.todos),
            "warnings": warnings,
        });
        // Said on stderr, so stdout stays the item's line that scripts read.
        let note = (claimed.is_some() && (taken.is_some() || item.lease_until.is_some()))
            .then(|| format!("{} {headline}\n", ctx.stderr.bold("note:")));
        (text, data, headline, note)
    } else {
        let reason = nothing_ready(&document.todos, owner, now).to_string();
        let data = json!({
            "next": null,
            "claim": null,
            "claimed": false,
            "reason": reason,
            "revision": document.revision,
            "recap": render::recap(&document.todos),
            "warnings": warnings,
        });
        (format!("{reason}\n"), data, reason, None)
    };
    let mut answer = Answer::new(text, data, headline);
    answer.notes = note.unwrap_or_default();
    answer.stats = Some(stats);
    Outcome {
        warnings,
        ..Outcome::answer(answer)
    }
}

/// Why no item is ready: all done, or what the open items wait on.
pub fn nothing_ready(items: &[Item], owner: Option<&str>, now: DateTime<Utc>) -> Idle {
    if items.is_empty() {
        return Idle::Empty;
    }
    let stats = model::stats(items);
    if stats.open() == 0 {
        return Idle::Done {
            progress: render::progress_line(items),
        };
    }
    let index = Index::new(items);
    let mut waited_on: Vec<String> = Vec::new();
    let mut waiting = 0;
    let mut others = 0;
    for item in items.iter().filter(|item| item.status == Status::Pending) {
        for id in index.unresolved(item) {
            if !waited_on.iter().any(|known| known == id) {
                waited_on.push(id.to_owned());
            }
        }
        if index.unresolved(item).next().is_some() {
            waiting += 1;
        } else if owner.is_some() {
            others += 1;
        }
    }
    let started: Vec<String> = items
        .iter()
        .filter(|item| item.status == Status::InProgress)
        .map(|item| match &item.owner {
            Some(owner) => format!(
                "{} @{}{}",
                escape(&item.id),
                escape(owner),
                claims::lease_note(item, now)
            ),
            None => escape(&item.id).into_owned(),
        })
        .collect();
    Idle::Waiting {
        waiting,
        waited_on,
        started,
        others,
        blocked: stats.count(Status::Blocked),
    }
}

/// Print the next ready item, or claim it with --claim.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(long_about = format!(
    "Print the next ready item, or claim it with --claim.\n\n\
     Ready: pending, and every item it waits on (blocked_by) {}. The first ready item in \
     list order is printed; with --owner, items owned by someone else are skipped. --claim \
     marks it in_progress and owned by --owner (or {}) in the same locked change, so agents \
     claiming at once never get the same item. When nothing is ready, next exits 0 and says \
     why in one line.",
    sentences::resolving_statuses(),
    Variable::Owner.name()
))]
#[command(after_help = "Examples:\n  \
    todos next\n  \
    todos next --claim --owner w1\n  \
    todos next --claim --owner w1 --lease 15m\n  \
    TODOS_OWNER=w2 todos --json next --claim | jq -r '.data.next.id // empty'")]
pub struct NextArgs {
    /// Mark the item in_progress and owned by --owner, in one locked change.
    #[arg(long)]
    pub claim: bool,

    /// The claim ends after this long unless its owner works on the item (any change to it
    /// under the owner's name, or `next --claim` again, renews it); then anyone's `next
    /// --claim` takes it over: 90s, 15m, 2h, or none.
    // The default comes from the configuration (`claim_lease`), read in `next::read`.
    #[arg(long, value_name = "DURATION", requires = "claim", help = sentences::lease_help())]
    pub lease: Option<String>,

    // Read with the rest of the environment in `next::read`, where an empty value is unset.
    #[arg(long, value_name = "NAME", help = sentences::with_env(
        "Whose next item: items owned by someone else are skipped", Variable::Owner))]
    pub owner: Option<String>,

    // With --claim only: the claim is the change it guards.
    #[arg(long, value_name = "N", requires = "claim", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,

    /// How a refusal names the values given: the flags, or a tool call's arguments.
    #[arg(skip)]
    pub named: Named,
}

impl Summary for NextArgs {
    const SUMMARY: &str = "Print the next ready item, or claim it with --claim";
}

impl Run for NextArgs {
    type Request = Request;

    fn read(self, ctx: &Context, host: &mut Host) -> Result<Request> {
        read(ctx, host, &self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
        execute(ctx, host, &request)
    }

    fn list_use(_request: &Request) -> ListUse {
        ListUse::Uses
    }
}
