//! The one way a command changes a plan: take the store's lock, load, check the expected
//! revision, apply the change, then (when something changed) log a finished plan, save, and
//! record the revision in the history.
//! Every mutating command, `undo` included, goes through `Transaction`, so the order of those
//! steps, and what a failure at each step leaves behind, is decided here and nowhere else.
//!
//! With a remote (SPEC §11, `commands/remote.rs`), `begin` also fetches the list's ref and
//! brings the local plan up to it under the lock, and `try_commit` pushes the new plan before
//! saving it: a lost race saves nothing and the caller applies its intent again (`change`).

use std::path::Path;

use crate::commands::named::{Flag, Named};
use crate::commands::remote::{self, Link};

mod with_remote;
use crate::context::Context;
use crate::context::host::Host;
use crate::plan::model::is_finished;
use crate::policy::error::{Caller, Error, Plan, Result, Warning};
use crate::store::disk;
use crate::store::history;
use crate::store::log;
use crate::store::{Document, Lock, Session, Store};
use crate::view::outcome::{Outcome, View};

/// A change under way: the lock is held until it is committed or dropped.
pub struct Transaction<'a> {
    ctx: &'a Context,
    store: Store,
    lock: Lock,
    /// The list's remote, when it has one.
    link: Option<Link>,
    /// Whether the change is a claim, which needs the remote unless `--offline`.
    claim: bool,
    /// What bringing the plan up to the remote's said.
    warnings: Vec<Warning>,
    /// The remote a committed config suggests, said by this change: recorded once it is saved,
    /// so that the next changes do not say it again.
    suggested: Option<String>,
    /// Who makes the change, for its history line: `TODOS_OWNER` (a valid owner name) and
    /// `TODOS_SESSION`.
    author: history::Author,
    /// The remote's commit `bring_in` merged into the plan about to be restored.
    brought_in: Option<remote::BroughtIn>,
}

/// What a committed change left: the plan as saved, whether anything had to be saved, and
/// warnings about what did not stop it (a history that could not record it).
pub struct Committed {
    pub document: Document,
    pub changed: bool,
    pub warnings: Vec<Warning>,
}

impl<'a> Transaction<'a> {
    /// Takes the store's lock, saying on `host`'s stderr when another process makes us wait.
    pub fn begin(ctx: &'a Context, host: &mut Host) -> Result<Self> {
        Self::begin_adopting(ctx, host, false)
    }

    /// `begin`; with `adopt`, a remote's plan is taken whatever this clone had seen of it
    /// (`sync --adopt`).
    pub fn begin_adopting(ctx: &'a Context, host: &mut Host, adopt: bool) -> Result<Self> {
        Self::begin_as(ctx, host, adopt, false)
    }

    /// `begin`, without bringing the plan up to the remote's: for `resolve`, whose store holds
    /// git's conflict markers; it brings the remote's plan into its own (`bring_in`).
    pub fn begin_deferred(ctx: &'a Context, host: &mut Host) -> Result<Self> {
        Self::begin_as(ctx, host, false, true)
    }

    fn begin_as(ctx: &'a Context, host: &mut Host, adopt: bool, deferred: bool) -> Result<Self> {
        // Checked before the lock is taken: a log folder that leads out of the workspace
        // refuses the command before anything is written.
        ctx.memory_dir(false)?;
        let store = Store::new(&ctx.workspace, &ctx.list).with_root(ctx.real_root()?);
        let quiet = ctx.quiet;
        let palette = ctx.stderr;
        let lock = store.lock(ctx.lock_timeout, |path: &Path| {
            if !quiet {
                crate::view::live_output::waiting_for_lock(host, palette, path);
            }
        })?;
        let mut transaction = Self {
            ctx,
            store,
            lock,
            link: None,
            claim: false,
            warnings: Vec::new(),
            suggested: None,
            author: history::Author {
                owner: host
                    .var(crate::policy::settings::Variable::Owner.name())
                    .and_then(|owner| {
                        crate::plan::model::check_owner(
                            &owner,
                            &crate::policy::error::At::Root,
                            &mut Vec::new(),
                        )
                    }),
                session: ctx.session.clone(),
            },
            brought_in: None,
        };
        if let Some(name) = remote::configured(ctx, host)? {
            transaction.link = Some(Link::new(ctx, host, &name, ctx.config.remote_timeout));
            if !deferred {
                transaction.refresh(adopt)?;
            }
        } else if let Some(name) = &ctx.config.suggested_remote
            && !crate::store::remote::was_suggested(&ctx.workspace, name)
        {
            transaction.warnings.push(Warning::Remote(
                crate::policy::error::RemoteWarning::Suggested {
                    remote: name.clone(),
                },
            ));
            transaction.suggested = Some(name.clone());
        }
        Ok(transaction)
    }

