//! A clean workspace (SPEC §6): what `todos` keeps for itself, the lock, the history and the
//! temporary files, lives in `.todos/`, which a `.gitignore` of todos' own keeps out of git,
//! with or without `todos init`. Where an older `todos` left them beside the store, the first
//! change moves them in, under the lock, losing nothing. Checked with real `git`.

use std::fs;
use std::io::{BufRead, BufReader};

use serde_json::json;

use crate::support::{
    HISTORY, LOCK, NOW, TestEnv, empty_plan_hint, gitattributes_created, ids_hint, no_item,
    restored, still_open, unsafe_path_hint, unvouched_hint,
};

/// A fresh repository: `git init` in the test's workspace.
fn repository() -> TestEnv {
    let env = TestEnv::new();
    env.git_in(&env.ws(), &["init", "-q", "-b", "main"])
        .success();
    env
}

/// What `git status` shows, every untracked file by name.
fn status(env: &TestEnv) -> String {
    env.git_in(
        &env.ws(),
        &["status", "--porcelain", "--untracked-files=all"],
    )
    .success()
    .stdout
}

/// The names in a folder of the workspace, sorted.
fn names(env: &TestEnv, folder: &str) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(env.path(folder))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn git_status_shows_only_the_plan_and_its_log_without_init() {
    let env = repository();
    env.todos(&["create", "Write the parser"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] Write the parser\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert_eq!(status(&env), "?? .todos.json\n");
    assert_eq!(
        names(&env, ".todos"),
        [".gitignore", "default.history.jsonl", "default.json.lock"]
    );
    assert_eq!(
        env.read(".todos/.gitignore"),
        "# Written by todos: its locks, histories and temporary files stay out of git; the plans\n\
         # (*.json) are meant to be committed. Replace this file to choose otherwise.\n\
         *\n\
         !*.json\n"
    );
    // A named list is a plan too, meant to be committed; its lock and history are not.
    env.todos(&["-l", "api", "create", "Add the endpoint"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] Add the endpoint\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert_eq!(status(&env), "?? .todos.json\n?? .todos/api.json\n");
    // A finished plan adds its completion log, and nothing else.
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/1] (no summary)\n",
            "  1 [x] Write the parser\n",
            "The one item is done.\n"
        ))
        .run()
        .success();
    assert_eq!(
        status(&env),
        "?? .todos.json\n?? .todos/api.json\n?? memory/todos/todoList-20250102-174233.md\n"
    );
    // `init --git` writes git's own files and leaves `.gitignore` to the user.
    env.todos(&["init", "--git"]).expect_stdout(concat!(gitattributes_created!(), "updated .git/config: the todos merge driver (`todos merge-file %O %A %B`), for this clone only\n")).run().success();
    assert!(!env.path(".gitignore").exists());
    assert_eq!(
        status(&env),
        "?? .gitattributes\n?? .todos.json\n?? .todos/api.json\n\
         ?? memory/todos/todoList-20250102-174233.md\n"
    );
}

#[test]
fn a_gitignore_of_the_users_own_in_the_folder_is_left_alone() {
    // A team that commits its histories says so with a `.todos/.gitignore` of its own.
    let env = repository();
    env.write_file(
        ".todos/.gitignore",
        "# ours: histories are committed\n*.lock\n",
    );
    env.create_a();
    assert_eq!(
        env.read(".todos/.gitignore"),
        "# ours: histories are committed\n*.lock\n"
    );
    assert_eq!(
        status(&env),
        "?? .todos.json\n?? .todos/.gitignore\n?? .todos/default.history.jsonl\n"
    );
}

/// A save learns whether `.todos/.gitignore` is there from the read of `.todos/` it makes for
/// killed writers' temporary files: one removed is seen missing, and written again, by the
/// next change of the default list or of a named one.
#[test]
fn a_gitignore_removed_is_written_again_by_the_next_change() {
    let env = repository();
    env.create_a();
    let written = env.read(".todos/.gitignore");
    for list in [&["create", "B"][..], &["-l", "api", "create", "C"]] {
        fs::remove_file(env.path(".todos/.gitignore")).unwrap();
        env.todos(list)
            .stdout_to(std::process::Stdio::null())
            .run()
            .success();
        assert_eq!(env.read(".todos/.gitignore"), written, "{list:?}");
    }
    assert_eq!(status(&env), "?? .todos.json\n?? .todos/api.json\n");
}

