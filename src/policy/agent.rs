//! The agents `todos` sets up, and each one's hook protocol as one row of a table.
//!
//! Claude Code, Codex and Gemini CLI all run a shell command on a session-start event and on a
//! stop event, pass it a JSON payload on stdin and read its answer — but each names the events,
//! shapes the answer, marks a repeated stop and shows a failed hook in its own way. Everything
//! that differs lives in `PROTOCOLS`: `init --hooks` installs from it, `hooks.rs` answers by it,
//! and `check --hook` speaks Claude Code's row (its help says the row's exit code, from
//! `sentences`).
//!
//! Every reset of an agent's context brings the plan back (SPEC §8). Read from the releases
//! (Claude Code 2.1.332, Codex 0.171.0, Gemini CLI 0.61.0) and proven on them by
//! `scripts/agents-e2e.sh`'s `resets` scenario:
//! - Claude Code and Codex run `SessionStart` with `source` one of `startup|resume|clear|compact|fork`
//!   (`compact` after a compaction, automatic or asked for) and carry its output to the model;
//!   their matcher is a regular expression, so one entry names all five.
//! - Gemini CLI runs `SessionStart` with `startup|resume|clear` and compares a matcher with `===`
//!   (`a|b` never matches): its entry has none. After `/clear` it shows the hook's
//!   `systemMessage` and drops `additionalContext`; its `PreCompress` result is thrown away (and
//!   it runs `PreCompress` before every turn, whether it compresses or not); no event follows a
//!   compression. So the plan comes back before the next prompt, at `BeforeAgent`, whose
//!   `additionalContext` joins that prompt — once, when the conversation Gemini CLI records
//!   (the payload's `transcript_path`) shows no plan since its last reset.
//!
//! What others change reaches a working agent at its next tool call (SPEC §8), through the
//! event each release runs after a tool call, as read from the same releases: Claude Code's
//! `PostToolUse` (its hook output schema: `hookSpecificOutput.additionalContext`, "added to the
//! model's context"), Codex's `PostToolUse` (`post-tool-use.command.output`:
//! `hookSpecificOutput.additionalContext`), Gemini CLI's `AfterTool`
//! (`getAdditionalContext()`, appended to the tool's result inside `<hook_context>`). Each
//! payload names the tool (`tool_name`) and its input (`tool_input`), so a tool call that ran
//! `todos` is known as the agent's own.

use clap::ValueEnum;

/// The agents `todos init` sets up. The variants' docs are `--agent`'s help, prose for people.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Agent {
    /// Claude Code: CLAUDE.md (and .claude/settings.json with --hooks).
    Claude,
    /// OpenAI Codex CLI: AGENTS.md (and .codex/hooks.json with --hooks).
    Codex,
    /// Gemini CLI: GEMINI.md (and .gemini/settings.json with --hooks).
    Gemini,
    /// Any other agent that reads AGENTS.md.
    Generic,
}

/// Where each agent keeps its user-level settings (every project's): a folder in the home folder,
/// and the variable that moves it. `init` edits project files only: it refuses to run in these,
/// in the home folder and in the user configuration folder (SPEC §9), so that the allow rule it
/// writes cannot let an agent grant itself user-level settings.
pub const USER_LEVEL_FOLDERS: [(&str, Option<&str>); 3] = [
    (".claude", Some("CLAUDE_CONFIG_DIR")),
    (".codex", Some("CODEX_HOME")),
    (".gemini", None),
];

/// How an agent hands a session-start hook's output to its model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContextChannel {
    /// Whatever the hook prints on stdout.
    PlainStdout,
    /// `{"hookSpecificOutput":{"additionalContext":…}}`. Gemini CLI shows plain stdout to the
    /// user, never to the model; Codex takes plain stdout that starts with `[` or `{` for
    /// broken JSON and drops it, so a plan's `[1/3]` header never reached its model.
    AdditionalContext,
}

