//! `todos board --json` (SPEC §10): which workspaces it finds, what it prints of them, and
//! hostile stores shown as unreadable without being followed or waited on. The server is
//! `board_server.rs`.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{TestEnv, envelope_end, json_line};

/// A folder with a plan: `todos write` run in it.
fn plan_in(env: &TestEnv, dir: &Path, summary: &str, items: &[&str]) {
    std::fs::create_dir_all(dir).unwrap();
    let mut args = vec![
        "-q",
        "-C",
        dir.to_str().unwrap(),
        "write",
        "--summary",
        summary,
    ];
    for item in items {
        args.extend(["-t", item]);
    }
    env.todos(&args).run().success();
}

/// The envelopes `todos board --json` printed, one a line.
fn envelopes(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("{err}: {line}")))
        .collect()
}

fn workspace_names(envelopes: &[Value], root: &Path) -> Vec<String> {
    envelopes
        .iter()
        .map(|envelope| {
            let path = envelope["context"]["workspace"].as_str().unwrap();
            Path::new(path)
                .strip_prefix(root)
                .unwrap()
                .display()
                .to_string()
        })
        .collect()
}

/// A list of `board --json` holding one pending item, written once by `write`.
fn one_pending_list(list: &str, summary: Option<&str>, content: &str) -> serde_json::Value {
    json!({
        "list": list,
        "summary": summary,
        "todos": [{"id": "1", "content": content, "status": "pending"}],
        "recap": format!("[0/1] Pending: {content}."),
        "revision": 1,
        "warnings": [],
        "stats": {
            "total": 1,
            "pending": 1,
            "in_progress": 0,
            "completed": 0,
            "cancelled": 0,
            "failed": 0,
            "blocked": 0,
        },
        "revisions": [
            {
                "revision": 1,
                "at": "2025-01-02T17:42:33+00:00",
                "command": "write",
                "changes": "1 item",
                "done": 0,
                "total": 1,
            },
        ],
    })
}

/// What `board --json` prints of a workspace under `[ROOT]/code` whose plan `summary` holds
/// one pending item `A`, written once.
fn one_item_board(folder: &str, summary: &str) -> String {
    let workspace = format!("[ROOT]/code/{folder}");
    let name = folder.rsplit('/').next().unwrap();
    json_line(&json!({
        "status": "success",
        "data": {
            "workspace": workspace,
            "name": name,
            "lists": [
                one_pending_list("default", Some(summary), "A"),
            ],
        },
        "text": format!("{name}: 1 list, 0 of 1 item done."),
        "context": {"cwd": null, "workspace": workspace, "list": null, "params_input": null},
    }))
}

#[test]
fn board_json_finds_workspaces_three_folders_deep_never_through_links() {
    let env = TestEnv::new();
    let code = env.root().join("code");
    for (dir, summary) in [
        ("api", "Fix the login"),
        ("web/app", "Dark mode"),
        ("team/x/deep", "Three levels"),
        ("team/x/deep/four", "Four levels: not searched"),
        ("node_modules/pkg", "A dependency's"),
        ("api/target/debug", "A build's"),
    ] {
        plan_in(&env, &code.join(dir), summary, &["pending:A"]);
    }
    std::fs::create_dir_all(code.join("api/.git/modules/sub")).unwrap();
    plan_in(&env, &env.outside("linked"), "Outside", &["pending:A"]);
    std::os::unix::fs::symlink(env.outside("linked"), code.join("linked")).unwrap();
    let before = env.everything();
    let done = env
        .todos(&["board", "--json", code.to_str().unwrap()])
        .expect_stdout(
            [
                one_item_board("api", "Fix the login"),
                one_item_board("team/x/deep", "Three levels"),
                one_item_board("web/app", "Dark mode"),
            ]
            .concat(),
        )
        .run()
        .success();
    assert_eq!(done.stderr, "");
    let envelopes = envelopes(&done.stdout);
    assert_eq!(
        workspace_names(&envelopes, &code),
        ["api", "team/x/deep", "web/app"]
    );
    let summaries: Vec<&str> = envelopes
        .iter()
        .map(|envelope| envelope["data"]["lists"][0]["summary"].as_str().unwrap())
        .collect();
    assert_eq!(summaries, ["Fix the login", "Three levels", "Dark mode"]);
    assert_eq!(env.everything(), before, "the board wrote nothing");
}

