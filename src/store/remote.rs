//! A list on a git remote (SPEC §11): the ref `refs/todos/LIST`, one commit per revision whose
//! tree holds the store document as `LIST.json`, read and written through the user's own `git`
//! (`store::git`).
//!
//! - `fetch` brings the remote's one ref into the clone's `refs/todos/LIST` (the place
//!   `init --git --remote` maps `git fetch` to as well) and reads it back with one
//!   `git cat-file --batch`: the commit, its parents and the plan, each within the store's cap,
//!   the plan read as strictly as a store on disk (`Store::decode`).
//! - `commit` builds the next commit, its three objects written by `todos` itself
//!   (`git::objects`) or else by git's plumbing (`hash-object`, `mktree`, `commit-tree`), its
//!   author and dates fixed by the change (reproducible under `TODOS_NOW`), no identity of the
//!   user's needed.
//! - `push` is git's own compare-and-swap: `--force-with-lease=REF:OID` (empty: the ref must
//!   not exist yet), and says whether a race was lost, the remote refused, or it could not be
//!   reached.
//! - `Seen` is what this clone last had in common with the remote, in `.todos/LIST.remote`
//!   (kept out of git by `.todos/.gitignore`): the commit, and the revision of its plan. A
//!   local plan past it holds revisions that wait to be pushed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::plan::list::{LISTS_DIR, ListName};
use crate::policy::error::{Result, Unreadable};
use crate::store::disk::{self, Links};
use crate::store::git::objects::Objects;
use crate::store::git::{self, Failure, Git, TRANSPORT};
use crate::store::{Document, Store};

/// The prefix of every list's ref.
pub const REF_PREFIX: &str = "refs/todos/";

/// One list's place on one remote.
#[derive(Debug, Clone)]
pub struct Place {
    pub remote: String,
    /// `refs/todos/LIST`.
    pub reference: String,
    /// `LIST.json`, the one file of each commit's tree.
    pub file: String,
}

impl Place {
    pub fn new(remote: &str, list: &ListName) -> Self {
        Self {
            remote: remote.to_owned(),
            reference: format!("{REF_PREFIX}{}", list.as_str()),
            file: format!("{}.json", list.as_str()),
        }
    }
}

/// Why the remote gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// It could not be reached, or not within the time left: git's reason, one line.
    Unreachable(String),
    /// The local repository could not do its part (no repository, a failed object write).
    Local(String),
}

impl From<Failure> for Trouble {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Spawn(why) => Self::Local(format!("git could not be started: {why}")),
            Failure::TimedOut => Self::Unreachable("no answer within remote_timeout".to_owned()),
        }
    }
}

/// The commit a ref points to, as fetched.
#[derive(Debug, Clone)]
pub struct Tip {
    pub oid: String,
    /// The plan it holds, or why it is not one; `None`: not read, the commit being the one
    /// this clone already had.
    pub plan: Option<std::result::Result<Document, Hostile>>,
}

/// Why a fetched commit holds no plan `todos` takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hostile {
    /// Its tree has no `LIST.json`, or it is not a commit.
    NoPlan,
    /// Its plan is larger than a store may be.
    TooLarge(u64),
    /// Its plan does not read as a store.
    Unreadable(Unreadable),
}

/// The largest commit object read (its message included).
const MAX_COMMIT_BYTES: u64 = 64 * 1024;

