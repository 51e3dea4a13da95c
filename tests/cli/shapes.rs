//! Every accepted input shape, with the examples of the seed documents they come from.

use serde_json::json;

use crate::support::{HISTORY, TestEnv, error_paths, items, no_summary, still_open};

/// The items `write` makes of `input`, written quietly: the warnings a shape may earn (no
/// summary) are write.rs's to check; here exit 0 and silence are.
fn accepted(input: &str) -> Vec<(String, String, String)> {
    let env = TestEnv::new();
    env.todos(&["-q", "write"]).stdin(input).run();
    items(&env.store()["todos"])
}

fn triple(id: &str, status: &str, content: &str) -> (String, String, String) {
    (id.into(), status.into(), content.into())
}

#[test]
fn todowrite_design_example() {
    let input = r#"{"summary":"修复 multi_edit 重叠检测并完善文档","todos":[
        {"id":"t1","content":"修复重叠检测","status":"in_progress"},
        {"id":"t2","content":"更新文档","status":"pending"},
        {"id":"t3","content":"性能优化脚本","status":"cancelled"}]}"#;
    let env = TestEnv::new();
    let json = env
        .todos(&["--json", "write"])
        .stdin(input)
        .expect_stdout("{\"status\":\"success\",\"data\":{\"summary\":\"修复 multi_edit 重叠检测并完善文档\",\
                \"todos\":[{\"id\":\"1\",\"content\":\"修复重叠检测\",\"status\":\"in_progress\"},\
                {\"id\":\"2\",\"content\":\"更新文档\",\"status\":\"pending\"},\
                {\"id\":\"3\",\"content\":\"性能优化脚本\",\"status\":\"cancelled\"}],\
                \"recap\":\"[1/3] In progress: 修复重叠检测. Pending: 更新文档. Cancelled: 性能优化脚本.\",\
                \"revision\":1,\"changed\":true,\"warnings\":[]},\"text\":\"Updated todos: \
                1 pending, 1 in_progress, 1 cancelled.\",\"stats\":{\"total\":3,\
                \"pending\":1,\"in_progress\":1,\"completed\":0,\"cancelled\":1,\
                \"failed\":0,\"blocked\":0},\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"summary\":\"修复 \
                multi_edit 重叠检测并完善文档\",\"todos\":[{\"id\":\"t1\",\"content\":\"修复重叠检测\",\
                \"status\":\"in_progress\"},{\"id\":\"t2\",\"content\":\"更新文档\",\
                \"status\":\"pending\"},{\"id\":\"t3\",\"content\":\"性能优化脚本\",\
                \"status\":\"cancelled\"}]}}}\n").run()
        .success()
        .json();
    assert_eq!(
        json["data"]["recap"],
        "[1/3] In progress: 修复重叠检测. Pending: 更新文档. Cancelled: 性能优化脚本."
    );
    assert_eq!(
        json["text"],
        "Updated todos: 1 pending, 1 in_progress, 1 cancelled."
    );
    assert_eq!(
        json["stats"],
        json!({"total":3,"pending":1,"in_progress":1,"completed":0,"cancelled":1,"failed":0,"blocked":0})
    );
    assert_eq!(
        json["data"]["summary"],
        "修复 multi_edit 重叠检测并完善文档"
    );
}

#[test]
fn kimi_set_todo_list() {
    let input = r#"{"todos": [{"title": "梳理需求", "status": "done"}, {"title": "实现主流程", "status": "in_progress"}, {"title": "补充测试", "status": "pending"}]}"#;
    assert_eq!(
        accepted(input),
        [
            triple("1", "completed", "梳理需求"),
            triple("2", "in_progress", "实现主流程"),
            triple("3", "pending", "补充测试")
        ]
    );
}

#[test]
fn kimi_invalid_example_names_both_problems() {
    let env = TestEnv::new();
    let json = env
        .rejects(
            env.todos(&["--json", "write"])
                .stdin(r#"{"todos": [{"title": "", "status": "working"}]}"#).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                        \"message\":\"the input has 2 problems\",\"details\":[{\"path\":\"todos[0].title\",\
                        \"message\":\"is empty; say what the step is\"},{\"path\":\"todos[0].status\",\
                        \"message\":\"unknown status \\\"working\\\"; use one of pending, in_progress, \
                        completed, cancelled, failed, blocked, todo, open, not_started, running, \
                        active, doing, done, complete, closed, canceled\"}]},\
                        \"text\":\"error: the input has 2 problems\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                        \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"todos\":[{\"title\":\"\",\
                        \"status\":\"working\"}]}}}\n"),
            1,
        )
        .json();
    let details = json["error"]["details"].as_array().unwrap();
    assert_eq!(details[0]["path"], "todos[0].title");
    assert_eq!(details[0]["message"], "is empty; say what the step is");
    assert_eq!(details[1]["path"], "todos[0].status");
    assert!(
        details[1]["message"]
            .as_str()
            .unwrap()
            .starts_with("unknown status \"working\"")
    );
}

