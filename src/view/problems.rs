//! A refusal's problems as a person reads them: one problem that repeats over many items is one
//! line naming every path it applies to (`todos[0-13].content (14 items): is 83-84 characters
//! long, …`), and the whole refusal fits in `REFUSAL_MAX_LINES`. `--json` keeps one `details`
//! entry per path; only text is grouped.

use std::fmt::Write as _;

use crate::policy::error::Problem;

/// The most lines a refusal takes in text, whatever the input (SPEC §3).
pub const REFUSAL_MAX_LINES: usize = crate::policy::cap::Cap::RefusalLines.chars();

/// A problem's path taken apart at its first index: `todos[3].content` →
/// (`todos`, 3, `.content`).
fn split_index(path: &str) -> Option<(&str, usize, &str)> {
    let open = path.find('[')?;
    let close = open + path[open..].find(']')?;
    let index = path[open + 1..close].parse().ok()?;
    Some((&path[..open], index, &path[close + 1..]))
}

/// A message's words and numbers: the numbers may differ between problems of one group.
fn pieces(message: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut digits = None;
    for (at, c) in message.char_indices() {
        let is_digit = c.is_ascii_digit();
        if digits != Some(is_digit) {
            if at > start {
                pieces.push(&message[start..at]);
            }
            start = at;
            digits = Some(is_digit);
        }
    }
    if start < message.len() {
        pieces.push(&message[start..]);
    }
    pieces
}

fn is_number(piece: &str) -> bool {
    piece.bytes().all(|byte| byte.is_ascii_digit())
}

/// The shape two problems share when they say the same thing of different items: the path
/// around its index, and the message with its numbers left out.
fn key(problem: &Problem) -> Option<(&str, &str, Vec<&str>)> {
    let (before, _, after) = split_index(&problem.path)?;
    let words = pieces(&problem.message)
        .into_iter()
        .map(|piece| if is_number(piece) { "#" } else { piece })
        .collect();
    Some((before, after, words))
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

/// One message for a group: each number that differs between its problems as `low-high`.
fn merged_message(messages: &[&str]) -> String {
    let split: Vec<Vec<&str>> = messages.iter().map(|message| pieces(message)).collect();
    let mut out = String::new();
    for (at, piece) in split[0].iter().enumerate() {
        if !is_number(piece) {
            out.push_str(piece);
            continue;
        }
        let numbers: Vec<u128> = split
            .iter()
            .filter_map(|pieces| pieces.get(at)?.parse().ok())
            .collect();
        match (numbers.iter().min(), numbers.iter().max()) {
            (Some(low), Some(high)) if low != high => {
                let _ = write!(out, "{low}-{high}");
            }
            _ => out.push_str(piece),
        }
    }
    out
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
            if group.len() == 1 {
                return format!("{}: {}", first.path, first.message);
            }
            let indices: Vec<usize> = group
                .iter()
                .filter_map(|at| split_index(&problems[*at].path).map(|(_, index, _)| index))
                .collect();
            let (before, _, after) = split_index(&first.path).unwrap_or((&first.path, 0, ""));
            let messages: Vec<&str> = group
                .iter()
                .map(|at| problems[*at].message.as_str())
                .collect();
            format!(
                "{before}[{}]{after} ({} items): {}",
                ranges(&indices),
                group.len(),
                merged_message(&messages)
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

    #[test]
    fn a_problem_of_many_items_is_one_line() {
        let mut problems: Vec<Problem> = (0..14)
            .map(|at| {
                Problem::new(
                    format!("todos[{at}].content"),
                    format!("is {} characters long, the limit is 60", 83 + at % 2),
                )
            })
            .collect();
        problems.push(Problem::new("todos", "holds 14 items, the limit is 10"));
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
            .map(|at| Problem::new(format!("f{at}"), "unknown field"))
            .collect();
        let shown = lines(&problems, 5);
        assert_eq!(shown.len(), 5);
        assert_eq!(shown[0], "f0: unknown field");
        assert_eq!(shown[4], "… and 26 more problems (--json lists every one)");
        assert_eq!(ranges(&[7, 0, 2, 5, 6]), "0,2,5-7");
    }
}
