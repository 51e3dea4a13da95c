//! Every row of every policy table, walked through every surface that speaks of it: help, the
//! man page, the JSON Schemas, the prompt, the stop hook's and `check`'s messages, refusals and
//! the configuration. A new status, limit, key, variable, name rule or kind of failure that a
//! surface forgets fails here (ripgrep's `complete/consistency.rs` is the model).
//!
//! The surfaces are produced the way users get them: help and the man page from the parsed
//! command line, refusals and `check` from `crate::run` in process, in a temporary workspace.

#[cfg(test)]
mod caps;

use std::ffi::OsString;
use std::path::Path;

use serde_json::{Value, json};

use crate::agents::schema::SchemaCommand;
use crate::cli::Cli;
use crate::context::host::Host;
use crate::plan::list::ListName;
use crate::plan::model::{Item, Limit, Limits, Status};
use crate::policy::exit::{KINDS, Kind};
use crate::policy::limit::LIMITS;
use crate::policy::name::{LIST_NAME, OWNER};
use crate::policy::settings::{SETTINGS, Setting, VARIABLES};
use crate::policy::status::STATUSES;
use crate::store::config::Config;
use crate::{agents::guide, agents::hooks, agents::schema, policy::sentences};

/// What one run of `todos` answered.
struct Ran {
    code: String,
    stdout: String,
    stderr: String,
}

/// Runs `todos ARGS` in process in `dir`, with `vars` and `stdin`.
fn run(dir: &Path, vars: &[(&str, &str)], args: &[&str], stdin: Option<&str>) -> Ran {
    let mut all = vec![("TODOS_NOW", "2025-01-02T03:04:05Z")];
    all.extend_from_slice(vars);
    let vars = all
        .iter()
        .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
        .collect();
    let stdin = stdin.map(|text| text.as_bytes().to_vec());
    let (mut host, stdout, stderr) = Host::in_memory(vars, dir.to_path_buf(), None, stdin);
    let args = std::iter::once("todos")
        .chain(args.iter().copied())
        .map(OsString::from);
    let code = crate::run(args, &mut host);
    Ran {
        code: format!("{code:?}"),
        stdout: stdout.text(),
        stderr: stderr.text(),
    }
}

fn exit_code(code: u8) -> String {
    format!("{:?}", std::process::ExitCode::from(code))
}

fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    dir
}

/// The long help of `todos` (no name) or of one command.
fn help(command: Option<&str>) -> String {
    let mut cli = Cli::command();
    cli.build();
    let mut command = match command {
        None => cli,
        Some(name) => cli.find_subcommand(name).unwrap().clone(),
    };
    command.render_long_help().to_string()
}

/// Every command's long help, with its name.
fn every_help() -> Vec<(String, String)> {
    let mut cli = Cli::command();
    cli.build();
    let names: Vec<String> = cli
        .get_subcommands()
        .map(|command| command.get_name().to_owned())
        .filter(|name| name != "help")
        .collect();
    names
        .into_iter()
        .map(|name| {
            let text = help(Some(&name));
            (name, text)
        })
        .collect()
}

fn man() -> String {
    crate::commands::man::page(Cli::command()).unwrap()
}

fn schemas(limits: &Limits) -> Vec<(SchemaCommand, String)> {
    [
        SchemaCommand::Write,
        SchemaCommand::Create,
        SchemaCommand::Update,
    ]
    .into_iter()
    .map(|command| (command, schema::input(command, limits).to_string()))
    .collect()
}

/// The text of a JSON schema as it appears inside the serialized schema (quotes escaped).
fn in_json(text: &str) -> String {
    let quoted = Value::String(text.to_owned()).to_string();
    quoted[1..quoted.len() - 1].to_owned()
}

