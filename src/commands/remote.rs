//! One plan across machines (SPEC §11): a list's link to its git remote, as the transaction
//! uses it. Every change is a compare-and-swap on the ref `refs/todos/LIST`:
//!
//! 1. under the local lock, the one ref is fetched (`Link::fetch`) and the local plan brought up
//!    to it (`bring_up`): taken as it is when nothing waits here, merged three-way (§6b) with
//!    the revisions that wait here, against the plan both last had in common;
//! 2. the command applies its intent to that plan;
//! 3. the new plan is pushed as one commit after the fetched one, only if the ref is still
//!    there (`--force-with-lease`); the local store is saved only then;
//! 4. a lost race fetches again and applies the same intent to the newer plan, up to `TRIES`
//!    times, then `CONFLICT` with nothing changed.
//!
//! When the remote cannot be reached, a change other than a claim is saved here and waits
//! (a warning says so); a claim is `REMOTE` (exit 7) unless `--offline`. Nothing here runs
//! for a workspace without `remote`.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::context::Context;
use crate::context::host::Host;
use crate::plan::list::ListName;
use crate::policy::error::{Moved, NotAPlan, Remote, RemoteWarning, Result, Warning};
use crate::policy::settings::{Setting, Variable};
use crate::store::config::is_remote_name;
use crate::store::git::Git;
use crate::store::remote::{self as wire, Ahead, Hostile, Place, Pushed, Seen, Tip, Trouble};
use crate::store::{Document, Store};

/// How many times a change is applied to a newer plan after a lost race (all of them within
/// `remote_timeout`, which bounds them first under heavy contention).
pub const TRIES: u32 = 64;

/// A short wait of random length before try `attempt` after a lost race, growing with each,
/// so machines that lost together do not race again in step.
pub fn back_off(attempt: u32) {
    use std::hash::{BuildHasher as _, Hasher as _};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(attempt);
    let most = 4u64.saturating_mul(1 << attempt.min(5));
    let millis = hasher.finish() % most.max(1);
    std::thread::sleep(std::time::Duration::from_millis(millis));
}

/// The remote a run's lists live on: `TODOS_REMOTE`, else the clone's `todos.remote`, else the
/// user's file. A workspace's own file is never asked (it may only suggest one).
pub fn configured(ctx: &Context, host: &Host) -> Result<Option<String>> {
    if host.var(Setting::Remote.info().env).is_some() {
        return Ok(ctx.config.remote.clone());
    }
    let from_git = clone_setting(&ctx.workspace);
    match from_git {
        Some(name) if is_remote_name(&name) => Ok(Some(name)),
        Some(name) => Remote::BadName { name }.into(),
        None => Ok(ctx.config.remote.clone()),
    }
}

/// What `show` and `recap` say of a list whose local plan holds revisions its remote has not
/// had yet, from what this clone last had in common with it (`.todos/LIST.remote`): no git
/// runs and no network is asked (SPEC §11: reads stay local). Nothing without a remote, or
/// with one whose name does not read (the next change says why).
pub fn waiting(ctx: &Context, host: &Host, local: &Document) -> Option<Warning> {
    let remote = configured(ctx, host).ok().flatten()?;
    let seen = wire::seen(&ctx.workspace, &ctx.list, &remote);
    let revisions = wire::waiting(seen.as_ref(), local.revision);
    (revisions > 0).then_some(Warning::Remote(RemoteWarning::Waiting {
        remote,
        revisions,
    }))
}

/// `todos.remote` in the clone's own git config (`.git/config`, a linked worktree's common
/// one), read as a file, as `init --git` finds it: no git runs for a plan that has no remote.
/// A workspace outside a repository, or one whose `.git` is not trusted, has none.
fn clone_setting(workspace: &std::path::Path) -> Option<String> {
    let common = crate::commands::init::common_dir(workspace).ok()?;
    let bytes = crate::store::disk::read(
        &common.join("config"),
        crate::store::disk::Links::Refuse,
        crate::store::disk::Cap::Bytes(crate::policy::cap::Cap::InputBytes.value()),
    )
    .ok()??;
    let text = String::from_utf8(bytes).ok()?;
    let value = crate::store::git_config::value(&text, "todos", "remote")?;
    Some(value.text().trim().to_owned()).filter(|name| !name.is_empty())
}

