//! `todos sync` (SPEC §11): with a remote, fetches every list (the workspace's and the remote's),
//! brings each local plan up to the remote's, pushes what waits here, and says what came in.
//! `--adopt` takes the remote's plan even when its ref moved backwards or to another history
//! (the local plan stays in the history: `todos undo` brings it back).

use std::fmt::Write as _;

use crate::commands::Run;
use crate::commands::lazy::Summary;
use clap::Args;
use serde_json::json;

use crate::commands::remote;
use crate::commands::transaction::Transaction;
use crate::context::Context;
use crate::context::host::Host;
use crate::plan::list::ListName;
use crate::policy::error::{NothingToSync, Remote, Result, Synced};
use crate::store::Store;
use crate::store::git::{self, Git};
use crate::store::remote::REF_PREFIX;
use crate::view::outcome::{Answer, Outcome};

/// With a remote: fetch every list, push what waits here, and say what came in.
///
/// Where a clone shares its plans on a git remote (`todos init --git --remote NAME`, or
/// TODOS_REMOTE), every change already goes through the remote; sync brings in what others
/// changed and pushes what was saved here while the remote could not be reached. --adopt
/// takes the remote's plan after someone pushed over its ref by hand.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos sync           # fetch every list, push what waits here\n  \
    todos sync --adopt   # take the remote's plan after someone pushed over it by hand")]
pub struct SyncArgs {
    /// Take the remote's plan even when its ref moved backwards or to an unrelated history
    /// since this clone last saw it (the local plan stays in the history: `todos undo` brings
    /// it back).
    #[arg(long)]
    pub adopt: bool,
}

impl Summary for SyncArgs {
    const SUMMARY: &str =
        "With a remote: fetch every list, push what waits here, and say what came in";
}

pub fn execute(ctx: &Context, host: &mut Host, args: &SyncArgs) -> Result<Outcome> {
    let Some(name) = remote::configured(ctx, host)? else {
        let note = NothingToSync {
            suggested: ctx.config.suggested_remote.clone(),
        };
        let answer = Answer {
            notes: format!("{} {note}\n", ctx.stderr.bold("note:")),
            ..Answer::new(
                String::new(),
                json!({"remote": null, "lists": []}),
                note.to_string(),
            )
        };
        return Ok(Outcome::answer(answer));
    };
    let mut lists = ListName::all(&ctx.workspace);
    for list in remote_lists(ctx, host, &name)? {
        if !lists.contains(&list) {
            lists.push(list);
        }
    }
    let mut synced = Vec::new();
    let mut warnings = Vec::new();
    for list in lists {
        let mut list_ctx = ctx.clone();
        list_ctx.list = list.clone();
        let before = Store::new(&ctx.workspace, &list).load()?;
        let mut transaction = Transaction::begin_adopting(&list_ctx, host, args.adopt)?;
        if let Some(remote::State::Offline(why)) = transaction.link().map(|link| link.state.clone())
        {
            return Remote::Unreachable {
                remote: name,
                why,
                claim: false,
            }
            .into();
        }
        let said = transaction.take_warnings();
        let pushed_from = transaction.store().load()?;
        let waiting = transaction
            .link()
            .is_some_and(|link| link.waiting(&pushed_from));
        let pushing = transaction.push_waiting()?;
        let pushed = (waiting && pushing.is_empty()).then_some(pushed_from.revision);
        warnings.extend(said);
        warnings.extend(pushing);
        let after = transaction.store().load()?;
        let came_in = (after.revision != before.revision
            && (after.todos != before.todos || after.summary != before.summary))
            .then(|| remote::changes(Some(&before), &after));
        synced.push(Synced {
            list: list.as_str().to_owned(),
            before: before.revision,
            after: after.revision,
            came_in,
            pushed,
        });
    }
    let mut text = String::new();
    for line in &synced {
        let _ = writeln!(text, "{line}");
    }
    let data = json!({
        "remote": name,
        "lists": synced.iter().map(|line| json!({
            "list": line.list,
            "before": line.before,
            "after": line.after,
            "came_in": line.came_in,
            "pushed": line.pushed,
        })).collect::<Vec<_>>(),
    });
    let headline = format!(
        "Synced {} with {name}.",
        crate::policy::english::count(synced.len(), "list")
    );
    Ok(Outcome {
        warnings,
        ..Outcome::answer(Answer::new(text, data, headline))
    })
}

/// The lists the remote holds, by its refs under `refs/todos/`: those whose names are lists'.
fn remote_lists(ctx: &Context, host: &Host, remote: &str) -> Result<Vec<ListName>> {
    let git = Git::new(
        &ctx.workspace,
        host.vars().into_iter(),
        ctx.config.remote_timeout,
    );
    let pattern = format!("{REF_PREFIX}*");
    let output = git.run(
        &git::TRANSPORT,
        &["ls-remote", "--refs", "--", remote, &pattern],
        None,
        1024 * 1024,
    );
    let output = match output {
        Ok(output) if output.success => output,
        Ok(output) => {
            return Remote::Unreachable {
                remote: remote.to_owned(),
                why: output.reason(),
                claim: false,
            }
            .into();
        }
        Err(_) => {
            return Remote::Unreachable {
                remote: remote.to_owned(),
                why: "no answer within remote_timeout".to_owned(),
                claim: false,
            }
            .into();
        }
    };
    let text = String::from_utf8_lossy(&output.stdout);
    Ok(text
        .lines()
        .filter_map(|line| line.split('\t').nth(1)?.strip_prefix(REF_PREFIX))
        .filter_map(|name| ListName::parse(name).ok())
        .collect())
}

impl Run for SyncArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Self) -> Result<Outcome> {
        execute(ctx, host, &request)
    }
}
