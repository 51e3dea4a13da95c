//! Named lists: each in `.todos/NAME.json` with its own ids, lock, history and session; `show
//! --all`; discovery of a workspace that holds only `.todos/`.

use std::fs;
use std::thread;

use serde_json::Value;

use crate::support::{
    HISTORY, TestEnv, envelope_end, items, lock_busy_hint, still_open, unsafe_path_hint,
};

#[test]
fn a_named_list_has_its_own_store_ids_and_history() {
    let env = TestEnv::new();
    env.plan("Main plan", &["pending:Main step"]);
    env.todos(&["-l", "api", "create", "Build the endpoint", "Test it"])
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [ ] Build the endpoint\n",
            "  2 [ ] Test it\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    env.todos(&["--list", "api", "update", "1", "in_progress"])
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [▶] Build the endpoint\n",
            "  2 [ ] Test it\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    let api: Value = serde_json::from_str(&env.read(".todos/api.json")).unwrap();
    assert_eq!(
        items(&api["todos"]),
        [
            (
                "1".into(),
                "in_progress".into(),
                "Build the endpoint".into()
            ),
            ("2".into(), "pending".into(), "Test it".into())
        ],
        "the list's ids start at 1 of their own"
    );
    assert_eq!(api["revision"], 2);
    assert_eq!(
        items(&env.store()["todos"]),
        [("1".into(), "pending".into(), "Main step".into())],
        "the default list is untouched"
    );
    assert_eq!(env.read(".todos/api.history.jsonl").lines().count(), 2);
    assert_eq!(env.read(HISTORY).lines().count(), 1);
    // TODOS_LIST names the list as --list does; the flag wins.
    env.todos(&["recap"])
        .env("TODOS_LIST", "api")
        .expect_code(0)
        .expect_stdout("[0/2] In progress: Build the endpoint. Pending: Test it.\n")
        .run();
    env.todos(&["-l", "default", "recap"])
        .env("TODOS_LIST", "api")
        .expect_code(0)
        .expect_stdout("[0/1] Pending: Main step.\n")
        .run();
}

/// The hint under every refusal of a list's name.
macro_rules! list_name_hint {
    () => {
        "hint: name a list with 1-64 lower-case letters, digits, '.', '_' or '-', not starting \
         with '.', e.g. --list api-agent\n"
    };
}

