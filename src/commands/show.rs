use crate::cli::ShowArgs;
use crate::commands::{Outcome, View};
use crate::context::Context;
use crate::error::Result;
use crate::store::Store;

/// Reads the plan without locking or creating anything.
pub fn execute(ctx: &Context, args: &ShowArgs) -> Result<Outcome> {
    let document = Store::new(&ctx.workspace).load()?;
    Ok(Outcome::new(View::Shown {
        document,
        format: args.format,
    }))
}
