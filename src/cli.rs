//! The command line, as clap derive types. Doc comments are the help text.
// Doc comments here are the help text users read: backticks would show up literally.
#![allow(clippy::doc_markdown)]

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum, ValueHint};
use clap_complete::ArgValueCandidates;

pub use crate::context::global::{ColorChoice, GlobalArgs};

pub mod complete;
mod lazy;

use crate::policy::agent::Agent;
use crate::policy::name::OWNER;
use crate::policy::sentences;
use crate::policy::settings::Variable;
use crate::policy::status::STATUSES;
pub use lazy::Lazy;
use lazy::with_list_candidates;

/// The help of an `--owner` that names an item's owner: what it is, then the rule.
fn owner_help(what: &str) -> String {
    format!("{what}: {}", sentences::name_rule(&OWNER))
}

/// The statuses, their meanings and aliases, then `examples`: the help of a command that takes
/// a status. Printed from the status table, so a new status or alias shows up by itself.
fn with_statuses(examples: &str) -> String {
    format!("{}\n{examples}", sentences::status_help_table())
}

/// The top-level help's closing: the statuses with their markers, then `examples`.
fn with_markers(examples: &str) -> String {
    let markers: Vec<String> = STATUSES
        .iter()
        .map(|info| format!("{} {}", info.marker, info.name))
        .collect();
    format!("Statuses: {}\n\n{examples}", markers.join(", "))
}

/// A workspace todo list for AI agents, scripts and people.
///
/// `todos` keeps a plan (a short list of items with a status each) in `.todos.json` in the
/// workspace. An agent writes it instead of an in-process TodoWrite tool; a person watches the
/// same list with `todos show`; a script reads it with `--json`.
///
#[derive(Debug, Parser)]
#[command(name = "todos", version, max_term_width = 100)]
#[command(after_help = with_markers("Examples:\n  \
    todos write --summary \"Fix login\" -t completed:\"Reproduce\" -t in_progress:\"Patch the check\"\n  \
    todos update 2 completed\n  \
    todos recap"))]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

/// A command, split by what it needs at parse time: a plan in a workspace, the MCP server's
/// hand-over, or nothing but the command line itself. The dispatcher has no impossible branch.
#[derive(Debug, Subcommand)]
pub enum Command {
    #[command(flatten)]
    Plan(PlanCommand),

    /// Serve the plan as tools to an MCP client (Claude Code, Codex, Gemini CLI, …) on stdio.
    ///
    /// A Model Context Protocol server with the tools listed below: the same input shapes,
    /// rules, store, lock and completion log as the commands, each answering with the command's
    /// JSON envelope. One client's calls take effect in the order it sent them. It serves until
    /// the client closes stdin. Its workspace
    /// is -C when given, else the client's first root, else the one found from the current
    /// folder. `todos init --agent claude --mcp` registers it for an agent. The server is the
    /// todos-mcp binary, installed next to todos, which this command runs.
    Mcp(Lazy<McpArgs>),

    #[command(flatten)]
    About(AboutCommand),
}

impl Command {
    /// `todos hook` and `check --hook`: commands an agent runs as its hook, which exit only
    /// with codes the agent reads as "go on" or "block".
    pub fn is_hook(&self) -> bool {
        match self {
            Self::Plan(PlanCommand::Hook(_)) => true,
            Self::Plan(PlanCommand::Check(args)) => args.hook,
            _ => false,
        }
    }
}

/// A command that works on a plan: it resolves the workspace, its configuration and its list
/// before it runs (and fails, naming it, when the workspace cannot be used).
#[derive(Debug, Subcommand)]
pub enum PlanCommand {
    /// Replace the whole list with a snapshot.
    ///
    /// The snapshot is JSON from the argument, `-` or piped stdin, or `--file`; or it is built
    /// from `--summary` and `-t STATUS:CONTENT` flags. What the snapshot leaves out is gone (a
    /// warning names each open item dropped). Items keep their ids when the snapshot names the
    /// same id or the same content. Accepted shapes: TodoWrite / Claude Code / OpenCode / Amp /
    /// Qwen `{"summary", "todos"}`, Kimi `{"todos": [{"title", "status"}]}`, WeKnora `{"task",
    /// "steps"}`, Codex `{"explanation", "plan": [{"step", "status"}]}`, Gemini `{"todos":
    /// [{"description"}]}`, Cursor `{"merge": true, "todos"}` (changes only the items it names),
    /// VS Code `{"operation": "write", "todoList"}` (`"read"` only prints), Roo Code's Markdown
    /// checklist (`{"todos": "[x] A\n[-] B\n[ ] C"}`, or the lines themselves on stdin), a bare
    /// array of items, and any of them in a ```json fence. A list that is absent or null changes
    /// only the summary. An item's `blocked_by` names the items it waits on, by the ids the
    /// snapshot gave them or by todos' own ids; a kept item's `owner`, `blocked_by` and other
    /// optional fields that the snapshot leaves out keep their stored values (null clears them).
    Write(Lazy<WriteArgs>),

