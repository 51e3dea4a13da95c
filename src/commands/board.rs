//! `todos board [PATH]... [--port N] [--no-open] [--json]` (SPEC §10): every plan under the
//! folders given. The server is `crate::board` (the `board` feature), which `todos::run` starts
//! for `todos board`; `--json` runs here, printing what the page is sent, once, one
//! envelope a line.

pub mod discover;
pub mod snapshot;

use std::path::PathBuf;

use crate::commands::lazy::Summary;
use chrono::{DateTime, Utc};
use clap::{Args, ValueHint};

use crate::context::Context;
use crate::context::global::GlobalArgs;
use crate::context::host::Host;
use crate::policy::error::{Disk, Input, Result, Setup};
use discover::Root;

/// Serve every plan under the folders given, live, on one page in the browser.
///
/// Each PATH is a workspace, or a folder searched for workspaces (3 levels deep, never
/// through a link, passing over .git, node_modules and target); with none, this workspace.
/// The page shows each workspace and list: the summary, the progress, the items with their
/// owners, leases, blockers and descriptions, and the latest revisions with what changed. It
/// follows every change within a second, without a reload, and marks what changed. On each
/// list a person adds an item, starts, completes, cancels, fails, reopens, claims or lets go
/// of one, or undoes the last change: each the command line's own change, made as
/// TODOS_OWNER (else the user), which the history names with the board; --read-only serves
/// the page without them. The server listens on 127.0.0.1 only and answers only under its
/// URL's random token, and takes a change only from its own page. Ctrl-C stops it. `--json`
/// prints the same data once, one envelope per workspace.
// The doc comments are help text, shown as written: no Markdown backticks.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos board                     # this workspace's lists, in the browser\n  \
    todos board ~/code              # every workspace under ~/code, 3 folders deep\n  \
    todos board ~/code --no-open    # prints the URL (with its token) to open yourself\n  \
    todos board ~/code --read-only  # the page without its actions: nothing changes from it\n  \
    todos board ~/code --json       # the same data once, one envelope per workspace")]
pub struct BoardArgs {
    /// Workspaces, or folders to search for workspaces (3 levels deep, never through a link,
    /// passing over .git, node_modules and target); default: this workspace
    #[arg(value_name = "PATH", value_hint = ValueHint::DirPath)]
    pub paths: Vec<PathBuf>,

    /// Listen on this port of 127.0.0.1 (default: a free one)
    #[arg(long, value_name = "N")]
    pub port: Option<u16>,

    /// Print the URL; do not open a browser
    #[arg(long)]
    pub no_open: bool,

    /// Serve the page without its actions: no change can be made from it
    #[arg(long)]
    pub read_only: bool,
}

impl Summary for BoardArgs {
    const SUMMARY: &str =
        "Serve every plan under the folders given, live, on one page in the browser";
}

/// What the board shows: each PATH (from the current folder) as a workspace or a folder to
/// search; with none, the workspace every command finds here (`-C` included).
pub fn roots(global: &GlobalArgs, host: &Host, args: &BoardArgs) -> Result<Vec<Root>> {
    if args.paths.is_empty() {
        let ctx = Context::new(global, host)?;
        return Ok(vec![Root::Workspace(ctx.workspace)]);
    }
    let cwd = host.current_dir().map_err(|err| Disk::NoCurrentFolder {
        why: err.to_string(),
    })?;
    args.paths
        .iter()
        .map(|path| {
            let path = cwd.join(path);
            // The folder the user named may itself be a link (~/code → /data/code): theirs to
            // choose. Below it, nothing is followed.
            if !path.is_dir() {
                return Err(Setup::BoardNotFolder { path }.into());
            }
            Ok(if discover::is_workspace(&path) {
                Root::Workspace(path)
            } else {
                Root::Folder(path)
            })
        })
        .collect()
}

/// The board's clock: `TODOS_NOW` when set (tests), else the system's, read at each use.
pub fn clock(host: &Host) -> Result<Box<dyn Fn() -> DateTime<Utc> + Send>> {
    let fixed = match host.var(crate::policy::settings::Variable::Now.name()) {
        Some(value) => Some(
            DateTime::parse_from_rfc3339(value.trim())
                .map_err(|err| Input::Now {
                    value: value.clone(),
                    why: err.to_string(),
                })?
                .with_timezone(&Utc),
        ),
        None => None,
    };
    Ok(Box::new(move || fixed.unwrap_or_else(Utc::now)))
}

/// `todos board --json`: every workspace's envelope, once, one a line.
pub fn print(
    global: &GlobalArgs,
    host: &mut Host,
    args: &BoardArgs,
) -> crate::view::outcome::Reply {
    let result = roots(global, host, args).and_then(|roots| {
        let now = clock(host)?();
        let found = discover::find(&roots);
        let mut used = 0;
        let envelopes = found
            .workspaces
            .iter()
            .map(|workspace| snapshot::workspace(workspace, now, &mut used))
            .collect();
        Ok(crate::view::outcome::Outcome {
            warnings: found.warnings,
            ..crate::view::outcome::Outcome::new(crate::view::outcome::View::Envelopes(envelopes))
        })
    });
    crate::view::outcome::Reply {
        workspace: None,
        note: None,
        now: None,
        list: None,
        params_input: None,
        result,
    }
}
