//! Leases, respected owners and take-overs (SPEC §3a, issue 23). Time moves by `TODOS_NOW`,
//! never by sleeping.

use serde_json::Value;

use crate::support::{
    TestEnv, envelope_end, give_owner_hint, no_lease_hint, owned_by_another, still_open, try_help,
    unreadable_store_hint,
};

/// The hint under every refusal of a `--lease`.
macro_rules! lease_hint {
    () => {
        "hint: e.g. `todos next --claim --lease 15m`\n"
    };
}

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
        .stdout_in_parts("the envelope: each test reads the claim it is about")
        .run()
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
        .expect_stdout("  2 [▶] Server @w2\n")
        .expect_stderr("note: Claimed: 2 \"Server\". Lease until 2025-01-02 17:01:30.\n")
        .run()
        .success();
    assert_eq!(text.stdout, "  2 [▶] Server @w2\n");
    assert!(
        text.stderr.contains("Lease until 2025-01-02 17:01:30."),
        "{}",
        text.stderr
    );
    env.todos(&["show", "--long"])
        .env("TODOS_NOW", T0)
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Schema @w1\n",
            "        lease until 2025-01-02 17:15:00\n",
            "  2 [▶] Server @w2\n",
            "        lease until 2025-01-02 17:01:30\n",
            "  3 [ ] Client\n"
        ))
        .run()
        .success();
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
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"next\":{\"id\":\"2\",\
                 \"content\":\"Server\",\"status\":\"in_progress\",\"owner\":\"w2\",\
                 \"lease_until\":\"2025-01-02T18:00:00+00:00\",\"lease_seconds\":3600},\
                 \"claim\":{\"owner\":\"w2\",\"revision\":3,\
                 \"lease_until\":\"2025-01-02T18:00:00+00:00\",\"taken_over_from\":null,\
                 \"taken_over\":null},\"claimed\":true,\"revision\":3,\"recap\":\"[0/3] In \
                 progress: Schema (+1 more). Pending: Client.\",\"warnings\":[]},\
                 \"text\":\"Claimed: 2 \\\"Server\\\". Lease until 2025-01-02 18:00:00.\",\
                 \"stats\":{\"total\":3,\"pending\":1,\"in_progress\":2,\"completed\":0,\
                 \"cancelled\":0,\"failed\":0,\"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success()
        .json();
    assert_eq!(
        reply["data"]["claim"]["lease_until"],
        "2025-01-02T18:00:00+00:00"
    );
    let reply = claim(&env, "w3", T0, &["--lease", "none"]);
    assert_eq!(reply["data"]["claim"]["lease_until"], Value::Null);
    for (bad, refusal) in [
        (
            "15",
            concat!(
                "error: --lease: \"15\" is not a number and a unit, s, m or h (90s, 15m, 2h; 1h30m adds up), or \"none\": a number needs its unit\n",
                lease_hint!()
            ),
        ),
        (
            "0m",
            concat!(
                "error: --lease: a lease of 0 ends at once; give at least 1s, or \"none\"\n",
                lease_hint!()
            ),
        ),
        (
            "15 minutes",
            concat!(
                "error: --lease: \"15 minutes\" is not a number and a unit, s, m or h (90s, 15m, 2h; 1h30m adds up), or \"none\"\n",
                lease_hint!()
            ),
        ),
        (
            "9000h",
            concat!(
                "error: --lease: \"9000h\" is longer than a lease may be (168h); renew a shorter one while you work\n",
                lease_hint!()
            ),
        ),
    ] {
        env.rejects(
            env.todos(&["next", "--claim", "--owner", "w4", "--lease", bad])
                .expect_stderr(refusal),
            1,
        );
    }
    env.rejects(
        env.todos(&["next", "--lease", "5m"]).expect_stderr(concat!(
            "error: the following required arguments were not provided:\n",
            "  --claim\n",
            "\n",
            "Usage: todos next --claim --lease <DURATION>\n",
            "\n",
            try_help!()
        )),
        2,
    );
    env.write_file(".todos.config.json", r#"{"claim_lease": 15}"#);
    env.rejects(env.todos(&["show"]).expect_stderr("error: configuration file [ROOT]/ws/.todos.config.json: key \"claim_lease\" is invalid: it must be a string: a number and a unit, s, m or h (90s, 15m, 2h; 1h30m adds up), or \"none\"\n"), 1);
}