    /// Append new pending items.
    ///
    /// Items come from the arguments or, with none, from stdin as `{"items": ["a", "b"]}`, a JSON
    /// array of strings or items, one item (Claude Code's TaskCreate `{"subject", "description",
    /// "activeForm"}`), or one item per line. Ids are assigned by `todos`.
    Create(Lazy<CreateArgs>),

    /// Change one item's status, content, owner or dependencies.
    ///
    /// Moving a finished item (see the statuses below) back to an open status needs `--reopen`.
    /// Each owner (items without one count as one) has at most one item in progress. With no
    /// ID, reads `{"id": "2", "status": "completed"}` from stdin (or Claude Code's TaskUpdate
    /// `{"taskId", "status", "subject", "description", "activeForm", "owner", "addBlockedBy",
    /// "addBlocks"}`; `"status": "deleted"` removes the item).
    Update(Lazy<UpdateArgs>),

    /// Delete items by id.
    ///
    /// Removing an item that is still open warns, and so does removing an item others wait on
    /// (they no longer do). Ids are never handed out again. To keep the record of a step that is
    /// no longer needed, mark it cancelled instead.
    Remove(Lazy<RemoveArgs>),

    /// Print the next ready item, or claim it with --claim.
    #[command(long_about = format!(
        "Print the next ready item, or claim it with --claim.\n\n\
         Ready: pending, and every item it waits on (blocked_by) {}. The first ready item in \
         list order is printed; with --owner, items owned by someone else are skipped. --claim \
         marks it in_progress and owned by --owner (or {}) in the same locked change, so agents \
         claiming at once never get the same item. When nothing is ready, next exits 0 and says \
         why in one line.",
        sentences::resolving_statuses(),
        Variable::Owner.name()
    ))]
    Next(Lazy<NextArgs>),

    /// Print the checklist.
    ///
    /// Prints the summary and the progress `[done/total]`, then one line per item: its id (the one
    /// `todos update` takes), its marker and its text (the markers are listed below; the item in
    /// progress shows its active form). `show` never locks, writes or creates anything, so it is
    /// safe to run in a loop while an agent works.
    Show(Lazy<ShowArgs>),

    /// Print the one-line progress recap.
    ///
    /// `[done/total] In progress: A. Pending: B; C; D (+2 more). Blocked: G. Cancelled: E. Failed:
    /// F.` in at most 300 characters, for an agent to keep at the end of its context.
    Recap(Lazy<RecapArgs>),

    /// Restore the plan as it was before the last change, or at any kept revision.
    ///
    /// The answer to a full overwrite that dropped items. Every revision is kept in the list's
    /// history (`todos history`); undo puts the one before the current revision back as a new
    /// revision (a second undo is a redo), and `--to REV` puts back any kept one. If the store
    /// cannot be read, undo moves it aside as `.todos.json.corrupt-YYYYMMDD-HHMMSS` and restores
    /// the latest kept revision.
    Undo(Lazy<UndoArgs>),

    /// List the kept revisions of the plan, newest first, or print one of them.
    ///
    /// Every change is kept in the list's history (.todos.history.jsonl, the latest
    /// history_limit revisions, 100 by default): its revision, local time, the command that made
    /// it, what changed (items added and removed, statuses moved) and the progress. `history REV`
    /// prints the plan as it was at that revision; `todos undo --to REV` brings it back.
    History(Lazy<HistoryArgs>),

    /// Print the JSON Schema of a command's input, or a function-tool definition for an LLM API.
    ///
    /// The schema (JSON Schema draft 2020-12) describes the canonical input of `write` (the
    /// TodoWrite shape), `create` or `update`, with the limits in force (maxItems, maxLength) and
    /// the usage rules in its description. Every input it accepts, `todos` accepts; `todos` also
    /// takes the other agents' shapes (see `todos write --help`), which the schema leaves out.
    /// `--tool` wraps it as OpenAI's, Anthropic's or Gemini's function-tool definition, so a
    /// harness can register `todos` as a tool and run `todos write` with the arguments it gets.
    Schema(Lazy<SchemaArgs>),

    /// Print a short guide to `todos` for an agent's system prompt, with the limits in force.
    ///
    /// When to keep a plan, the rules, the limits and the exact commands. `todos init` writes the
    /// same text into CLAUDE.md, AGENTS.md or GEMINI.md.
    Prompt(Lazy<PromptArgs>),

    /// Merge three versions of a plan: git's merge driver (`todos init --git` registers it).
    ///
    /// git runs it as `todos merge-file %O %A %B` when two branches both changed a plan. Items
    /// are matched by id against BASE: an item changed on one side takes that side; changed on
    /// both, the status furthest along and, for every other field, ours unless only theirs
    /// changed it. An item removed on one side and changed on the other is kept; items added
    /// on both sides are all kept, theirs after ours, and an added item of theirs whose id ours
    /// also added gets a new id (its dependents follow it). The merged plan is written to OURS.
    /// Exit 0: merged. Exit 1: git reports a conflict, because the merged plan breaks a rule
    /// (it is written all the same, each problem on stderr) or an input is not a store (OURS
    /// is left as it was, and git takes it as the result: our side only; the hint says where
    /// theirs is).
    MergeFile(Lazy<MergeFileArgs>),

    /// Merge a plan that git left with conflict markers, then `git add` it.
    ///
    /// Where git merged a plan line by line (the merge driver was not registered, or the merge
    /// ran elsewhere), the store holds git's conflict markers and every command refuses it.
    /// resolve merges the two sides as `todos merge-file` does, with the common plan from the
    /// diff3 markers or git's index when there is one (else both sides' items are kept), saves
    /// the result as a new revision and says to `git add` the file. A store without conflict
    /// markers is left as it is (exit 0).
    Resolve(Lazy<ResolveArgs>),

    /// Exit 0 when the plan is empty or finished, 1 while items are open.
    #[command(long_about = sentences::check_about())]
    Check(Lazy<CheckArgs>),

    /// Set an agent up to use `todos`: write its instructions file, and with --hooks its hooks.
    ///
    /// Writes the `todos prompt` text between `<!-- todos:begin … -->` and `<!-- todos:end -->` into
    /// CLAUDE.md (claude), AGENTS.md (codex and generic) or GEMINI.md (gemini) at the workspace
    /// root: creates the file when it is absent, replaces only its own block when it is present,
    /// and changes nothing when the block is already current. With --hooks it also merges two
    /// `todos hook` hooks into the agent's own hook file, keeping every other key and hook:
    /// .claude/settings.json (SessionStart, Stop), .codex/hooks.json (SessionStart, Stop) or
    /// .gemini/settings.json (SessionStart, AfterAgent). With --hooks or --mcp it adds the
    /// agent's allow rule for todos alone, so that its default permission mode runs todos
    /// without asking: Bash(todos:*) and mcp__todos in Claude Code's permissions.allow,
    /// run_shell_command(todos) in Gemini CLI's tools.allowed and "trust" on its todos server,
    /// default_tools_approval_mode = "approve" on Codex's (whose sandbox already lets the shell
    /// run todos). It prints what it added and what you must do in the agent to trust the
    /// folder; it never grants that trust itself.
    Init(Lazy<InitArgs>),

    /// The hook every agent runs: the plan at session start, a reminder at a stop.
    ///
    /// `todos init --agent claude|codex|gemini --hooks` installs it; agents run it with their
    /// JSON payload on stdin, which says which agent and which event it is. At a session start
    /// it prints the open items into the agent's context (nothing when none is open); at a stop
    /// with items open it sends the agent back once, and lets a repeated stop through. It waits
    /// at most 1.5 s for a payload, never writes, and exits 1 (never a blocking code) when it
    /// fails.
    Hook(Lazy<HookArgs>),
}

