//! Several agents, one plan (SPEC §3a): owners, one item in progress per owner, claims that
//! never collide, and what every view, the guide, the hooks and `check` show of owners and
//! dependencies.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Barrier};

use serde_json::{Value, json};

use crate::dependencies::{blocked_by, write_plan};
use crate::support::{
    TestEnv, envelope_end, error_paths, finish_before_stop, items_still_open, still_open,
};

#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn one_item_in_progress_per_owner_and_unowned_items_count_as_one_owner() {
    let env = TestEnv::new();
    let plan = r#"{"summary": "S", "todos": [
        {"content": "A", "status": "in_progress", "owner": "w1"},
        {"content": "B", "status": "in_progress", "owner": "w2"},
        {"content": "C", "status": "in_progress"},
        {"content": "D", "status": "pending"},
        {"content": "E", "status": "pending", "owner": "w1"}]}"#;
    env.todos(&["write"])
        .stdin(plan)
        .expect_stdout(concat!(
            "[0/5] S\n",
            "  1 [▶] A @w1\n",
            "  2 [▶] B @w2\n",
            "  3 [▶] C\n",
            "  4 [ ] D\n",
            "  5 [ ] E @w1\n",
            still_open!(5 of 5)
        ))
        .run()
        .success();
    let json = env
        .rejects(env.todos(&["--json", "update", "5", "in_progress"]).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"status: item 5 cannot start: item 1 of w1 is already in_progress \
                and at most 1 may be per owner; finish or pause the item in progress first \
                (completed, or back to pending); or raise the limit with \\\"max_in_progress\\\" \
                in .todos.config.json or TODOS_MAX_IN_PROGRESS\",\"details\":[{\"path\":\"status\",\
                \"message\":\"item 5 cannot start: item 1 of w1 is already in_progress and \
                at most 1 may be per owner; finish or pause the item in progress first (completed, \
                or back to pending); or raise the limit with \\\"max_in_progress\\\" in \
                .todos.config.json or TODOS_MAX_IN_PROGRESS\"}]},\"text\":\"error: status: \
                item 5 cannot start: item 1 of w1 is already in_progress and at most 1 may \
                be per owner; finish or pause the item in progress first (completed, or \
                back to pending); or raise the limit with \\\"max_in_progress\\\" in .todos.config.json \
                or TODOS_MAX_IN_PROGRESS\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"id\":\"5\",\
                \"status\":\"in_progress\"}}}\n"), 1)
        .json();
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("item 1 of w1 is already in_progress"),
        "{message}"
    );
    env.rejects(
        env.todos(&["update", "4", "in_progress"]).expect_stderr(
            "error: status: item 4 cannot start: item 3 is already in_progress and at \
            most 1 may be; finish or pause the item in progress first (completed, or \
            back to pending); or raise the limit with \"max_in_progress\" in .todos.config.json \
            or TODOS_MAX_IN_PROGRESS\n",
        ),
        1,
    );
    let two = plan.replace(
        r#""C", "status": "in_progress""#,
        r#""C", "status": "in_progress", "owner": "w2""#,
    );
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(two).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"todos: has 2 items in_progress owned by w2 (todos[1], todos[2]), \
                at most 1 per owner may be; finish or pause the item in progress first (completed, \
                or back to pending); or raise the limit with \\\"max_in_progress\\\" in \
                .todos.config.json or TODOS_MAX_IN_PROGRESS\",\"details\":[{\"path\":\"todos\",\
                \"message\":\"has 2 items in_progress owned by w2 (todos[1], todos[2]), \
                at most 1 per owner may be; finish or pause the item in progress first (completed, \
                or back to pending); or raise the limit with \\\"max_in_progress\\\" in \
                .todos.config.json or TODOS_MAX_IN_PROGRESS\"}]},\"text\":\"error: todos: \
                has 2 items in_progress owned by w2 (todos[1], todos[2]), at most 1 per \
                owner may be; finish or pause the item in progress first (completed, or \
                back to pending); or raise the limit with \\\"max_in_progress\\\" in .todos.config.json \
                or TODOS_MAX_IN_PROGRESS\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"summary\":\"S\",\
                \"todos\":[{\"content\":\"A\",\"status\":\"in_progress\",\
                \"owner\":\"w1\"},{\"content\":\"B\",\"status\":\"in_progress\",\
                \"owner\":\"w2\"},{\"content\":\"C\",\"status\":\"in_progress\",\
                \"owner\":\"w2\"},{\"content\":\"D\",\"status\":\"pending\"},\
                {\"content\":\"E\",\"status\":\"pending\",\"owner\":\"w1\"}]}}}\n"), 1)
        .json();
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    assert!(
        message.contains(
            "has 2 items in_progress owned by w2 (todos[1], todos[2]), at most 1 per owner"
        ),
        "{message}"
    );
    // Handing an item in progress to an owner who has one already is refused too.
    env.rejects(
        env.todos(&["update", "3", "--owner", "w1"]).expect_stderr(
            "error: status: item 3 cannot start: item 1 of w1 is already in_progress \
            and at most 1 may be per owner; finish or pause the item in progress first \
            (completed, or back to pending); or raise the limit with \"max_in_progress\" \
            in .todos.config.json or TODOS_MAX_IN_PROGRESS\n",
        ),
        1,
    );
    env.todos(&["update", "3", "--owner", "w3"])
        .expect_stdout(concat!(
            "[0/5] S\n",
            "  1 [▶] A @w1\n",
            "  2 [▶] B @w2\n",
            "  3 [▶] C @w3\n",
            "  4 [ ] D\n",
            "  5 [ ] E @w1\n",
            still_open!(5 of 5)
        ))
        .run()
        .success();
    env.todos(&["update", "4", "in_progress"])
        .expect_stdout(concat!(
            "[0/5] S\n",
            "  1 [▶] A @w1\n",
            "  2 [▶] B @w2\n",
            "  3 [▶] C @w3\n",
            "  4 [▶] D\n",
            "  5 [ ] E @w1\n",
            still_open!(5 of 5)
        ))
        .run()
        .success();
}

