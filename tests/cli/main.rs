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
mod history;
mod hostile;
mod lists;
mod man;
mod newcomer;
mod output;
mod pipes;
mod readme;
mod review;
mod safety;
mod shapes;
mod store;
mod terminal;
mod undo;
mod update;
mod write;

mod check;
mod hook;
mod init;
mod prompt;
mod schema;
mod watch;