/// Where the remote stands, as last asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum State {
    /// Not reached: git's reason.
    Offline(String),
    /// The commit the ref points to; `None`: the remote has no such ref yet.
    At(Option<String>),
}

/// A list's link to its remote, for one command.
pub struct Link {
    pub place: Place,
    git: Git,
    workspace: PathBuf,
    list: ListName,
    pub state: State,
    pub seen: Option<Seen>,
    /// The clone's common git folder, where its refs are.
    common: Option<PathBuf>,
    /// Who the change is made by, for the commit's author and `Todos-Owner`.
    pub owner: Option<String>,
}

/// What a push of the local plan came to.
pub enum Published {
    Done,
    Raced,
    Refused(String),
    Unreachable(String),
}

impl Link {
    pub fn new(ctx: &Context, host: &Host, remote: &str, budget: std::time::Duration) -> Self {
        Self {
            place: Place::new(remote, &ctx.list),
            git: Git::new(&ctx.workspace, host.vars().into_iter(), budget),
            workspace: ctx.workspace.clone(),
            list: ctx.list.clone(),
            state: State::Offline(String::new()),
            seen: wire::seen(&ctx.workspace, &ctx.list, remote),
            common: crate::commands::init::common_dir(&ctx.workspace).ok(),
            owner: host
                .var(Variable::Owner.name())
                .filter(|owner| !owner.trim().is_empty()),
        }
    }

    pub fn remote(&self) -> &str {
        &self.place.remote
    }

    /// Fetches the ref. Out of reach: `Ok(None)` with the state `Offline`; a commit holding
    /// no plan, or a local repository that cannot do its part: refused.
    pub fn fetch(&mut self) -> Result<Option<Tip>> {
        let known = self
            .common
            .as_deref()
            .zip(self.seen.as_ref().map(|seen| seen.oid.as_str()));
        match wire::fetch(&self.git, &self.place, known) {
            Ok(None) => {
                self.state = State::At(None);
                Ok(None)
            }
            Ok(Some(tip)) => {
                if let Some(Err(why)) = &tip.plan {
                    return Err(self.not_a_plan(&tip.oid, why));
                }
                self.state = State::At(Some(tip.oid.clone()));
                Ok(Some(tip))
            }
            Err(Trouble::Unreachable(why)) => {
                self.state = State::Offline(why);
                Ok(None)
            }
            Err(Trouble::Local(why)) => Err(self.local(why)),
        }
    }

    fn not_a_plan(&self, oid: &str, why: &Hostile) -> crate::policy::error::Error {
        Remote::NotAPlan {
            remote: self.place.remote.clone(),
            reference: self.place.reference.clone(),
            oid: oid.to_owned(),
            why: match why {
                Hostile::NoPlan => NotAPlan::NoFile {
                    file: self.place.file.clone(),
                },
                Hostile::TooLarge(size) => NotAPlan::TooLarge {
                    size: *size,
                    max: crate::store::disk::MAX_STORE_BYTES,
                },
                Hostile::Unreadable(why) => NotAPlan::Unreadable {
                    why: why.to_string(),
                },
            },
        }
        .into()
    }

    fn local(&self, why: String) -> crate::policy::error::Error {
        Remote::Local {
            remote: self.place.remote.clone(),
            why,
        }
        .into()
    }

    /// Whether the ref moved from what this clone last had in common with it to `tip` other
    /// than forwards: `Some(how)` when it did.
    fn moved(&self, tip: &Tip) -> Result<Option<Moved>> {
        let Some(seen) = &self.seen else {
            return Ok(None);
        };
        let forwards = wire::descends(&self.git, &seen.oid, &tip.oid)
            .map_err(|trouble| self.trouble(trouble))?;
        if forwards {
            return Ok(None);
        }
        let backwards = wire::descends(&self.git, &tip.oid, &seen.oid)
            .map_err(|trouble| self.trouble(trouble))?;
        Ok(Some(if backwards {
            Moved::Backwards
        } else {
            Moved::Unrelated
        }))
    }

