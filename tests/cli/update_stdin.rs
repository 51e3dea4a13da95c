//! `update`'s JSON form on stdin takes every field its options do (`take` as `--take`), and
//! `--unblock` names only a blocker the item waits on.

use crate::support::{
    HISTORY, TestEnv, give_owner_hint, ids_hint, input_problems, no_lease_hint, owned_by_another,
    send_id_hint, still_open,
};

fn three_items() -> TestEnv {
    let env = TestEnv::new();
    env.todos(&["create", "a", "b", "c"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            "  3 [ ] c\n",
            still_open!(3 of 3)
        ))
        .expect_stderr(concat!(
            "warning: each word became its own item (3 items: \"a\", \"b\", \"c\"): to keep a ",
            "text whole, quote it: `todos create \"a b c\"`; `todos undo` takes these 3 items back\n"
        ))
        .run()
        .success();
    env.todos(&["update", "3", "--blocked-by", "1"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            "  3 [ ] c ⧗ 1\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    env.todos(&["update", "2", "--owner", "w1"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b @w1\n",
            "  3 [ ] c ⧗ 1\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    env
}

#[test]
fn take_on_stdin_takes_the_item_as_the_option_does() {
    let env = three_items();
    let done = env
        .todos(&["--json", "update"])
        .env("TODOS_OWNER", "w2")
        .stdin(r#"{"id":"2","take":true}"#)
        .expect_stdout(
            "{\"status\":\"success\",\"data\":{\"summary\":null,\
                \"todos\":[{\"id\":\"1\",\"content\":\"a\",\"status\":\"pending\"},\
                {\"id\":\"2\",\"content\":\"b\",\"status\":\"pending\",\
                \"owner\":\"w2\"},{\"id\":\"3\",\"content\":\"c\",\
                \"status\":\"pending\",\"blocked_by\":[\"1\"]}],\"recap\":\"[0/3] Next: \
                a. Pending: b; c.\",\"revision\":4,\"changed\":true,\
                \"warnings\":[]},\"text\":\"Updated todos: 3 pending.\",\
                \"stats\":{\"total\":3,\"pending\":3,\"in_progress\":0,\
                \"completed\":0,\"cancelled\":0,\"failed\":0,\"blocked\":0},\
                \"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\
                \"list\":\"default\",\"params_input\":{\"id\":\"2\",\
                \"take\":true}}}\n",
        )
        .run()
        .success();
    let envelope = done.json();
    let item = &envelope["data"]["todos"][1];
    assert_eq!(item["owner"], "w2", "{envelope}");
    assert!(env.read(HISTORY).contains("update --take"));
    // With an owner named in the input, that owner takes it.
    env.todos(&["update"])
        .stdin(r#"{"taskId":"2","take":true,"owner":"w3"}"#)
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b @w3\n",
            "  3 [ ] c ⧗ 1\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][1]["owner"], "w3");
    // Without it, a write under another name is still refused, as on the command line.
    env.rejects(
        env.todos(&["update"])
            .env("TODOS_OWNER", "w2")
            .stdin(r#"{"id":"2","status":"completed"}"#)
            .expect_stderr(concat!(
                owned_by_another!(2 "b", by w3, not w2),
                no_lease_hint!(2)
            )),
        3,
    );
}

#[test]
fn take_without_a_name_is_refused_in_the_words_typed() {
    let env = three_items();
    env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"id":"2","take":true}"#)
            .expect_stderr(concat!(
                "error: take: needs a name to take the item over for\n",
                give_owner_hint!()
            )),
        1,
    );
    env.rejects(
        env.todos(&["update", "2", "--take"]).expect_stderr(concat!(
            "error: --take: needs a name to take the item over for\n",
            give_owner_hint!()
        )),
        1,
    );
    env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"id":"2","take":true,"owner":null}"#).expect_stderr("error: take: cannot go with clearing the owner; take the item under a name, or clear its owner without take\n"),
        1,
    );
    env.rejects(
        env.todos(&["update"]).stdin(r#"{"id":"2","take":"yes"}"#).expect_stderr(concat!(
                input_problems!(2),
                "  take: must be true or false, not a string\n",
                "  status: is missing; send the new status (pending, in_progress, completed, \
                    cancelled, failed or blocked; deleted removes the item), or a content, description, \
                    activeForm, priority, owner or blocked_by to change\n",
                send_id_hint!("2"),
            )),
        1,
    );
}

#[test]
fn unblock_names_only_a_blocker_the_item_waits_on() {
    let env = three_items();
    let done = env.rejects(
        env.todos(&["--json", "update", "3", "--unblock", "99"])
            .expect_stdout(
                "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
            \"message\":\"--unblock 99: item 3 does not wait on \\\"99\\\"; it waits \
            only on 1\",\"details\":[{\"path\":\"--unblock 99\",\
            \"message\":\"item 3 does not wait on \\\"99\\\"; it waits only on 1\"}],\
            \"hint\":\"the ids are 1, 2, 3; run `todos show` to see each item with its \
            id\"},\"text\":\"error: --unblock 99: item 3 does not wait on \\\"99\\\"; \
            it waits only on 1\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
            \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"id\":\"3\",\
            \"unblock\":[\"99\"]}}}\n",
            ),
        1,
    );
    let envelope = done.json();
    assert_eq!(envelope["error"]["code"], "INVALID_PARAM", "{envelope}");
    env.rejects(
        env.todos(&["update", "3", "--unblock", "99"])
            .expect_stderr(concat!(
                "error: --unblock 99: item 3 does not wait on \"99\"; it waits only on 1\n",
                ids_hint!()
            )),
        1,
    );
    env.rejects(
        env.todos(&["update", "2", "--unblock", "1"])
            .expect_stderr(concat!(
                "error: --unblock 1: item 2 does not wait on \"1\"; it waits on no item\n",
                ids_hint!()
            )),
        1,
    );
    env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"id":"3","unblock":["2"]}"#)
            .expect_stderr(concat!(
                "error: unblock[0]: item 3 does not wait on \"2\"; it waits only on 1\n",
                ids_hint!()
            )),
        1,
    );
    // A blocker it waits on comes off.
    env.todos(&["update", "3", "--unblock", "1"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b @w1\n",
            "  3 [ ] c\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    assert!(
        env.store()["todos"][2]
            .get("blocked_by")
            .is_none_or(|ids| ids == &serde_json::json!([]))
    );
}

#[test]
fn reopening_on_stdin_without_reopen_names_the_key_to_send() {
    let env = TestEnv::new();
    env.plan("S", &["completed:A", "pending:B"]);
    env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"id":"1","status":"pending"}"#)
            .expect_stderr(
                "error: status: item 1 is completed; moving it back to pending needs \
                 \"reopen\": true\n\
                 hint: to reopen it, send {\"id\": \"1\", \"status\": \"pending\", \"reopen\": \
                 true}\n",
            ),
        1,
    );
}
