//! The few rules of English every sentence needs: a number with its noun, a list of names in
//! prose, a capital letter. It uses no other module.

/// `1 item` / `2 items`: a number with its noun in the right number.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Names in prose: `a`, `a or b`, `a, b or c`.
pub fn or_list<S: AsRef<str>>(names: &[S]) -> String {
    joined(names, "or")
}

fn joined<S: AsRef<str>>(names: &[S], word: &str) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {word} {}", rest.join(", "), last.as_ref())
        }
        Some((last, _)) => last.as_ref().to_owned(),
        None => String::new(),
    }
}

/// The most names one line of prose lists before it counts the rest (`(+3 more)`): a warning
/// about sixty items stays one readable line.
pub const NAMED_IN_ONE_LINE: usize = 5;

/// Names in one line: `a, b, c (+3 more)`, at most `NAMED_IN_ONE_LINE` of them.
pub fn some_named<S: AsRef<str>>(names: &[S]) -> String {
    let shown: Vec<&str> = names
        .iter()
        .take(NAMED_IN_ONE_LINE)
        .map(AsRef::as_ref)
        .collect();
    let line = shown.join(", ");
    if names.len() > shown.len() {
        format!("{line} (+{} more)", names.len() - shown.len())
    } else {
        line
    }
}

/// The text with its first letter in upper case.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn some_named_counts_what_it_leaves_out() {
        assert_eq!(some_named(&["a", "b"]), "a, b");
        let many: Vec<String> = (1..=8).map(|n| n.to_string()).collect();
        assert_eq!(some_named(&many), "1, 2, 3, 4, 5 (+3 more)");
    }

    #[test]
    fn lists_and_counts_read_as_english() {
        assert_eq!(count(1, "item"), "1 item");
        assert_eq!(count(2, "item"), "2 items");
        assert_eq!(or_list(&["a"]), "a");
        assert_eq!(or_list(&["a", "b", "c"]), "a, b or c");
        assert_eq!(or_list::<&str>(&[]), "");
        assert_eq!(capitalized("completed"), "Completed");
    }
}