#[test]
fn create_and_update_take_owners_and_dependencies() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A", "pending:B"]);
    env.todos(&["create", "C", "D", "--blocked-by", "1", "--owner", "ops"])
        .expect_stdout(concat!(
            "[0/4] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C ⧗ 1 @ops\n",
            "  4 [ ] D ⧗ 1 @ops\n",
            still_open!(4 of 4)
        ))
        .run()
        .success();
    let store = env.store();
    for index in [2, 3] {
        assert_eq!(blocked_by(&store, index), json!(["1"]));
        assert_eq!(store["todos"][index]["owner"], "ops");
    }
    env.todos(&[
        "update",
        "3",
        "--no-owner",
        "--unblock",
        "1",
        "--blocked-by",
        "2",
    ])
    .expect_stdout(concat!(
        "[0/4] S\n",
        "  1 [ ] A\n",
        "  2 [ ] B\n",
        "  3 [ ] C ⧗ 2\n",
        "  4 [ ] D ⧗ 1 @ops\n",
        still_open!(4 of 4)
    ))
    .run()
    .success();
    let store = env.store();
    assert!(store["todos"][2].get("owner").is_none(), "{store}");
    assert_eq!(blocked_by(&store, 2), json!(["2"]));
    env.todos(&["create"])
        .stdin(r#"{"subject": "E", "blockedBy": ["4"], "owner": "w9"}"#)
        .expect_stdout(concat!(
            "[0/5] S\n",
            "  1 [ ] A\n",
            "  2 [ ] B\n",
            "  3 [ ] C ⧗ 2\n",
            "  4 [ ] D ⧗ 1 @ops\n",
            "  5 [ ] E ⧗ 4 @w9\n",
            still_open!(5 of 5)
        ))
        .run()
        .success();
    let store = env.store();
    assert_eq!(blocked_by(&store, 4), json!(["4"]));
    assert_eq!(store["todos"][4]["owner"], "w9");
}

