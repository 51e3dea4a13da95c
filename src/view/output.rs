//! The one way out. What a command gave, an outcome or an error, is printed here: as text for
//! people (stdout, with warnings, notes and errors on stderr) or as the one JSON envelope for
//! machines. The exit code is decided here too.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::context::Palette;
use crate::context::global::GlobalArgs;
use crate::context::host::Host;
use crate::plan::model;
use crate::policy::error::{Disk, Error, Headline, Kind, Note};
use crate::policy::text::escape;
use crate::store::Document;
use crate::view::envelope::{self, Place};
use crate::view::layout::Layout;
use crate::view::outcome::{Outcome, Reply, View};
use crate::view::problems;
use crate::view::render;
use crate::view::show::{self, Format};

mod usage;

pub use usage::clap_failure;

/// How this run prints: decided from the flags and the host alone, so even a failure to find
/// the workspace is printed the way the user asked.
pub struct Output {
    json: bool,
    quiet: bool,
    stdout: Palette,
    stderr: Palette,
    /// The terminal's width when stdout is one: plans wrap to it. `None` into a pipe.
    width: Option<usize>,
    /// The exit code when the output itself cannot be written: 5 (internal), except in a hook,
    /// which exits only with a code its agent reads as "go on" (SPEC §9).
    unwritten: u8,
}

impl Output {
    pub fn new(global: &GlobalArgs, host: &Host) -> Self {
        let (stdout, stderr) = crate::context::palettes(global.color, host);
        Self {
            json: global.json,
            quiet: global.quiet,
            stdout,
            stderr,
            width: host.terminal_size().map(|(columns, _)| columns),
            unwritten: Kind::Internal.info().exit_code,
        }
    }

    /// Output for a hook (`todos hook`, `check --hook`): whatever fails, writing its own output
    /// included, it exits with the code every agent reads as "go on".
    #[must_use]
    pub fn for_hook(mut self) -> Self {
        self.unwritten = crate::policy::exit::HOOK_FAILED;
        self
    }

    /// Prints a command's reply and returns the exit code.
    pub fn print(&self, host: &mut Host, reply: Reply) -> ExitCode {
        let place = Place {
            cwd: host
                .current_dir()
                .ok()
                .map(|dir| dir.to_string_lossy().into_owned()),
            workspace: reply
                .workspace
                .map(|dir| dir.to_string_lossy().into_owned()),
            list: reply.list,
            params_input: reply.params_input.as_ref(),
        };
        if let (Some(note), false, false) = (&reply.note, self.json, self.quiet) {
            let _ = writeln!(
                host.stderr,
                "{} {}",
                self.stderr.bold("note:"),
                escape(&note.to_string())
            );
        }
        match reply.result {
            Ok(outcome) => self.success(host, &place, outcome, reply.now),
            Err(error) => self.failure(host, &place, &error),
        }
    }

