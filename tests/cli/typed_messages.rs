//! Every message `todos` says when it refuses is a typed variant of `src/policy/failure/`, said
//! in one place, `src/view/words/`: outside those homes of words, no code builds an error from
//! text. A command, the store or the input layer names what failed (`Refused::NoSuchId { id }`)
//! and never says it (`Error::invalid(format!(…))`, `.with_hint("…")`, `Problem::new(path,
//! "…")`). The compiler holds most of it (an `Error` holds only variants, and the words'
//! builder is private to `view/words/`); this test reads the code so that a message built beside
//! a caller fails here, naming the file and the line.

use std::fs;
use std::path::Path;

use crate::layers::sources;

/// Where words are written: the sentences made from the rules' tables (`policy/`), the words of
/// every typed failure, problem, warning and note (`view/words/`), and beside what shows them,
/// what a hook says into an agent's context (`agents/hooks/words.rs`, and the after-tool hook's
/// note in `agents/hooks/words/news.rs`), the limit sentences of the tools and schemas
/// (`agents/described.rs`) and the watch screen's footer (`commands/watch/screen.rs`).
fn is_home_of_words(relative: &Path) -> bool {
    relative.starts_with("policy")
        || relative.starts_with("view/words")
        || relative == Path::new("agents/hooks/words.rs")
        || relative.starts_with("agents/hooks/words")
        || relative == Path::new("agents/described.rs")
        || relative == Path::new("commands/watch/screen.rs")
}

/// What builds an error or a problem from text: a constructor that takes a message or a hint,
/// or a problem whose message is a literal or a `format!`.
const TEXT_BUILDERS: [&str; 9] = [
    "Error::new(",
    "Error::invalid(",
    "Error::usage(",
    "Error::conflict(",
    "Error::store_corrupt(",
    "Error::internal(",
    "Error::unsafe_path(",
    "Error::io(",
    ".with_hint(",
];

/// The code of a file without its comments and without its unit tests (`#[cfg(test)]` and what
/// follows at the top level, where this crate keeps them), as one string with its line numbers.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((number, line)) = lines.next() {
        if line.starts_with("#[cfg(test)]")
            && lines
                .peek()
                .is_some_and(|(_, next)| next.starts_with("mod "))
        {
            break;
        }
        let code = line.split("//").next().unwrap_or_default();
        out.push((number + 1, code.to_owned()));
    }
    out
}

/// Each place in `text` (a file's code) that builds a message by hand: `LINE: what`.
fn hand_typed(text: &str) -> Vec<String> {
    let lines = code_lines(text);
    let mut found = Vec::new();
    for (at, (number, line)) in lines.iter().enumerate() {
        for builder in TEXT_BUILDERS {
            // `Error::new(` is this crate's, `io::Error::new(` the standard library's.
            let ours = line.match_indices(builder).any(|(at, _)| {
                builder.starts_with('.')
                    || !line[..at].ends_with(|c: char| c == ':' || c.is_alphanumeric())
            });
            if ours {
                found.push(format!("{number}: {}", line.trim()));
            }
        }
        // A problem's message: the argument after the path, on this line or the next ones.
        if let Some(start) = line.find("Problem::new(") {
            let call: String = std::iter::once(&line[start..])
                .chain(
                    lines[at + 1..]
                        .iter()
                        .take(4)
                        .map(|(_, next)| next.as_str()),
                )
                .collect::<Vec<_>>()
                .join(" ");
            let arguments = &call["Problem::new(".len()..];
            let message = top_level_second_argument(arguments);
            if message.starts_with('"') || message.starts_with("format!") {
                found.push(format!("{number}: {}", line.trim()));
            }
        }
    }
    found
}

/// The second argument of a call whose arguments begin `arguments`, trimmed.
fn top_level_second_argument(arguments: &str) -> &str {
    let mut depth = 0_i32;
    let mut quoted = false;
    for (index, c) in arguments.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => {
                if depth == 0 {
                    return "";
                }
                depth -= 1;
            }
            ',' if !quoted && depth == 0 => return arguments[index + 1..].trim_start(),
            _ => {}
        }
    }
    ""
}

