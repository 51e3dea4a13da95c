//! `todos init`: one command that sets an agent up. It owns a marked block in the agent's
//! instructions file and two hook entries in the agent's hook file (`crate::agents::hooks` knows which),
//! and touches nothing else: run twice, it changes nothing the second time.

mod agents;
mod block;
mod files;
mod git;
pub(crate) use git::common_dir;
mod mcp;
mod permissions;
mod scope;

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Map, Value, json};

use crate::agents::guide;
use crate::agents::hooks::{self, Protocol};
use crate::commands::Run;
use crate::commands::lazy::Summary;
use crate::context::Context;
use crate::context::host::Host;
use crate::policy::agent::Agent;
use crate::policy::error::{
    Bug, Error, Foreign, Headline, Holds, NotOwn, Note, Result, Setup, Shape,
};
use crate::store::disk;
use crate::view::outcome::{Answer, Outcome};
use agents::chosen;
use block::{INSTRUCTIONS, with_block};
use clap::Args;
use files::{Action, Change, Plan};
use permissions::Permissions;

/// What one agent's setup is made of: its hook protocol, its allow rules.
struct AgentSetup {
    agent: Agent,
    protocol: Option<&'static Protocol>,
    permissions: Option<&'static Permissions>,
}

// One plan of every file's edits, computed whole before anything is written: split, its
// parts would pass the same dozen values around.
#[allow(clippy::too_many_lines)]
pub fn execute(ctx: &Context, host: &mut Host, args: &InitArgs) -> Result<Outcome> {
    scope::refuse_user_folders(ctx, host)?;
    let (agents, chose) = chosen(ctx, args);
    let mut setups = Vec::with_capacity(agents.len());
    let mut registrations = Vec::new();
    for agent in &agents {
        let protocol = match (args.hooks, Protocol::of_agent(*agent)) {
            (false, _) => None,
            (true, Some(protocol)) => Some(protocol),
            (true, None) => {
                return Setup::HooksNeedAgent.into();
            }
        };
        if args.mcp {
            registrations.push((*agent, mcp::registration(*agent)?));
        }
        // With hooks or the server, the agent's allow rules for todos alone, so that its
        // default permission mode runs todos without asking.
        let permissions = (args.hooks || args.mcp)
            .then(|| Permissions::of_agent(*agent))
            .flatten();
        setups.push(AgentSetup {
            agent: *agent,
            protocol,
            permissions,
        });
    }
    let limits = ctx.config.limits;
    let team = crate::commands::prompt::works_in_a_team(ctx, host);
    let block = INSTRUCTIONS.wrap(&guide::prompt(&limits, team));

    // Every file's edits, in order, with what each adds: one change per file, so that no edit
    // is computed from a text another then replaces (Gemini CLI's settings hold the hooks, the
    // server and the rules; Codex and a generic agent share AGENTS.md).
    let mut plan = Plan::default();
    for setup in &setups {
        let name = instructions_file(setup.agent);
        if !plan.files.iter().any(|file| file.name == name) {
            plan.add(
                name,
                None,
                Box::new(|old, path, _| with_block(old, &block, path, &INSTRUCTIONS)),
            );
        }
        if let Some(protocol) = setup.protocol {
            plan.add(
                protocol.file,
                Some(hook_summary(protocol)),
                Box::new(move |old, path, notes| {
                    let text = with_hooks(protocol, old, path)?;
                    notes.extend(hooks_not_own(&text, path));
                    Ok(text)
                }),
            );
        }
        let registration = registrations
            .iter()
            .find(|(agent, _)| *agent == setup.agent)
            .map(|(_, registration)| registration);
        if let Some(registration) = registration {
            let merge = registration.merge;
            plan.add(
                registration.name,
                Some(mcp::describe(registration.then)),
                Box::new(merge),
            );
        }
        // An MCP server entry named todos that todos did not write gets no allow rule: the
        // rule (`mcp__todos`) would let the planted server's tools run without asking (SPEC §8).
        let allow_mcp =
            args.mcp && !registration.is_some_and(|registration| taken(ctx, registration));
        if let Some(row) = setup.permissions {
            let rules = row.rules(allow_mcp);
            if let Some(what) = permissions::describe(&rules) {
                plan.add(
                    row.file,
                    Some(what),
                    Box::new(move |old, path, _| {
                        edit_settings(old, path, |settings| permissions::allow(settings, &rules))
                    }),
                );
            }
        }
    }

    // Under one lock, the default list's whatever list init runs under, two `init` runs read
    // and write one after the other: neither writes a text computed from what the other has
    // since replaced (`-l a init` and `-l b init` edit the same files).
    // A dry run writes nothing, not even the lock file: it only reads.
    let _lock = if args.dry_run {
        None
    } else {
        Some(
            crate::store::Store::new(&ctx.workspace, &crate::plan::list::ListName::default_list())
                .lock(ctx.lock_timeout, |_| {})?,
        )
    };
    // Every new text is computed before anything is written: a refusal changes nothing.
    let mut notes = Vec::new();
    let mut changes = Vec::with_capacity(plan.files.len());
    for file in plan.files {
        let edits = file.edits;
        let change = Change::new(file.name, &ctx.workspace.join(file.name), |old, path| {
            let mut text = old.map(ToOwned::to_owned);
            for edit in edits {
                text = Some(edit(text.as_deref(), path, &mut notes)?);
            }
            Ok(text.unwrap_or_default())
        })?;
        changes.push((change, file.what));
    }
    // The config first (git may hold its lock, and then nothing else is written either).
    if let (Some(remote), true) = (&args.remote, args.share) {
        changes.push(git::share(ctx, remote)?);
    }
    let git_line = git_changes(ctx, args, &mut changes)?;
    report(changes, git_line, &notes, &setups, chose, args, &limits)
}

