use serde_json::json;

use crate::commands::{Answer, Outcome};
use crate::context::Context;
use crate::guide;

/// Prints the guide for an agent's system prompt, with the limits in force.
pub fn execute(ctx: &Context) -> Outcome {
    let limits = ctx.config.limits;
    let text = guide::prompt(&limits);
    let data = json!({"prompt": text});
    Outcome::answer(Answer::new(
        text,
        data,
        "The todos guide for an agent's system prompt.",
    ))
}
