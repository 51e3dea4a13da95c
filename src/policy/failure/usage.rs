//! A command line that cannot mean anything (exit 2).

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
