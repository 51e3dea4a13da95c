use crate::commands::lazy::Summary;
use crate::commands::with_markers;
use crate::commands::{ListUse, Run};
use crate::context::Context;
use crate::context::host::Host;
use crate::plan::list::ListName;
use crate::policy::error::{Result, Usage};
use crate::store::Store;
use crate::view::outcome::{Outcome, View};
use crate::view::show::Format;
use clap::Args;

/// Reads the plan, or every plan, without locking or creating anything.
pub fn execute(ctx: &Context, host: &Host, args: &ShowArgs) -> Result<Outcome> {
    if args.all {
        return Ok(Outcome::new(View::ShownAll {
            lists: load_all(ctx)?,
            format: args.format,
            long: args.long,
        }));
    }
    let document = Store::new(&ctx.workspace, &ctx.list).load()?;
    let waiting = super::remote::waiting(ctx, host, &document);
    let mut outcome = Outcome::new(View::Shown {
        document,
        format: args.format,
        long: args.long,
    });
    outcome.warnings.extend(waiting);
    Ok(outcome)
}

/// Whether `show` or `recap` reads a plan that does not exist yet: then they say which folder
/// they took as the workspace and how a plan starts there (SPEC §2), so that a person in the
/// wrong folder sees it.
pub(super) fn finds_no_plan(ctx: &Context, given: &super::Given) -> bool {
    use super::{Given, PlanCommand};
    let reads_one_plan = matches!(given, Given::Command(PlanCommand::Recap(_)))
        || matches!(given, Given::Command(PlanCommand::Show(args)) if !args.0.all && !args.0.watch);
    // Discovery looked at the default list's store already (a link counts as there: `show`
    // refuses it).
    let there = || match ctx.store_there {
        Some(there) if ctx.list.is_default() => there,
        _ => Store::new(&ctx.workspace, &ctx.list).path().exists(),
    };
    reads_one_plan && !there()
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

/// Print the checklist.
///
/// Prints the summary and the progress `[done/total]`, then one line per item: its id (the one
/// `todos update` takes), its marker and its text (the markers are listed below; the item in
/// progress shows its active form). `show` never locks, writes or creates anything, so it is
/// safe to run in a loop while an agent works.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Default, Args)]
#[command(after_help = with_markers("Examples:\n  \
    todos show\n  \
    watch -c -n 1 todos show --color always\n  \
    todos show --format markdown >> PR.md\n  \
    todos --json show | jq '.data.todos'\n  \
    todos show --watch\n  \
    todos show --watch --all"))]
pub struct ShowArgs {
    /// The output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,

    /// Keep watching: redraw whenever the plan changes, until Ctrl-C (into a pipe, print
    /// each new state followed by a blank line).
    #[arg(short, long)]
    pub watch: bool,

    /// Every list of the workspace, the default one first, each under its name.
    #[arg(short, long)]
    pub all: bool,

    /// Also print each item's description, under it.
    #[arg(long)]
    pub long: bool,
}

impl Summary for ShowArgs {
    const SUMMARY: &str = "Print the checklist";
}

impl Run for ShowArgs {
    type Request = Self;

    fn read(self, ctx: &Context, _host: &mut Host) -> Result<Self> {
        // Two answers to one question: a script that asked for Markdown and got the
        // envelope would paste JSON into its notes. `show` writes nothing, so a refusal
        // costs only the retry, where a silent choice costs a wrong document.
        if ctx.json && self.format == Format::Markdown {
            return Usage::JsonAndMarkdown.into();
        }
        Ok(self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Self) -> Result<Outcome> {
        if request.watch {
            super::watch::execute(ctx, host, &request)
        } else {
            execute(ctx, host, &request)
        }
    }

    fn list_use(request: &Self) -> ListUse {
        if request.all {
            ListUse::Other
        } else {
            ListUse::Uses
        }
    }
}
