//! Links the release `todos` on x86-64 Linux with glibc with `link/hot-code.ld`, which places
//! the functions a short command runs together in the program's code. A command that
//! runs for a millisecond pays a page fault for each 64 KiB of code it first touches; grouped,
//! those functions are a few such windows instead of nearly all of the program (README,
//! "Performance"). scripts/hot-code.sh writes the list.
//!
//! Only there: the script names glibc's archive members and is written for the linkers rustc
//! uses on that target (its own lld, or GNU ld), both of which read it. Only the release
//! profile: the grouping buys nothing in a debug build, and matching its many more sections
//! against the patterns would slow every test build's link by seconds. Only `todos`:
//! `todos-mcp` is a long-running server.

use std::env;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link/hot-code.ld");
    let var = |name: &str| env::var(name).unwrap_or_default();
    let static_glibc_x86_64 = var("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && var("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|feature| feature == "crt-static");
    if !static_glibc_x86_64 || var("PROFILE") != "release" {
        return;
    }
    let script = Path::new(&var("CARGO_MANIFEST_DIR")).join("link/hot-code.ld");
    // A link argument must be UTF-8; a checkout under another path links as rustc would.
    if let Some(script) = script.to_str() {
        println!("cargo:rustc-link-arg-bin=todos=-T");
        println!("cargo:rustc-link-arg-bin=todos={script}");
    }
}