/// How an agent shows the user that a hook failed (a corrupt store, an unsafe path), and goes
/// on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureChannel {
    /// Exit 1 with the reason on stderr: Claude Code shows it to the user; Gemini CLI shows it
    /// as a warning (any other code but 0 and 1 blocks there).
    Stderr,
    /// Exit 0 with `{"systemMessage": reason}`, shown as a warning: Codex drops a failed hook's
    /// stderr and shows only "hook exited with code 1".
    SystemMessage,
}

/// How an agent lets a stop hook send it back to work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopChannel {
    /// Exit with this code (2 for Claude Code) and the reason on stderr. Claude Code reads `{"decision":"block"}` too, but then
    /// puts the reason into its model's context twice (as hook feedback and as a system note).
    Exit(u8),
    /// `{"decision": WORD, "reason": …}` on stdout, exit 0.
    Decision(&'static str),
}

/// One agent's hook protocol, as its current release speaks it.
#[derive(Debug)]
pub struct Protocol {
    pub agent: Agent,
    pub name: &'static str,
    /// The project file that holds its hooks, under a top-level `"hooks"` object.
    pub file: &'static str,
    pub session_start: &'static str,
    /// Which session starts run the hook: every source the release sends. `None` runs it on
    /// every one; Gemini CLI compares a lifecycle matcher as an exact string, so
    /// `startup|resume` would never match there.
    pub session_start_matcher: Option<&'static str>,
    /// The event before the agent's next prompt, where the plan comes back once when a reset's
    /// own event could not carry it (Gemini CLI's `BeforeAgent`, after `/clear` and after a
    /// compression). `None` where every reset's own event carries it.
    pub next_prompt: Option<&'static str>,
    /// The event the agent runs after each tool call, whose answer joins the tool's result in
    /// the model's context (`hookSpecificOutput.additionalContext` for all three; plain stdout
    /// reaches none of their models there): what others changed in the plan comes in here.
    pub after_tool: &'static str,
    pub stop: &'static str,
    pub context: ContextChannel,
    /// How a stop hook sends the agent back to work.
    pub block: StopChannel,
    /// How the agent shows a hook's own failure.
    pub failure: FailureChannel,
    /// The payload field that is true when this stop follows a stop hook's reminder.
    pub loop_flag: &'static str,
    /// Fields only this agent's payloads carry, to tell it apart from the others.
    pub marks: &'static [&'static str],
    /// Extra keys of each handler (`name` shows in Gemini CLI's hook list and warnings).
    pub handler_extras: &'static [(&'static str, &'static str)],
    /// What the user does in the agent before it runs a project's hooks.
    pub trust: &'static str,
    /// What `init --mcp` says after the server entry it wrote (`the todos MCP server (todos
    /// mcp), …`): what the entry holds and what the user must still do in the agent.
    pub mcp_then: &'static str,
    /// Why the agent's shell needs no allow rule from `init`, for an agent that needs none.
    pub shell_note: Option<&'static str>,
    /// What the agent still asks once `init` wrote its allow rules, in the user's words.
    pub still_asks: &'static str,
}

/// Every source Claude Code and Codex run `SessionStart` with, as a matcher (a regular
/// expression to both).
pub const EVERY_SOURCE: &str = "startup|resume|clear|compact|fork";

/// The session-start matchers an earlier `todos init` wrote, which the next one brings up to
/// date: `startup|resume|compact` left out `/clear` and a fork.
pub const EARLIER_MATCHERS: [&str; 1] = ["startup|resume|compact"];

/// How much of Gemini CLI's conversation record a `BeforeAgent` hook reads, from its end: the
/// last snapshot of the history (written at each reset) is at most the model's whole context,
/// about 4 MB of JSON for a million tokens.
pub const TRANSCRIPT_TAIL_BYTES: u64 = 16 * 1024 * 1024;

/// Claude Code's row of `PROTOCOLS`.
const CLAUDE_CODE: usize = 1;

