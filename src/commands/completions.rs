//! `todos completions SHELL`: the completion script, generated from the command line itself so
//! it can never disagree with the binary that prints it.

use clap_complete::Shell as Target;

use serde_json::json;

use crate::cli::{Cli, CompletionsArgs, Shell};
use crate::commands::{Answer, Outcome};

/// Prints the completion script for one shell.
pub fn execute(args: &CompletionsArgs) -> Outcome {
    let script = script(args);
    let data = json!({"shell": format!("{:?}", args.shell).to_lowercase(), "script": script});
    Outcome::answer(Answer::new(script, data, "The completion script."))
}

/// The completion script for one shell.
pub fn script(args: &CompletionsArgs) -> String {
    // bash, zsh and fish ask the binary at each <TAB>, which knows the plan's ids.
    let name = format!("{:?}", args.shell).to_lowercase();
    if let Some(script) = crate::cli::complete::registration(&name) {
        return script;
    }
    let target = match args.shell {
        Shell::Bash => Target::Bash,
        Shell::Zsh => Target::Zsh,
        Shell::Fish => Target::Fish,
        Shell::Powershell => Target::PowerShell,
        Shell::Elvish => Target::Elvish,
    };
    let mut command = Cli::command();
    let name = command.get_name().to_owned();
    let mut script = Vec::new();
    clap_complete::generate(target, &mut command, name, &mut script);
    // clap_complete writes Rust strings, so the script is UTF-8; lossy only to stay total.
    String::from_utf8_lossy(&script).into_owned()
}
