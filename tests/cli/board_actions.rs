//! What a person does from the board's page (SPEC §10), through the real binary: each action
//! changes the store exactly as the command line's command does, the history names the board
//! and the person, a refusal comes back in the command line's words with nothing changed, and a
//! change is taken only from the board's own page (`Origin`, token, JSON). `--read-only` takes
//! none. The browser's side (the page's buttons, a page on another origin) is
//! `scripts/board_browser.py`'s.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::{Value, json};

use crate::board_server::{Board, NO_TOKEN, ONLY_GET_AND_HEAD};
use crate::support::{TestEnv, ids_hint, no_item};

const PERSON: &str = "alice";

/// A board of the test's workspace, acting as `PERSON`.
fn board(env: &TestEnv, args: &[&str]) -> Board {
    let mut all = vec!["board", "--no-open"];
    all.extend_from_slice(args);
    Board::run(env.todos(&all).env("TODOS_OWNER", PERSON))
}

/// The plan "Ship it" with its one item `A` pending, and a board of it started with `args`,
/// acting as `PERSON`: the test's folders, the board, and the workspace as the board names it.
fn ship_it_on(args: &[&str]) -> (TestEnv, Board, String) {
    let env = TestEnv::new();
    env.plan("Ship it", &["pending:A"]);
    let board = board(&env, args);
    let path = workspace(&board);
    (env, board, path)
}

/// Everything in the test's folders is byte for byte as it was `before`: no refused change
/// changed anything.
#[track_caller]
fn nothing_changed_since(env: &TestEnv, before: &BTreeMap<PathBuf, Vec<u8>>) {
    assert_eq!(
        &env.everything(),
        before,
        "no refused change changed anything"
    );
}