/// A command that describes the command line itself and needs no workspace: it runs even where
/// a stale TODOS_WORKSPACE or TODOS_NOW would stop the others, as in the shell startup that
/// loads its output.
#[derive(Debug, Subcommand)]
pub enum AboutCommand {
    /// Print a shell completion script.
    ///
    /// Prints the completion script for SHELL on stdout. The bash, zsh and fish scripts ask
    /// `todos` (from PATH) at each <TAB>, so they offer the plan's ids, the statuses and the
    /// lists; PowerShell's and elvish's are generated from this command line and offer its
    /// commands, options and fixed values. The same scripts are in the `completions/` folder of
    /// the source. Save it where the shell looks for completions, or load it from the shell's
    /// startup file; write it again after an upgrade.
    Completions(Lazy<CompletionsArgs>),

    /// Print the man page.
    ///
    /// Prints a roff man page on stdout: every command with its options and examples, the exit
    /// statuses and the environment. Save it on the man path to read it with `man todos`.
    Man(Lazy<ManArgs>),
}

/// The command's name in a line clap refused, and where it stands: the first word after the
/// global options and their values, any other option passed over.
pub fn command_name(args: &[OsString]) -> Option<(usize, &str)> {
    let top = GlobalArgs::augment_args(clap::Command::new("todos"));
    let mut words = args.iter().enumerate().skip(1);
    while let Some((at, word)) = words.next() {
        let Some(word) = word.to_str() else {
            return Some((at, ""));
        };
        let option = if let Some(long) = word.strip_prefix("--") {
            let (long, value) = long
                .split_once('=')
                .map_or((long, None), |(l, v)| (l, Some(v)));
            top.get_arguments()
                .find(|arg| arg.get_long() == Some(long))
                .map(|option| (option, value.is_some()))
        } else if let Some(short) = word.strip_prefix('-') {
            let mut chars = short.chars();
            match (chars.next(), chars.next()) {
                (Some(short), None) => top
                    .get_arguments()
                    .find(|arg| arg.get_short() == Some(short))
                    .map(|option| (option, false)),
                _ => None,
            }
        } else {
            return Some((at, word));
        };
        if let Some((option, false)) = option {
            if option.get_action().takes_values() {
                words.next();
            }
        }
    }
    None
}