#[test]
fn no_message_is_typed_outside_policy() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        if is_home_of_words(relative) {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for place in hand_typed(&text) {
            found.push(format!("src/{}:{place}", relative.display()));
        }
    }
    assert!(
        found.is_empty(),
        "messages typed by hand (build a variant of policy/failure/, said in view/words/):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_a_message_typed_by_hand() {
    let typed = "fn refuse(id: &str) -> Error {\n    \
                 Error::invalid(format!(\"no item {id}\")).with_hint(\"run show\")\n}\n\
                 fn problem() {\n    problems.push(Problem::new(\n        path,\n        \
                 format!(\"is {n} long\"),\n    ));\n    \
                 problems.push(Problem::new(at(\"id\"), \"is empty\"));\n}\n";
    assert_eq!(
        hand_typed(typed),
        [
            "2: Error::invalid(format!(\"no item {id}\")).with_hint(\"run show\")",
            "2: Error::invalid(format!(\"no item {id}\")).with_hint(\"run show\")",
            "5: problems.push(Problem::new(",
            "9: problems.push(Problem::new(at(\"id\"), \"is empty\"));",
        ]
    );
    let typed_well = "fn refuse(id: &str) -> Error {\n    \
                      Refused::NoSuchId { id: id.to_owned() }.into()\n}\n\
                      fn problem() {\n    problems.push(Problem::new(\n        path,\n        \
                      Wrong::TooLong { chars, max, fit },\n    ));\n}\n\
                      #[cfg(test)]\nmod tests {\n    fn t() { Error::invalid(\"x\"); }\n}\n";
    assert_eq!(hand_typed(typed_well), Vec::<String>::new());
}

/// Sentences built as text where a variant belongs: a reason returned as a `format!`, a warning
/// or a note pushed as one, a list of them typed as strings. Warnings, notes and the reasons a
/// repository is not trusted are variants of `policy/failure/` (`Warning`, `NotOwn`, `Skipped`,
/// `Distrust`), carried up to the output layer, which says them.
const SENTENCE_BUILDERS: [&str; 7] = [
    "Err(format!(",
    "warnings.push(format!(",
    "notes.push(format!(",
    "vec![format!(",
    "warnings: Vec<String>",
    "warnings: &mut Vec<String>",
    "notes: &mut Vec<String>",
];

/// Each place in `text` (a file's code) that builds a warning, a note or a reason as text, or
/// an MCP error (`ErrorData::…`) from a literal or a `format!`.
fn sentences_built(text: &str) -> Vec<String> {
    let lines = code_lines(text);
    let mut found = Vec::new();
    for (at, (number, line)) in lines.iter().enumerate() {
        let flat: String = line.split_whitespace().collect::<Vec<_>>().join(" ");
        let typed = SENTENCE_BUILDERS.iter().any(|form| flat.contains(form));
        let rpc = line.find("ErrorData::").is_some_and(|start| {
            let call: String = std::iter::once(&line[start..])
                .chain(
                    lines[at + 1..]
                        .iter()
                        .take(3)
                        .map(|(_, next)| next.as_str()),
                )
                .collect::<Vec<_>>()
                .join(" ");
            call.split_once('(').is_some_and(|(_, arguments)| {
                let message = arguments.trim_start();
                message.starts_with('"') || message.starts_with("format!")
            })
        });
        if typed || rpc {
            found.push(format!("{number}: {}", line.trim()));
        }
    }
    found
}

/// Each place in `text` that writes to stdout or stderr itself.
fn prints(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in code_lines(text) {
        let host = ["host.stdout", "host.stderr"].iter().any(|stream| {
            line.match_indices(stream).any(|(at, _)| {
                !line[at + stream.len()..].starts_with(|c: char| c == '_' || c.is_alphanumeric())
            })
        });
        // `rustix::stdio::stdout()` is a handle to poll, not a writer.
        let process = ["io::stdout()", "io::stderr()"].iter().any(|stream| {
            line.match_indices(stream)
                .any(|(at, _)| !line[..at].ends_with("std"))
        });
        let macros = ["println!(", "print!(", "eprintln!(", "eprint!("]
            .iter()
            .any(|form| line.contains(form));
        if host || process || macros {
            found.push(format!("{number}: {}", line.trim()));
        }
    }
    found
}

/// Every file of `src/` but those `skip` names, with what `check` finds in each.
fn found_in_src(skip: impl Fn(&Path) -> bool, check: fn(&str) -> Vec<String>) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        if skip(relative) {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for place in check(&text) {
            found.push(format!("src/{}:{place}", relative.display()));
        }
    }
    found
}

#[test]
fn no_warning_note_or_reason_is_built_as_text_outside_policy() {
    let found = found_in_src(is_home_of_words, sentences_built);
    assert!(
        found.is_empty(),
        "sentences built as text (build a Warning, NotOwn, Skipped or Distrust of \
         policy/failure/ instead):\n{}",
        found.join("\n")
    );
}

