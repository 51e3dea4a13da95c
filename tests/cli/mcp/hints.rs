//! What a refusal through `todos mcp` advises names the tools to call and the arguments to send
//! (`history`; `undo` with `"to": REV`), never a command line: the command line's own words for
//! the same refusals stay as they are (`undo.rs`, `history.rs`, `update.rs`, `refusals.rs`).

use serde_json::{Value, json};

use super::{Client, refused_whole, server};
use crate::support::TestEnv;
use crate::undo::{history_lost, no_name_to_set_aside};

/// The history of the default list, beside the store.
const HISTORY: &str = ".todos/default.history.jsonl";

/// A refusal with no problems, as `refused_whole` returns it: its message, said as the text
/// too, and its hint.
fn refusal(message: &str, hint: &str) -> Value {
    json!({
        "error": {"code": "INVALID_PARAM", "message": message, "details": [], "hint": hint},
        "text": format!("error: {message}"),
    })
}

/// A refusal of one problem at `path`, with no hint.
fn problem(path: &str, why: &str) -> Value {
    json!({
        "error": {
            "code": "INVALID_PARAM",
            "message": format!("{path}: {why}"),
            "details": [{"path": path, "message": why}],
        },
        "text": format!("error: {path}: {why}"),
    })
}

/// The hint under a refusal of a revision `undo` cannot put back, said to a client.
const KEPT_REVISIONS: &str = "call `history` to see the kept revisions, then `undo` with \"to\": \
                              REV; `history_limit` (TODOS_HISTORY_LIMIT) sets how many are kept";

#[test]
fn undo_redo_and_history_refusals_name_the_tools_and_to() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    let refused = |client: &mut Client, tool: &str, arguments: Value| {
        refused_whole(&env, client, (tool, arguments), Value::Null)
    };
    assert_eq!(
        refused(&mut client, "undo", json!({})),
        refusal(
            "nothing to undo: the plan has never changed",
            KEPT_REVISIONS
        )
    );
    assert_eq!(
        refused(&mut client, "redo", json!({})),
        refusal(
            "nothing to redo: no undo was taken back since the last change",
            "call `undo` to take the last change back; `redo` then puts it back"
        )
    );
    env.plan("Ship", &["pending:Build"]);
    assert_eq!(
        refused(&mut client, "redo", json!({})),
        refusal(
            "nothing to redo: the last change was not an undo",
            "call `undo` to take the last change back; `redo` then puts it back"
        )
    );
    let not_kept = "revision 9 is not kept: the history keeps revisions 1 to 1";
    assert_eq!(
        refused(&mut client, "undo", json!({"to": 9})),
        refusal(not_kept, KEPT_REVISIONS)
    );
    assert_eq!(
        refused(&mut client, "history", json!({"revision": 9})),
        refusal(
            not_kept,
            "call `history` without \"revision\" to see the kept revisions"
        )
    );
    client.envelope("undo", json!({}));
    assert_eq!(
        refused(&mut client, "undo", json!({})),
        refusal(
            "nothing more to undo: the plan shown is revision 0, the empty plan before the first \
             change",
            "call `redo` to step forward again"
        )
    );
    assert_eq!(client.close(), 0);
}