    fn success(
        &self,
        host: &mut Host,
        place: &Place<'_>,
        outcome: Outcome,
        now: Option<DateTime<Utc>>,
    ) -> ExitCode {
        let exit = ExitCode::from(outcome.exit_code);
        let saved = saved_revision(&outcome.view);
        if self.json {
            // One envelope per workspace leaves no envelope for what the search found amiss
            // (`board --json`): it is said on stderr, as in text.
            if matches!(outcome.view, View::Envelopes(_)) && !self.quiet {
                let mut warnings = String::new();
                for warning in &outcome.warnings {
                    let _ = writeln!(warnings, "warning: {}", escape(&warning.to_string()));
                }
                if let Err(failed) = write_stderr(host, &warnings, self.unwritten) {
                    return failed;
                }
            }
            let lines: String = envelopes_of(&outcome, place)
                .iter()
                .map(json_line)
                .collect();
            return finish(host, &lines, exit, (self.unwritten, saved));
        }
        let mut err = String::new();
        // Warnings and notes quote items and paths: escaped, so they cannot drive the terminal.
        // `-q` silences them too (`--json` keeps them in `data.warnings`).
        for warning in outcome.warnings.iter().filter(|_| !self.quiet) {
            let _ = writeln!(
                err,
                "{} {}",
                self.stderr.warning("warning:"),
                escape(&warning.line())
            );
        }
        // Plans wrap on a terminal; generated documents (scripts, JSON, the man page) never do,
        // as a wrapped line would break what is copied from them.
        // Quiet: nothing but a failure to print, and no text is made only to be dropped.
        if self.quiet {
            return match write_stderr(host, &err, self.unwritten) {
                Ok(()) => exit,
                Err(failed) => failed,
            };
        }
        let wraps = matches!(
            outcome.view,
            View::Changed { .. }
                | View::Restored { .. }
                | View::Recap { .. }
                | View::Shown {
                    format: Format::Text,
                    ..
                }
                | View::ShownAll {
                    format: Format::Text,
                    ..
                }
        );
        let (mut text, note) = self.text_of(outcome.view, now);
        if let (true, Some(width)) = (wraps, self.width) {
            text = crate::view::wrap::wrap(&text, width);
        }
        let text = text.into_string();
        if let Some(note) = note {
            let _ = writeln!(err, "{note}");
        }
        if let Err(failed) = write_stderr(host, &err, self.unwritten) {
            return failed;
        }
        finish(host, &text, exit, (self.unwritten, saved))
    }

    /// The text for stdout, and what goes to stderr before it.
    /// `now` marks ended leases in plans.
    fn text_of(&self, view: View, now: Option<DateTime<Utc>>) -> (Layout, Option<String>) {
        let note = |text: String| Some(format!("{} {}", self.stderr.bold("note:"), escape(&text)));
        match view {
            View::Changed { document, changed } => {
                let text = self.changed_plan(&document, now);
                (
                    text,
                    if changed {
                        document.note.as_ref().and_then(|text| {
                            note(Note::ThisChange { note: text.clone() }.to_string())
                        })
                    } else {
                        note(
                            Note::NoChange {
                                revision: document.revision,
                            }
                            .to_string(),
                        )
                    },
                )
            }
            View::Restored {
                document,
                revision,
                set_aside,
            } => {
                let text = Note::Restored {
                    revision,
                    set_aside,
                };
                (self.changed_plan(&document, now), note(text.to_string()))
            }
            View::Shown {
                document,
                format,
                long,
            } => (
                show::plan_layout(&document, format, self.stdout, long, now),
                None,
            ),
            View::ShownAll {
                lists,
                format,
                long,
            } => (
                show::lists_layout(&lists, format, self.stdout, long, now),
                None,
            ),
            View::Recap { document } => (render::recap_layout(&document.todos), None),
            View::Envelopes(envelopes) => {
                let mut text = String::new();
                for envelope in &envelopes {
                    text.push_str(&escape(envelope["text"].as_str().unwrap_or_default()));
                    text.push('\n');
                }
                (Layout::from(text.as_str()), None)
            }
            View::Answer(answer) => {
                let notes = (!answer.notes.is_empty()).then_some(answer.notes);
                // An answer's notes are whole lines of their own, printed as they are.
                let text = Layout::from(answer.text.as_str());
                (text, notes.map(|notes| notes.trim_end().to_owned()))
            }
        }
    }

    /// The checklist after a change, and the line that keeps an agent on track.
    fn changed_plan(&self, document: &Document, now: Option<DateTime<Utc>>) -> Layout {
        let summary = document.summary.as_deref();
        let mut text = render::plan(summary, &document.todos, self.stdout, false, now);
        // An empty checklist already says "No todos."; the same words again add nothing.
        if !document.todos.is_empty() {
            text.plain(&format!("{}\n", render::progress_line(&document.todos)));
        }
        text
    }

    fn failure(&self, host: &mut Host, place: &Place<'_>, error: &Error) -> ExitCode {
        let exit = ExitCode::from(error.exit_code());
        if self.json {
            return finish(
                host,
                &json_line(&envelope::failure(error, place)),
                exit,
                (self.unwritten, None),
            );
        }
        let text = refusal(error, self.stderr);
        write_stderr(host, &text, self.unwritten).map_or_else(|failed| failed, |()| exit)
    }
}