/// Writes each change and says what `init` did: which agents it chose and why, the files, the
/// rules it added, what it left for the user to review and what the user must still do in the
/// agent. With `--dry-run`, writes nothing and says what it would write.
// One report, text and data side by side: split, each half would repeat the other's walk.
#[allow(clippy::too_many_lines)]
fn report(
    changes: Vec<(Change, Vec<Holds>)>,
    git_line: Option<(String, Action)>,
    notes: &[NotOwn],
    setups: &[AgentSetup],
    chose: Option<String>,
    args: &InitArgs,
    limits: &crate::plan::model::Limits,
) -> Result<Outcome> {
    let mut files = Vec::with_capacity(changes.len());
    let mut diffs: Vec<String> = Vec::new();
    let mut text = String::new();
    if let Some(line) = &chose {
        let _ = writeln!(text, "{line}");
    }
    for (change, what) in changes {
        let action = if args.dry_run {
            change.planned()
        } else {
            change.apply()?
        };
        let what = if what.is_empty() {
            describe(change.name, limits).to_string()
        } else if mcp_taken(notes, &change.path) {
            // Never "the todos MCP server" for an entry todos did not write (SPEC §8).
            Note::McpNotRegistered {
                name: mcp::SERVER_NAME.to_owned(),
            }
            .to_string()
        } else {
            let parts: Vec<String> = what.iter().map(ToString::to_string).collect();
            parts.join("; ")
        };
        if args.dry_run {
            let diff = change.diff();
            let _ = writeln!(text, "{} {}: {what}", action.would(), change.name);
            if action != Action::Unchanged {
                text.push_str(&diff);
            }
            diffs.push(diff);
        } else {
            let _ = writeln!(text, "{} {}: {what}", action.as_str(), change.name);
        }
        files.push((change.name, action));
    }
    if let Some((line, action)) = git_line {
        text.push_str(&line);
        files.push((".git/config", action));
    }
    for row in setups.iter().filter_map(|setup| setup.permissions) {
        if let Some(note) = row.shell_note() {
            let _ = writeln!(text, "{note}.");
        }
    }
    for note in notes {
        let note = Note::LeftForReview {
            entry: note.clone(),
        };
        let _ = writeln!(text, "{note}");
    }
    let name = |agent: Agent| format!("{agent:?}").to_lowercase();
    let mut data = json!({
        "agent": match setups {
            [one] => json!(name(one.agent)),
            _ => Value::Null,
        },
        "agents": setups.iter().map(|setup| name(setup.agent)).collect::<Vec<_>>(),
        "files": files
            .iter()
            .map(|(path, action)| json!({"path": path, "action": action.as_str()}))
            .collect::<Vec<_>>(),
    });
    if args.dry_run {
        // What each file would become: nothing was written.
        data["dry_run"] = json!(true);
        if let Some(entries) = data["files"].as_array_mut() {
            for (entry, diff) in entries.iter_mut().zip(&diffs) {
                entry["diff"] = json!(diff);
            }
        }
    }
    if let Some(line) = chose {
        data["chose"] = json!(line);
    }
    let mut allowed: Vec<&str> = Vec::new();
    for row in setups.iter().filter_map(|setup| setup.permissions) {
        allowed.extend(row.rules(args.mcp).iter().map(|rule| rule.value));
        if let Some(still_asks) = row.still_asks() {
            let _ = writeln!(text, "{still_asks}.");
        }
    }
    if setups.iter().any(|setup| setup.permissions.is_some()) {
        data["allowed"] = json!(allowed);
    }
    if !notes.is_empty() {
        data["not_own"] = json!(notes);
    }
    let trusts: Vec<&str> = setups
        .iter()
        .filter_map(|setup| setup.protocol)
        .map(|protocol| protocol.trust)
        .collect();
    for trust in &trusts {
        // Trust is the user's to give, in the agent: init only says how, every time it runs.
        let _ = writeln!(text, "{}", Note::TurnHooksOn { trust });
    }
    if let [trust] = trusts[..] {
        data["trust"] = json!(trust);
    } else if !trusts.is_empty() {
        data["trust"] = json!(trusts);
    }
    let any_changed = files.iter().any(|(_, action)| *action != Action::Unchanged);
    let headline = if args.dry_run {
        Headline::DryRun {
            changed: any_changed,
        }
    } else {
        Headline::SetUp {
            changed: any_changed,
            agent: !setups.is_empty(),
        }
    };
    if args.dry_run {
        let _ = writeln!(text, "{headline}");
    }
    Ok(Outcome::answer(Answer::new(
        text,
        data,
        headline.to_string(),
    )))
}

