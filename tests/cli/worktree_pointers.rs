//! A linked worktree's pointers (its `.git` file, `gitdir`, `commondir`) are hostile input
//! (SPEC §9): taken only as plain paths, never through `/proc` or a link, never to a main
//! worktree or `.git` another user owns; `init --git` follows the same rule; git's booleans
//! are read as git reads them. Each refusal leaves every file, inside the workspace and
//! outside it, byte for byte as it was.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{HISTORY, LOCK, TestEnv, still_open};

/// Every file under `dir` with its bytes, owner and mode; links as links.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, String> {
    use std::os::unix::fs::MetadataExt;
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, String>) {
        for entry in fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            let meta = fs::symlink_metadata(&path).unwrap();
            let key = path.strip_prefix(root).unwrap().to_path_buf();
            let who = format!("uid {} mode {:o}", meta.uid(), meta.mode());
            if meta.file_type().is_symlink() {
                let target = fs::read_link(&path).unwrap();
                out.insert(key, format!("{who} link {}", target.display()));
            } else if meta.is_dir() {
                out.insert(key, format!("{who} folder"));
                walk(root, &path, out);
            } else {
                let bytes = fs::read(&path).unwrap();
                out.insert(key, format!("{who} {}", String::from_utf8_lossy(&bytes)));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

fn chown_all_to_nobody(path: &Path) {
    let status = Command::new("chown")
        .args(["-R", "-h", "65534:65534"])
        .arg(path)
        .status()
        .expect("chown");
    assert!(status.success());
}

/// Another user's folder that poses as a repository whose worktree `x` points back through
/// `/proc/self/cwd`: wherever the victim runs todos, the pointer "points back" to it.
/// Returns the attacker's folder and the victim's worktree (its `.git` file names `x`).
fn proc_trap(env: &TestEnv) -> (PathBuf, PathBuf) {
    let evil = env.outside("evil");
    fs::create_dir_all(evil.join(".git/worktrees/x")).unwrap();
    fs::create_dir_all(evil.join(".git/objects")).unwrap();
    fs::create_dir_all(evil.join(".git/refs")).unwrap();
    fs::write(evil.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    fs::write(evil.join(".git/config"), "[core]\n\tbare = false\n").unwrap();
    fs::write(
        evil.join(".git/worktrees/x/gitdir"),
        "/proc/self/cwd/.git\n",
    )
    .unwrap();
    fs::write(evil.join(".git/worktrees/x/commondir"), "../..\n").unwrap();
    chown_all_to_nobody(&evil);
    let victim = env.root().join("victim");
    fs::create_dir_all(&victim).unwrap();
    fs::write(
        victim.join(".git"),
        format!("gitdir: {}\n", evil.join(".git/worktrees/x").display()),
    )
    .unwrap();
    fs::write(
        victim.join(".todos.config.json"),
        "{\"worktrees\": \"shared\"}\n",
    )
    .unwrap();
    (evil, victim)
}

#[test]
fn a_pointer_through_proc_keeps_the_worktrees_own_plan_and_touches_nothing_outside() {
    let env = TestEnv::new();
    let (evil, victim) = proc_trap(&env);
    let outside = snapshot(&env.outside(""));
    let done = env
        // Not `-q`: it silences warnings too (issue 31).
        .todos(&["write", "--summary", "S", "-t", "pending:a"])
        .current_dir(&victim)
        .expect_stdout(concat!("[0/1] S\n", "  1 [ ] a\n", still_open!(1 of 1)))
        .expect_stderr(
            "warning: worktrees is \"shared\", but this worktree keeps its own plan: \
                [ROOT]/outside/evil/.git/worktrees/x/gitdir names /proc/self/cwd/.git, a \
                path through /proc: git's pointers are taken only as plain paths\n",
        )
        .run()
        .success();
    let gitdir = evil.join(".git/worktrees/x/gitdir");
    assert_eq!(
        done.stderr,
        format!(
            "warning: worktrees is \"shared\", but this worktree keeps its own plan: {} names \
             /proc/self/cwd/.git, a path through /proc: git's pointers are taken only as plain \
             paths\n",
            gitdir.display()
        )
    );
    assert!(victim.join(".todos.json").is_file(), "its own plan");
    assert_eq!(
        snapshot(&env.outside("")),
        outside,
        "nothing outside changed"
    );
    // A reader says the same, and changes nothing anywhere.
    env.rejects(
        env.todos(&["show"])
            .current_dir(&victim)
            .expect_stdout(concat!("[0/1] S\n", "  1 [ ] a\n",))
            .expect_stderr(
                "warning: worktrees is \"shared\", but this worktree keeps its own plan: \
            [ROOT]/outside/evil/.git/worktrees/x/gitdir names /proc/self/cwd/.git, a \
            path through /proc: git's pointers are taken only as plain paths\n",
            ),
        0,
    );
}

#[test]
fn init_git_refuses_a_pointer_through_proc_and_writes_nothing() {
    let env = TestEnv::new();
    let (evil, victim) = proc_trap(&env);
    let reason = format!(
        "{} names /proc/self/cwd/.git, a path through /proc: git's pointers are taken only as \
         plain paths",
        evil.join(".git/worktrees/x/gitdir").display()
    );
    let outside = snapshot(&env.outside(""));
    let done = env.rejects(
        env.todos(&["init", "--git"])
            .current_dir(&victim)
            .expect_stderr(concat!(
                "error: [ROOT]/outside/evil/.git/worktrees/x/gitdir names /proc/self/cwd/.git, \
                a path through /proc: git's pointers are taken only as plain paths\n",
                "hint: check the repository with `git worktree list` (`git worktree repair` \
                rewrites a worktree's pointers), or leave out --git\n",
            )),
        6,
    );
    assert_eq!(done.stderr, format!("error: {reason}\nhint: {HINT}\n"));
    assert_eq!(snapshot(&env.outside("")), outside);
    // Plain `init` asks nothing of git: AGENTS.md goes into the worktree, nothing outside.
    env.todos(&["-q", "init"])
        .current_dir(&victim)
        .run()
        .success();
    assert!(victim.join("AGENTS.md").is_file());
    assert_eq!(snapshot(&env.outside("")), outside);
}

/// What `init --git` says to do about a pointer or a repository it does not trust.
const HINT: &str = "check the repository with `git worktree list` (`git worktree repair` rewrites \
                    a worktree's pointers), or leave out --git";

/// A repository `repo/main` with one commit and a linked worktree `repo/w1`.
fn repository(env: &TestEnv) -> (PathBuf, PathBuf) {
    let main = env.root().join("repo/main");
    fs::create_dir_all(&main).unwrap();
    for args in [
        &["init", "-q", "-b", "main"][..],
        &["commit", "-q", "--allow-empty", "-m", "init"],
        &["worktree", "add", "-q", "../w1", "-b", "w1"],
    ] {
        env.git_in(&main, args).success();
    }
    (main, env.root().join("repo/w1"))
}

#[track_caller]
fn keeps_own_plan(env: &TestEnv, w1: &Path, main: &Path, why: &str) {
    let main_before = snapshot(main);
    env
        // Not `-q`: it silences warnings too (issue 31).
        .todos(&["create", "a"])
        .current_dir(w1)
        .env("TODOS_WORKTREES", "shared")
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] a\n",
            still_open!(1 of 1),
        ))
        .expect_stderr(format!(
            "warning: worktrees is \"shared\", but this worktree keeps its own plan: {why}\n"
        ))
        .run();
    assert!(w1.join(".todos.json").is_file(), "{why}");
    assert_eq!(snapshot(main), main_before, "{why}");
    fs::remove_file(w1.join(".todos.json")).unwrap();
    fs::remove_file(w1.join(HISTORY)).unwrap();
    let _ = fs::remove_file(w1.join(LOCK));
}

