//! `worktrees: shared` (SPEC §6) with real `git worktree add`: linked worktrees use the main
//! worktree's plan; anything odd keeps their own, with a warning; `-C` wins.

use std::path::{Path, PathBuf};

use crate::support::{HISTORY, TestEnv};

/// The note a linked worktree's command leaves: whose plan it works on.
const SHARED: &str = "note: plan: ../main, shared by the worktrees\n";

/// A repository `repo/main` with one commit and linked worktrees `repo/w1`, `repo/w2`.
fn repository(env: &TestEnv) -> (PathBuf, PathBuf, PathBuf) {
    let repo = env.root().join("repo");
    let main = repo.join("main");
    std::fs::create_dir_all(&main).expect("main folder");
    env.git_in(&main, &["init", "-q", "-b", "main"]).success();
    env.git_in(&main, &["commit", "-q", "--allow-empty", "-m", "init"])
        .success();
    for name in ["w1", "w2"] {
        let place = format!("../{name}");
        env.git_in(&main, &["worktree", "add", "-q", &place, "-b", name])
            .success();
    }
    (main, repo.join("w1"), repo.join("w2"))
}

#[test]
fn linked_worktrees_share_the_main_plan_and_say_so_once() {
    let env = TestEnv::new();
    let (main, w1, w2) = repository(&env);
    let shared = |dir: &Path, args: &[&str]| {
        env.todos(args)
            .current_dir(dir)
            .env("TODOS_WORKTREES", "shared")
    };
    shared(
        &main,
        &[
            "-q",
            "write",
            "--summary",
            "One plan",
            "-t",
            "pending:A",
            "-t",
            "pending:B",
        ],
    )
    .run()
    .success();
    let claimed = shared(&w1, &["next", "--claim", "--owner", "w1"])
        .expect_stdout("  1 [▶] A @w1\n")
        .expect_stderr(SHARED)
        .run()
        .success();
    assert_eq!(claimed.stdout, "  1 [▶] A @w1\n");
    assert_eq!(claimed.stderr, SHARED);
    let reply = shared(&w2, &["--json", "next", "--claim", "--owner", "w2"])
        .expect_stdout(
            "{\"status\":\"success\",\"data\":{\"next\":{\"id\":\"2\",\
                \"content\":\"B\",\"status\":\"in_progress\",\"owner\":\"w2\"},\
                \"claim\":{\"owner\":\"w2\",\"revision\":3,\"lease_until\":null,\
                \"taken_over_from\":null,\"taken_over\":null},\"claimed\":true,\
                \"revision\":3,\"recap\":\"[0/2] In progress: A (+1 more).\",\
                \"warnings\":[]},\"text\":\"Claimed: 2 \\\"B\\\".\",\
                \"stats\":{\"total\":2,\"pending\":0,\"in_progress\":2,\
                \"completed\":0,\"cancelled\":0,\"failed\":0,\"blocked\":0},\
                \"context\":{\"cwd\":\"[ROOT]/repo/w2\",\"workspace\":\"[ROOT]/repo/main\",\
                \"list\":\"default\",\"params_input\":null}}\n",
        )
        .run()
        .success()
        .json();
    assert_eq!(reply["data"]["next"]["id"], "2");
    let workspace = PathBuf::from(reply["context"]["workspace"].as_str().expect("workspace"));
    assert_eq!(
        workspace.canonicalize().unwrap(),
        main.canonicalize().unwrap()
    );
    // Everything landed in the main worktree; the linked ones hold no plan of their own.
    assert!(main.join(".todos.json").is_file() && main.join(HISTORY).is_file());
    assert!(!w1.join(".todos.json").exists() && !w2.join(".todos.json").exists());
    // From a subfolder too, and the same through the config file of the worktree.
    std::fs::create_dir_all(w1.join("src")).unwrap();
    std::fs::write(w1.join(".todos.config.json"), r#"{"worktrees": "shared"}"#).unwrap();
    env.todos(&["show"])
        .current_dir(w1.join("src"))
        .expect_stdout(concat!(
            "[0/2] One plan\n",
            "  1 [▶] A @w1\n",
            "  2 [▶] B @w2\n"
        ))
        .expect_stderr(SHARED)
        .run()
        .success();
    // Hooks in every worktree see the shared plan.
    shared(&w2, &["hook"])
        .stdin(r#"{"hook_event_name":"SessionStart","source":"startup"}"#)
        .expect_stdout(concat!(
            "Plan (todos) [0/2] One plan — open items (update with `todos update ID STATUS`):\n",
            "  1 [▶] A @w1\n",
            "  2 [▶] B @w2\n"
        ))
        .run()
        .success();
    // -C wins; without the setting each worktree keeps its own plan, as before.
    shared(&w1, &["-C", ".", "show"]).expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n")).expect_stderr("note: no plan in [ROOT]/repo/w1/. yet; start one with `todos write --summary TEXT -t STEP…` or `todos create STEP…`\n").run().success();
    std::fs::remove_file(w1.join(".todos.config.json")).unwrap();
    env
        .todos(&["show"])
        .current_dir(&w1)
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n")).expect_stderr("note: no plan in [ROOT]/repo/w1 yet; start one with `todos write --summary TEXT -t STEP…` or `todos create STEP…`\n").run()
        .success();
}

#[test]
fn anything_odd_keeps_the_worktrees_own_plan_with_a_warning() {
    let env = TestEnv::new();
    let (main, w1, _) = repository(&env);
    env.todos(&["-q", "write", "--summary", "Main", "-t", "pending:A"])
        .current_dir(&main)
        .run()
        .success();
    let own_plan = |why: &str| {
        env.todos(&["show"])
            .current_dir(&w1)
            .env("TODOS_WORKTREES", "shared")
            .expect_stdout("[0/0] (no summary)\n  No todos.\n")
            .expect_stderr(format!(
                "note: no plan in [ROOT]/repo/w1 yet; start one with `todos write --summary TEXT \
                 -t STEP…` or `todos create STEP…`\n\
                 warning: worktrees is \"shared\", but this worktree keeps its own plan: {why}\n"
            ))
            .run();
    };
    let admin = main.join(".git/worktrees/w1");
    let back = std::fs::read_to_string(admin.join("gitdir")).unwrap();
    // A pointer that does not point back.
    std::fs::write(
        admin.join("gitdir"),
        format!("{}\n", main.join(".git").display()),
    )
    .unwrap();
    own_plan(
        "[ROOT]/repo/main/.git/worktrees/w1/gitdir points to [ROOT]/repo/main/.git, not back to \
         [ROOT]/repo/w1/.git",
    );
    // A gitdir file that is a link, wherever it points.
    std::fs::remove_file(admin.join("gitdir")).unwrap();
    std::os::unix::fs::symlink(w1.join(".git"), admin.join("gitdir")).unwrap();
    own_plan(
        "[ROOT]/repo/main/.git/worktrees/w1/gitdir cannot be read: \
         [ROOT]/repo/main/.git/worktrees/w1/gitdir is a symbolic link; todos does not read or \
         write through it",
    );
    std::fs::remove_file(admin.join("gitdir")).unwrap();
    std::fs::write(admin.join("gitdir"), &back).unwrap();
    // A missing folder.
    let dot_git = std::fs::read_to_string(w1.join(".git")).unwrap();
    std::fs::write(w1.join(".git"), "gitdir: /nonexistent/.git/worktrees/w1\n").unwrap();
    own_plan("[ROOT]/repo/w1/.git leads to /nonexistent/.git/worktrees/w1, which does not exist");
    // A control character in the path: refused, and escaped in the warning.
    std::fs::write(w1.join(".git"), "gitdir: /tmp/\u{1b}[31mred\n").unwrap();
    // Escaped: the whole warning holds no escape character.
    own_plan("[ROOT]/repo/w1/.git holds a path with a control character");
    // A bare repository has no main worktree.
    let bare = env.root().join("bare.git");
    env.git_in(
        &env.root(),
        &[
            "clone",
            "-q",
            "--bare",
            main.to_str().unwrap(),
            bare.to_str().unwrap(),
        ],
    )
    .success();
    env.git_in(&bare, &["worktree", "add", "-q", "../wb", "main"])
        .success();
    env.todos(&["show"])
        .current_dir(env.root().join("wb"))
        .env("TODOS_WORKTREES", "shared")
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n",))
        .expect_stderr(concat!(
            "note: no plan in [ROOT]/wb yet; start one with `todos write --summary TEXT \
                    -t STEP…` or `todos create STEP…`\n",
            "warning: worktrees is \"shared\", but this worktree keeps its own plan: \
                    the repository [ROOT]/bare.git is bare: there is no main worktree to share \
                    a plan with\n",
        ))
        .run()
        .success();
    // Put back, it is shared again.
    std::fs::write(w1.join(".git"), dot_git).unwrap();
    env.todos(&["show"])
        .current_dir(&w1)
        .env("TODOS_WORKTREES", "shared")
        .expect_stdout(concat!("[0/1] Main\n", "  1 [ ] A\n"))
        .expect_stderr(SHARED)
        .run()
        .success();
    // A bad value is refused, naming the key.
    env.rejects(env.todos(&["show"]).env("TODOS_WORKTREES", "all").expect_stderr("error: environment variable TODOS_WORKTREES=\"all\" is invalid: it must be \"separate\" (each worktree has its own plan) or \"shared\" (every linked worktree uses the main worktree's plan)\n"), 1);
}