#[test]
fn every_status_reaches_every_surface() {
    let limits = Limits::default();
    let update_help = help(Some("update"));
    let top_help = help(None);
    let next_help = help(Some("next"));
    let man = man();
    let schemas = schemas(&limits);
    let write_schema = &schemas[0].1;
    let update_schema = &schemas[2].1;
    let prompt = guide::prompt(&limits, true);
    let lone_prompt = guide::prompt(&limits, false);
    let tool = guide::tool_description(SchemaCommand::Write, &limits);
    let items = [Item {
        id: "1".to_owned(),
        ..Item::new("Open work", Status::Pending)
    }];
    let stop = hooks::stop_reason(&items, None, hooks::MAX_OUTPUT_CHARS, None);
    let dir = workspace();
    run(dir.path(), &[], &["create", "Open work"], None);
    let check = run(dir.path(), &[], &["check"], None);
    let stale = run(dir.path(), &[], &["check", "--stale", "0"], None);

    for info in &STATUSES {
        let name = info.name;
        let said = format!("{name} {}", info.clause);
        assert!(
            update_help.contains(name) && update_help.contains(info.meaning),
            "{name}"
        );
        for alias in info.aliases {
            assert!(update_help.contains(alias), "{alias}");
        }
        assert!(
            top_help.contains(&format!("{} {name}", info.marker)),
            "{name}"
        );
        assert!(man.contains(name) && man.contains(info.meaning), "{name}");
        assert!(write_schema.contains(&format!("\"{name}\"")), "{name}");
        assert!(
            update_schema.contains(&in_json(&said)),
            "{name}: {update_schema}"
        );
        assert!(
            prompt.contains(&format!("{name} ({})", info.meaning)),
            "{name}"
        );
        if info.status != Status::Pending {
            assert!(tool.contains(&said), "{name}: {tool}");
        }
        if info.terminal {
            assert!(update_help.contains(name), "{name}");
            assert!(
                help(Some("update")).contains(&sentences::terminal_statuses()),
                "{name}"
            );
        }
        // The "how to finish an item" sentence: in the guide, the stop hook and `check`.
        if info.stops_work {
            assert!(lone_prompt.contains(&said), "{name}: {lone_prompt}");
            assert!(stop.contains(&said), "{name}: {stop}");
            assert!(check.stderr.contains(&said), "{name}: {}", check.stderr);
            assert!(stale.stderr.contains(&said), "{name}: {}", stale.stderr);
        }
        // What resolves a blocker, and what still holds one: the schema, the team's guide and
        // `next --help`.
        let holds = format!("{name} one still holds it up");
        if info.resolves {
            assert!(write_schema.contains(&sentences::when_ready()), "{name}");
            assert!(prompt.contains(&sentences::when_ready()), "{name}");
            assert!(next_help.contains(name), "{name}");
        } else if info.stops_work {
            assert!(
                write_schema.contains(&holds) || write_schema.contains(&format!("{name} or")),
                "{name}"
            );
            assert!(sentences::when_ready().contains(name), "{name}");
        }
    }
}

/// Input that breaks one limit, with `Limits::default()`: the command and its stdin.
fn over(limit: Limit) -> (Vec<&'static str>, String) {
    let defaults = Limits::default();
    match limit {
        Limit::MaxItems => {
            let items: Vec<Value> = (0..=defaults.max_items)
                .map(|n| json!({"content": format!("Step {n}"), "status": "pending"}))
                .collect();
            (
                vec!["write"],
                json!({"summary": "s", "todos": items}).to_string(),
            )
        }
        Limit::MaxContentChars => (
            vec!["write"],
            json!({"summary": "s", "todos": [
                {"content": "x".repeat(defaults.max_content_chars + 1), "status": "pending"}
            ]})
            .to_string(),
        ),
        Limit::MaxSummaryChars => (
            vec!["write"],
            json!({"summary": "x".repeat(defaults.max_summary_chars + 1), "todos": []}).to_string(),
        ),
        Limit::MaxInProgress => {
            let items: Vec<Value> = (0..=defaults.max_in_progress)
                .map(|n| json!({"content": format!("Step {n}"), "status": "in_progress"}))
                .collect();
            (
                vec!["write"],
                json!({"summary": "s", "todos": items}).to_string(),
            )
        }
    }
}

