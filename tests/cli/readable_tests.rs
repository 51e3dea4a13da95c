//! Expectations a reviewer can read: no line of a test is over 300 characters. Output longer
//! than that is written one output line (or one JSON stretch) to a source line, in `concat!`.
//! And a message line many tests expect is named once, in support.rs.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The longest line a test file may hold, in characters.
const MAX_LINE: usize = 300;

#[test]
fn no_test_line_is_over_300_characters() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli");
    let mut long = Vec::new();
    let mut read = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        read += 1;
        let text = fs::read_to_string(&path).unwrap();
        for (number, line) in text.lines().enumerate() {
            let length = line.chars().count();
            if length > MAX_LINE {
                let name = path.file_name().unwrap().to_string_lossy();
                long.push(format!("{name}:{}: {length} characters", number + 1));
            }
        }
    }
    assert!(read > 50, "the test files were found in {}", dir.display());
    assert!(
        long.is_empty(),
        "test lines over {MAX_LINE} characters (write one output line to a source line):\n{}",
        long.join("\n")
    );
}

/// In how many test files a message line may be written out before it is named in support.rs.
const MAX_FILES: usize = 2;

/// The message lines a source line writes out whole as a literal: `"hint: …\n"` (and error,
/// warning, note), up to the literal's closing quote, in the order written. A format string
/// (`{`) is not one.
fn message_lines(line: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for kind in ["\"hint: ", "\"error: ", "\"warning: ", "\"note: "] {
        for (start, _) in line.match_indices(kind) {
            let rest = &line[start + 1..];
            let mut escaped = false;
            let end = rest.char_indices().find_map(|(at, c)| {
                let closes = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                closes.then_some(at)
            });
            if let Some(end) = end {
                let text = &rest[..end];
                if text.ends_with("\\n") && !text.contains('{') {
                    found.push((start, text));
                }
            }
        }
    }
    found.sort_unstable();
    found.into_iter().map(|(_, text)| text).collect()
}

#[test]
fn a_message_line_many_tests_expect_is_named_once() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli");
    let mut files: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.extension().is_none_or(|ext| ext != "rs") || name == "support.rs" {
            continue;
        }
        for line in fs::read_to_string(&path).unwrap().lines() {
            for text in message_lines(line) {
                files
                    .entry(text.to_owned())
                    .or_default()
                    .insert(name.clone());
            }
        }
    }
    assert!(
        files.keys().any(|text| text.starts_with("hint: ")),
        "message lines were found in {}",
        dir.display()
    );
    let repeated: Vec<String> = files
        .iter()
        .filter(|(_, names)| names.len() > MAX_FILES)
        .map(|(text, names)| {
            format!(
                "{text} ({})",
                names.iter().cloned().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    assert!(
        repeated.is_empty(),
        "message lines written out in more than {MAX_FILES} test files (name each once in \
         support.rs, as ids_hint! or restored! are):\n{}",
        repeated.join("\n")
    );
}

#[test]
fn message_lines_are_found_whole_and_format_strings_passed_over() {
    assert_eq!(
        message_lines(r#"    "error: id: no item has id \"9\"\n", "hint: try again\n","#),
        [
            "error: id: no item has id \\\"9\\\"\\n",
            "hint: try again\\n"
        ]
    );
    assert!(message_lines(r#"format!("error: {what}\n")"#).is_empty());
    assert!(message_lines(r#""hint: the first half of a line, \"#).is_empty());
}