impl Cli {
    /// The command line, with what a shell's <TAB> offers.
    pub fn command() -> clap::Command {
        with_list_candidates(<Self as CommandFactory>::command())
    }

    /// Parses a command line (the first argument is the program's name), the global options
    /// given after the command's name overriding the same ones given before it.
    pub fn parse_args(args: &[OsString]) -> Result<Self, clap::Error> {
        let mut matches =
            crate::policy::guess::with_aliases(Self::command()).try_get_matches_from(args)?;
        let formatted = |err: clap::Error| err.format(&mut Self::command());
        let mut global = GlobalArgs::from_arg_matches_mut(&mut matches).map_err(formatted)?;
        if let Some((_, after)) = matches.subcommand() {
            global.given_after(after);
        }
        let command = Command::from_arg_matches_mut(&mut matches).map_err(formatted)?;
        Ok(Self { global, command })
    }
}

#[derive(Debug, Args)]
#[command(after_help = with_statuses("Examples:\n  \
    todos write --summary \"Fix login\" -t completed:\"Reproduce\" -t in_progress:\"Patch the check\"\n  \
    todos write --file examples/plan.json\n  \
    echo '{\"summary\":\"Ship\",\"todos\":[{\"content\":\"Tag\",\"status\":\"pending\"}]}' | todos write"))]
pub struct WriteArgs {
    /// The snapshot as JSON text, or `-` to read it from stdin.
    #[arg(value_name = "SNAPSHOT_JSON", conflicts_with = "file")]
    pub snapshot: Option<String>,

    /// Read the snapshot from a file.
    #[arg(long, value_name = "PATH", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// The one line saying what the whole plan is for. It overrides the snapshot's; given
    /// alone (nothing piped in, no -t), it changes only the summary.
    #[arg(long, value_name = "TEXT")]
    pub summary: Option<String>,

    /// An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`, or
    /// CONTENT alone for a pending item; repeat in order.
    #[arg(short = 't', long = "todo", value_name = "STATUS:CONTENT", conflicts_with_all = ["snapshot", "file"],
          add = ArgValueCandidates::new(crate::agents::candidates::status_prefixes))]
    pub todos: Vec<String>,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,

    /// Start a new session: the next finished plan goes to a new completion log.
    #[arg(long)]
    pub new_session: bool,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos create \"Write the migration\" \"Run it on staging\"\n  \
    todos create \"Deploy\" --blocked-by 2 --blocked-by 3 --owner ops\n  \
    printf 'Reproduce\\nPatch\\n' | todos create")]