/// A refusal as a person reads it: `error:` and the message, its problems (at most
/// `REFUSAL_MAX_LINES` lines in all), then `hint:`. On stderr for a command, and in the frame
/// of `show --watch` when the plan cannot be read.
pub fn refusal(error: &Error, palette: Palette) -> String {
    // Messages quote the input (an unknown key, a bad status) and paths: escape what could
    // drive the terminal, as for everything else read from input.
    let mut text = format!(
        "{} {}\n",
        palette.error("error:"),
        escape(&error.to_string())
    );
    let hint = error.hint();
    if error.problems.len() > 1 {
        // One line for a problem that repeats over many items, and at most
        // `REFUSAL_MAX_LINES` in all, the error's and the hint's lines included.
        let hint_lines = hint.as_ref().map_or(0, |hint| hint.lines().count());
        let room = problems::REFUSAL_MAX_LINES.saturating_sub(1 + hint_lines);
        for line in problems::lines(&error.problems, room) {
            let _ = writeln!(text, "  {}", escape(&line));
        }
    }
    if let Some(hint) = &hint {
        let _ = writeln!(text, "{} {}", palette.bold("hint:"), escape(hint));
    }
    text
}

/// Writes what goes to stderr (warnings, notes, `check`'s answer, an error): a closed pipe is
/// no failure, but any other (`2>/dev/full`) is exit 5, since the caller did not get what the
/// command had to say (`unwritten`: a hook's "go on" code instead).
fn write_stderr(host: &mut Host, text: &str, unwritten: u8) -> Result<(), ExitCode> {
    if text.is_empty() {
        return Ok(());
    }
    match host
        .stderr
        .write_all(text.as_bytes())
        .and_then(|()| host.stderr.flush())
    {
        Ok(()) => Ok(()),
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(_) => Err(ExitCode::from(unwritten)),
    }
}

#[cfg(feature = "mcp")]
/// Says why a long-running server (`todos mcp`) could not start or stopped, on stderr, and
/// gives its exit code (5, as an internal failure).
pub fn server_failure(host: &mut Host, error: &Error) -> ExitCode {
    let _ = writeln!(host.stderr, "error: {}", escape(&error.to_string()));
    ExitCode::from(error.kind.info().exit_code)
}

#[cfg(feature = "mcp")]
/// What a server's panic hook says on stderr (its stdout is the protocol's): the call that
/// panicked is answered as an internal error, and the server goes on.
pub fn server_panic(info: &dyn std::fmt::Display) {
    let _ = writeln!(std::io::stderr(), "error: internal error: {info}");
}

#[cfg(feature = "mcp")]
/// A command's reply as its JSON envelope, built, not printed: what the MCP server answers a
/// tool call with. `true` with it when the command refused. An answer is never a refusal,
/// whatever its exit code: `check` with items open answers, with the open count in its data.
pub fn envelope(reply: &Reply, cwd: Option<String>) -> (Value, bool) {
    let place = Place {
        cwd,
        workspace: reply
            .workspace
            .as_ref()
            .map(|dir| dir.to_string_lossy().into_owned()),
        list: reply.list.clone(),
        params_input: reply.params_input.as_ref(),
    };
    match &reply.result {
        Ok(outcome) => (envelope_of(outcome, &place), false),
        Err(error) => (envelope::failure(error, &place), true),
    }
}

/// The envelope of a success: the plan's data and counts, or an answer's own data.
/// The envelopes of an outcome: one, but for `todos board --json`'s, one per workspace.
fn envelopes_of(outcome: &Outcome, place: &Place<'_>) -> Vec<Value> {
    match &outcome.view {
        View::Envelopes(envelopes) => envelopes.clone(),
        _ => vec![envelope_of(outcome, place)],
    }
}

