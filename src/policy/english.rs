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
    fn lists_and_counts_read_as_english() {
        assert_eq!(count(1, "item"), "1 item");
        assert_eq!(count(2, "item"), "2 items");
        assert_eq!(or_list(&["a"]), "a");
        assert_eq!(or_list(&["a", "b", "c"]), "a, b or c");
        assert_eq!(or_list::<&str>(&[]), "");
        assert_eq!(capitalized("completed"), "Completed");
    }
}