#[test]
fn a_refused_change_and_a_read_leave_no_folder_behind() {
    let env = TestEnv::new();
    env.rejects(
        env.todos(&["update", "1", "completed"])
            .expect_stderr(concat!(no_item!("id", "1"), empty_plan_hint!())),
        1,
    );
    env.rejects(
        env.todos(&["write"]).stdin("[{").expect_stderr(
            "error: stdin is not valid JSON: EOF while parsing an object at line 1 column 2\n",
        ),
        1,
    );
    env.todos(&["show"]).expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n")).expect_stderr("note: no plan in [ROOT]/ws yet; start one with `todos write --summary TEXT -t STEP…` or `todos create STEP…`\n").run().success();
    env.todos(&["history"])
        .expect_stdout("No history yet: it starts with the plan's first change.\n")
        .run()
        .success();
    assert!(!env.path(".todos").exists());
}

/// A workspace of today's with two revisions: items A and B.
fn two_revisions() -> TestEnv {
    let env = TestEnv::new();
    env.todos(&["create", "A"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] A\n",
            still_open!(1 of 1)
        ))
        .run();
    env.todos(&["create", "B"])
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .run();
    env
}

/// A workspace as a `todos` from before the move left it: two revisions, the history and the
/// lock beside the store, no `.todos/`, and a temporary file a killed writer left.
pub(crate) fn old_workspace() -> TestEnv {
    let env = two_revisions();
    fs::rename(env.path(HISTORY), env.path(".todos.history.jsonl")).unwrap();
    fs::rename(env.path(LOCK), env.path(".todos.json.lock")).unwrap();
    fs::remove_dir_all(env.path(".todos")).unwrap();
    env.write_file("..todos.json.2147483600-0.todos-tmp", "half a store");
    env
}

/// What the old `todos` would write for one more change: the store at `revision` with item
/// `content` added, and its line appended to the old history.
fn old_change(env: &TestEnv, revision: u64, content: &str) {
    let mut store = env.store();
    let id = store["next_id"].as_u64().unwrap();
    store["todos"].as_array_mut().unwrap().push(json!({
        "id": id.to_string(), "content": content, "status": "pending"
    }));
    store["next_id"] = json!(id + 1);
    store["revision"] = json!(revision);
    // An older todos names no history line from its store.
    store.as_object_mut().unwrap().remove("history");
    env.write_file(".todos.json", serde_json::to_string_pretty(&store).unwrap());
    let line = json!({
        "revision": revision, "at": NOW, "command": "create",
        "todos": store["todos"], "next_id": id + 1,
    });
    let mut history = env.read(".todos.history.jsonl");
    history.push_str(&line.to_string());
    history.push('\n');
    env.write_file(".todos.history.jsonl", history);
}

fn revisions(env: &TestEnv) -> Vec<u64> {
    let json = env
        .todos(&["--json", "history"])
        .stdout_in_parts("the envelope: its revisions are read, its warnings checked")
        .run()
        .json();
    // Lines before an older todos' change are not vouched for (the chain starts again from
    // its line); no line is passed over.
    let warnings = json["data"]["warnings"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        warnings
            .iter()
            .all(|w| w.as_str().unwrap().contains("not vouched for by the store")),
        "{json}"
    );
    json["data"]["revisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["revision"].as_u64().unwrap())
        .collect()
}

fn contents(env: &TestEnv) -> Vec<String> {
    env.store()["todos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["content"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn reads_and_refusals_find_the_old_files_and_leave_them_where_they_are() {
    let env = old_workspace();
    let before = env.everything();
    assert_eq!(revisions(&env), [2, 1]);
    env.todos(&["show"])
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n"
        ))
        .run()
        .success();
    env.rejects(
        env.todos(&["update", "9", "completed"])
            .expect_stderr(concat!(no_item!("id", "9"), ids_hint!(1, 2))),
        1,
    );
    assert_eq!(env.everything(), before);
}

