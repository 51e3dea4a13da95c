//! Gemini CLI's task tracker arguments (its `tracker_*` tools, 0.61.0) on `create` and `update`
//! through the real binary: accepted as todos' own items and changes, and refused with the
//! field's path when they name what a plan has no place for.

use crate::support::{TestEnv, ids_hint, input_problems, no_item, still_open};

#[test]
fn tracker_arguments_make_and_change_items() {
    let env = TestEnv::new();
    env.todos(&["-q", "create"])
        .stdin(r#"{"title":"Set up the CI pipeline","description":"GitHub Actions for build and test","type":"epic"}"#)
        .expect_stdout("")
        .run();
    env.todos(&["create"])
        .stdin(r#"{"title":"Add the lint step","description":"Run clippy in CI","type":"task","parentId":"1","dependencies":["1"]}"#)
        .expect_stdout(concat!(
            "[0/2] (no summary)\n",
            "  1 [ ] Set up the CI pipeline\n",
            "  2 [ ] Add the lint step ⧗ 1\n",
            still_open!(2 of 2),
        ))
        .run();
    env.todos(&["update"])
        .stdin(r#"{"id":"1","title":"Set up CI","status":"closed"}"#)
        .expect_stdout(concat!(
            "[1/2] (no summary)\n",
            "  1 [x] Set up CI\n",
            "  2 [ ] Add the lint step\n",
            still_open!(1 of 2),
        ))
        .run();
}

#[test]
fn what_a_flat_plan_cannot_hold_is_refused_at_its_path() {
    let env = TestEnv::new();
    env.todos(&["-q", "create", "Set up CI", "Add the lint step"])
        .run_unchecked()
        .success();
    let run = env
        .todos(&["create"])
        .stdin(r#"{"title":"Ship","description":"d","type":"feature","parentId":[1]}"#)
        .expect_stderr(concat!(
            input_problems!(2),
            "  type: unknown task type \"feature\"; use one of epic, task, bug (todos checks the type and keeps none)\n",
            "  parentId: must be a non-empty string or a whole number, not an array\n",
        ));
    env.rejects(run, 1);
    // The tracker's own 6-hex ids name no item of a plan.
    let run = env
        .todos(&["update"])
        .stdin(r#"{"id":"a1b2c3","status":"closed"}"#)
        .expect_stderr(concat!(no_item!("id", "a1b2c3"), ids_hint!(1, 2)));
    env.rejects(run, 1);
}