/// Two kills in a row leave no history: `undo` to revision 1 names the nearest kept one, as
/// the `to` to send.
#[test]
fn undo_to_a_missing_revision_names_the_nearest_as_to() {
    let env = TestEnv::new();
    history_lost(&env);
    let mut client = Client::legacy(server(&env), json!({}));
    assert_eq!(
        refused_whole(&env, &mut client, ("undo", json!({"to": 1})), Value::Null),
        refusal(
            "revision 1 is missing from the history: a change was stopped before it recorded it \
             (the history keeps no revision yet)",
            "the nearest kept revision before it is 0: `undo` with \"to\": 0; `history` lists \
             them all"
        )
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn undo_over_a_history_the_store_does_not_vouch_for_names_the_history_tool() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    env.plan("Ship", &["pending:Build", "pending:Test"]);
    env.write_file(".todos.json", "garbage");
    let mut client = Client::legacy(server(&env), json!({}));
    let history = env.path(HISTORY);
    assert_eq!(
        refused_whole(&env, &mut client, ("undo", json!({})), Value::Null),
        refusal(
            &format!(
                "revision 2 cannot be restored: the store (revision 2) names no line of {}: an \
                 older todos, a merge or another checkout wrote it; 2 lines of the history cannot \
                 be vouched for, and undo restores only what this workspace's own changes wrote",
                history.display()
            ),
            "the plan is as it was; `history` marks the lines it cannot vouch for; every change \
             from now on is recorded so that undo can take it back"
        )
    );
    assert_eq!(client.close(), 0);
}

/// A revision written under raised limits: the server, under the defaults, names another
/// revision as the `to` to send. The problems name the limits as the command line's do.
#[test]
fn undo_of_a_revision_over_the_limits_names_to_and_the_history_tool() {
    let env = TestEnv::new();
    let twelve: Vec<Value> = (1..=12)
        .map(|n| json!({"content": format!("S{n}"), "status": "pending"}))
        .collect();
    env.todos(&["-q", "write"])
        .env("TODOS_MAX_ITEMS", "50")
        .stdin(json!({"summary": "Wide", "todos": twelve}).to_string())
        .run()
        .success();
    env.plan("Ship", &["pending:Build"]);
    let mut client = Client::legacy(server(&env), json!({}));
    assert_eq!(
        refused_whole(&env, &mut client, ("undo", json!({})), Value::Null),
        refusal(
            "revision 1 cannot be restored: todos: holds 12 items, the limit is 10; remove items \
             or merge small steps into one; or raise the limit with \"max_items\" in \
             .todos.config.json or TODOS_MAX_ITEMS",
            "restore another revision (`undo` with \"to\": REV; `history` lists them), or raise \
             the limit as said and call `undo` again"
        )
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn an_update_without_an_id_names_the_show_tool() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    let mut client = Client::legacy(server(&env), json!({}));
    let call = json!({"status": "completed"});
    assert_eq!(
        refused_whole(&env, &mut client, ("update", call.clone()), call),
        problem(
            "id",
            "is missing; name the item to change (its id from `show`)"
        )
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn an_unknown_id_in_an_empty_plan_names_the_create_and_write_tools() {
    let env = TestEnv::new();
    env.todos(&["-q", "write"])
        .stdin(json!({"summary": "Ship", "todos": []}).to_string())
        .run()
        .success();
    let mut client = Client::legacy(server(&env), json!({}));
    let call = json!({"id": "4", "status": "completed"});
    let mut expected = problem("id", "no item has id \"4\"");
    expected["error"]["hint"] = json!("the plan is empty; add items with `create` or `write`");
    assert_eq!(
        refused_whole(&env, &mut client, ("update", call.clone()), call),
        expected
    );
    assert_eq!(client.close(), 0);
}

/// Finished items count toward `max_items`: the refusal names the tools that take them out.
#[test]
fn a_plan_over_max_items_with_finished_items_names_the_remove_and_write_tools() {
    let env = TestEnv::new();
    let nine: Vec<String> = (1..=9).map(|n| format!("completed:S{n}")).collect();
    let nine: Vec<&str> = nine.iter().map(String::as_str).collect();
    env.plan("Ship", &nine);
    let mut client = Client::legacy(server(&env), json!({}));
    let call = json!({"items": ["One", "Two"]});
    assert_eq!(
        refused_whole(&env, &mut client, ("create", call.clone()), call),
        problem(
            "todos",
            "holds 11 items (9 finished), the limit is 10; finished items still count: remove \
             them (call `remove`) or start a new plan with `write`; or raise the limit with \
             \"max_items\" in .todos.config.json or TODOS_MAX_ITEMS"
        )
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn an_unreadable_store_names_the_undo_tool() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    env.write_file(".todos.json", "garbage");
    let mut client = Client::legacy(server(&env), json!({}));
    let store = env.path(".todos.json");
    let message = format!(
        "{} cannot be read as a todos store: it is not a JSON object",
        store.display()
    );
    for tool in ["show", "recap", "check"] {
        assert_eq!(
            refused_whole(&env, &mut client, (tool, json!({})), Value::Null),
            json!({
                "error": {
                    "code": "STORE_CORRUPT",
                    "message": message,
                    "details": [],
                    "hint": format!(
                        "the file was left untouched; call `undo` to set it aside and restore \
                         the latest revision its history kept, or fix {} by hand",
                        store.display()
                    ),
                },
                "text": format!("error: {message}"),
            }),
            "{tool}"
        );
    }
    assert_eq!(client.close(), 0);
}

/// A change under the server's owner to another owner's item: the hint names the `next` and
/// `update` calls that take it over, with the lease's end or without one.
#[test]
fn a_change_to_another_owners_item_names_the_calls_that_take_it_over() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build", "pending:Test"]);
    env.todos(&["-q", "next", "--claim", "--owner", "w1", "--lease", "15m"])
        .run()
        .success();
    env.todos(&["-q", "next", "--claim", "--owner", "w3"])
        .run()
        .success();
    // Four minutes after w1's lease of 15 minutes from NOW ended.
    let later = "2025-01-02T18:01:33Z";
    let run = server(&env)
        .env("TODOS_OWNER", "w2")
        .env("TODOS_NOW", later);
    let mut client = Client::legacy(run, json!({}));
    for (id, owner, ways) in [
        (
            "1",
            "1 \"Build\" is owned by w1",
            "w1's lease ended 4m ago: `next` with \"claim\": true takes it over; `update` with \
             {\"id\": \"1\", \"take\": true} takes it over on purpose",
        ),
        (
            "2",
            "2 \"Test\" is owned by w3",
            "it holds no lease; `update` with {\"id\": \"2\", \"take\": true} takes it over on \
             purpose",
        ),
    ] {
        let call = json!({"id": id, "status": "completed"});
        let message = format!(
            "item {owner}, not by w2 (TODOS_OWNER): a change under one owner's name to another \
             owner's item is refused"
        );
        assert_eq!(
            refused_whole(&env, &mut client, ("update", call.clone()), call),
            json!({
                "error": {"code": "CONFLICT", "message": message, "details": [], "hint": ways},
                "text": format!("error: {message}"),
            }),
            "{id}"
        );
    }
    assert_eq!(client.close(), 0);
}

/// A list name near one that exists: a read of it is refused, and a change that makes it
/// warns, each naming the `list` to send.
#[test]
fn a_list_near_another_is_hinted_as_the_list_to_send() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    env.todos(&["-q", "-l", "docs", "create", "Write"])
        .run()
        .success();
    let mut client = Client::legacy(server(&env), json!({}));
    let before = env.tree();
    let refused = client.refusal("show", json!({"list": "dcs"}));
    assert_eq!(env.tree(), before, "a refused call changed the workspace");
    assert_eq!(
        json!({"error": refused["error"], "text": refused["text"]}),
        refusal(
            "no list dcs (did you mean docs?)",
            "call the tool again with \"list\": \"docs\""
        )
    );
    let made = client.envelope("create", json!({"items": ["Read"], "list": "doc"}));
    assert_eq!(
        made["data"]["warnings"],
        json!([
            "made a new list doc, beside the list docs: if you meant docs, call the tool again \
             with \"list\": \"docs\""
        ])
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn a_dependency_on_no_item_names_the_ids_that_show_gives() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    let call = json!({"summary": "Ship", "todos": [
        {"content": "Build", "status": "pending", "blockedBy": ["7"]},
    ]});
    assert_eq!(
        refused_whole(&env, &mut client, ("write", call.clone()), call),
        problem(
            "todos[0].blockedBy[0]",
            "\"7\" names no item; give the items ids (\"id\") and name those, or name ids that \
             `show` gives"
        )
    );
    assert_eq!(client.close(), 0);
}

/// Open items a call removed or a snapshot dropped: the warning names the `undo` tool.
#[test]
fn open_items_removed_or_dropped_name_the_undo_tool() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build", "pending:Test", "pending:Ship"]);
    let mut client = Client::legacy(server(&env), json!({}));
    let removed = client.envelope("remove", json!({"ids": ["3"]}));
    assert_eq!(
        removed,
        json!({
            "status": "success",
            "data": {
                "summary": "Ship",
                "todos": [
                    {"id": "1", "content": "Build", "status": "pending"},
                    {"id": "2", "content": "Test", "status": "pending"},
                ],
                "recap": "[0/2] Pending: Build; Test.",
                "revision": 2,
                "changed": true,
                "warnings": [
                    "removed open item 3 \"Ship\" (pending); if it is still needed, `undo` \
                     brings it back"
                ],
            },
            "text": "Updated todos: 2 pending.",
            "stats": {
                "total": 2, "pending": 2, "in_progress": 0, "completed": 0, "cancelled": 0,
                "failed": 0, "blocked": 0,
            },
            "context": {
                "cwd": env.root().join("ws"),
                "workspace": env.root().join("ws"),
                "list": "default",
                "params_input": {"ids": ["3"]},
            },
        })
    );
    let dropped = client.envelope(
        "write",
        json!({"summary": "Ship", "todos": [{"content": "Build", "status": "pending"}]}),
    );
    assert_eq!(
        dropped["data"]["warnings"],
        json!(["dropped open item 2 \"Test\" (pending); send it again to keep it, or call `undo`"])
    );
    assert_eq!(client.close(), 0);
}

#[test]
fn create_with_no_items_names_the_items_to_send() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    let call = json!({"items": []});
    assert_eq!(
        refused_whole(&env, &mut client, ("create", call), Value::Null),
        refusal(
            "no items to create",
            "send the items to create, e.g. {\"items\": [\"First step\", \"Second step\"]}"
        )
    );
    assert_eq!(client.close(), 0);
}

/// `take` under no name: the owner to send, or the name the server is started under.
#[test]
fn take_without_a_name_names_the_owner_to_send() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    let mut client = Client::legacy(server(&env), json!({}));
    let call = json!({"id": "1", "take": true});
    let mut expected = problem("take", "needs a name to take the item over for");
    expected["error"]["hint"] = json!(
        "give the owner (\"owner\": NAME), or start the server with TODOS_OWNER set to the name \
         you work under"
    );
    assert_eq!(
        refused_whole(&env, &mut client, ("update", call.clone()), call),
        expected
    );
    assert_eq!(client.close(), 0);
}

/// A lease that would end past the year 9999: claim without the `lease` argument.
#[test]
fn a_lease_past_the_year_9999_names_the_lease_argument() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    let run = server(&env).env("TODOS_NOW", "9999-12-30T00:00:00Z");
    let mut client = Client::legacy(run, json!({}));
    let call = json!({"claim": true, "owner": "w1", "lease": "100h"});
    assert_eq!(
        refused_whole(&env, &mut client, ("next", call), Value::Null),
        refusal(
            "a lease of 100h from 9999-12-30T00:00:00+00:00 would end after the year 9999, past \
             the times a store can hold",
            "claim without \"lease\", or check the clock (TODOS_NOW)"
        )
    );
    assert_eq!(client.close(), 0);
}

