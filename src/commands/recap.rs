use crate::cli::RecapArgs;
use crate::commands::{Report, ReportKind};
use crate::context::Context;
use crate::error::Result;
use crate::store::Store;

/// Reads the plan for its one-line recap, without locking or creating anything.
pub fn recap(ctx: &Context, _args: &RecapArgs) -> Result<Report> {
    let document = Store::new(&ctx.workspace).load()?;
    Ok(Report {
        document,
        kind: ReportKind::Recap,
        warnings: Vec::new(),
    })
}
