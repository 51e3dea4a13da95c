//! The manual's reference tables, in Markdown, rendered from the tables the code itself runs on:
//! statuses and their markers, configuration keys, environment variables, kinds of failure and
//! their exit codes. `cli/reference.rs` gathers them with the command line's and the input's
//! tables into the generated blocks of `docs/`, and a test fails when a page and the code
//! disagree, as the man page and the help cannot.

use std::fmt::Write as _;

use crate::policy::english::code_list;
use crate::policy::exit::KINDS;
use crate::policy::limit::Limit;
use crate::policy::settings::{SETTINGS, Setting, VARIABLES};
use crate::policy::status::STATUSES;

/// A table cell: one line, with the `|` a cell cannot hold escaped.
pub fn cell(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', r"\|")
}

/// Every status: its name, the other spellings read as it, its marker in the checklist, its
/// line in Markdown, whether it finishes an item, and what it means.
pub fn statuses() -> String {
    let mut text = String::from(
        "| status | also read as | marker | Markdown | finished | resolves a blocker | meaning |\n\
         | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for info in &STATUSES {
        let markdown = info.markdown.replace("{}", "text");
        let _ = writeln!(
            text,
            "| `{}` | {} | `{}` | `{}` | {} | {} | {} |",
            info.name,
            code_list(info.aliases),
            info.marker,
            cell(&markdown),
            yes_no(info.terminal),
            yes_no(info.resolves),
            cell(info.meaning),
        );
    }
    text
}

/// Every configuration key, the variable that overrides it, its default and what it sets.
pub fn settings() -> String {
    let mut text = String::from(
        "| key | environment | default | what it sets | value |\n| --- | --- | --- | --- | --- |\n",
    );
    for info in &SETTINGS {
        let value = crate::policy::sentences::setting_value(info.setting);
        let value = value.strip_prefix("it must be ").unwrap_or(&value);
        let _ = writeln!(
            text,
            "| `{}` | `{}` | {} | {} | {} |",
            info.key,
            info.env,
            cell(&info.setting.default_text()),
            cell(info.meaning),
            cell(value),
        );
    }
    text
}

/// The limits a plan must stay within by default, and how a refusal says to fit under each.
pub fn limits() -> String {
    let mut text = String::from("| limit | default | to fit under it |\n| --- | --- | --- |\n");
    for limit in Limit::all() {
        let info = limit.info();
        let key = Setting::Limit(limit).info().key;
        let _ = writeln!(text, "| `{key}` | {} | {} |", info.default, cell(info.fit));
    }
    text
}

/// Every other environment variable `todos` reads, and the flag that wins over it.
pub fn variables() -> String {
    let mut text = String::from("| variable | flag | what it does |\n| --- | --- | --- |\n");
    for info in &VARIABLES {
        let flag = info.flag.map_or("—".to_owned(), |flag| format!("`{flag}`"));
        let _ = writeln!(
            text,
            "| `{}` | {flag} | {} |",
            info.name,
            cell(info.meaning)
        );
    }
    text
}

/// Every exit code with its `error.code` in the JSON envelope, and when it happens.
pub fn exit_codes() -> String {
    let mut text = String::from(
        "| exit | `error.code` | when |\n| --- | --- | --- |\n| 0 | — | success, warnings included |\n",
    );
    for info in &KINDS {
        let _ = writeln!(
            text,
            "| {} | `{}` | {} |",
            info.exit_code,
            info.code,
            cell(info.meaning)
        );
    }
    text
}

fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_one_line_and_holds_no_bare_bar() {
        assert_eq!(cell("a  b\n c | d"), r"a b c \| d");
        assert_eq!(code_list(&[]), "—");
        assert_eq!(code_list(&["a", "b"]), "`a`, `b`");
    }

    #[test]
    fn every_row_of_every_table_is_a_row_of_its_markdown() {
        assert_eq!(statuses().lines().count(), 2 + STATUSES.len());
        assert_eq!(settings().lines().count(), 2 + SETTINGS.len());
        assert_eq!(variables().lines().count(), 2 + VARIABLES.len());
        assert_eq!(exit_codes().lines().count(), 3 + KINDS.len());
        assert_eq!(limits().lines().count(), 2 + Limit::all().count());
        assert!(exit_codes().contains("| 6 | `UNSAFE_PATH` |"));
    }
}