#[test]
fn only_the_output_layer_prints() {
    // The view layer prints; `main.rs` answers a panic; `host.rs` is the process boundary that
    // opens the streams.
    let found = found_in_src(
        |file| {
            file.starts_with("view")
                || file == Path::new("main.rs")
                || file == Path::new("context/host.rs")
        },
        prints,
    );
    assert!(
        found.is_empty(),
        "written to stdout or stderr outside view/ (go through view/output.rs or \
         view/live_output.rs):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_see_a_sentence_built_as_text_and_a_stray_print() {
    let built = "fn main_of() -> Result<(), String> {\n    \
                 return Err(format!(\"{} is bare\", shown(common)));\n}\n\
                 fn warn(warnings: &mut Vec<String>) {\n    \
                 warnings.push(format!(\"removed {id}\"));\n    \
                 notes.push(format!(\"kept {key}\"));\n    \
                 let w = vec![format!(\"saved: {why}\")];\n}\n\
                 fn rpc() {\n    ErrorData::invalid_params(\n        \
                 format!(\"no tool {name}\"),\n        None,\n    );\n    \
                 ErrorData::internal_error(\"listing failed\", None);\n}\n";
    assert_eq!(
        sentences_built(built),
        [
            "2: return Err(format!(\"{} is bare\", shown(common)));",
            "4: fn warn(warnings: &mut Vec<String>) {",
            "5: warnings.push(format!(\"removed {id}\"));",
            "6: notes.push(format!(\"kept {key}\"));",
            "7: let w = vec![format!(\"saved: {why}\")];",
            "10: ErrorData::invalid_params(",
            "14: ErrorData::internal_error(\"listing failed\", None);",
        ]
    );
    let typed = "fn warn(warnings: &mut Vec<Warning>) {\n    \
                 warnings.push(Warning::OpenRemoved { items, by });\n    \
                 let path = format!(\"{path}[{index}]\");\n    \
                 ErrorData::invalid_params(Rpc::ListingFailed.to_string(), None);\n}\n";
    assert_eq!(sentences_built(typed), Vec::<String>::new());
    let printing = "fn serve(host: &mut Host) {\n    \
                    let _ = writeln!(host.stderr, \"warning: {}\", escape(w));\n    \
                    let _ = host.stdout.flush();\n    \
                    let _ = writeln!(std::io::stderr(), \"oops\");\n    \
                    eprintln!(\"x\");\n}\n";
    assert_eq!(
        prints(printing),
        [
            "2: let _ = writeln!(host.stderr, \"warning: {}\", escape(w));",
            "3: let _ = host.stdout.flush();",
            "4: let _ = writeln!(std::io::stderr(), \"oops\");",
            "5: eprintln!(\"x\");",
        ]
    );
    let quiet = "fn ask(host: &Host) -> bool {\n    \
                 let poll = rustix::stdio::stdout();\n    \
                 host.stdout_is_terminal && host.stderr_is_terminal\n}\n";
    assert_eq!(prints(quiet), Vec::<String>::new());
}

/// Words that have one home (issue 30): what a hook says into an agent's context and what a
/// failed hook says (`agents/hooks/words.rs`), the settings entries `init` leaves for review
/// (`view/words/foreign.rs`), the limit sentences of the tools and schemas
/// (`agents/described.rs`), the watch footer (`commands/watch/screen.rs`) and what `init` says per
/// agent (`policy/agent.rs`). Each is said nowhere else, so a copy typed beside a caller shows
/// here.
const SAID_ONLY_AT_HOME: [&str; 12] = [
    "Plan (todos)",
    "todos hook: ",
    "] runs `",
    "more: `todos show`",
    "still open",
    "held by @",
    "refused, not cut",
    "one line of 1-",
    "Ctrl-C to quit",
    "asks you once to approve",
    "still asks before",
    "no rule for the shell",
];

/// Each place in `text` (a file's code) that says one of `SAID_ONLY_AT_HOME`.
fn policy_words(text: &str) -> Vec<String> {
    code_lines(text)
        .into_iter()
        .filter(|(_, line)| SAID_ONLY_AT_HOME.iter().any(|words| line.contains(words)))
        .map(|(number, line)| format!("{number}: {}", line.trim()))
        .collect()
}

#[test]
fn hook_tool_init_and_footer_words_are_said_only_at_home() {
    let found = found_in_src(is_home_of_words, policy_words);
    assert!(
        found.is_empty(),
        "words typed outside their homes (take them from agents/hooks/words.rs, policy/agent.rs, \
         agents/described.rs or commands/watch/screen.rs):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_policy_words_typed_beside_a_caller() {
    let typed = "/// Says the items are still open.\n\
                 fn reason() -> String {\n    \
                 format!(\"todos: {subject} {are} still open:\\n\")\n}\n\
                 #[cfg(test)]\nmod tests {\n    const T: &str = \"Ctrl-C to quit\";\n}\n";
    assert_eq!(
        policy_words(typed),
        ["3: format!(\"todos: {subject} {are} still open:\\n\")"]
    );
}
