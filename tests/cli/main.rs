//! Integration tests: every test drives the real `todos` binary in a fresh temporary folder,
//! with the environment cleared, HOME and XDG folders inside that folder, and the clock fixed.

mod support;

mod completions;
mod concurrency;
mod corpus;
mod crash;
mod create;
mod error_style;
mod errors;
mod help;
mod hostile;
mod man;
#[cfg(feature = "mcp")]
mod mcp;
mod output;
mod pipes;
mod review;
mod shapes;
mod store;
mod undo;
mod update;
mod write;

mod check;
mod init;
mod prompt;
mod schema;
mod watch;
