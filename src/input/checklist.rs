//! A Markdown checklist as input: Roo Code's `update_todo_list` sends its list as one string
//! (`"[x] Reproduce\n[-] Patch\n[ ] Test"`), and people pipe the same lines (`- [ ] step`).
//! Each line becomes a canonical item (`{"content", "status"}`) that the snapshot's rules then
//! check like any other; the boxes are the `checkbox` column of the status table.

use serde_json::{Value, json};

use crate::policy::error::{Problem, Wrong};
use crate::policy::status::Status;

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
        .find(|line| !line.trim().is_empty())
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
pub fn items(text: &str, path: &str, problems: &mut Vec<Problem>) -> Vec<Value> {
    let mut items = Vec::new();
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let at = format!("{path}[{}]", items.len());
        let Some((checkbox, content)) = split(line) else {
            problems.push(Problem::new(at, Wrong::NotChecklistLine));
            items.push(stand_in());
            continue;
        };
        let Some(status) = Status::from_checkbox(checkbox) else {
            problems.push(Problem::new(
                at,
                Wrong::UnknownBox {
                    checkbox: checkbox.to_owned(),
                },
            ));
            items.push(stand_in());
            continue;
        };
        items.push(json!({"content": content, "status": status.as_str()}));
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_roo_code_and_markdown_boxes() {
        let mut problems = Vec::new();
        let items = items(
            "[x] Reproduce\n- [-] Patch\n* [ ] Test\n\n+ [~] Perf\n  - [!] Flaky\n- [X] Tag",
            "todos",
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
        items("[x] A\nnotes\n[?] B", "todos", &mut problems);
        let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["todos[1]", "todos[2]"]);
        assert!(
            problems[1].message.contains("[-] in_progress"),
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
