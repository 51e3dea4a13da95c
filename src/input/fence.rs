//! What an agent meant to send: its text without a byte-order mark or a Markdown code fence.

/// What an agent meant to send: the text without a byte-order mark at its start (Windows tools
/// such as `PowerShell`'s `Out-File` write one; RFC 8259 lets a reader ignore it, and it carries
/// no meaning) and without a Markdown code fence around it (```` ```json … ``` ````), as models
/// often wrap JSON. A mark or a fence anywhere else is left for the parser to refuse.
pub fn payload(text: &str) -> &str {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let trimmed = text.trim();
    let Some(fenced) = trimmed.strip_prefix("```") else {
        return text;
    };
    // The opening fence's line may name the language (```json); the body starts after it.
    let Some((_, body)) = fenced.split_once('\n') else {
        return text;
    };
    body.trim_end().strip_suffix("```").map_or(text, str::trim)
}

#[cfg(test)]
mod tests {
    use super::payload;

    #[test]
    fn takes_off_a_leading_bom_and_a_code_fence() {
        assert_eq!(payload("\u{FEFF}{}"), "{}");
        assert_eq!(
            payload("```json\n{\"todos\": []}\n```\n"),
            "{\"todos\": []}"
        );
        assert_eq!(payload("  ```\n[]\n```"), "[]");
        assert_eq!(payload("{\"a\": \"```\"}"), "{\"a\": \"```\"}");
        assert_eq!(
            payload("```json {}```"),
            "```json {}```",
            "no body line: left as it is"
        );
        assert_eq!(payload("{\"a\": \"\u{FEFF}\"}"), "{\"a\": \"\u{FEFF}\"}");
    }
}