/// A lease the call did not give, renewed past the year 9999 when its owner works on the item
/// (`update`, which takes no `lease`): the hint names no argument, only the clock.
#[test]
fn a_lease_renewed_past_the_year_9999_names_no_lease_argument() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    env.todos(&["-q", "next", "--claim", "--owner", "w1", "--lease", "15m"])
        .run()
        .success();
    let run = server(&env)
        .env("TODOS_NOW", "9999-12-31T23:50:00Z")
        .env("TODOS_OWNER", "w1");
    let mut client = Client::legacy(run, json!({}));
    let call = json!({"id": "1", "content": "Build it"});
    assert_eq!(
        refused_whole(&env, &mut client, ("update", call.clone()), call),
        refusal(
            "a lease of 15m from 9999-12-31T23:50:00+00:00 would end after the year 9999, past \
             the times a store can hold",
            "check the clock (TODOS_NOW)"
        )
    );
    assert_eq!(client.close(), 0);
}

/// A plan first written without a summary: the warning names the key to send, not the flag.
#[test]
fn a_plan_without_a_summary_names_the_summary_to_send() {
    let env = TestEnv::new();
    let mut client = Client::legacy(server(&env), json!({}));
    let written = client.envelope(
        "write",
        json!({"todos": [{"content": "Build", "status": "pending"}]}),
    );
    assert_eq!(
        written["data"]["warnings"],
        json!(["the plan has no summary: say in one line what it is for with \"summary\""])
    );
    assert_eq!(client.close(), 0);
}

/// Every name to set an unreadable store aside as taken: remove old ones, then `undo` again.
#[test]
fn a_store_with_no_name_left_to_set_it_aside_names_the_undo_tool() {
    let env = TestEnv::new();
    no_name_to_set_aside(&env);
    let mut client = Client::legacy(server(&env), json!({}));
    let store = env.path(".todos.json");
    let message = format!(
        "cannot set {0} aside: {0}.corrupt-20250102-174233 and the next 999 names are all taken",
        store.display()
    );
    assert_eq!(
        refused_whole(&env, &mut client, ("undo", json!({})), Value::Null),
        json!({
            "error": {
                "code": "INTERNAL_ERROR",
                "message": message,
                "details": [],
                "hint": "remove old .corrupt- files of this store, then call `undo` again",
            },
            "text": format!("error: {message}"),
        })
    );
    assert_eq!(client.close(), 0);
}