#[test]
fn an_invalid_list_name_is_refused_before_anything_is_created() {
    let env = TestEnv::new();
    let long = "x".repeat(65);
    for (name, refusal) in [
        (
            "../escape",
            concat!(
                "error: the list name \"../escape\" starts with '.'\n",
                list_name_hint!()
            ),
        ),
        (
            ".hidden",
            concat!(
                "error: the list name \".hidden\" starts with '.'\n",
                list_name_hint!()
            ),
        ),
        (
            "Upper",
            concat!(
                "error: the list name \"Upper\" holds an upper-case letter ('U'); use lower case\n",
                list_name_hint!()
            ),
        ),
        (
            "a b",
            concat!(
                "error: the list name \"a b\" holds ' ', which a list name cannot hold\n",
                list_name_hint!()
            ),
        ),
        (
            "",
            concat!("error: the list name \"\" is empty\n", list_name_hint!()),
        ),
        (
            long.as_str(),
            concat!(
                "error: the list name \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\" is 65 characters long, the limit is 64\n",
                list_name_hint!()
            ),
        ),
    ] {
        env.rejects(
            env.todos(&["--list", name, "create", "A"])
                .expect_stderr(refusal),
            1,
        );
        assert!(!env.path(".todos").exists(), "{name}: .todos/ was created");
    }
    env.rejects(
        env.todos(&["create", "A"])
            .env("TODOS_LIST", "a/b")
            .expect_stderr(concat!(
                "error: the list name \"a/b\" holds a path separator\n",
                list_name_hint!()
            )),
        1,
    );
}

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn show_all_prints_every_list_default_first() {
    let env = TestEnv::new();
    env.plan("Main plan", &["completed:Done step", "pending:Open step"]);
    env.todos(&[
        "-l",
        "web",
        "write",
        "--summary",
        "Web",
        "-t",
        "pending:Page",
    ])
    .expect_stdout(concat!(
        "[0/1] Web\n",
        "  1 [ ] Page\n",
        still_open!(1 of 1)
    ))
    .run()
    .success();
    env.todos(&[
        "-l",
        "api",
        "write",
        "--summary",
        "API",
        "-t",
        "in_progress:Route",
    ])
    .expect_stdout(concat!(
        "[0/1] API\n",
        "  1 [▶] Route\n",
        still_open!(1 of 1)
    ))
    .run()
    .success();
    let text = env
        .todos(&["show", "--all"])
        .expect_stdout(concat!(
            "── default ──\n",
            "[1/2] Main plan\n",
            "  1 [x] Done step\n",
            "  2 [ ] Open step\n",
            "\n",
            "── api ──\n",
            "[0/1] API\n",
            "  1 [▶] Route\n",
            "\n",
            "── web ──\n",
            "[0/1] Web\n",
            "  1 [ ] Page\n"
        ))
        .run()
        .success()
        .stdout;
    insta::assert_snapshot!(text, @r"
    ── default ──
    [1/2] Main plan
      1 [x] Done step
      2 [ ] Open step

    ── api ──
    [0/1] API
      1 [▶] Route

    ── web ──
    [0/1] Web
      1 [ ] Page
    ");
    let markdown = env
        .todos(&["show", "--all", "--format", "markdown"])
        .expect_stdout(concat!(
            "# default\n",
            "\n",
            "## Main plan\n",
            "\n",
            "Progress: 1/2 done\n",
            "\n",
            "- [x] Done step\n",
            "- [ ] Open step\n",
            "\n",
            "# api\n",
            "\n",
            "## API\n",
            "\n",
            "Progress: 0/1 done\n",
            "\n",
            "- [ ] **Route** (in progress)\n",
            "\n",
            "# web\n",
            "\n",
            "## Web\n",
            "\n",
            "Progress: 0/1 done\n",
            "\n",
            "- [ ] Page\n"
        ))
        .run()
        .success()
        .stdout;
    assert!(
        markdown.starts_with("# default\n\n## Main plan\n"),
        "{markdown}"
    );
    let json = env
        .todos(&["--json", "show", "--all"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"lists\":[{\"list\":\"default\",\
                 \"summary\":\"Main plan\",\"todos\":[{\"id\":\"1\",\"content\":\"Done \
                 step\",\"status\":\"completed\"},{\"id\":\"2\",\"content\":\"Open step\",\
                 \"status\":\"pending\"}],\"recap\":\"[1/2] Pending: Open step.\",\
                 \"revision\":1,\"warnings\":[]},{\"list\":\"api\",\"summary\":\"API\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"Route\",\"status\":\"in_progress\"}],\
                 \"recap\":\"[0/1] In progress: Route.\",\"revision\":1,\"warnings\":[]},\
                 {\"list\":\"web\",\"summary\":\"Web\",\"todos\":[{\"id\":\"1\",\
                 \"content\":\"Page\",\"status\":\"pending\"}],\"recap\":\"[0/1] Pending: \
                 Page.\",\"revision\":1,\"warnings\":[]}]},\"text\":\"3 lists, 4 items in \
                 all.\",",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    let names: Vec<&str> = json["data"]["lists"]
        .as_array()
        .unwrap()
        .iter()
        .map(|list| list["list"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["default", "api", "web"]);
    assert_eq!(json["data"]["lists"][1]["todos"][0]["content"], "Route");
}

#[test]
fn a_folder_holding_only_lists_is_a_workspace() {
    let env = TestEnv::new();
    let project = env.path("project");
    fs::create_dir_all(project.join("src/deep")).unwrap();
    env.todos(&["-C", "project", "-l", "api", "create", "Route"])
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [ ] Route\n",
            still_open!(1 of 1)
        ))
        .run()
        .success();
    assert!(env.path("project/.todos/api.json").exists());
    // From a folder below, the nearest folder holding .todos/ is the workspace, before .git.
    env.todos(&["-l", "api", "recap"])
        .current_dir(project.join("src/deep"))
        .expect_code(0)
        .expect_stdout("[0/1] Pending: Route.\n")
        .run();
    let json = env
        .todos(&["--json", "recap"])
        .current_dir(project.join("src/deep"))
        .expect_stdout(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\
                \"todos\":[],\"recap\":\"[0/0] No todos.\",\"revision\":0,\
                \"warnings\":[]},\"text\":\"[0/0] No todos.\",\"stats\":{\"total\":0,\
                \"pending\":0,\"in_progress\":0,\"completed\":0,\"cancelled\":0,\
                \"failed\":0,\"blocked\":0},\"context\":{\"cwd\":\"[ROOT]/ws/project/src/deep\",\
                \"workspace\":\"[ROOT]/ws/project\",\"list\":\"default\",\
                \"params_input\":null}}\n",
        )
        .run()
        .success()
        .json();
    assert_eq!(
        json["context"]["workspace"].as_str().unwrap(),
        project.to_str().unwrap()
    );
}

#[test]
fn writers_on_two_lists_lose_nothing_and_never_wait_for_each_other() {
    let env = TestEnv::new();
    thread::scope(|scope| {
        for writer in 0..6 {
            let env = &env;
            scope.spawn(move || {
                let list = if writer % 2 == 0 { "alpha" } else { "beta" };
                for step in 0..10 {
                    env.todos(&["-l", list, "create", &format!("w{writer} s{step}")])
                        .env("TODOS_MAX_ITEMS", "100")
                        .stdout_varies("the plan, as the racing writers leave it")
                        .stderr_varies("a racing writer may be told it waits for the lock")
                        .run();
                }
            });
        }
    });
    for list in ["alpha", "beta"] {
        let store: Value = serde_json::from_str(&env.read(&format!(".todos/{list}.json"))).unwrap();
        assert_eq!(store["todos"].as_array().unwrap().len(), 30, "{list}");
        assert_eq!(store["revision"], 30, "{list}");
        let history = env.read(&format!(".todos/{list}.history.jsonl"));
        assert_eq!(history.lines().count(), 30, "{list}: every change recorded");
    }
    // A held lock on one list does not hold up another.
    let lock = fs::OpenOptions::new()
        .write(true)
        .open(env.path(".todos/alpha.json.lock"))
        .unwrap();
    lock.lock().unwrap();
    env.rejects(
        env.todos(&["-l", "alpha", "--lock-timeout", "0", "create", "X"]).expect_stderr(concat!("error: another todos process held the lock on [ROOT]/ws/.todos/alpha.json.lock longer than --lock-timeout (0 s)\n", lock_busy_hint!())),
        3,
    );
    env.todos(&["-l", "beta", "--lock-timeout", "0", "create", "Y"])
        .env("TODOS_MAX_ITEMS", "100")
        .stdout_varies("the order the racing writers got in")
        .run()
        .success();
}

#[test]
fn a_named_list_logs_its_finished_plan_under_its_name() {
    let env = TestEnv::new();
    env.todos(&[
        "-l",
        "api",
        "write",
        "--summary",
        "API",
        "-t",
        "completed:Route",
    ])
    .expect_stdout(concat!(
        "[1/1] API\n",
        "  1 [x] Route\n",
        "The one item is done.\n"
    ))
    .run()
    .success();
    let logs: Vec<String> = fs::read_dir(env.path("memory/todos"))
        .unwrap()
        .flatten()
        .map(|entry| fs::read_to_string(entry.path()).unwrap())
        .collect();
    assert_eq!(logs.len(), 1);
    assert!(
        logs[0].starts_with("# api: task1-20250102-174233\n"),
        "{}",
        logs[0]
    );
}

#[cfg(unix)]
#[test]
fn a_lists_folder_that_links_out_of_the_workspace_is_refused() {
    let env = TestEnv::new();
    let outside = env.home().join("elsewhere");
    fs::create_dir_all(&outside).unwrap();
    fs::write(
        outside.join("api.json"),
        r#"{"version": 1, "revision": 1, "next_id": 2, "todos": [{"id": "1", "content": "Not yours", "status": "pending"}]}"#,
    )
    .unwrap();
    std::os::unix::fs::symlink(&outside, env.path(".todos")).unwrap();
    for args in [
        &["-l", "api", "show"][..],
        &["-l", "api", "history"],
        &["-l", "api", "create", "X"],
        &["show", "--all"],
    ] {
        env.rejects(env.todos(args).expect_stderr(concat!("error: [ROOT]/ws/.todos is a symbolic link; todos does not read or write through it\n", unsafe_path_hint!())), 6);
    }
    assert_eq!(
        fs::read_dir(&outside).unwrap().count(),
        1,
        "nothing written outside"
    );
}
