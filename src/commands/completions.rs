//! `todos completions SHELL`: the completion script, generated from the command line itself so
//! it can never disagree with the binary that prints it.

use clap_complete::Shell as Target;

use serde_json::json;

use crate::commands::lazy::Summary;
use crate::view::outcome::{Answer, Outcome};
use clap::{Args, ValueEnum};
use clap_complete::env::{Bash, EnvCompleter, Fish, Zsh};

/// Prints the completion script for one shell.
pub fn execute(args: &CompletionsArgs, command_line: clap::Command) -> Outcome {
    let script = script(args, command_line);
    let data = json!({"shell": format!("{:?}", args.shell).to_lowercase(), "script": script});
    Outcome::answer(Answer::new(script, data, "The completion script."))
}

/// The variable that turns a run into a completion request, as `clap_complete` names it.
pub const VAR: &str = "COMPLETE";

/// The completion script for one shell, for the command line `command`.
pub fn script(args: &CompletionsArgs, mut command: clap::Command) -> String {
    // bash, zsh and fish ask the binary at each <TAB>, which knows the plan's ids.
    let name = format!("{:?}", args.shell).to_lowercase();
    if let Some(script) = registration(&name) {
        return script;
    }
    let target = match args.shell {
        Shell::Bash => Target::Bash,
        Shell::Zsh => Target::Zsh,
        Shell::Fish => Target::Fish,
        Shell::Powershell => Target::PowerShell,
        Shell::Elvish => Target::Elvish,
    };
    let name = command.get_name().to_owned();
    let mut script = Vec::new();
    clap_complete::generate(target, &mut command, name, &mut script);
    // clap_complete writes Rust strings, so the script is UTF-8; lossy only to stay total.
    String::from_utf8_lossy(&script).into_owned()
}

/// The script that makes `shell` ask `todos` for its candidates: for `todos completions`.
/// `None` for the shells that keep clap's static script (PowerShell, Elvish).
pub fn registration(shell: &str) -> Option<String> {
    let completer: &dyn EnvCompleter = match shell {
        "bash" => &Bash,
        "zsh" => &Zsh,
        "fish" => &Fish,
        _ => return None,
    };
    let mut script = Vec::new();
    // `todos` from PATH: the script is installed once and must follow the installed binary.
    completer
        .write_registration(VAR, "todos", "todos", "todos", &mut script)
        .ok()?;
    Some(String::from_utf8_lossy(&script).into_owned())
}

/// Print a shell completion script.
///
/// Prints the completion script for SHELL on stdout. The bash, zsh and fish scripts ask
/// `todos` (from PATH) at each <TAB>, so they offer the plan's ids, the statuses and the
/// lists; PowerShell's and elvish's are generated from this command line and offer its
/// commands, options and fixed values. The same scripts are in the `completions/` folder of
/// the source. Save it where the shell looks for completions, or load it from the shell's
/// startup file; write it again after an upgrade.
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    todos completions bash > ~/.local/share/bash-completion/completions/todos\n  \
    echo 'source <(todos completions zsh)' >> ~/.zshrc   # after compinit\n  \
    todos completions fish > ~/.config/fish/completions/todos.fish\n  \
    todos completions powershell > ~/todos.ps1     # then `. ~/todos.ps1` in $PROFILE\n  \
    echo 'eval \"$(todos completions bash)\"' >> ~/.bashrc")]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

impl Summary for CompletionsArgs {
    const SUMMARY: &str = "Print a shell completion script";
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    /// Bash: for the bash-completion folder, or `eval` it from ~/.bashrc.
    Bash,
    /// Zsh: source it from ~/.zshrc, after compinit.
    Zsh,
    /// Fish: for ~/.config/fish/completions/.
    Fish,
    /// PowerShell: save it as a file and dot-source that from $PROFILE.
    Powershell,
    /// Elvish: `eval` it from rc.elv.
    Elvish,
}
