//! Replays the real agent payloads in `tests/corpus/`: every one through the library in process
//! (thousands of cases in seconds), and a fixed sample through the real binary, which must give
//! the same answers (the process adds only start-up, pipes and exit codes).

use std::collections::{BTreeSet, HashMap};
use std::fs;

use serde_json::Value;

use crate::support::{Done, Run, TestEnv};

/// Every how-many-th case also runs through the binary: a few hundred processes in all.
const BINARY_SAMPLE: usize = 20;

/// How one case runs.
#[derive(Clone, Copy)]
enum Via {
    Library,
    Binary,
}

impl Via {
    fn run(self, run: Run) -> Done {
        match self {
            Self::Library => run.run_in_process_unchecked(),
            Self::Binary => run.run_unchecked(),
        }
    }
}

struct Session {
    payloads: Vec<Value>,
}

#[track_caller]
fn sessions() -> Vec<Session> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/real_sessions.jsonl"
    );
    let text = fs::read_to_string(path).expect("the corpus ships with the repository");
    text.lines()
        .map(|line| {
            let session: Value = serde_json::from_str(line).expect("corpus line is JSON");
            Session {
                payloads: session["payloads"].as_array().expect("payloads").clone(),
            }
        })
        .collect()
}

/// What `todos` must store of an item: status, trimmed content, active form, priority.
type Stored = (String, String, Option<String>, Option<String>);

/// The items of a payload as `todos` must store them.
#[track_caller]
fn expected(payload: &Value) -> Vec<Stored> {
    let list = payload
        .get("todos")
        .or_else(|| payload.get("plan"))
        .and_then(Value::as_array)
        .expect("a list");
    list.iter()
        .map(|item| {
            let content = ["content", "step", "title", "text", "description"]
                .iter()
                .find_map(|key| item.get(*key).and_then(Value::as_str))
                .expect("item text");
            let status = match item["status"].as_str().expect("status") {
                "done" => "completed",
                other => other,
            };
            let active_form = item
                .get("activeForm")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty());
            let priority = item
                .get("priority")
                .and_then(Value::as_str)
                .map(str::to_lowercase);
            (
                status.to_owned(),
                content.trim().to_owned(),
                active_form.map(str::to_owned),
                priority,
            )
        })
        .collect()
}

/// The items of a payload as `todos` must store them after a plan whose items were `before`
/// (by id): an item the snapshot keeps (its id was there before) keeps the stored active form
/// and priority the payload leaves out (SPEC §3: only an explicit `null` clears them).
#[track_caller]
fn expected_kept(payload: &Value, todos: &Value, before: &HashMap<String, Stored>) -> Vec<Stored> {
    let list = payload
        .get("todos")
        .or_else(|| payload.get("plan"))
        .and_then(Value::as_array)
        .expect("a list");
    let ids = todos
        .as_array()
        .expect("todos")
        .iter()
        .map(|item| item["id"].as_str().unwrap());
    expected(payload)
        .into_iter()
        .zip(list)
        .zip(ids)
        .map(|((mut item, given), id)| {
            if let Some(stored) = before.get(id) {
                if given.get("activeForm").is_none() {
                    item.2.clone_from(&stored.2);
                }
                if given.get("priority").is_none() {
                    item.3.clone_from(&stored.3);
                }
            }
            item
        })
        .collect()
}

#[track_caller]
fn stored(todos: &Value) -> Vec<Stored> {
    let text = |item: &Value, key: &str| item.get(key).and_then(Value::as_str).map(str::to_owned);
    todos
        .as_array()
        .expect("todos")
        .iter()
        .map(|item| {
            (
                text(item, "status").unwrap(),
                text(item, "content").unwrap(),
                text(item, "active_form"),
                text(item, "priority"),
            )
        })
        .collect()
}

/// Every distinct input, with the default limits: accepted, or refused with exit 1, every
/// problem at a path, and the workspace unchanged.
#[track_caller]
fn distinct_payloads_with_default_limits_via(via: Via, every: usize) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/real_payloads.jsonl"
    );
    let text = fs::read_to_string(path).expect("the corpus ships with the repository");
    let mut seen = BTreeSet::new();
    let payloads: Vec<Value> = text
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).expect("corpus line is JSON")["input"].clone()
        })
        .filter(|payload| seen.insert(payload.to_string()))
        .collect();
    assert_eq!(
        payloads.len(),
        5692,
        "the corpus holds 5,692 distinct inputs"
    );
    let env = TestEnv::new();
    let (mut accepted, mut refused) = (0, 0);
    for payload in payloads.iter().step_by(every) {
        let before = env.tree();
        let done = via.run(env.todos(&["--json", "write"]).stdin(payload.to_string()));
        let json = done.json();
        match done.code {
            0 => {
                accepted += 1;
                assert_eq!(
                    stored(&json["data"]["todos"]),
                    expected(payload),
                    "{payload}"
                );
            }
            1 => {
                refused += 1;
                assert_eq!(json["error"]["code"], "INVALID_PARAM");
                let details = json["error"]["details"].as_array().expect("details");
                assert!(!details.is_empty(), "a refusal names its problems: {json}");
                for detail in details {
                    let path = detail["path"].as_str().expect("path");
                    let known = ["todos", "plan", "explanation"]
                        .iter()
                        .any(|list| path == *list || path.starts_with(&format!("{list}[")));
                    assert!(known, "{detail}");
                }
                assert_eq!(
                    env.tree(),
                    before,
                    "a refused payload changed the store: {payload}"
                );
            }
            code => panic!("exit {code} for {payload}: {}", done.stdout),
        }
    }
    assert!(
        accepted > 0 && refused > 0,
        "accepted {accepted}, refused {refused}"
    );
}

