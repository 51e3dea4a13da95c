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

/// Names in one line of at most about `room` characters: as many as fit, at least one, then
/// `(+3 more)` for the rest.
pub fn fitted<S: AsRef<str>>(names: &[S], room: usize) -> String {
    let mut line = String::new();
    let mut shown = 0;
    for name in names {
        let name = name.as_ref();
        let more = if line.is_empty() { 0 } else { 2 } + name.chars().count();
        if shown > 0 && line.chars().count() + more > room {
            break;
        }
        if !line.is_empty() {
            line.push_str(", ");
        }
        line.push_str(name);
        shown += 1;
    }
    if names.len() > shown {
        format!("{line} (+{} more)", names.len() - shown)
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

/// `a`, `b` and `c`, each in a code span; `—` for none.
pub fn code_list(words: &[&str]) -> String {
    if words.is_empty() {
        return "—".to_owned();
    }
    words
        .iter()
        .map(|word| format!("`{word}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitted_names_as_many_as_fit_and_counts_the_rest() {
        assert_eq!(fitted(&["a", "b"], 10), "a, b");
        assert_eq!(
            fitted(&["aaaa", "bbbb", "cccc"], 10),
            "aaaa, bbbb (+1 more)"
        );
        assert_eq!(fitted(&["a long name", "b"], 3), "a long name (+1 more)");
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