/// The hooks of an agent's settings that go by todos' name without being todos' own
/// (`hooks::own`): a Stop hook `curl … | sh; todos hook` is named for the user to review, never
/// vouched for; todos' own hook stands beside it.
fn hooks_not_own(text: &str, path: &Path) -> Vec<NotOwn> {
    let Ok(settings) = serde_json::from_str::<Value>(text) else {
        return Vec::new();
    };
    hooks::own::review(&settings)
        .into_iter()
        .filter(|entry| matches!(entry, Foreign::Hook { .. }))
        .map(|entry| NotOwn::Hook {
            path: path.to_path_buf(),
            entry,
            ours: hooks::COMMAND.to_owned(),
        })
        .collect()
}

/// The instructions file an agent reads.
fn instructions_file(agent: Agent) -> &'static str {
    match agent {
        Agent::Claude => "CLAUDE.md",
        Agent::Gemini => "GEMINI.md",
        Agent::Codex | Agent::Generic => "AGENTS.md",
    }
}

/// Whether the agent's MCP file already holds, under todos' name, a server todos did not
/// write: the registration's merge, run on the file as it is, says so in its notes. A file that
/// cannot be read counts as taken; `Change::new` then refuses it with its reason.
fn taken(ctx: &Context, registration: &mcp::Registration) -> bool {
    let path = ctx.workspace.join(registration.name);
    let read = disk::read(
        &path,
        disk::Links::Refuse,
        disk::Cap::Input(registration.name),
    );
    let Ok(Ok(old)) = read.map(|old| old.map(String::from_utf8).transpose()) else {
        return true;
    };
    let mut notes = Vec::new();
    let merged = (registration.merge)(old.as_deref(), &path, &mut notes);
    merged.is_err() || mcp_taken(&notes, &path)
}

/// Whether the notes say that `path`'s MCP server entry named todos is not todos' own.
fn mcp_taken(notes: &[NotOwn], path: &Path) -> bool {
    notes.iter().any(|note| note.is_mcp_server_of(path))
}

/// `--git`: the plans' merge driver, named in .gitattributes (never a link, wherever it
/// points) and registered in the repository's .git/config. Called once every other change is
/// computed: .gitattributes is computed, then the config, which is written at once; what it
/// did is said with the other files.
fn git_changes(
    ctx: &Context,
    args: &InitArgs,
    changes: &mut Vec<(Change, Vec<Holds>)>,
) -> Result<Option<(String, Action)>> {
    if !args.git {
        return Ok(None);
    }
    let attributes = ctx.workspace.join(".gitattributes");
    disk::check_file(&attributes)?;
    let block = git::ATTRIBUTES_MARKERS.wrap(git::ATTRIBUTES);
    let change = Change::new(".gitattributes", &attributes, |old, path| {
        with_block(old, &block, path, &git::ATTRIBUTES_MARKERS)
    })?;
    changes.push((change, Vec::new()));
    git::GitConfig::new(&ctx.workspace, args.remote.as_deref())?
        .apply_and_describe(&ctx.workspace, args.dry_run)
        .map(Some)
}

