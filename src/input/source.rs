//! Where input comes from: piped stdin, a `--file`, each read with the 1 MiB cap and checked to
//! be UTF-8. A terminal is never read, so a command never waits for typing.

use std::path::Path;

use crate::error::{Error, Result};
use crate::host::{Host, Stdin};
use crate::json;

/// Reads piped stdin (at most 1 MiB); a terminal is refused so a command never hangs, and
/// blank input is refused since it says nothing.
pub fn stdin(host: &mut Host, hint: &str) -> Result<String> {
    if host.stdin_kind == Stdin::Terminal {
        return Err(Error::usage("no input: stdin is a terminal").with_hint(hint.to_owned()));
    }
    let bytes = json::read_limited(&mut host.stdin, "stdin")?;
    let text = json::utf8(&bytes, "stdin")?;
    if text.trim().is_empty() {
        return Err(Error::invalid("stdin is empty").with_hint(hint.to_owned()));
    }
    Ok(text.to_owned())
}

/// Reads a file given with `--file` (at most 1 MiB).
pub fn file(path: &Path) -> Result<String> {
    let source = path.display().to_string();
    let unreadable = |err: &dyn std::fmt::Display| {
        Error::invalid(format!("cannot read {source}: {err}")).with_hint("check the --file path")
    };
    let file = std::fs::File::open(path).map_err(|err| unreadable(&err))?;
    if file.metadata().is_ok_and(|meta| meta.is_dir()) {
        return Err(unreadable(&"it is a folder"));
    }
    let bytes = json::read_limited(file, &source)?;
    let text = json::utf8(&bytes, &source)?;
    if text.trim().is_empty() {
        return Err(Error::invalid(format!("{source} is empty")));
    }
    Ok(text.to_owned())
}
