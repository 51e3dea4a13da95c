//! `todos mcp` and `todos board` in the `todos` binary: hand over to `todos-mcp` or
//! `todos-board`, the same command line with the server linked in, installed next to it.
//!
//! Linking rmcp and tokio into `todos` itself made every other command start about 45 µs
//! (4%) slower: the binary nearly doubles, with a thousand more relocations to apply and more
//! pages to touch on each start, though none of it runs. Behind a second binary the CLI stays as
//! it was, and only the server's own start pays for one more `exec`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use crate::context::global::GlobalArgs;
use crate::context::host::Host;
use crate::policy::error::{Error, ServerBuild, Setup};
use crate::view::outcome::Reply;
use crate::view::output::Output;
use clap::Args;

/// A server `todos` hands over to: its binary, in the folder of the running `todos`, and what
/// it is called in a message.
#[derive(Clone, Copy)]
pub struct Server {
    pub binary: &'static str,
    pub name: &'static str,
}

/// `todos mcp`'s server.
pub const MCP: Server = Server {
    binary: "todos-mcp",
    name: "the MCP server",
};

/// `todos board`'s server.
pub const BOARD: Server = Server {
    binary: "todos-board",
    name: "the board's server",
};

/// Runs `todos-mcp` with the same arguments and environment: `todos mcp`.
#[cold]
pub fn hand_over(args: &[OsString], global: &GlobalArgs, host: &mut Host) -> ExitCode {
    hand_over_to(MCP, args, global, host)
}

/// Runs the server's binary with the same arguments and environment, in place of this process
/// where the system allows it, and answers with its exit code otherwise.
#[cold]
pub fn hand_over_to(
    server: Server,
    args: &[OsString],
    global: &GlobalArgs,
    host: &mut Host,
) -> ExitCode {
    let server = match sibling(server) {
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
        note: None,
        now: None,
        list: None,
        params_input: None,
        result: Err(error),
    };
    Output::new(global, host).print(host, reply)
}

fn sibling(server: Server) -> Result<PathBuf, Error> {
    let exe = std::env::current_exe().map_err(|err| Setup::NoOwnBinary {
        why: err.to_string(),
    })?;
    let path = exe.with_file_name(format!("{}{}", server.binary, std::env::consts::EXE_SUFFIX));
    if path.is_file() {
        Ok(path)
    } else {
        Err(not_installed(server, &path))
    }
}

/// The server is missing beside `server`'s folder: in a checkout (`target/release`,
/// `target/debug`) the build that makes `todos` makes it too; elsewhere the install does.
fn not_installed(server: Server, path: &std::path::Path) -> Error {
    let folder = path.parent();
    let profile = folder
        .and_then(std::path::Path::file_name)
        .and_then(|name| name.to_str());
    let in_target = folder
        .and_then(std::path::Path::parent)
        .and_then(std::path::Path::file_name)
        .is_some_and(|name| name == "target");
    let build = match profile {
        Some("release") if in_target => ServerBuild::Release,
        Some("debug") if in_target => ServerBuild::Debug,
        _ => ServerBuild::Installed,
    };
    Setup::ServerNotInstalled {
        name: server.name,
        binary: server.binary,
        path: path.to_path_buf(),
        build,
    }
    .into()
}

fn cannot_start(server: &std::path::Path, err: &std::io::Error) -> Error {
    Setup::McpCannotStart {
        server: server.to_path_buf(),
        why: err.to_string(),
    }
    .into()
}

#[derive(Debug, Args)]
#[command(after_help = format!("{}\n{}", crate::policy::sentences::mcp_tools_help(), "Examples:\n  \
    todos init --agent claude --mcp     # registers the server in .mcp.json\n  \
    todos init --agent codex --mcp      # registers it in .codex/config.toml, its tools approved\n  \
    todos mcp -C . < /dev/null          # serves this folder's plan until the client closes stdin"))]
pub struct McpArgs {}

#[cfg(test)]
mod tests {
    use super::{BOARD, MCP, not_installed};
    use std::path::Path;

    #[test]
    fn a_missing_server_is_said_as_every_error_with_the_fix_for_where_todos_runs() {
        let error = not_installed(MCP, Path::new("/src/todos/target/release/todos-mcp"));
        assert_eq!(
            error.message,
            "the MCP server is not installed: /src/todos/target/release/todos-mcp does not exist"
        );
        assert_eq!(
            error.hint.as_deref(),
            Some("in this checkout, `cargo build --release` builds todos-mcp next to todos")
        );
        let debug = not_installed(MCP, Path::new("/src/todos/target/debug/todos-mcp"));
        assert!(
            debug
                .hint
                .as_deref()
                .is_some_and(|hint| hint.contains("`cargo build`"))
        );
        let installed = not_installed(MCP, Path::new("/home/me/.cargo/bin/todos-mcp"));
        assert!(
            installed
                .hint
                .as_deref()
                .is_some_and(|hint| hint.contains("cargo install --path ."))
        );
        let board = not_installed(BOARD, Path::new("/src/todos/target/debug/todos-board"));
        assert_eq!(
            board.message,
            "the board's server is not installed: /src/todos/target/debug/todos-board does not exist"
        );
        assert_eq!(
            board.hint.as_deref(),
            Some("in this checkout, `cargo build` builds todos-board next to todos")
        );
    }
}
