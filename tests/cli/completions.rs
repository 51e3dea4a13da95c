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
        if matches!(shell, "bash" | "zsh" | "fish") {
            // These ask `todos` itself at each <TAB> (the bash test below drives one).
            assert!(printed.contains("COMPLETE="), "{shell}: {printed}");
        } else {
            for command in &commands {
                assert!(printed.contains(command.as_str()), "{shell}: {command}");
            }
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

/// What bash offers for `words` (the last is the word being completed) in `env`'s workspace,
/// from the committed script loaded the way bash-completion loads it, with the built `todos`
/// first on PATH as an installed one would be.
#[cfg(unix)]
fn complete_in_bash(env: &TestEnv, words: &[&str]) -> Vec<String> {
    let script = r#"
        set -e
        source "$1"; shift
        complete -p todos > /dev/null
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMP_TYPE=9
        _clap_complete_todos todos "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf '%s\n' "${COMPREPLY[@]}"
    "#;
    let bin_dir = &crate::support::bin_dir();
    let output = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", script, "bash"])
        .arg(committed("todos.bash"))
        .args(words)
        .env_clear()
        .env("PATH", format!("{}:/usr/bin:/bin", bin_dir.display()))
        .env("HOME", env.home())
        .env("XDG_CONFIG_HOME", env.home().join(".config"))
        .env("TZ", "UTC")
        .current_dir(env.ws())
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

/// The candidates that are not options.
fn values(offered: &[String]) -> Vec<&str> {
    offered
        .iter()
        .map(String::as_str)
        .filter(|word| !word.starts_with('-') && !word.is_empty())
        .collect()
}

#[cfg(unix)]
#[test]
fn bash_completes_commands_options_and_values() {
    let env = TestEnv::new();
    let offered = complete_in_bash(&env, &["todos", ""]);
    for command in env.subcommands() {
        assert!(offered.contains(&command), "{command} in {offered:?}");
    }
    assert!(offered.contains(&"--workspace".to_owned()), "{offered:?}");
    assert_eq!(complete_in_bash(&env, &["todos", "sh"]), ["show"]);
    assert_eq!(
        complete_in_bash(&env, &["todos", "show", "--format", ""]),
        ["text", "markdown", "json"]
    );
    let shells = complete_in_bash(&env, &["todos", "completions", ""]);
    assert_eq!(
        values(&shells),
        ["bash", "zsh", "fish", "powershell", "elvish"]
    );
    let write = complete_in_bash(&env, &["todos", "write", "--"]);
    for flag in ["--file", "--summary", "--todo", "--expect-revision"] {
        assert!(write.contains(&flag.to_owned()), "{flag} in {write:?}");
    }
    assert_eq!(
        values(&complete_in_bash(&env, &["todos", "init", "--agent", ""])),
        ["claude", "codex", "gemini", "generic"]
    );
}

/// `todos update <TAB>` offers the plan's ids, then the statuses; `-t` the statuses with a
/// colon; `--list` the workspace's lists; `-C` and `-l` typed on the line are followed.
#[cfg(unix)]
#[test]
fn bash_completes_the_plans_ids_statuses_and_lists() {
    let env = TestEnv::new();
    // Every status the tool knows, in its order: from the schema, so a new one is expected too.
    let schema: serde_json::Value =
        serde_json::from_str(&env.todos(&["schema"]).run().success().stdout).expect("JSON");
    let statuses: Vec<&str> =
        schema["properties"]["todos"]["items"]["properties"]["status"]["enum"]
            .as_array()
            .expect("the statuses")
            .iter()
            .filter_map(serde_json::Value::as_str)
            .collect();
    assert!(
        values(&complete_in_bash(&env, &["todos", "update", ""])).is_empty(),
        "no plan, no ids"
    );
    env.plan(
        "Ship",
        &["completed:Build", "in_progress:Test", "pending:Tag"],
    );
    env.todos(&["-l", "api", "create", "Route"]).run().success();
    env.write_file("sub/.todos.json", "");
    assert_eq!(
        values(&complete_in_bash(&env, &["todos", "update", ""])),
        ["1", "2", "3"]
    );
    assert_eq!(
        values(&complete_in_bash(&env, &["todos", "update", "2", ""])),
        statuses
    );
    assert_eq!(
        complete_in_bash(&env, &["todos", "update", "2", "in"]),
        ["in_progress"]
    );
    let prefixes: Vec<String> = statuses.iter().map(|s| format!("{s}:")).collect();
    assert_eq!(
        complete_in_bash(&env, &["todos", "write", "-t", ""]),
        prefixes
    );
    assert_eq!(
        complete_in_bash(&env, &["todos", "write", "-t", "can"]),
        ["cancelled:"]
    );
    assert_eq!(
        values(&complete_in_bash(&env, &["todos", "--list", ""])),
        ["default", "api"]
    );
    assert_eq!(
        values(&complete_in_bash(
            &env,
            &["todos", "-l", "api", "update", ""]
        )),
        ["1"]
    );
    // An alias completes as its command does, and is never offered as a command itself.
    assert_eq!(
        values(&complete_in_bash(
            &env,
            &["todos", "add", "--blocked-by", ""]
        )),
        values(&complete_in_bash(
            &env,
            &["todos", "create", "--blocked-by", ""]
        ))
    );
    assert_eq!(
        complete_in_bash(&env, &["todos", "ls", "--f"]),
        ["--format"]
    );
    assert_eq!(
        complete_in_bash(&env, &["todos", "rm", "--e"]),
        ["--expect-revision"]
    );
    let commands = complete_in_bash(&env, &["todos", ""]);
    for alias in ["add", "new", "ls", "rm", "delete"] {
        assert!(
            !commands.contains(&alias.to_owned()),
            "{alias} in {commands:?}"
        );
    }
    // A broken store gives no candidates, and no error on the prompt.
    assert!(
        values(&complete_in_bash(
            &env,
            &["todos", "-C", "sub", "update", ""]
        ))
        .is_empty()
    );
}

/// Completion runs at every <TAB>: it never writes, locks or creates anything.
#[cfg(unix)]
#[test]
fn completing_changes_nothing() {
    let env = TestEnv::new();
    let fresh = env.everything();
    complete_in_bash(&env, &["todos", "update", ""]);
    complete_in_bash(&env, &["todos", "--list", ""]);
    assert_eq!(fresh, env.everything(), "completion in an empty workspace");
    assert!(!env.path(".todos.json.lock").exists());
    env.plan("Ship", &["pending:Tag"]);
    fs::remove_file(env.path(".todos.json.lock")).expect("remove the lock file");
    let before = env.everything();
    complete_in_bash(&env, &["todos", "update", ""]);
    complete_in_bash(&env, &["todos", "-l", "api", "update", ""]);
    assert_eq!(before, env.everything());
    assert!(!env.path(".todos.json.lock").exists(), "no lock taken");
}

/// fish shows each id with its item's marker and text beside it. fish is not in every image:
/// where it is missing the test says so rather than pass in silence.
#[cfg(unix)]
#[test]
fn fish_describes_each_id_with_its_item() {
    let env = TestEnv::new();
    env.plan("Ship", &["completed:Build", "in_progress:Test"]);
    let bin_dir = &crate::support::bin_dir();
    let script = format!(
        "source {}; complete -C 'todos update '",
        committed("todos.fish").display()
    );
    let output = match Command::new("fish")
        .args(["--no-config", "-c", &script])
        .env_clear()
        .env("PATH", format!("{}:/usr/bin:/bin", bin_dir.display()))
        .env("HOME", env.home())
        .env("TZ", "UTC")
        .current_dir(env.ws())
        .output()
    {
        Ok(output) => output,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            println!("skipped: fish is not installed");
            return;
        }
        Err(err) => panic!("run fish: {err}"),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let ids: Vec<&str> = stdout.lines().filter(|l| !l.starts_with('-')).collect();
    assert_eq!(ids, ["1\t[x] Build", "2\t[▶] Test"], "{stdout}");
}
