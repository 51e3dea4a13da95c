use serde_json::json;

use crate::cli::PromptArgs;
use crate::commands::Answer;
use crate::context::Context;
use crate::error::Result;
use crate::guide;

/// Prints the guide for an agent's system prompt, with the limits in force.
pub fn prompt(ctx: &Context, _args: &PromptArgs) -> Result<Answer> {
    let limits = ctx.config()?.limits;
    let text = guide::prompt(&limits);
    let data = json!({"prompt": text});
    Ok(Answer::new(
        text,
        data,
        "The todos guide for an agent's system prompt.",
    ))
}
