//! Nothing is written that todos would then refuse to read (SPEC §9): a merge, a claim or a
//! change that would take a revision, an id or the id counter past 2^53 − 1, or a time past
//! what RFC 3339 spells (the year 9999), is refused before anything is written. And a merge
//! never credits one owner's finished item to another.

use serde_json::{Value, json};

use crate::support::{TestEnv, todos_now_hint};

/// 2^53 − 1: the largest counter a store may hold.
const MAX: u64 = (1 << 53) - 1;

fn store(revision: u64, next_id: u64, items: &Value) -> String {
    json!({"version": 1, "revision": revision, "next_id": next_id, "todos": items}).to_string()
}

#[test]
fn a_merge_past_the_largest_counter_is_refused_and_ours_is_left_as_it_was() {
    let env = TestEnv::new();
    let id = (MAX - 1).to_string();
    let item = |content: &str| json!([{"id": id, "content": content, "status": "pending"}]);
    env.write_file("base.json", store(MAX - 1, MAX - 1, &json!([])));
    // Both sides add an item under the last id: theirs would need an id past the counter.
    env.write_file("ours.json", store(MAX - 1, MAX, &item("ours")));
    env.write_file("theirs.json", store(MAX - 1, MAX, &item("theirs")));
    let done = env.rejects(
        env.todos(&["merge-file", "base.json", "ours.json", "theirs.json"])
            .expect_stderr(concat!(
                "error: the merged plan would take the id counter past 9007199254740991, \
                    the largest counter todos keeps\n",
                "hint: OURS is left as it was, and git takes it as the result: our side only. \
                    Take theirs' changes by hand (`git show MERGE_HEAD:FILE`), or take their \
                    side (`git checkout --theirs FILE`), then `git add` it\n",
            )),
        1,
    );
    assert!(
        done.stderr.starts_with(&format!(
            "error: the merged plan would take the id counter past {MAX}, the largest counter \
             todos keeps\n"
        )),
        "{}",
        done.stderr
    );
    // Both sides at the largest revision: the merged one would be past it.
    env.write_file("ours.json", store(MAX, MAX - 1, &json!([])));
    env.write_file("theirs.json", store(MAX, MAX - 1, &json!([])));
    let done = env.rejects(
        env.todos(&["merge-file", "base.json", "ours.json", "theirs.json"])
            .expect_stderr(concat!(
                "error: the merged plan would take the revision counter past 9007199254740991, \
                    the largest counter todos keeps\n",
                "hint: OURS is left as it was, and git takes it as the result: our side only. \
                    Take theirs' changes by hand (`git show MERGE_HEAD:FILE`), or take their \
                    side (`git checkout --theirs FILE`), then `git add` it\n",
            )),
        1,
    );
    assert!(
        done.stderr.starts_with(&format!(
            "error: the merged plan would take the revision counter past {MAX}, the largest \
             counter todos keeps\n"
        )),
        "{}",
        done.stderr
    );
    // Just below the limits a merge goes through, and what it wrote reads back.
    env.write_file("ours.json", store(MAX - 2, MAX - 2, &json!([])));
    env.write_file("theirs.json", store(MAX - 2, MAX - 2, &json!([])));
    env.todos(&["merge-file", "base.json", "ours.json", "theirs.json"])
        .expect_stdout("Merged the plan: 0 items (revision 9007199254740990).\n")
        .run()
        .success();
    std::fs::copy(env.path("ours.json"), env.path(".todos.json")).unwrap();
    env.todos(&["show"])
        .expect_stdout(concat!("[0/0] (no summary)\n", "  No todos.\n"))
        .run()
        .success();
}

#[test]
fn a_lease_past_the_year_9999_is_refused_before_anything_is_written() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    let done = env.rejects(
        env.todos(&["next", "--claim", "--owner", "w1", "--lease", "1h"])
            .env("TODOS_NOW", "9999-12-31T23:59:59Z").expect_stderr(concat!("error: a lease of 1h from 9999-12-31T23:59:59+00:00 would end after the year 9999, past the times a store can hold\n", "hint: claim without --lease, or check the clock (TODOS_NOW)\n")),
        1,
    );
    assert_eq!(
        done.stderr,
        "error: a lease of 1h from 9999-12-31T23:59:59+00:00 would end after the year 9999, \
         past the times a store can hold\n\
         hint: claim without --lease, or check the clock (TODOS_NOW)\n"
    );
    // Renewing by working on the item: the same.
    env.todos(&["-q", "next", "--claim", "--owner", "w1", "--lease", "1h"])
        .run()
        .success();
    env.rejects(
        env.todos(&["update", "1", "--content", "B"])
            .env("TODOS_OWNER", "w1")
            .env("TODOS_NOW", "9999-12-31T23:59:59Z").expect_stderr(concat!("error: a lease of 1h from 9999-12-31T23:59:59+00:00 would end after the year 9999, past the times a store can hold\n", "hint: claim without --lease, or check the clock (TODOS_NOW)\n")),
        1,
    );
    // Up to the last second it can spell, a lease is granted, and the store reads back.
    env.todos(&["-q", "update", "1", "--content", "C"])
        .env("TODOS_OWNER", "w1")
        .env("TODOS_NOW", "9999-12-31T22:59:59Z")
        .run()
        .success();
    env.todos(&["show"])
        .expect_stdout(concat!("[0/1] S\n", "  1 [▶] C @w1\n"))
        .run()
        .success();
}

