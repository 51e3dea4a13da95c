//! A refusal's problems as a person reads them: one problem that repeats over many items is one
//! line naming every path it applies to (`todos[0-13].content (14 items): is 83-84 characters
//! long, …`), and the whole refusal fits in `REFUSAL_MAX_LINES`. `--json` keeps one `details`
//! entry per path; only text is grouped.

use crate::policy::error::{Problem, Said, Step, Wrong};
use crate::view::words::{self, Steps};

/// The most lines a refusal takes in text, whatever the input (SPEC §3).
pub const REFUSAL_MAX_LINES: usize = crate::policy::cap::Cap::RefusalLines.chars();

/// The shape two problems share when they say the same thing of different items: the path
/// around its first index, and what is said there, with a text's length left out (the one
/// number that differs from item to item: `todos[0-13].content (14 items): is 83-84 characters
/// long`). Problems of one shape differ only in their index and that length.
fn key(problem: &Problem) -> Option<(&[Step], &[Step], Said)> {
    let (before, _, after) = problem.path.first_index()?;
    let shape = match &problem.message {
        Said::Wrong(Wrong::TooLong { max, fit, .. }) => Said::Wrong(Wrong::TooLong {
            chars: 0,
            max: *max,
            fit: *fit,
        }),
        other => other.clone(),
    };
    Some((before, after, shape))
}

/// `0-13`, `0,2,5-7`: sorted indices as ranges.
fn ranges(indices: &[usize]) -> String {
    let mut sorted = indices.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts: Vec<String> = Vec::new();
    let mut at = 0;
    while at < sorted.len() {
        let mut end = at;
        while end + 1 < sorted.len() && sorted[end + 1] == sorted[end] + 1 {
            end += 1;
        }
        parts.push(if end == at {
            sorted[at].to_string()
        } else {
            format!("{}-{}", sorted[at], sorted[end])
        });
        at = end + 1;
    }
    parts.join(",")
}

/// One message for a group: a length that differs between its problems as `low-high`.
fn merged_message(group: &[&Problem]) -> String {
    let lengths = group.iter().filter_map(|problem| match &problem.message {
        Said::Wrong(Wrong::TooLong { chars, .. }) => Some(*chars),
        _ => None,
    });
    let (low, high) = (lengths.clone().min(), lengths.max());
    match (&group[0].message, low, high) {
        (Said::Wrong(Wrong::TooLong { max, fit, .. }), Some(low), Some(high)) if low != high => {
            words::too_long(&format!("{low}-{high}"), *max, *fit)
        }
        (first, ..) => first.to_string(),
    }
}

/// The problems as `path: message` lines (not escaped: the caller escapes), those that say the
/// same of many items grouped, in the order each first appears, at most `room` lines: the rest
/// counted in a last line.
pub fn lines(problems: &[Problem], room: usize) -> Vec<String> {
    // Each group: the problems' places in `problems`, in order.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let keys: Vec<_> = problems.iter().map(key).collect();
    for (at, problem_key) in keys.iter().enumerate() {
        let joined = problem_key.as_ref().and_then(|problem_key| {
            groups
                .iter_mut()
                .find(|group| keys[group[0]].as_ref() == Some(problem_key))
        });
        match joined {
            Some(group) => group.push(at),
            None => groups.push(vec![at]),
        }
    }
    let mut lines: Vec<String> = groups
        .iter()
        .map(|group| {
            let first = &problems[group[0]];
            let Some((before, _, after)) = first.path.first_index().filter(|_| group.len() > 1)
            else {
                return first.to_string();
            };
            let members: Vec<&Problem> = group.iter().map(|at| &problems[*at]).collect();
            let indices: Vec<usize> = members
                .iter()
                .filter_map(|problem| problem.path.first_index().map(|(_, index, _)| index))
                .collect();
            format!(
                "{}[{}]{} ({} items): {}",
                Steps(before, true),
                ranges(&indices),
                Steps(after, false),
                group.len(),
                merged_message(&members)
            )
        })
        .collect();
    let room = room.max(1);
    if lines.len() > room {
        let left = lines.len() - (room - 1);
        lines.truncate(room - 1);
        let noun = if left == 1 { "problem" } else { "problems" };
        lines.push(format!("… and {left} more {noun} (--json lists every one)"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::error::Path;

    #[test]
    fn a_problem_of_many_items_is_one_line() {
        let mut problems: Vec<Problem> = (0..14)
            .map(|at| {
                Problem::new(
                    Path::field("todos").index(at).key("content"),
                    Wrong::TooLong {
                        chars: 83 + at % 2,
                        max: 60,
                        fit: None,
                    },
                )
            })
            .collect();
        problems.push(Problem::new(
            Path::field("todos"),
            "holds 14 items, the limit is 10",
        ));
        assert_eq!(
            lines(&problems, 20),
            [
                "todos[0-13].content (14 items): is 83-84 characters long, the limit is 60",
                "todos: holds 14 items, the limit is 10"
            ]
        );
    }

    #[test]
    fn different_problems_stay_apart_and_the_rest_is_counted() {
        let problems: Vec<Problem> = (0..30)
            .map(|at| Problem::new(Path::field(&format!("f{at}")), "unknown field"))
            .collect();
        let shown = lines(&problems, 5);
        assert_eq!(shown.len(), 5);
        assert_eq!(shown[0], "f0: unknown field");
        assert_eq!(shown[4], "… and 26 more problems (--json lists every one)");
        assert_eq!(ranges(&[7, 0, 2, 5, 6]), "0,2,5-7");
    }
}
