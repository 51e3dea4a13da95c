//! `update`'s JSON form on stdin takes every field its options do (`take` as `--take`), and
//! `--unblock` names only a blocker the item waits on.

use crate::support::{HISTORY, TestEnv};

fn three_items() -> TestEnv {
    let env = TestEnv::new();
    env.todos(&["create", "a", "b", "c"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            "  3 [ ] c\n",
            "3 of 3 open — finish them before you wrap up.\n"
        ))
        .run()
        .success();
    env.todos(&["update", "3", "--blocked-by", "1"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            "  3 [ ] c ⧗ 1\n",
            "3 of 3 open — finish them before you wrap up.\n"
        ))
        .run()
        .success();
    env.todos(&["update", "2", "--owner", "w1"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b @w1\n",
            "  3 [ ] c ⧗ 1\n",
            "3 of 3 open — finish them before you wrap up.\n"
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
        .expect_stdout("{\"status\":\"success\",\"data\":{\"summary\":null,\"todos\":[{\"id\":\"1\",\"content\":\"a\",\"status\":\"pending\"},{\"id\":\"2\",\"content\":\"b\",\"status\":\"pending\",\"owner\":\"w2\"},{\"id\":\"3\",\"content\":\"c\",\"status\":\"pending\",\"blocked_by\":[\"1\"]}],\"recap\":\"[0/3] Next: a. Pending: b; c.\",\"revision\":4,\"changed\":true,\"warnings\":[]},\"text\":\"Updated todos: 3 pending.\",\"stats\":{\"total\":3,\"pending\":3,\"in_progress\":0,\"completed\":0,\"cancelled\":0,\"failed\":0,\"blocked\":0},\"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"id\":\"2\",\"take\":true}}}\n").run()
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
            "3 of 3 open — finish them before you wrap up.\n"
        ))
        .run()
        .success();
    assert_eq!(env.store()["todos"][1]["owner"], "w3");
    // Without it, a write under another name is still refused, as on the command line.
    env.rejects(
        env.todos(&["update"])
            .env("TODOS_OWNER", "w2")
            .stdin(r#"{"id":"2","status":"completed"}"#),
        3,
    );
}

#[test]
fn take_without_a_name_is_refused_in_the_words_typed() {
    let env = three_items();
    let done = env.rejects(env.todos(&["update"]).stdin(r#"{"id":"2","take":true}"#), 1);
    assert!(
        done.stderr.contains("take: needs a name"),
        "{}",
        done.stderr
    );
    let done = env.rejects(env.todos(&["update", "2", "--take"]), 1);
    assert!(
        done.stderr.contains("--take: needs a name"),
        "{}",
        done.stderr
    );
    let done = env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"id":"2","take":true,"owner":null}"#),
        1,
    );
    assert!(
        done.stderr.contains("take: cannot go with clearing"),
        "{}",
        done.stderr
    );
    let done = env.rejects(
        env.todos(&["update"]).stdin(r#"{"id":"2","take":"yes"}"#),
        1,
    );
    assert!(
        done.stderr.contains("take: must be true or false"),
        "{}",
        done.stderr
    );
}

#[test]
fn unblock_names_only_a_blocker_the_item_waits_on() {
    let env = three_items();
    let done = env.rejects(env.todos(&["--json", "update", "3", "--unblock", "99"]), 1);
    let envelope = done.json();
    assert_eq!(envelope["error"]["code"], "INVALID_PARAM", "{envelope}");
    let done = env.rejects(env.todos(&["update", "3", "--unblock", "99"]), 1);
    assert!(
        done.stderr
            .contains("--unblock 99: item 3 does not wait on \"99\"; it waits only on 1"),
        "{}",
        done.stderr
    );
    let done = env.rejects(env.todos(&["update", "2", "--unblock", "1"]), 1);
    assert!(
        done.stderr.contains("it waits on no item"),
        "{}",
        done.stderr
    );
    let done = env.rejects(
        env.todos(&["update"])
            .stdin(r#"{"id":"3","unblock":["2"]}"#),
        1,
    );
    assert!(
        done.stderr
            .contains("unblock[0]: item 3 does not wait on \"2\""),
        "{}",
        done.stderr
    );
    // A blocker it waits on comes off.
    env.todos(&["update", "3", "--unblock", "1"])
        .expect_stdout(concat!(
            "[0/3] (no summary)\n",
            "  1 [ ] a\n",
            "  2 [ ] b @w1\n",
            "  3 [ ] c\n",
            "3 of 3 open — finish them before you wrap up.\n"
        ))
        .run()
        .success();
    assert!(
        env.store()["todos"][2]
            .get("blocked_by")
            .is_none_or(|ids| ids == &serde_json::json!([]))
    );
}
