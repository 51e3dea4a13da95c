//! Leases, respected owners and take-overs (SPEC §3a, issue 23). Time moves by `TODOS_NOW`,
//! never by sleeping.

use serde_json::Value;

use crate::support::TestEnv;

const T0: &str = "2025-01-02T17:00:00Z";
const T10: &str = "2025-01-02T17:10:00Z";
const T19: &str = "2025-01-02T17:19:00Z";
const T40: &str = "2025-01-02T17:40:00Z";

fn team() -> TestEnv {
    let env = TestEnv::new();
    env.plan(
        "Ship",
        &["pending:Schema", "pending:Server", "pending:Client"],
    );
    env
}

fn claim(env: &TestEnv, owner: &str, at: &str, extra: &[&str]) -> Value {
    let mut args = vec!["--json", "next", "--claim", "--owner", owner];
    args.extend_from_slice(extra);
    env.todos(&args)
        .env("TODOS_NOW", at)
        .run_unchecked()
        .success()
        .json()
}

#[test]
fn a_claim_with_a_lease_returns_the_claim_and_stores_when_it_ends() {
    let env = team();
    let reply = claim(&env, "w1", T0, &["--lease", "15m"]);
    let data = &reply["data"];
    assert_eq!(data["next"]["id"], "1");
    assert_eq!(data["claim"]["owner"], "w1");
    assert_eq!(data["claim"]["revision"], env.store()["revision"]);
    assert_eq!(data["claim"]["lease_until"], "2025-01-02T17:15:00+00:00");
    assert_eq!(data["claim"]["taken_over_from"], Value::Null);
    assert_eq!(
        env.store()["todos"][0]["lease_until"],
        "2025-01-02T17:15:00+00:00"
    );
    // Text: the item's line on stdout, the lease on stderr; `show --long` says when it ends.
    let text = env
        .todos(&["next", "--claim", "--owner", "w2", "--lease", "90s"])
        .env("TODOS_NOW", T0)
        .run_unchecked()
        .success();
    assert_eq!(text.stdout, "  2 [▶] Server @w2\n");
    assert!(
        text.stderr
            .contains("Lease until 2025-01-02T17:01:30+00:00."),
        "{}",
        text.stderr
    );
    let long = env
        .todos(&["show", "--long"])
        .env("TODOS_NOW", T0)
        .run_unchecked()
        .success()
        .stdout;
    assert!(
        long.contains("lease until 2025-01-02T17:15:00+00:00\n"),
        "{long}"
    );
    // Without --lease and without claim_lease, a claim holds for ever, as before.
    let reply = claim(&env, "w3", T0, &[]);
    assert_eq!(reply["data"]["claim"]["lease_until"], Value::Null);
}

