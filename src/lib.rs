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
pub mod input;
pub mod json;
pub mod log;
pub mod model;
pub mod render;
pub mod store;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use crate::cli::{Cli, Command, Format};
use crate::commands::{ParamsInput, Report, ReportKind};
use crate::context::{Context, Env};
use crate::envelope::Place;
use crate::error::Error;
use crate::render::Palette;

/// Runs `todos` with these arguments (the first is the program name) and environment.
pub fn run(args: impl IntoIterator<Item = OsString>, env: &Env) -> ExitCode {
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => return clap_failure(&err, &args),
    };
    let ctx = match Context::new(&cli.global, env) {
        Ok(ctx) => ctx,
        Err(err) => {
            let cwd = std::env::current_dir().unwrap_or_default();
            let place = Place {
                cwd: &cwd.to_string_lossy(),
                workspace: None,
                params_input: None,
            };
            return print_failure(&err, cli.global.json, Palette::plain(), &place);
        }
    };
    let mut params: ParamsInput = None;
    let result = match &cli.command {
        Command::Write(args) => commands::write(&ctx, args, &mut params),
        Command::Create(args) => commands::create(&ctx, args, &mut params),
        Command::Update(args) => commands::update(&ctx, args, &mut params),
        Command::Show(args) => commands::show(&ctx, args),
        Command::Recap(args) => commands::recap(&ctx, args),
    };
    let cwd = ctx.cwd.to_string_lossy();
    let workspace = ctx.workspace.to_string_lossy();
    let place = Place {
        cwd: &cwd,
        workspace: Some(&workspace),
        params_input: params.as_ref(),
    };
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
    let mut text = serde_json::to_string(value).unwrap_or_else(|_| "{}".to_owned());
    text.push('\n');
    text
}

fn print_report(ctx: &Context, report: &Report, place: &Place<'_>) -> ExitCode {
    let document = &report.document;
    let changed = match report.kind {
        ReportKind::Change { changed } => Some(changed),
        ReportKind::Show(_) | ReportKind::Recap => None,
    };
    // Said only by the envelope and the no-change note: plain `show` and `recap` skip it.
    let headline = || match changed {
        Some(true) => format!(
            "Updated todos: {}.",
            envelope::counts(&model::Stats::of(&document.todos))
        ),
        Some(false) => format!(
            "No change: the plan already matches (revision {}).",
            document.revision
        ),
        None => format!(
            "Todos: {}.",
            envelope::counts(&model::Stats::of(&document.todos))
        ),
    };
    if ctx.json {
        emit_quietly(&json_line(&envelope::success(
            document,
            &headline(),
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
    if changed == Some(false) && !ctx.quiet {
        let _ = writeln!(err, "{} {}", ctx.stderr.bold("note:"), headline());
    }
    if ctx.quiet {
        return ExitCode::SUCCESS;
    }
    let summary = document.summary.as_deref();
    let text = match report.kind {
        ReportKind::Change { .. } => {
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

fn print_failure(error: &Error, json: bool, palette: Palette, place: &Place<'_>) -> ExitCode {
    if json {
        emit_quietly(&json_line(&envelope::failure(error, place)));
    } else {
        let mut text = format!("{} {}\n", palette.error("error:"), error.message());
        if error.details().len() > 1 {
            for problem in error.details() {
                let _ = writeln!(text, "  {}: {}", problem.path, problem.message);
            }
        }
        if let Some(hint) = error.hint() {
            let _ = writeln!(text, "{} {hint}", palette.bold("hint:"));
        }
        let _ = io::stderr().lock().write_all(text.as_bytes());
    }
    ExitCode::from(error.exit_code())
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
        let cwd = std::env::current_dir().unwrap_or_default();
        let message = err.render().to_string();
        let first = message
            .lines()
            .next()
            .unwrap_or("bad command line")
            .trim_start_matches("error: ");
        let error = Error::usage(first.to_owned(), Some("see `todos --help`".to_owned()));
        let place = Place {
            cwd: &cwd.to_string_lossy(),
            workspace: None,
            params_input: None,
        };
        return print_failure(&error, true, Palette::plain(), &place);
    }
    let _ = err.print();
    ExitCode::from(2)
}
