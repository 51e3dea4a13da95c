//! Plans merged across branches (SPEC §6b) with real `git`: the merge driver that
//! `init --git` registers, `todos resolve` where git left conflict markers, and `merge-file`'s
//! refusals, each leaving the workspace as it was.

use std::path::Path;

use serde_json::Value;

use crate::support::{
    Done, TestEnv, envelope_end, gitattributes_created, items, repeated_revision, still_open,
    unreadable_store_hint, unsafe_path_hint, unvouched_lines,
};

/// The plan `resolve` makes of the branches that both added an item 4, as each command that
/// shows it prints it, and what `resolve` says of it.
macro_rules! merged_plan {
    () => {
        concat!(
            "[1/6] Ship the release\n",
            "  1 [x] A\n",
            "  2 [▶] B\n",
            "  3 [ ] C\n",
            "  4 [ ] Main Z\n",
            "  6 [ ] Feature X\n",
            "  5 [ ] Feature Y ⧗ 6\n",
        )
    };
}
macro_rules! merged_note {
    () => {
        concat!(
            "warning: both branches added an item 4: theirs, \"Feature X\", is now 6\n",
            "note: Merged both sides of the conflict in [ROOT]/ws/.todos.json (common plan: \
             git's index (stage 1)). Now run `git add .todos.json`.\n",
        )
    };
}

fn git_in(env: &TestEnv, dir: &Path, args: &[&str]) -> Done {
    env.git_in(dir, args)
}

fn git(env: &TestEnv, args: &[&str]) -> Done {
    env.git_in(&env.ws(), args)
}

/// A repository on `main` holding a committed plan `A`, `B`, `C` (ids 1-3), with the merge
/// driver registered when `driver`.
fn repository(driver: bool) -> TestEnv {
    let env = TestEnv::new();
    git(&env, &["init", "-q", "-b", "main"]).success();
    env.plan("Ship the release", &["pending:A", "pending:B", "pending:C"]);
    if driver {
        env.todos(&["init", "--git"]).expect_stdout(concat!(gitattributes_created!(), "updated .git/config: the todos merge driver (`todos merge-file %O %A %B`), for this clone only\n")).run().success();
        git(&env, &["add", ".gitattributes"]).success();
    }
    commit(&env, "plan");
    env
}

fn commit(env: &TestEnv, message: &str) {
    git(env, &["add", ".todos.json"]).success();
    if env.path(".todos").exists() {
        git(env, &["add", ".todos"]).success();
    }
    git(env, &["commit", "-q", "-m", message]).success();
}

/// The hint of every merge-file refusal: what git does with OURS, and how to take theirs.
const OUR_SIDE: &str = "OURS is left as it was, and git takes it as the result: our side only. Take theirs' changes by hand (`git show MERGE_HEAD:FILE`), or take their side (`git checkout --theirs FILE`), then `git add` it\n";

/// Two branches that both changed the plan: `feature` finished A and added X and Y (Y waits on
/// X), `main` started B and added Z. Both new items took id 4 on their branch.
fn diverge(env: &TestEnv) {
    branches(
        env,
        &[
            &["create", "Feature X"],
            &["create", "Feature Y", "--blocked-by", "4"],
            &["update", "1", "completed"],
        ],
        &[&["create", "Main Z"], &["update", "2", "in_progress"]],
    );
}

/// Runs `feature`'s commands on a new branch `feature` and `main`'s on `main`, each branch's
/// plan committed.
fn branches(env: &TestEnv, feature: &[&[&str]], main: &[&[&str]]) {
    for (branch, commands) in [
        (&["checkout", "-q", "-b", "feature"][..], feature),
        (&["checkout", "-q", "main"], main),
    ] {
        git(env, branch).success();
        for args in commands {
            // Setting the branches up: each command's output is its own tests' to check; what
            // these tests check is the merged plan.
            env.todos(args).run_unchecked().success();
        }
        commit(env, "work");
    }
}