/// Fetches the list's ref from the remote; `None` when the remote has none. `known`: the
/// clone's common git folder and the commit it last had in common with the remote: when the
/// ref fetched is still that one (its loose ref file says so), its plan is not read again.
pub fn fetch(
    git: &Git,
    place: &Place,
    known: Option<(&Path, &str)>,
) -> std::result::Result<Option<Tip>, Trouble> {
    let refspec = format!("+{0}:{0}", place.reference);
    let output = git.run(
        &TRANSPORT,
        &[
            "fetch",
            "--no-tags",
            "--no-write-fetch-head",
            "--no-recurse-submodules",
            "--no-auto-gc",
            "--no-auto-maintenance",
            "--quiet",
            "--",
            &place.remote,
            &refspec,
        ],
        None,
        64 * 1024,
    )?;
    if !output.success {
        let text = String::from_utf8_lossy(&output.stderr);
        if text.contains("couldn't find remote ref") {
            return Ok(None);
        }
        return Err(Trouble::Unreachable(output.reason()));
    }
    if let Some((common, seen)) = known
        && loose_ref(common, &place.reference).as_deref() == Some(seen)
    {
        return Ok(Some(Tip {
            oid: seen.to_owned(),
            plan: None,
        }));
    }
    read_tip(git, &place.reference, &place.file).map(Some)
}

/// The commit a loose ref file of the local repository names; `None` when there is none (a
/// packed ref: then git is asked).
fn loose_ref(common: &Path, reference: &str) -> Option<String> {
    let bytes = disk::read(
        &common.join(reference),
        Links::Refuse,
        disk::Cap::Bytes(128),
    )
    .ok()??;
    let text = String::from_utf8(bytes).ok()?;
    let oid = text.trim();
    is_oid(oid).then(|| oid.to_owned())
}

/// Reads a commit and its plan from the local repository, in one `git cat-file --batch`.
pub fn read_tip(git: &Git, rev: &str, file: &str) -> std::result::Result<Tip, Trouble> {
    let input = format!("{rev}^{{commit}}\n{rev}^{{commit}}:{file}\n");
    let output = git.run(
        &git::NO_TRANSPORT,
        &["cat-file", "--batch"],
        Some(input.as_bytes()),
        disk::MAX_STORE_BYTES + MAX_COMMIT_BYTES + 256,
    )?;
    if !output.success {
        return Err(Trouble::Local(output.reason()));
    }
    let mut rest = output.stdout.as_slice();
    let Some((oid, kind, _commit)) = batch_entry(&mut rest) else {
        return Err(Trouble::Local(format!("{rev} cannot be read")));
    };
    if kind != "commit" {
        return Err(Trouble::Local(format!("{rev} is not a commit")));
    }
    let plan = match batch_header(&mut rest) {
        Some((_, kind, size)) if kind == "blob" => {
            if size > disk::MAX_STORE_BYTES {
                Err(Hostile::TooLarge(size))
            } else {
                let size = usize::try_from(size).unwrap_or(usize::MAX);
                match rest.get(..size) {
                    Some(bytes) => Store::decode(bytes).map_err(Hostile::Unreadable),
                    None => Err(Hostile::NoPlan),
                }
            }
        }
        _ => Err(Hostile::NoPlan),
    };
    Ok(Tip {
        oid,
        plan: Some(plan),
    })
}

/// One entry of `cat-file --batch`'s output: its header, then (for a small object) its bytes.
fn batch_entry(rest: &mut &[u8]) -> Option<(String, String, Vec<u8>)> {
    let (oid, kind, size) = batch_header(rest)?;
    if size > MAX_COMMIT_BYTES {
        return None;
    }
    let size = usize::try_from(size).ok()?;
    let bytes = rest.get(..size)?.to_vec();
    // The object, then a newline.
    *rest = rest.get(size + 1..).unwrap_or_default();
    Some((oid, kind, bytes))
}

/// `OID TYPE SIZE`, and the bytes after it; `None` for `REV missing` and anything else.
fn batch_header(rest: &mut &[u8]) -> Option<(String, String, u64)> {
    let end = rest.iter().position(|&b| b == b'\n')?;
    let line = std::str::from_utf8(rest.get(..end)?).ok()?;
    *rest = rest.get(end + 1..)?;
    let mut words = line.split(' ');
    let oid = words.next()?;
    let kind = words.next()?;
    let size = words.next()?.parse().ok()?;
    if words.next().is_some() || !is_oid(oid) {
        return None;
    }
    Some((oid.to_owned(), kind.to_owned(), size))
}

