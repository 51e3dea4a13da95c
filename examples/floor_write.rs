//! The floor a change of `todos` is measured against in `benches/cli.sh`: what any program
//! must do to replace a file safely, and nothing more. It takes the lock (`flock` on
//! `TARGET.lock`, as `todos` does), reads SOURCE, writes its bytes to a new temporary file beside
//! TARGET, syncs it, renames it over TARGET and syncs the folder.
//!
//! ```sh
//! cargo build --release --example floor_write
//! floor_write SOURCE TARGET
//! ```
//!
//! It is built by the same cargo configuration as `todos` (a static-pie executable on x86-64
//! Linux), so the ratio between the two is what `todos` adds: parsing, checking, the history line
//! and the reply, not how the process starts.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    let [source, target] = args.as_slice() else {
        eprintln!("usage: floor_write SOURCE TARGET");
        return ExitCode::from(2);
    };
    match replace(Path::new(source), Path::new(target)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("floor_write: {err}");
            ExitCode::FAILURE
        }
    }
}

fn replace(source: &Path, target: &Path) -> io::Result<()> {
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::other("TARGET has no file name"))?
        .to_string_lossy();
    let folder = match target.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let lock = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(folder.join(format!("{name}.lock")))?;
    lock.lock()?;
    let bytes = fs::read(source)?;
    let temporary = folder.join(format!(".{name}.{}.floor-tmp", std::process::id()));
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)?;
    file.write_all(&bytes)?;
    file.sync_all()?;
    fs::rename(&temporary, target)?;
    File::open(folder)?.sync_all()
}