/// What `init` says of a file no edit described: `.gitattributes` or the instructions.
fn describe(name: &str, limits: &crate::plan::model::Limits) -> Holds {
    if name == ".gitattributes" {
        Holds::MergeAttributes
    } else {
        Holds::Instructions {
            items: limits.max_items,
            chars: limits.max_content_chars,
        }
    }
}

/// What the hook file now holds, in the words of the agent's own events.
fn hook_summary(protocol: &Protocol) -> Holds {
    Holds::Hooks {
        command: hooks::COMMAND,
        start: protocol.session_start,
        matcher: protocol.session_start_matcher,
        next_prompt: protocol.next_prompt,
        after_tool: protocol.after_tool,
        stop: protocol.stop,
    }
}

/// The agent's hook file with our hooks merged in (`hooks::merge`); every other key and hook
/// stays.
fn with_hooks(protocol: &Protocol, old: Option<&str>, path: &Path) -> Result<String> {
    edit_settings(old, path, |settings| hooks::merge(protocol, settings))
}

/// An agent's JSON settings file (`old`, absent or empty: `{}`) with `edit` applied to its
/// top-level object, every other key kept. An unchanged document keeps its bytes: only a real
/// change rewrites the file. `edit` says what is wrong in the file, for the refusal.
pub(super) fn edit_settings(
    old: Option<&str>,
    path: &Path,
    edit: impl FnOnce(&mut Map<String, Value>) -> Result<(), Shape>,
) -> Result<String> {
    let invalid = |why: Shape| {
        Error::from(Setup::Unreadable {
            path: path.to_path_buf(),
            why,
        })
    };
    let mut settings = match old {
        None => Map::new(),
        Some(text) if text.trim().is_empty() => Map::new(),
        Some(text) => match crate::input::json::parse(text, &path.display().to_string())? {
            Value::Object(object) => object,
            _ => return Err(invalid(Shape::NotJsonObject)),
        },
    };
    edit(&mut settings).map_err(invalid)?;
    let mut text =
        serde_json::to_string_pretty(&Value::Object(settings)).map_err(|err| Bug::Encode {
            what: "the settings",
            why: err.to_string(),
        })?;
    text.push('\n');
    if let Some(old) = old
        && serde_json::from_str::<Value>(old).ok() == serde_json::from_str::<Value>(&text).ok()
    {
        return Ok(old.to_owned());
    }
    Ok(text)
}

// One flag per thing `init` may set up: each is a switch on the command line.
#[allow(clippy::struct_excessive_bools)]
/// Set an agent up to use `todos`: write its instructions file, and with --hooks its hooks.
///
/// Writes the `todos prompt` text between `<!-- todos:begin … -->` and `<!-- todos:end -->` into
/// CLAUDE.md (claude), AGENTS.md (codex and generic) or GEMINI.md (gemini) at the workspace
/// root: creates the file when it is absent, replaces only its own block when it is present,
/// and changes nothing when the block is already current. With --hooks it also merges the
/// `todos hook` hooks into the agent's own hook file, keeping every other key and hook, and
/// brings those of an earlier init up to date: .claude/settings.json (SessionStart on every
/// source, Stop), .codex/hooks.json (SessionStart on every source, Stop) or
/// .gemini/settings.json (SessionStart, BeforeAgent, AfterAgent). With --hooks or --mcp it adds the
/// agent's allow rule for todos alone, so that its default permission mode runs todos
/// without asking: Bash(todos:*) and mcp__todos in Claude Code's permissions.allow,
/// run_shell_command(todos) in Gemini CLI's tools.allowed and "trust" on its todos server,
/// default_tools_approval_mode = "approve" on Codex's (whose sandbox already lets the shell
/// run todos). It prints what it added and what you must do in the agent to trust the
/// folder; it never grants that trust itself.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos init --agent claude --hooks\n  \
    todos init --agent codex --hooks\n  \
    todos init --agent gemini --hooks\n  \
    todos init --agent claude --mcp\n  \
    todos init\n  \
    git init -q && todos init --git   # git merges plans with todos merge-file\n  \
    todos init --agent claude --hooks --dry-run   # what it would write, written nowhere\n  \
    git init -q && todos init --git --remote origin   # its plans also live on origin")]
pub struct InitArgs {
    /// The agent to set up; without it, every agent the repository shows (CLAUDE.md or
    /// .claude/, .codex/, GEMINI.md or .gemini/), else AGENTS.md.
    #[arg(long, value_enum)]
    pub agent: Option<Agent>,

