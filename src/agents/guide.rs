//! What `todos` tells an agent before it writes: the system-prompt guide (`todos prompt`,
//! `todos init`) and the tool descriptions (`todos schema --tool`), each with the limits in
//! force, because an agent that learns a limit from a refusal has already lost a turn.

use std::fmt::Write as _;

use crate::agents::described::{self, PLAN_FROM_STEPS};
use crate::agents::schema::SchemaCommand;
use crate::plan::model::{Limit, Limits, Status};
use crate::policy::sentences::{self, limits_in_force as limits_sentence};
use crate::policy::settings::Variable;

/// The heredoc example of the guide: a whole snapshot, as `write` takes it.
pub const WRITE_EXAMPLE: &str = r#"{"summary": "Fix the login timeout", "todos": [
  {"content": "Reproduce the timeout", "status": "completed"},
  {"content": "Patch the token expiry check", "status": "in_progress"},
  {"content": "Add a regression test", "status": "pending"}]}"#;

/// What an agent that shares the plan needs on top of the guide: three lines, no more, so a
/// team's guide stays short, and none at all for a lone agent; each owner's items in progress
/// at the limit in force.
fn team_lines(limits: &Limits) -> String {
    format!(
        "- Several agents share this plan. `todos next --claim --owner NAME` (or `{owner}=NAME`) \
         takes the next ready item and marks it yours; finish it ({finished}) before you claim \
         another: each owner has {in_progress} in_progress at a time.\n\
         - An item with `blocked_by` is ready {ready} (`⧗ 2, 5` in `todos show`); \
         `todos update ID --blocked-by OTHER` adds a dependency.\n\
         - Change your own items with `todos update`; never `todos write` a list over others' work.\n",
        owner = Variable::Owner.name(),
        finished = sentences::stop_statuses(),
        ready = sentences::when_ready(),
        in_progress = sentences::items_in_progress(limits.get(Limit::MaxInProgress)),
    )
}

/// The guide for an agent's system prompt (Markdown, about 30 lines); with `team`, the three
/// lines on owners and dependencies too.
pub fn prompt(limits: &Limits, team: bool) -> String {
    let mut out = String::with_capacity(2048);
    out.push_str(
        "## Plan with `todos`\n\n\
         This workspace keeps your plan in `.todos.json` through the `todos` command, where a \
         person can watch it (`todos show --watch`) and it survives context compaction. \
         `todos` is your plan, whether or not you also have a built-in todo list.\n\n",
    );
    let _ = write!(
        out,
        "- Keep a plan when a task takes {PLAN_FROM_STEPS} or more steps, or when the user asks \
         for one; skip it for a quick question or a one-step fix.\n\
         - `todos write` replaces the whole list: always send every item, finished ones \
         included, since what you leave out is dropped. For small changes use `todos create` \
         (append items) or `todos update` (one item).\n\
         - Always give a one-line summary of what the whole plan is for.\n",
    );
    let _ = writeln!(
        out,
        "- Work on one item at a time: mark it {}.\n\
         - Mark an item {}, each as it happens, not in a batch at the end; never drop an item.\n\
         - Before you say you are done, run `todos check`: it fails while items are open.",
        sentences::status_clause(Status::InProgress),
        sentences::how_to_stop_work(),
    );
    if team {
        out.push_str(&team_lines(limits));
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "Limits: {}. Statuses: {}.\n",
        limits_sentence(limits),
        sentences::status_meanings()
    );
    let _ = write!(
        out,
        "```sh\n\
         todos write <<'JSON'\n\
         {WRITE_EXAMPLE}\n\
         JSON\n\
         todos create \"Update the changelog\"   # append pending items\n\
         todos update 2 completed              # ids are printed by every command\n\
         todos update 3 in_progress\n\
         todos update 4 cancelled\n\
         todos show                            # the checklist, with ids\n\
         todos recap                           # one line: where the plan stands\n\
         todos check                           # exit 1 while items are open\n\
         ```\n"
    );
    out
}

/// What a tool-calling model reads about one command: what it does, when and how to use it,
/// and the limits.
pub fn tool_description(command: SchemaCommand, limits: &Limits) -> String {
    match command {
        SchemaCommand::Write => described::write_tool(limits),
        SchemaCommand::Create => described::create_tool(limits),
        SchemaCommand::Update => described::update_tool(limits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_team_lines_say_the_in_progress_limit_in_force() {
        let lone = prompt(&Limits::default(), true);
        assert!(
            lone.contains("each owner has one item in_progress at a time."),
            "{lone}"
        );
        let mut raised = Limits::default();
        raised.set(Limit::MaxInProgress, 2);
        let team = prompt(&raised, true);
        assert!(
            team.contains("each owner has 2 items in_progress at a time."),
            "{team}"
        );
    }
}
