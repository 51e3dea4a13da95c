//! Opening the board in the user's browser: `$BROWSER` when set, else the desktop's own opener
//! (`xdg-open`, macOS's `open`), and only on a desktop. The URL is one argument of a program
//! run directly, never a line given to a shell.

use std::process::{Command, Stdio};

use crate::context::host::Host;
use crate::policy::error::Warning;

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