    /// Also install the agent's hooks: the plan after every reset, a reminder at a stop (claude, codex, gemini).
    #[arg(long)]
    pub hooks: bool,

    /// Also register the MCP server (`todos mcp`), its tools allowed: .mcp.json for Claude
    /// Code, the mcpServers of .gemini/settings.json for Gemini CLI, .codex/config.toml for Codex.
    #[arg(long)]
    pub mcp: bool,

    /// Let git merge plans across branches: `.todos.json merge=todos` in .gitattributes
    /// (commit it) and the `todos merge-file` driver in the repository's .git/config. Alone,
    /// it writes git's files only.
    #[arg(long)]
    pub git: bool,

    /// Say what init would write, each file and the lines it changes, and write nothing.
    #[arg(long)]
    pub dry_run: bool,

    /// With --git: the git remote (such as origin) this clone's plans also live on, as the refs
    /// refs/todos/LIST, so clones on other machines share them: `todos.remote` and the fetch
    /// refspec of refs/todos/* in .git/config.
    #[arg(long, value_name = "NAME", requires = "git", value_parser = git::remote_name)]
    pub remote: Option<String>,

    /// With --remote: also suggest it to the repository's other clones, in .todos.config.json
    /// (commit it); each clone joins with its own `todos init --git --remote NAME`.
    #[arg(long, requires = "remote")]
    pub share: bool,
}

impl Summary for InitArgs {
    const SUMMARY: &str =
        "Set an agent up to use `todos`: write its instructions file, and with --hooks its hooks";
}

impl Run for InitArgs {
    type Request = Self;

    fn read(self, _ctx: &Context, _host: &mut Host) -> Result<Self> {
        Ok(self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Self) -> Result<Outcome> {
        execute(ctx, host, &request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCK: &str = "<!-- todos:begin -->\nnew\n<!-- todos:end -->\n";

    fn block(old: Option<&str>) -> Result<String> {
        with_block(old, BLOCK, Path::new("CLAUDE.md"), &INSTRUCTIONS)
    }

    #[test]
    fn the_block_is_appended_once_then_replaced_in_place() {
        assert_eq!(block(None).unwrap(), BLOCK);
        assert_eq!(block(Some("")).unwrap(), BLOCK);
        let appended = block(Some("# Project\nRules.")).unwrap();
        assert_eq!(appended, format!("# Project\nRules.\n\n{BLOCK}"));
        let old = "# Project\n<!-- todos:begin x -->\nold\nlines\n<!-- todos:end -->\nAfter.\n";
        assert_eq!(
            block(Some(old)).unwrap(),
            format!("# Project\n{BLOCK}After.\n")
        );
        assert_eq!(block(Some(&appended)).unwrap(), appended);
    }

    #[test]
    fn broken_markers_are_refused() {
        for old in [
            "<!-- todos:begin -->\nno end\n",
            "<!-- todos:end -->\n",
            "<!-- todos:begin -->\n<!-- todos:end -->\n<!-- todos:begin -->\n<!-- todos:end -->\n",
        ] {
            assert!(block(Some(old)).is_err(), "{old:?}");
        }
    }

    #[test]
    fn hooks_merge_into_existing_settings() {
        let claude = Protocol::of_agent(Agent::Claude).unwrap();
        let merged = |old: &str| with_hooks(claude, Some(old), Path::new("s.json"));
        let old = r#"{"model": "opus", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}"#;
        let new = merged(old).unwrap();
        let value: Value = serde_json::from_str(&new).unwrap();
        assert_eq!(value["model"], "opus");
        let stop = value["hooks"]["Stop"].as_array().unwrap();
        assert_eq!(stop.len(), 2);
        assert_eq!(stop[0]["hooks"][0]["command"], "say done");
        assert_eq!(stop[1]["hooks"][0]["command"], hooks::COMMAND);
        assert!(stop[1].get("matcher").is_none());
        let start = &value["hooks"]["SessionStart"][0];
        assert_eq!(start["matcher"], "startup|resume|clear|compact|fork");
        assert_eq!(start["hooks"][0]["type"], "command");
        assert_eq!(merged(&new).unwrap(), new, "idempotent");
        for bad in ["[]", r#"{"hooks": []}"#, r#"{"hooks": {"Stop": {}}}"#, "{"] {
            assert!(merged(bad).is_err(), "{bad}");
        }
    }
}