#[test]
fn the_first_change_moves_the_old_files_in_while_other_writers_wait() {
    let env = old_workspace();
    // An old `todos` is mid-change: it holds the old lock.
    let old_lock = fs::OpenOptions::new()
        .write(true)
        .open(env.path(".todos.json.lock"))
        .unwrap();
    old_lock.lock().unwrap();
    // Two writers of today's start and wait: the first for the old lock, the second for
    // the new one, which the first holds. Each says it waits, naming the lock.
    let mut writers: Vec<_> = ["C", "D"]
        .into_iter()
        .map(|content| {
            let mut child = env
                .todos(&["--lock-timeout", "60", "create", content])
                .spawn();
            let mut note = String::new();
            BufReader::new(child.stderr.take().unwrap())
                .read_line(&mut note)
                .unwrap();
            (child, note)
        })
        .collect();
    let notes: Vec<&str> = writers.iter().map(|(_, note)| note.as_str()).collect();
    let waiting = |lock: &str| {
        format!(
            "note: waiting for the lock on {}, held by another todos process\n",
            env.path(lock).display()
        )
    };
    assert_eq!(notes, [waiting(".todos.json.lock"), waiting(LOCK)]);
    // The old `todos` finishes its change, revision 3, and lets go.
    old_change(&env, 3, "Old");
    drop(old_lock);
    for (child, _) in &mut writers {
        assert!(child.wait().unwrap().success());
    }
    // Nothing lost: every revision, in order, and every item.
    assert_eq!(revisions(&env), [5, 4, 3, 2, 1]);
    assert_eq!(contents(&env), ["A", "B", "Old", "C", "D"]);
    assert_eq!(env.store()["revision"], 5);
    // Nothing left at the old places, the killed writer's temporary file included.
    assert_eq!(names(&env, "."), [".git", ".todos", ".todos.json"]);
    assert_eq!(
        names(&env, ".todos"),
        [".gitignore", "default.history.jsonl", "default.json.lock"]
    );
    // `undo` walks back through the moved revisions, as far as the older todos' line: the
    // lines before it are named by none it wrote, so they are not vouched for (SPEC §9).
    env.todos(&["undo", "--to", "3"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] Old\n",
            still_open!(3 of 3)
        ))
        .expect_stderr(restored!(3))
        .run()
        .success();
    assert_eq!(contents(&env), ["A", "B", "Old"]);
    env.rejects(
        env.todos(&["undo", "--to", "2"]).expect_stderr(concat!(
            "error: revision 2 cannot be restored: its line in \
             [ROOT]/ws/.todos/default.history.jsonl is not on the chain of lines that leads to \
             the store: a store put back by git, or a line an older todos, a checkout or another \
             user wrote; 2 lines of the history cannot be vouched for, and undo restores only \
             what this workspace's own changes wrote\n",
            unvouched_hint!()
        )),
        1,
    );
}

/// The plan A, B, C, as a change prints it.
const THREE: &str = concat!(
    "[0/3] (no summary)\n",
    "  1 [ ] A\n",
    "  2 [ ] B\n",
    "  3 [ ] C\n",
    still_open!(3 of 3)
);

/// The warning of a change that leaves the old history where it is (SPEC §9), for `why`.
pub(crate) fn left_warning(why: &str) -> String {
    format!(
        "warning: [ROOT]/ws/.todos.history.jsonl was left where it is, not moved into .todos/: \
         {why}; todos keeps the history in .todos/ and never reads this file again: look at it, \
         then move it aside or remove it\n"
    )
}

/// An old history found beside the store while a history is already in `.todos/` (an old
/// `todos` ran after the move, or a checkout put one there): neither is merged into the
/// other. The old file stays where it is, every line of it, with a warning; the change is
/// made and recorded in `.todos/`.
#[test]
fn an_old_history_over_one_in_todos_is_left_where_it_is() {
    let env = two_revisions();
    env.write_file(".todos.history.jsonl", "");
    old_change(&env, 3, "Old");
    let old = env.read(".todos.history.jsonl");
    env.todos(&["create", "C"])
        .expect_stdout(concat!(
            "[0/4] (no summary)\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] Old\n",
            "  4 [ ] C\n",
            still_open!(4 of 4)
        ))
        .expect_stderr(left_warning(
            "[ROOT]/ws/.todos/default.history.jsonl already holds a history",
        ))
        .run()
        .success();
    assert_eq!(env.read(".todos.history.jsonl"), old);
    assert_eq!(revisions(&env), [4, 3, 2, 1]);
    assert_eq!(contents(&env), ["A", "B", "Old", "C"]);
}

