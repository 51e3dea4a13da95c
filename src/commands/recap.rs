use crate::commands::{Outcome, View};
use crate::context::Context;
use crate::policy::error::Result;
use crate::store::Store;

/// Reads the plan for its one-line recap, without locking or creating anything.
pub fn execute(ctx: &Context) -> Result<Outcome> {
    let document = Store::new(&ctx.workspace, &ctx.list).load()?;
    Ok(Outcome::new(View::Recap { document }))
}