/// The plan both branches' changes make, whoever merges it: Y follows X to its new id.
#[track_caller]
fn assert_merged(store: &Value) {
    let row = |id: &str, status: &str, content: &str| {
        (id.to_owned(), status.to_owned(), content.to_owned())
    };
    assert_eq!(
        items(&store["todos"]),
        [
            row("1", "completed", "A"),
            row("2", "in_progress", "B"),
            row("3", "pending", "C"),
            row("4", "pending", "Main Z"),
            row("6", "pending", "Feature X"),
            row("5", "pending", "Feature Y"),
        ]
    );
    assert_eq!(store["todos"][5]["blocked_by"], serde_json::json!(["6"]));
    assert_eq!(store["summary"], "Ship the release");
    assert_eq!(store["next_id"], 7);
}

/// The hint under every refusal of a `.git` that does not lead back to this folder.
const HINT: &str = "hint: check the repository with `git worktree list` (`git worktree repair` \
                    rewrites a worktree's pointers), or leave out --git\n";

#[test]
fn git_merges_two_branches_plans_with_the_driver_losing_nothing() {
    let env = repository(true);
    diverge(&env);
    let merged = git(&env, &["merge", "--no-edit", "feature"]).success();
    // git's own words vary with its version: only the one that matters is looked for.
    assert!(!merged.stdout.contains("CONFLICT"), "{}", merged.stdout);
    assert_merged(&env.store());
    assert_eq!(
        git(&env, &["status", "--porcelain", "--untracked-files=no"]).stdout,
        ""
    );
    // The merged plan is a plan like any other: the next claim takes the first ready item.
    env.todos(&["next", "--claim", "--owner", "w2"])
        .expect_stdout("  3 [▶] C @w2\n")
        .run()
        .success();
}

