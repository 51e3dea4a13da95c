//! Links the release `todos` on x86-64 Linux with glibc with `link/hot-code.ld`, which places
//! the functions a short command runs together in the program's code. A command that
//! runs for a millisecond pays a page fault for each 64 KiB of code it first touches; grouped,
//! those functions are a few such windows instead of nearly all of the program (README,
//! "Performance"). scripts/hot-code.sh writes the list; link/applies.rs says when it applies.
//! Only `todos`: `todos-mcp` is a long-running server.

use std::env;
use std::path::Path;

include!("link/applies.rs");

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link/applies.rs");
    println!("cargo:rerun-if-changed=link/hot-code.ld");
    for var in ["RUSTC_LINKER", "MOLD_PATH", "TODOS_NO_HOT_CODE"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    if !links_hot_code(|name| env::var(name).ok()) {
        return;
    }
    let script =
        Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("link/hot-code.ld");
    // A link argument must be UTF-8; a checkout under another path links as rustc would.
    if let Some(script) = script.to_str() {
        println!("cargo:rustc-link-arg-bin=todos=-T");
        println!("cargo:rustc-link-arg-bin=todos={script}");
    }
}