/// A full object name: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits.
pub fn is_oid(text: &str) -> bool {
    (text.len() == 40 || text.len() == 64)
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Whether `old` is `new` or one of its ancestors, in the local repository.
pub fn descends(git: &Git, old: &str, new: &str) -> std::result::Result<bool, Trouble> {
    if old == new {
        return Ok(true);
    }
    let output = git.run(
        &git::NO_TRANSPORT,
        &["merge-base", "--is-ancestor", old, new],
        None,
        1024,
    )?;
    Ok(output.success)
}

/// Who a commit is made by, and when: fixed by the change, so a run under `TODOS_NOW` makes the
/// same commit every time.
pub struct Signature<'a> {
    pub name: &'a str,
    pub seconds: i64,
}

/// Writes the commit of `document` after `parents` (none: the ref's first), with `message`:
/// `todos` writes its three objects itself where it may (`git::objects`, no process), else
/// git's plumbing does (`hash-object`, `mktree`, `commit-tree`). `common`: the clone's common
/// git folder.
pub fn commit(
    git: &Git,
    place: &Place,
    common: Option<&Path>,
    document: &Document,
    parents: &[&str],
    message: &str,
    by: &Signature<'_>,
) -> std::result::Result<String, Trouble> {
    let bytes = document
        .to_bytes()
        .map_err(|err| Trouble::Local(err.to_string()))?;
    // git takes out of a name what would break a commit's header line.
    let name: String = by
        .name
        .chars()
        .filter(|c| !matches!(c, '<' | '>' | '\n' | '\0'))
        .collect();
    // git takes no date before 1970 (fsck's badDate).
    let date = format!("{} +0000", by.seconds.max(0));
    if let Some(objects) = common.and_then(|common| Objects::open(common, git.vars()))
        && let Some(oid) = write_objects(&objects, place, &bytes, parents, message, &name, &date)
    {
        return Ok(oid);
    }
    let blob = plumbing(git, &["hash-object", "-w", "--stdin"], &bytes, &[])?;
    let entry = format!("100644 blob {blob}\t{}\n", place.file);
    let tree = plumbing(git, &["mktree"], entry.as_bytes(), &[])?;
    let env = [
        ("GIT_AUTHOR_NAME", name.as_str()),
        ("GIT_AUTHOR_EMAIL", EMAIL),
        ("GIT_AUTHOR_DATE", date.as_str()),
        ("GIT_COMMITTER_NAME", name.as_str()),
        ("GIT_COMMITTER_EMAIL", EMAIL),
        ("GIT_COMMITTER_DATE", date.as_str()),
    ];
    let mut args = vec!["commit-tree", tree.as_str()];
    for parent in parents {
        args.extend(["-p", parent]);
    }
    plumbing(git, &args, message.as_bytes(), &env)
}

/// The address of every commit `todos` makes: no identity of the user's is needed.
const EMAIL: &str = "todos@localhost";

/// The plan's blob, its tree and the commit, written by `todos` itself; `None`: one could not
/// be written (the caller asks git).
fn write_objects(
    objects: &Objects,
    place: &Place,
    plan: &[u8],
    parents: &[&str],
    message: &str,
    name: &str,
    date: &str,
) -> Option<String> {
    let blob = objects.write("blob", plan)?;
    let tree = objects.write("tree", &Objects::tree_of_one(&place.file, &blob)?)?;
    let parents = parents.iter().fold(String::new(), |mut text, parent| {
        let _ = writeln!(text, "parent {parent}");
        text
    });
    let commit = format!(
        "tree {tree}\n{parents}author {name} <{EMAIL}> {date}\ncommitter {name} <{EMAIL}> {date}\n\n{message}"
    );
    objects.write("commit", commit.as_bytes())
}

/// A plumbing command that prints one object name.
fn plumbing(
    git: &Git,
    args: &[&str],
    input: &[u8],
    env: &[(&str, &str)],
) -> std::result::Result<String, Trouble> {
    let output = git.run_env(&git::NO_TRANSPORT, args, Some(input), 1024, env)?;
    let oid = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    if output.success && is_oid(&oid) {
        Ok(oid)
    } else {
        Err(Trouble::Local(output.reason()))
    }
}

