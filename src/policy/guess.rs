//! A newcomer's natural guesses at the command line (`todos add x`, `todos done 2`, `todos
//! update 2 --status completed`) and what each means in `todos`: another name for a command,
//! which then runs, or the exact command that does what was meant. One table of words, one of
//! options; the parser and the usage errors read them.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::policy::error::{Error, Usage};

mod unquoted;

/// What a guessed word means.
pub enum Meaning {
    /// Another name for a command (none of SPEC §2's): it runs that command.
    Alias(&'static str),
    /// No such command. `command` is the command that does what the word is taken to ask for
    /// (`what`), with `{id}` filled with each id the user typed after the word.
    Instead {
        what: &'static str,
        command: &'static str,
    },
}

pub struct Word {
    pub word: &'static str,
    pub meaning: Meaning,
}

const fn alias(word: &'static str, command: &'static str) -> Word {
    Word {
        word,
        meaning: Meaning::Alias(command),
    }
}

const fn instead(word: &'static str, what: &'static str, command: &'static str) -> Word {
    Word {
        word,
        meaning: Meaning::Instead { what, command },
    }
}

/// The words a newcomer types for a command. An alias is taken only where it can mean one
/// thing; a word that could mean two (`list`: this plan, or the lists?) names both commands.
pub const WORDS: &[Word] = &[
    alias("add", "create"),
    alias("new", "create"),
    alias("ls", "show"),
    alias("rm", "remove"),
    alias("delete", "remove"),
    instead(
        "list",
        "print the plan (every list: `todos show --all`)",
        "todos show",
    ),
    instead("lists", "print every list", "todos show --all"),
    instead(
        "done",
        "mark an item completed",
        "todos update {id} completed",
    ),
    instead(
        "complete",
        "mark an item completed",
        "todos update {id} completed",
    ),
    instead(
        "finish",
        "mark an item completed",
        "todos update {id} completed",
    ),
    instead("start", "start an item", "todos update {id} in_progress"),
    instead("cancel", "cancel an item", "todos update {id} cancelled"),
    instead(
        "edit",
        "change an item's text",
        "todos update {id} --content TEXT",
    ),
    instead("status", "print the plan", "todos show"),
    instead("log", "list the plan's revisions", "todos history"),
    instead("clear", "empty the plan", "todos write '[]'"),
];

/// An option a newcomer gives a command that takes the value another way. `{id}` is the id
/// typed, `{value}` the option's value.
pub struct Flag {
    pub command: &'static str,
    pub option: &'static str,
    pub instead: &'static str,
    /// What stands for `{value}` when the option was typed without one.
    pub placeholder: &'static str,
}

pub const FLAGS: &[Flag] = &[
    Flag {
        command: "update",
        option: "--status",
        instead: "todos update {id} {value}",
        placeholder: "STATUS",
    },
    Flag {
        command: "update",
        option: "--text",
        instead: "todos update {id} --content {value}",
        placeholder: "TEXT",
    },
    Flag {
        command: "update",
        option: "--title",
        instead: "todos update {id} --content {value}",
        placeholder: "TEXT",
    },
    Flag {
        command: "update",
        option: "--id",
        instead: "todos update {value} STATUS",
        placeholder: "ID",
    },
    Flag {
        command: "remove",
        option: "--id",
        instead: "todos remove {value}",
        placeholder: "ID",
    },
];

/// The command line's parser, with the aliases of `WORDS` (hidden: help lists each command once).
pub fn with_aliases(command: clap::Command) -> clap::Command {
    command.mut_subcommands(|mut sub| {
        for word in WORDS {
            if matches!(word.meaning, Meaning::Alias(target) if target == sub.get_name()) {
                sub = sub.alias(word.word);
            }
        }
        sub
    })
}

/// What the user meant by a command line clap refused, said as a usage error that names the
/// command that works; `None` when no table knows the guess.
pub fn explain(
    err: &clap::Error,
    args: &[OsString],
    command_line: fn() -> clap::Command,
) -> Option<Error> {
    let args: Vec<String> = args
        .iter()
        .skip(1)
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    match err.kind() {
        ErrorKind::InvalidSubcommand => {
            let word = context(err, ContextKind::InvalidSubcommand)?;
            unknown_word(&word, &args)
        }
        ErrorKind::UnknownArgument => {
            let given = context(err, ContextKind::InvalidArg)?;
            unknown_flag(&given, &args).or_else(|| unquoted::explain(&args, command_line))
        }
        // `write -t pending:Fix bug`: "bug" is taken for the snapshot, which `-t` excludes.
        ErrorKind::ArgumentConflict => unquoted::explain(&args, command_line),
        _ => None,
    }
}

fn context(err: &clap::Error, kind: ContextKind) -> Option<String> {
    match err.get(kind)? {
        ContextValue::String(text) => Some(text.clone()),
        _ => None,
    }
}

/// The arguments after the first `word` on the command line.
fn after<'a>(args: &'a [String], word: &str) -> &'a [String] {
    args.iter()
        .position(|arg| arg == word)
        .map_or(&[], |at| &args[at + 1..])
}

