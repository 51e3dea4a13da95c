//! `todos`: a workspace todo list for AI agents, scripts and people.
//!
//! `run` parses the command line, resolves the context once, runs one command and prints its
//! report as text or as the JSON envelope. It returns the exit code; it never panics on input.

pub mod cli;
pub mod commands;
pub mod config;
pub mod context;
pub mod envelope;
pub mod error;
pub mod guide;
pub mod input;
pub mod json;
pub mod log;
#[cfg(feature = "mcp")]
pub mod mcp;
pub mod mcp_launch;
pub mod model;
pub mod render;
pub mod schema;
pub mod store;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use crate::cli::{Cli, Command, Format};
use crate::commands::{Answer, ParamsInput, Report, ReportKind};
use crate::context::{Context, Env};
use crate::envelope::Place;
use crate::error::Error;
use crate::render::{Palette, escape};

/// What `todos mcp` runs: the server itself, or the binary that has it.
pub type McpEntry = fn(&[OsString], &cli::GlobalArgs, &Env) -> ExitCode;

/// Runs `todos` with these arguments (the first is the program name) and environment.
/// `todos mcp` hands over to the `todos-mcp` binary, so that this one links no MCP stack.
pub fn run(args: impl IntoIterator<Item = OsString>, env: &Env) -> ExitCode {
    run_with(args, env, mcp_launch::hand_over)
}

/// Runs `todos` as `run` does, with the MCP server in this binary: `todos-mcp`'s entry.
#[cfg(feature = "mcp")]
pub fn run_with_mcp(args: impl IntoIterator<Item = OsString>, env: &Env) -> ExitCode {
    run_with(args, env, |_, global, env| mcp::serve(global, env))
}

fn run_with(args: impl IntoIterator<Item = OsString>, env: &Env, mcp: McpEntry) -> ExitCode {
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => return clap_failure(&err, &args),
    };
    // These describe the command line, not a workspace. Printed before the context is built,
    // they cannot be broken by a stale TODOS_WORKSPACE or TODOS_NOW in the shell that loads them.
    match &cli.command {
        Command::Completions(args) => {
            return print_generated(Ok(commands::completions(args)), cli.global.json);
        }
        Command::Man(_) => return print_generated(commands::man(), cli.global.json),
        _ => {}
    }
    let ctx = match Context::new(&cli.global, env) {
        Ok(ctx) => ctx,
        Err(err) => return print_early_failure(&err, cli.global.json),
    };
    let mut params: ParamsInput = None;
    let result = match &cli.command {
        Command::Write(args) => commands::write(&ctx, args, &mut params),
        Command::Create(args) => commands::create(&ctx, args, &mut params),
        Command::Update(args) => commands::update(&ctx, args, &mut params),
        Command::Show(args) if args.watch => return answer(&ctx, commands::watch(&ctx, args)),
        Command::Show(args) => commands::show(&ctx, args),
        Command::Recap(args) => commands::recap(&ctx, args),
        Command::Undo(args) => commands::undo(&ctx, args),
        Command::Schema(args) => return answer(&ctx, commands::schema(&ctx, args)),
        Command::Prompt(args) => return answer(&ctx, commands::prompt(&ctx, args)),
        Command::Check(args) => return answer(&ctx, commands::check(&ctx, args)),
        Command::Init(args) => return answer(&ctx, commands::init(&ctx, args)),
        Command::Mcp(_) => return mcp(&args, &cli.global, env),
        Command::Completions(_) | Command::Man(_) => unreachable!("printed before the context"),
    };
    let place = Place::of(&ctx, params.as_ref());
    match result {
        Ok(report) => print_report(&ctx, &report, &place),
        Err(err) => print_failure(&err, ctx.json, ctx.stderr, &place),
    }
}

/// Writes to stdout through one buffered lock; a closed pipe ends the output quietly.
fn emit(text: &str) -> io::Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    out.write_all(text.as_bytes())?;
    out.flush()
}

fn emit_quietly(text: &str) {
    if let Err(err) = emit(text)
        && err.kind() != io::ErrorKind::BrokenPipe
    {
        let _ = writeln!(io::stderr(), "error: cannot write the output: {err}");
    }
}

fn json_line(value: &serde_json::Value) -> String {
    // A `Value` always serializes; the fallback keeps the envelope contract all the same.
    let mut text = serde_json::to_string(value).unwrap_or_else(|_| PANIC_ENVELOPE.to_owned());
    text.push('\n');
    text
}

/// The envelope for a failure that left nothing better to say: an internal error.
pub const PANIC_ENVELOPE: &str = r#"{"status":"error","error":{"code":"INTERNAL_ERROR","message":"internal error: this is a bug in todos","details":[]},"text":"error: internal error","context":{"cwd":null,"workspace":null,"params_input":null}}"#;

