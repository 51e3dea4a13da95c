//! `todos resolve`: merges a store that git left with its conflict markers (no merge driver
//! ran: a merge on a server, a clone without `todos init --git`), as `merge-file` would have
//! (SPEC §6b). The two sides come from the markers; the common plan from the diff3 markers
//! when git wrote them, else from git's index (stage 1, `git cat-file blob :1:FILE`), else
//! there is none and both sides' items are kept. The merged plan is saved under the store's
//! lock as a new revision, with its history line; the user then `git add`s it.
//!
//! A store without markers is left alone: resolve says there is nothing to resolve and exits
//! 0, so a script may run it after every merge. A store that is unreadable for another reason
//! keeps the refusal every command gives it.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::json;

use crate::commands::Run;
use crate::commands::lazy::Summary;
use crate::commands::merge_file::{self, MAX_STORE_BYTES};
use crate::commands::transaction::Transaction;
use crate::context::Context;
use crate::context::host::Host;
use crate::policy::error::{Base, Bug, Disk, Error, Note, Result, Unmergeable, Warning};
use crate::policy::text::escape;
use crate::store::conflict_markers as markers;
use crate::store::disk::{self, Links};
use crate::store::merge;
use crate::store::{Document, Store};
use crate::view::outcome::{Answer, Outcome};
use clap::Args;

/// Whether the store at `path` holds git's conflict markers (an unreadable one does not).
pub fn is_conflicted(path: &Path) -> bool {
    matches!(disk::read(path, Links::Refuse, disk::Cap::Bytes(disk::MAX_STORE_BYTES)), Ok(Some(bytes)) if markers::present(&bytes))
}

pub fn execute(ctx: &Context, host: &mut Host) -> Result<Outcome> {
    // Read first, as `show` does (no lock, nothing created): a store that is no conflict is
    // left as it is, and one unreadable for another reason keeps its usual refusal.
    let path = Store::new(&ctx.workspace, &ctx.list).path().to_path_buf();
    let shown = escape(&path.display().to_string()).into_owned();
    match Store::new(&ctx.workspace, &ctx.list).load() {
        Ok(_) if disk::check_file(&path)?.is_none() => {
            return Ok(nothing_to_do(&Note::NothingToResolve {
                path,
                missing: true,
            }));
        }
        Ok(_) => return Ok(nothing_to_do(&no_markers(path))),
        Err(err) if !is_conflicted(&path) => return Err(err),
        Err(_) => {}
    }
    if let Some(meta) = disk::check_file(&path)?
        && meta.len() > MAX_STORE_BYTES.saturating_mul(2)
    {
        return Disk::ConflictTooLarge {
            shown,
            size: meta.len(),
        }
        .into();
    }
    // With a remote, the store cannot be brought up to the remote's plan first (it holds the
    // markers): the resolved plan is, below, before it is saved.
    let mut transaction = Transaction::begin_deferred(ctx, host)?;
    let store = transaction.store();
    // Read again under the lock: another process may have resolved it meanwhile.
    let bytes = match disk::read(
        &path,
        Links::Refuse,
        disk::Cap::Bytes(disk::MAX_STORE_BYTES),
    )? {
        Some(bytes) if markers::present(&bytes) => bytes,
        _ => return Ok(nothing_to_do(&no_markers(path))),
    };
    let unmergeable = |why: Unmergeable| -> Error {
        Disk::Unmergeable {
            shown: shown.clone(),
            why,
        }
        .into()
    };
    let text = std::str::from_utf8(&bytes).map_err(|_| unmergeable(Unmergeable::NotUtf8))?;
    let sides = match markers::split(text) {
        Some(Ok(sides)) => sides,
        Some(Err(why)) => return Err(unmergeable(why)),
        None => return Bug::MarkersVanished.into(),
    };
    let side = |name: &'static str, text: &str| {
        Store::decode(text.as_bytes()).map_err(|why| unmergeable(Unmergeable::Side { name, why }))
    };
    let ours = side("our", &sides.ours)?;
    let theirs = side("their", &sides.theirs)?;
    let mut warnings = Vec::new();
    let (base, from) = common_plan(host, &path, sides.base.as_deref(), &side, &mut warnings);
    let merged = merge::merge(base.as_ref(), &ours, &theirs, &ctx.config.limits)?;
    let mut document = merged.document.clone();
    // A revision past both sides' and past the latest one this clone's history recorded.
    let recorded = crate::store::history::span(store.history_path())
        .ok()
        .flatten()
        .map_or(0, |(_, latest)| latest);
    document.revision = document.revision.max(recorded.saturating_add(1));
    document.updated_at = Some(ctx.now.to_rfc3339());
    warnings.extend(merged.warnings.iter().cloned());
    let document = transaction.bring_in(document)?;
    warnings.extend(transaction.restore("resolve", &ours, &document, true)?);
    let add = git_add_path(ctx, &path);
    let note = Note::Resolved {
        path: path.clone(),
        base: from,
        add: add.clone(),
    }
    .to_string();
    let mut data = crate::view::envelope::data(&document, &warnings, Some(true));
    data["resolved"] = json!({
        "path": path.display().to_string(),
        "base": from.key(),
        "renumbered": merged.renumbered.iter().map(|(from, to)| json!({"from": from, "to": to})).collect::<Vec<_>>(),
        "problems": merged.problems,
        "next": format!("git add {add}"),
    });
    let mut text =
        crate::view::render::checklist(document.summary.as_deref(), &document.todos, ctx.stdout);
    if !document.todos.is_empty() {
        text.push_str(&crate::view::render::progress_line(&document.todos));
        text.push('\n');
    }
    let answer = Answer {
        notes: format!("{} {note}\n", ctx.stderr.bold("note:")),
        stats: Some(crate::plan::model::stats(&document.todos)),
        ..Answer::new(text, data, note.clone())
    };
    Ok(merge_file::reported(answer, warnings, &merged.problems))
}

