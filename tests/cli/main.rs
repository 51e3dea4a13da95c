//! Integration tests: every test drives the real `todos` binary in a fresh temporary folder,
//! with the environment cleared, HOME and XDG folders inside that folder, and the clock fixed.

mod support;

mod completions;
mod corpus;
mod create;
mod error_style;
mod errors;
mod help;
mod man;
mod output;
mod shapes;
mod store;
mod update;
mod write;