#[test]
fn the_driver_merges_named_lists_too() {
    let env = repository(true);
    env.todos(&["-l", "api", "create", "Schema"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] Schema\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    commit(&env, "api list");
    branches(
        &env,
        &[&["-l", "api", "create", "Theirs"]],
        &[
            &["-l", "api", "update", "1", "completed"],
            &["-l", "api", "create", "Ours"],
        ],
    );
    git(&env, &["merge", "--no-edit", "feature"]).success();
    let api: Value = serde_json::from_str(&env.read(".todos/api.json")).expect("JSON");
    let contents: Vec<String> = items(&api["todos"])
        .into_iter()
        .map(|(id, status, text)| format!("{id} {status} {text}"))
        .collect();
    assert_eq!(
        contents,
        ["1 completed Schema", "2 pending Ours", "3 pending Theirs"]
    );
}

#[test]
fn a_merge_that_breaks_the_rules_is_written_and_git_reports_the_conflict() {
    let env = repository(true);
    branches(
        &env,
        &[&["update", "3", "in_progress"]],
        &[&["update", "2", "in_progress"]],
    );
    let merge = git(&env, &["merge", "--no-edit", "feature"]);
    assert_ne!(merge.code, 0, "git reports the conflict: {merge:?}");
    // The driver's refusal, within git's own words (which vary with its version).
    assert!(
        merge.stderr.contains("2 items in_progress")
            || merge.stdout.contains("2 items in_progress"),
        "{merge:?}"
    );
    let store = env.store();
    let statuses: Vec<String> = items(&store["todos"])
        .into_iter()
        .map(|(_, status, _)| status)
        .collect();
    assert_eq!(
        statuses,
        ["pending", "in_progress", "in_progress"],
        "nothing lost"
    );
}

/// A branch whose plan is not a store (edited by hand, a newer todos): the driver refuses and
/// leaves OURS as it was (SPEC §6b), git reports the conflict, and the driver's hint says that
/// the file holds our side only and where theirs is.
#[test]
fn a_branch_whose_plan_is_no_store_conflicts_and_says_where_theirs_is() {
    let env = repository(true);
    git(&env, &["checkout", "-q", "-b", "feature"]).success();
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/3] Ship the release\n",
            "  1 [x] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C\n",
            still_open!(2 of 3)
        ))
        .run()
        .success();
    let edited = env
        .read(".todos.json")
        .replace("\"next_id\"", "\"extra\": 1,\n  \"next_id\"");
    env.write_file(".todos.json", &edited);
    commit(&env, "by hand");
    git(&env, &["checkout", "-q", "main"]).success();
    env.todos(&["update", "2", "in_progress"])
        .expect_stdout(concat!(
            "[0/3] Ship the release\n",
            "  1 [ ] A\n",
            "  2 [▶] B\n",
            "  3 [ ] C\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    commit(&env, "work");
    let ours = env.read(".todos.json");
    let merge = git(&env, &["merge", "--no-edit", "feature"]);
    assert_eq!(merge.code, 1, "git reports the conflict: {merge:?}");
    // The driver's hint, within git's own words (which vary with its version).
    assert!(merge.stderr.contains("our side only"), "{}", merge.stderr);
    assert!(merge.stderr.contains("MERGE_HEAD"), "{}", merge.stderr);
    assert_eq!(env.read(".todos.json"), ours, "OURS is left as it was");
    let theirs = git(&env, &["show", "MERGE_HEAD:.todos.json"]);
    assert_eq!(theirs.stdout, edited, "theirs is kept by git");
}

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn without_the_driver_every_command_points_to_resolve_which_merges_the_markers() {
    let env = repository(false);
    diverge(&env);
    let merge = git(&env, &["merge", "--no-edit", "feature"]);
    assert_eq!(merge.code, 1, "a line merge conflicts: {merge:?}");
    assert!(env.read(".todos.json").contains("<<<<<<<"));
    for args in [
        &["show"][..],
        &["recap"],
        &["create", "More"],
        &["update", "1", "completed"],
        &["remove", "1"],
        &["next", "--claim"],
        &["write", "--summary", "S", "-t", "pending:A"],
        &["undo"],
        &["check"],
        &["show", "--all"],
    ] {
        env.rejects(
            env.todos(args).expect_stderr(concat!(
                "error: [ROOT]/ws/.todos.json is a merge conflict: git left its conflict \
                    markers in it; `todos resolve` merges both sides\n",
                "hint: run `todos resolve`, then `git add` the file; `todos init --git` registers \
                    todos' merge driver, so that git merges plans itself from then on\n",
            )),
            4,
        );
    }
    let json = env
        .rejects(
            env.todos(&["--json", "show"]).expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"STORE_CORRUPT\",\
                     \"message\":\"[ROOT]/ws/.todos.json is a merge conflict: git left its \
                     conflict markers in it; `todos resolve` merges both sides\",\
                     \"details\":[],\"hint\":\"run `todos resolve`, then `git add` the file; \
                     `todos init --git` registers todos' merge driver, so that git merges \
                     plans itself from then on\"},\"text\":\"error: [ROOT]/ws/.todos.json is \
                     a merge conflict: git left its conflict markers in it; `todos resolve` \
                     merges both sides\",",
                envelope_end!(),
            )),
            4,
        )
        .json();
    assert_eq!(json["error"]["code"], "STORE_CORRUPT");
    env.todos(&["resolve"])
        .expect_stdout(concat!(merged_plan!(), still_open!(5 of 6)))
        .expect_stderr(merged_note!())
        .run()
        .success();
    assert_merged(&env.store());
    git(&env, &["add", ".todos.json"]).success();
    git(&env, &["commit", "-q", "--no-edit"]).success();
    env.todos(&["show"])
        .expect_stdout(merged_plan!())
        .run()
        .success();
    env.todos(&["resolve"]).expect_stdout("[ROOT]/ws/.todos.json holds no conflict markers: nothing to resolve, the plan is left as it is.\n").run().success();
    // The merged plan is a revision of the history, so `undo` takes it back like any change.
    env.todos(&["history"])
        .expect_stdout(concat!(
            "7  2025-01-02 17:42:33  resolve         [1/6]  added 6, 5\n",
            "6  2025-01-02 17:42:33  (not recorded)  [1/4]  1 pending → completed; 2 \
                pending → in_progress\n",
            "5  2025-01-02 17:42:33  create          [0/4]  removed 5 \"Feature Y\" (pending); \
                1 completed → pending; 4 reworded\n",
            "4  2025-01-02 17:42:33  update          [1/5]  1 pending → completed · not \
                vouched for\n",
            "3  2025-01-02 17:42:33  create          [0/5]  added 5 · not vouched for\n",
            "2  2025-01-02 17:42:33  create          [0/4]  added 4 · not vouched for\n",
            "1  2025-01-02 17:42:33  write           [0/3]  3 items\n",
        ))
        .expect_stderr(concat!(
            repeated_revision!(line 6, revision 6),
            unvouched_lines!(3),
        ))
        .run()
        .success();
}