#[test]
fn a_pointer_through_a_link_keeps_the_worktrees_own_plan() {
    let env = TestEnv::new();
    let (main, w1) = repository(&env);
    let real = fs::read_to_string(w1.join(".git")).unwrap();
    // The `.git` file names the admin folder through a link to the main `.git`.
    let link = env.root().join("repo/alias");
    std::os::unix::fs::symlink(main.join(".git"), &link).unwrap();
    fs::write(
        w1.join(".git"),
        format!("gitdir: {}\n", link.join("worktrees/w1").display()),
    )
    .unwrap();
    keeps_own_plan(
        &env,
        &w1,
        &main,
        &format!(
            "{} names {}, a path through a link: git's pointers are taken only as plain paths",
            w1.join(".git").display(),
            link.join("worktrees/w1").display()
        ),
    );
    // A `..` right after a link: the text and the kernel disagree on where it leads.
    let around = env.root().join("repo/alias/../main/.git/worktrees/w1");
    fs::write(w1.join(".git"), format!("gitdir: {}\n", around.display())).unwrap();
    keeps_own_plan(
        &env,
        &w1,
        &main,
        &format!(
            "{} names {}, a path through a link: git's pointers are taken only as plain paths",
            w1.join(".git").display(),
            around.display()
        ),
    );
    // `/proc` reached by climbing a relative path.
    let climb = format!("{}proc/self/cwd/.git", "../".repeat(40));
    fs::write(main.join(".git/worktrees/w1/gitdir"), format!("{climb}\n")).unwrap();
    fs::write(w1.join(".git"), &real).unwrap();
    keeps_own_plan(
        &env,
        &w1,
        &main,
        &format!(
            "{} names {}, a path through /proc: git's pointers are taken only as plain paths",
            main.join(".git/worktrees/w1/gitdir").display(),
            main.join(".git/worktrees/w1").join(&climb).display()
        ),
    );
    // The gitdir file points back through a link to the worktree.
    fs::write(w1.join(".git"), &real).unwrap();
    let back = env.root().join("repo/back");
    std::os::unix::fs::symlink(&w1, &back).unwrap();
    let gitdir = main.join(".git/worktrees/w1/gitdir");
    fs::write(&gitdir, format!("{}\n", back.join(".git").display())).unwrap();
    keeps_own_plan(
        &env,
        &w1,
        &main,
        &format!(
            "{} names {}, a path through a link: git's pointers are taken only as plain paths",
            gitdir.display(),
            back.join(".git").display()
        ),
    );
}

