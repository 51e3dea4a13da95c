//! Opening the board in the user's browser: `$BROWSER` when set, else the desktop's own opener
//! (`xdg-open`, macOS's `open`), and only on a desktop. The URL is one argument of a program
//! run directly, never a line given to a shell, and it holds no secret: it is the hand-over
//! file's, a page only the user can read that posts the token to the board (as Jupyter does).
//! A command line is readable by every local user (`/proc/PID/cmdline`); the file is not.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::context::host::Host;
use crate::policy::board::{HAND_OVER_FILE, HAND_OVER_FOLDER};
use crate::policy::error::Warning;

/// The hand-over file, in a folder made for it alone; both are removed when it is dropped.
pub struct HandOver {
    folder: PathBuf,
    file: PathBuf,
}

impl HandOver {
    /// Writes the hand-over file for the board on `port`: a new folder (0700) in the user's
    /// runtime folder (`$XDG_RUNTIME_DIR`), else in the temporary folder, and in it a new file
    /// (0600). Neither is ever opened through an existing file or link.
    pub fn create(host: &Host, port: u16, token: &str) -> std::io::Result<Self> {
        let base = host
            .var("XDG_RUNTIME_DIR")
            .map(PathBuf::from)
            .filter(|dir| dir.is_absolute() && private_folder(dir))
            .or_else(|| host.var("TMPDIR").map(PathBuf::from))
            .filter(|dir| dir.is_absolute())
            .unwrap_or_else(std::env::temp_dir);
        let mut name = String::from(HAND_OVER_FOLDER);
        let mut random = [0_u8; 8];
        getrandom::fill(&mut random).map_err(|err| std::io::Error::other(err.to_string()))?;
        for byte in random {
            let _ = write!(name, "{byte:02x}");
        }
        let folder = base.join(name);
        let mut builder = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        // Made new: an existing folder or link of that name is an error, never used.
        builder.create(&folder)?;
        let handed = Self {
            file: folder.join(HAND_OVER_FILE),
            folder,
        };
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&handed.file)?;
        file.write_all(super::assets::hand_over(port, token).as_bytes())?;
        Ok(handed)
    }

    /// The file's address for the browser: `file://` and its path, every byte but letters,
    /// digits, `/`, `-`, `.`, `_` and `~` percent-encoded.
    pub fn url(&self) -> String {
        let mut url = String::from("file://");
        for byte in self.file.as_os_str().as_encoded_bytes() {
            if byte.is_ascii_alphanumeric() || b"/-._~".contains(byte) {
                url.push(char::from(*byte));
            } else {
                let _ = write!(url, "%{byte:02X}");
            }
        }
        url
    }
}

impl Drop for HandOver {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.file);
        let _ = std::fs::remove_dir(&self.folder);
    }
}

/// A real folder of this user's that no one else may open (no bit for the group or others):
/// the runtime folder as it should be.
fn private_folder(dir: &Path) -> bool {
    let Ok(meta) = std::fs::symlink_metadata(dir) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.is_dir()
            && meta.uid() == rustix::process::geteuid().as_raw()
            && meta.mode().trailing_zeros() >= 6
    }
    #[cfg(not(unix))]
    {
        meta.is_dir()
    }
}

/// Starts the browser on `url`; `Ok(false)` when there is no desktop to open it on.
pub fn browser(url: &str, host: &Host) -> Result<bool, Warning> {
    let Some(mut command) = opener(url, host) else {
        return Ok(false);
    };
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|err| Warning::NoBrowser {
            program: command.get_program().to_string_lossy().into_owned(),
            why: err.to_string(),
        })?;
    // Reaped when it ends, so no zombie is left behind while the board runs.
    std::thread::spawn(move || child.wait());
    Ok(true)
}

/// The command that opens `url`, if this is a desktop.
fn opener(url: &str, host: &Host) -> Option<Command> {
    // `$BROWSER` is a list of commands separated by `:` (the first is used); `%s` in one
    // stands for the URL, which is added at the end otherwise. Words are split on blanks,
    // with no quoting: no shell reads it.
    if let Some(browser) = host.var("BROWSER").filter(|value| !value.trim().is_empty()) {
        let first = browser
            .split(':')
            .find(|command| !command.trim().is_empty())?;
        let mut words = first.split_whitespace();
        let mut command = Command::new(words.next()?);
        let mut placed = false;
        for word in words {
            if word.contains("%s") {
                placed = true;
                command.arg(word.replace("%s", url));
            } else {
                command.arg(word);
            }
        }
        if !placed {
            command.arg(url);
        }
        return Some(command);
    }
    if cfg!(target_os = "macos") {
        let mut command = Command::new("open");
        command.arg(url);
        return Some(command);
    }
    let desktop = ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|var| host.var(var).is_some_and(|value| !value.is_empty()));
    if cfg!(unix) && desktop {
        let mut command = Command::new("xdg-open");
        command.arg(url);
        return Some(command);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(command: &Command) -> Vec<String> {
        std::iter::once(command.get_program())
            .chain(command.get_args())
            .map(|word| word.to_string_lossy().into_owned())
            .collect()
    }

    fn host(vars: &[(&str, &str)]) -> Host {
        let vars = vars
            .iter()
            .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
            .collect();
        Host::in_memory(vars, std::path::PathBuf::from("/"), None, None).0
    }

    #[test]
    fn the_url_is_one_argument_of_a_program_never_a_shell_line() {
        let url = "http://127.0.0.1:1/t/";
        let browser = |value: &str| opener(url, &host(&[("BROWSER", value)])).map(|c| args(&c));
        assert_eq!(
            browser("firefox"),
            Some(vec!["firefox".to_owned(), url.to_owned()])
        );
        assert_eq!(
            browser("w3m -o x=1 %s:lynx"),
            Some(vec![
                "w3m".to_owned(),
                "-o".to_owned(),
                "x=1".to_owned(),
                url.to_owned()
            ])
        );
        // Shell syntax is only words: nothing runs it.
        assert_eq!(
            browser("sh -c 'x;y'"),
            Some(vec![
                "sh".to_owned(),
                "-c".to_owned(),
                "'x;y'".to_owned(),
                url.to_owned()
            ])
        );
        if cfg!(target_os = "linux") {
            assert!(opener(url, &host(&[])).is_none(), "no desktop, no browser");
            let desktop = opener(url, &host(&[("DISPLAY", ":0")])).map(|c| args(&c));
            assert_eq!(desktop, Some(vec!["xdg-open".to_owned(), url.to_owned()]));
        }
    }
}
