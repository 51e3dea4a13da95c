//! The README, the manual in `docs/` and every `--help` run as shown. Every ```console block of
//! README.md, CONTRIBUTING.md, CHANGELOG.md and docs/*.md is run, command by command, and what
//! each command prints must be what the block shows. Every ```sh block says before it how it
//! runs: `<!-- readme-test: runs -->` is run whole by bash (after the `$ …` lines of an unseen
//! set-up, `<!-- readme-test: runs, after: … -->`), and a line of it commented
//! `# → TEXT` must print TEXT (a `todos` line commented `# [n/m] …` must print that recap);
//! `<!-- readme-test: watches -->` holds commands that run until stopped, each of which must
//! still be running after a second; `<!-- readme-test: not run: WHY -->` says why it cannot run
//! here (it installs, or runs cargo). Any other shell block fails. Every example of every
//! `--help` is run by bash, in order, in a workspace holding the sample plan.
//!
//! Not trycmd, which reads Markdown `console` blocks too: for a `.md` file it takes its
//! environment from the test process (only adding to it, never clearing it), runs in the
//! test's own folder unless a `README.out/` sits beside the README, and carries one state
//! through all the blocks of the file. Each block here starts in a fresh `TestEnv` (cleared
//! environment, fixed clock and time zone, its own workspace), after the unseen set-up its
//! `<!-- readme-test: … -->` comment gives, so a block reads on its own.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::support::{TestEnv, still_open, whole};

/// One page of the manual, by its path in the repository.
fn document(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|error| panic!("read {path}: {error}"))
}

/// Every Markdown page a user reads: the README, the top-level guides and the manual in
/// `docs/`, each with its path.
fn documents() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<String> = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"]
        .into_iter()
        .filter(|path| root.join(path).exists())
        .map(ToOwned::to_owned)
        .collect();
    let mut manual: Vec<String> = fs::read_dir(root.join("docs"))
        .expect("docs/")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .filter_map(|path| Some(format!("docs/{}", path.file_name()?.to_string_lossy())))
        .collect();
    manual.sort();
    assert!(manual.len() >= 12, "the manual has {} pages", manual.len());
    paths.extend(manual);
    paths
        .into_iter()
        .map(|path| {
            let text = document(&path);
            (path, text)
        })
        .collect()
}

/// One fenced block with the `<!-- readme-test: … -->` comment before it, if any.
struct Block {
    line: usize,
    kind: String,
    body: Vec<String>,
    setup: Vec<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut setup: Vec<String> = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        if let Some(rest) = line.strip_prefix("<!-- readme-test:") {
            setup = vec![rest.trim_end_matches("-->").trim().to_owned()];
            while !lines[index].trim_end().ends_with("-->") {
                index += 1;
                setup.push(lines[index].trim_end_matches("-->").trim().to_owned());
            }
        } else if let Some(kind) = line.strip_prefix("```").filter(|k| !k.is_empty()) {
            let start = index;
            let mut body = Vec::new();
            index += 1;
            while lines[index] != "```" {
                body.push(lines[index].to_owned());
                index += 1;
            }
            blocks.push(Block {
                line: start + 1,
                kind: kind.to_owned(),
                body,
                setup: std::mem::take(&mut setup),
            });
        } else if line.starts_with("```") {
            // An unlabelled block: skip to its end.
            index += 1;
            while lines[index] != "```" {
                index += 1;
            }
            setup.clear();
        }
        index += 1;
    }
    blocks
}

