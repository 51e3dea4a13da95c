use std::process::ExitCode;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("error: internal error: {info}");
        eprintln!("hint: this is a bug in todos; please report it with the command that caused it");
        std::process::exit(5);
    }));
    todos::run(std::env::args_os(), &|name| std::env::var_os(name))
}
