//! Which folder is the workspace: `-C`, `TODOS_WORKSPACE`, or the nearest folder upwards that
//! holds a store, `.todos/` or `.git`.

use std::fs;

use crate::support::{TestEnv, still_open};

#[test]
fn the_workspace_is_found_upwards() {
    let env = TestEnv::new();
    env.plan("Root plan", &["pending:A"]);
    fs::create_dir_all(env.path("deep/er")).unwrap();
    env.todos(&["recap"])
        .current_dir(env.path("deep/er"))
        .expect_code(0)
        .expect_stdout("[0/1] Pending: A.\n")
        .run();
    assert!(!env.path("deep/er/.todos.json").exists());
}

#[test]
fn a_git_folder_marks_the_workspace_when_no_store_exists() {
    let env = TestEnv::new();
    fs::create_dir_all(env.path("repo/.git")).unwrap();
    fs::create_dir_all(env.path("repo/src")).unwrap();
    env.todos(&["create", "From src"])
        .current_dir(env.path("repo/src"))
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] From src\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert!(env.path("repo/.todos.json").exists());
    assert!(!env.path("repo/src/.todos.json").exists());
}

#[test]
fn workspace_flag_and_variable() {
    let env = TestEnv::new();
    fs::create_dir_all(env.path("a")).unwrap();
    fs::create_dir_all(env.path("b")).unwrap();
    env.todos(&["-C", "a", "create", "In a"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] In a\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    env.todos(&["create", "In b"])
        .env("TODOS_WORKSPACE", env.path("b"))
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] In b\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert!(env.path("a/.todos.json").exists() && env.path("b/.todos.json").exists());
    assert!(!env.path(".todos.json").exists());
    env.rejects(
        env.todos(&["-C", "missing", "create", "x"])
            .expect_stderr(concat!(
                "error: the workspace [ROOT]/ws/missing is not a folder\n",
                "hint: create it first, or pass another -C/--workspace (or TODOS_WORKSPACE)\n"
            )),
        1,
    );
}

#[test]
fn an_empty_workspace_variable_counts_as_unset() {
    let env = TestEnv::new();
    env.todos(&["create", "a"])
        .env("TODOS_WORKSPACE", "")
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] a\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert!(env.path(".todos.json").exists());
}

#[test]
fn discovery_stops_at_the_nearest_repository() {
    let env = TestEnv::new();
    env.plan("Outer", &["pending:outer"]);
    fs::create_dir_all(env.path("inner/.git")).unwrap();
    fs::create_dir_all(env.path("inner/src")).unwrap();
    env.todos(&["create", "inner item"])
        .current_dir(env.path("inner/src"))
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] inner item\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert!(env.path("inner/.todos.json").exists());
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 1);
    // A `.todos/` folder marks a workspace as well.
    fs::create_dir_all(env.path("lists/.todos")).unwrap();
    fs::create_dir_all(env.path("lists/deep")).unwrap();
    env.todos(&["create", "x"])
        .current_dir(env.path("lists/deep"))
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] x\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert!(env.path("lists/.todos.json").exists());
}

#[test]
fn an_absolute_workspace_works_from_a_deleted_folder() {
    let env = TestEnv::new();
    let gone = env.outside("gone");
    fs::create_dir_all(&gone).unwrap();
    let ws = env.ws();
    // The shell steps into a folder and deletes it before it runs todos there.
    let from_gone = [
        "sh",
        "-c",
        "cd \"$GONE\" && rmdir \"$GONE\" && exec \"$0\" \"$@\"",
    ];
    let ws_arg = ws.to_string_lossy().into_owned();
    env.todos(&["-C", &ws_arg, "create", "A"])
        .via(&from_gone)
        .env("GONE", &gone)
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] A\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["content"], "A");
    // A relative one cannot be found from there: a clear error, not a panic.
    fs::create_dir_all(&gone).unwrap();
    env.todos(&["-C", ".", "show"])
        .via(&from_gone)
        .env("GONE", &gone)
        .expect_code(5)
        .expect_stderr(concat!(
            "error: cannot read the current folder: No such file or directory (os error 2)\n",
            "hint: cd to a folder that exists, or pass an absolute -C/--workspace\n"
        ))
        .run();
}
