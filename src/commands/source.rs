//! Where a command's input comes from: piped stdin, a `--file`, each read with the 1 MiB cap
//! and checked to be UTF-8. A terminal is never read, so a command never waits for typing.

use std::path::Path;

use crate::context::host::{Host, Stdin};
use crate::input::json;
use crate::policy::error::{Error, FileWhy, Hint, Input, Result};

/// Reads piped stdin (at most 1 MiB); a terminal is refused so a command never hangs, and
/// blank input is refused since it says nothing.
pub fn stdin(host: &mut Host, hint: Hint) -> Result<String> {
    if host.stdin_kind() == Stdin::Terminal {
        return Input::StdinTerminal { hint }.into();
    }
    let bytes = json::read_limited(&mut host.stdin, "stdin")?;
    let text = json::utf8(&bytes, "stdin")?;
    if text.trim().is_empty() {
        return Input::StdinEmpty { hint }.into();
    }
    Ok(text.to_owned())
}

/// Reads a file given with `--file` (at most 1 MiB).
pub fn file(path: &Path) -> Result<String> {
    let source = path.display().to_string();
    let unreadable = |why: FileWhy| -> Error {
        Input::FileUnreadable {
            source: source.clone(),
            why,
        }
        .into()
    };
    // Opened without blocking and checked to be a regular file before a byte is read: a FIFO
    // (or a link to one) with no writer would hang the command for ever (SPEC §9).
    // A folder is an input error, as it always was: looked at (`stat` never blocks) only when
    // the open's own check refused what it opened.
    let (file, meta) =
        match crate::store::disk::open_read_meta(path, crate::store::disk::Links::Follow) {
            Ok(Some(opened)) => opened,
            Ok(None) => return Err(unreadable(FileWhy::Missing)),
            Err(_) if std::fs::metadata(path).is_ok_and(|meta| meta.is_dir()) => {
                return Err(unreadable(FileWhy::Folder));
            }
            Err(err) if err.kind == crate::policy::error::Kind::UnsafePath => {
                return Err(err.hinted(Hint::FileOnStdin));
            }
            Err(err) => return Err(unreadable(FileWhy::Other(err.to_string()))),
        };
    // Room for the whole file as its `fstat` said, so it is read in one call (and a second
    // that finds its end), not in doubling steps from 32 bytes.
    let bytes = json::read_limited_sized(file, &source, meta.len())?;
    let text = json::utf8(&bytes, &source)?;
    if text.trim().is_empty() {
        return Input::FileEmpty { source }.into();
    }
    Ok(text.to_owned())
}
