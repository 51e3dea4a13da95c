use crate::cli::ShowArgs;
use crate::commands::{Report, ReportKind};
use crate::context::Context;
use crate::error::Result;
use crate::store::Store;

/// Reads the plan without locking or creating anything.
pub fn show(ctx: &Context, args: &ShowArgs) -> Result<Report> {
    // Nothing here needs a limit, but an invalid configuration is an error for every command
    // that reads the workspace (SPEC §7): it must not pass silently until the next write.
    ctx.config()?;
    let document = Store::new(&ctx.workspace).load()?;
    Ok(Report {
        document,
        kind: ReportKind::Show(args.format),
        warnings: Vec::new(),
    })
}