#[test]
fn every_limit_reaches_every_surface() {
    let man = man();
    let prompt = guide::prompt(&Limits::default(), false);
    for info in &LIMITS {
        let limit = info.limit;
        let setting = Setting::Limit(limit).info();
        assert!(
            man.contains(setting.key) && man.contains(setting.env),
            "{}",
            setting.key
        );
        // The refusal says how to fit and how to raise the limit.
        let dir = workspace();
        let (args, stdin) = over(limit);
        let refused = run(dir.path(), &[], &args, Some(&stdin));
        assert_eq!(refused.code, exit_code(Kind::InvalidParam.info().exit_code));
        assert!(
            refused.stderr.contains(info.fit),
            "{}: {}",
            setting.key,
            refused.stderr
        );
        assert!(
            refused.stderr.contains(&sentences::limit_advice(limit)),
            "{}",
            refused.stderr
        );
        // The variable raises it.
        let raised = run(dir.path(), &[(setting.env, "1000")], &args, Some(&stdin));
        assert_eq!(
            raised.code,
            exit_code(0),
            "{}: {}",
            setting.key,
            raised.stderr
        );
        // The guide and the schemas follow the limits in force.
        let mut limits = Limits::default();
        limits.set(limit, 977);
        let guide = guide::prompt(&limits, false);
        assert!(
            guide.contains("977") && !prompt.contains("977"),
            "{}",
            setting.key
        );
        if limit != Limit::MaxSummaryChars {
            assert!(
                schemas(&limits)
                    .iter()
                    .any(|(_, text)| text.contains("977")),
                "{}",
                setting.key
            );
        }
    }
}

#[test]
fn every_setting_and_variable_reaches_the_man_page_and_the_configuration() {
    let man = man();
    let environment = man.split(".SH ENVIRONMENT").nth(1).unwrap_or_default();
    let files = man.split(".SH FILES").nth(1).unwrap_or_default();
    let dir = workspace();
    for info in &SETTINGS {
        assert!(environment.contains(info.env), "{}", info.env);
        assert!(files.contains(info.key), "{}", info.key);
        // The variable is read, and a bad value is refused in its name.
        let err =
            Config::load(dir.path(), None, |var| (var == info.env).then(String::new)).unwrap_err();
        assert!(err.to_string().contains(info.env), "{err}");
        let file = dir.path().join(crate::store::config::WORKSPACE_CONFIG);
        std::fs::write(&file, json!({info.key: []}).to_string()).unwrap();
        let err = Config::load(dir.path(), None, |_| None).unwrap_err();
        assert!(err.to_string().contains(info.key), "{err}");
        assert!(
            err.to_string()
                .contains(&sentences::setting_value(info.setting)),
            "{err}"
        );
        std::fs::remove_file(&file).unwrap();
    }
    let helps = every_help();
    let top = help(None);
    for info in &VARIABLES {
        assert!(environment.contains(info.name), "{}", info.name);
        if let Some(flag) = info.flag {
            let long = flag.rsplit('/').next().unwrap_or(flag);
            let env = format!("[env: {}]", info.name);
            let said = std::iter::once(&top)
                .chain(helps.iter().map(|(_, text)| text))
                .any(|text| text.contains(long) && text.contains(&env));
            assert!(said, "{flag} does not name {}", info.name);
        }
    }
}