#[test]
fn weknora_plan_steps() {
    let input = r#"{"task": "对比 WeKnora 与 LangChain", "steps": [
        {"id": "step1", "description": "搜索知识库中的 WeKnora 架构信息", "status": "completed"},
        {"id": "step2", "description": "使用 web_search 检索 LangChain 文档", "status": "in_progress"},
        {"id": "step3", "description": "对比三个框架的核心特性", "status": "pending"}]}"#;
    let env = TestEnv::new();
    env.todos(&["write"])
        .stdin(input)
        .expect_stdout(concat!(
            "[1/3] 对比 WeKnora 与 LangChain\n",
            "  1 [x] 搜索知识库中的 WeKnora 架构信息\n",
            "  2 [▶] 使用 web_search 检索 LangChain 文档\n",
            "  3 [ ] 对比三个框架的核心特性\n",
            still_open!(2 of 3)
        ))
        .run()
        .success();
    assert_eq!(env.store()["summary"], "对比 WeKnora 与 LangChain");
    assert_eq!(
        items(&env.store()["todos"])[1],
        triple("2", "in_progress", "使用 web_search 检索 LangChain 文档")
    );
}

#[test]
fn s03_todo_manager_object_and_bare_array() {
    let object = r#"{"todos": [{"id": "todo_0", "text": "Write tests", "status": "in_progress"}, {"id": "todo_1", "text": "Ship", "status": "pending"}]}"#;
    let array = r#"[{"id": "todo_0", "text": "Write tests", "status": "in_progress"}, {"id": "todo_1", "text": "Ship", "status": "pending"}]"#;
    let expected = [
        triple("1", "in_progress", "Write tests"),
        triple("2", "pending", "Ship"),
    ];
    assert_eq!(accepted(object), expected);
    assert_eq!(accepted(array), expected);
}

#[test]
fn claude_code_todowrite_with_active_form_and_priority() {
    let input = r#"{"todos": [{"content": "Run the tests", "status": "in_progress", "activeForm": "Running the tests", "priority": "HIGH", "id": "1"}]}"#;
    let env = TestEnv::new();
    env.todos(&["write"])
        .stdin(input)
        .expect_stdout(concat!(
            "[0/1] (no summary)\n",
            "  1 [▶] Run the tests — Running the tests (high priority)\n",
            still_open!(1 of 1),
        ))
        .expect_stderr(no_summary!())
        .run()
        .success();
    let item = &env.store()["todos"][0];
    assert_eq!(item["active_form"], "Running the tests");
    assert_eq!(item["priority"], "high");
}

#[test]
fn codex_update_plan() {
    let input = r#"{"explanation": "Refactor the parser", "plan": [{"step": "Split the lexer", "status": "completed"}, {"step": "Add tests", "status": "in_progress"}]}"#;
    let env = TestEnv::new();
    let done = env
        .todos(&["--json", "write"])
        .stdin(input)
        .expect_stdout("{\"status\":\"success\",\"data\":{\"summary\":null,\
                \"todos\":[{\"id\":\"1\",\"content\":\"Split the lexer\",\
                \"status\":\"completed\"},{\"id\":\"2\",\"content\":\"Add tests\",\
                \"status\":\"in_progress\"}],\"recap\":\"[1/2] In progress: Add tests.\",\
                \"revision\":1,\"changed\":true,\"note\":\"Refactor the parser\",\
                \"warnings\":[\"the plan has no summary: say in one line what it is for \
                with \\\"summary\\\" or --summary\"]},\"text\":\"Updated todos: 1 in_progress, \
                1 completed.\",\"stats\":{\"total\":2,\"pending\":0,\
                \"in_progress\":1,\"completed\":1,\"cancelled\":0,\
                \"failed\":0,\"blocked\":0},\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"explanation\":\"Refactor \
                the parser\",\"plan\":[{\"step\":\"Split the lexer\",\
                \"status\":\"completed\"},{\"step\":\"Add tests\",\
                \"status\":\"in_progress\"}]}}}\n").run()
        .success();
    // A note on this change (SPEC §3), not the plan's summary: kept in the history line and
    // echoed in the reply.
    assert_eq!(env.store()["summary"], serde_json::Value::Null);
    assert_eq!(done.json()["data"]["note"], "Refactor the parser");
    let history = env.read(HISTORY);
    let line: serde_json::Value = serde_json::from_str(history.lines().last().unwrap()).unwrap();
    assert_eq!(line["note"], "Refactor the parser");
    assert_eq!(
        items(&env.store()["todos"]),
        [
            triple("1", "completed", "Split the lexer"),
            triple("2", "in_progress", "Add tests")
        ]
    );
}

