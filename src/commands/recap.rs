use crate::commands::lazy::Summary;
use crate::commands::{ListUse, Run};
use crate::context::Context;
use crate::context::host::Host;
use crate::policy::error::Result;
use crate::store::Store;
use crate::view::outcome::{Outcome, View};
use clap::Args;

/// Reads the plan for its one-line recap, without locking or creating anything.
pub fn execute(ctx: &Context, host: &Host) -> Result<Outcome> {
    let document = Store::new(&ctx.workspace, &ctx.list).load()?;
    let waiting = super::remote::waiting(ctx, host, &document);
    let mut outcome = Outcome::new(View::Recap { document });
    outcome.warnings.extend(waiting);
    Ok(outcome)
}

/// Print the one-line progress recap.
///
/// `[done/total] In progress: A. Pending: B; C; D (+2 more). Blocked: G. Cancelled: E. Failed:
/// F.` in at most 300 characters, for an agent to keep at the end of its context.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Example:\n  \
    $ todos recap\n  \
    [1/6] In progress: Patch. Pending: Add a test; Update docs; Tag (+1 more). Cancelled: Perf script.")]
pub struct RecapArgs {}

impl Summary for RecapArgs {
    const SUMMARY: &str = "Print the one-line progress recap";
}

impl Run for RecapArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, host: &mut Host, _request: Self) -> Result<Outcome> {
        execute(ctx, host)
    }

    fn list_use(_request: &Self) -> ListUse {
        ListUse::Uses
    }
}
