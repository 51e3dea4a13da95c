//! What a person or a script sees: text with its layout, the checklist, the recap, wrapping to
//! a terminal, the JSON envelope, and the one place that prints.

pub(crate) mod envelope;
pub(crate) mod layout;
pub(crate) mod live_output;
pub(crate) mod outcome;
pub(crate) mod output;
pub(crate) mod problems;
pub mod render;
pub(crate) mod show;
pub(crate) mod words;
pub(crate) mod wrap;