    /// Records that the suggested remote was said, once a change that said it is saved. A
    /// record that fails only means the next change says it again.
    fn note_suggestion(&mut self) {
        if let Some(name) = self.suggested.take() {
            let _ = crate::store::remote::note_suggested(&self.ctx.workspace, &name);
        }
    }

    /// What the transaction said on the way (a remote plan merged in), taken once.
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        std::mem::take(&mut self.warnings)
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn lock(&self) -> &Lock {
        &self.lock
    }

    /// Loads the plan as it is now, refusing a change based on an older revision.
    pub fn load(&self, expect_revision: Option<u64>) -> Result<Document> {
        let document = self.store.load_under(&self.lock)?;
        check_revision(expect_revision, document.revision)?;
        Ok(document)
    }

    /// Saves `new` in place of `old`, as made by `command`: nothing is written when the plan
    /// already matches (agents re-send lists often), else the revision goes up, the session
    /// starts or goes on, and a plan this change finished is logged.
    ///
    /// The completion log agrees with the store after any kill (SPEC §6): a plan's block is
    /// written only once the store holding it finished is saved, so a change stopped before
    /// that leaves no block for a plan that never was; and a change stopped between the two
    /// leaves a finished store whose block the next change writes first (`catch_up`). The
    /// history comes last, so it is never ahead of the store.
    /// With a remote, the new plan is pushed first (`commands/remote.rs`): a lost race saves
    /// nothing and gives `None`, and the caller applies its intent again to the plan `refresh`
    /// brings in; a claim the remote cannot confirm is refused unless `--offline`; a change
    /// the remote cannot take is saved here and waits.
    pub fn try_commit(
        &mut self,
        command: &str,
        old: Document,
        mut new: Document,
        new_session: bool,
    ) -> Result<Option<Committed>> {
        let ctx = self.ctx;
        let changed = new.summary != old.summary || new.todos != old.todos || new_session;
        if !changed {
            // The agent's retry of a change that was stopped after its save: nothing to save,
            // but the finished plan's block may still be missing.
            let mut warnings = self.take_warnings();
            warnings.extend(self.catch_up(&old, &mut old.clone()));
            return Ok(Some(Committed {
                document: old,
                changed: false,
                warnings,
            }));
        }
        let restart = new_session
            || match (&new.session, &ctx.session) {
                (None, _) => true,
                (Some(session), Some(wanted)) => session.id != *wanted,
                (Some(_), None) => false,
            };
        if restart {
            new.session = Some(Session {
                id: ctx.session.clone().unwrap_or_else(|| log::stamp(&ctx.now)),
                started_at: ctx.now.to_rfc3339(),
                log_file: log::file_name(&ctx.memory_dir(false)?.path, &ctx.now),
                completed_plans: 0,
            });
        }
        // What an older `todos` left beside the store moves into `.todos/` first, so that the
        // history's ends are read where the revision is appended.
        let moved = self.store.move_old_files(&self.lock)?;
        // The history's ends, read once under the lock: the new revision goes past its latest (a
        // store put back by git may be behind it), and the append after the save starts from
        // them. A history that cannot be read holds up nothing here; `record` warns of it.
        let (path, mut end) = self.store.open_history();
        let ends = end.span(&path);
        let recorded =
            history::recorded(&path, ends.as_ref().ok().copied().flatten(), old.revision);
        new.revision = old.next_revision(recorded)?;
        // The new store names the line its own line goes on from (SPEC §9: `undo` restores
        // only what this chain reaches), read from the bytes `span` read.
        let head = history::head(&mut end, &old, true);
        let ending = end.into_ending(ends);
        new.history.clone_from(&head.hash);
        new.updated_at = Some(ctx.now.to_rfc3339());
        let mut warnings = self.take_warnings();
        warnings.extend(moved);
        warnings.extend(self.catch_up(&old, &mut new));
        let finished_again = is_finished(&old.todos) && same_contents_and_statuses(&old, &new);
        let mut block = None;
        if is_finished(&new.todos)
            && !finished_again
            && let Some(session) = new.session.as_mut()
        {
            let task = session.completed_plans.checked_add(1).ok_or_else(|| {
                Error::from(Plan::SessionCountAtMax {
                    caller: Caller::CommandLine,
                })
            })?;
            session.completed_plans = task;
            let text = log::block(
                &ctx.list,
                task,
                &ctx.now,
                new.summary.as_deref(),
                &new.todos,
            );
            // Where the block goes is checked before anything is written: a link or a FIFO
            // there refuses the change, as any unsafe path does.
            let folder = ctx.memory_dir(true)?;
            if let Err(err) = disk::check_file(&folder.path.join(&session.log_file)) {
                let mut folder = folder;
                folder.remove_created();
                return Err(err);
            }
            block = Some((folder, task, text));
        }
        // With a remote, the new plan goes there first: a lost race, or a claim the remote
        // cannot confirm, saves nothing here.
        let published = match self.push_first(command, &old, &new) {
            Ok(Some(published)) => published,
            stopped => {
                if let Some((mut folder, ..)) = block {
                    folder.remove_created();
                }
                return stopped.map(|_| None);
            }
        };
        if let Err(err) = self.store.save(&self.lock, &new) {
            if let Some((mut folder, ..)) = block {
                folder.remove_created();
            }
            return Err(err);
        }
        if let Some((folder, task, text)) = block {
            warnings.extend(self.log_block(&mut new, folder, task, &text));
        }
        warnings.extend(self.record(&path, command, &old, &head, &new, ending));
        self.note_suggestion();
        self.after_push(published, new.revision, &mut warnings)?;
        Ok(Some(Committed {
            document: new,
            changed: true,
            warnings,
        }))
    }