#[test]
fn every_view_shows_owners_dependencies_and_descriptions() {
    let env = TestEnv::new();
    let plan = r#"{"summary": "S", "todos": [
        {"id": "a", "content": "Migrate", "status": "completed", "owner": "db"},
        {"id": "b", "content": "Backfill", "status": "pending", "owner": "db", "blocked_by": ["a"]},
        {"id": "c", "content": "Switch reads", "status": "pending", "blocked_by": ["b"],
         "description": "Flip the flag.\nWatch the error rate."}]}"#;
    env.todos(&["write"])
        .stdin(plan)
        .expect_stdout(concat!(
            "[1/3] S\n",
            "  1 [x] Migrate @db\n",
            "  2 [ ] Backfill @db\n",
            "  3 [ ] Switch reads ⧗ 2\n",
            still_open!(2 of 3)
        ))
        .run()
        .success();
    let shown = env
        .todos(&["show", "--long"])
        .expect_stdout(concat!(
            "[1/3] S\n",
            "  1 [x] Migrate @db\n",
            "  2 [ ] Backfill @db\n",
            "  3 [ ] Switch reads ⧗ 2\n",
            "        Flip the flag.\n",
            "        Watch the error rate.\n"
        ))
        .run()
        .success()
        .stdout;
    assert_eq!(
        shown,
        "[1/3] S\n  1 [x] Migrate @db\n  2 [ ] Backfill @db\n  3 [ ] Switch reads ⧗ 2\n        Flip the flag.\n        Watch the error rate.\n"
    );
    env.todos(&["show", "--format", "markdown"])
        .expect_stdout(concat!(
            "## S\n",
            "\n",
            "Progress: 1/3 done\n",
            "\n",
            "- [x] Migrate `@db`\n",
            "- [ ] Backfill `@db`\n",
            "- [ ] Switch reads (waits on: Backfill)\n"
        ))
        .run()
        .success();
    let json = env
        .todos(&["--json", "show"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"S\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"Migrate\",\"status\":\"completed\",\
                 \"owner\":\"db\"},{\"id\":\"2\",\"content\":\"Backfill\",\
                 \"status\":\"pending\",\"blocked_by\":[\"1\"],\"owner\":\"db\"},\
                 {\"id\":\"3\",\"content\":\"Switch reads\",\"status\":\"pending\",\
                 \"description\":\"Flip the flag.\\nWatch the error rate.\",\
                 \"blocked_by\":[\"2\"]}],\"recap\":\"[1/3] Next: Backfill. Pending: Switch \
                 reads.\",\"revision\":1,\"warnings\":[]},\"text\":\"Todos: 2 pending, 1 \
                 completed.\",\"stats\":{\"total\":3,\"pending\":2,\"in_progress\":0,\
                 \"completed\":1,\"cancelled\":0,\"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(json["data"]["todos"][2]["blocked_by"], json!(["2"]));
    assert_eq!(json["data"]["todos"][1]["owner"], "db");
    assert_eq!(
        json["data"]["recap"],
        "[1/3] Next: Backfill. Pending: Switch reads."
    );
}

/// A dozen agents claim at once, each a process: no item is claimed twice.
#[test]
fn a_dozen_claimers_at_once_never_get_the_same_item() {
    let env = Arc::new(TestEnv::new());
    let items: Vec<String> = (1..=12).map(|i| format!("Step {i}")).collect();
    let mut args = vec!["create"];
    args.extend(items.iter().map(String::as_str));
    env.todos(&args)
        .env("TODOS_MAX_ITEMS", "20")
        .expect_stdout(concat!(
            "[0/12] (no summary)\n",
            "   1 [ ] Step 1\n",
            "   2 [ ] Step 2\n",
            "   3 [ ] Step 3\n",
            "   4 [ ] Step 4\n",
            "   5 [ ] Step 5\n",
            "   6 [ ] Step 6\n",
            "   7 [ ] Step 7\n",
            "   8 [ ] Step 8\n",
            "   9 [ ] Step 9\n",
            "  10 [ ] Step 10\n",
            "  11 [ ] Step 11\n",
            "  12 [ ] Step 12\n",
            still_open!(12 of 12)
        ))
        .run()
        .success();
    let barrier = Arc::new(Barrier::new(12));
    let claims: Vec<Value> = (1..=12)
        .map(|n| {
            let (env, barrier) = (Arc::clone(&env), Arc::clone(&barrier));
            std::thread::spawn(move || {
                let owner = format!("w{n}");
                let run = env
                    .todos(&["--json", "next", "--claim", "--owner", &owner])
                    .env("TODOS_MAX_ITEMS", "20");
                barrier.wait();
                run.stdout_varies("which item each racing claimer gets")
                    .stderr_varies("a racing writer may be told it waits for the lock")
                    .run()
                    .json()
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|handle| handle.join().expect("a claimer"))
        .collect();
    let ids: BTreeSet<String> = claims
        .iter()
        .map(|json| {
            json["data"]["next"]["id"]
                .as_str()
                .expect("claimed")
                .to_owned()
        })
        .collect();
    assert_eq!(ids.len(), 12, "{claims:?}");
    let store = env.store();
    let owners: BTreeSet<&str> = store["todos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            assert_eq!(item["status"], "in_progress");
            item["owner"].as_str().unwrap()
        })
        .collect();
    assert_eq!(owners.len(), 12);
}

/// Issue 11's "done means": an orchestrator writes a plan with dependencies, three workers
/// loop on `todos next --claim --owner wN` and finish (or fail) their items, and the plan ends
/// with every item done by exactly one worker; the completion log names the plan once.
#[test]
#[allow(clippy::too_many_lines)] // each step's whole output, written out
fn an_orchestrator_and_three_workers_finish_a_plan_together() {
    let env = Arc::new(TestEnv::new());
    let plan = r#"{"summary": "Release 2.0", "todos": [
        {"id": "a", "content": "Freeze the branch", "status": "pending"},
        {"id": "b", "content": "Build linux", "status": "pending", "blocked_by": ["a"]},
        {"id": "c", "content": "Build macos", "status": "pending", "blocked_by": ["a"]},
        {"id": "d", "content": "Build windows", "status": "pending", "blocked_by": ["a"]},
        {"id": "e", "content": "Try the arm64 build", "status": "pending", "blocked_by": ["a"]},
        {"id": "f", "content": "Sign the artifacts", "status": "pending", "blocked_by": ["b", "c", "d"]},
        {"id": "g", "content": "Write the notes", "status": "pending"},
        {"id": "h", "content": "Publish", "status": "pending", "blocked_by": ["f", "g"]}]}"#;
    env.todos(&["write"])
        .stdin(plan)
        .expect_stdout(concat!(
            "[0/8] Release 2.0\n",
            "  1 [ ] Freeze the branch\n",
            "  2 [ ] Build linux ⧗ 1\n",
            "  3 [ ] Build macos ⧗ 1\n",
            "  4 [ ] Build windows ⧗ 1\n",
            "  5 [ ] Try the arm64 build ⧗ 1\n",
            "  6 [ ] Sign the artifacts ⧗ 2, 3, 4\n",
            "  7 [ ] Write the notes\n",
            "  8 [ ] Publish ⧗ 6, 7\n",
            still_open!(8 of 8)
        ))
        .run()
        .success();
    let workers: Vec<_> = (1..=3)
        .map(|n| {
            let env = Arc::clone(&env);
            std::thread::spawn(move || {
                let owner = format!("w{n}");
                let mut done = Vec::new();
                for _ in 0..2000 {
                    let json = env
                        .todos(&["--json", "next", "--claim", "--owner", &owner])
                        .stdout_varies("which item each racing worker gets")
                        .stderr_varies("a racing writer may be told it waits for the lock")
                        .run()
                        .json();
                    let next = &json["data"]["next"];
                    if next.is_null() {
                        let reason = json["data"]["reason"].as_str().unwrap().to_owned();
                        if reason.starts_with("Nothing to do") {
                            return done;
                        }
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        continue;
                    }
                    let id = next["id"].as_str().unwrap().to_owned();
                    let outcome = if next["content"] == "Try the arm64 build" {
                        "failed"
                    } else {
                        "completed"
                    };
                    env.todos(&["update", &id, outcome])
                        .stdout_varies("the plan as the racing workers left it")
                        .stderr_varies("a racing writer may be told it waits for the lock")
                        .run();
                    done.push(id);
                }
                panic!("{owner} never saw the plan finished; it did {done:?}");
            })
        })
        .collect();
    let mut by_worker: BTreeMap<String, String> = BTreeMap::new();
    for (n, worker) in workers.into_iter().enumerate() {
        for id in worker.join().expect("a worker") {
            let previous = by_worker.insert(id.clone(), format!("w{}", n + 1));
            assert!(previous.is_none(), "item {id} was done twice");
        }
    }
    let store = env.store();
    let todos = store["todos"].as_array().unwrap();
    assert_eq!(by_worker.len(), todos.len());
    for item in todos {
        let id = item["id"].as_str().unwrap();
        assert_eq!(
            item["owner"].as_str(),
            Some(by_worker[id].as_str()),
            "{item}"
        );
        let expected = if item["content"] == "Try the arm64 build" {
            "failed"
        } else {
            "completed"
        };
        assert_eq!(item["status"], expected, "{item}");
    }
    let logs: Vec<_> = std::fs::read_dir(env.path("memory/todos"))
        .expect("a completion log")
        .flatten()
        .map(|file| std::fs::read_to_string(file.path()).unwrap())
        .collect();
    let headings: usize = logs
        .iter()
        .map(|log| {
            log.lines()
                .filter(|line| line.starts_with("# task"))
                .count()
        })
        .sum();
    assert_eq!(headings, 1, "{logs:?}");
    assert!(logs[0].contains("Summary: Release 2.0"), "{logs:?}");
    let publisher = &by_worker[todos[7]["id"].as_str().unwrap()];
    assert!(
        logs[0].contains(&format!("- Publish (by {publisher})\n")),
        "{logs:?}"
    );
}

/// The guide tells a team how to share the plan in three lines, and a lone agent nothing of it.
/// The guide an agent gets once it is named or the plan has owners: `prompt`'s guide with three
/// lines on sharing the plan after the `check` line.
fn team_guide() -> String {
    let check =
        "- Before you say you are done, run `todos check`: it fails while items are open.\n";
    let team = concat!(
        "- Several agents share this plan. `todos next --claim --owner NAME` (or `TODOS_OWNER=NAME`) takes the next ready item and marks it yours; finish it (completed, cancelled, failed or blocked) before you claim another: each owner has one item in_progress at a time.\n",
        "- An item with `blocked_by` is ready once each is completed or cancelled (a failed or blocked one still holds it up) (`⧗ 2, 5` in `todos show`); `todos update ID --blocked-by OTHER` adds a dependency.\n",
        "- Change your own items with `todos update`; never `todos write` a list over others' work.\n",
    );
    crate::prompt::GUIDE.replacen(check, &format!("{check}{team}"), 1)
}

#[test]
fn the_guide_speaks_of_owners_and_dependencies_only_to_a_team() {
    let env = TestEnv::new();
    let alone = env
        .todos(&["prompt"])
        .expect_stdout(crate::prompt::GUIDE)
        .run()
        .stdout;
    for word in ["owner", "claim", "blocked_by"] {
        assert!(
            !alone.contains(word),
            "{word} in a lone agent's guide:\n{alone}"
        );
    }
    let named = env
        .todos(&["prompt"])
        .env("TODOS_OWNER", "w1")
        .expect_stdout(team_guide())
        .run()
        .success()
        .stdout;
    let extra: Vec<&str> = named.lines().filter(|line| !alone.contains(line)).collect();
    assert_eq!(extra.len(), 3, "{extra:?}");
    assert!(named.contains("todos next --claim --owner NAME"), "{named}");
    write_plan(&env);
    let planned = env
        .todos(&["prompt"])
        .expect_stdout(team_guide())
        .run()
        .success()
        .stdout;
    assert_eq!(planned, named);
}

/// The per-owner rule counts the owner a kept item keeps when the snapshot leaves it out.
#[test]
fn a_kept_owner_counts_for_the_in_progress_rule() {
    let env = TestEnv::new();
    let plan = r#"{"summary": "S", "todos": [
        {"content": "A", "status": "in_progress", "owner": "w1"},
        {"content": "B", "status": "pending"}]}"#;
    env.todos(&["write"])
        .stdin(plan)
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [▶] A @w1\n",
            "  2 [ ] B\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    let both = r#"{"todos": [
        {"content": "A", "status": "in_progress"},
        {"content": "B", "status": "in_progress", "owner": "w1"}]}"#;
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(both).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"todos: has 2 items in_progress owned by w1 (todos[0], todos[1]), \
                at most 1 per owner may be; finish or pause the item in progress first (completed, \
                or back to pending); or raise the limit with \\\"max_in_progress\\\" in \
                .todos.config.json or TODOS_MAX_IN_PROGRESS\",\"details\":[{\"path\":\"todos\",\
                \"message\":\"has 2 items in_progress owned by w1 (todos[0], todos[1]), \
                at most 1 per owner may be; finish or pause the item in progress first (completed, \
                or back to pending); or raise the limit with \\\"max_in_progress\\\" in \
                .todos.config.json or TODOS_MAX_IN_PROGRESS\"}]},\"text\":\"error: todos: \
                has 2 items in_progress owned by w1 (todos[0], todos[1]), at most 1 per \
                owner may be; finish or pause the item in progress first (completed, or \
                back to pending); or raise the limit with \\\"max_in_progress\\\" in .todos.config.json \
                or TODOS_MAX_IN_PROGRESS\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"todos\":[{\"content\":\"A\",\
                \"status\":\"in_progress\"},{\"content\":\"B\",\"status\":\"in_progress\",\
                \"owner\":\"w1\"}]}}}\n"), 1)
        .json();
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    assert!(message.contains("owned by w1"), "{message}");
    let other = both.replace(r#""owner": "w1""#, r#""owner": "w2""#);
    env.todos(&["write"])
        .stdin(other)
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [▶] A @w1\n",
            "  2 [▶] B @w2\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    // An agent that knows nothing of owners re-sends the list: w1 and w2 each have one item in
    // progress, which is within the rule.
    let unaware = r#"{"todos": [
        {"content": "A", "status": "in_progress"},
        {"content": "B", "status": "in_progress"}]}"#;
    let again = env
        .todos(&["--json", "write"])
        .stdin(unaware)
        .expect_stdout(
            "{\"status\":\"success\",\"data\":{\"summary\":\"S\",\
                \"todos\":[{\"id\":\"1\",\"content\":\"A\",\"status\":\"in_progress\",\
                \"owner\":\"w1\"},{\"id\":\"2\",\"content\":\"B\",\
                \"status\":\"in_progress\",\"owner\":\"w2\"}],\"recap\":\"[0/2] In progress: \
                A (+1 more).\",\"revision\":2,\"changed\":false,\"warnings\":[]},\
                \"text\":\"No change: the plan already matches (revision 2).\",\
                \"stats\":{\"total\":2,\"pending\":0,\"in_progress\":2,\
                \"completed\":0,\"cancelled\":0,\"failed\":0,\"blocked\":0},\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"todos\":[{\"content\":\"A\",\
                \"status\":\"in_progress\"},{\"content\":\"B\",\"status\":\"in_progress\"}]}}}\n",
        )
        .run()
        .success();
    assert_eq!(again.json()["data"]["changed"], false);
    // Two unowned items in progress are refused, at the list's own key.
    let codex = r#"{"plan": [
        {"step": "C", "status": "in_progress"},
        {"step": "D", "status": "in_progress"}]}"#;
    let json = env
        .rejects(env.todos(&["--json", "write"]).stdin(codex).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"plan: has 2 items in_progress (plan[0], plan[1]), at most \
                1 may be; finish or pause the item in progress first (completed, or back \
                to pending); or raise the limit with \\\"max_in_progress\\\" in .todos.config.json \
                or TODOS_MAX_IN_PROGRESS\",\"details\":[{\"path\":\"plan\",\
                \"message\":\"has 2 items in_progress (plan[0], plan[1]), at most 1 may \
                be; finish or pause the item in progress first (completed, or back to pending); \
                or raise the limit with \\\"max_in_progress\\\" in .todos.config.json or \
                TODOS_MAX_IN_PROGRESS\"}]},\"text\":\"error: plan: has 2 items in_progress \
                (plan[0], plan[1]), at most 1 may be; finish or pause the item in progress \
                first (completed, or back to pending); or raise the limit with \\\"max_in_progress\\\" \
                in .todos.config.json or TODOS_MAX_IN_PROGRESS\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"plan\":[{\"step\":\"C\",\
                \"status\":\"in_progress\"},{\"step\":\"D\",\"status\":\"in_progress\"}]}}}\n"), 1)
        .json();
    assert_eq!(error_paths(&json), ["plan"]);
    let message = json["error"]["details"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("2 items in_progress (plan[0], plan[1])"),
        "{message}"
    );
}