#[test]
fn resolve_reads_the_common_plan_from_diff3_markers_and_works_on_named_lists() {
    let env = repository(false);
    git(&env, &["config", "merge.conflictStyle", "diff3"]).success();
    env.todos(&["-l", "api", "create", "Schema", "Routes"])
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [ ] Schema\n",
            "  2 [ ] Routes\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    commit(&env, "api");
    branches(
        &env,
        &[
            &["-l", "api", "remove", "2"],
            &["-l", "api", "create", "Theirs"],
        ],
        &[&["-l", "api", "update", "1", "completed"]],
    );
    assert_eq!(git(&env, &["merge", "--no-edit", "feature"]).code, 1);
    assert!(env.read(".todos/api.json").contains("|||||||"));
    env.rejects(
        env.todos(&["-l", "api", "show"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos/api.json is a merge conflict: git left its conflict \
                markers in it; `todos -l api resolve` merges both sides\n",
            "hint: run `todos -l api resolve`, then `git add` the file; `todos init --git` \
                registers todos' merge driver, so that git merges plans itself from then \
                on\n",
        )),
        4,
    );
    env.todos(&["-l", "api", "resolve"])
        .expect_stdout(concat!(
            "[1/2] (no summary)\n",
            "  1 [x] Schema\n",
            "  3 [ ] Theirs\n",
            still_open!(1 of 2),
        ))
        .expect_stderr(
            "note: Merged both sides of the conflict in [ROOT]/ws/.todos/api.json (common \
                plan: the diff3 conflict markers). Now run `git add .todos/api.json`.\n",
        )
        .run()
        .success();
    let api: Value = serde_json::from_str(&env.read(".todos/api.json")).expect("JSON");
    let rows: Vec<String> = items(&api["todos"])
        .into_iter()
        .map(|(id, status, text)| format!("{id} {status} {text}"))
        .collect();
    // Theirs removed 2, which ours left alone: it is gone, as the base shows.
    assert_eq!(rows, ["1 completed Schema", "3 pending Theirs"]);
}

#[test]
fn resolve_leaves_a_store_without_markers_alone() {
    let env = TestEnv::new();
    let empty = env.everything();
    env.todos(&["-l", "api", "resolve"])
        .expect_stdout("[ROOT]/ws/.todos/api.json does not exist: nothing to resolve.\n")
        .run()
        .success();
    assert_eq!(
        empty,
        env.everything(),
        "no lock, no .todos/ folder left behind"
    );
    env.todos(&["resolve"])
        .expect_stdout("[ROOT]/ws/.todos.json does not exist: nothing to resolve.\n")
        .run()
        .success();
    env.plan("S", &["pending:A"]);
    let before = env.everything();
    env.todos(&["resolve"]).expect_stdout("[ROOT]/ws/.todos.json holds no conflict markers: nothing to resolve, the plan is left as it is.\n").run().success();
    assert_eq!(before, env.everything());
    env.write_file(".todos.json", "{ not json");
    env.rejects(
        env.todos(&["resolve"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json cannot be read as a todos store: key must be \
                a string at line 1 column 3\n",
            unreadable_store_hint!(),
        )),
        4,
    );
    env.write_file(".todos.json", "<<<<<<< HEAD\n{}\n=======\n");
    env.rejects(env.todos(&["resolve"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json is a merge conflict that todos cannot merge: \
                the last conflict has no closing >>>>>>> marker\n",
            "hint: fix the file by hand, or take one side (`git checkout --ours [ROOT]/ws/.todos.json` \
                or --theirs), then `git add` it\n",
        )), 4);
    env.write_file(".todos.json", "<<<<<<< HEAD\n[]\n=======\n{}\n>>>>>>> x\n");
    env.rejects(env.todos(&["resolve"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json is a merge conflict that todos cannot merge: \
                our side is not a store: it is not a JSON object\n",
            "hint: fix the file by hand, or take one side (`git checkout --ours [ROOT]/ws/.todos.json` \
                or --theirs), then `git add` it\n",
        )), 4);
}