/// The envelope's `text`, its `data.changed`, and a note for stderr in text mode.
pub(crate) fn headline(report: &Report) -> (String, Option<bool>, Option<String>) {
    let document = &report.document;
    let counts = envelope::counts(&model::Stats::of(&document.todos));
    match &report.kind {
        ReportKind::Change { changed: true } => {
            (format!("Updated todos: {counts}."), Some(true), None)
        }
        ReportKind::Change { changed: false } => {
            let text = format!(
                "No change: the plan already matches (revision {}).",
                document.revision
            );
            (text.clone(), Some(false), Some(text))
        }
        ReportKind::Restore {
            revision,
            set_aside,
        } => {
            let mut note = match revision {
                Some(revision) => format!("Restored the plan of revision {revision}."),
                None => "The plan is empty.".to_owned(),
            };
            if let Some(path) = set_aside {
                note = format!("Moved the unreadable store to {}. {note}", path.display());
            }
            (format!("{note} Todos: {counts}."), Some(true), Some(note))
        }
        ReportKind::Show(_) | ReportKind::Recap => (format!("Todos: {counts}."), None, None),
    }
}

fn print_report(ctx: &Context, report: &Report, place: &Place<'_>) -> ExitCode {
    let document = &report.document;
    // Plain `show` and `recap` print no headline: spare them counting the list for one.
    let quiet_kind = matches!(report.kind, ReportKind::Show(_) | ReportKind::Recap);
    let (headline, changed, note) = if ctx.json || !quiet_kind {
        headline(report)
    } else {
        (String::new(), None, None)
    };
    if ctx.json {
        emit_quietly(&json_line(&envelope::success(
            document,
            &headline,
            &report.warnings,
            changed,
            place,
        )));
        return ExitCode::SUCCESS;
    }
    let mut err = io::stderr().lock();
    for warning in &report.warnings {
        let _ = writeln!(err, "{} {warning}", ctx.stderr.warning("warning:"));
    }
    if let Some(note) = note.filter(|_| !ctx.quiet) {
        let _ = writeln!(err, "{} {note}", ctx.stderr.bold("note:"));
    }
    if ctx.quiet {
        return ExitCode::SUCCESS;
    }
    let summary = document.summary.as_deref();
    let text = match report.kind {
        ReportKind::Change { .. } | ReportKind::Restore { .. } => {
            let mut text = render::checklist(summary, &document.todos, ctx.stdout);
            text.push_str(&render::progress_line(&document.todos));
            text.push('\n');
            text
        }
        ReportKind::Show(Format::Text) => render::checklist(summary, &document.todos, ctx.stdout),
        ReportKind::Show(Format::Markdown) => render::markdown(summary, &document.todos),
        ReportKind::Show(Format::Json) => {
            let value = envelope::data(document, &report.warnings, None);
            let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
            text.push('\n');
            text
        }
        ReportKind::Recap => format!("{}\n", render::recap(&document.todos)),
    };
    emit_quietly(&text);
    ExitCode::SUCCESS
}

/// Prints what `schema`, `prompt`, `check`, `init` or `show --watch` answered.
fn answer(ctx: &Context, result: Result<Answer, Error>) -> ExitCode {
    let place = Place::of(ctx, None);
    let answer = match result {
        Ok(answer) => answer,
        Err(err) => return print_failure(&err, ctx.json, ctx.stderr, &place),
    };
    if ctx.json {
        let value = envelope::answer(answer.data, &answer.headline, answer.stats.as_ref(), &place);
        emit_quietly(&json_line(&value));
    } else {
        let _ = io::stderr().lock().write_all(answer.notes.as_bytes());
        if !ctx.quiet {
            emit_quietly(&answer.text);
        }
    }
    ExitCode::from(answer.exit_code)
}

fn print_failure(error: &Error, json: bool, palette: Palette, place: &Place<'_>) -> ExitCode {
    if json {
        emit_quietly(&json_line(&envelope::failure(error, place)));
    } else {
        // Messages quote the input (an unknown key, a bad status): escape what could drive
        // the terminal, as for everything else read from input.
        let mut text = format!("{} {}\n", palette.error("error:"), escape(error.message()));
        if error.details().len() > 1 {
            for problem in error.details() {
                let _ = writeln!(
                    text,
                    "  {}: {}",
                    escape(&problem.path),
                    escape(&problem.message)
                );
            }
        }
        if let Some(hint) = error.hint() {
            let _ = writeln!(text, "{} {}", palette.bold("hint:"), escape(hint));
        }
        let _ = io::stderr().lock().write_all(text.as_bytes());
    }
    ExitCode::from(error.exit_code())
}

fn print_generated(document: Result<String, Error>, json: bool) -> ExitCode {
    match document {
        Ok(text) => {
            emit_quietly(&text);
            ExitCode::SUCCESS
        }
        Err(err) => print_early_failure(&err, json),
    }
}

/// A failure before the workspace is known: the envelope's context holds only the folder.
pub(crate) fn print_early_failure(error: &Error, json: bool) -> ExitCode {
    let place = Place::early();
    print_failure(error, json, Palette::plain(), &place)
}

/// Help and version print as clap prints them; other command-line errors are `USAGE` (exit 2),
/// as an envelope when `--json` was among the arguments.
fn clap_failure(err: &clap::Error, args: &[OsString]) -> ExitCode {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        emit_quietly(&err.render().to_string());
        return ExitCode::SUCCESS;
    }
    if args.iter().skip(1).any(|arg| arg == "--json") {
        let message = err.render().to_string();
        let first = message
            .lines()
            .next()
            .unwrap_or("bad command line")
            .trim_start_matches("error: ");
        let error = Error::usage(first.to_owned(), Some("see `todos --help`".to_owned()));
        return print_early_failure(&error, true);
    }
    let _ = err.print();
    ExitCode::from(2)
}