/// Splits a command line as a shell would, for the plain commands a README shows: words,
/// "double quotes" (with \" and \\) and 'single quotes'. Anything a shell would do more with
/// (pipes, redirections, variables) is refused, so such a line is shown in a `sh` block.
#[track_caller]
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' => words.extend(word.take()),
            '"' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next().expect("a closing quote") {
                        '"' => break,
                        '\\' => word.push(chars.next().expect("an escaped character")),
                        c => word.push(c),
                    }
                }
            }
            '\'' => {
                let word = word.get_or_insert_with(String::new);
                word.extend(chars.by_ref().take_while(|c| *c != '\''));
            }
            '|' | '<' | '>' | ';' | '&' | '$' | '`' | '*' | '\\' => {
                panic!("not a plain command: {line}")
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// A fresh environment with the repository's `examples/` in its workspace.
fn fresh() -> TestEnv {
    let env = TestEnv::new();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    for entry in fs::read_dir(&examples).expect("examples/").flatten() {
        let target = env.path("examples").join(entry.file_name());
        fs::create_dir_all(target.parent().expect("a parent")).expect("examples folder");
        fs::copy(entry.path(), target).expect("copy an example");
    }
    env
}

/// Runs `todos …` as the README shows it, with `vars`; what a terminal would show: stderr
/// (written first) then stdout.
#[track_caller]
fn run(env: &TestEnv, command: &str, vars: &[(String, String)]) -> (i32, String) {
    let words = words(command);
    assert_eq!(words[0], "todos", "a README command runs todos: {command}");
    let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    let mut run = env.todos(&args);
    for (key, value) in vars {
        run = run.env(key, value);
    }
    let done = run.run_unchecked();
    (done.code, format!("{}{}", done.stderr, done.stdout))
}

#[test]
fn every_console_block_prints_what_it_shows() {
    let mut checked = 0;
    for (path, text) in documents() {
        for block in blocks(&text).iter().filter(|b| b.kind == "console") {
            checked += check_console_block(&path, block);
        }
    }
    assert!(checked >= 20, "only {checked} commands checked");
}

/// Runs a console block's unseen set-up, then each command, comparing what it prints with what
/// the block shows; returns how many commands it checked.
fn check_console_block(path: &str, block: &Block) -> usize {
    let env = fresh();
    let mut vars = Vec::new();
    for line in block.setup.iter().skip(1) {
        if let Some(command) = line.strip_prefix("$ ") {
            let (code, output) = run(&env, command, &vars);
            assert_eq!(
                code, 0,
                "{path} line {}: set-up {command}: {output}",
                block.line
            );
        } else if let Some((key, value)) = line.split_once('=') {
            vars.push((key.to_owned(), value.to_owned()));
        }
    }
    let mut checked = 0;
    let mut lines = block.body.iter().peekable();
    while let Some(line) = lines.next() {
        let command = line
            .strip_prefix("$ ")
            .unwrap_or_else(|| panic!("{path} line {}: output before a command", block.line));
        let mut shown = String::new();
        while let Some(output) = lines.next_if(|line| !line.starts_with("$ ")) {
            shown.push_str(output);
            shown.push('\n');
        }
        let (code, printed) = run(&env, command, &vars);
        assert_eq!(
            printed, shown,
            "{path} block at line {}: `{command}` (exit {code}) printed what the page does not show",
            block.line
        );
        checked += 1;
    }
    checked
}

/// How a shell block runs, as the `<!-- readme-test: … -->` comment before it says.
#[derive(Debug, PartialEq)]
enum Runs {
    /// Whole, by bash, with its `# → …` and `# [n/m] …` lines checked.
    Whole,
    /// Each line a command that runs until stopped (`show --watch`).
    UntilStopped,
    /// Not here, for the reason given.
    Not,
}

/// How a block runs: a console block always runs; a shell block says how, and any other kind
/// of shell block is refused, naming where it is.
fn runs(path: &str, block: &Block) -> Option<Runs> {
    let marker = block.setup.first().map(String::as_str);
    match block.kind.as_str() {
        "sh" => match marker {
            Some(runs) if runs == "runs" || runs.starts_with("runs,") => Some(Runs::Whole),
            Some("watches") => Some(Runs::UntilStopped),
            Some(why)
                if why
                    .strip_prefix("not run:")
                    .is_some_and(|why| why.trim().len() >= 10) =>
            {
                Some(Runs::Not)
            }
            _ => panic!(
                "{path} line {}: say before this sh block how it runs: <!-- readme-test: runs -->, \
                 <!-- readme-test: watches --> or <!-- readme-test: not run: WHY -->",
                block.line
            ),
        },
        "bash" | "shell" | "zsh" | "fish" | "powershell" | "shell-session" => panic!(
            "{path} line {}: a shell block is ```sh (run by bash) or ```console (checked \
             command by command)",
            block.line
        ),
        _ => None,
    }
}

/// A line of a runnable block that claims what it prints becomes a check that it prints exactly
/// that: `COMMAND   # → TEXT`, or `todos …   # [2/4] …` for a recap. What it prints is the
/// claim, whatever its exit status (`todos --json check | jq …` exits 1 under `pipefail` while
/// items are open, as the page says).
fn checked_line(line: &str) -> String {
    let claim = match (line.split_once("# → "), line.split_once("# [")) {
        (Some((command, shown)), _) => Some((command, shown.to_owned())),
        (None, Some((command, shown))) if command.trim_start().starts_with("todos ") => {
            Some((command, format!("[{shown}")))
        }
        _ => None,
    };
    let Some((command, shown)) = claim else {
        return line.to_owned();
    };
    let command = command.trim();
    let shown = shown.trim_end().replace('\'', r"'\''");
    let named = command.replace('\'', r"'\''");
    format!(
        "printed=$({command}) || true; [ \"$printed\" = '{shown}' ] || {{ echo 'page: `{named}`' \"printed: $printed\" >&2; exit 1; }}"
    )
}

/// A page's block stops at its first failing command, as a careful reader's shell would.
const BLOCK: &[&str] = &["-euo", "pipefail"];
/// A help example is one line, typed at a prompt.
const HELP_EXAMPLE: &[&str] = &["-o", "pipefail"];

/// bash with `options`, in a fresh environment with the repository's `examples/` in its
/// workspace, the built `todos` first on the PATH, and the test's clock and home.
fn bash(env: &TestEnv, options: &[&str], script: &str) -> Command {
    let mut bash = Command::new("bash");
    bash.args(["--norc", "--noprofile"])
        .args(options)
        .args(["-c", script])
        .env_clear()
        .env(
            "PATH",
            format!("{}:/usr/bin:/bin", crate::support::bin_dir().display()),
        )
        .env("HOME", env.home())
        // `mktemp -d` in a page's block makes its folder inside the test's, never in /tmp.
        .env("TMPDIR", env.home())
        .env("XDG_CONFIG_HOME", env.home().join(".config"))
        .env("TZ", "UTC")
        .env("TODOS_NOW", crate::support::NOW)
        .env("MANPAGER", "cat")
        .env("LANG", "C.UTF-8")
        .current_dir(env.ws())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    bash
}

#[test]
fn every_sh_block_runs_and_prints_what_it_claims() {
    let (mut whole, mut watched, mut not_run) = (0, 0, 0);
    let mut running = Vec::new();
    for (path, text) in documents() {
        for block in blocks(&text) {
            match runs(&path, &block) {
                Some(Runs::Whole) => {
                    let env = fresh();
                    // The unseen set-up its comment gives (`$ …` lines), then the block.
                    let script: Vec<String> = block
                        .setup
                        .iter()
                        .filter_map(|line| line.strip_prefix("$ ").map(ToOwned::to_owned))
                        .chain(block.body.iter().map(|line| checked_line(line)))
                        .collect();
                    let output = bash(&env, BLOCK, &script.join("\n"))
                        .output()
                        .expect("run bash");
                    assert!(
                        output.status.success(),
                        "{path} block at line {}: {}",
                        block.line,
                        String::from_utf8_lossy(&output.stderr)
                    );
                    whole += 1;
                }
                Some(Runs::UntilStopped) => {
                    for line in &block.body {
                        let command = line.split_once(" #").map_or(line.as_str(), |(c, _)| c);
                        let env = fresh();
                        env.todos(&["write", "--file", "examples/plan.json"])
                            .expect_stdout(concat!(
                                    "[2/5] Fix the login timeout and ship the patch\n",
                                    "  1 [x] Reproduce the timeout with a slow token server\n",
                                    "  2 [▶] Patch the token expiry check — Patching the token expiry check\n",
                                    "  3 [ ] Add a regression test for expired tokens\n",
                                    "  4 [ ] Update the changelog\n",
                                    "  5 [~] Benchmark the old retry loop\n",
                                    still_open!(3 of 5),
                                )).run()
                            .success();
                        // Each runs for its second, all of them at once.
                        let child = bash(&env, BLOCK, &format!("timeout 1 {}", command.trim()))
                            .spawn()
                            .expect("run bash");
                        running.push((path.clone(), block.line, command.to_owned(), env, child));
                    }
                }
                Some(Runs::Not) => not_run += 1,
                None => {}
            }
        }
    }
    for (path, line, command, _env, child) in running {
        let output = child.wait_with_output().expect("wait for bash");
        assert_eq!(
            output.status.code(),
            Some(124),
            "{path} block at line {line}: `{command}` ended before it was stopped: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            !output.stdout.is_empty(),
            "{path}: `{command}` printed nothing"
        );
        watched += 1;
    }
    assert!(whole >= 6, "only {whole} runnable sh blocks");
    assert!(watched >= 2, "only {watched} watches");
    assert!(not_run <= whole, "{not_run} sh blocks not run, {whole} run");
}

#[test]
fn a_claimed_output_becomes_a_check() {
    assert_eq!(
        checked_line("todos -q update 1 completed"),
        "todos -q update 1 completed"
    );
    assert_eq!(
        checked_line("todos recap   # → it's [1/2]"),
        "printed=$(todos recap) || true; [ \"$printed\" = 'it'\\''s [1/2]' ] || { echo 'page: `todos recap`' \"printed: $printed\" >&2; exit 1; }"
    );
    assert!(checked_line("todos recap   # [0/4] Pending: a.").contains("= '[0/4] Pending: a.'"));
    assert_eq!(
        checked_line("(cd w1 && todos next)   # [x] no"),
        "(cd w1 && todos next)   # [x] no"
    );
}

#[test]
fn the_recap_help_example_is_what_recap_prints() {
    let env = TestEnv::new();
    let help = env
        .todos(&["recap", "--help"])
        .stdout_in_parts("compared whole with the reviewed snapshot recap_help")
        .run()
        .success()
        .stdout;
    insta::assert_snapshot!("recap_help", whole(&help));
    let shown = help
        .lines()
        .skip_while(|line| line.trim() != "$ todos recap")
        .nth(1)
        .expect("the example's output")
        .trim();
    env.plan(
        "Fix login",
        &[
            "in_progress:Patch",
            "pending:Add a test",
            "pending:Update docs",
            "pending:Tag",
            "pending:Announce",
            "cancelled:Perf script",
        ],
    );
    assert_eq!(
        env.todos(&["recap"])
            .expect_stdout("[1/6] In progress: Patch. Pending: Add a test; Update docs; Tag (+1 more). Cancelled: Perf script.\n").run()
            .success()
            .stdout
            .trim(),
        shown
    );
}

#[test]
fn the_tab_tab_line_names_no_list_that_could_go_stale() {
    // The README's `todos <TAB><TAB>` names no list of commands that could go stale: the
    // commands come from the binary (tests/cli/completions.rs checks that bash offers each).
    let text = document("docs/install.md");
    let line = text
        .lines()
        .find(|line| line.starts_with("todos <TAB><TAB>"))
        .expect("the <TAB><TAB> line");
    assert!(line.contains("the commands"), "{line}");
}

#[test]
fn the_words_of_a_command_are_split_as_a_shell_would() {
    assert_eq!(
        words(r#"todos write --summary "Fix \"it\"" -t 'a b':c x"#),
        [
            "todos",
            "write",
            "--summary",
            "Fix \"it\"",
            "-t",
            "a b:c",
            "x"
        ]
    );
}

/// The example lines of a `--help`: what follows `Example:` or `Examples:`, without the output
/// an example shows (`$ todos recap` and the line after it), up to the blank line that ends them.
fn help_examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| !matches!(line.trim(), "Example:" | "Examples:"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .filter(|line| line.contains("todos"))
        .map(|line| line.strip_prefix("$ ").unwrap_or(line).to_owned())
        .collect()
}

/// Runs every example of every `--help` with bash, in order, each command's examples in a
/// workspace that holds the sample plan at revision 5 (the examples name revisions up to 4 and
/// expect 7 after two undos). Each must exit 0; `check` may exit 1, its answer while items are
/// open; a watch must still be running after a second.
#[test]
fn every_help_example_runs_as_shown() {
    let top = TestEnv::new();
    let mut pages = vec![(
        String::new(),
        top.todos(&["--help"]).run_unchecked().success().stdout,
    )];
    for command in top.subcommands() {
        let help = top
            .todos(&[&command, "--help"])
            .run_unchecked()
            .success()
            .stdout;
        pages.push((command, help));
    }
    let mut ran = 0;
    // The examples that run until stopped all run at once at the end, each for its second.
    let mut running = Vec::new();
    for (command, help) in pages {
        // The top-level examples are a first session: they start with no plan.
        let seeded = !command.is_empty();
        let env = fresh();
        if seeded {
            env.todos(&["write", "--file", "examples/plan.json"])
                .expect_stdout(concat!(
                    "[2/5] Fix the login timeout and ship the patch\n",
                    "  1 [x] Reproduce the timeout with a slow token server\n",
                    "  2 [▶] Patch the token expiry check — Patching the token expiry check\n",
                    "  3 [ ] Add a regression test for expired tokens\n",
                    "  4 [ ] Update the changelog\n",
                    "  5 [~] Benchmark the old retry loop\n",
                    still_open!(3 of 5)
                ))
                .run()
                .success();
        }
        for (id, content) in [
            ("4", "Update the changelog for 2.0"),
            ("4", "Update the changelog"),
            ("5", "Benchmark the retry loop"),
            ("5", "Benchmark the old retry loop"),
        ] {
            if seeded {
                env.todos(&["update", id, "--content", content])
                    .run_unchecked()
                    .success();
            }
        }
        // Examples that save into a shell's folder assume it exists, as the shells' own
        // documentation does, and the board's name ~/code, where a person keeps repositories.
        for folder in [
            ".local/share/bash-completion/completions",
            ".config/fish/completions",
            "code",
        ] {
            fs::create_dir_all(env.home().join(folder)).expect("a shell's folder");
        }
        let mut stopped_later = Vec::new();
        for example in help_examples(&help) {
            if example.starts_with("watch ") {
                // procps' watch needs a terminal and runs until Ctrl-C; what it runs is
                // `todos show`, checked everywhere.
                continue;
            }
            // `show --watch`, `history --follow` and the board's server run until they are
            // stopped.
            let watching = example.contains("--watch")
                || example.contains("--follow")
                || (example.contains("todos board") && !example.contains("--json"));
            if watching {
                let line = format!("timeout 1 {example}");
                let child = bash(&env, HELP_EXAMPLE, &line).spawn().expect("run bash");
                stopped_later.push((example, child));
                continue;
            }
            let output = bash(&env, HELP_EXAMPLE, &example)
                .output()
                .expect("run bash");
            let code = output.status.code().unwrap_or(-1);
            let fine = if example.contains("todos check") || example.contains("todos --json check")
            {
                code == 0 || code == 1
            } else {
                code == 0
            };
            assert!(
                fine,
                "`todos {command} --help`: `{example}` exited {code}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            ran += 1;
        }
        // The folder must outlive the examples that still run in it.
        running.push((command, env, stopped_later));
    }
    for (command, _env, stopped_later) in running {
        for (example, child) in stopped_later {
            let output = child.wait_with_output().expect("wait for bash");
            let code = output.status.code().unwrap_or(-1);
            assert!(
                code == 124,
                "`todos {command} --help`: `{example}` exited {code} before its second was up: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 40, "only {ran} examples ran");
}

/// The man page's ENVIRONMENT holds exactly the rows of todos' own tables (`VARIABLES`, then
/// `SETTINGS`' variables), in their order. (The manual's tables are generated from the same
/// tables: tests/cli/reference.rs.)
#[test]
fn the_man_pages_environment_is_todos_own_tables() {
    use todos::policy::settings::{SETTINGS, VARIABLES};
    let man = TestEnv::new()
        .todos(&["man"])
        .run_unchecked()
        .success()
        .stdout;
    let environment: Vec<String> = man
        .lines()
        .skip_while(|line| *line != ".SH ENVIRONMENT")
        .skip(1)
        .take_while(|line| !line.starts_with(".SH"))
        .filter_map(|line| line.strip_prefix("\\fB")?.strip_suffix("\\fR"))
        .map(ToOwned::to_owned)
        .collect();
    let expected: Vec<&str> = VARIABLES
        .iter()
        .map(|info| info.name)
        .chain(SETTINGS.iter().map(|info| info.env))
        .collect();
    assert_eq!(environment, expected, "the man page's ENVIRONMENT");
    assert!(environment.iter().any(|name| name == "TODOS_LIST"));
}

/// `-C`'s help says discovery as the README and SPEC do: the nearest of three markers,
/// whichever comes first.
#[test]
fn the_workspace_help_says_discovery_as_the_readme_does() {
    let help = TestEnv::new()
        .todos(&["--help"])
        .run_unchecked()
        .success()
        .stdout;
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first"
        ),
        "{help}"
    );
    assert!(
        document("docs/files.md")
            .contains("`.todos.json`, `.todos/` or `.git`, whichever comes first")
    );
}

/// The README's section that starts with the heading `title`, up to the next `## `.
fn section(title: &str) -> String {
    let readme = document("README.md");
    let start = readme
        .find(title)
        .unwrap_or_else(|| panic!("README has no {title}"));
    let rest = &readme[start + title.len()..];
    rest[..rest.find("\n## ").unwrap_or(rest.len())].to_owned()
}

#[test]
fn the_team_block_leaves_the_checkout_and_the_readers_shell_as_they_were() {
    let team = section("## A team of agents in worktrees");
    let block = blocks(&team)
        .into_iter()
        .find(|block| block.kind == "sh")
        .expect("the team block");
    let env = fresh();
    let before = env.tree();
    // The block as a reader pastes it, then what their shell is left with.
    let script = format!(
        "{}\nprintf '%s %s' \"$PWD\" \"${{TODOS_WORKTREES-unset}}\"",
        block
            .body
            .iter()
            .map(|line| checked_line(line))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let output = bash(&env, BLOCK, &script).output().expect("run bash");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{} unset", env.ws().display()),
        "the shell keeps its folder, and no TODOS_WORKTREES is exported"
    );
    assert_eq!(env.tree(), before, "nothing is left in the checkout");
}

#[test]
fn the_install_copies_the_quick_starts_build_onto_the_path() {
    let install = section("## Install");
    assert!(
        install.contains("install -m 755 target/release/todos ~/.local/bin/"),
        "{install}"
    );
    assert!(
        !install.contains("cargo install"),
        "no second build: {install}"
    );
    let readme = document("README.md");
    assert!(
        readme.find("## Quick start") < readme.find("## Install"),
        "the install copies what the quick start built"
    );
}