/// The workspace as the board names it (the page sends it back).
fn workspace(board: &Board) -> String {
    board.board_json()["workspaces"][0]["data"]["workspace"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// `POST /act` with `body`, as the page sends it unless `headers` says otherwise: the
/// response's status and body.
fn post(board: &Board, headers: &str, body: &str) -> (u16, String) {
    let headers = format!("{headers}Content-Length: {}\r\n", body.len());
    let (status, _, body) = board.send("POST", "/act", Some(&board.host()), &headers, body);
    (status, body)
}

/// The headers of the board's own page: its origin, the token, JSON.
fn own(board: &Board) -> String {
    format!(
        "Origin: http://127.0.0.1:{}\r\nx-todos-token: {}\r\nContent-Type: application/json\r\n",
        board.port, board.token
    )
}

/// One action from the page: its status and what the command said.
fn act(board: &Board, action: &Value) -> (u16, Value) {
    let (status, body) = post(board, &own(board), &action.to_string());
    let said = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{status} {body}"));
    (status, said)
}

/// The history's last line, parsed.
fn last_line(env: &TestEnv) -> Value {
    let history = env.read(".todos/default.history.jsonl");
    serde_json::from_str(history.lines().last().unwrap()).unwrap()
}

/// A store or history line without the hash of the history line before it: the board's lines
/// name the board, so their hashes differ from the command line's, and nothing else does.
fn unchained(mut value: Value) -> Value {
    let object = value.as_object_mut().unwrap();
    object.remove("history");
    object.remove("prev");
    value
}

/// Makes `action` on the board and runs `command` at a shell as the person: both say the same,
/// leave the same store, and record the same history line but for the board's name in it.
#[track_caller]
fn same_as_at_a_shell(
    board: &Board,
    action: &Value,
    (on_board, at_shell): (&TestEnv, &TestEnv),
    command: &[&str],
) {
    let (status, said) = act(board, action);
    let cli = at_shell
        .todos(command)
        .env("TODOS_OWNER", PERSON)
        .run_unchecked();
    assert_eq!(cli.code, 0, "{command:?}: {}", cli.stderr);
    assert_eq!(status, 200, "{action}: {said}");
    assert_eq!(
        said,
        json!({"refused": false, "code": null, "exit": 0, "stdout": cli.stdout, "stderr": cli.stderr}),
        "{action}"
    );
    assert_eq!(
        unchained(on_board.store()),
        unchained(at_shell.store()),
        "{action}: the store as the command line leaves it"
    );
    let (mine, theirs) = (last_line(on_board), last_line(at_shell));
    let typed = theirs["command"].as_str().unwrap();
    assert_eq!(
        mine["command"],
        format!("{typed} (board: {PERSON})"),
        "{action}"
    );
    let mut same = unchained(mine);
    same["command"] = theirs["command"].clone();
    assert_eq!(
        same,
        unchained(theirs),
        "{action}: the history line but for its command"
    );
}

#[test]
fn each_action_is_the_command_line_s_change_and_names_the_board_and_the_person() {
    let on_board = TestEnv::new();
    let at_shell = TestEnv::new();
    for env in [&on_board, &at_shell] {
        env.plan(
            "Ship it",
            &["pending:A", "pending:B", "pending:C", "pending:D"],
        );
    }
    let board = board(&on_board, &[]);
    let path = workspace(&board);
    let state = board.board_json();
    assert_eq!(state["actions"], json!({"person": PERSON}), "{state}");
    // Each action, and the command a person would type for it.
    let steps: [(Value, &[&str]); 9] = [
        (
            json!({"action": "add", "content": "Write the tests"}),
            &["create", "Write the tests"],
        ),
        (
            json!({"action": "start", "id": "1"}),
            &["update", "1", "in_progress"],
        ),
        (
            json!({"action": "complete", "id": "1"}),
            &["update", "1", "completed"],
        ),
        (
            json!({"action": "claim", "id": "2"}),
            &["update", "2", "in_progress", "--take"],
        ),
        (
            json!({"action": "let_go", "id": "2"}),
            &["update", "2", "pending", "--no-owner"],
        ),
        (
            json!({"action": "cancel", "id": "3"}),
            &["update", "3", "cancelled"],
        ),
        (
            json!({"action": "fail", "id": "4"}),
            &["update", "4", "failed"],
        ),
        (
            json!({"action": "reopen", "id": "3"}),
            &["update", "3", "pending", "--reopen"],
        ),
        (
            json!({"action": "undo", "revision": 9}),
            &["undo", "--expect-revision", "9"],
        ),
    ];
    for (mut action, command) in steps {
        action["workspace"] = json!(path);
        action["list"] = json!("default");
        same_as_at_a_shell(&board, &action, (&on_board, &at_shell), command);
    }
    assert_eq!(
        last_line(&on_board)["command"],
        "undo --to 8 (board: alice)"
    );
    // A second undo from the page steps one further back, as a second `todos undo` does.
    let undo = json!({"workspace": path, "list": "default", "action": "undo"});
    same_as_at_a_shell(&board, &undo, (&on_board, &at_shell), &["undo"]);
    assert_eq!(
        last_line(&on_board)["command"],
        "undo --to 7 (board: alice)"
    );
}

#[test]
fn a_refused_action_says_the_command_line_s_words_and_changes_nothing() {
    let env = TestEnv::new();
    env.plan("Ship it", &["pending:A", "pending:B"]);
    env.todos(&["-q", "next", "--claim", "--owner", "bob"])
        .run_unchecked()
        .success();
    let board = board(&env, &[]);
    let path = workspace(&board);
    for (action, command) in [
        // Another owner's item, held under a lease: owners are respected.
        (
            json!({"action": "complete", "id": "1"}),
            vec!["update", "1", "completed"],
        ),
        // Letting go of another owner's item.
        (
            json!({"action": "let_go", "id": "1"}),
            vec!["update", "1", "pending", "--no-owner"],
        ),
        (
            json!({"action": "complete", "id": "9"}),
            vec!["update", "9", "completed"],
        ),
        (
            json!({"action": "add", "content": "  "}),
            vec!["create", "  "],
        ),
        (
            json!({"action": "undo", "revision": 1}),
            vec!["undo", "--expect-revision", "1"],
        ),
    ] {
        let mut action = action;
        action["workspace"] = json!(path);
        action["list"] = json!("default");
        let before = env.everything();
        let (status, said) = act(&board, &action);
        assert_eq!(env.everything(), before, "{action}: nothing changed");
        let cli = env.rejects(
            env.todos(&command)
                .env("TODOS_OWNER", PERSON)
                .stderr_varies("compared with the board's below"),
            i32::try_from(said["exit"].as_i64().unwrap()).unwrap(),
        );
        assert_eq!(status, 409, "{action}: {said}");
        assert_eq!(
            said,
            json!({"refused": true, "code": said["code"], "exit": cli.code, "stdout": "", "stderr": cli.stderr}),
            "{action}"
        );
    }
    // The owner's words, for one of them in full.
    let (_, said) = act(
        &board,
        &json!({"workspace": path, "list": "default", "action": "complete", "id": "9"}),
    );
    assert_eq!(
        said["stderr"],
        concat!(no_item!("id", "9"), ids_hint!(1, 2))
    );
}

#[test]
fn a_change_is_taken_only_from_the_board_s_own_page() {
    let (env, board, path) = ship_it_on(&[]);
    let before = env.everything();
    let body =
        json!({"workspace": path, "list": "default", "action": "complete", "id": "1"}).to_string();
    let port = board.port;
    let token = board.token.clone();
    let json_type = "Content-Type: application/json\r\n";
    let no_token = NO_TOKEN;
    let foreign = "todos board refused this change: it did not come from the board's own page \
                   (its Origin is not http://127.0.0.1 or http://localhost with this board's port).\n";
    let not_json =
        "todos board refused this change: it is not JSON (Content-Type: application/json).\n";
    let origin = format!("Origin: http://127.0.0.1:{port}\r\n");
    let with_token = format!("x-todos-token: {token}\r\n");
    let mut wrong = token.clone();
    wrong.replace_range(..1, if token.starts_with('0') { "1" } else { "0" });
    for (headers, status, said) in [
        // No token, a wrong one, one in a cookie.
        (format!("{origin}{json_type}"), 403, no_token),
        (
            format!("{origin}x-todos-token: {wrong}\r\n{json_type}"),
            403,
            no_token,
        ),
        (
            format!("{origin}Cookie: x-todos-token={token}\r\n{json_type}"),
            403,
            no_token,
        ),
        // No Origin, another port's, another host's, an opaque one.
        (format!("{with_token}{json_type}"), 403, foreign),
        (
            format!(
                "Origin: http://127.0.0.1:{}\r\n{with_token}{json_type}",
                port.wrapping_add(1)
            ),
            403,
            foreign,
        ),
        (
            format!("Origin: http://evil.example:{port}\r\n{with_token}{json_type}"),
            403,
            foreign,
        ),
        (
            format!("Origin: null\r\n{with_token}{json_type}"),
            403,
            foreign,
        ),
        (
            format!("Origin: https://127.0.0.1:{port}\r\n{with_token}{json_type}"),
            403,
            foreign,
        ),
        // What a form can send without the browser asking first.
        (
            format!("{origin}{with_token}Content-Type: text/plain\r\n"),
            415,
            not_json,
        ),
        (
            format!("{origin}{with_token}Content-Type: application/x-www-form-urlencoded\r\n"),
            415,
            not_json,
        ),
        (format!("{origin}{with_token}"), 415, not_json),
    ] {
        assert_eq!(
            post(&board, &headers, &body),
            (status, said.to_owned()),
            "{headers}"
        );
    }
    nothing_changed_since(&env, &before);
}

#[test]
fn the_token_goes_in_its_header_to_the_board_s_own_host_and_nowhere_else() {
    let (env, board, path) = ship_it_on(&[]);
    let before = env.everything();
    let body =
        json!({"workspace": path, "list": "default", "action": "complete", "id": "1"}).to_string();
    let (port, token) = (board.port, board.token.clone());
    let json_type = "Content-Type: application/json\r\n";
    let origin = format!("Origin: http://127.0.0.1:{port}\r\n");
    let no_token = NO_TOKEN;
    // The token in the address is no token.
    let headers = format!("{origin}{json_type}Content-Length: {}\r\n", body.len());
    let (status, _, said) = board.send(
        "POST",
        &format!("/act?token={token}"),
        Some(&board.host()),
        &headers,
        &body,
    );
    assert_eq!((status, said.as_str()), (403, no_token));
    // From the page's own origin, by either name, but only on the board's own Host.
    let wrong_host = "todos board refused this request: its Host is not this board's address \
                      (127.0.0.1 and its port).\n";
    let headers = format!("{}Content-Length: {}\r\n", own(&board), body.len());
    let (status, _, said) = board.send(
        "POST",
        "/act",
        Some(&format!("evil.example:{port}")),
        &headers,
        &body,
    );
    assert_eq!((status, said.as_str()), (403, wrong_host));
    // The page's other addresses take no change.
    let (status, _, said) =
        board.send("POST", "/board.json", Some(&board.host()), &own(&board), "");
    assert_eq!((status, said.as_str()), (405, ONLY_GET_AND_HEAD));
    nothing_changed_since(&env, &before);
    // And the same change from the page itself is made, by either of its names.
    let headers = format!(
        "Origin: http://localhost:{port}\r\nx-todos-token: {token}\r\n{json_type}Content-Length: {}\r\n",
        body.len()
    );
    let (status, _, said) = board.send(
        "POST",
        "/act",
        Some(&format!("localhost:{port}")),
        &headers,
        &body,
    );
    assert_eq!(status, 200, "{said}");
    assert_eq!(env.store()["todos"][0]["status"], "completed");
}

#[test]
fn a_change_that_is_no_action_on_a_list_the_board_shows_is_refused() {
    let (env, board, path) = ship_it_on(&[]);
    let before = env.everything();
    // What is not one of the page's actions, or acts on what the board does not show.
    let not_action = "todos board refused this change: it is not one of the page's actions \
                      ({\"workspace\", \"list\", \"action\"} with the item's \"id\", or the new \
                      item's \"content\").\n";
    let not_shown = "todos board refused this change: it acts only on the lists it shows, and it \
                     shows no such workspace or list.\n";
    let outside = env.outside("elsewhere");
    for (body, status, said) in [
        ("not json".to_owned(), 400, not_action),
        (json!({"workspace": path, "list": "default", "action": "remove", "id": "1"}).to_string(), 400, not_action),
        (json!({"workspace": path, "list": "default", "action": "complete"}).to_string(), 400, not_action),
        (json!({"workspace": path, "list": "default", "action": "complete", "id": "1", "owner": "x"}).to_string(), 400, not_action),
        (json!({"workspace": outside, "list": "default", "action": "complete", "id": "1"}).to_string(), 404, not_shown),
        (json!({"workspace": path, "list": "other", "action": "add", "content": "A"}).to_string(), 404, not_shown),
    ] {
        assert_eq!(post(&board, &own(&board), &body), (status, said.to_owned()), "{body}");
    }
    nothing_changed_since(&env, &before);
}

#[test]
fn without_a_name_to_act_under_the_board_says_how_to_give_one() {
    let env = TestEnv::new();
    env.plan("Ship it", &["pending:A"]);
    // No TODOS_OWNER, no USER: the test's environment is cleared.
    let board = Board::start(&env, &[]);
    let path = workspace(&board);
    assert_eq!(board.board_json()["actions"], json!({"person": null}));
    let before = env.everything();
    let body = json!({"workspace": path, "list": "default", "action": "complete", "id": "1"});
    assert_eq!(
        post(&board, &own(&board), &body.to_string()),
        (
            409,
            "todos board has no name to act under: start it with TODOS_OWNER set, or with the \
             user's name in USER.\n"
                .to_owned()
        )
    );
    nothing_changed_since(&env, &before);
    // The user's name serves when TODOS_OWNER is unset.
    let named = Board::run(env.todos(&["board", "--no-open"]).env("USER", "carol"));
    let path = workspace(&named);
    let (status, _) = post(
        &named,
        &own(&named),
        &json!({"workspace": path, "list": "default", "action": "claim", "id": "1"}).to_string(),
    );
    assert_eq!(status, 200);
    assert_eq!(env.store()["todos"][0]["owner"], "carol");
    assert_eq!(
        last_line(&env)["command"],
        "update --take: taken on purpose (board: carol)"
    );
}

#[test]
fn read_only_serves_the_page_without_actions() {
    let (env, board, path) = ship_it_on(&["--read-only"]);
    assert_eq!(board.board_json()["actions"], Value::Null);
    let before = env.everything();
    let body = json!({"workspace": path, "list": "default", "action": "complete", "id": "1"});
    assert_eq!(
        post(&board, &own(&board), &body.to_string()),
        (
            405,
            "todos board is read-only: it answers GET and HEAD.\n".to_owned()
        )
    );
    nothing_changed_since(&env, &before);
}