#[test]
fn the_name_rules_agree_with_their_patterns_and_their_sentences() {
    let owner =
        jsonschema::validator_for(&json!({"type": "string", "pattern": OWNER.pattern()})).unwrap();
    let list =
        jsonschema::validator_for(&json!({"type": "string", "pattern": LIST_NAME.pattern()}))
            .unwrap();
    let samples = [
        "w1",
        "api-agent",
        "ana@example.com",
        "a.b_c",
        "Api",
        ".hidden",
        "..",
        "-x",
        "_x",
        "a/b",
        "a b",
        "a\u{1b}",
        "ünï",
        "x]",
        "x^",
        "x\\",
        &"x".repeat(64),
        &"x".repeat(65),
    ];
    for sample in samples {
        let mut problems = Vec::new();
        let checked = crate::plan::model::check_owner(
            sample,
            &crate::policy::error::At::Root.key("owner"),
            &mut problems,
        )
        .is_some();
        assert_eq!(checked, owner.is_valid(&json!(sample)), "owner {sample:?}");
        assert_eq!(
            ListName::parse(sample).is_ok() && sample != "default",
            list.is_valid(&json!(sample)) && sample != "default",
            "list {sample:?}"
        );
    }
    let write = schema::input(SchemaCommand::Write, &Limits::default()).to_string();
    assert!(write.contains(&in_json(&OWNER.pattern())), "{write}");
    assert!(write.contains(&in_json(&sentences::name_rule(&OWNER))));
    for command in ["create", "update"] {
        assert!(
            help(Some(command)).contains(&sentences::name_rule(&OWNER)),
            "{command}"
        );
    }
    let err = ListName::parse("A").unwrap_err();
    assert!(
        err.hint()
            .unwrap_or_default()
            .contains(&sentences::name_rule(&LIST_NAME))
    );
}

#[test]
fn every_exit_code_reaches_the_man_page_and_the_help() {
    let man = man();
    let exits = man.split("EXIT STATUS").nth(1).unwrap_or_default();
    for info in &KINDS {
        assert!(exits.contains(info.code), "{}", info.code);
        assert!(
            exits.contains(&format!("\\fB{}\\fR", info.exit_code)),
            "{}",
            info.code
        );
    }
    let conflict = sentences::exit(Kind::Conflict);
    let mut takes_it = 0;
    for (name, text) in every_help() {
        if text.contains("--expect-revision") {
            takes_it += 1;
            assert!(text.contains(&sentences::expect_revision_help()), "{name}");
            assert!(text.contains(&conflict), "{name}");
        }
    }
    assert!(takes_it >= 5, "{takes_it}");
    // And a conflict exits so.
    let dir = workspace();
    let ran = run(
        dir.path(),
        &[],
        &["create", "A", "--expect-revision", "7"],
        None,
    );
    assert_eq!(
        ran.code,
        exit_code(Kind::Conflict.info().exit_code),
        "{}",
        ran.stderr
    );
}

#[test]
fn check_hook_speaks_the_hook_table_s_protocol() {
    let protocol = hooks::Protocol::claude_code();
    assert_eq!(protocol.agent, crate::policy::agent::Agent::Claude);
    let dir = workspace();
    run(dir.path(), &[], &["create", "Open work"], None);
    let blocked = run(dir.path(), &[], &["check", "--hook"], Some("{}"));
    let code = protocol.block_exit_code().unwrap();
    assert_eq!(blocked.code, exit_code(code), "{}", blocked.stderr);
    let again = format!("{{\"{}\": true}}", protocol.loop_flag);
    let through = run(dir.path(), &[], &["check", "--hook"], Some(&again));
    assert_eq!(through.code, exit_code(0), "{}", through.stdout);
}

#[test]
fn every_mcp_tool_reaches_the_help_and_the_man_page() {
    let help = help(Some("mcp"));
    let man = man();
    for tool in &crate::policy::mcp::MCP_TOOLS {
        assert!(help.contains(tool.name), "{}: {help}", tool.name);
        assert!(man.contains(tool.name), "{}", tool.name);
        assert!(
            crate::policy::sentences::mcp_tools_markdown().contains(tool.name),
            "{}",
            tool.name
        );
    }
}
