//! Integration tests, one file per behaviour. Each runs `todos` in a fresh temporary folder,
//! with the environment cleared, HOME and XDG folders inside that folder, and the clock fixed:
//! through the real binary, or, where thousands of cases run (the corpus), through the library
//! in process (`support::Run`).

// A test or a benchmark that cannot set up panics, as a failed test should: the crate-wide
// denial of unwrap/expect (Cargo.toml) is for the program.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod agents;
mod board;
#[cfg(feature = "board")]
mod board_actions;
#[cfg(feature = "board")]
mod board_bounds;
#[cfg(feature = "board")]
mod board_browser;
#[cfg(feature = "board")]
mod board_server;
mod check;
mod claims;
mod clean_workspace;
mod completion_log;
mod completions;
mod concurrency;
mod config;
mod corpus;
mod counters_and_clocks;
mod crash;
mod create;
mod dependencies;
mod error_style;
mod errors;
mod everyday;
mod filesystems;
mod follow;
mod guesses;
mod help;
mod history;
mod history_cap;
mod hook;
mod hook_exits;
mod hook_limits;
mod hook_news;
mod hostile;
mod init;
mod init_own_server;
mod init_trust;
mod init_user_folders;
mod layers;
mod lease_marks;
mod leftovers;
mod links;
mod lists;
mod man;
#[cfg(feature = "mcp")]
mod mcp;
mod merge;
mod messages;
mod output;
mod owners;
mod permissions;
mod pipes;
mod planted_history;
mod prompt;
mod readable_tests;
mod readme;
mod reference;
mod refusals;
mod remote;
mod resets;
mod retry;
mod schema;
mod shapes;
mod store;
mod support;
mod terminal;
mod tracker;
mod typed_messages;
mod undo;
mod undo_owners;
mod untrusted_history;
mod update;
mod update_stdin;
mod watch;
mod words;
mod workspace;
mod worktree_pointers;
mod worktrees;
mod write;
