//! A command line that cannot mean anything (exit 2).

use crate::policy::cap::Cap;
use crate::policy::error::{Error, Kind};
use crate::policy::text::escape;

#[derive(Debug, Clone, PartialEq)]
pub enum Usage {
    /// A newcomer's word that is no command (`add`): `run` is what works, `what` what it does.
    NoCommand {
        word: String,
        run: Vec<String>,
        what: &'static str,
    },
    /// A newcomer's option that the command lacks (`update --status`).
    NoOption {
        command: String,
        flag: String,
        instead: String,
    },
    /// Words a shell split that were meant as one argument (`todos update 2 in progress`):
    /// `what` took them (`STATUS`, `--content`, `-t`), `near` is the status they nearly name,
    /// `run` the command that works.
    Unquoted {
        what: String,
        text: String,
        count: usize,
        near: Option<&'static str>,
        run: String,
    },
    /// A command line clap refused, in clap's words (`--json` asked for the envelope).
    Clap { message: String },
    /// `--json` with `--format markdown`.
    JsonAndMarkdown,
    /// `--lock-timeout` out of its range.
    LockTimeout { given: f64 },
}

impl Usage {
    pub(super) fn render(self) -> Error {
        let error = |message: String| Error::new(Kind::Usage, message);
        match self {
            Self::NoCommand { word, run, what } => error(format!("todos has no command '{word}'"))
                .with_hint(format!("run `{}` to {what}", run.join(" && "))),
            Self::NoOption {
                command,
                flag,
                instead,
            } => error(format!("`todos {command}` has no option {flag}"))
                .with_hint(format!("run `{instead}`")),
            Self::JsonAndMarkdown => error(
                "--json prints the JSON envelope and --format markdown prints Markdown: choose one"
                    .to_owned(),
            )
            .with_hint(
                "for Markdown, drop --json; for the plan as JSON, drop --format (or use `todos \
                 show --format json`)",
            ),
            Self::Clap { message } => error(message).with_hint("see `todos --help`"),
            Self::Unquoted {
                what,
                text,
                count,
                near: Some(name),
                run,
            } => error(format!(
                "{what}: unknown status \"{}\" (typed as {count} words); did you mean \"{name}\"?",
                escape(&text)
            ))
            .with_hint(format!("run `{}`", escape(&run))),
            Self::Unquoted {
                what,
                text,
                count,
                near: None,
                run,
            } => error(format!(
                "{what} takes one argument, but \"{}\" was typed as {count} words",
                escape(&text)
            ))
            .with_hint(format!("quote the text: `{}`", escape(&run))),
            Self::LockTimeout { given } => error(format!(
                "--lock-timeout {given} is not a number of seconds from 0 to {}",
                Cap::LockTimeoutSeconds.value()
            )),
        }
    }
}