#[test]
fn a_main_worktree_of_another_user_keeps_the_worktrees_own_plan() {
    let env = TestEnv::new();
    let (main, w1) = repository(&env);
    chown_all_to_nobody(&main);
    keeps_own_plan(
        &env,
        &w1,
        &main,
        &format!(
            "the main worktree {} is owned by another user (uid 65534), so todos does not trust it",
            main.display()
        ),
    );
    // Its .git alone, too.
    let status = Command::new("chown")
        .args(["0:0"])
        .arg(&main)
        .status()
        .unwrap();
    assert!(status.success());
    keeps_own_plan(
        &env,
        &w1,
        &main,
        &format!(
            "the main worktree's {} is owned by another user (uid 65534), so todos does not trust \
                 it",
            main.join(".git").display()
        ),
    );
    // `init --git` follows the same rule: nothing written, in the worktree or the main one.
    let done = env.rejects(
        env.todos(&["init", "--git"])
            .current_dir(&w1)
            .expect_stderr(concat!(
                "error: the main worktree's [ROOT]/repo/main/.git is owned by another user \
                (uid 65534), so todos does not trust it\n",
                "hint: check the repository with `git worktree list` (`git worktree repair` \
                rewrites a worktree's pointers), or leave out --git\n",
            )),
        6,
    );
    assert_eq!(
        done.stderr,
        format!(
            "error: the main worktree's {} is owned by another user (uid 65534), so todos does \
             not trust it\nhint: {HINT}\n",
            main.join(".git").display()
        )
    );
}

#[test]
fn core_bare_is_read_as_git_reads_a_boolean() {
    let env = TestEnv::new();
    let (main, w1) = repository(&env);
    let config = fs::read_to_string(main.join(".git/config")).unwrap();
    for value in ["1", "yes", "on", "TRUE", "2", "1k"] {
        let bare = config.replace("bare = false", &format!("bare = {value}"));
        assert_ne!(bare, config);
        fs::write(main.join(".git/config"), &bare).unwrap();
        keeps_own_plan(
            &env,
            &w1,
            &main,
            &format!(
                "the repository {} is bare (core.bare = true): there is no main worktree to share \
                 a plan with",
                main.join(".git").display()
            ),
        );
    }
    // A key without a value is true, and the last of two values wins, as in git.
    for (text, bare) in [
        ("[core]\n\tbare\n", true),
        ("[core]\n\tbare = true\n[Core]\n\tBare = off\n", false),
        ("[core] bare = no\n", false),
        ("[core]\n\tbare = \"yes\" ; a comment\n", true),
    ] {
        fs::write(main.join(".git/config"), text).unwrap();
        let (folder, warning) = if bare {
            (
                "repo/w1",
                "warning: worktrees is \"shared\", but this worktree keeps its own plan: the \
                 repository [ROOT]/repo/main/.git is bare (core.bare = true): there is no main \
                 worktree to share a plan with\n",
            )
        } else {
            ("repo/main", "")
        };
        env.todos(&["show"])
            .current_dir(&w1)
            .env("TODOS_WORKTREES", "shared")
            .expect_stdout("[0/0] (no summary)\n  No todos.\n")
            .expect_stderr(format!(
                "note: no plan in [ROOT]/{folder} yet; start one with `todos write --summary TEXT \
                 -t STEP…` or `todos create STEP…`\n{warning}"
            ))
            .run();
    }
    // A value git refuses is not taken as false.
    fs::write(main.join(".git/config"), "[core]\n\tbare = maybe\n").unwrap();
    keeps_own_plan(
        &env,
        &w1,
        &main,
        &format!(
            "{} holds core.bare = maybe, which git does not read as a boolean",
            main.join(".git/config").display()
        ),
    );
}
