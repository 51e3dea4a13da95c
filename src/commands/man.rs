//! `todos man`: one roff page for the whole tool. `clap_mangen` renders a page per command and
//! points from one to the next (`todos-write(1)`); a reader finds `todos write --file` faster on
//! one page, so the top-level page gets a COMMANDS section holding each command's synopsis,
//! description, options and examples, then what clap cannot know: exit statuses, environment
//! and files.

use std::io;

use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

use serde_json::json;

use crate::commands::lazy::Summary;
use crate::policy::error::{Bug, Result};
use crate::policy::sentences;
use crate::policy::settings::WORKSPACE_CONFIG;
use crate::view::outcome::{Answer, Outcome};
use clap::Args;

/// The files besides the configuration files, whose keys come from `policy::settings`.
const FILES: &[(&str, &str)] = &[
    (
        ".todos.json",
        "the plan, at the workspace root: the nearest folder upwards holding it, else the nearest holding .git, else the current folder",
    ),
    (
        ".todos/NAME.json.lock",
        "locked by every change of list NAME (default for the plan), so parallel writers wait for each other",
    ),
    (
        ".todos/NAME.history.jsonl",
        "every revision of list NAME (default for the plan), one JSON line each (the latest history_limit)",
    ),
    (
        ".todos/.gitignore",
        "written by todos when there is none: git ignores the locks, histories and temporary files, and sees the plans",
    ),
    (
        ".todos/NAME.json",
        "a named list (--list NAME), with its own lock, history, ids and session",
    ),
    (
        "memory/todos/todoList-YYYYMMDD-HHMMSS.md",
        "the completion log of a session, one Markdown block per finished plan (memory_dir moves it)",
    ),
];

/// Prints the man page.
pub fn execute(command_line: clap::Command) -> Result<Outcome> {
    let page = page(command_line)?;
    let data = json!({"man": page});
    Ok(Outcome::answer(Answer::new(
        page,
        data,
        "The man page, as roff.",
    )))
}

/// The whole man page of the command line `cli`, as roff.
pub fn page(mut cli: clap::Command) -> Result<String> {
    cli.build();
    let page = Man::new(cli.clone());
    let mut parts = vec![
        title(&cli),
        render(|w| page.render_name_section(w))?,
        render(|w| page.render_synopsis_section(w))?,
        render(|w| page.render_description_section(w))?,
        render(|w| page.render_options_section(w))?,
        heading("COMMANDS"),
    ];
    for command in cli.get_subcommands().filter(|c| c.get_name() != "help") {
        parts.push(command_section(command)?);
    }
    parts.push(heading("EXAMPLES"));
    let examples = cli.get_after_help().map(ToString::to_string);
    let examples = examples.as_deref().unwrap_or_default();
    parts.push(verbatim(
        examples.strip_prefix("Examples:\n").unwrap_or(examples),
    ));
    // Printed from the error table and the variables' and settings' tables, so a new kind of
    // failure, variable or key is documented where it is made.
    let exits = sentences::exit_statuses();
    parts.push(table("EXIT STATUS", &exits));
    parts.push(table("ENVIRONMENT", &sentences::environment()));
    let config = format!(
        "the workspace's configuration: a JSON object with any of {}",
        sentences::config_keys()
    );
    let mut files: Vec<(String, String)> = FILES
        .iter()
        .map(|(file, text)| ((*file).to_owned(), (*text).to_owned()))
        .collect();
    files.push((WORKSPACE_CONFIG.to_owned(), config));
    files.push((
        "~/.config/todos/config.json".to_owned(),
        "the user's configuration (in the platform's config folder), with the same keys; the workspace's wins".to_owned(),
    ));
    parts.push(table("FILES", &files));
    parts.push(render(|w| page.render_version_section(w))?);
    Ok(format!(
        "{}{}",
        Roff::new().render(),
        code_in_bold(&parts.concat())
    ))
}

