//! `init` edits project files only (SPEC §9): a workspace that is the user's home, or a folder
//! of an agent's user-level settings, is refused however it was named, so that the allow rule
//! `init` writes (`Bash(todos:*)`) cannot let an agent grant itself user-level settings
//! without a prompt. Nothing is written anywhere.

use crate::support::TestEnv;

#[track_caller]
fn refused(env: &TestEnv, dir: &std::path::Path, run: crate::support::Run) {
    let shown = dir.canonicalize().unwrap();
    env.rejects(
        run.expect_stderr(format!(
            "error: {} is {}, not a project: todos init edits project files only\n\
             hint: run `todos init` in the project's folder (or pass -C with it); an agent's \
             user-level settings are yours to edit\n",
            dir.display(),
            what(env, &shown)
        )),
        6,
    );
}

fn what(env: &TestEnv, dir: &std::path::Path) -> &'static str {
    let home = env.home().canonicalize().unwrap();
    if dir == home {
        "your home folder"
    } else if dir.starts_with(home.join(".config")) {
        "in your user configuration folder"
    } else {
        "in an agent's user-level settings folder"
    }
}

#[test]
fn init_refuses_the_home_folder_and_agents_user_level_settings() {
    let env = TestEnv::new();
    let home = env.home();
    let folders = [
        home.clone(),
        home.join(".claude"),
        home.join(".codex"),
        home.join(".gemini"),
        home.join(".config"),
        home.join(".config/todos"),
        home.join(".claude/projects"),
    ];
    for dir in &folders {
        std::fs::create_dir_all(dir).unwrap();
    }
    for dir in &folders {
        let path = dir.to_str().unwrap();
        for args in [
            &["init", "--agent", "claude", "--hooks", "--mcp"][..],
            &["init", "--agent", "codex", "--mcp"],
            &["init", "--agent", "gemini", "--hooks"],
            &["init"],
            &["init", "--git"],
        ] {
            let mut with_c = vec!["-C", path];
            with_c.extend_from_slice(args);
            refused(&env, dir, env.todos(&with_c));
            // TODOS_WORKSPACE names it the same way; from inside it, discovery finds it.
            refused(&env, dir, env.todos(args).env("TODOS_WORKSPACE", dir));
        }
    }
    // A link to the home folder is the home folder.
    let link = env.root().join("to-home");
    std::os::unix::fs::symlink(&home, &link).unwrap();
    refused(
        &env,
        &link,
        env.todos(&[
            "-C",
            link.to_str().unwrap(),
            "init",
            "--agent",
            "claude",
            "--hooks",
        ]),
    );
    // Discovery from the home folder itself (no .git above it) finds the home folder.
    refused(&env, &home, env.todos(&["init"]).current_dir(&home));
    // A project inside the home folder is a project; the other commands still work at home.
    let project = home.join("src/app");
    std::fs::create_dir_all(&project).unwrap();
    env.todos(&[
        "-q",
        "-C",
        project.to_str().unwrap(),
        "init",
        "--agent",
        "claude",
        "--hooks",
    ])
    .run()
    .success();
    assert!(project.join(".claude/settings.json").is_file());
    env.todos(&["-q", "-C", home.to_str().unwrap(), "create", "a"])
        .run()
        .success();
}

#[test]
fn the_user_level_folders_are_read_from_the_agents_own_variables_too() {
    let env = TestEnv::new();
    let agents = "in an agent's user-level settings folder";
    for (variable, dir, what) in [
        ("CODEX_HOME", env.root().join("codex-home"), agents),
        (
            "CLAUDE_CONFIG_DIR",
            env.root().join("claude-config"),
            agents,
        ),
        (
            "XDG_CONFIG_HOME",
            env.root().join("xdg"),
            "in your user configuration folder",
        ),
    ] {
        std::fs::create_dir_all(&dir).unwrap();
        let run = env
            .todos(&[
                "-C",
                dir.to_str().unwrap(),
                "init",
                "--agent",
                "codex",
                "--mcp",
            ])
            .env(variable, &dir);
        env.rejects(
            run.expect_stderr(format!(
                "error: {} is {what}, not a project: todos init edits project files only\n\
                 hint: run `todos init` in the project's folder (or pass -C with it); an agent's \
                 user-level settings are yours to edit\n",
                dir.display(),
            )),
            6,
        );
    }
}