/// What `board --json` prints of the plan "Ship the patch", whose item 2 w1 claimed for 30
/// minutes (`lease_ended` or not by the test's clock), and of the list `docs`.
fn ship_the_patch_board(lease_ended: bool) -> String {
    json_line(&json!({
        "status": "success",
        "data": {
            "workspace": "[ROOT]/ws",
            "name": "ws",
            "lists": [
                {
                    "list": "default",
                    "summary": "Ship the patch",
                    "todos": [
                        {"id": "1", "content": "Reproduce", "status": "completed"},
                        {
                            "id": "2",
                            "content": "Patch",
                            "status": "in_progress",
                            "description": "Two lines\nof detail",
                            "owner": "w1",
                            "lease_until": "2025-01-02T18:12:33+00:00",
                            "lease_seconds": 1800,
                            "lease_ended": lease_ended,
                        },
                        {
                            "id": "3",
                            "content": "Test",
                            "status": "pending",
                            "blocked_by": ["2"],
                            "waiting_on": ["2"],
                        },
                    ],
                    "recap": "[1/3] In progress: Patch. Pending: Test.",
                    "revision": 2,
                    "warnings": [],
                    "stats": {
                        "total": 3,
                        "pending": 1,
                        "in_progress": 1,
                        "completed": 1,
                        "cancelled": 0,
                        "failed": 0,
                        "blocked": 0,
                    },
                    "revisions": [
                        {
                            "revision": 2,
                            "at": "2025-01-02T17:42:33+00:00",
                            "command": "next --claim",
                            "changes": "2 pending → in_progress; 2 @w1",
                            "done": 1,
                            "total": 3,
                        },
                        {
                            "revision": 1,
                            "at": "2025-01-02T17:42:33+00:00",
                            "command": "write",
                            "changes": "3 items",
                            "done": 1,
                            "total": 3,
                        },
                    ],
                },
                one_pending_list("docs", None, "Write it"),
            ],
        },
        "text": "ws: 2 lists, 1 of 4 items done.",
        "context": {"cwd": null, "workspace": "[ROOT]/ws", "list": null, "params_input": null},
    }))
}

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn board_json_prints_each_list_with_progress_owners_leases_blockers_and_revisions() {
    let env = TestEnv::new();
    env.todos(&["-q", "write", "-"])
        .stdin(
            r#"{"summary":"Ship the patch","todos":[
                {"content":"Reproduce","status":"completed"},
                {"content":"Patch","status":"pending","description":"Two lines\nof detail"},
                {"content":"Test","status":"pending","blocked_by":["2"]}]}"#,
        )
        .run()
        .success();
    env.todos(&["-q", "next", "--claim", "--owner", "w1", "--lease", "30m"])
        .run()
        .success();
    env.todos(&["-q", "-l", "docs", "write", "-t", "pending:Write it"])
        .run()
        .success();
    // An hour later: w1's lease has ended.
    let done = env
        .todos(&["board", "--json"])
        .env("TODOS_NOW", "2025-01-02T18:42:33Z")
        .expect_stdout(ship_the_patch_board(true))
        .run()
        .success();
    let printed = envelopes(&done.stdout);
    assert_eq!(printed.len(), 1, "{}", done.stdout);
    let envelope = &printed[0];
    let workspace = env.ws().to_string_lossy().into_owned();
    assert_eq!(envelope["status"], "success");
    assert_eq!(envelope["context"]["workspace"], workspace.as_str());
    assert_eq!(envelope["text"], "ws: 2 lists, 1 of 4 items done.");
    let data = &envelope["data"];
    assert_eq!(data["name"], "ws");
    let lists: Vec<&str> = data["lists"]
        .as_array()
        .unwrap()
        .iter()
        .map(|list| list["list"].as_str().unwrap())
        .collect();
    assert_eq!(lists, ["default", "docs"]);
    let default = &data["lists"][0];
    assert_eq!(default["summary"], "Ship the patch");
    assert_eq!(default["revision"], 2);
    assert_eq!(default["stats"]["completed"], 1);
    assert_eq!(default["stats"]["in_progress"], 1);
    let patch = &default["todos"][1];
    assert_eq!(patch["owner"], "w1");
    assert_eq!(patch["lease_ended"], true);
    assert_eq!(patch["description"], "Two lines\nof detail");
    assert_eq!(default["todos"][2]["waiting_on"], serde_json::json!(["2"]));
    let revisions: Vec<(u64, &str, &str)> = default["revisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["revision"].as_u64().unwrap(),
                row["command"].as_str().unwrap(),
                row["changes"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        revisions,
        [
            (2, "next --claim", "2 pending → in_progress; 2 @w1"),
            (1, "write", "3 items"),
        ]
    );
    // Before the lease ends, it is not marked.
    let early = env
        .todos(&["board", "--json"])
        .expect_stdout(ship_the_patch_board(false))
        .run()
        .success();
    assert_eq!(
        envelopes(&early.stdout)[0]["data"]["lists"][0]["todos"][1]["lease_ended"],
        false
    );
}

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn board_json_shows_hostile_stores_as_unreadable_and_follows_no_link() {
    let env = TestEnv::new();
    let code = env.root().join("code");
    // A store that links out, a FIFO for a named list, a broken one, and markup as text.
    let linked = code.join("linked");
    std::fs::create_dir_all(linked.join(".todos")).unwrap();
    std::fs::write(env.outside("secret.json"), "{}").unwrap_or_else(|_| {
        std::fs::create_dir_all(env.outside("")).unwrap();
        std::fs::write(env.outside("secret.json"), "{}").unwrap();
    });
    std::os::unix::fs::symlink(env.outside("secret.json"), linked.join(".todos.json")).unwrap();
    let fifo = linked.join(".todos/pipe.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    std::fs::write(
        linked.join(".todos/broken.json"),
        "{\"version\": 1, \"todos\": 3}",
    )
    .unwrap();
    // A named lists' folder that is a link out of its workspace.
    let folder = code.join("folder");
    plan_in(&env, &folder, "Mine", &["pending:A"]);
    plan_in(&env, &env.outside("lists"), "Theirs", &["pending:B"]);
    std::fs::create_dir_all(env.outside("lists/.todos")).unwrap();
    std::fs::write(env.outside("lists/.todos/stolen.json"), "{}").unwrap();
    std::fs::remove_dir_all(folder.join(".todos")).unwrap();
    std::os::unix::fs::symlink(env.outside("lists/.todos"), folder.join(".todos")).unwrap();
    let markup = code.join("markup");
    plan_in(
        &env,
        &markup,
        "<b>bold</b>",
        &["pending:<img src=x onerror=alert(1)>"],
    );
    let before = env.everything();
    let started = Instant::now();
    let done = env
        .todos(&["board", "--json", code.to_str().unwrap()])
        .expect_stdout(concat!(
                "{\"status\":\"success\",\"data\":{\"workspace\":\"[ROOT]/code/folder\",\
                    \"name\":\"folder\",\"lists\":[{\"list\":\"default\",\
                    \"summary\":\"Mine\",\"todos\":[{\"id\":\"1\",\"content\":\"A\",\
                    \"status\":\"pending\"}],\"recap\":\"[0/1] Pending: A.\",\
                    \"revision\":1,\"warnings\":[\"its history cannot be read: [ROOT]/code/folder/.todos \
                    is a symbolic link; todos does not read or write through it\"],\
                    \"stats\":{\"total\":1,\"pending\":1,\"in_progress\":0,\
                    \"completed\":0,\"cancelled\":0,\"failed\":0,\"blocked\":0},\
                    \"revisions\":[]}],\"error\":{\"code\":\"UNSAFE_PATH\",\
                    \"message\":\"[ROOT]/code/folder/.todos is a symbolic link; todos does not \
                    read or write through it\",\"hint\":\"if this workspace is yours, replace \
                    it with a regular file or folder inside the workspace (or remove it), then \
                    run the command again\"}},\"text\":\"folder: 1 list, 0 of 1 item done.\",\
                    \"context\":{\"cwd\":null,\"workspace\":\"[ROOT]/code/folder\",\
                    \"list\":null,\"params_input\":null}}\n",
                "{\"status\":\"success\",\"data\":{\"workspace\":\"[ROOT]/code/linked\",\
                    \"name\":\"linked\",\"lists\":[{\"list\":\"default\",\
                    \"error\":{\"code\":\"UNSAFE_PATH\",\"message\":\"[ROOT]/code/linked/.todos.json \
                    is a symbolic link; todos does not read or write through it\",\
                    \"hint\":\"if this workspace is yours, replace it with a regular file or \
                    folder inside the workspace (or remove it), then run the command again\"}},\
                    {\"list\":\"broken\",\"error\":{\"code\":\"STORE_CORRUPT\",\
                    \"message\":\"[ROOT]/code/linked/.todos/broken.json cannot be read as a \
                    todos store: invalid type: integer `3`, expected a sequence at line 1 column \
                    25\",\"hint\":\"the file was left untouched; run `todos undo` to set it \
                    aside and restore the latest revision its history kept, or fix [ROOT]/code/linked/.todos/broken.json \
                    by hand\"}},{\"list\":\"pipe\",\"error\":{\"code\":\"UNSAFE_PATH\",\
                    \"message\":\"[ROOT]/code/linked/.todos/pipe.json is a FIFO (named pipe), \
                    not a regular file; todos does not read or write through it\",\
                    \"hint\":\"if this workspace is yours, replace it with a regular file or \
                    folder inside the workspace (or remove it), then run the command again\"}}]},\
                    \"text\":\"linked: 3 lists, 0 of 0 items done, 3 unreadable.\",\
                    \"context\":{\"cwd\":null,\"workspace\":\"[ROOT]/code/linked\",\
                    \"list\":null,\"params_input\":null}}\n",
                "{\"status\":\"success\",\"data\":{\"workspace\":\"[ROOT]/code/markup\",\
                    \"name\":\"markup\",\"lists\":[{\"list\":\"default\",\
                    \"summary\":\"<b>bold</b>\",\"todos\":[{\"id\":\"1\",\
                    \"content\":\"<img src=x onerror=alert(1)>\",\"status\":\"pending\"}],\
                    \"recap\":\"[0/1] Pending: <img src=x onerror=alert(1)>.\",\
                    \"revision\":1,\"warnings\":[],\"stats\":{\"total\":1,\
                    \"pending\":1,\"in_progress\":0,\"completed\":0,\"cancelled\":0,\
                    \"failed\":0,\"blocked\":0},\"revisions\":[{\"revision\":1,\
                    \"at\":\"2025-01-02T17:42:33+00:00\",\"command\":\"write\",\
                    \"changes\":\"1 item\",\"done\":0,\"total\":1}]}]},\
                    \"text\":\"markup: 1 list, 0 of 1 item done.\",\"context\":{\"cwd\":null,\
                    \"workspace\":\"[ROOT]/code/markup\",\"list\":null,\
                    \"params_input\":null}}\n",
            )).run()
        .success();
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "never waits on a FIFO"
    );
    assert_eq!(env.everything(), before, "the board wrote nothing");
    let envelopes = envelopes(&done.stdout);
    assert_eq!(
        workspace_names(&envelopes, &code),
        ["folder", "linked", "markup"]
    );
    let codes = |envelope: &Value| -> Vec<(String, String)> {
        envelope["data"]["lists"]
            .as_array()
            .unwrap()
            .iter()
            .map(|list| {
                (
                    list["list"].as_str().unwrap().to_owned(),
                    list["error"]["code"]
                        .as_str()
                        .unwrap_or("readable")
                        .to_owned(),
                )
            })
            .collect()
    };
    let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
            .collect()
    };
    assert_eq!(codes(&envelopes[0]), pairs(&[("default", "readable")]));
    assert_eq!(envelopes[0]["data"]["error"]["code"], "UNSAFE_PATH");
    // Nothing is read through a link: the whole output above holds neither "stolen" nor
    // "Theirs".
    assert_eq!(
        codes(&envelopes[1]),
        pairs(&[
            ("default", "UNSAFE_PATH"),
            ("broken", "STORE_CORRUPT"),
            ("pipe", "UNSAFE_PATH"),
        ])
    );
    let item = &envelopes[2]["data"]["lists"][0]["todos"][0];
    assert_eq!(item["content"], "<img src=x onerror=alert(1)>");
}

