//! The words of `policy/failure/quoting.rs`.

use crate::policy::failure::Split;
use crate::policy::guess::quoted;
use crate::policy::text::escape;

/// The most words a message quotes before it counts the rest.
const WORDS_SHOWN: usize = 12;

fn words(words: &[&String]) -> String {
    let shown: Vec<String> = words
        .iter()
        .take(WORDS_SHOWN)
        .map(|word| format!("\"{}\"", escape(word)))
        .collect();
    let more = words.len().saturating_sub(shown.len());
    if more > 0 {
        format!("{} (+{more} more)", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// Whether every text is one word, as a shell splits them.
fn one_word_each(texts: &[String]) -> bool {
    texts
        .iter()
        .all(|text| !text.trim().contains(char::is_whitespace))
}

impl Split {
    /// The split of `create`'s texts, `after` of them typed after `--description`, when it
    /// looks like a sentence left unquoted: three or more one-word texts, or words typed after
    /// a one-word `--description`.
    pub fn of(texts: &[String], description: Option<&str>, after: usize) -> Option<Self> {
        let cut = texts.len().saturating_sub(after);
        let (before, trailing) = texts.split_at(cut);
        let split = |before: &[String], trailing: &[String]| Self {
            before: before.to_vec(),
            description: description.map(ToOwned::to_owned),
            trailing: trailing.to_vec(),
        };
        if description.is_some() && !trailing.is_empty() && one_word_each(trailing) {
            Some(split(before, trailing))
        } else if texts.len() >= 3 && one_word_each(texts) {
            Some(split(texts, &[]))
        } else {
            None
        }
    }

    /// Every item the words made.
    fn made(&self) -> Vec<&String> {
        self.before.iter().chain(&self.trailing).collect()
    }

    /// The command as it was meant: the one-word texts as one, the description whole.
    fn command(&self) -> String {
        let mut command = String::from("todos create");
        let texts: Vec<String> = if self.before.len() > 1 && one_word_each(&self.before) {
            vec![self.before.join(" ")]
        } else {
            self.before.clone()
        };
        if texts.is_empty() {
            command.push_str(" TEXT");
        }
        for text in &texts {
            command.push(' ');
            command.push_str(&quoted(text));
        }
        if let Some(value) = &self.description {
            let whole = std::iter::once(value)
                .chain(&self.trailing)
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" ");
            command.push_str(" --description ");
            command.push_str(&quoted(&whole));
        }
        command
    }

    /// What happened to the words, for the warning and the hint alike.
    fn what(&self) -> String {
        let made = self.made();
        let each_word = format!(
            "each word became its own item ({} items: {})",
            made.len(),
            words(&made)
        );
        match (&self.description, self.trailing.is_empty()) {
            (Some(value), false) if self.before.len() > 1 && one_word_each(&self.before) => {
                format!(
                    "{each_word}, and --description took only \"{}\"",
                    escape(value)
                )
            }
            (Some(value), false) => format!(
                "--description took only \"{}\", and the words after it became items of their \
                 own ({})",
                escape(value),
                words(&self.trailing.iter().collect::<Vec<_>>())
            ),
            _ => each_word,
        }
    }

    /// The warning beside the items made.
    pub fn warning(&self) -> String {
        format!(
            "{}: to keep a text whole, quote it: `{}`; `todos undo` takes these {} items back",
            self.what(),
            escape(&self.command()),
            self.made().len()
        )
    }

    /// The hint beside a refusal of the items (more than the plan may hold).
    pub fn hint(&self) -> String {
        format!(
            "{}: to keep a text whole, quote it: `{}`",
            self.what(),
            escape(&self.command())
        )
    }
}