/// The common plan: from the diff3 markers, else from git's index, else none (with a warning
/// when one was there but is not a store).
fn common_plan(
    host: &Host,
    path: &Path,
    in_markers: Option<&str>,
    side: &dyn Fn(&'static str, &str) -> Result<Document>,
    warnings: &mut Vec<Warning>,
) -> (Option<Document>, Base) {
    if let Some(text) = in_markers {
        match side("the common", text) {
            Ok(base) => return (Some(base), Base::Markers),
            Err(err) => {
                warnings.push(Warning::CommonUnusable { why: Box::new(err) });
                return (None, Base::None);
            }
        }
    }
    match index_base(host, path).map(|bytes| Store::decode(&bytes)) {
        Some(Ok(base)) => (Some(base), Base::Index),
        Some(Err(why)) => {
            warnings.push(Warning::IndexNotStore {
                why: why.to_string(),
            });
            (None, Base::None)
        }
        None => (None, Base::None),
    }
}

fn no_markers(path: PathBuf) -> Note {
    Note::NothingToResolve {
        path,
        missing: false,
    }
}

fn nothing_to_do(note: &Note) -> Outcome {
    let text = note.to_string();
    Outcome::answer(Answer::new(
        format!("{text}\n"),
        json!({"resolved": null}),
        text,
    ))
}

/// The file as `git add` takes it from the current folder.
fn git_add_path(ctx: &Context, path: &Path) -> String {
    path.strip_prefix(&ctx.cwd)
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
        .display()
        .to_string()
}

/// The common plan git keeps in its index while the merge is unresolved (stage 1), read with
/// `git cat-file` (plumbing: no pager, no text conversion) in the store's folder, with the
/// run's own environment and at most a store's size, running nothing the repository's config
/// names (`store::git::RUNS_NOTHING`). `None` when git, the repository or the stage is not there.
fn index_base(host: &Host, path: &Path) -> Option<Vec<u8>> {
    let dir: PathBuf = path.parent()?.to_path_buf();
    let name = path.file_name()?.to_str()?;
    let mut child = Command::new("git")
        .env_clear()
        .envs(host.vars())
        .env("GIT_NO_LAZY_FETCH", "1")
        .env("GIT_OPTIONAL_LOCKS", "0")
        .current_dir(&dir)
        .args(crate::store::git::RUNS_NOTHING)
        .args(crate::store::git::NO_TRANSPORT)
        .args(["cat-file", "blob", &format!(":1:./{name}")])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut bytes = Vec::new();
    let read = child
        .stdout
        .take()
        .map(|stdout| stdout.take(MAX_STORE_BYTES + 1).read_to_end(&mut bytes));
    let too_big = u64::try_from(bytes.len()).unwrap_or(u64::MAX) > MAX_STORE_BYTES;
    if too_big {
        let _ = child.kill();
    }
    let status = child.wait().ok()?;
    (status.success() && !too_big && matches!(read, Some(Ok(_)))).then_some(bytes)
}

/// Merge a plan that git left with conflict markers, then `git add` it.
///
/// Where git merged a plan line by line (the merge driver was not registered, or the merge
/// ran elsewhere), the store holds git's conflict markers and every command refuses it.
/// resolve merges the two sides as `todos merge-file` does, with the common plan from the
/// diff3 markers or git's index when there is one (else both sides' items are kept), saves
/// the result as a new revision and says to `git add` the file. A store without conflict
/// markers is left as it is (exit 0).
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos resolve        # then: git add .todos.json\n  \
    todos -l api resolve # then: git add .todos/api.json")]
pub struct ResolveArgs {}

impl Summary for ResolveArgs {
    const SUMMARY: &str = "Merge a plan that git left with conflict markers, then `git add` it";
}

impl Run for ResolveArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, host: &mut Host, _request: Self) -> Result<Outcome> {
        execute(ctx, host)
    }
}
