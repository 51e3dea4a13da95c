//! git's conflict markers in a store, where git merged it line by line (no merge driver ran):
//! finding them, and taking the file apart into the two sides (and the common ancestor, when
//! git wrote it in the diff3 or zdiff3 style).
//!
//! ```text
//! <<<<<<< HEAD
//!   ours
//! ||||||| base        (diff3 and zdiff3 only)
//!   the common ancestor
//! =======
//!   theirs
//! >>>>>>> branch
//! ```
//! A store is pretty-printed JSON, whose lines never start with `<`, `|`, `=` or `>`: a line
//! that does is a marker, never the plan's text.

use crate::policy::error::Unmergeable;

/// The texts git merged: ours and theirs in full, and the base when every conflict held it.
#[derive(Debug, PartialEq, Eq)]
pub struct Sides {
    pub ours: String,
    pub theirs: String,
    pub base: Option<String>,
}

/// Which marker a line is: a run of at least seven of one character, alone or followed by a
/// space (git's `conflict-marker-size` may make the run longer).
fn marker(line: &str) -> Option<char> {
    let line = line.trim_end_matches(['\n', '\r']);
    let first = line.chars().next()?;
    if !matches!(first, '<' | '|' | '=' | '>') {
        return None;
    }
    let run = line.chars().take_while(|c| *c == first).count();
    let rest = &line[run..];
    (run >= 7 && (rest.is_empty() || rest.starts_with(' ')) && (first != '=' || rest.is_empty()))
        .then_some(first)
}

/// Whether `bytes` hold a conflict of git's: a line that opens one (a store's own lines never
/// start with `<`).
pub fn present(bytes: &[u8]) -> bool {
    bytes.split(|byte| *byte == b'\n').any(|line| {
        line.starts_with(b"<<<<<<<") && marker(&String::from_utf8_lossy(line)) == Some('<')
    })
}

/// Where the reading of a conflicted file is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Common,
    Ours,
    Base,
    Theirs,
}

/// Takes a conflicted file apart; `None` when it holds no marker, an error naming the line
/// when its markers are not in git's order.
pub fn split(text: &str) -> Option<Result<Sides, Unmergeable>> {
    if !present(text.as_bytes()) {
        return None;
    }
    let (mut ours, mut theirs, mut base) = (String::new(), String::new(), String::new());
    let mut part = Part::Common;
    let mut hunks = 0_usize;
    let mut with_base = 0_usize;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let out_of_order = |marker: String| {
            Some(Err(Unmergeable::OutOfOrder {
                line: index + 1,
                marker,
            }))
        };
        match (marker(line), part) {
            (Some('<'), Part::Common) => {
                part = Part::Ours;
                hunks += 1;
            }
            (Some('|'), Part::Ours) => {
                part = Part::Base;
                with_base += 1;
            }
            (Some('='), Part::Ours | Part::Base) => part = Part::Theirs,
            (Some('>'), Part::Theirs) => part = Part::Common,
            (Some(mark), _) => return out_of_order(mark.to_string().repeat(7)),
            (None, Part::Common) => {
                ours.push_str(line);
                theirs.push_str(line);
                base.push_str(line);
            }
            (None, Part::Ours) => ours.push_str(line),
            (None, Part::Base) => base.push_str(line),
            (None, Part::Theirs) => theirs.push_str(line),
        }
    }
    if part != Part::Common {
        return Some(Err(Unmergeable::Unclosed));
    }
    Some(Ok(Sides {
        ours,
        theirs,
        base: (with_base == hunks).then_some(base),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sides_and_the_diff3_base_come_back_whole() {
        let text = "{\n<<<<<<< HEAD\n  \"a\": 1,\n||||||| base\n  \"a\": 0,\n=======\n  \"a\": 2,\n>>>>>>> other\n  \"b\": 3\n}\n";
        let sides = split(text).unwrap().unwrap();
        assert_eq!(sides.ours, "{\n  \"a\": 1,\n  \"b\": 3\n}\n");
        assert_eq!(sides.theirs, "{\n  \"a\": 2,\n  \"b\": 3\n}\n");
        assert_eq!(
            sides.base.as_deref(),
            Some("{\n  \"a\": 0,\n  \"b\": 3\n}\n")
        );
        let plain = "x\n<<<<<<< HEAD\n1\n=======\n2\n>>>>>>> b\ny\n<<<<<<<< HEAD\n3\n========\n4\n>>>>>>>> b\n";
        let sides = split(plain).unwrap().unwrap();
        assert_eq!(
            (sides.ours.as_str(), sides.theirs.as_str()),
            ("x\n1\ny\n3\n", "x\n2\ny\n4\n")
        );
        assert_eq!(sides.base, None);
    }

    #[test]
    fn a_file_without_markers_or_with_broken_ones() {
        assert_eq!(split("{\n  \"todos\": []\n}\n"), None);
        assert!(!present(b"<<<<<<x\n<<<<<<<x\n"));
        assert!(!present(b"  <<<<<<< HEAD\n=======\n>>>>>>> x\n"));
        for broken in [
            "<<<<<<< a\n=======\n=======\n>>>>>>> b\n",
            "<<<<<<< a\n=======\nx\n",
            ">>>>>>> b\n<<<<<<< a\n=======\n",
        ] {
            assert!(split(broken).unwrap().is_err(), "{broken:?}");
        }
    }
}