    /// Appends the block of plan `task` to the log of `document`'s session, the store holding
    /// the plan finished being saved already. A session's first block may find its file taken
    /// by another session that started in the same second: it goes to the next free name, and
    /// the store is saved again to say so. A failure is a warning: the change is made, and
    /// the next change writes the block (`catch_up`).
    fn log_block(
        &self,
        document: &mut Document,
        folder: disk::Folder,
        task: u64,
        text: &str,
    ) -> Vec<Warning> {
        let Some(session) = document.session.as_mut() else {
            return Vec::new();
        };
        let named = session.log_file.clone();
        match log::append(folder, session, &self.ctx.list, task, text) {
            Ok(_) if session.log_file == named => Vec::new(),
            Ok(_) => match self.store.save(&self.lock, document) {
                Ok(()) => Vec::new(),
                Err(err) => vec![Warning::LogNotNamed {
                    log_file: (document.session.as_ref())
                        .map(|session| session.log_file.clone())
                        .unwrap_or_default(),
                    why: Box::new(err),
                }],
            },
            Err(err) => vec![Warning::LogNotWritten { why: Box::new(err) }],
        }
    }

    /// Writes the block of a plan the store holds finished whose block is not in its log: a
    /// change stopped between its save and its block left it so. The block carries the time
    /// the plan was saved. Best effort, with a warning: this change must not fail for it.
    fn catch_up(&self, old: &Document, new: &mut Document) -> Vec<Warning> {
        let Some(session) = old.session.as_ref() else {
            return Vec::new();
        };
        let task = session.completed_plans;
        if task == 0 || !is_finished(&old.todos) {
            return Vec::new();
        }
        let ctx = self.ctx;
        let written = ctx.memory_dir(false).and_then(|folder| {
            log::has_block(&folder.path.join(&session.log_file), &ctx.list, task)
        });
        match written {
            Ok(true) => return Vec::new(),
            Ok(false) => {}
            Err(err) => {
                return vec![Warning::LogUnreadable { why: Box::new(err) }];
            }
        }
        let at = old
            .updated_at
            .as_deref()
            .and_then(|at| chrono::DateTime::parse_from_rfc3339(at).ok())
            .map_or(*ctx.now, |at| at.with_timezone(&chrono::Local));
        let text = log::block(&ctx.list, task, &at, old.summary.as_deref(), &old.todos);
        let mut session = session.clone();
        let appended = ctx
            .memory_dir(true)
            .and_then(|folder| log::append(folder, &mut session, &ctx.list, task, &text));
        match appended {
            Ok(_) => {
                // The session goes on in `new`: it learns where the block went.
                if let Some(going_on) = new.session.as_mut()
                    && going_on.id == session.id
                {
                    going_on.log_file = session.log_file;
                }
                Vec::new()
            }
            Err(err) => vec![Warning::BlockNotWritten { why: Box::new(err) }],
        }
    }

