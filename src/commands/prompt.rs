use serde_json::json;

use crate::agents::guide;
use crate::commands::Run;
use crate::commands::lazy::Summary;
use crate::context::Context;
use crate::context::host::Host;
use crate::policy::error::Result;
use crate::policy::settings::Variable;
use crate::store::Store;
use crate::view::outcome::{Answer, Outcome};
use clap::Args;

/// Prints the guide for an agent's system prompt, with the limits in force.
pub fn execute(ctx: &Context, host: &Host) -> Outcome {
    let limits = ctx.config.limits;
    let text = guide::prompt(&limits, works_in_a_team(ctx, host));
    let data = json!({"prompt": text});
    Outcome::answer(Answer::new(
        text,
        data,
        "The todos guide for an agent's system prompt.",
    ))
}

/// Whether the agent shares its plan: it has a name (`TODOS_OWNER`), or the plan already has
/// owners or dependencies. A lone agent's guide says nothing of them. An unreadable store is
/// no reason to fail a guide: it reads as a plain plan.
pub fn works_in_a_team(ctx: &Context, host: &Host) -> bool {
    if host
        .var(Variable::Owner.name())
        .is_some_and(|owner| !owner.is_empty())
    {
        return true;
    }
    Store::new(&ctx.workspace, &ctx.list)
        .load()
        .is_ok_and(|document| {
            document
                .todos
                .iter()
                .any(|item| item.owner.is_some() || !item.blocked_by.is_empty())
        })
}

/// Print a short guide to `todos` for an agent's system prompt, with the limits in force.
///
/// When to keep a plan, the rules, the limits and the exact commands. `todos init` writes the
/// same text into CLAUDE.md, AGENTS.md or GEMINI.md.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos prompt\n  \
    todos prompt >> AGENTS.md")]
pub struct PromptArgs {}

impl Summary for PromptArgs {
    const SUMMARY: &str =
        "Print a short guide to `todos` for an agent's system prompt, with the limits in force";
}

impl Run for PromptArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, host: &mut Host, _request: Self) -> Result<Outcome> {
        Ok(execute(ctx, host))
    }
}