#[test]
fn board_refuses_a_path_that_is_not_a_folder() {
    let env = TestEnv::new();
    let done = env.rejects(
        env.todos(&["board", "--json", "nowhere"])
            .expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                 \"message\":\"[ROOT]/ws/nowhere is not a folder\",\"details\":[],\
                 \"hint\":\"name workspaces, or folders that hold them\"},\"text\":\"error: \
                 [ROOT]/ws/nowhere is not a folder\",",
                envelope_end!(no workspace),
            )),
        1,
    );
    let envelope = done.json();
    assert_eq!(envelope["error"]["code"], "INVALID_PARAM");
    let workspace = env.ws().join("nowhere").display().to_string();
    assert_eq!(
        envelope["error"]["message"],
        format!("{workspace} is not a folder").as_str()
    );
}

#[test]
fn board_json_says_when_a_folder_holds_no_workspace() {
    let env = TestEnv::new();
    let empty = env.root().join("empty");
    std::fs::create_dir_all(empty.join("a/b")).unwrap();
    let before = env.everything();
    env.todos(&["board", "--json", empty.to_str().unwrap()])
        .expect_code(0)
        .expect_stdout("")
        .expect_stderr(format!(
            "warning: no workspace was found under {} (3 folders deep): a folder holds a plan \
             once `todos write` or `todos create` has run in it, and the board shows it then\n",
            empty.display()
        ))
        .run();
    assert_eq!(env.everything(), before);
}
