//! The latest revisions alone, for a view that shows only those at every change of every
//! list (the board): the end of the file read back as a change reads it (`tail`), and only the
//! lines shown read whole, each judged as `history` judges a line.

use std::path::Path;

use super::{History, ceiling, judged, tail};
use crate::policy::error::{Result, Warning};

/// The latest `count` revisions of a list whose store is at `store_revision`. The last lines
/// a change could believe for their revision (in range, in the longest rising run) are found
/// from the file's end, whatever its size; the latest of them are read whole and judged as
/// `read` judges them: one that breaks the rules is passed over with a warning.
pub fn latest(path: &Path, count: usize, store_revision: u64) -> Result<History> {
    let ceiling = ceiling(store_revision);
    let tail = tail::believable(path, tail::lines_for(count), ceiling)?;
    let mut entries = Vec::with_capacity(count);
    let mut warnings = Vec::new();
    for line in tail.lines.iter().rev() {
        if entries.len() == count {
            break;
        }
        let text = tail.text_of(std::slice::from_ref(line))?;
        let text = String::from_utf8_lossy(&text);
        match judged(text.trim_end(), store_revision, ceiling) {
            Ok(entry) => entries.push(entry),
            Err(why) => warnings.push(Warning::RevisionSkipped {
                path: path.to_path_buf(),
                revision: line.revision,
                why,
            }),
        }
    }
    entries.reverse();
    Ok(History {
        entries,
        warnings,
        chain: super::Chain::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latest_reads_only_the_last_believed_lines_and_checks_each() {
        let entry = |revision: u64, content: &str| {
            format!(
                "{{\"revision\":{revision},\"at\":\"\",\"command\":\"c\",\"todos\":\
                 [{{\"id\":\"1\",\"content\":\"{content}\",\"status\":\"pending\"}}],\
                 \"next_id\":2}}\n"
            )
        };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".todos.history.jsonl");
        // A far-ahead line and one out of order, planted; a line whose plan breaks the rules.
        let text = [
            entry(1, "a"),
            entry(2, "b"),
            entry(999_999_999, "planted ahead"),
            entry(3, "c"),
            entry(1, "planted behind"),
            entry(4, "bad\\u0007"),
            entry(5, "e"),
        ]
        .concat();
        std::fs::write(&path, text).unwrap();
        let history = latest(&path, 3, 5).unwrap();
        let kept: Vec<(u64, &str)> = (history.entries.iter())
            .map(|entry| (entry.revision, entry.todos[0].content.as_str()))
            .collect();
        assert_eq!(kept, [(2, "b"), (3, "c"), (5, "e")]);
        assert_eq!(history.warnings.len(), 1, "{:?}", history.warnings);
        assert!(
            history.warnings[0].to_string().contains(
                "the line of revision 4 was passed over: the plan of revision 4 breaks the rules"
            ),
            "{:?}",
            history.warnings
        );
        assert!(
            latest(&dir.path().join("none"), 3, 0)
                .unwrap()
                .entries
                .is_empty()
        );
    }
}
