//! Every sentence about a rule, rendered from the rule's table in `policy/`: statuses and what
//! an agent does with them, limits and how to fit under them, configuration keys and variables,
//! the owner and list-name rules, exit codes. Help, the man page, `schema`, `prompt`, hook and
//! `check` messages and refusals take their words from here, so a new row of a table reaches
//! every one of them (the consistency test in `consistency.rs` holds that).

use std::fmt::Write as _;

use crate::policy::english::{capitalized, count, or_list};
use crate::policy::error::Caller;
use crate::policy::exit::{KINDS, Kind};
use crate::policy::limit::{Limit, Limits};
use crate::policy::mcp::MCP_TOOLS;
use crate::policy::name::{Broken, NameRule};
use crate::policy::settings::{SETTINGS, Setting, VARIABLES, Value, Variable, WORKSPACE_CONFIG};
use crate::policy::status::{STATUSES, Status, StatusInfo};

// ---- statuses ----

fn names_where(keep: impl Fn(&StatusInfo) -> bool) -> Vec<&'static str> {
    STATUSES
        .iter()
        .filter(|info| keep(info))
        .map(|info| info.name)
        .collect()
}

/// The canonical names: `pending, in_progress, completed, cancelled, failed or blocked`.
pub fn status_names() -> String {
    or_list(&names_where(|_| true))
}

/// Every accepted spelling, canonical names first: `pending, in_progress, …, todo, …`.
pub fn accepted_spellings() -> String {
    let names = STATUSES.iter().map(|info| info.name);
    let aliases = STATUSES
        .iter()
        .flat_map(|info| info.aliases.iter().copied());
    names.chain(aliases).collect::<Vec<_>>().join(", ")
}

/// Each status with its meaning, `pending (not started yet), …`, for schemas and guides.
pub fn status_meanings() -> String {
    let names: Vec<String> = STATUSES
        .iter()
        .map(|info| format!("{} ({})", info.name, info.meaning))
        .collect();
    or_list(&names)
}

