//! Integration tests: every test drives the real `todos` binary in a fresh temporary folder,
//! with the environment cleared, HOME and XDG folders inside that folder, and the clock fixed.

mod agents;
mod check;
mod completion_log;
mod completions;
mod concurrency;
mod config;
mod corpus;
mod crash;
mod create;
mod error_style;
mod errors;
mod help;
mod history;
mod hook;
mod hostile;
mod init;
mod lists;
mod man;
mod output;
mod pipes;
mod prompt;
mod retry;
mod safety;
mod schema;
mod shapes;
mod store;
mod support;
mod undo;
mod update;
mod watch;
mod workspace;
mod write;
