//! Expectations a reviewer can read: no line of a test is over 300 characters. Output longer
//! than that is written one output line (or one JSON stretch) to a source line, in `concat!`.

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
