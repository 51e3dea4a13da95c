//! `todos merge-file BASE OURS THEIRS`: git's merge driver for a store (SPEC §6b), registered
//! by `todos init --git` as `todos merge-file %O %A %B`. It merges the three plans item by item
//! (`crate::store::merge`) and writes the result to OURS, where git takes it from. Exit 0: merged;
//! exit 1: git reports a conflict, either because the merged plan breaks the plan's rules (it
//! is written all the same, every problem on stderr) or because an input is not a store (OURS
//! is then left as it was).
//!
//! git takes whatever OURS holds when the driver exits, conflict or not, so a refusal leaves
//! our side alone in the file: its hint says so, and where theirs is (SPEC §6b keeps OURS as
//! it was rather than have the driver write anything it could not merge as plans).

use std::path::{Path, PathBuf};

use serde_json::json;

use crate::commands::Run;
use crate::commands::lazy::Summary;
use crate::context::Context;
use crate::context::host::Host;
use crate::policy::error::{
    Advice, Conflict, Disk, Error, Headline, Hint, Kind, NotAStore, Plan, Result, Warning,
};
use crate::policy::text::escape;
use crate::store::disk;
use crate::store::merge;
use crate::store::{Document, Store};
use crate::view::outcome::{Answer, Outcome};
use clap::{Args, ValueHint};

/// The largest file read as a store: a plan is a short list, and a file this size is not one.
pub const MAX_STORE_BYTES: u64 = crate::policy::cap::Cap::StoreBytes.value();

pub fn execute(ctx: &Context, args: &MergeFileArgs) -> Result<Outcome> {
    let at = |path: &PathBuf| ctx.cwd.join(path);
    let (base_path, ours_path, theirs_path) = (at(&args.base), at(&args.ours), at(&args.theirs));
    let merged = (|| {
        // git gives an empty BASE when the two branches added the plan each on its own.
        let base = read_input("BASE", &base_path, true)?;
        let ours = read_input("OURS", &ours_path, false)?.unwrap_or_default();
        let theirs = read_input("THEIRS", &theirs_path, false)?.unwrap_or_default();
        let merged = merge::merge(base.as_ref(), &ours, &theirs, &ctx.config.limits)?;
        // Nothing is written that every later command would refuse to read (SPEC §9).
        let bytes = merged.document.to_bytes()?;
        Store::decode(&bytes).map_err(|what| Plan::MergedUnreadable { what })?;
        Ok((merged, bytes))
    })()
    .map_err(left_as_it_was)?;
    let (merged, bytes) = merged;
    // OURS is a path git gives: replaced through a new temporary file beside it, never
    // written through a link, never anything but a regular file.
    let current = disk::check_file(&ours_path)?;
    disk::replace(&ours_path, &bytes, disk::mode_of(current.as_ref()))?;
    Ok(outcome(&merged))
}

/// What the driver says: one line, the warnings, and each problem that makes git report a
/// conflict.
pub fn outcome(merged: &merge::Merged) -> Outcome {
    let document = &merged.document;
    let headline = Headline::Merged {
        items: document.todos.len(),
        revision: document.revision,
        renumbered: merged.renumbered.clone(),
        problems: merged.problems.len(),
    }
    .to_string();
    let data = json!({
        "revision": document.revision,
        "items": document.todos.len(),
        "renumbered": merged.renumbered.iter().map(|(from, to)| json!({"from": from, "to": to})).collect::<Vec<_>>(),
        "problems": merged.problems,
        "warnings": merged.warnings,
    });
    let answer = Answer {
        stats: Some(crate::plan::model::stats(&document.todos)),
        ..Answer::new(format!("{}\n", escape(&headline)), data, headline)
    };
    reported(answer, merged.warnings.clone(), &merged.problems)
}

/// A merge's answer with its warnings and problems on stderr: a problem makes git (or the
/// user's script) see a conflict, exit 1, though the merged plan was written.
pub fn reported(answer: Answer, warnings: Vec<Warning>, problems: &[Conflict]) -> Outcome {
    let mut outcome = Outcome::answer(answer);
    outcome.warnings = warnings;
    outcome
        .warnings
        .extend(problems.iter().cloned().map(Warning::Conflict));
    outcome.exit_code = u8::from(!problems.is_empty());
    outcome
}

/// A refusal of the three inputs: OURS is left as it was, and the hint says what git makes of it.
pub fn left_as_it_was(mut err: Error) -> Error {
    err.advice = Advice::Then(Box::new(err.advice), Hint::OursOnly);
    err
}

/// Reads one of git's three files as a store, with the store's own strict rules. A file that
/// is not a store is refused with exit 1 (git reports a conflict and keeps its own copy);
/// `optional`: an absent or empty file is no plan at all (git's BASE of two added plans).
fn read_input(name: &str, path: &Path, optional: bool) -> Result<Option<Document>> {
    let not_a_store = |why: NotAStore| -> Error {
        Disk::NotAStore {
            name: name.to_owned(),
            path: path.to_path_buf(),
            why,
        }
        .into()
    };
    match disk::check_file(path)? {
        None if optional => return Ok(None),
        None => return Err(not_a_store(NotAStore::Missing)),
        Some(meta) if meta.len() > MAX_STORE_BYTES => {
            return Err(not_a_store(NotAStore::TooLarge {
                size: meta.len(),
                max: MAX_STORE_BYTES,
            }));
        }
        Some(meta) if meta.len() == 0 && optional => return Ok(None),
        Some(_) => {}
    }
    Store::read(path, None).map_err(|err| match err.kind {
        Kind::StoreCorrupt => not_a_store(NotAStore::Unreadable {
            message: err.to_string(),
        }),
        _ => err,
    })
}

/// Merge three versions of a plan: git's merge driver (`todos init --git` registers it).
///
/// git runs it as `todos merge-file %O %A %B` when two branches both changed a plan. Items
/// are matched by id against BASE: an item changed on one side takes that side; changed on
/// both, the status furthest along and, for every other field, ours unless only theirs
/// changed it. An item removed on one side and changed on the other is kept; items added
/// on both sides are all kept, theirs after ours, and an added item of theirs whose id ours
/// also added gets a new id (its dependents follow it). The merged plan is written to OURS.
/// Exit 0: merged. Exit 1: git reports a conflict, because the merged plan breaks a rule
/// (it is written all the same, each problem on stderr) or an input is not a store (OURS
/// is left as it was, and git takes it as the result: our side only; the hint says where
/// theirs is).
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    git init -q && todos init --git   # registers it for this clone\n  \
    cp .todos.json base.json && cp .todos.json theirs.json\n  \
    todos merge-file base.json .todos.json theirs.json   # as git runs it, on its own files")]
pub struct MergeFileArgs {
    /// The common ancestor's plan (git's %O; empty when both branches added the plan).
    #[arg(value_name = "BASE", value_hint = ValueHint::FilePath)]
    pub base: PathBuf,

    /// Our plan (git's %A): the merged plan is written here.
    #[arg(value_name = "OURS", value_hint = ValueHint::FilePath)]
    pub ours: PathBuf,

    /// Their plan (git's %B).
    #[arg(value_name = "THEIRS", value_hint = ValueHint::FilePath)]
    pub theirs: PathBuf,
}

impl Summary for MergeFileArgs {
    const SUMMARY: &str =
        "Merge three versions of a plan: git's merge driver (`todos init --git` registers it)";
}

impl Run for MergeFileArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, _host: &mut Host, request: Self) -> Result<Outcome> {
        execute(ctx, &request)
    }
}