#[test]
fn an_ended_lease_is_marked_then_taken_over_and_the_history_says_from_whom() {
    let env = team();
    claim(&env, "w1", T0, &["--lease", "15m"]);
    // Before it ends, w2 gets the next item, not w1's.
    env.todos(&["show"])
        .env("TODOS_NOW", T10)
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Schema @w1\n",
            "  2 [ ] Server\n",
            "  3 [ ] Client\n"
        ))
        .run()
        .success();
    env.todos(&["show"])
        .env("TODOS_NOW", T19)
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Schema @w1 lease ended\n",
            "  2 [ ] Server\n",
            "  3 [ ] Client\n"
        ))
        .run()
        .success();
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
    env.todos(&["history"])
        .env("TODOS_NOW", T19)
        .expect_stdout(concat!(
            "3  2025-01-02 17:19:00  next --claim: taken over from w1: lease ended 4m \
                    ago  [0/3]  1 @w2\n",
            "2  2025-01-02 17:00:00  next --claim                                          \
                    [0/3]  1 pending → in_progress; 1 @w1\n",
            "1  2025-01-02 17:42:33  write                                                 \
                    [0/3]  3 items\n",
        ))
        .run()
        .success();
    // The dead worker's late change is refused, naming the item, its owner and the ways out.
    env.rejects(
        env.todos(&["update", "1", "completed"])
            .env("TODOS_OWNER", "w1")
            .env("TODOS_NOW", T19)
            .expect_stderr(concat!(
                owned_by_another!(1 "Schema", by w2, not w1),
                "hint: its lease runs until 2025-01-02 17:34:00, then `todos next --claim` \
                        takes it over; `todos update 1 --take` takes it over on purpose\n",
            )),
        3,
    );
}

#[test]
fn the_owner_renews_by_working_on_its_item_or_claiming_again() {
    let env = team();
    claim(&env, "w1", T0, &["--lease", "15m"]);
    env.todos(&["update", "1", "--content", "Schema v2"])
        .env("TODOS_OWNER", "w1")
        .env("TODOS_NOW", T10)
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Schema v2 @w1\n",
            "  2 [ ] Server\n",
            "  3 [ ] Client\n",
            still_open!(3 of 3)
        ))
        .run()
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
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Schema v2 @w1\n",
            "  2 [▶] Server @w2\n",
            "  3 [ ] Client\n",
            still_open!(3 of 3)
        ))
        .run()
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
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Schema v3 @w1\n",
            "  2 [▶] Server @w2\n",
            "  3 [ ] Client\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    assert_eq!(
        env.store()["todos"][0]["lease_until"],
        "2025-01-02T17:55:00+00:00"
    );
    env.todos(&["update", "1", "completed"])
        .env("TODOS_OWNER", "w1")
        .expect_stdout(concat!(
            "[1/3] Ship\n",
            "  1 [x] Schema v3 @w1\n",
            "  2 [▶] Server @w2\n",
            "  3 [ ] Client\n",
            still_open!(2 of 3)
        ))
        .run()
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
        env.rejects(
            run.expect_stderr(concat!(
                owned_by_another!(1 "Schema", by w1, not w2),
                no_lease_hint!(1)
            )),
            3,
        );
    }
    let json = env.rejects(
        env.todos(&["--json", "update", "1", "failed"])
            .env("TODOS_OWNER", "w2").expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"CONFLICT\",\
                    \"message\":\"item 1 \\\"Schema\\\" is owned by w1, not by w2 (TODOS_OWNER): \
                    a change under one owner's name to another owner's item is refused\",\
                    \"details\":[],\"hint\":\"it holds no lease; `todos update 1 --take` takes \
                    it over on purpose\"},\"text\":\"error: item 1 \\\"Schema\\\" is owned by \
                    w1, not by w2 (TODOS_OWNER): a change under one owner's name to another \
                    owner's item is refused\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                    \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"id\":\"1\",\
                    \"status\":\"failed\"}}}\n"),
        3,
    );
    assert_eq!(json.json()["error"]["code"], "CONFLICT");
    // One's own items and unowned ones: allowed; a write that keeps w1's item as it is, too.
    env.todos(&["update", "2", "--content", "Server v2"])
        .env("TODOS_OWNER", "w2")
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Schema @w1\n",
            "  2 [ ] Server v2\n",
            "  3 [ ] Client\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    env.todos(&["--json", "show"])
        .expect_stdout(concat!(
            "{\"status\":\"success\",\"data\":{\"summary\":\"Ship\",\
                 \"todos\":[{\"id\":\"1\",\"content\":\"Schema\",\"status\":\"in_progress\",\
                 \"owner\":\"w1\"},{\"id\":\"2\",\"content\":\"Server v2\",\
                 \"status\":\"pending\"},{\"id\":\"3\",\"content\":\"Client\",\
                 \"status\":\"pending\"}],\"recap\":\"[0/3] In progress: Schema. Pending: \
                 Server v2; Client.\",\"revision\":3,\"warnings\":[]},\"text\":\"Todos: 2 \
                 pending, 1 in_progress.\",\"stats\":{\"total\":3,\"pending\":2,\
                 \"in_progress\":1,\"completed\":0,\"cancelled\":0,\"failed\":0,\
                 \"blocked\":0},",
            envelope_end!(),
        ))
        .run()
        .success();
    let keep = r#"{"todos": [{"content": "Schema", "status": "in_progress"}, {"content": "Server v2", "status": "pending"}, {"content": "Client", "status": "pending"}, {"content": "Docs", "status": "pending"}]}"#;
    env.todos(&["write"])
        .stdin(keep)
        .env("TODOS_OWNER", "w2")
        .expect_stdout(concat!(
            "[0/4] Ship\n",
            "  1 [▶] Schema @w1\n",
            "  2 [ ] Server v2\n",
            "  3 [ ] Client\n",
            "  4 [ ] Docs\n",
            still_open!(4 of 4)
        ))
        .run()
        .success();
    // Under no name: a person at the shell finishes w1's item.
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/4] Ship\n",
            "  1 [x] Schema @w1\n",
            "  2 [ ] Server v2\n",
            "  3 [ ] Client\n",
            "  4 [ ] Docs\n",
            still_open!(3 of 4)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["status"], "completed");
}