#[test]
fn distinct_payloads_with_default_limits() {
    distinct_payloads_with_default_limits_via(Via::Library, 1);
}

#[test]
fn distinct_payloads_with_default_limits_through_the_binary() {
    distinct_payloads_with_default_limits_via(Via::Binary, BINARY_SAMPLE);
}

/// Every session in order, with the limits raised: each snapshot round-trips exactly, an item
/// keeps its id while its text stays, the revision moves only on a change, and each finished
/// plan is logged once.
#[track_caller]
fn replay_sessions(via: Via, every: usize) {
    for (number, session) in sessions().iter().enumerate().step_by(every) {
        let env = TestEnv::new();
        let raised = |run: crate::support::Run| {
            run.env("TODOS_MAX_ITEMS", "100")
                .env("TODOS_MAX_CONTENT_CHARS", "500")
                .env("TODOS_MAX_IN_PROGRESS", "50")
                .env("TODOS_MAX_SUMMARY_CHARS", "1000")
        };
        let mut previous: Vec<Stored> = Vec::new();
        let mut summary: Option<String> = None;
        let mut ids: HashMap<String, String> = HashMap::new();
        let mut revision = 0;
        let mut finished_plans = 0;
        let mut kept: HashMap<String, Stored> = HashMap::new();
        for payload in &session.payloads {
            let done = via.run(raised(
                env.todos(&["--json", "write"]).stdin(payload.to_string()),
            ));
            let json = done.json();
            assert_eq!(done.code, 0, "session {number}: {payload}\n{}", done.stdout);
            let now = stored(&json["data"]["todos"]);
            assert_eq!(
                now,
                expected_kept(payload, &json["data"]["todos"], &kept),
                "session {number}"
            );
            kept = json["data"]["todos"]
                .as_array()
                .unwrap()
                .iter()
                .zip(&now)
                .map(|(item, stored)| (item["id"].as_str().unwrap().to_owned(), stored.clone()))
                .collect();
            let given = payload
                .get("explanation")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty());
            let new_summary = given.map(str::to_owned).or_else(|| summary.clone());
            if now != previous || new_summary != summary {
                revision += 1;
            }
            summary = new_summary;
            assert_eq!(json["data"]["revision"], revision, "session {number}");
            let finished = !now.is_empty()
                && now
                    .iter()
                    .all(|(status, ..)| status != "pending" && status != "in_progress");
            let same_texts = |a: &[Stored], b: &[Stored]| {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.0 == y.0 && x.1 == y.1)
            };
            let was_same_finished = same_texts(&now, &previous);
            if finished && !was_same_finished {
                finished_plans += 1;
            }
            for item in json["data"]["todos"].as_array().unwrap() {
                let (id, content) = (
                    item["id"].as_str().unwrap(),
                    item["content"].as_str().unwrap(),
                );
                if let Some(old) = ids.insert(content.to_owned(), id.to_owned()) {
                    // Two items may share a text, so only a text seen once keeps exactly its id.
                    let once =
                        |list: &[Stored]| list.iter().filter(|item| item.1 == content).count() == 1;
                    if once(&now) && once(&previous) {
                        assert_eq!(old, id, "session {number}: {content} changed id");
                    }
                }
            }
            previous = now;
        }
        let blocks = |file: fs::DirEntry| {
            let text = fs::read_to_string(file.path()).expect("log is text");
            text.lines()
                .filter(|line| line.starts_with("# task"))
                .count()
        };
        let logs: usize =
            fs::read_dir(env.path("memory/todos")).map_or(0, |dir| dir.flatten().map(blocks).sum());
        assert_eq!(logs, finished_plans, "session {number}: completion blocks");
    }
}

#[test]
fn every_session_replays() {
    replay_sessions(Via::Library, 1);
}

#[test]
fn sessions_replay_through_the_binary() {
    replay_sessions(Via::Binary, BINARY_SAMPLE);
}