/// A history planted in `.todos/` of a workspace of the old layout: the move copies nothing
/// into it and deletes nothing; the user's old lines stay where they were, and `undo` never
/// restores a planted line.
#[test]
fn a_history_planted_in_todos_never_takes_the_old_ones_place() {
    let env = old_workspace();
    let old = env.read(".todos.history.jsonl");
    let planted = serde_json::json!({"revision": 1, "at": NOW, "command": "write",
        "todos": [{"id": "1", "content": "Planted", "status": "pending"}], "next_id": 2});
    env.write_file(HISTORY, format!("{planted}\n"));
    env.todos(&["create", "C"])
        .expect_stdout(THREE)
        .expect_stderr(left_warning(
            "[ROOT]/ws/.todos/default.history.jsonl already holds a history",
        ))
        .run()
        .success();
    assert_eq!(env.read(".todos.history.jsonl"), old);
    env.todos(&["undo"])
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .expect_stderr(format!(
            "{}note: Restored the plan of revision 2.\n",
            left_warning("[ROOT]/ws/.todos/default.history.jsonl already holds a history")
        ))
        .run()
        .success();
    assert!(!env.read(".todos.json").contains("Planted"));
}

/// An old history with a second hard link (to a file outside the workspace) is never moved
/// in, nor written through: todos starts its history in `.todos/`.
#[test]
fn a_hard_linked_old_history_is_left_where_it_is() {
    let env = old_workspace();
    let outside = env.outside("linked.jsonl");
    fs::create_dir_all(outside.parent().unwrap()).unwrap();
    fs::hard_link(env.path(".todos.history.jsonl"), &outside).unwrap();
    let old = env.read(".todos.history.jsonl");
    env.todos(&["create", "C"])
        .expect_stdout(THREE)
        .expect_stderr(left_warning(
            "it has 2 hard links, so another name could read or change what todos writes",
        ))
        .run()
        .success();
    assert_eq!(env.read(".todos.history.jsonl"), old);
    assert_eq!(fs::read_to_string(&outside).unwrap(), old);
    assert!(env.path(HISTORY).exists());
}

#[test]
fn a_first_save_that_fails_leaves_no_gitignore() {
    // Every temporary name this process would take in `.todos/` is taken (in process, so the
    // process id is known): the first save fails, and `.todos/` is as it was.
    let env = TestEnv::new();
    for n in 0..100 {
        fs::create_dir_all(env.path(&format!(
            ".todos/..todos.json.{}-{n}.todos-tmp",
            std::process::id()
        )))
        .unwrap();
    }
    let before = env.everything();
    let done = env
        .todos(&["create", "A"])
        .expect_code(5)
        .expect_stderr("error: cannot find a free temporary name beside [ROOT]/ws/.todos.json\n")
        .run_in_process();
    assert_eq!(done.code, 5, "{}", done.stderr);
    assert_eq!(env.everything(), before);
}

#[test]
fn a_todos_folder_that_leads_out_is_never_read_for_the_default_lists_history() {
    // `.todos/` a link to a folder outside holding a history: `history`, `undo` and a change
    // refuse it, naming it, and nothing inside or outside changes.
    let env = TestEnv::new();
    env.create_a();
    fs::create_dir_all(env.outside("")).unwrap();
    fs::rename(env.path(".todos"), env.outside("elsewhere")).unwrap();
    std::os::unix::fs::symlink(env.outside("elsewhere"), env.path(".todos")).unwrap();
    for args in [
        &["history"][..],
        &["history", "--follow"],
        &["undo"],
        &["create", "B"],
    ] {
        env.rejects(
            env.todos(args).expect_stderr(concat!(
                "error: [ROOT]/ws/.todos is a symbolic link; todos does not read or write \
                 through it\n",
                unsafe_path_hint!()
            )),
            6,
        );
    }
}
