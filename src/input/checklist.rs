//! A Markdown checklist as input: Roo Code's `update_todo_list` sends its list as one string
//! (`"[x] Reproduce\n[-] Patch\n[ ] Test"`), and people pipe the same lines (`- [ ] step`).
//! Each line becomes a canonical item (`{"content", "status"}`) that the snapshot's rules then
//! check like any other; the boxes are the `checkbox` column of the status table.

use serde_json::{Value, json};

use crate::policy::error::{At, Problem, Wrong};
use crate::policy::status::{STATUSES, Status};

/// A line's bullet, box and text: `- [x] Reproduce` → `("[x]", "Reproduce")`. The bullet
/// (`-`, `*`, `+`) is optional; the text must follow the box after a space.
fn split(line: &str) -> Option<(&str, &str)> {
    let line = line.trim_start();
    let line = ["- ", "* ", "+ "]
        .iter()
        .find_map(|bullet| line.strip_prefix(bullet))
        .map_or(line, str::trim_start);
    let rest = line.strip_prefix('[')?;
    let mut chars = rest.char_indices();
    let (_, _mark) = chars.next()?;
    let (close, bracket) = chars.next()?;
    if bracket != ']' {
        return None;
    }
    let checkbox = &line[..close + 2];
    let text = rest[close + 1..].strip_prefix([' ', '\t'])?;
    (!text.trim().is_empty()).then_some((checkbox, text))
}

/// Whether plain input is meant as a checklist: its first line that says something is one.
/// A JSON text never is (`[ ]` alone is an empty array, `[{` an array of objects).
pub fn looks_like(text: &str) -> bool {
    text.lines()
        .find(|line| !line.trim().is_empty() && !is_frame(line))
        .and_then(split)
        .is_some()
}

/// What stands where a line could not be read: a valid item, so the lines after it keep their
/// places and their own problems are found too. The input is refused anyway.
fn stand_in() -> Value {
    json!({"content": "?", "status": "pending"})
}

/// The checklist's items as canonical JSON items; a line that is not one is a problem at its
/// place in the list (`todos[2]`).
pub fn items(text: &str, at: &At<'_>, problems: &mut Vec<Problem>) -> Vec<Value> {
    let mut items = Vec::new();
    for line in text
        .lines()
        .filter(|line| !line.trim().is_empty() && !is_frame(line))
    {
        let place = at.index(items.len());
        let Some((checkbox, content)) = split(line) else {
            problems.push(Problem::new(place, Wrong::NotChecklistLine));
            items.push(stand_in());
            continue;
        };
        let Some(status) = Status::from_checkbox(checkbox) else {
            problems.push(Problem::new(
                place,
                Wrong::UnknownBox {
                    checkbox: checkbox.to_owned(),
                },
            ));
            items.push(stand_in());
            continue;
        };
        items.push(item_of(status, content));
    }
    items
}

/// A checklist line's item: its box's status, or the status `show --format markdown` wrote
/// around the text (`- [ ] **Patch** (in progress)`, `- [x] ~~Perf~~ (cancelled)`), so that
/// Markdown from `show` read back through `write` gives the same plan (SPEC §4). What the
/// Markdown adds after the text (a priority, what it waits on, the owner) is read back or left
/// out: a kept item keeps what a snapshot leaves out.
fn item_of(boxed: Status, line: &str) -> Value {
    let mut text = line.trim_end();
    let mut owner = None;
    if let Some(rest) = text.strip_suffix('`')
        && let Some(at) = rest.rfind(" `@")
    {
        let name = &rest[at + 3..];
        if !name.is_empty() && !name.contains(char::is_whitespace) {
            owner = Some(name.to_owned());
        }
        text = &rest[..at];
    }
    if let Some(at) = text.rfind(" (waits on: ")
        && text.ends_with(')')
    {
        text = &text[..at];
    }
    // Only a plain Markdown box (`[ ]`, `[x]`) carries a status in words around its text.
    let plain = boxed.info().markdown == format!("{}{{}}", markdown_box(boxed));
    let (status, text) = STATUSES
        .iter()
        .filter(|info| plain && info.markdown.starts_with(markdown_box(boxed)))
        .find_map(|info| {
            let template = info.markdown.strip_prefix(markdown_box(boxed))?;
            let (before, after) = template.split_once("{}")?;
            if before.is_empty() && after.is_empty() {
                return None;
            }
            let inner = text.strip_prefix(before)?.strip_suffix(after)?;
            (!inner.trim().is_empty()).then_some((info.status, inner))
        })
        .unwrap_or((boxed, text));
    let mut item = json!({"content": text, "status": status.as_str()});
    if let Some((content, tag)) = text.rsplit_once(" _(")
        && let Some(priority) = tag
            .strip_suffix(" priority)_")
            .and_then(crate::plan::model::Priority::parse)
    {
        item["content"] = json!(content);
        item["priority"] = json!(priority.as_str());
    }
    if let Some(owner) = owner {
        item["owner"] = json!(owner);
    }
    item
}

/// The box a status's Markdown line starts with: `- [ ] ` or `- [x] `.
fn markdown_box(status: Status) -> &'static str {
    let markdown = status.info().markdown;
    markdown
        .find("] ")
        .map_or(markdown, |at| &markdown[..at + 2])
}

/// Whether a line is what `show --format markdown` writes around the items (its heading and
/// progress line): skipped when its Markdown is read back.
fn is_frame(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("## ") || (line.starts_with("Progress: ") && line.ends_with(" done"))
}

/// A checklist as plain text, and the summary its Markdown heading gives (`## Fix login`;
/// `## Todos`, what `show` writes for a plan without one, is none).
pub fn document(text: &str) -> (Option<&str>, String) {
    let summary = text
        .lines()
        .find(|line| !line.trim().is_empty())
        .and_then(|line| line.trim().strip_prefix("## "))
        .map(str::trim)
        .filter(|summary| *summary != "Todos");
    let body: Vec<&str> = text.lines().filter(|line| !is_frame(line)).collect();
    (summary, body.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_roo_code_and_markdown_boxes() {
        let mut problems = Vec::new();
        let items = items(
            "[x] Reproduce\n- [-] Patch\n* [ ] Test\n\n+ [~] Perf\n  - [!] Flaky\n- [X] Tag",
            &At::Root.key("todos"),
            &mut problems,
        );
        assert!(problems.is_empty(), "{problems:?}");
        let statuses: Vec<&str> = items
            .iter()
            .map(|i| i["status"].as_str().unwrap())
            .collect();
        assert_eq!(
            statuses,
            [
                "completed",
                "in_progress",
                "pending",
                "cancelled",
                "failed",
                "completed"
            ]
        );
        assert_eq!(items[1]["content"], "Patch");
    }

    #[test]
    fn names_the_line_that_is_not_an_item() {
        let mut problems = Vec::new();
        items("[x] A\nnotes\n[?] B", &At::Root.key("todos"), &mut problems);
        let paths: Vec<String> = problems.iter().map(|p| p.path.to_string()).collect();
        assert_eq!(paths, ["todos[1]", "todos[2]"]);
        assert!(
            problems[1].message.to_string().contains("[-] in_progress"),
            "{problems:?}"
        );
    }

    #[test]
    fn tells_checklists_from_json() {
        assert!(looks_like("\n- [ ] Write it\n"));
        assert!(looks_like("[x] Done"));
        assert!(!looks_like("[ ]"));
        assert!(!looks_like("[{\"content\": \"a\"}]"));
        assert!(!looks_like("{\"todos\": []}"));
        assert!(!looks_like("[WIP] fix login"));
    }
}
