//! The rules for names a user gives: an owner's name and a list's name. Each is one row: the
//! check, the sentence that states it, and the JSON Schema pattern are all derived from it, so
//! the three cannot disagree (a test replays names through the check and the pattern).

/// Which characters a name may hold, and how long it may be.
#[derive(Debug)]
pub struct NameRule {
    /// What the name is, in a message: `an owner name`.
    pub what: &'static str,
    pub max_chars: usize,
    /// Whether upper-case ASCII letters are allowed (lower-case ones and digits always are).
    pub upper_case: bool,
    /// The punctuation allowed besides letters and digits.
    pub punctuation: &'static str,
    /// A character the name may not start with.
    pub not_first: Option<char>,
    /// Names that follow the rule, for a message.
    pub examples: &'static [&'static str],
}

/// An owner name is shown after `@` in one-line views and matched by `next --owner`, so it is
/// one plain word.
pub const OWNER: NameRule = NameRule {
    what: "an owner name",
    max_chars: 64,
    upper_case: true,
    punctuation: "._-@",
    not_first: None,
    examples: &["api-agent", "w1", "ana@example.com"],
};

/// A list's name is a file name in `.todos/`: never a hidden file, `..`, or a path.
pub const LIST_NAME: NameRule = NameRule {
    what: "a list name",
    max_chars: 64,
    upper_case: false,
    punctuation: "._-",
    not_first: Some('.'),
    examples: &["api-agent"],
};

/// Why a name breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Broken {
    Empty,
    TooLong(usize),
    StartsWith(char),
    Holds(char),
}

impl NameRule {
    /// Whether `c` may stand in a name (anywhere but first, for `not_first`).
    pub fn allows(&self, c: char) -> bool {
        c.is_ascii_lowercase()
            || c.is_ascii_digit()
            || (self.upper_case && c.is_ascii_uppercase())
            || self.punctuation.contains(c)
    }

    /// How `name` breaks the rule, if it does.
    pub fn broken(&self, name: &str) -> Option<Broken> {
        let length = name.chars().count();
        if name.is_empty() {
            Some(Broken::Empty)
        } else if length > self.max_chars {
            Some(Broken::TooLong(length))
        } else if let Some(first) = self.not_first.filter(|&c| name.starts_with(c)) {
            Some(Broken::StartsWith(first))
        } else {
            name.chars().find(|&c| !self.allows(c)).map(Broken::Holds)
        }
    }

    /// The rule as a JSON Schema (ECMA 262) pattern.
    pub fn pattern(&self) -> String {
        let mut class = String::from(if self.upper_case {
            "A-Za-z0-9"
        } else {
            "a-z0-9"
        });
        // `-` last, where it stands for itself; the rest escaped where a class needs it.
        let mut dash = false;
        for c in self.punctuation.chars() {
            match c {
                '-' => dash = true,
                '\\' | ']' | '^' => {
                    class.push('\\');
                    class.push(c);
                }
                c => class.push(c),
            }
        }
        if dash {
            class.push('-');
        }
        match self.not_first {
            None => format!("^[{class}]{{1,{}}}$", self.max_chars),
            Some(first) => {
                let escaped = if first == '-' {
                    "\\-".to_owned()
                } else {
                    first.to_string()
                };
                let first_class: String = class.replace(&escaped, "");
                format!("^[{first_class}][{class}]{{0,{}}}$", self.max_chars - 1)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_say_what_they_allow() {
        assert!(OWNER.broken("ana@example.com").is_none());
        assert_eq!(OWNER.broken("a b"), Some(Broken::Holds(' ')));
        assert_eq!(LIST_NAME.broken(".x"), Some(Broken::StartsWith('.')));
        assert_eq!(LIST_NAME.broken("Api"), Some(Broken::Holds('A')));
        assert_eq!(LIST_NAME.broken(&"x".repeat(65)), Some(Broken::TooLong(65)));
        assert_eq!(OWNER.pattern(), "^[A-Za-z0-9._@-]{1,64}$");
        assert_eq!(LIST_NAME.pattern(), "^[a-z0-9_-][a-z0-9._-]{0,63}$");
    }
}