pub struct CreateArgs {
    /// The text of each new item.
    #[arg(value_name = "CONTENT")]
    pub contents: Vec<String>,

    /// Each new item waits on this item (repeat for more).
    #[arg(long, value_name = "ID")]
    pub blocked_by: Vec<String>,

    #[arg(long, value_name = "NAME", help = owner_help("Who works on the new items"))]
    pub owner: Option<String>,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,
}

#[derive(Debug, Args)]
#[command(after_help = with_statuses("Examples:\n  \
    todos update 2 in_progress\n  \
    todos update 2 completed\n  \
    todos update 3 --content \"Patch the token check\"\n  \
    todos update 2 pending --reopen\n  \
    todos update 4 --owner api-agent --blocked-by 2\n  \
    TODOS_OWNER=w2 todos update 4 --take\n  \
    echo '{\"id\": \"2\", \"status\": \"done\"}' | todos update"))]
#[command(group(clap::ArgGroup::new("change").args(["status", "content", "owner", "no_owner", "blocked_by", "unblock", "take"]).multiple(true)))]
#[command(
    override_usage = "todos update [OPTIONS] ID <STATUS|--content TEXT|--owner NAME|--blocked-by ID|...>\n       \
    todos update [OPTIONS] < REQUEST_JSON"
)]
pub struct UpdateArgs {
    /// The item's id, as `todos show` prints it. Needed, unless the whole request comes as
    /// JSON on stdin.
    #[arg(value_name = "ID", requires = "change", add = ArgValueCandidates::new(crate::agents::candidates::ids))]
    pub id: Option<String>,

    /// The new status, or an alias of one (the statuses are listed below). Needed, unless
    /// --content changes the text alone.
    #[arg(value_name = "STATUS", add = ArgValueCandidates::new(crate::agents::candidates::statuses))]
    pub status: Option<String>,

    /// New text for the item.
    #[arg(long, value_name = "TEXT", requires = "id")]
    pub content: Option<String>,

    #[arg(
        long,
        value_name = "NAME",
        help = owner_help("Who works on the item"),
        requires = "id",
        conflicts_with = "no_owner"
    )]
    pub owner: Option<String>,

    /// The item has no owner any more.
    #[arg(long, requires = "id")]
    pub no_owner: bool,

    /// The item waits on this item too (repeat for more).
    #[arg(long, value_name = "ID", requires = "id")]
    pub blocked_by: Vec<String>,

    /// The item no longer waits on this item (repeat for more).
    #[arg(long, value_name = "ID", requires = "id")]
    pub unblock: Vec<String>,

    #[arg(long, requires = "id", help = format!(
        "Allow a finished item ({}) to become open again", sentences::terminal_statuses()
    ))]
    pub reopen: bool,

    /// Take another owner's item over on purpose: it becomes --owner's, else TODOS_OWNER's.
    // Without it, a change under one owner's name to another owner's item is refused; the
    // history says from whom it was taken, and `claim_lease` gives it a new lease.
    #[arg(long, requires = "id", conflicts_with = "no_owner")]
    pub take: bool,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,
}

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

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos remove 4\n  \
    todos --json remove 5 | jq .data.warnings")]
pub struct RemoveArgs {
    /// The ids of the items to delete, as `todos show` prints them.
    #[arg(value_name = "ID", required = true)]
    pub ids: Vec<String>,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos next\n  \
    todos next --claim --owner w1\n  \
    todos next --claim --owner w1 --lease 15m\n  \
    TODOS_OWNER=w2 todos --json next --claim | jq -r '.data.next.id // empty'")]
pub struct NextArgs {
    /// Mark the item in_progress and owned by --owner, in one locked change.
    #[arg(long)]
    pub claim: bool,

    /// The claim ends after this long unless its owner works on the item (any change to it
    /// under the owner's name, or `next --claim` again, renews it); then anyone's `next
    /// --claim` takes it over: 90s, 15m, 2h, or none.
    // The default comes from the configuration (`claim_lease`), read in `next::read`.
    #[arg(long, value_name = "DURATION", requires = "claim", help = sentences::lease_help())]
    pub lease: Option<String>,