    /// Saves a restored plan as it is (`undo`): its revision, counters and session are already
    /// set, and restoring a plan finishes none, so nothing is logged but a finished plan's
    /// missing block (`catch_up`). `readable`: `old` is the store as read, not what an
    /// unreadable one still says (`history::head`).
    pub fn restore(
        mut self,
        command: &str,
        old: &Document,
        restored: &Document,
        readable: bool,
    ) -> Result<Vec<Warning>> {
        let mut warnings = self.take_warnings();
        warnings.extend(self.save_as(command, old, restored, readable)?);
        self.note_suggestion();
        if let (Some(brought), Some(link)) = (self.brought_in.take(), self.link.as_mut()) {
            link.merged_in(brought, restored.revision)?;
        }
        // With a remote, the restored plan waits here and is pushed now when it can be.
        if self.link.is_some() {
            warnings.extend(self.push_waiting()?);
        }
        Ok(warnings)
    }

    /// Saves `restored` in place of `old` as it is, as made by `command`, with its history
    /// line. `readable`: `old` is the store as read, not what an unreadable one still says
    /// (`history::head`).
    fn save_as(
        &self,
        command: &str,
        old: &Document,
        restored: &Document,
        readable: bool,
    ) -> Result<Vec<Warning>> {
        let mut warnings = self.store.move_old_files(&self.lock)?;
        let (path, mut end) = self.store.open_history();
        let ends = end.span(&path);
        let head = history::head(&mut end, old, readable);
        let ending = end.into_ending(ends);
        let mut restored = restored.clone();
        restored.history.clone_from(&head.hash);
        warnings.extend(self.catch_up(old, &mut restored));
        self.store.save(&self.lock, &restored)?;
        warnings.extend(self.withdraw(command, old, &restored));
        warnings.extend(self.record(&path, command, old, &head, &restored, ending));
        Ok(warnings)
    }

    /// A restore that takes a finished plan back says so in the completion log, under the
    /// plan's block (SPEC §6): the block stays, a line says which revision withdrew it.
    fn withdraw(&self, command: &str, old: &Document, restored: &Document) -> Vec<Warning> {
        let Some(session) = old.session.as_ref() else {
            return Vec::new();
        };
        let finished_still =
            is_finished(&restored.todos) && same_contents_and_statuses(old, restored);
        if session.completed_plans == 0 || !is_finished(&old.todos) || finished_still {
            return Vec::new();
        }
        let ctx = self.ctx;
        let withdrawn = ctx.memory_dir(false).and_then(|folder| {
            log::withdraw(
                &folder.path.join(&session.log_file),
                &ctx.list,
                session.completed_plans,
                restored.revision,
                command,
            )
        });
        match withdrawn {
            Ok(()) => Vec::new(),
            Err(err) => vec![Warning::NotWithdrawn { why: Box::new(err) }],
        }
    }

    /// Appends the saved revision to the history at `path` (`Store::open_history`, under this
    /// lock). The change is made by then: a history that
    /// cannot record it (a full disk) is a warning, not a failure of the change.
    fn record(
        &self,
        path: &Path,
        command: &str,
        old: &Document,
        head: &history::Head,
        new: &Document,
        ending: Result<history::Ending>,
    ) -> Vec<Warning> {
        let limit = self.ctx.config.history_limit;
        let command = self.ctx.recorded(command);
        match ending.and_then(|ending| {
            history::append(
                path,
                ending,
                old,
                head,
                new,
                history::Made {
                    command: &command,
                    author: &self.author,
                },
                limit,
            )
        }) {
            Ok(()) => Vec::new(),
            Err(err) => vec![Warning::HistoryNotRecorded { why: Box::new(err) }],
        }
    }
}

