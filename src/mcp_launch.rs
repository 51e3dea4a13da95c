//! `todos mcp` in the `todos` binary: hand over to `todos-mcp`, the same command line with the
//! MCP server linked in, installed next to it.
//!
//! Linking rmcp and tokio into `todos` itself made every other command start about 45 µs
//! (4%) slower: the binary nearly doubles, with a thousand more relocations to apply and more
//! pages to touch on each start, though none of it runs. Behind a second binary the CLI stays as
//! it was, and only the server's own start pays for one more `exec`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use crate::cli::GlobalArgs;
use crate::commands::Reply;
use crate::error::Error;
use crate::host::Host;
use crate::output::Output;

/// The binary that serves MCP, in the folder of the running `todos`.
pub const SERVER_BINARY: &str = "todos-mcp";

/// Runs `todos-mcp` with the same arguments and environment, in place of this process where
/// the system allows it, and answers with its exit code otherwise.
pub fn hand_over(args: &[OsString], global: &GlobalArgs, host: &mut Host) -> ExitCode {
    let server = match sibling() {
        Ok(server) => server,
        Err(err) => return failed(global, host, err),
    };
    let mut command = Command::new(&server);
    command.args(args.iter().skip(1));
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // `exec` returns only when it failed.
        let err = command.exec();
        failed(global, host, cannot_start(&server, &err))
    }
    #[cfg(not(unix))]
    {
        match command.status() {
            Ok(status) => status
                .code()
                .and_then(|code| u8::try_from(code).ok())
                .map_or(ExitCode::FAILURE, ExitCode::from),
            Err(err) => failed(global, host, cannot_start(&server, &err)),
        }
    }
}

/// Says why the server could not start, as every command says a failure.
fn failed(global: &GlobalArgs, host: &mut Host, error: Error) -> ExitCode {
    let reply = Reply {
        workspace: None,
        list: None,
        params_input: None,
        result: Err(error),
    };
    Output::new(global, host).print(host, reply)
}

fn sibling() -> Result<PathBuf, Error> {
    let exe = std::env::current_exe()
        .map_err(|err| Error::internal(format!("cannot find this todos binary: {err}")))?;
    let server = exe.with_file_name(format!("{SERVER_BINARY}{}", std::env::consts::EXE_SUFFIX));
    if server.is_file() {
        Ok(server)
    } else {
        Err(Error::internal(format!(
            "the MCP server is not installed: {} does not exist",
            server.display()
        ))
        .with_hint(
            "install todos with its default features (`cargo install --path .`), which puts \
             todos-mcp next to todos",
        ))
    }
}

fn cannot_start(server: &std::path::Path, err: &std::io::Error) -> Error {
    Error::internal(format!("cannot start {}: {err}", server.display()))
}