    // Read with the rest of the environment in `next::read`, where an empty value is unset.
    #[arg(long, value_name = "NAME", help = sentences::with_env(
        "Whose next item: items owned by someone else are skipped", Variable::Owner))]
    pub owner: Option<String>,

    // With --claim only: the claim is the change it guards.
    #[arg(long, value_name = "N", requires = "claim", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The colored checklist, for people.
    #[default]
    Text,
    /// A Markdown task list, for notes and pull requests.
    Markdown,
    /// The plan as JSON: summary, todos, recap, revision.
    Json,
}

#[derive(Debug, Args)]
#[command(after_help = "Example:\n  \
    $ todos recap\n  \
    [1/6] In progress: Patch. Pending: Add a test; Update docs; Tag (+1 more). Cancelled: Perf script.")]
pub struct RecapArgs {}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos undo\n  \
    todos undo --to 4\n  \
    todos --json undo --expect-revision 7")]
pub struct UndoArgs {
    /// Restore this revision (see `todos history`) instead of the one before the current.
    #[arg(long, value_name = "REV")]
    pub to: Option<u64>,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos history\n  \
    todos history --limit 5\n  \
    todos history 3\n  \
    todos history --follow\n  \
    todos --json history --follow | jq -c '.data | [.revision, .command]'\n  \
    todos undo --to 3")]
pub struct HistoryArgs {
    /// Print the plan as it was at this revision.
    #[arg(value_name = "REV")]
    pub revision: Option<u64>,

    /// List at most this many revisions, the newest (with --follow: print at most this many of
    /// the kept ones before the new ones).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,

    /// Print the kept revisions, oldest first, then each new one as it lands, until Ctrl-C
    /// (with --json, one envelope a line). Takes no lock.
    #[arg(short, long, conflicts_with = "revision")]
    pub follow: bool,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos schema\n  \
    todos schema update --tool anthropic\n  \
    todos schema write --tool openai > todos_write.json")]
pub struct SchemaArgs {
    /// The command whose input to describe.
    #[arg(value_enum, default_value_t = SchemaCommand::Write)]
    pub command: SchemaCommand,

    /// Wrap the schema as this vendor's function-tool definition.
    #[arg(long, value_enum, value_name = "VENDOR")]
    pub tool: Option<Vendor>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SchemaCommand {
    /// The whole snapshot: {"summary", "todos": [{"content", "status", …}]}.
    Write,
    /// New items: {"items": [TEXT, …]}.
    Create,
    /// A change to one item: {"id", "status", "content", …}.
    Update,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Vendor {
    /// {"type": "function", "name", "description", "parameters", "strict"} (Responses API).
    Openai,
    /// {"name", "description", "input_schema"} (Messages API).
    Anthropic,
    /// {"name", "description", "parameters"}: a function declaration in Gemini's schema subset.
    Gemini,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos prompt\n  \
    todos prompt >> AGENTS.md")]
pub struct PromptArgs {}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos check && git push\n  \
    todos check --stale 10\n  \
    TODOS_OWNER=w1 todos check\n  \
    todos --json check | jq .data.check")]
pub struct CheckArgs {
    /// Fail only when items are open and the plan has not changed for this many minutes.
    #[arg(long, value_name = "MINUTES")]
    pub stale: Option<u64>,

    #[arg(long, help = sentences::check_hook_help())]
    pub hook: bool,

    #[arg(long, value_name = "NAME", help = sentences::with_env(
        "Whose check: items owned by someone else do not count", Variable::Owner))]
    pub owner: Option<String>,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos init --agent claude --hooks\n  \
    todos init --agent codex --hooks\n  \
    todos init --agent gemini --hooks\n  \
    todos init --agent claude --mcp\n  \
    todos init\n  \
    git init -q && todos init --git   # git merges plans with todos merge-file")]
pub struct InitArgs {
    /// The agent to set up.
    #[arg(long, value_enum, default_value_t = Agent::Generic)]
    pub agent: Agent,

    /// Also install the agent's session-start and stop hooks (claude, codex, gemini).
    #[arg(long)]
    pub hooks: bool,

    /// Also register the MCP server (`todos mcp`), its tools allowed: .mcp.json for Claude
    /// Code, the mcpServers of .gemini/settings.json for Gemini CLI, .codex/config.toml for Codex.
    #[arg(long)]
    pub mcp: bool,