    /// Refuses a ref that moved other than forwards since this clone last had it in common.
    fn refuse_moved(&self, tip: &Tip) -> Result<()> {
        let Some(how) = self.moved(tip)? else {
            return Ok(());
        };
        Remote::Moved {
            remote: self.place.remote.clone(),
            reference: self.place.reference.clone(),
            how,
            seen: self
                .seen
                .as_ref()
                .map(|seen| seen.oid.clone())
                .unwrap_or_default(),
            now: tip.oid.clone(),
        }
        .into()
    }

    fn trouble(&self, trouble: Trouble) -> crate::policy::error::Error {
        match trouble {
            Trouble::Local(why) | Trouble::Unreachable(why) => self.local(why),
        }
    }

    /// The plan this clone last had in common with the remote, read from the local repository.
    pub fn common_plan(&self) -> Option<Document> {
        let seen = self.seen.as_ref()?;
        wire::read_tip(&self.git, &seen.oid, &self.place.file)
            .ok()?
            .plan?
            .ok()
    }

    /// Whether the local plan holds revisions the remote has not seen.
    pub fn waiting(&self, local: &Document) -> bool {
        wire::waiting(self.seen.as_ref(), local.revision) > 0
    }

    /// Records that the local plan at `revision` is the remote's `oid`.
    pub fn remember(&mut self, oid: String, revision: u64) -> Result<()> {
        self.remember_ahead(oid, revision, None)
    }

    /// `remember`, with the line of revisions kept here that the remote has not had yet.
    fn remember_ahead(&mut self, oid: String, revision: u64, ahead: Option<Ahead>) -> Result<()> {
        let seen = Seen {
            remote: self.place.remote.clone(),
            oid,
            revision,
            ahead,
        };
        wire::remember(&self.workspace, &self.list, &seen)?;
        self.seen = Some(seen);
        Ok(())
    }

    /// Records, once the local plan at `revision` is saved, that it merged the remote's commit
    /// `bring_in` brought.
    pub fn merged_in(&mut self, brought: BroughtIn, revision: u64) -> Result<()> {
        let ahead = self.ahead_with(revision, &brought.oid);
        self.remember_ahead(brought.oid, brought.revision, ahead)
    }

    /// The line of revisions kept here that the remote has not had, once the remote's `tip`
    /// is merged into it as the local revision `merged`: what `seen` said of it, and the merge.
    fn ahead_with(&self, merged: u64, tip: &str) -> Option<Ahead> {
        let seen = self.seen.as_ref()?;
        let mut ahead = seen.ahead.clone().unwrap_or_else(|| Ahead {
            since: seen.revision,
            oid: seen.oid.clone(),
            merges: Vec::new(),
        });
        ahead.merges.push((merged, tip.to_owned()));
        Some(ahead)
    }

