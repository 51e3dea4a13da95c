//! `todos man`: a roff page that covers every command and option, and renders with `man`.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::support::TestEnv;

/// The long options a command's `--help` lists, `--help` and `--version` aside.
fn long_options(help: &str) -> Vec<String> {
    let mut options: Vec<String> = help
        .lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with('-'))
        .flat_map(str::split_whitespace)
        .filter_map(|word| word.strip_prefix("--"))
        .map(|name| name.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()))
        .filter(|name| !name.is_empty() && !matches!(*name, "help" | "version"))
        .map(|name| format!("--{name}"))
        .collect();
    options.dedup();
    options
}

/// `page` formatted by `man`, or None where `man` is not installed.
#[track_caller]
fn render_with_man(page: &str) -> Option<String> {
    let mut child = match Command::new("man")
        .args(["--warnings", "-l", "-"])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "100")
        // UTF-8, or groff cannot draw the `[▶]` marker and says so.
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return None,
        Err(err) => panic!("run man: {err}"),
    };
    child
        .stdin
        .take()
        .expect("stdin pipe")
        .write_all(page.as_bytes())
        .expect("feed man");
    let output = child.wait_with_output().expect("wait for man");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "man failed: {stderr}");
    assert!(stderr.is_empty(), "man warned: {stderr}");
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn the_man_page_covers_every_command_and_option() {
    let env = TestEnv::new();
    let page = env
        .todos(&["man"])
        .stdout_in_parts("the man page: its parts are checked below")
        .run()
        .stdout;
    assert!(page.contains("\n.TH todos 1 "), "{page}");
    assert!(page.contains("\n.SH COMMANDS\n"), "{page}");
    let rendered = render_with_man(&page);
    let text = rendered.as_deref().unwrap_or(&page);
    // In roff source a dash is written `\-`; `man` prints it as a plain `-`.
    let shown = |word: &str| {
        if rendered.is_some() {
            word.to_owned()
        } else {
            word.replace('-', "\\-")
        }
    };
    let top = env
        .todos(&["--help"])
        .stdout_in_parts("a help page, read for its options")
        .run()
        .stdout;
    assert!(long_options(&top).contains(&"--lock-timeout".to_owned()));
    for option in long_options(&top) {
        assert!(text.contains(&shown(&option)), "{option} not in the page");
    }
    for command in env.subcommands() {
        assert!(
            text.contains(&format!("todos {command}")),
            "{command} not in the page"
        );
        let help = env
            .todos(&[&command, "--help"])
            .stdout_in_parts("a help page, read for its options")
            .run()
            .stdout;
        for option in long_options(&help) {
            assert!(
                text.contains(&shown(&option)),
                "{command} {option} not in the page"
            );
        }
    }
    for section in [
        "NAME",
        "SYNOPSIS",
        "OPTIONS",
        "EXAMPLES",
        "EXIT STATUS",
        "ENVIRONMENT",
    ] {
        assert!(text.contains(section), "{section} not in the page");
    }
    if let Some(rendered) = rendered {
        assert!(rendered.starts_with("todos(1)"), "{rendered}");
        assert!(
            rendered.contains("todos write --file examples/plan.json"),
            "examples keep their lines: {rendered}"
        );
        assert!(!rendered.contains("\\-"), "raw roff in {rendered}");
        // The help's `code` spans are set in bold, not shown with their backticks.
        // A Markdown fence (```) in the help is text about Markdown, and stays.
        assert!(
            !rendered.replace("```", "").contains('`'),
            "backticks in {rendered}"
        );
        assert!(!rendered.contains("\\f"), "raw font escapes in {rendered}");
    }
}

#[test]
fn man_and_completions_need_no_workspace() {
    let env = TestEnv::new();
    env.todos(&["man"])
        .env("TODOS_WORKSPACE", env.path("gone"))
        .env("TODOS_NOW", "yesterday")
        .stdout_in_parts("the man page, checked in the test above")
        .run();
    env.todos(&["completions", "bash"])
        .env("TODOS_WORKSPACE", env.path("gone"))
        .expect_stdout(concat!(
            "\n",
            "_clap_complete_todos() {\n",
            "    local IFS=$'\\013'\n",
            "    local _CLAP_COMPLETE_INDEX=${COMP_CWORD}\n",
            "    local _CLAP_COMPLETE_COMP_TYPE=${COMP_TYPE}\n",
            "    if compopt +o nospace 2> /dev/null; then\n",
            "        local _CLAP_COMPLETE_SPACE=false\n",
            "    else\n",
            "        local _CLAP_COMPLETE_SPACE=true\n",
            "    fi\n",
            "    local words=(\"${COMP_WORDS[@]}\")\n",
            "    if [[ \"${BASH_VERSINFO[0]}\" -ge 4 ]]; then\n",
            "        words[COMP_CWORD]=\"$2\"\n",
            "    fi\n",
            "    COMPREPLY=( $( \\\n",
            "        _CLAP_IFS=\"$IFS\" \\\n",
            "        _CLAP_COMPLETE_INDEX=\"$_CLAP_COMPLETE_INDEX\" \\\n",
            "        _CLAP_COMPLETE_COMP_TYPE=\"$_CLAP_COMPLETE_COMP_TYPE\" \\\n",
            "        _CLAP_COMPLETE_SPACE=\"$_CLAP_COMPLETE_SPACE\" \\\n",
            "        COMPLETE=\"bash\" \\\n",
            "        \"todos\" -- \"${words[@]}\" \\\n",
            "    ) )\n",
            "    if [[ $? != 0 ]]; then\n",
            "        unset COMPREPLY\n",
            "    elif [[ $_CLAP_COMPLETE_SPACE == false ]] && [[ \"${COMPREPLY-}\" =~ \
                    [=/:]$ ]]; then\n",
            "        compopt -o nospace\n",
            "    fi\n",
            "}\n",
            "if [[ \"${BASH_VERSINFO[0]}\" -eq 4 && \"${BASH_VERSINFO[1]}\" -ge 4 || \
                    \"${BASH_VERSINFO[0]}\" -gt 4 ]]; then\n",
            "    complete -o nospace -o bashdefault -o nosort -F _clap_complete_todos \
                    todos\n",
            "else\n",
            "    complete -o nospace -o bashdefault -F _clap_complete_todos todos\n",
            "fi\n",
            "\n",
        ))
        .run()
        .success();
}
