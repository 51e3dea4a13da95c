//! The completion scripts: the committed ones match the binary, and bash completes with them.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use crate::support::TestEnv;

/// Each shell and its file in `completions/`.
const SCRIPTS: [(&str, &str); 5] = [
    ("bash", "todos.bash"),
    ("zsh", "_todos"),
    ("fish", "todos.fish"),
    ("powershell", "_todos.ps1"),
    ("elvish", "todos.elv"),
];

fn committed(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("completions")
        .join(file)
}

#[test]
fn committed_scripts_match_the_binary() {
    let env = TestEnv::new();
    let commands = env.subcommands();
    let mut stale = Vec::new();
    for (shell, file) in SCRIPTS {
        let printed = env.todos(&["completions", shell]).run().success().stdout;
        for command in &commands {
            assert!(printed.contains(command.as_str()), "{shell}: {command}");
        }
        if fs::read_to_string(committed(file)).ok().as_deref() != Some(printed.as_str()) {
            stale.push(format!("completions/{file}"));
        }
    }
    assert!(
        stale.is_empty(),
        "stale: {}; refresh them with `scripts/completions.sh` and commit the result",
        stale.join(", ")
    );
}

/// What bash offers for `words` (the last is the word being completed), from the committed
/// script loaded the way bash-completion loads it.
#[cfg(unix)]
fn complete_in_bash(words: &[&str]) -> Vec<String> {
    let script = r#"
        set -e
        source "$1"; shift
        complete -p todos > /dev/null
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        _todos todos "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf '%s\n' "${COMPREPLY[@]}"
    "#;
    let output = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", script, "bash"])
        .arg(committed("todos.bash"))
        .args(words)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .output()
        .expect("run bash");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{words:?}: {stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout.lines().map(ToOwned::to_owned).collect()
}

#[cfg(unix)]
#[test]
fn bash_completes_commands_options_and_values() {
    let env = TestEnv::new();
    let offered = complete_in_bash(&["todos", ""]);
    for command in env.subcommands() {
        assert!(offered.contains(&command), "{command} in {offered:?}");
    }
    assert!(offered.contains(&"--workspace".to_owned()), "{offered:?}");
    assert_eq!(complete_in_bash(&["todos", "sh"]), ["show"]);
    assert_eq!(
        complete_in_bash(&["todos", "show", "--format", ""]),
        ["text", "markdown", "json"]
    );
    let shells = complete_in_bash(&["todos", "completions", ""]);
    let shells: Vec<&String> = shells.iter().filter(|w| !w.starts_with('-')).collect();
    assert_eq!(shells, ["bash", "zsh", "fish", "powershell", "elvish"]);
    let write = complete_in_bash(&["todos", "write", "--"]);
    for flag in ["--file", "--summary", "--todo", "--expect-revision"] {
        assert!(write.contains(&flag.to_owned()), "{flag} in {write:?}");
    }
}