    /// The commits of the revisions kept here that the remote has not had, from the local
    /// history, oldest first, up to `last` (included): one commit each, its message the
    /// command the history names, signed by the owner it names, a revision that merged the remote's plan a merge commit of
    /// it (SPEC §11). `None` when there is no such line, or when it would not hold `expected`
    /// (the remote's tip, which the push must go on from): the caller makes one commit.
    fn replay(&self, expected: Option<&str>, last: u64) -> Result<Option<(String, u64)>> {
        let Some(seen) = &self.seen else {
            return Ok(None);
        };
        let (since, base, merges) = match &seen.ahead {
            Some(ahead) => (ahead.since, ahead.oid.as_str(), ahead.merges.as_slice()),
            None => (seen.revision, seen.oid.as_str(), &[][..]),
        };
        if last <= since {
            return Ok(None);
        }
        let store = crate::store::Store::new(&self.workspace, &self.list);
        let Ok(history) = crate::store::history::of(&store, usize::MAX) else {
            return Ok(None);
        };
        let as_plan = |entry: &crate::store::history::Entry| Document {
            version: crate::store::FORMAT_VERSION,
            revision: entry.revision,
            updated_at: Some(entry.at.clone()),
            history: None,
            next_id: entry.next_id,
            summary: entry.summary.clone(),
            session: None,
            todos: entry.todos.clone(),
            note: None,
        };
        // Only lines the chain vouches for, every revision of the range, are replayed: a line
        // planted in the history (SPEC §9) never reaches the remote under a name it chose.
        let range: Vec<_> = history
            .entries
            .iter()
            .filter(|entry| entry.revision > since && entry.revision <= last)
            .collect();
        let whole = range
            .iter()
            .zip(since + 1..=last)
            .all(|(entry, revision)| entry.vouched && entry.revision == revision);
        if !whole || u64::try_from(range.len()).ok() != Some(last - since) {
            return Ok(None);
        }
        let mut before = history.find(since).map(as_plan);
        let mut parent = base.to_owned();
        let mut reached = Some(base) == expected;
        let mut made = None;
        for entry in range {
            let plan = as_plan(entry);
            let mut parents = vec![parent.as_str()];
            if let Some((_, tip)) = merges
                .iter()
                .find(|(revision, _)| *revision == entry.revision)
            {
                parents.insert(0, tip.as_str());
                reached |= Some(tip.as_str()) == expected;
            }
            // A time before 1970 is no date git takes (fsck's badDate): such a line is dated 0.
            let seconds = chrono::DateTime::parse_from_rfc3339(&entry.at)
                .map_or(0, |at| at.timestamp())
                .max(0);
            // Who made it, as its history line names it: the commit's author and `Todos-Owner`.
            let owner = entry.owner();
            let by = wire::Signature {
                name: owner.unwrap_or("todos"),
                seconds,
            };
            let text = message(&entry.command, before.as_ref(), &plan, owner);
            let oid = wire::commit(
                &self.git,
                &self.place,
                self.common.as_deref(),
                &plan,
                &parents,
                &text,
                &by,
            )
            .map_err(|trouble| self.trouble(trouble))?;
            parent.clone_from(&oid);
            made = Some((oid, entry.revision));
            before = Some(plan);
        }
        Ok(made.filter(|_| reached))
    }

    /// Pushes `document` (the local plan, saved or about to be) only if the ref is still where
    /// it was fetched: the revisions kept here before it first, one commit each (`replay`),
    /// then `document` as made by `command` from `before`. Without `command`, `document` is
    /// the latest of the revisions kept here: its own commit is the line's last. `Done`
    /// records it as seen.
    pub fn publish(
        &mut self,
        document: &Document,
        command: Option<&str>,
        before: Option<&Document>,
        now: i64,
    ) -> Result<(Published, Option<String>)> {
        let expected = match &self.state {
            State::Offline(why) => return Ok((Published::Unreachable(why.clone()), None)),
            State::At(expected) => expected.clone(),
        };
        let last = match command {
            Some(_) => document.revision.saturating_sub(1),
            None => document.revision,
        };
        let line = self.replay(expected.as_deref(), last)?;
        let oid = match (&line, command) {
            (Some((oid, revision)), None) if *revision == document.revision => oid.clone(),
            _ => {
                let mut shared = document.clone();
                // The session and its completion log are this machine's own.
                shared.session = None;
                let (command, before) = match (command, &line) {
                    (Some(command), _) => (command, before),
                    // The line holds the revisions before this one: it goes on from the last.
                    (None, Some(_)) => ("sync", None),
                    (None, None) => ("sync", before),
                };
                let message = message(command, before, &shared, self.owner.as_deref());
                let by = wire::Signature {
                    name: self.owner.as_deref().unwrap_or("todos"),
                    seconds: now,
                };
                let parent = line
                    .as_ref()
                    .map(|(oid, _)| oid.as_str())
                    .or(expected.as_deref());
                wire::commit(
                    &self.git,
                    &self.place,
                    self.common.as_deref(),
                    &shared,
                    parent.as_slice(),
                    &message,
                    &by,
                )
                .map_err(|trouble| self.trouble(trouble))?
            }
        };
        let pushed = match wire::push(&self.git, &self.place, &oid, expected.as_deref()) {
            Ok(Pushed::Done) => Published::Done,
            Ok(Pushed::Raced) => Published::Raced,
            Ok(Pushed::Refused(why)) => Published::Refused(why),
            Err(Trouble::Unreachable(why)) => {
                self.state = State::Offline(why.clone());
                Published::Unreachable(why)
            }
            Err(Trouble::Local(why)) => return Err(self.local(why)),
        };
        Ok((pushed, Some(oid)))
    }

