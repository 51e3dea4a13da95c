//! Files of another user and folders without write access (SPEC §9): discovery refuses them,
//! no one changes what they cannot write, and a new store is never looser than the umask.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::filesystems::which;
use crate::support::{HISTORY, LOCK, Run, TestEnv, still_open};

/// Makes `path` owned by the unprivileged user 65534 (the tests run as root).
fn chown_to_nobody(path: &Path) {
    let status = Command::new("chown")
        .args(["-h", "65534:65534"])
        .arg(path)
        .status()
        .expect("chown");
    assert!(status.success());
}

#[test]
fn discovery_refuses_todos_files_of_another_user() {
    let empty_store = r#"{"version": 1, "revision": 0, "next_id": 1, "todos": []}"#;
    for name in [".todos.json", ".todos", ".todos.config.json"] {
        let env = TestEnv::new();
        // `shared` stands for a folder such as /tmp: no .git, a file another user put there.
        let shared = env.outside("shared");
        fs::create_dir_all(shared.join("project")).unwrap();
        if name == ".todos" {
            fs::create_dir(shared.join(name)).unwrap();
        } else {
            fs::write(
                shared.join(name),
                if name == ".todos.json" {
                    empty_store
                } else {
                    "{}"
                },
            )
            .unwrap();
        }
        chown_to_nobody(&shared.join(name));
        // From `shared` itself, and, where the file marks a workspace, from a folder below,
        // which discovery climbs out of.
        let mut dirs = vec![shared.clone()];
        if name != ".todos.config.json" {
            dirs.push(shared.join("project"));
        }
        let untrusted = format!(
            "error: [ROOT]/outside/shared/{name} is owned by another user (uid 65534), so the \
             workspace it marks is not trusted\n\
             hint: to use it anyway, pass -C [ROOT]/outside/shared (or TODOS_WORKSPACE); \
             otherwise work in a folder of your own\n"
        );
        for dir in dirs {
            for command in [&["create", "A"][..], &["show"]] {
                env.rejects(
                    env.todos(command)
                        .current_dir(&dir)
                        .expect_stderr(&untrusted),
                    6,
                );
            }
        }
        // Named explicitly, it is the user's choice.
        let note = if name == ".todos.json" {
            ""
        } else {
            "note: no plan in [ROOT]/outside/shared yet; start one with `todos write --summary \
             TEXT -t STEP…` or `todos create STEP…`\n"
        };
        env.todos(&["-C", shared.to_str().unwrap(), "show"])
            .current_dir(shared.join("project"))
            .expect_stdout("[0/0] (no summary)\n  No todos.\n")
            .expect_stderr(note)
            .run();
    }
}

#[test]
fn a_new_store_never_gets_looser_permissions_than_the_umask() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    fs::set_permissions(env.path(".todos.json"), fs::Permissions::from_mode(0o666)).unwrap();
    env.todos(&["create", "B"])
        .via(&["sh", "-c", "umask 077; exec \"$0\" \"$@\""])
        .stdout_to(Stdio::null())
        .run()
        .success();
    let mode = fs::metadata(env.path(".todos.json"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

/// `todos ARGS…` in `env` as the unprivileged user 65534, through `setpriv`; `None` (and a line
/// on stderr) where there is no `setpriv`.
fn as_nobody(env: &TestEnv, args: &[&str]) -> Option<Run> {
    let Ok(setpriv) = which("setpriv") else {
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no setpriv to run as another user"
        );
        return None;
    };
    let mut run = env.todos(&["--lock-timeout", "30"]);
    for arg in args {
        run = run.arg(arg);
    }
    Some(run.via(&[
        setpriv.as_str(),
        "--reuid",
        "65534",
        "--regid",
        "65534",
        "--clear-groups",
        "--",
    ]))
}

#[test]
fn another_user_without_write_access_changes_nothing() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:a"]);
    fs::set_permissions(env.root(), fs::Permissions::from_mode(0o755)).unwrap();
    let Some(update) = as_nobody(&env, &["update", "1", "completed"]) else {
        return;
    };
    env.rejects(update.expect_stderr("error: cannot open the lock file [ROOT]/ws/.todos/default.json.lock: Permission denied (os error 13)\n"), 5);
    if let Some(show) = as_nobody(&env, &["show"]) {
        show.expect_stdout(concat!("[0/1] S\n", "  1 [▶] a\n"))
            .run()
            .success();
    }
}

