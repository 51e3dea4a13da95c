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
use crate::context::Env;
use crate::error::Error;

/// The binary that serves MCP, in the folder of the running `todos`.
pub const SERVER_BINARY: &str = "todos-mcp";

/// Runs `todos-mcp` with the same arguments and environment, in place of this process where
/// the system allows it, and answers with its exit code otherwise.
pub fn hand_over(args: &[OsString], global: &GlobalArgs, _env: &Env) -> ExitCode {
    let server = match sibling() {
        Ok(server) => server,
        Err(err) => return crate::print_early_failure(&err, global.json),
    };
    let mut command = Command::new(&server);
    command.args(args.iter().skip(1));
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // `exec` returns only when it failed.
        let err = command.exec();
        crate::print_early_failure(&cannot_start(&server, &err), global.json)
    }
    #[cfg(not(unix))]
    {
        match command.status() {
            Ok(status) => status
                .code()
                .and_then(|code| u8::try_from(code).ok())
                .map_or(ExitCode::FAILURE, ExitCode::from),
            Err(err) => crate::print_early_failure(&cannot_start(&server, &err), global.json),
        }
    }
}

fn sibling() -> Result<PathBuf, Error> {
    let exe = std::env::current_exe()
        .map_err(|err| Error::internal(format!("cannot find this todos binary: {err}")))?;
    let server = exe.with_file_name(format!("{SERVER_BINARY}{}", std::env::consts::EXE_SUFFIX));
    if server.is_file() {
        Ok(server)
    } else {
        Err(Error::internal(format!(
            "the MCP server is not installed: {} does not exist; install todos with its \
             default features (`cargo install todos`), which puts todos-mcp next to todos",
            server.display()
        )))
    }
}

fn cannot_start(server: &std::path::Path, err: &std::io::Error) -> Error {
    Error::internal(format!("cannot start {}: {err}", server.display()))
}