    /// The refusal of a push the remote refused; `saved`: the revision kept here.
    pub fn refused(&self, why: String, saved: Option<u64>) -> crate::policy::error::Error {
        Remote::Refused {
            remote: self.place.remote.clone(),
            reference: self.place.reference.clone(),
            why,
            saved,
        }
        .into()
    }

    /// The warning of a change saved here that is not on the remote.
    pub fn not_pushed(&self, why: String, revision: u64) -> Warning {
        Warning::Remote(RemoteWarning::NotPushed {
            remote: self.place.remote.clone(),
            why,
            revision,
        })
    }
}

/// Saves a plan in place of another as a revision made by a command.
pub type Save<'s> = dyn Fn(&str, &Document, &Document) -> Result<Vec<Warning>> + 's;

/// What `bring_up` found.
pub struct Brought {
    /// The plan the local store held before, when the remote's came in (adopted or merged).
    pub before: Option<Document>,
    pub warnings: Vec<Warning>,
}

/// Brings the local plan up to the remote's (under the lock): fetches, then takes the remote's
/// plan when nothing waits here, or merges it three-way with what waits. `adopt`: takes the
/// remote's plan whatever this clone had seen (`sync --adopt`). `save` saves a plan in place
/// of another as a revision made by a command (the transaction's `save_as`).
pub fn bring_up(
    ctx: &Context,
    store: &Store,
    link: &mut Link,
    adopt: bool,
    save: &Save<'_>,
) -> Result<Brought> {
    let mut brought = Brought {
        before: None,
        warnings: Vec::new(),
    };
    let Some(tip) = link.fetch()? else {
        return Ok(brought);
    };
    if link.seen.as_ref().is_some_and(|seen| seen.oid == tip.oid) {
        return Ok(brought);
    }
    let Some(Ok(theirs)) = tip.plan.clone() else {
        return Ok(brought);
    };
    if !adopt {
        link.refuse_moved(&tip)?;
    }
    let theirs_revision = theirs.revision;
    let ours = store.load()?;
    let recorded = crate::store::history::span(store.history_path())
        .ok()
        .flatten()
        .map_or(0, |(_, latest)| latest);
    let floor = ours.revision.max(recorded);
    let remote = link.place.remote.clone();
    let (mut plan, command) =
        if adopt || !link.waiting(&ours) || ours.todos.is_empty() && ours.summary.is_none() {
            (theirs, format!("sync: from {remote}"))
        } else {
            // A clone that never had anything in common with the remote (its first change with
            // one) takes the items both hold under one id and one text, as it holds them, as
            // common: a plan committed to the repository and joined from two clones is not
            // doubled, and what the remote changed in them comes in.
            let base = link.common_plan().or_else(|| {
                let mut common = ours.clone();
                common.todos.retain(|mine| {
                    theirs
                        .todos
                        .iter()
                        .any(|item| mine.id == item.id && mine.content == item.content)
                });
                Some(common)
            });
            let merged =
                crate::store::merge::merge(base.as_ref(), &ours, &theirs, &ctx.config.limits)?;
            brought.warnings.extend(merged.warnings);
            (merged.document, format!("sync: merged with {remote}"))
        };
    plan.session.clone_from(&ours.session);
    if plan.revision <= floor {
        plan.revision = floor.saturating_add(1);
    }
    let merged = command.contains("merged");
    if plan.todos != ours.todos || plan.summary != ours.summary || plan.revision != ours.revision {
        brought.warnings.extend(save(&command, &ours, &plan)?);
        brought.before = Some(ours);
    }
    // A merged plan waits to be pushed: what this clone has in common with the remote is the
    // remote's plan, not it.
    if merged {
        let ahead = link.ahead_with(plan.revision, &tip.oid);
        link.remember_ahead(tip.oid, theirs_revision, ahead)?;
    } else {
        link.remember(tip.oid, plan.revision)?;
    }
    Ok(brought)
}

/// What `bring_in` found: the remote's commit merged into a plan, and its plan's revision.
pub struct BroughtIn {
    pub oid: String,
    pub revision: u64,
}