/// The checklist boxes read as input, one per status: `[ ] pending, [-] in_progress, …`.
pub fn checklist_boxes() -> String {
    STATUSES
        .iter()
        .filter_map(|info| info.checkbox.first().map(|b| format!("{b} {}", info.name)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The terminal statuses, `completed, cancelled or failed`.
pub fn terminal_statuses() -> String {
    or_list(&names_where(|info| info.terminal))
}

/// The help's table of statuses: name, meaning and aliases, one line each.
pub fn status_help_table() -> String {
    // Built by pushing, not `format!` with widths: `update` builds its help on every run, and
    // the formatting machinery was a fifth of the cost of building `update`'s arguments.
    let padded = |out: &mut String, text: &str, width: usize| {
        out.push_str(text);
        out.extend(std::iter::repeat_n(
            ' ',
            width.saturating_sub(text.chars().count()),
        ));
    };
    let mut out = String::from("Statuses (case does not matter; in-progress is in_progress):\n");
    for info in &STATUSES {
        out.push_str("  ");
        padded(&mut out, info.name, 13);
        out.push(' ');
        padded(&mut out, info.meaning, 27);
        out.push(' ');
        match info.aliases {
            [] => {}
            [one] => {
                out.push_str("alias: ");
                out.push_str(one);
            }
            many => {
                out.push_str("aliases: ");
                out.push_str(&many.join(", "));
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "{} are finished: going back to an open status takes `todos update ID STATUS --reopen`.",
        capitalized(&names_where(|info| info.terminal).join(", "))
    );
    out
}

/// `completed as soon as it is done, cancelled when …`: each status `keep` lets through with
/// the clause it adds to an agent's instructions; the first may carry a `then` after it.
fn clauses(keep: impl Fn(&StatusInfo) -> bool, first_then: Option<&str>) -> String {
    let parts: Vec<String> = STATUSES
        .iter()
        .filter(|info| keep(info))
        .enumerate()
        .map(|(index, info)| match first_then {
            Some(then) if index == 0 => {
                format!("{} {} ({then} {})", info.name, info.clause, info.name)
            }
            _ => format!("{} {}", info.name, info.clause),
        })
        .collect();
    // Clauses hold commas and "or"s of their own: the last one is set off with ", or".
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}, or {last}", rest.join(", ")),
        _ => parts.concat(),
    }
}

/// One status with when an agent sets it: `in_progress when you start it`.
pub fn status_clause(status: Status) -> String {
    let info = status.info();
    format!("{} {}", info.name, info.clause)
}

/// The statuses an item is left in when work on it stops: `completed, cancelled, failed or
/// blocked`.
pub fn stop_statuses() -> String {
    or_list(&names_where(|info| info.stops_work))
}

/// What an agent does with statuses while it works: `in_progress when you start it, completed
/// as soon as it is done, …` (every status but the one items start in).
pub fn how_to_work() -> String {
    clauses(|info| info.status != Status::Pending, None)
}

/// The statuses an agent leaves an item in when work on it stops, each with when:
/// `completed as soon as it is done, cancelled when …, failed when … or blocked when …`.
pub fn how_to_stop_work() -> String {
    clauses(|info| info.stops_work, None)
}

/// Every status with when to set it, for the description of a status an agent sends.
pub fn every_status_clause() -> String {
    clauses(|_| true, None)
}

/// The "how to finish an item" sentence of the stop hook and `check`: `Finish them before you
/// stop: mark each completed as soon as it is done (todos update ID completed), …`.
pub fn how_to_finish(left: usize) -> String {
    let (them, each) = if left == 1 {
        ("it", "it")
    } else {
        ("them", "each")
    };
    format!(
        "Finish {them} before you stop: mark {each} {}.",
        clauses(|info| info.stops_work, Some("todos update ID"))
    )
}

/// What `check --stale` asks of an agent whose plan went quiet.
pub fn how_to_update_now() -> String {
    format!(
        "Update your todos now: mark the item you are working on {}, and each other {}.",
        Status::InProgress.as_str(),
        clauses(|info| info.stops_work, Some("todos update ID"))
    )
}

/// The statuses that resolve a blocker: `completed or cancelled`.
pub fn resolving_statuses() -> String {
    or_list(&names_where(|info| info.resolves))
}

/// When an item that waits on others is ready, and what still holds it: `once each is
/// completed or cancelled (a failed or blocked one still holds it up)`.
pub fn when_ready() -> String {
    let holding = names_where(|info| info.stops_work && !info.resolves);
    format!(
        "once each is {} (a {} one still holds it up)",
        resolving_statuses(),
        or_list(&holding)
    )
}

// ---- limits ----

/// What a refusal says after the numbers: first how to fit, then how to raise the limit.
pub fn limit_advice(limit: Limit) -> String {
    limit_advice_when(limit, 0, Caller::CommandLine)
}

/// `limit_advice` for a list over the limit that holds `finished` finished items: where
/// finishing more cannot help (they still count), the limit's row says what does, to `caller`.
pub fn limit_advice_when(limit: Limit, finished: usize, caller: Caller) -> String {
    let setting = Setting::Limit(limit).info();
    let info = limit.info();
    let fit = match info.fit_when_finished {
        Some(fit) if finished > 0 => fit(caller),
        _ => info.fit.to_owned(),
    };
    format!(
        "{fit}; or raise the limit with \"{}\" in {WORKSPACE_CONFIG} or {}",
        setting.key, setting.env
    )
}

/// The limits, said plainly: real agents' items often run past 60 characters.
pub fn limits_in_force(limits: &Limits) -> String {
    let chars = limits.get(Limit::MaxContentChars);
    format!(
        "at most {items}; each item at most {chars} characters (an item over {chars} characters \
         is refused, not cut: keep items short and put detail in \"description\"); a summary of at \
         most {summary} characters; at most {in_progress} in_progress at a time",
        items = count(limits.get(Limit::MaxItems), "item"),
        summary = limits.get(Limit::MaxSummaryChars),
        in_progress = count(limits.get(Limit::MaxInProgress), "item"),
    )
}

/// A size in bytes as refusals say it: `1 MiB (1048576 bytes)`, or the bytes alone.
pub fn size(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes.is_multiple_of(MIB) {
        format!("{} MiB ({bytes} bytes)", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// The in-progress rule as help says it, at its default: `Each owner (items without one count
/// as one) has at most one item in progress`.
pub fn in_progress_rule() -> String {
    format!(
        "Each owner (items without one count as one) has at most {} in progress",
        items_in_progress(Limit::MaxInProgress.info().default)
    )
}

/// How many items an owner may have in progress at once, in words: `one item`, `2 items`.
pub fn items_in_progress(max: usize) -> String {
    if max == 1 {
        "one item".to_owned()
    } else {
        count(max, "item")
    }
}

/// A wait of `millis` milliseconds as the manual says it: `200 ms`, `a second`, `1.5 s`,
/// `5 seconds`.
pub fn wait(millis: u64) -> String {
    match millis {
        1_000 => "a second".to_owned(),
        ms if ms < 1_000 => format!("{ms} ms"),
        ms if ms.is_multiple_of(1_000) => format!("{} seconds", ms / 1_000),
        ms => format!("{}.{} s", ms / 1_000, (ms % 1_000) / 100),
    }
}

/// A number as the manual writes it, its thousands apart: `1,000,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The MCP server's JSON-RPC error for a message over `Cap::McpLineBytes`.
pub fn message_too_large() -> String {
    format!(
        "Invalid request: the message is larger than {} and was not read; send a smaller one",
        size(crate::policy::cap::Cap::McpLineBytes.value())
    )
}

// ---- configuration and environment ----

/// The configuration keys, in prose: `max_items, …, history_limit`.
pub fn config_keys() -> String {
    SETTINGS
        .iter()
        .map(|info| info.key)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a configuration value is refused.
pub fn setting_value(setting: Setting) -> String {
    match setting.info().value {
        Value::Count => "it must be a whole number of at least 1".to_owned(),
        Value::Folder => "it must be a string (a folder path)".to_owned(),
        Value::Duration => format!(
            "it must be a string: {}",
            crate::policy::settings::LEASE_FORMAT
        ),
        Value::RemoteName => "it must be the name of one of the clone's git remotes (such as \
                              \"origin\"): letters, digits, '.', '_', '-' or '/'"
            .to_owned(),
        Value::Worktrees => {
            let names: Vec<String> = crate::policy::settings::WORKTREES
                .iter()
                .map(|(_, name, meaning)| format!("\"{name}\" ({meaning})"))
                .collect();
            format!("it must be {}", crate::policy::english::or_list(&names))
        }
    }
}

/// `next --lease`'s help, with the setting that gives its default.
pub fn lease_help() -> String {
    let info = Setting::ClaimLease.info();
    format!(
        "The claim ends after this long unless its owner works on the item (any change to it \
         under the owner's name, or `next --claim` again, renews it); then anyone's `next \
         --claim` takes it over: {} [default: \"{}\" in .todos.config.json] [env: {}]",
        crate::policy::settings::LEASE_FORMAT,
        info.key,
        info.env
    )
}

/// A flag's help with the variable that stands in for it: `… [env: TODOS_LIST]`.
pub fn with_env(help: &str, variable: Variable) -> String {
    format!("{help} [env: {}]", variable.name())
}

/// The man page's ENVIRONMENT: every variable, then every configuration key's.
pub fn environment() -> Vec<(String, String)> {
    let variables = VARIABLES.iter().map(|info| {
        let meaning = match info.flag {
            Some(flag) => format!("{}; {flag} wins over it", info.meaning),
            None => info.meaning.to_owned(),
        };
        (info.name.to_owned(), meaning)
    });
    let settings = SETTINGS.iter().map(|info| {
        (
            info.env.to_owned(),
            format!(
                "overrides \"{}\" of the configuration files: {} (default {})",
                info.key,
                info.meaning,
                info.setting.default_text()
            ),
        )
    });
    variables.chain(settings).collect()
}

// ---- names ----

/// A name rule in words: `1-64 letters, digits, '.', '_', '-' or '@'`.
pub fn name_rule(rule: &NameRule) -> String {
    let mut kinds = vec![
        if rule.upper_case {
            "letters"
        } else {
            "lower-case letters"
        }
        .to_owned(),
        "digits".to_owned(),
    ];
    kinds.extend(rule.punctuation.chars().map(|c| format!("'{c}'")));
    let mut text = format!("1-{} {}", rule.max_chars, or_list(&kinds));
    if let Some(first) = rule.not_first {
        let _ = write!(text, ", not starting with '{first}'");
    }
    text
}

/// What is wrong with a name, after the name: `is empty`, `holds a path separator`.
pub fn broken_name(rule: &NameRule, broken: &Broken) -> String {
    match broken {
        Broken::Empty => "is empty".to_owned(),
        Broken::TooLong(length) => {
            format!(
                "is {length} characters long, the limit is {}",
                rule.max_chars
            )
        }
        Broken::StartsWith(c) => format!("starts with '{c}'"),
        Broken::Holds(c) if c.is_ascii_uppercase() => {
            format!("holds an upper-case letter ('{c}'); use lower case")
        }
        Broken::Holds('/' | '\\') => "holds a path separator".to_owned(),
        Broken::Holds(c) if c.is_control() => {
            format!("holds a control character (U+{:04X})", u32::from(*c))
        }
        Broken::Holds(c) => format!(
            "holds '{}', which {} cannot hold",
            crate::policy::text::escape(&c.to_string()),
            rule.what
        ),
    }
}

/// How to name it right: `use 1-64 letters, … (e.g. api-agent, w1, ana@example.com)`.
pub fn name_advice(rule: &NameRule) -> String {
    format!(
        "use {} (e.g. {})",
        name_rule(rule),
        rule.examples.join(", ")
    )
}

// ---- exit codes ----

/// The exit code of a kind of failure, as help texts say it: `exit 3`.
pub fn exit(kind: Kind) -> String {
    format!("exit {}", kind.info().exit_code)
}

/// The help of `--expect-revision`, on every command that takes it.
pub fn expect_revision_help() -> String {
    format!(
        "Refuse ({}) unless the store is at this revision",
        exit(Kind::Conflict)
    )
}

/// The man page's EXIT STATUS: success, then every kind of failure.
pub fn exit_statuses() -> Vec<(String, String)> {
    std::iter::once(("0".to_owned(), "success, warnings included".to_owned()))
        .chain(KINDS.iter().map(|info| {
            (
                info.exit_code.to_string(),
                format!("{}: {}", info.code, info.meaning),
            )
        }))
        .collect()
}

// ---- MCP tools ----

/// The tools as `todos mcp --help` (and so the man page) lists them, one a line.
pub fn mcp_tools_help() -> String {
    let width = MCP_TOOLS
        .iter()
        .map(|tool| tool.name.len())
        .max()
        .unwrap_or(0);
    let mut text = String::from(
        "Tools (each takes an optional list; the ones that change the plan take expect_revision):\n",
    );
    for tool in &MCP_TOOLS {
        let _ = writeln!(text, "  {:<width$}  {}", tool.name, tool.summary);
    }
    text
}

/// The table of tools in docs/mcp.md, in Markdown.
pub fn mcp_tools_markdown() -> String {
    let mut text =
        String::from("| tool | what it does | `expect_revision` |\n| --- | --- | --- |\n");
    for tool in &MCP_TOOLS {
        let cas = if tool.changes { "yes" } else { "no" };
        let _ = writeln!(text, "| `{}` | {} | {cas} |", tool.name, tool.summary);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::name::{LIST_NAME, OWNER};

    #[test]
    fn the_finish_sentence_names_every_status_that_stops_work() {
        let sentence = how_to_finish(2);
        assert!(
            sentence.starts_with(
                "Finish them before you stop: mark each completed as soon as it is done (todos \
                 update ID completed), cancelled when"
            ),
            "{sentence}"
        );
        assert!(sentence.contains("blocked when"), "{sentence}");
        assert_eq!(resolving_statuses(), "completed or cancelled");
        assert_eq!(
            when_ready(),
            "once each is completed or cancelled (a failed or blocked one still holds it up)"
        );
    }

    #[test]
    fn name_rules_read_as_before() {
        assert_eq!(
            name_rule(&OWNER),
            "1-64 letters, digits, '.', '_', '-' or '@'"
        );
        assert_eq!(
            name_rule(&LIST_NAME),
            "1-64 lower-case letters, digits, '.', '_' or '-', not starting with '.'"
        );
        assert_eq!(
            expect_revision_help(),
            "Refuse (exit 3) unless the store is at this revision"
        );
    }
}