    /// Also let git merge plans across branches: `.todos.json merge=todos` in .gitattributes
    /// (commit it) and the `todos merge-file` driver in the repository's .git/config.
    #[arg(long)]
    pub git: bool,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    git init -q && todos init --git   # registers it for this clone\n  \
    cp .todos.json base.json && cp .todos.json theirs.json\n  \
    todos merge-file base.json .todos.json theirs.json   # as git runs it, on its own files")]
pub struct MergeFileArgs {
    /// The common ancestor's plan (git's %O; empty when both branches added the plan).
    #[arg(value_name = "BASE", value_hint = ValueHint::FilePath)]
    pub base: PathBuf,

    /// Our plan (git's %A): the merged plan is written here.
    #[arg(value_name = "OURS", value_hint = ValueHint::FilePath)]
    pub ours: PathBuf,

    /// Their plan (git's %B).
    #[arg(value_name = "THEIRS", value_hint = ValueHint::FilePath)]
    pub theirs: PathBuf,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos resolve        # then: git add .todos.json\n  \
    todos -l api resolve # then: git add .todos/api.json")]
pub struct ResolveArgs {}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    echo '{\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}' | todos hook\n  \
    todos init --agent codex --hooks   # installs it")]
pub struct HookArgs {}

#[derive(Debug, Args)]
#[command(after_help = format!("{}\n{}", crate::policy::sentences::mcp_tools_help(), "Examples:\n  \
    todos init --agent claude --mcp     # registers the server in .mcp.json\n  \
    todos init --agent codex --mcp      # registers it in .codex/config.toml, its tools approved\n  \
    todos mcp -C . < /dev/null          # serves this folder's plan until the client closes stdin"))]
pub struct McpArgs {}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos completions bash > ~/.local/share/bash-completion/completions/todos\n  \
    echo 'source <(todos completions zsh)' >> ~/.zshrc   # after compinit\n  \
    todos completions fish > ~/.config/fish/completions/todos.fish\n  \
    todos completions powershell > ~/todos.ps1     # then `. ~/todos.ps1` in $PROFILE\n  \
    echo 'eval \"$(todos completions bash)\"' >> ~/.bashrc")]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    /// Bash: for the bash-completion folder, or `eval` it from ~/.bashrc.
    Bash,
    /// Zsh: source it from ~/.zshrc, after compinit.
    Zsh,
    /// Fish: for ~/.config/fish/completions/.
    Fish,
    /// PowerShell: save it as a file and dot-source that from $PROFILE.
    Powershell,
    /// Elvish: `eval` it from rc.elv.
    Elvish,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos man | man -l -\n  \
    mkdir -p ~/.local/share/man/man1 && todos man > ~/.local/share/man/man1/todos.1")]
pub struct ManArgs {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }

    fn parsed(args: &[&str]) -> GlobalArgs {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        Cli::parse_args(&args)
            .expect("the command line parses")
            .global
    }

    /// A value for each global option that is not its default.
    fn given(arg: &clap::Arg) -> Vec<String> {
        let flag = format!("--{}", arg.get_long().expect("global options are long"));
        match arg.get_action().takes_values() {
            false => vec![flag],
            true if arg.get_id() == "lock_timeout" => vec![flag, "2.5".to_owned()],
            true if arg.get_id() == "color" => vec![flag, "never".to_owned()],
            true => vec![flag, "named".to_owned()],
        }
    }

    /// Every global option works before the command's name and after it, and after it wins:
    /// a new global option that `GlobalArgs::given_after` forgets fails here.
    #[test]
    fn global_options_come_before_or_after_the_command() {
        let options = GlobalArgs::augment_args(clap::Command::new("todos"));
        let plain = parsed(&["todos", "show"]);
        for arg in options.get_arguments() {
            let option = given(arg);
            let option: Vec<&str> = option.iter().map(String::as_str).collect();
            let before = parsed(&[&["todos"], &option[..], &["show"]].concat());
            let after = parsed(&[&["todos", "show"], &option[..]].concat());
            assert_ne!(
                before, plain,
                "{option:?} before the command changes nothing"
            );
            assert_eq!(
                before, after,
                "{option:?} after the command is not the same"
            );
        }
        let both = parsed(&[
            "todos",
            "-C",
            "first",
            "--lock-timeout",
            "1",
            "show",
            "-C",
            "second",
        ]);
        assert_eq!(both.workspace, Some(PathBuf::from("second")));
        assert!((both.lock_timeout - 1.0).abs() < f64::EPSILON, "{both:?}");
    }
}
