use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    // A panic is a bug; it still ends as exit 5, and as an envelope when `--json` was asked for.
    // Nothing here may panic again: a closed stdout or stderr is ignored.
    let json = std::env::args_os().skip(1).any(|arg| arg == "--json");
    std::panic::set_hook(Box::new(move |info| {
        if json {
            let _ = writeln!(std::io::stdout(), "{}", todos::PANIC_ENVELOPE);
        }
        let _ = writeln!(
            std::io::stderr(),
            "error: internal error: {info}\nhint: this is a bug in todos; please report it with the command that caused it"
        );
        std::process::exit(5);
    }));
    // `COMPLETE=bash todos -- …`: the shell asking for candidates at a <TAB>, not a command.
    if todos::cli::complete::complete_if_asked() {
        return ExitCode::SUCCESS;
    }
    todos::run(
        std::env::args_os(),
        &mut todos::context::host::Host::process(),
    )
}