/// What a push came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pushed {
    Done,
    /// The ref was not where it was fetched: another machine got there first.
    Raced,
    /// The remote refused it for another reason (permissions, a protected ref, a hook).
    Refused(String),
}

/// The push summaries of a lost race: the lease checked before the push, or the ref's lock
/// taken on the remote as it updated; either way another push got there first.
const LOST: [&str; 5] = [
    "stale info",
    "fetch first",
    "non-fast-forward",
    "already exists",
    "failed to update ref",
];

/// Pushes `oid` to the list's ref, only if the ref is still at `expected` (none: absent).
pub fn push(
    git: &Git,
    place: &Place,
    oid: &str,
    expected: Option<&str>,
) -> std::result::Result<Pushed, Trouble> {
    let lease = format!(
        "--force-with-lease={}:{}",
        place.reference,
        expected.unwrap_or_default()
    );
    let refspec = format!("{oid}:{}", place.reference);
    let output = git.run(
        &TRANSPORT,
        &[
            "push",
            "--porcelain",
            "--no-verify",
            "--no-recurse-submodules",
            "--quiet",
            &lease,
            "--",
            &place.remote,
            &refspec,
        ],
        None,
        64 * 1024,
    )?;
    if output.success {
        return Ok(Pushed::Done);
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let Some(line) = stdout.lines().find(|line| line.starts_with('!')) else {
        return Err(Trouble::Unreachable(output.reason()));
    };
    let summary = line.split('\t').nth(2).unwrap_or(line);
    let said = git::reason(&output.stderr);
    if LOST.iter().any(|why| summary.contains(why)) || said.contains("cannot lock ref") {
        return Ok(Pushed::Raced);
    }
    let summary: String = summary.chars().filter(|c| !c.is_control()).collect();
    Ok(Pushed::Refused(if said.starts_with("remote: ") {
        format!("{summary}: {said}")
    } else {
        summary
    }))
}

/// What this clone last had in common with the remote for one list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seen {
    pub remote: String,
    pub oid: String,
    pub revision: u64,
    /// The revisions kept here since the remote last had them, when the remote moved meanwhile
    /// and they were merged with it; absent: they go on from `oid`, at `revision`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ahead: Option<Ahead>,
}

/// The line of revisions kept here that the remote has not had, when some of them merged what
/// came from the remote meanwhile: it goes on from the commit `oid` (the local revision
/// `since`), and each revision of `merges` merged the remote's commit named beside it. So the
/// revisions reach the remote one commit each, the merges as merge commits (SPEC §11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ahead {
    pub since: u64,
    pub oid: String,
    pub merges: Vec<(u64, String)>,
}

/// How many revisions of a local plan at `revision` the remote has not had, by what this clone
/// last had in common with it: the one answer to "does anything wait here?" (`show` and
/// `recap` count them; a change and `sync` push them). Without anything in common, every
/// revision waits; after a merge (`Ahead`), every revision since the line left the remote;
/// else those past the revision the remote had, at least one when the plan is not that
/// revision.
pub fn waiting(seen: Option<&Seen>, revision: u64) -> u64 {
    match seen {
        None => revision,
        Some(Seen {
            ahead: Some(ahead), ..
        }) => revision.saturating_sub(ahead.since).max(1),
        Some(seen) if seen.revision == revision => 0,
        Some(seen) => revision.saturating_sub(seen.revision).max(1),
    }
}

/// `.todos/LIST.remote`.
pub fn seen_path(workspace: &Path, list: &ListName) -> PathBuf {
    workspace
        .join(LISTS_DIR)
        .join(format!("{}.remote", list.as_str()))
}