/// A claim given no --lease, whose lease is the configured `claim_lease`, is not told to claim
/// without a --lease it never gave: only the clock is named.
#[test]
fn a_configured_lease_past_the_year_9999_names_no_flag() {
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.rejects(
        env.todos(&["next", "--claim", "--owner", "w1"])
            .env("TODOS_CLAIM_LEASE", "1h")
            .env("TODOS_NOW", "9999-12-31T23:59:59Z")
            .expect_stderr(concat!(
                "error: a lease of 1h from 9999-12-31T23:59:59+00:00 would end after the year \
                 9999, past the times a store can hold\n",
                "hint: check the clock (TODOS_NOW)\n"
            )),
        1,
    );
}

#[test]
fn a_clock_whose_local_time_is_past_the_year_9999_is_refused() {
    let env = TestEnv::new();
    // 23:59:59 at UTC−5 is 04:59:59 on 1 January 10000 in UTC, the zone the tests run in.
    let done = env.rejects(
        env.todos(&["create", "A"])
            .env("TODOS_NOW", "9999-12-31T23:59:59-05:00")
            .expect_stderr(concat!(
                "error: TODOS_NOW=\"9999-12-31T23:59:59-05:00\" falls outside the years 0000 \
                        to 9999 in the local time zone, the times a store can hold\n",
                todos_now_hint!(),
            )),
        1,
    );
    assert_eq!(
        done.stderr,
        concat!(
            "error: TODOS_NOW=\"9999-12-31T23:59:59-05:00\" falls outside the years 0000 to \
             9999 in the local time zone, the times a store can hold\n",
            todos_now_hint!(),
        )
    );
}

#[test]
fn a_merge_keeps_owner_and_status_from_the_same_side() {
    let env = TestEnv::new();
    let base = json!([{"id": "1", "content": "a", "status": "pending"}]);
    let ours = json!([{"id": "1", "content": "a", "status": "in_progress", "owner": "w1",
        "lease_until": "2025-01-02T18:42:33+00:00", "lease_seconds": 3600}]);
    let theirs = json!([{"id": "1", "content": "a", "status": "completed", "owner": "w2"}]);
    for (ours, theirs, expected) in [
        // Theirs finished it: the item is theirs, finished, with no lease of w1's.
        (
            &ours,
            &theirs,
            json!({"status": "completed", "owner": "w2"}),
        ),
        // The same the other way round.
        (
            &theirs,
            &ours,
            json!({"status": "completed", "owner": "w2"}),
        ),
    ] {
        env.write_file("base.json", store(1, 2, &base));
        env.write_file("ours.json", store(2, 2, ours));
        env.write_file("theirs.json", store(3, 2, theirs));
        env.todos(&["merge-file", "base.json", "ours.json", "theirs.json"])
            .expect_stdout("Merged the plan: 1 item (revision 4).\n")
            .run()
            .success();
        let merged: Value = serde_json::from_str(&env.read("ours.json")).unwrap();
        let mut want = json!({"id": "1", "content": "a"});
        want.as_object_mut()
            .unwrap()
            .extend(expected.as_object().unwrap().clone());
        assert_eq!(merged["todos"][0], want, "{ours} / {theirs}");
    }
    // One side took the item over on purpose, the other changed its text: the take-over stays.
    let base = json!([{"id": "1", "content": "a", "status": "in_progress", "owner": "w1"}]);
    let ours = json!([{"id": "1", "content": "b", "status": "in_progress", "owner": "w1"}]);
    let theirs = json!([{"id": "1", "content": "a", "status": "in_progress", "owner": "w2"}]);
    env.write_file("base.json", store(1, 2, &base));
    env.write_file("ours.json", store(2, 2, &ours));
    env.write_file("theirs.json", store(3, 2, &theirs));
    env.todos(&["merge-file", "base.json", "ours.json", "theirs.json"])
        .expect_stdout("Merged the plan: 1 item (revision 4).\n")
        .run()
        .success();
    let merged: Value = serde_json::from_str(&env.read("ours.json")).unwrap();
    assert_eq!(
        merged["todos"][0],
        json!({"id": "1", "content": "b", "status": "in_progress", "owner": "w2"})
    );
}

#[test]
fn a_change_that_would_leave_a_store_unreadable_is_refused_before_the_write() {
    let env = TestEnv::new();
    env.plan("S", &["in_progress:A"]);
    // A session that has finished as many plans as a counter may hold: finishing one more
    // would take its count past the limit.
    let mut stored = env.store();
    stored["session"]["completed_plans"] = MAX.into();
    env.write_file(
        ".todos.json",
        serde_json::to_string_pretty(&stored).unwrap(),
    );
    env.todos(&["show"])
        .expect_stdout(concat!("[0/1] S\n", "  1 [▶] A\n"))
        .run()
        .success();
    let done = env.rejects(env.todos(&["update", "1", "completed"]).expect_stderr(concat!(
            "error: the change would leave [ROOT]/ws/.todos.json unreadable (session.completed_plans: \
                9007199254740992 is beyond the largest counter todos keeps (9007199254740991)), \
                so nothing was saved\n",
            "hint: the store is as it was; `todos show` prints it\n",
        )), 1);
    assert_eq!(
        done.stderr,
        format!(
            "error: the change would leave {} unreadable (session.completed_plans: {} is beyond \
             the largest counter todos keeps ({MAX})), so nothing was saved\n\
             hint: the store is as it was; `todos show` prints it\n",
            env.path(".todos.json").display(),
            MAX + 1
        )
    );
}
