//! What an agent reads and runs: its hooks, the prompt and schemas it is given, and what a
//! shell's <TAB> offers.

pub(crate) mod candidates;
pub(crate) mod described;
pub(crate) mod guide;
pub(crate) mod hooks;
pub(crate) mod schema;
