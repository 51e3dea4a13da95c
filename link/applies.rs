// Whether the link of `todos` takes `link/hot-code.ld`, from the variables cargo gives a build
// script (`var` looks one up). `build.rs` includes this file, and `tests/cli/static_build.rs`
// holds it to every case below, so the rule is in one place.
//
// Only a release build (the grouping buys nothing in a debug build, and matching its many more
// sections against the patterns would slow every test build's link by seconds) on x86-64 Linux
// with glibc linked statically, the one target the script is written for: it names glibc's
// archive members, and the linkers rustc uses there (its own lld, or GNU ld) both read it. Not
// when the user chose the linker (`target.<triple>.linker`, a flag naming a linker or where to
// find one, `mold -run`): mold and gold refuse the script, and the build must work whatever
// links it; the grouping only makes it faster. `TODOS_NO_HOT_CODE` (any value) leaves it out
// where none of that shows: flags given to `cargo rustc` after `--` never reach a build script.
fn links_hot_code(var: impl Fn(&str) -> Option<String>) -> bool {
    let is = |name: &str, value: &str| var(name).is_some_and(|found| found == value);
    let static_glibc_x86_64 = is("CARGO_CFG_TARGET_ARCH", "x86_64")
        && is("CARGO_CFG_TARGET_OS", "linux")
        && is("CARGO_CFG_TARGET_ENV", "gnu")
        && var("CARGO_CFG_TARGET_FEATURE")
            .is_some_and(|features| features.split(',').any(|feature| feature == "crt-static"));
    let flags = var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let names_a_linker = |flag: &str| {
        ["fuse-ld", "linker", "ld-path", "mold", "gold"]
            .iter()
            .any(|word| flag.contains(word))
            || flag.contains("link-arg=-B")
            || flag.starts_with("-B")
    };
    let chosen_linker = var("RUSTC_LINKER").is_some()
        || flags.split('\u{1f}').any(names_a_linker)
        || var("MOLD_PATH").is_some();
    static_glibc_x86_64
        && is("PROFILE", "release")
        && !chosen_linker
        && var("TODOS_NO_HOT_CODE").is_none()
}