/// A plan of two open items that root wrote in `env`, its files writable by everyone and the
/// workspace folder and its `.todos/` given `mode`; and `update 1 completed` as user 65534
/// (`as_nobody`).
fn root_plan_open_to_nobody(env: &TestEnv, mode: u32) -> Option<Run> {
    env.plan("S", &["in_progress:a", "pending:b"]);
    for name in [".todos.json", LOCK, HISTORY, ".todos/.gitignore"] {
        fs::set_permissions(env.path(name), fs::Permissions::from_mode(0o666)).unwrap();
    }
    fs::set_permissions(env.root(), fs::Permissions::from_mode(0o755)).unwrap();
    for folder in [env.ws(), env.path(".todos")] {
        fs::set_permissions(folder, fs::Permissions::from_mode(mode)).unwrap();
    }
    as_nobody(env, &["update", "1", "completed"])
}

#[test]
fn another_user_may_change_a_plan_in_a_folder_everyone_may_write() {
    // The folder a store is replaced in is opened with O_NOATIME, which only its owner (or
    // root) may ask for: anyone else is refused it (EPERM), and opens the folder as usual.
    let env = TestEnv::new();
    let Some(update) = root_plan_open_to_nobody(&env, 0o777) else {
        return;
    };
    update
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [x] a\n",
            "  2 [ ] b\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["status"], "completed");
}

/// A change reads its history's end through the descriptor it then appends with, opened for
/// both: a history another user may read but not write is read all the same (a read refused
/// would say "cannot read"), and only the append says it cannot be written.
#[test]
fn a_history_another_user_may_read_but_not_write_is_read_and_not_recorded() {
    let env = TestEnv::new();
    let Some(update) = root_plan_open_to_nobody(&env, 0o777) else {
        return;
    };
    fs::set_permissions(env.path(HISTORY), fs::Permissions::from_mode(0o644)).unwrap();
    let before = env.read(HISTORY);
    update
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [x] a\n",
            "  2 [ ] b\n",
            still_open!(1 of 2)
        ))
        .expect_stderr(
            "warning: the change is saved, but its history could not record it: cannot open for \
             appending [ROOT]/ws/.todos/default.history.jsonl: Permission denied (os error 13)\n",
        )
        .run()
        .success();
    assert_eq!(env.read(HISTORY), before);
}

#[test]
fn a_folder_another_user_may_write_but_not_read_refuses_a_change_before_writing() {
    // A replacement opens its folder first, to read it for killed writers' temporary files and
    // to sync it after the rename: a folder that cannot be opened refuses the change before the
    // temporary file, where it used to fail it after the rename, with the store replaced.
    let env = TestEnv::new();
    let Some(update) = root_plan_open_to_nobody(&env, 0o333) else {
        return;
    };
    env.rejects(
        update.expect_stderr(
            "error: cannot open the folder [ROOT]/ws: Permission denied (os error 13)\n",
        ),
        5,
    );
}

/// An old layout's history owned by another user (a colleague's, in a team-writable checkout)
/// is never moved in nor written through: it stays where it is, owned as it was, with a
/// warning, and the history starts in `.todos/` (SPEC §9).
#[test]
fn an_old_history_of_another_user_is_never_moved_in() {
    let env = crate::clean_workspace::old_workspace();
    let old = env.path(".todos.history.jsonl");
    chown_to_nobody(&old);
    let before = fs::read(&old).unwrap();
    env.todos(&["create", "C"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C\n",
            still_open!(3 of 3)
        ))
        .expect_stderr(crate::clean_workspace::left_warning(
            "it is owned by another user (uid 65534)",
        ))
        .run()
        .success();
    assert_eq!(fs::read(&old).unwrap(), before);
    assert_eq!(
        std::os::unix::fs::MetadataExt::uid(&fs::metadata(&old).unwrap()),
        65534
    );
    let history = env.read(HISTORY);
    assert_eq!(history.lines().count(), 2, "{history}");
}