/// Brings the remote's newer plan into `plan`, a plan made here that could not be brought up
/// to the remote's first (`resolve`: the store held git's conflict markers): fetches, and merges
/// the remote's plan three-way into `plan` against what this clone last had in common with it,
/// so that the change is applied to the newer plan (SPEC §11). Every refusal (a hostile ref, one
/// that moved backwards) comes before anything is saved. Gives the plan to save, what the merge
/// said, and the remote's commit, which `Link::merged_in` records once the plan is saved.
pub fn bring_in(
    ctx: &Context,
    link: &mut Link,
    plan: Document,
) -> Result<(Document, Vec<Warning>, Option<BroughtIn>)> {
    let Some(tip) = link.fetch()? else {
        return Ok((plan, Vec::new(), None));
    };
    if link.seen.as_ref().is_some_and(|seen| seen.oid == tip.oid) {
        return Ok((plan, Vec::new(), None));
    }
    let Some(Ok(theirs)) = tip.plan.clone() else {
        return Ok((plan, Vec::new(), None));
    };
    link.refuse_moved(&tip)?;
    let base = link.common_plan();
    let merged = crate::store::merge::merge(base.as_ref(), &plan, &theirs, &ctx.config.limits)?;
    let mut document = merged.document;
    document.revision = document.revision.max(plan.revision);
    document.updated_at.clone_from(&plan.updated_at);
    document.session.clone_from(&plan.session);
    Ok((
        document,
        merged.warnings,
        Some(BroughtIn {
            oid: tip.oid,
            revision: theirs.revision,
        }),
    ))
}

/// The commit message of a revision: the command and what changed, then the trailers.
fn message(
    command: &str,
    before: Option<&Document>,
    after: &Document,
    owner: Option<&str>,
) -> String {
    let clean = |text: &str| -> String { text.chars().filter(|c| !c.is_control()).collect() };
    let mut text = format!(
        "{}: {}\n\nTodos-Revision: {}\n",
        clean(command),
        changes(before, after),
        after.revision
    );
    if let Some(owner) = owner {
        let _ = writeln!(text, "Todos-Owner: {}", clean(owner));
    }
    text
}

/// What changed, in a few words: items added and removed, statuses and owners moved.
pub fn changes(before: Option<&Document>, after: &Document) -> String {
    let empty = Vec::new();
    let old = before.map_or(&empty, |document| &document.todos);
    let mut parts = Vec::new();
    let added: Vec<&str> = after
        .todos
        .iter()
        .filter(|item| !old.iter().any(|was| was.id == item.id))
        .map(|item| item.id.as_str())
        .collect();
    if !added.is_empty() {
        parts.push(format!("added {}", added.join(", ")));
    }
    let removed: Vec<&str> = old
        .iter()
        .filter(|was| !after.todos.iter().any(|item| item.id == was.id))
        .map(|item| item.id.as_str())
        .collect();
    if !removed.is_empty() {
        parts.push(format!("removed {}", removed.join(", ")));
    }
    for item in &after.todos {
        if let Some(was) = old.iter().find(|was| was.id == item.id) {
            if was.status != item.status {
                parts.push(format!("{} {}", item.id, item.status.as_str()));
            }
            if was.owner != item.owner {
                parts.push(format!(
                    "{} @{}",
                    item.id,
                    item.owner.as_deref().unwrap_or("-")
                ));
            }
        }
    }
    if before.is_some_and(|before| before.summary != after.summary) {
        parts.push("summary".to_owned());
    }
    let done = after
        .todos
        .iter()
        .filter(|item| item.status.is_terminal())
        .count();
    let shown = if parts.is_empty() {
        "no item changed".to_owned()
    } else {
        parts.join("; ")
    };
    format!("{shown} [{done}/{}]", after.todos.len())
}

/// Whether a change makes a claim: an item that gains an owner, or another owner.
pub fn claims(old: &Document, new: &Document) -> bool {
    new.todos.iter().any(|item| {
        item.owner.is_some()
            && old
                .todos
                .iter()
                .find(|was| was.id == item.id)
                .is_none_or(|was| was.owner != item.owner)
    })
}