/// The views an agent reads at a session start or a stop name owners and what items wait on.
#[test]
fn hooks_and_check_show_owners_and_dependencies() {
    let env = TestEnv::new();
    write_plan(&env);
    env.todos(&["next", "--claim", "--owner", "w1"])
        .expect_stdout("  1 [▶] Write the schema @w1\n")
        .run()
        .success();
    env.todos(&["check"])
        .expect_code(1)
        .expect_stderr(concat!(
            items_still_open!(4 of 4),
            "[0/4] In progress: Write the schema. Pending: Build the server; Build the \
                client; Run the end-to-end tests.\n",
            "  1 [▶] Write the schema @w1\n",
            "  2 [ ] Build the server ⧗ 1\n",
            "  3 [ ] Build the client ⧗ 1\n",
            "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n",
            finish_before_stop!(them),
        ))
        .run()
        .code(1);
    env
        .todos(&["hook"])
        .stdin(r#"{"hook_event_name": "SessionStart", "source": "startup"}"#)
        .expect_stdout(concat!("Plan (todos) [0/4] Ship the API — open items (update with `todos update ID STATUS`):\n", "  1 [▶] Write the schema @w1\n", "  2 [ ] Build the server ⧗ 1\n", "  3 [ ] Build the client ⧗ 1\n", "  4 [ ] Run the end-to-end tests ⧗ 2, 3\n")).run()
        .success();
}