/// The help's `code` spans in bold: `man` would show the backticks themselves. A Markdown
/// fence (three backticks) is text about Markdown, kept as it is; a line whose single
/// backticks do not pair up is left as it is rather than set in bold to its end.
fn code_in_bold(page: &str) -> String {
    const FENCE: &str = "```";
    let mut out = String::with_capacity(page.len());
    for line in page.lines() {
        let pieces: Vec<&str> = line.split(FENCE).collect();
        if pieces
            .iter()
            .map(|piece| piece.matches('`').count())
            .sum::<usize>()
            % 2
            == 0
        {
            let mut open = false;
            for (index, piece) in pieces.iter().enumerate() {
                if index > 0 {
                    out.push_str(FENCE);
                }
                for (part, text) in piece.split('`').enumerate() {
                    if part > 0 {
                        out.push_str(if open { "\\fR" } else { "\\fB" });
                        open = !open;
                    }
                    out.push_str(text);
                }
            }
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The `.TH` line. `clap_mangen` writes an empty date as no argument at all, which moves the
/// source and the manual's name into the wrong fields; here the date is an explicit `""`.
/// Then no hyphenation and a ragged right margin: `--expect-revi‐sion` split over two lines
/// cannot be searched for or copied.
fn title(cli: &clap::Command) -> String {
    format!(
        ".TH {name} 1 \"\" \"{name} {version}\" \"User Commands\"\n.nh\n.ad l\n",
        name = cli.get_name(),
        version = cli.get_version().unwrap_or_default(),
    )
}

/// One command as a subsection: synopsis, description, its own options (the global ones are
/// described once, at the top) and its examples.
fn command_section(command: &clap::Command) -> Result<String> {
    let own = command.clone().mut_args(|arg| {
        let shared = arg.is_global_set() || matches!(arg.get_id().as_str(), "help" | "version");
        arg.hide(shared)
    });
    let page = Man::new(own);
    let name = command.get_bin_name().unwrap_or(command.get_name());
    let mut text = body(Roff::new().control("SS", [name]));
    for part in [
        render(|w| page.render_synopsis_section(w))?,
        render(|w| page.render_description_section(w))?,
        render(|w| page.render_options_section(w))?,
    ] {
        // Inside a subsection, clap_mangen's section headings become paragraph breaks.
        for line in part.lines() {
            text.push_str(if line.starts_with(".SH") { ".PP" } else { line });
            text.push('\n');
        }
    }
    if let Some(examples) = command.get_after_help() {
        text.push_str(&verbatim(&examples.to_string()));
    }
    Ok(text)
}

fn heading(title: &str) -> String {
    body(Roff::new().control("SH", [title]))
}

/// Text whose line breaks and indentation matter (examples, tables), kept as it is.
fn verbatim(text: &str) -> String {
    let mut roff = Roff::new();
    roff.control("PP", []).control("nf", []);
    for line in text.lines() {
        roff.text([roman(line)]);
    }
    body(roff.control("fi", []))
}

/// A section of terms and their meanings.
fn table(title: &str, rows: &[(String, String)]) -> String {
    let mut roff = Roff::new();
    roff.control("SH", [title]);
    for (term, meaning) in rows {
        roff.control("TP", [])
            .text([bold(term.as_str())])
            .text([roman(meaning.as_str())]);
    }
    body(&roff)
}

/// Roff's rendering without its preamble (the definition of a plain apostrophe), which the
/// page needs once, at its top, not before every part.
fn body(roff: &Roff) -> String {
    strip_preamble(roff.render())
}

/// Runs one of `clap_mangen`'s section renderers into a string, without the preamble.
fn render(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> Result<String> {
    let mut bytes = Vec::new();
    write(&mut bytes).map_err(|err| Bug::ManPage {
        why: err.to_string(),
    })?;
    let text = String::from_utf8(bytes).map_err(|err| Bug::ManNotUtf8 {
        why: err.to_string(),
    })?;
    Ok(strip_preamble(text))
}

fn strip_preamble(text: String) -> String {
    let preamble = Roff::new().render();
    match text.strip_prefix(&preamble) {
        Some(body) => body.to_owned(),
        None => text,
    }
}

/// Print the man page.
///
/// Prints a roff man page on stdout: every command with its options and examples, the exit
/// statuses and the environment. Save it on the man path to read it with `man todos`.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos man | man -l -\n  \
    mkdir -p ~/.local/share/man/man1 && todos man > ~/.local/share/man/man1/todos.1")]
pub struct ManArgs {}

impl Summary for ManArgs {
    const SUMMARY: &str = "Print the man page";
}

#[cfg(test)]
mod tests {
    use super::code_in_bold;

    #[test]
    fn code_spans_are_bold_and_a_fence_is_kept() {
        assert_eq!(
            code_in_bold("run `todos show` now"),
            "run \\fBtodos show\\fR now\n"
        );
        assert_eq!(
            code_in_bold("in a ```json fence, `a` and `b`"),
            "in a ```json fence, \\fBa\\fR and \\fBb\\fR\n"
        );
        assert_eq!(code_in_bold("a lone ` stays"), "a lone ` stays\n");
    }
}