/// An id as the tool hands them out: decimal, at most as long as the largest counter.
fn is_id(text: &str) -> bool {
    (1..=20).contains(&text.len()) && text.bytes().all(|byte| byte.is_ascii_digit())
}

/// The longest value a hint repeats in the command it names: past it (or with a character that
/// could drive a terminal) the hint names the value's kind instead, so it never floods the
/// terminal and never shows a command that would not run as shown.
const VALUE_SHOWN_CHARS: usize = 200;

fn unknown_word(word: &str, args: &[String]) -> Option<Error> {
    let known = WORDS.iter().find(|known| known.word == word)?;
    let Meaning::Instead { what, command } = known.meaning else {
        return None;
    };
    let ids: Vec<&str> = after(args, word)
        .iter()
        .map(String::as_str)
        .filter(|arg| is_id(arg))
        .collect();
    let commands: Vec<String> = if ids.is_empty() || !command.contains("{id}") {
        vec![command.replace("{id}", "ID")]
    } else {
        ids.iter().map(|id| command.replace("{id}", id)).collect()
    };
    Some(
        Usage::NoCommand {
            word: word.to_owned(),
            run: commands,
            what,
        }
        .into(),
    )
}

fn unknown_flag(given: &str, args: &[String]) -> Option<Error> {
    let (flag, inline) = match given.split_once('=') {
        Some((flag, value)) => (flag, Some(value.to_owned())),
        None => (given, None),
    };
    let command = args
        .iter()
        .find(|arg| FLAGS.iter().any(|known| known.command == *arg))?;
    let known = FLAGS
        .iter()
        .find(|known| known.command == command && known.option == flag)?;
    let rest = after(args, command);
    let inline_prefix = format!("{flag}=");
    let value = inline
        .or_else(|| {
            let at = rest
                .iter()
                .position(|arg| arg == flag || arg.starts_with(&inline_prefix))?;
            match rest[at].strip_prefix(&inline_prefix) {
                Some(value) => Some(value.to_owned()),
                None => rest.get(at + 1).cloned(),
            }
        })
        .filter(|value| {
            value.chars().count() <= VALUE_SHOWN_CHARS
                && !value.chars().any(crate::policy::text::forbidden_char)
        })
        .unwrap_or_else(|| known.placeholder.to_owned());
    let id = rest
        .iter()
        .find(|arg| is_id(arg) && **arg != value)
        .map_or("ID", String::as_str);
    let instead = known
        .instead
        .replace("{id}", id)
        .replace("{value}", &quoted(&value));
    Some(
        Usage::NoOption {
            command: command.clone(),
            flag: flag.to_owned(),
            instead,
        }
        .into(),
    )
}

/// A value as a shell takes it back: bare when it is one plain word, else in double quotes.
pub(crate) fn quoted(value: &str) -> String {
    if !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_alphanumeric() || "-_.@:/".contains(c))
    {
        value.to_owned()
    } else {
        let mut text = String::from("\"");
        for c in value.chars() {
            if matches!(c, '"' | '\\' | '$' | '`') {
                text.push('\\');
            }
            text.push(c);
        }
        text.push('"');
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;

    #[test]
    fn aliases_name_real_commands_and_no_word_is_a_command() {
        let command = Cli::command();
        let names: Vec<&str> = command
            .get_subcommands()
            .map(clap::Command::get_name)
            .collect();
        for word in WORDS {
            assert!(!names.contains(&word.word), "{} is a command", word.word);
            if let Meaning::Alias(target) = word.meaning {
                assert!(names.contains(&target), "{target} is no command");
            }
        }
        for flag in FLAGS {
            assert!(names.contains(&flag.command), "{}", flag.command);
        }
    }

    #[test]
    fn a_value_is_quoted_for_the_shell_when_it_needs_it() {
        assert_eq!(quoted("completed"), "completed");
        assert_eq!(quoted("Patch the check"), "\"Patch the check\"");
    }
}
