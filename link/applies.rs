// Whether the link of `todos` takes `link/hot-code.ld`, from the variables cargo gives a build
// script (`var` looks one up). `build.rs` includes this file, and `tests/cli/static_build.rs`
// holds it to every case below, so the rule is in one place.
//
// Only a release build (the grouping buys nothing in a debug build, and matching its many more
// sections against the patterns would slow every test build's link by seconds) on x86-64 Linux
// with glibc linked statically, the one target the script is written for: it names glibc's
// archive members, and the linkers rustc uses there (its own lld, or GNU ld) both read it. Not
// when the user chose the linker (`target.<triple>.linker`, a `-fuse-ld=` or `linker` flag,
// `mold -run`): mold, for one, refuses a linker script with SECTIONS, and the build must work
// whatever links it; the grouping only makes it faster.
fn links_hot_code(var: impl Fn(&str) -> Option<String>) -> bool {
    let is = |name: &str, value: &str| var(name).is_some_and(|found| found == value);
    let static_glibc_x86_64 = is("CARGO_CFG_TARGET_ARCH", "x86_64")
        && is("CARGO_CFG_TARGET_OS", "linux")
        && is("CARGO_CFG_TARGET_ENV", "gnu")
        && var("CARGO_CFG_TARGET_FEATURE")
            .is_some_and(|features| features.split(',').any(|feature| feature == "crt-static"));
    let flags = var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let chosen_linker = var("RUSTC_LINKER").is_some()
        || flags
            .split('\u{1f}')
            .any(|flag| flag.contains("fuse-ld") || flag.contains("linker"))
        || var("MOLD_PATH").is_some()
        || var("LD_PRELOAD").is_some_and(|preload| preload.contains("mold"));
    static_glibc_x86_64 && is("PROFILE", "release") && !chosen_linker
}
