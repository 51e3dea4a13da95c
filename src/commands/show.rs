use crate::cli::ShowArgs;
use crate::commands::{Outcome, View};
use crate::context::Context;
use crate::error::Result;
use crate::list::ListName;
use crate::store::Store;

/// Reads the plan, or every plan, without locking or creating anything.
pub fn execute(ctx: &Context, args: &ShowArgs) -> Result<Outcome> {
    if args.all {
        return Ok(Outcome::new(View::ShownAll {
            lists: load_all(ctx)?,
            format: args.format,
            long: args.long,
        }));
    }
    let document = Store::new(&ctx.workspace, &ctx.list).load()?;
    Ok(Outcome::new(View::Shown {
        document,
        format: args.format,
        long: args.long,
    }))
}

/// Every list of the workspace with its plan, the default one first.
pub fn load_all(ctx: &Context) -> Result<Vec<(ListName, crate::store::Document)>> {
    ListName::all(&ctx.workspace)
        .into_iter()
        .map(|list| {
            let document = Store::new(&ctx.workspace, &list).load()?;
            Ok((list, document))
        })
        .collect()
}