/// What this clone last had in common with `remote`; `None` when it never had anything, or
/// with another remote, or the file does not read (the next change starts afresh from the
/// remote's plan, merged with this one).
pub fn seen(workspace: &Path, list: &ListName, remote: &str) -> Option<Seen> {
    let bytes = disk::read(
        &seen_path(workspace, list),
        Links::Refuse,
        disk::Cap::Bytes(4096),
    )
    .ok()??;
    let seen: Seen = serde_json::from_slice(&bytes).ok()?;
    (seen.remote == remote && is_oid(&seen.oid)).then_some(seen)
}

/// What this clone last had in common with a remote for one list, whichever remote that was,
/// and when it was recorded (the file's time): for the board, which reads no configuration.
pub fn seen_any(workspace: &Path, list: &ListName) -> Option<(Seen, std::time::SystemTime)> {
    let path = seen_path(workspace, list);
    let (file, meta) = disk::open_read_meta(&path, Links::Refuse).ok()??;
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, 4096), &mut bytes).ok()?;
    let seen: Seen = serde_json::from_slice(&bytes).ok()?;
    let at = meta.modified().ok()?;
    is_oid(&seen.oid).then_some((seen, at))
}

/// The commit a list's ref names in the clone's own repository (`common`: its common git
/// folder), as its last fetch left it; `None` when it has none or it is packed.
pub fn local_ref(common: &Path, list: &ListName) -> Option<String> {
    loose_ref(common, &format!("{REF_PREFIX}{}", list.as_str()))
}

/// `.todos/.remote-suggested`: the remote a committed `.todos.config.json` suggests, once this
/// clone has been told of it, so that a change says it once (SPEC §11). A list's name never
/// starts with a dot, so no list's file is named so; `.todos/.gitignore` keeps it out of git.
fn suggested_path(workspace: &Path) -> PathBuf {
    workspace.join(LISTS_DIR).join(".remote-suggested")
}

/// Whether this clone was told already that the repository suggests `remote`.
pub fn was_suggested(workspace: &Path, remote: &str) -> bool {
    disk::read(
        &suggested_path(workspace),
        Links::Refuse,
        disk::Cap::Bytes(256),
    )
    .ok()
    .flatten()
    .is_some_and(|bytes| bytes == remote.as_bytes())
}

/// Records that this clone was told the repository suggests `remote`; under a list's lock,
/// after a change that said so was saved.
pub fn note_suggested(workspace: &Path, remote: &str) -> Result<()> {
    let path = suggested_path(workspace);
    disk::check_file(&path)?;
    disk::replace(&path, remote.as_bytes(), 0o600)
}

/// Records what this clone now has in common with the remote; under the list's lock.
pub fn remember(workspace: &Path, list: &ListName, seen: &Seen) -> Result<()> {
    let path = seen_path(workspace, list);
    disk::check_file(&path)?;
    let mut bytes = serde_json::to_vec(seen).unwrap_or_default();
    bytes.push(b'\n');
    disk::replace(&path, &bytes, 0o600)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(revision: u64, ahead: Option<u64>) -> Seen {
        Seen {
            remote: "origin".to_owned(),
            oid: "a".repeat(40),
            revision,
            ahead: ahead.map(|since| Ahead {
                since,
                oid: "b".repeat(40),
                merges: vec![(since + 2, "c".repeat(40))],
            }),
        }
    }

    #[test]
    fn what_waits_is_counted_from_what_the_remote_last_had() {
        assert_eq!(waiting(None, 0), 0);
        assert_eq!(waiting(None, 3), 3);
        assert_eq!(waiting(Some(&seen(3, None)), 3), 0);
        assert_eq!(waiting(Some(&seen(3, None)), 5), 2);
        // A plan put back behind the remote's revision still differs from it.
        assert_eq!(waiting(Some(&seen(3, None)), 2), 1);
        // After a merge the revision the remote had is its own number: the line left at 2.
        assert_eq!(waiting(Some(&seen(7, Some(2))), 7), 5);
        assert_eq!(waiting(Some(&seen(9, Some(2))), 4), 2);
    }
}
