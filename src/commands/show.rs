use crate::cli::ShowArgs;
use crate::commands::{Report, ReportKind};
use crate::context::Context;
use crate::error::Result;
use crate::store::Store;

/// Reads the plan without locking or creating anything.
pub fn show(ctx: &Context, args: &ShowArgs) -> Result<Report> {
    let document = Store::new(&ctx.workspace).load()?;
    Ok(Report {
        document,
        kind: ReportKind::Show(args.format),
        warnings: Vec::new(),
    })
}
