//! Text a shell split into words because it was not quoted: `todos update 2 in progress`,
//! `todos write -t pending:Fix the bug`, `todos update 4 --content Write unit tests`. clap
//! sees one word too many and says only "unexpected argument"; this finds the words that were
//! meant as one argument and answers as the quoted near miss is answered: "did you mean" for a
//! status, else the command with the text quoted.

use crate::policy::error::{Error, Usage};
use crate::policy::status::Status;

use super::{VALUE_SHOWN_CHARS, quoted};

/// The commands whose one-word arguments a newcomer leaves unquoted.
const COMMANDS: [&str; 2] = ["update", "write"];

/// The options whose value is free text (by their argument ids), and `write`'s `-t`.
const TEXT_OPTIONS: [&str; 5] = ["content", "description", "active_form", "summary", "todos"];

/// Words typed unquoted where one argument was meant: where they start and end in the command
/// line's words, and what took them (an option as typed, or `update`'s STATUS).
struct Run {
    start: usize,
    end: usize,
    /// The option as typed (`--content`, `-t`), or `None` for `update`'s STATUS.
    option: Option<String>,
}

/// What the user meant by a command line whose text was split into words, as a usage error
/// with the command that works; `None` when no words look split.
pub fn explain(args: &[String], command_line: fn() -> clap::Command) -> Option<Error> {
    let at = args
        .iter()
        .position(|arg| COMMANDS.contains(&arg.as_str()))?;
    let mut root = command_line();
    root.build();
    let command = root.find_subcommand(&args[at])?;
    let run = find(command, args, at + 1)?;
    let words = &args[run.start..run.end];
    if words.iter().any(|word| {
        word.chars().count() > VALUE_SHOWN_CHARS
            || word.chars().any(crate::policy::text::forbidden_char)
    }) {
        return None;
    }
    let text = words.join(" ");
    let count = words.len();
    let with = |replacement: String| {
        let mut line = vec!["todos".to_owned()];
        // From the command on, as the other guesses name it: the options before it stay
        // the user's own.
        line.extend(args[at..run.start].iter().map(|arg| quoted(arg)));
        line.push(replacement);
        line.extend(args[run.end..].iter().map(|arg| quoted(arg)));
        line.join(" ")
    };
    let usage = match &run.option {
        None => match near_status(&text) {
            Some(name) => Usage::Unquoted {
                what: "STATUS".to_owned(),
                text,
                count,
                near: Some(name),
                run: with(name.to_owned()),
            },
            None => Usage::Unquoted {
                what: "STATUS".to_owned(),
                run: with(format!("--content {}", quoted(&text))),
                text,
                count,
                near: None,
            },
        },
        Some(option) if option == "-t" || option == "--todo" => {
            let near = text
                .split_once(':')
                .and_then(|(status, content)| Some((near_status(status)?, status, content)))
                .filter(|(_, status, _)| Status::parse(status).is_none());
            match near {
                // The status is what was mistyped: it is named alone.
                Some((name, status, content)) => Usage::Unquoted {
                    what: option.clone(),
                    run: with(quoted(&format!("{name}:{content}"))),
                    text: status.to_owned(),
                    count: status.split_whitespace().count(),
                    near: Some(name),
                },
                None => Usage::Unquoted {
                    what: option.clone(),
                    run: with(quoted(&text)),
                    text,
                    count,
                    near: None,
                },
            }
        }
        Some(option) => Usage::Unquoted {
            what: option.clone(),
            run: with(quoted(&text)),
            text,
            count,
            near: None,
        },
    };
    Some(usage.into())
}

/// The status the words name or nearly name: `in progress` is `in_progress`.
fn near_status(text: &str) -> Option<&'static str> {
    Status::parse(text)
        .map(Status::as_str)
        .or_else(|| Status::suggest(text))
}

/// The first run of words typed where one argument was meant: a text option's value and the
/// words after it, or more than one word after `update`'s id.
fn find(command: &clap::Command, args: &[String], from: usize) -> Option<Run> {
    let mut positionals = Vec::new();
    let mut index = from;
    while index < args.len() {
        let word = args[index].as_str();
        if word == "--" {
            break;
        }
        let Some(option) = option_of(command, word) else {
            positionals.push(index);
            index += 1;
            continue;
        };
        if !option.get_action().takes_values() {
            index += 1;
            continue;
        }
        // `--content=Write unit tests` is left to clap's words: a newcomer's guess is spaced.
        if word.contains('=') {
            index += 1;
            continue;
        }
        let value_at = index + 1;
        let mut end = value_at + 1;
        while end < args.len() && !args[end].starts_with('-') {
            end += 1;
        }
        if end > value_at + 1
            && end <= args.len()
            && TEXT_OPTIONS.contains(&option.get_id().as_str())
        {
            return Some(Run {
                start: value_at,
                end,
                option: Some(word.to_owned()),
            });
        }
        index = value_at + 1;
    }
    // `update ID STATUS`: every word after the id was meant as the status.
    match positionals.as_slice() {
        [_, first, .., last]
            if command.get_name() == "update" && last - first + 2 == positionals.len() =>
        {
            Some(Run {
                start: *first,
                end: last + 1,
                option: None,
            })
        }
        _ => None,
    }
}

/// The option a word names (`--content`, `--content=…`, `-t`), if it is one of the command's.
fn option_of<'a>(command: &'a clap::Command, word: &str) -> Option<&'a clap::Arg> {
    if let Some(long) = word.strip_prefix("--") {
        let long = long.split_once('=').map_or(long, |(flag, _)| flag);
        return command
            .get_arguments()
            .find(|arg| arg.get_long() == Some(long));
    }
    let mut chars = word.strip_prefix('-')?.chars();
    match (chars.next(), chars.next()) {
        (Some(short), None) => command
            .get_arguments()
            .find(|arg| arg.get_short() == Some(short)),
        _ => None,
    }
}
