//! The completion scripts: the committed ones match the binary, and bash completes with them.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use crate::support::{LOCK, TestEnv, still_open};

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
        let printed = env
            .todos(&["completions", shell])
            .stdout_in_parts("a completions script, compared whole with its committed file below")
            .run()
            .stdout;
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
    let schema: serde_json::Value = serde_json::from_str(
        &env.todos(&["schema"])
            .stdout_in_parts("a JSON schema, read for its statuses")
            .run()
            .stdout,
    )
    .expect("JSON");
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
    env.todos(&["-l", "api", "create", "Route"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] Route\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
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
    assert!(!env.path(LOCK).exists());
    env.plan("Ship", &["pending:Tag"]);
    fs::remove_file(env.path(LOCK)).expect("remove the lock file");
    let before = env.everything();
    complete_in_bash(&env, &["todos", "update", ""]);
    complete_in_bash(&env, &["todos", "-l", "api", "update", ""]);
    assert_eq!(before, env.everything());
    assert!(!env.path(LOCK).exists(), "no lock taken");
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

/// A store whose ids or text would run a command on the user's shell (SPEC §9): a planted id
/// makes the store one no command reads, so completion offers none of its ids; a valid store's
/// text, shown beside its ids by zsh and fish, is only ever shown. In every shell the planted
/// commands never run, and bash (always there) runs in CI.
fn hostile_stores(env: &TestEnv) -> Vec<String> {
    let marker = env.outside("pwned");
    let touch = format!("touch {}", marker.display());
    let planted_ids = [
        "1;touch${IFS}pwned;:".to_owned(),
        format!("$({touch})"),
        format!("`{touch}`"),
        "*".to_owned(),
        "1 2".to_owned(),
        "01".to_owned(),
    ];
    let mut stores: Vec<String> = planted_ids
        .iter()
        .map(|id| {
            serde_json::json!({"version": 1, "revision": 1, "next_id": 3, "todos": [
                {"id": id, "content": "A", "status": "pending"},
                {"id": "2", "content": "B", "status": "pending"}]})
            .to_string()
        })
        .collect();
    // Valid ids, text a shell would run if it were ever evaluated.
    stores.push(
        serde_json::json!({"version": 1, "revision": 1, "next_id": 3, "todos": [
            {"id": "1", "content": format!("$({touch}) `{touch}` ;{touch}; %F{{red}}x:y\\z *"), "status": "pending"},
            {"id": "2", "content": "B", "status": "completed"}]})
        .to_string(),
    );
    stores
}

#[cfg(unix)]
#[test]
fn bash_completion_of_a_hostile_store_offers_only_the_tools_ids() {
    let env = TestEnv::new();
    fs::create_dir_all(env.outside("")).unwrap();
    for (n, store) in hostile_stores(&env).into_iter().enumerate() {
        env.write_file(".todos.json", &store);
        let offered = complete_in_bash(&env, &["todos", "update", ""]);
        let ids = values(&offered);
        if n + 1 < hostile_stores(&env).len() {
            assert!(ids.is_empty(), "{store}: {ids:?}");
        } else {
            assert_eq!(ids, ["1", "2"], "{store}");
        }
        assert!(
            ids.iter().all(|id| id.bytes().all(|b| b.is_ascii_digit())),
            "{ids:?}"
        );
    }
    assert!(!env.outside("pwned").exists(), "a planted command ran");
    assert!(!env.ws().join("pwned").exists(), "a planted command ran");
}

/// What zsh's and fish's completion functions offer, the committed scripts sourced; `None`
/// where the shell is not installed (the caller says so).
#[cfg(unix)]
fn complete_in(env: &TestEnv, shell: &str) -> Option<String> {
    let bin_dir = &crate::support::bin_dir();
    let mut command = Command::new(shell);
    match shell {
        // zsh's `_describe` stands in for the completion system: it receives what would be
        // listed, `value:description` each.
        "zsh" => command.args([
            "-f",
            "-c",
            &format!(
                "compdef(){{}}; _describe(){{ print -rl -- \"${{(@P)3}}\" }}; source {}; \
                 words=(todos update ''); CURRENT=3; _clap_dynamic_completer_todos",
                committed("_todos").display()
            ),
        ]),
        _ => command.args([
            "--no-config",
            "-c",
            &format!(
                "source {}; complete -C 'todos update '",
                committed("todos.fish").display()
            ),
        ]),
    };
    let output = match command
        .env_clear()
        .env("PATH", format!("{}:/usr/bin:/bin", bin_dir.display()))
        .env("HOME", env.home())
        .env("TZ", "UTC")
        .current_dir(env.ws())
        .output()
    {
        Ok(output) => output,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return None,
        Err(err) => panic!("run {shell}: {err}"),
    };
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[cfg(unix)]
#[test]
fn zsh_and_fish_completion_of_a_hostile_store_only_shows_its_text() {
    for shell in ["zsh", "fish"] {
        let env = TestEnv::new();
        fs::create_dir_all(env.outside("")).unwrap();
        let stores = hostile_stores(&env);
        for (n, store) in stores.iter().enumerate() {
            env.write_file(".todos.json", store);
            let Some(listed) = complete_in(&env, shell) else {
                println!("skipped: {shell} is not installed");
                eprintln!("skipped: {shell} is not installed");
                return;
            };
            let separator = if shell == "zsh" { ':' } else { '\t' };
            let ids: Vec<&str> = listed
                .lines()
                .filter(|line| !line.starts_with('-'))
                .map(|line| line.split(separator).next().unwrap_or_default())
                .collect();
            if n + 1 < stores.len() {
                assert!(ids.is_empty(), "{shell} {store}: {listed}");
            } else {
                assert_eq!(ids, ["1", "2"], "{shell}: {listed}");
                assert!(
                    listed.contains("[ ] $("),
                    "{shell}: the text is shown: {listed}"
                );
            }
        }
        assert!(
            !env.outside("pwned").exists(),
            "{shell}: a planted command ran"
        );
        assert!(
            !env.ws().join("pwned").exists(),
            "{shell}: a planted command ran"
        );
    }
}
