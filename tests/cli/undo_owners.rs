//! `undo` respects owners as every change does (SPEC §3a): under an owner's name, an undo that
//! would change another owner's item is refused `CONFLICT`; under no name it is never limited.

use crate::support::{
    TestEnv, envelope_end, no_lease_hint, owned_by_another, restored, still_open,
};

fn owned_by_w1() -> TestEnv {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Schema", "pending:Docs"]);
    env.todos(&["update", "1", "in_progress", "--owner", "w1"])
        .env("TODOS_OWNER", "w1")
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [▶] Schema @w1\n",
            "  2 [ ] Docs\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    env.todos(&["update", "1", "--content", "Schema v2"])
        .env("TODOS_OWNER", "w1")
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [▶] Schema v2 @w1\n",
            "  2 [ ] Docs\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    env
}

#[test]
fn undo_under_another_owners_name_is_refused_and_changes_nothing() {
    let env = owned_by_w1();
    let done = env.rejects(
        env.todos(&["--json", "undo"])
            .env("TODOS_OWNER", "w2")
            .expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"CONFLICT\",\
                     \"message\":\"item 1 \\\"Schema v2\\\" is owned by w1, not by w2 \
                     (TODOS_OWNER): a change under one owner's name to another owner's item \
                     is refused\",\"details\":[],\"hint\":\"it holds no lease; `todos update \
                     1 --take` takes it over on purpose\"},\"text\":\"error: item 1 \
                     \\\"Schema v2\\\" is owned by w1, not by w2 (TODOS_OWNER): a change \
                     under one owner's name to another owner's item is refused\",",
                envelope_end!(),
            )),
        3,
    );
    let envelope = done.json();
    assert_eq!(envelope["error"]["code"], "CONFLICT", "{envelope}");
    env.rejects(
        env.todos(&["undo"])
            .env("TODOS_OWNER", "w2")
            .expect_stderr(concat!(
                owned_by_another!(1 "Schema v2", by w1, not w2),
                no_lease_hint!(1),
            )),
        3,
    );
    // To a revision before w1 owned it: still w1's item that changes.
    env.rejects(
        env.todos(&["undo", "--to", "1"])
            .env("TODOS_OWNER", "w2")
            .expect_stderr(concat!(
                owned_by_another!(1 "Schema v2", by w1, not w2),
                no_lease_hint!(1),
            )),
        3,
    );
    // An undo that leaves w1's item as it is goes through under w2's name.
    env.todos(&["update", "2", "completed"])
        .env("TODOS_OWNER", "w2")
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [▶] Schema v2 @w1\n",
            "  2 [x] Docs\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    env.todos(&["undo"])
        .env("TODOS_OWNER", "w2")
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [▶] Schema v2 @w1\n",
            "  2 [ ] Docs\n",
            still_open!(2 of 2)
        ))
        .expect_stderr(restored!(3))
        .run()
        .success();
    assert_eq!(env.store()["todos"][1]["status"], "pending");
}

#[test]
fn undo_by_the_owner_or_under_no_name_is_not_limited() {
    let env = owned_by_w1();
    env.todos(&["undo"])
        .env("TODOS_OWNER", "w1")
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [▶] Schema @w1\n",
            "  2 [ ] Docs\n",
            still_open!(2 of 2)
        ))
        .expect_stderr(restored!(2))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["content"], "Schema");
    env.todos(&["redo"])
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [▶] Schema v2 @w1\n",
            "  2 [ ] Docs\n",
            still_open!(2 of 2)
        ))
        .expect_stderr(restored!(3))
        .run()
        .success();
    assert_eq!(env.store()["todos"][0]["content"], "Schema v2");
    env.todos(&["undo", "--to", "1"])
        .expect_stdout(concat!(
            "[0/2] Ship\n",
            "  1 [ ] Schema\n",
            "  2 [ ] Docs\n",
            still_open!(2 of 2)
        ))
        .expect_stderr(restored!(1))
        .run()
        .success();
    assert!(env.store()["todos"][0].get("owner").is_none());
}
