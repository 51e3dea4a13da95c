//! Every rule of `todos` a user or an agent reads about, as typed data in one place: statuses,
//! limits, configuration keys and environment variables, the owner and list-name rules, and the
//! kinds of failure with their exit codes, the MCP server's tools, and each agent's hook protocol.
//!
//! Nothing here writes a sentence: `sentences.rs` renders every sentence from these rows, and a
//! consistency test (`sentences::consistency`) walks every row of every table through every
//! surface (help, man page, schema, prompt, hook and check messages, refusals). Adding a status,
//! a limit, a variable or a kind of failure is one row here.
//!
//! This is the bottom layer: it uses nothing of the crate but `suggest` (did you mean).

pub(crate) mod english;
pub(crate) mod error;
pub(crate) mod failure;
pub(crate) mod guess;
pub mod sentences;
pub(crate) mod suggest;
pub(crate) mod text;

pub mod agent;
pub mod board;
pub mod cap;
pub mod exit;
pub mod limit;
pub mod mcp;
pub mod name;
pub mod settings;
pub mod status;
pub mod via;

#[cfg(test)]
mod consistency;