fn envelope_of(outcome: &Outcome, place: &Place<'_>) -> Value {
    let counts = |document: &Document| envelope::counts(&model::stats(&document.todos));
    let plan = |document, text: String, changed| {
        envelope::success(document, &text, &outcome.warnings, changed, place)
    };
    match &outcome.view {
        View::Changed {
            document,
            changed: true,
        } => plan(
            document,
            Headline::Updated {
                counts: counts(document),
            }
            .to_string(),
            Some(true),
        ),
        View::Changed {
            document,
            changed: false,
        } => plan(
            document,
            Note::NoChange {
                revision: document.revision,
            }
            .to_string(),
            Some(false),
        ),
        View::Restored {
            document,
            revision,
            set_aside,
        } => {
            let note = Note::Restored {
                revision: *revision,
                set_aside: set_aside.clone(),
            };
            plan(
                document,
                format!(
                    "{note} {}",
                    Headline::Todos {
                        counts: counts(document)
                    }
                ),
                Some(true),
            )
        }
        View::Shown { document, .. } => {
            let counts = counts(document);
            plan(document, Headline::Todos { counts }.to_string(), None)
        }
        // The recap's one line is what `recap` answers, in the envelope's text too.
        View::Recap { document } => plan(document, render::recap(&document.todos), None),
        View::ShownAll { lists, .. } => {
            let text = crate::view::show::lists_headline(lists).to_string();
            envelope::answer(show::lists_data(lists), &text, None, place)
        }
        View::Envelopes(envelopes) => {
            let text = crate::policy::english::count(envelopes.len(), "workspace");
            envelope::answer(
                serde_json::json!({ "workspaces": envelopes }),
                &text,
                None,
                place,
            )
        }
        View::Answer(answer) => {
            // What text mode says on stderr (a history line passed over) reaches a script too.
            let mut data = answer.data.clone();
            if let (Value::Object(object), false) = (&mut data, outcome.warnings.is_empty()) {
                object.insert("warnings".to_owned(), serde_json::json!(outcome.warnings));
            }
            envelope::answer(data, &answer.headline, answer.stats.as_ref(), place)
        }
    }
}

fn json_line(value: &Value) -> String {
    // A `Value` always serializes; the fallback keeps the envelope contract all the same.
    let mut text = crate::input::json::escape_unsafe(
        serde_json::to_string(value).unwrap_or_else(|_| PANIC_ENVELOPE.to_owned()),
    );
    text.push('\n');
    text
}

/// The revision a change saved, when it saved one: what a failure to print its reply must
/// still say (SPEC §9).
fn saved_revision(view: &View) -> Option<u64> {
    match view {
        View::Changed {
            document,
            changed: true,
        }
        | View::Restored { document, .. } => Some(document.revision),
        _ => None,
    }
}

/// Writes the output; a closed pipe ends it quietly, any other failure to write it (a full
/// disk) is an internal error, since the caller did not get what it asked for (`unwritten`: a
/// hook's "go on" code instead). A change that was saved says so, with its revision, so that
/// an agent that retries does not make it twice.
fn finish(
    host: &mut Host,
    text: &str,
    exit: ExitCode,
    (unwritten, saved): (u8, Option<u64>),
) -> ExitCode {
    let written = host
        .stdout
        .write_all(text.as_bytes())
        .and_then(|()| host.stdout.flush());
    match written {
        Ok(()) => exit,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => exit,
        Err(err) => {
            let lost = Error::from(Disk::OutputLost {
                why: err.to_string(),
                saved,
            });
            let _ = host
                .stderr
                .write_all(refusal(&lost, Palette::plain()).as_bytes());
            ExitCode::from(unwritten)
        }
    }
}

/// The envelope for a failure that left nothing better to say: an internal error.
pub const PANIC_ENVELOPE: &str = r#"{"status":"error","error":{"code":"INTERNAL_ERROR","message":"internal error: this is a bug in todos","details":[]},"text":"error: internal error","context":{"cwd":null,"workspace":null,"list":null,"params_input":null}}"#;
