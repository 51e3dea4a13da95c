//! Words a shell split that were meant as one text: `todos create Fix the flaky test` makes
//! four items, and `--description Because it fails on CI` takes only "Because" while the other
//! words become items. Said as a warning when the items were made, and as a hint beside a
//! refusal (11 words are over the item limit), each with the command quoted as it was meant.

/// How the words of `todos create` were split, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The items' texts typed before `--description` (all of them when it took no words).
    pub before: Vec<String>,
    /// `--description`'s value, when given.
    pub description: Option<String>,
    /// The item texts typed after `--description`'s value: the rest of the description.
    pub trailing: Vec<String>,
}