/// Tried in this order by `Protocol::of`, each by the fields only its payloads carry: Gemini
/// CLI's `timestamp` first (a field it may add later, a `model`, must not make it look like
/// another), then Claude Code's (its compaction's `SessionStart` carries a `model` too, as
/// Codex's payloads all do), then Codex's. A payload with none is Claude Code's.
pub static PROTOCOLS: [Protocol; 3] = [
    Protocol {
        agent: Agent::Gemini,
        name: "Gemini CLI",
        file: ".gemini/settings.json",
        session_start: "SessionStart",
        session_start_matcher: None,
        next_prompt: Some("BeforeAgent"),
        after_tool: "AfterTool",
        stop: "AfterAgent",
        context: ContextChannel::AdditionalContext,
        block: StopChannel::Decision("deny"),
        failure: FailureChannel::Stderr,
        loop_flag: "stop_hook_active",
        marks: &["timestamp"],
        handler_extras: &[("name", "todos")],
        trust: "Gemini CLI: run `gemini` in this folder and answer \"Trust folder\" to \"Do you \
                trust the files in this folder?\" (or /permissions later); it runs no project \
                hook in an untrusted folder.",
        mcp_then: "trusted (\"trust\": true), so Gemini CLI offers its tools without asking; it \
                   loads a project's MCP servers in a trusted folder; check with /mcp",
        shell_note: None,
        still_asks: "Gemini CLI still asks before any other shell command",
    },
    Protocol {
        agent: Agent::Claude,
        name: "Claude Code",
        file: ".claude/settings.json",
        session_start: "SessionStart",
        session_start_matcher: Some(EVERY_SOURCE),
        next_prompt: None,
        after_tool: "PostToolUse",
        stop: "Stop",
        context: ContextChannel::PlainStdout,
        block: StopChannel::Exit(2),
        failure: FailureChannel::Stderr,
        loop_flag: "stop_hook_active",
        // Its startup and /clear payloads carry nothing of their own.
        marks: &["prompt_id", "context_tokens", "seconds_since_last_response"],
        handler_extras: &[],
        trust: "Claude Code: start `claude` in this folder and accept the folder trust prompt; \
                it reads the hooks at startup (review them with /hooks).",
        mcp_then: "Claude Code asks you once to approve the project's MCP servers when it next \
                   starts here; check with /mcp",
        shell_note: None,
        still_asks: "Claude Code still asks before any other command, and once to use the \
                     project's MCP servers (.mcp.json)",
    },
    Protocol {
        agent: Agent::Codex,
        name: "Codex",
        file: ".codex/hooks.json",
        session_start: "SessionStart",
        session_start_matcher: Some(EVERY_SOURCE),
        next_prompt: None,
        after_tool: "PostToolUse",
        stop: "Stop",
        context: ContextChannel::AdditionalContext,
        block: StopChannel::Decision("block"),
        failure: FailureChannel::SystemMessage,
        loop_flag: "stop_hook_active",
        marks: &["turn_id", "model"],
        handler_extras: &[],
        trust: "Codex: run `codex` in this folder, answer \"Trust and continue\" to \"Trust this \
                folder?\", then at \"Hooks need review\" review the three todos hooks and trust \
                them (or later in /hooks). Codex runs no project hook before both steps, and \
                asks again when a hook changes.",
        mcp_then: "its tools approved (default_tools_approval_mode = \"approve\"); Codex loads a \
                   project's .codex/config.toml once you trust the folder; check with /mcp",
        shell_note: Some(
            "Codex needs no rule for the shell: todos writes only inside the workspace, which \
             its workspace-write sandbox allows",
        ),
        still_asks: "Codex still asks before commands that leave its sandbox",
    },
];

impl Protocol {
    /// Claude Code's row: the agent left over when a payload has no marks of its
    /// own, and the protocol `check --hook` speaks.
    pub fn claude_code() -> &'static Self {
        &PROTOCOLS[CLAUDE_CODE]
    }

    /// The exit code that sends the agent back to work, when the protocol blocks by exit code.
    pub fn block_exit_code(&self) -> Option<u8> {
        match self.block {
            StopChannel::Exit(code) => Some(code),
            StopChannel::Decision(_) => None,
        }
    }

    pub fn of_agent(agent: Agent) -> Option<&'static Self> {
        PROTOCOLS.iter().find(|row| row.agent == agent)
    }
}