/// The usual change by `command`: lock, load at the expected revision, apply `apply` to a
/// copy, commit. The warnings are the change's own, then the commit's.
pub fn change(
    ctx: &Context,
    host: &mut Host,
    command: &str,
    expect_revision: Option<u64>,
    new_session: bool,
    mut apply: impl FnMut(&mut Document) -> Result<Vec<Warning>>,
) -> Result<(Committed, Vec<Warning>)> {
    change_noted(
        ctx,
        host,
        command,
        expect_revision,
        new_session,
        |document| apply(document).map(|warnings| (warnings, None)),
    )
}

/// `change`, where `apply` may add a note to the command the history records, after a colon
/// (`update --take: taken over from w1 on purpose`).
pub fn change_noted(
    ctx: &Context,
    host: &mut Host,
    command: &str,
    expect_revision: Option<u64>,
    new_session: bool,
    mut apply: impl FnMut(&mut Document) -> Result<(Vec<Warning>, Option<String>)>,
) -> Result<(Committed, Vec<Warning>)> {
    let mut transaction = Transaction::begin(ctx, host)?;
    // With a remote, a lost race applies the same intent again to the newer plan; a `write`
    // snapshot, a whole plan, is merged three-way against the plan it was applied to, so that
    // what the other machine added or changed meanwhile is kept (SPEC §11).
    let snapshot = command == "write";
    let mut first: Option<(Document, Document, Vec<Warning>)> = None;
    for attempt in 0..remote::TRIES {
        if attempt > 0 {
            remote::back_off(attempt);
        }
        let old = transaction.load(expect_revision)?;
        let (new, mut warnings, note) = if let Some((base, ours, said)) = &first {
            let mut merged =
                crate::store::merge::merge(Some(base), ours, &old, &ctx.config.limits)?;
            merged.document.note.clone_from(&ours.note);
            let mut warnings = said.clone();
            warnings.extend(merged.warnings);
            (merged.document, warnings, None)
        } else {
            let mut new = old.clone();
            let (warnings, note) = apply(&mut new)?;
            (new, warnings, note)
        };
        if snapshot && first.is_none() {
            first = Some((old.clone(), new.clone(), warnings.clone()));
        }
        let command = match note {
            Some(note) => format!("{command}: {note}"),
            None => command.to_owned(),
        };
        if let Some(mut committed) = transaction.try_commit(&command, old, new, new_session)? {
            warnings.append(&mut committed.warnings);
            return Ok((committed, warnings));
        }
        transaction.refresh(false)?;
    }
    Err(transaction.lost())
}

/// `--expect-revision N`: refuse a change based on a plan someone else has changed since. The
/// refusal names the flag; the MCP server names it as its tool's argument
/// (`mcp::engine`), as it runs every changing tool's command.
pub fn check_revision(expected: Option<u64>, actual: u64) -> Result<()> {
    let at = Named::Typed.path(Flag::ExpectRevision);
    match expected {
        // A revision the plan has not reached was never read: say so, not "changed since".
        Some(expected) if expected > actual => Plan::RevisionAhead {
            actual,
            expected,
            at,
        }
        .into(),
        Some(expected) if expected != actual => Plan::RevisionBehind {
            actual,
            expected,
            at,
        }
        .into(),
        _ => Ok(()),
    }
}

fn same_contents_and_statuses(a: &Document, b: &Document) -> bool {
    a.todos.len() == b.todos.len()
        && a.todos
            .iter()
            .zip(&b.todos)
            .all(|(x, y)| x.content == y.content && x.status == y.status)
}

impl Outcome {
    /// The outcome of a change made through `transaction::change`.
    pub fn changed((committed, warnings): (Committed, Vec<Warning>)) -> Self {
        Self {
            warnings,
            ..Self::new(View::Changed {
                document: committed.document,
                changed: committed.changed,
            })
        }
    }
}