#[test]
fn gemini_write_todos() {
    let input = r#"{"todos": [{"description": "Read the code", "status": "completed"}, {"description": "Fix it", "status": "cancelled"}]}"#;
    assert_eq!(
        accepted(input),
        [
            triple("1", "completed", "Read the code"),
            triple("2", "cancelled", "Fix it")
        ]
    );
}

#[test]
fn tutorial_create_todos_and_update_todo() {
    let env = TestEnv::new();
    env.todos(&["create"])
        .stdin(r#"{"items": ["搜索资料", "写总结"]}"#)
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [ ] 搜索资料\n",
            "  2 [ ] 写总结\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    env.todos(&["update"])
        .stdin(r#"{"id": "1", "status": "running"}"#)
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [▶] 搜索资料\n",
            "  2 [ ] 写总结\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    env.todos(&["update"])
        .stdin(r#"{"id": "1", "status": "completed"}"#)
        .expect_stdout(concat!(
            "[1/2] (no summary)\n",
            "  1 [x] 搜索资料\n",
            "  2 [ ] 写总结\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    env.todos(&["update"])
        .stdin(r#"{"id": "2", "status": "failed"}"#)
        .expect_stdout(concat!(
            "[2/2] (no summary)\n",
            "  1 [x] 搜索资料\n",
            "  2 [!] 写总结\n",
            "Finished, 1 of 2 failed.\n"
        ))
        .run()
        .success();
    assert_eq!(
        items(&env.store()["todos"]),
        [
            triple("1", "completed", "搜索资料"),
            triple("2", "failed", "写总结")
        ]
    );
    env.todos(&["show"])
        .expect_stdout(concat!(
            "[2/2] (no summary)\n",
            "  1 [x] 搜索资料\n",
            "  2 [!] 写总结\n"
        ))
        .run()
        .success();
}

#[test]
fn keys_and_statuses_are_case_insensitive() {
    let input = r#"{"Summary": "S", "TODOS": [{"Content": "A", "STATUS": "Canceled"}, {"TITLE": "B", "Status": "TODO"}, {"text": "C", "status": "Active"}]}"#;
    assert_eq!(
        accepted(input),
        [
            triple("1", "cancelled", "A"),
            triple("2", "pending", "B"),
            triple("3", "in_progress", "C")
        ]
    );
}

#[test]
fn unknown_and_doubled_fields_are_named() {
    let env = TestEnv::new();
    let json = env
        .rejects(
            env.todos(&["--json", "write"]).stdin(r#"{"summary": "S", "task": "T", "todos": [{"content": "A", "stauts": "pending", "title": "B"}], "mode": "replace"}"#).expect_stdout("{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                \"message\":\"the input has 5 problems\",\"details\":[{\"path\":\"task\",\
                \"message\":\"says the same as \\\"summary\\\"; give only one of them\"},\
                {\"path\":\"mode\",\"message\":\"unknown field \\\"mode\\\"; the fields \
                here are summary, explanation, todos, merge and operation\"},\
                {\"path\":\"todos[0].stauts\",\"message\":\"unknown field \\\"stauts\\\"; \
                did you mean \\\"status\\\"?\"},{\"path\":\"todos[0].title\",\
                \"message\":\"says the same as \\\"content\\\"; give only one of them\"},\
                {\"path\":\"todos[0].status\",\"message\":\"is missing; every item needs \
                a status (pending, in_progress, completed, cancelled, failed or blocked)\"}]},\
                \"text\":\"error: the input has 5 problems\",\"context\":{\"cwd\":\"[ROOT]/ws\",\
                \"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\"params_input\":{\"summary\":\"S\",\
                \"task\":\"T\",\"todos\":[{\"content\":\"A\",\"stauts\":\"pending\",\
                \"title\":\"B\"}],\"mode\":\"replace\"}}}\n"),
            1,
        )
        .json();
    let paths = error_paths(&json);
    assert_eq!(
        paths,
        [
            "task",
            "mode",
            "todos[0].stauts",
            "todos[0].title",
            "todos[0].status"
        ]
    );
    assert_eq!(
        json["error"]["details"][2]["message"],
        "unknown field \"stauts\"; did you mean \"status\"?"
    );
}
