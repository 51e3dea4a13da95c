//! The words of `policy/failure/usage.rs`.

use super::Words;
use crate::policy::cap::Cap;
use crate::policy::error::Kind;
use crate::policy::failure::Usage;
use crate::policy::text::escape;

impl Usage {
    pub(super) fn render(self) -> Words {
        let error = |message: String| Words::new(Kind::Usage, message);
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