/// Three stores written in the workspace, for `merge-file` run by hand.
fn three(env: &TestEnv) {
    env.plan("S", &["pending:A", "pending:B"]);
    std::fs::copy(env.path(".todos.json"), env.path("base.json")).expect("copy");
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/2] S\n",
            "  1 [x] A\n",
            "  2 [ ] B\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    std::fs::copy(env.path(".todos.json"), env.path("ours.json")).expect("copy");
    std::fs::copy(env.path("base.json"), env.path(".todos.json")).expect("copy");
    env.todos(&["create", "C"])
        .expect_stdout(concat!(
            "[0/3] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    std::fs::copy(env.path(".todos.json"), env.path("theirs.json")).expect("copy");
}

#[test]
fn merge_file_writes_the_merged_plan_to_ours() {
    let env = TestEnv::new();
    three(&env);
    env.todos(&["merge-file", "base.json", "ours.json", "theirs.json"])
        .expect_stdout("Merged the plan: 3 items (revision 4).\n")
        .run()
        .success();
    let ours: Value = serde_json::from_str(&env.read("ours.json")).expect("JSON");
    let statuses: Vec<String> = items(&ours["todos"])
        .into_iter()
        .map(|(id, status, _)| format!("{id} {status}"))
        .collect();
    assert_eq!(statuses, ["1 completed", "2 pending", "3 pending"]);
    // An empty BASE (both branches added the plan) is no common plan.
    env.write_file("empty.json", "");
    env.todos(&["merge-file", "empty.json", "ours.json", "theirs.json"])
        .expect_stdout("Merged the plan: 3 items (revision 5).\n")
        .run()
        .success();
}

/// An input that is not a store is refused (exit 1: git reports a conflict) and OURS is left as
/// it was (SPEC §6b); the hint says that git takes it as the result, our side only.
#[test]
fn merge_file_refuses_what_is_not_a_store_and_leaves_ours_as_it_was() {
    let env = TestEnv::new();
    three(&env);
    env.write_file("junk.json", "{\"todos\": 5}");
    env.write_file("markers.json", "<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> x\n");
    let junk = "[ROOT]/ws/junk.json cannot be read as a todos store: invalid type: integer `5`, \
                expected a sequence at line 1 column 11";
    for (base, ours, theirs, error) in [
        (
            "base.json",
            "ours.json",
            "junk.json",
            format!("THEIRS: {junk}"),
        ),
        (
            "junk.json",
            "ours.json",
            "theirs.json",
            format!("BASE: {junk}"),
        ),
        (
            "base.json",
            "junk.json",
            "theirs.json",
            format!("OURS: {junk}"),
        ),
        (
            "base.json",
            "markers.json",
            "theirs.json",
            "OURS: [ROOT]/ws/markers.json is a merge conflict: git left its conflict markers in \
             it; `todos resolve` merges both sides"
                .to_owned(),
        ),
        (
            "base.json",
            "ours.json",
            "missing.json",
            "THEIRS ([ROOT]/ws/missing.json) does not exist".to_owned(),
        ),
    ] {
        env.rejects(
            env.todos(&["merge-file", base, ours, theirs])
                .expect_stderr(format!("error: {error}\nhint: {OUR_SIDE}")),
            1,
        );
    }
    // A run that cannot start (a configuration it cannot read) says the same.
    env.write_file(".todos.config.json", "{\"max_items\": \"many\"}");
    env.rejects(
        env.todos(&["merge-file", "base.json", "ours.json", "theirs.json"]).expect_stderr(format!("error: configuration file [ROOT]/ws/.todos.config.json: key \"max_items\" is invalid: it must be a whole number of at least 1\nhint: {OUR_SIDE}")),
        1,
    );
    std::fs::remove_file(env.path(".todos.config.json")).expect("remove");
    std::os::unix::fs::symlink(env.path("ours.json"), env.path("link.json")).expect("link");
    env.rejects(
        env.todos(&["merge-file", "base.json", "link.json", "theirs.json"])
            .expect_stderr(format!(
                "error: [ROOT]/ws/link.json is a symbolic link; todos does not read or write \
                through it\nhint: if this workspace is yours, replace it with a regular \
                file or folder inside the workspace (or remove it), then run the command \
                again; then: {OUR_SIDE}"
            )),
        6,
    );
    env.rejects(
        env.todos(&["merge-file", "base.json", "ours.json", "link.json"])
            .expect_stderr(format!(
                "error: [ROOT]/ws/link.json is a symbolic link; todos does not read or write \
                through it\nhint: if this workspace is yours, replace it with a regular \
                file or folder inside the workspace (or remove it), then run the command \
                again; then: {OUR_SIDE}"
            )),
        6,
    );
}

#[test]
fn init_git_keeps_the_users_lines_and_works_from_a_linked_worktree() {
    let env = TestEnv::new();
    git(&env, &["init", "-q", "-b", "main"]).success();
    git(&env, &["config", "core.autocrlf", "false"]).success();
    env.write_file(".gitattributes", "*.png binary\n");
    let config_before = env.read(".git/config");
    let first = env
        .todos(&["--json", "init", "--git"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"agent\":null,\"agents\":[],\
                 \"files\":[{\"path\":\".gitattributes\",\"action\":\"updated\"},\
                 {\"path\":\".git/config\",\"action\":\"updated\"}]},\"text\":\"Set up: git \
                 merges plans with todos.\",",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    let files = first["data"]["files"].as_array().expect("files").clone();
    assert!(
        files
            .iter()
            .any(|file| file["path"] == ".git/config" && file["action"] == "updated"),
        "{files:?}"
    );
    let config = env.read(".git/config");
    assert!(
        config.starts_with(&config_before),
        "every byte of the user's config kept"
    );
    assert_eq!(
        git(&env, &["config", "--get", "merge.todos.driver"]).stdout,
        "todos merge-file %O %A %B\n"
    );
    let attributes = env.read(".gitattributes");
    assert!(attributes.starts_with("*.png binary\n"));
    let check = git(
        &env,
        &["check-attr", "merge", ".todos.json", ".todos/api.json"],
    )
    .stdout;
    assert_eq!(
        check,
        ".todos.json: merge: todos\n.todos/api.json: merge: todos\n"
    );
    let before = env.everything();
    env.todos(&["init", "--git"]).expect_stdout(concat!("unchanged .gitattributes: plans merge with `todos merge-file` (commit it; each clone runs `todos init --git`)\n", "unchanged .git/config: the todos merge driver (`todos merge-file %O %A %B`), for this clone only\n")).run().success();
    assert_eq!(before, env.everything(), "idempotent");
    // A linked worktree registers the driver in the repository's own config.
    git(&env, &["commit", "-q", "--allow-empty", "-m", "start"]).success();
    let linked = env.root().join("linked");
    git(
        &env,
        &[
            "worktree",
            "add",
            "-q",
            linked.to_str().expect("path"),
            "-b",
            "side",
        ],
    )
    .success();
    let config = env
        .read(".git/config")
        .replace("# todos:begin", "# other:begin")
        .replace("# todos:end", "# other:end");
    let user_section = config.clone();
    std::fs::write(env.path(".git/config"), &config).expect("config");
    env
        .todos(&["init", "--git"])
        .current_dir(&linked)
        .expect_stdout(concat!(gitattributes_created!(), "unchanged [ROOT]/ws/.git/config: it already holds a [merge \"todos\"] section of yours, left as it is\n")).run()
        .success();
    assert_eq!(
        env.read(".git/config"),
        user_section,
        "a section of the user's own is kept as it is"
    );
    assert!(linked.join(".gitattributes").exists());
}

/// A submodule's `.git` is a file naming its repository in the superproject's
/// `.git/modules/`, whose `core.worktree` points back: the driver goes to that config. A
/// planted one that names another repository, whose `core.worktree` does not point back, is
/// refused and that repository left untouched.
#[test]
fn init_git_registers_the_driver_in_a_submodule() {
    let env = TestEnv::new();
    let (lib, top) = (env.outside("lib"), env.outside("super"));
    for dir in [&lib, &top] {
        std::fs::create_dir_all(dir).expect("folder");
        git_in(&env, dir, &["init", "-q", "-b", "main"]).success();
    }
    git_in(&env, &lib, &["commit", "-q", "--allow-empty", "-m", "lib"]).success();
    git_in(
        &env,
        &top,
        &[
            "-c",
            "protocol.file.allow=always",
            "submodule",
            "add",
            "-q",
            "../lib",
            "lib",
        ],
    )
    .success();
    env
        .todos(&["init", "--git"])
        .current_dir(top.join("lib"))
        .expect_stdout(concat!(gitattributes_created!(), "updated [ROOT]/outside/super/.git/modules/lib/config: the todos merge driver (`todos merge-file %O %A %B`), for this clone only\n")).run()
        .success();
    let driver = git_in(&env, &top.join("lib"), &["config", "merge.todos.driver"]).success();
    assert_eq!(driver.stdout, "todos merge-file %O %A %B\n");
    // Another repository's folder named by a planted `.git` file: not this folder's.
    let planted = TestEnv::new();
    std::fs::remove_dir(planted.path(".git")).expect("remove the test's .git folder");
    planted.write_file(
        ".git",
        format!("gitdir: {}\n", top.join(".git/modules/lib").display()),
    );
    let before = env.everything();
    let refusal = format!(
        "error: [ROOT]/ws/.git names {}, a repository whose core.worktree does not point back \
         to it\n{HINT}",
        top.join(".git/modules/lib").display(),
    );
    planted.rejects(planted.todos(&["init", "--git"]).expect_stderr(refusal), 6);
    assert_eq!(before, env.everything(), "the submodule is untouched");
}

#[test]
fn init_git_refuses_links_and_git_files_that_do_not_point_back() {
    let env = TestEnv::new();
    git(&env, &["init", "-q", "-b", "main"]).success();
    std::fs::create_dir_all(env.outside("")).expect("outside");
    std::fs::write(env.outside("attributes"), "mine\n").expect("target");
    std::os::unix::fs::symlink(env.outside("attributes"), env.path(".gitattributes"))
        .expect("link");
    env.rejects(
        env.todos(&["init", "--git"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.gitattributes is a symbolic link; todos does not read \
                or write through it\n",
            unsafe_path_hint!(),
        )),
        6,
    );
    std::fs::remove_file(env.path(".gitattributes")).expect("unlink");
    std::fs::write(env.outside("config"), "[core]\n").expect("target");
    let config = env.path(".git/config");
    std::fs::rename(&config, env.path(".git/config.real")).expect("move");
    std::os::unix::fs::symlink(env.outside("config"), &config).expect("link");
    env.rejects(
        env.todos(&["init", "--git"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.git/config is a symbolic link; todos does not read or \
                write through it\n",
            unsafe_path_hint!(),
        )),
        6,
    );
    // A `.git` file that names another repository's worktree folder, which does not name it.
    let other = TestEnv::new();
    git(&other, &["init", "-q", "-b", "main"]).success();
    std::fs::create_dir_all(other.path(".git/worktrees/x")).expect("worktree folder");
    std::fs::write(
        other.path(".git/worktrees/x/gitdir"),
        "/somewhere/else/.git\n",
    )
    .expect("gitdir");
    std::fs::write(other.path(".git/worktrees/x/commondir"), "../..\n").expect("commondir");
    let planted = TestEnv::new();
    std::fs::remove_dir(planted.path(".git")).expect("remove the test's .git folder");
    planted.write_file(
        ".git",
        format!("gitdir: {}\n", other.path(".git/worktrees/x").display()),
    );
    let before = other.everything();
    let refusal = format!(
        "error: {} leads to /somewhere/else/.git, which does not exist\n{HINT}",
        other.path(".git/worktrees/x/gitdir").display(),
    );
    planted.rejects(planted.todos(&["init", "--git"]).expect_stderr(refusal), 6);
    assert_eq!(
        before,
        other.everything(),
        "the other repository is untouched"
    );
}

#[test]
fn resolve_without_a_common_plan_keeps_both_sides_items() {
    let env = TestEnv::new();
    let store = |revision: u32, items: &str| {
        format!(
            "{{\n  \"version\": 1,\n  \"revision\": {revision},\n  \"next_id\": 3,\n  \"todos\": [{items}]\n}}\n"
        )
    };
    let ours = store(
        2,
        r#"{"id": "1", "content": "A", "status": "pending"}, {"id": "2", "content": "Mine", "status": "pending"}"#,
    );
    let theirs = store(
        5,
        r#"{"id": "1", "content": "A", "status": "completed"}, {"id": "2", "content": "Yours", "status": "pending"}"#,
    );
    env.write_file(
        ".todos.json",
        format!("<<<<<<< HEAD\n{ours}=======\n{theirs}>>>>>>> other\n"),
    );
    let resolved = env
        .todos(&["--json", "resolve"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\"todos\":[{\"id\":\"1\",\
                 \"content\":\"A\",\"status\":\"completed\"},{\"id\":\"2\",\
                 \"content\":\"Mine\",\"status\":\"pending\"},{\"id\":\"3\",\
                 \"content\":\"Yours\",\"status\":\"pending\"}],\"recap\":\"[1/3] Pending: \
                 Mine; Yours.\",\"revision\":6,\"changed\":true,\"warnings\":[\"both \
                 branches added an item 2: theirs, \\\"Yours\\\", is now 3\"],\
                 \"resolved\":{\"path\":\"[ROOT]/ws/.todos.json\",\"base\":\"none\",\
                 \"renumbered\":[{\"from\":\"2\",\"to\":\"3\"}],\"problems\":[],\
                 \"next\":\"git add .todos.json\"}},\"text\":\"Merged both sides of the \
                 conflict in [ROOT]/ws/.todos.json (common plan: none found: both sides' \
                 items are kept). Now run `git add .todos.json`.\",\"stats\":{\"total\":3,\
                 \"pending\":2,\"in_progress\":0,\"completed\":1,\"cancelled\":0,\
                 \"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(resolved["data"]["resolved"]["base"], "none");
    assert_eq!(resolved["data"]["resolved"]["renumbered"][0]["to"], "3");
    let rows: Vec<String> = items(&env.store()["todos"])
        .into_iter()
        .map(|(id, status, text)| format!("{id} {status} {text}"))
        .collect();
    assert_eq!(rows, ["1 completed A", "2 pending Mine", "3 pending Yours"]);
    assert_eq!(env.store()["revision"], 6);
}

/// A git config that names a program at every place git may run one, each writing `marker`.
fn hostile_config(marker: &Path) -> String {
    // Quoted as git reads a value: a `;` or `#` outside quotes starts a comment.
    let run = format!("\"sh -c 'echo ran >> {}'\"", marker.display());
    format!(
        "[core]\n\tfsmonitor = {run}\n\tpager = {run}\n\thooksPath = {hooks}\n\
         \tsshCommand = {run}\n\talternateRefsCommand = {run}\n\
         [diff]\n\texternal = {run}\n[diff \"todos\"]\n\ttextconv = {run}\n\
         [filter \"todos\"]\n\tclean = {run}\n\tsmudge = {run}\n\tprocess = {run}\n\
         [pager]\n\tcat-file = {run}\n",
        hooks = marker.with_extension("hooks").display(),
    )
}

#[test]
fn git_run_by_todos_executes_nothing_the_repositorys_config_names() {
    let env = repository(false);
    diverge(&env);
    assert_eq!(git(&env, &["merge", "--no-edit", "feature"]).code, 1);
    let marker = env.outside("ran");
    std::fs::create_dir_all(marker.with_extension("hooks")).unwrap();
    for hook in ["post-index-change", "pre-commit", "reference-transaction"] {
        let path = marker.with_extension("hooks").join(hook);
        std::fs::write(
            &path,
            format!("#!/bin/sh\necho {hook} >> {}\n", marker.display()),
        )
        .unwrap();
        std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
    }
    let config = env.path(".git/config");
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str(&hostile_config(&marker));
    std::fs::write(&config, text).unwrap();
    env.write_file(".git/info/attributes", "*.json diff=todos filter=todos\n");
    env.todos(&["resolve"])
        .expect_stdout(concat!(merged_plan!(), still_open!(5 of 6)))
        .expect_stderr(merged_note!())
        .run()
        .success();
    assert_merged(&env.store());
    assert!(
        !marker.exists(),
        "resolve ran what the config names: {}",
        std::fs::read_to_string(&marker).unwrap_or_default()
    );
    // `init --git` reads and writes the config itself: it runs nothing either.
    env.todos(&["-q", "init", "--git"]).run().success();
    assert!(!marker.exists(), "init --git ran what the config names");
}