#[test]
fn update_take_takes_an_item_over_on_purpose_and_says_so() {
    let env = team();
    claim(&env, "w1", T0, &["--lease", "15m"]);
    env.todos(&["update", "1", "--take"])
        .env("TODOS_OWNER", "w2")
        .env("TODOS_NOW", T10)
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Schema @w2\n",
            "  2 [ ] Server\n",
            "  3 [ ] Client\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    let item = &env.store()["todos"][0];
    assert_eq!(item["owner"], "w2");
    assert_eq!(item.get("lease_until"), None, "no claim_lease: no lease");
    env.todos(&["history"])
        .expect_stdout(concat!(
            "3  2025-01-02 17:10:00  update --take: taken over from w1 on purpose  [0/3]  \
                1 @w2\n",
            "2  2025-01-02 17:00:00  next --claim                                  [0/3]  \
                1 pending → in_progress; 1 @w1\n",
            "1  2025-01-02 17:42:33  write                                         [0/3]  \
                3 items\n",
        ))
        .run()
        .success();
    // Now w1 is the stranger.
    env.rejects(
        env.todos(&["update", "1", "completed"])
            .env("TODOS_OWNER", "w1")
            .expect_stderr(concat!(
                owned_by_another!(1 "Schema", by w2, not w1),
                no_lease_hint!(1)
            )),
        3,
    );
    // --take needs a name to take it for.
    env.rejects(
        env.todos(&["update", "1", "--take"]).expect_stderr(concat!(
            "error: --take: needs a name to take the item over for\n",
            give_owner_hint!()
        )),
        1,
    );
    // With --owner, for someone else, and with claim_lease a new lease.
    env.write_file(".todos.config.json", r#"{"claim_lease": "5m"}"#);
    env.todos(&["update", "1", "--take", "--owner", "w3"])
        .env("TODOS_NOW", T10)
        .expect_stdout(concat!(
            "[0/3] Ship\n",
            "  1 [▶] Schema @w3\n",
            "  2 [ ] Server\n",
            "  3 [ ] Client\n",
            still_open!(3 of 3)
        ))
        .run()
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
    env.rejects(
        env.todos(&["show"]).expect_stderr(concat!(
            "error: [ROOT]/ws/.todos.json cannot be read as a todos store: todos[0]: \
                lease_until \"tomorrow\" is not an RFC 3339 time\n",
            unreadable_store_hint!(),
        )),
        4,
    );
}

#[test]
fn notes_say_a_lease_in_local_time_to_the_second_as_history_does() {
    let env = team();
    // A real clock has nanoseconds; a person reads the lease as `history` shows times: in the
    // local time zone, to the second.
    env.todos(&["next", "--claim", "--owner", "w1", "--lease", "15m"])
        .env("TODOS_NOW", "2025-01-02T17:00:00.930472016Z")
        .env("TZ", "Asia/Shanghai")
        .expect_stdout("  1 [▶] Schema @w1\n")
        .expect_stderr("note: Claimed: 1 \"Schema\". Lease until 2025-01-03 01:15:00.\n")
        .run()
        .success();
    env.rejects(
        env.todos(&["update", "1", "completed"])
            .env("TODOS_OWNER", "w2")
            .env("TODOS_NOW", T10)
            .env("TZ", "Asia/Shanghai")
            .expect_stderr(concat!(
                owned_by_another!(1 "Schema", by w1, not w2),
                "hint: its lease runs until 2025-01-03 01:15:00, then `todos next --claim` takes it over; `todos update 1 --take` takes it over on purpose\n",
            )),
        3,
    );
}
