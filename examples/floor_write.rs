//! The floor a change of `todos` is measured against in `benches/cli.sh`: what any program
//! must do to replace a file safely, and nothing more. It takes the lock (`flock` on LOCK, which
//! `benches/cli.sh` names as the file `todos` locks, `.todos/default.json.lock`), reads SOURCE,
//! writes its bytes to a new temporary file beside TARGET, syncs it, renames it over TARGET and
//! syncs the folder.
//!
//! ```sh
//! cargo build --release --example floor_write
//! floor_write SOURCE TARGET LOCK
//! ```
//!
//! It is built by cargo's standard release build, as `todos` is, so the ratio between the two is
//! what `todos` adds: its start, parsing, checking, the history line and the reply.
//!
//! The lock is the one `todos` takes, not a file of the floor's own: a `.todos.json.lock` beside
//! the store is the lock of the layout before `.todos/`, which `todos` holds too while it is
//! there and then removes (`src/store/lock.rs`), so a floor that left one before each change of
//! `todos` made each of those changes do that work as well.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    let [source, target, lock] = args.as_slice() else {
        eprintln!("usage: floor_write SOURCE TARGET LOCK");
        return ExitCode::from(2);
    };
    match replace(Path::new(source), Path::new(target), Path::new(lock)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("floor_write: {err}");
            ExitCode::FAILURE
        }
    }
}

fn replace(source: &Path, target: &Path, lock: &Path) -> io::Result<()> {
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
        .open(lock)?;
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
