//! A command line clap refused: help and version as clap prints them, every other mistake a
//! `USAGE` failure in todos' words (text, or the envelope with `--json`), and a newcomer's guess
//! answered with the command that works.

use std::process::ExitCode;

use super::{Output, finish};
use crate::context::Palette;
use crate::context::host::Host;
use crate::policy::error::{Error, Kind, Usage};
use crate::view::envelope::Place;

/// Help and version print as clap prints them; other command-line errors are `USAGE` (exit 2),
/// as an envelope with clap's whole message when `--json` was among the arguments. A guess the
/// `guess` tables know (`todos done 2`) is answered with the command that works instead.
/// `command_line` builds the whole command line, for `todos help help`.
#[cold]
pub fn clap_failure(
    host: &mut Host,
    mut err: clap::Error,
    args: &[std::ffi::OsString],
    json: bool,
    command_line: fn() -> clap::Command,
) -> ExitCode {
    use clap::error::ErrorKind;
    let guessed = crate::policy::guess::explain(&err, args, command_line);
    // clap repeats the words it refused as they were typed; on a colour terminal its styled
    // text would carry an escape sequence or a carriage return of the user's straight to it.
    words_shown(&mut err);
    let err = &err;
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        return finish(
            host,
            &err.render().to_string(),
            ExitCode::SUCCESS,
            (Kind::Internal.info().exit_code, None),
        );
    }
    if asks_help_of_help(err, args) {
        let help = command_line().render_long_help().to_string();
        return finish(
            host,
            &help,
            ExitCode::SUCCESS,
            (Kind::Internal.info().exit_code, None),
        );
    }
    let error = guessed.or_else(|| {
        json.then(|| {
            let rendered = err.render().to_string();
            let message = rendered.trim_end().trim_start_matches("error: ");
            Error::from(Usage::Clap {
                message: message.to_owned(),
            })
        })
    });
    if let Some(error) = error {
        let (_, stderr) = crate::context::palettes(None, host);
        let output = Output {
            json,
            quiet: false,
            stdout: Palette::plain(),
            stderr,
            width: None,
            unwritten: Kind::Internal.info().exit_code,
        };
        let place = Place {
            cwd: host
                .current_dir()
                .ok()
                .map(|dir| dir.to_string_lossy().into_owned()),
            workspace: None,
            list: None,
            params_input: None,
        };
        return output.failure(host, &place, &error);
    }
    let rendered = if crate::context::palettes(None, host).1.is_enabled() {
        err.render().ansi().to_string()
    } else {
        err.render().to_string()
    };
    let _ = host.stderr.write_all(rendered.as_bytes());
    ExitCode::from(crate::policy::error::Kind::Usage.info().exit_code)
}

/// The words of the command line a clap error repeats, each escaped and cut (`text::word`).
fn words_shown(err: &mut clap::Error) {
    use clap::error::ContextValue;
    let shown: Vec<_> = err
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(text) => Some((
                kind,
                ContextValue::String(crate::policy::text::word(text).into_owned()),
            )),
            ContextValue::Strings(texts) => Some((
                kind,
                ContextValue::Strings(
                    texts
                        .iter()
                        .map(|text| crate::policy::text::word(text).into_owned())
                        .collect(),
                ),
            )),
            _ => None,
        })
        .collect();
    for (kind, value) in shown {
        err.insert(kind, value);
    }
}

/// `todos help --help` (or `-h`): the help of `help` is the top-level help.
fn asks_help_of_help(err: &clap::Error, args: &[std::ffi::OsString]) -> bool {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    err.kind() == ErrorKind::InvalidSubcommand
        && matches!(
            err.get(ContextKind::InvalidSubcommand),
            Some(ContextValue::String(word)) if word == "--help" || word == "-h"
        )
        && args.iter().skip(1).any(|arg| arg == "help")
}
