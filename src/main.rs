use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    // A panic is a bug; it still ends as exit 5, and as an envelope when `--json` was asked for.
    let json = std::env::args_os().skip(1).any(|arg| arg == "--json");
    std::panic::set_hook(Box::new(move |info| {
        if json {
            let _ = writeln!(std::io::stdout(), "{}", todos::PANIC_ENVELOPE);
        }
        // Not `eprintln!`: on a closed stderr it panics, and a panic in the hook aborts.
        let _ = writeln!(
            std::io::stderr(),
            "error: internal error: {info}\nhint: this is a bug in todos; please report it \
             with the command that caused it"
        );
        std::process::exit(5);
    }));
    todos::run(std::env::args_os(), &|name| std::env::var_os(name))
}