#[test]
fn the_default_lease_comes_from_claim_lease_and_bad_leases_are_refused() {
    let env = team();
    env.write_file(".todos.config.json", r#"{"claim_lease": "10m"}"#);
    let reply = claim(&env, "w1", T0, &[]);
    assert_eq!(
        reply["data"]["claim"]["lease_until"],
        "2025-01-02T17:10:00+00:00"
    );
    let reply = env
        .todos(&["--json", "next", "--claim", "--owner", "w2"])
        .env("TODOS_NOW", T0)
        .env("TODOS_CLAIM_LEASE", "1h")
        .run_unchecked()
        .success()
        .json();
    assert_eq!(
        reply["data"]["claim"]["lease_until"],
        "2025-01-02T18:00:00+00:00"
    );
    let reply = claim(&env, "w3", T0, &["--lease", "none"]);
    assert_eq!(reply["data"]["claim"]["lease_until"], Value::Null);
    for bad in ["15", "0m", "15 minutes", "9000h"] {
        let done = env.rejects(
            env.todos(&["next", "--claim", "--owner", "w4", "--lease", bad]),
            1,
        );
        assert!(done.stderr.contains("--lease"), "{bad}: {}", done.stderr);
    }
    let done = env.rejects(env.todos(&["next", "--lease", "5m"]), 2);
    assert!(done.stderr.contains("--claim"), "{}", done.stderr);
    env.write_file(".todos.config.json", r#"{"claim_lease": 15}"#);
    let done = env.rejects(env.todos(&["show"]), 1);
    assert!(done.stderr.contains("\"claim_lease\""), "{}", done.stderr);
}

#[test]
fn an_ended_lease_is_marked_then_taken_over_and_the_history_says_from_whom() {
    let env = team();
    claim(&env, "w1", T0, &["--lease", "15m"]);
    // Before it ends, w2 gets the next item, not w1's.
    let shown = env
        .todos(&["show"])
        .env("TODOS_NOW", T10)
        .run_unchecked()
        .success()
        .stdout;
    assert!(shown.contains("1 [▶] Schema @w1\n"), "{shown}");
    let shown = env
        .todos(&["show"])
        .env("TODOS_NOW", T19)
        .run_unchecked()
        .success()
        .stdout;
    assert!(shown.contains("1 [▶] Schema @w1 lease ended\n"), "{shown}");
    let reply = claim(&env, "w2", T19, &["--lease", "15m"]);
    assert_eq!(reply["data"]["next"]["id"], "1");
    assert_eq!(reply["data"]["claim"]["taken_over_from"], "w1");
    assert_eq!(
        reply["data"]["claim"]["taken_over"],
        "taken over from w1: lease ended 4m ago"
    );
    assert!(
        reply["text"]
            .as_str()
            .unwrap()
            .contains("(taken over from w1: lease ended 4m ago)")
    );
    let item = &env.store()["todos"][0];
    assert_eq!(
        (&item["owner"], &item["status"]),
        (&Value::from("w2"), &Value::from("in_progress"))
    );
    let history = env
        .todos(&["history"])
        .env("TODOS_NOW", T19)
        .run_unchecked()
        .success()
        .stdout;
    assert!(
        history.contains("next --claim: taken over from w1: lease ended 4m ago"),
        "{history}"
    );
    // The dead worker's late change is refused, naming the item, its owner and the ways out.
    let done = env.rejects(
        env.todos(&["update", "1", "completed"])
            .env("TODOS_OWNER", "w1")
            .env("TODOS_NOW", T19),
        3,
    );
    assert!(
        done.stderr
            .contains("item 1 \"Schema\" is owned by w2, not by w1 (TODOS_OWNER)"),
        "{}",
        done.stderr
    );
    assert!(
        done.stderr.contains("`todos next --claim`"),
        "{}",
        done.stderr
    );
    assert!(
        done.stderr.contains("`todos update 1 --take`"),
        "{}",
        done.stderr
    );
}

#[test]
fn the_owner_renews_by_working_on_its_item_or_claiming_again() {
    let env = team();
    claim(&env, "w1", T0, &["--lease", "15m"]);
    env.todos(&["update", "1", "--content", "Schema v2"])
        .env("TODOS_OWNER", "w1")
        .env("TODOS_NOW", T10)
        .run_unchecked()
        .success();
    assert_eq!(
        env.store()["todos"][0]["lease_until"],
        "2025-01-02T17:25:00+00:00"
    );
    // At 17:19 the renewed lease still runs: w2 gets item 2.
    assert_eq!(claim(&env, "w2", T19, &[])["data"]["next"]["id"], "2");
    // A heartbeat: the same status again renews too.
    env.todos(&["update", "1", "in_progress"])
        .env("TODOS_OWNER", "w1")
        .env("TODOS_NOW", T19)
        .run_unchecked()
        .success();
    assert_eq!(
        env.store()["todos"][0]["lease_until"],
        "2025-01-02T17:34:00+00:00"
    );
    // Claiming again hands back its own item with the lease renewed.
    let reply = claim(&env, "w1", T40, &[]);
    assert_eq!(reply["data"]["next"]["id"], "1");
    assert_eq!(reply["data"]["claimed"], false);
    assert_eq!(
        reply["data"]["claim"]["lease_until"],
        "2025-01-02T17:55:00+00:00"
    );
    // A change under no name does not renew; finishing the item ends its lease.
    env.todos(&["update", "1", "--content", "Schema v3"])
        .env("TODOS_NOW", "2025-01-02T17:50:00Z")
        .run_unchecked()
        .success();
    assert_eq!(
        env.store()["todos"][0]["lease_until"],
        "2025-01-02T17:55:00+00:00"
    );
    env.todos(&["update", "1", "completed"])
        .env("TODOS_OWNER", "w1")
        .run_unchecked()
        .success();
    assert_eq!(env.store()["todos"][0].get("lease_until"), None);
}

#[test]
fn another_owners_item_is_refused_by_update_remove_and_write_and_no_name_is_never_limited() {
    let env = team();
    claim(&env, "w1", T0, &[]);
    let refusals: [(&[&str], Option<&str>); 5] = [
        (&["update", "1", "completed"], None),
        (&["update", "1", "--owner", "w2"], None),
        (&["update", "1", "--blocked-by", "2"], None),
        (&["remove", "1"], None),
        (
            &[
                "write",
                "--summary",
                "Ship",
                "-t",
                "pending:Server",
                "-t",
                "pending:Client",
            ],
            None,
        ),
    ];
    for (args, stdin) in refusals {
        let mut run = env.todos(args).env("TODOS_OWNER", "w2");
        if let Some(stdin) = stdin {
            run = run.stdin(stdin);
        }
        let done = env.rejects(run, 3);
        assert!(
            done.stderr.contains("is owned by w1, not by w2"),
            "{args:?}: {}",
            done.stderr
        );
    }
    let json = env.rejects(
        env.todos(&["--json", "update", "1", "failed"])
            .env("TODOS_OWNER", "w2"),
        3,
    );
    assert_eq!(json.json()["error"]["code"], "CONFLICT");
    // One's own items and unowned ones: allowed; a write that keeps w1's item as it is, too.
    env.todos(&["update", "2", "--content", "Server v2"])
        .env("TODOS_OWNER", "w2")
        .run_unchecked()
        .success();
    env.todos(&["--json", "show"]).run_unchecked().success();
    let keep = r#"{"todos": [{"content": "Schema", "status": "in_progress"}, {"content": "Server v2", "status": "pending"}, {"content": "Client", "status": "pending"}, {"content": "Docs", "status": "pending"}]}"#;
    env.todos(&["write"])
        .stdin(keep)
        .env("TODOS_OWNER", "w2")
        .run_unchecked()
        .success();
    // Under no name: a person at the shell finishes w1's item.
    env.todos(&["update", "1", "completed"])
        .run_unchecked()
        .success();
    assert_eq!(env.store()["todos"][0]["status"], "completed");
}

#[test]
fn update_take_takes_an_item_over_on_purpose_and_says_so() {
    let env = team();
    claim(&env, "w1", T0, &["--lease", "15m"]);
    let done = env
        .todos(&["update", "1", "--take"])
        .env("TODOS_OWNER", "w2")
        .env("TODOS_NOW", T10)
        .run_unchecked()
        .success();
    assert!(
        done.stdout.contains("1 [▶] Schema @w2\n"),
        "{}",
        done.stdout
    );
    let item = &env.store()["todos"][0];
    assert_eq!(item["owner"], "w2");
    assert_eq!(item.get("lease_until"), None, "no claim_lease: no lease");
    let history = env.todos(&["history"]).run_unchecked().success().stdout;
    assert!(
        history.contains("update --take: taken over from w1 on purpose"),
        "{history}"
    );
    // Now w1 is the stranger.
    env.rejects(
        env.todos(&["update", "1", "completed"])
            .env("TODOS_OWNER", "w1"),
        3,
    );
    // --take needs a name to take it for.
    let done = env.rejects(env.todos(&["update", "1", "--take"]), 1);
    assert!(
        done.stderr.contains("--take: needs a name"),
        "{}",
        done.stderr
    );
    // With --owner, for someone else, and with claim_lease a new lease.
    env.write_file(".todos.config.json", r#"{"claim_lease": "5m"}"#);
    env.todos(&["update", "1", "--take", "--owner", "w3"])
        .env("TODOS_NOW", T10)
        .run_unchecked()
        .success();
    let item = &env.store()["todos"][0];
    assert_eq!(
        (&item["owner"], &item["lease_until"]),
        (
            &Value::from("w3"),
            &Value::from("2025-01-02T17:15:00+00:00")
        )
    );
}

#[test]
fn a_store_with_a_bad_lease_is_corrupt() {
    let env = team();
    claim(&env, "w1", T0, &["--lease", "15m"]);
    let store = env
        .read(".todos.json")
        .replace("2025-01-02T17:15:00+00:00", "tomorrow");
    env.write_file(".todos.json", store);
    let done = env.rejects(env.todos(&["show"]), 4);
    assert!(
        done.stderr.contains("lease_until \"tomorrow\""),
        "{}",
        done.stderr
    );
}
