//! Every fixed bound of `policy/cap.rs`, walked through the surfaces that state it or hold to
//! it: the refusal that names it, the schema that carries it, the help that gives it, the view
//! it bounds. A row whose surface forgets it, or keeps its own number, fails here.

use serde_json::json;

use super::{run, schemas, workspace};
use crate::agents::hooks;
use crate::plan::model::{Item, Limits, Status};
use crate::policy::cap::{CAPS, Cap};
use crate::policy::error::Conflict;
use crate::policy::sentences;
use crate::policy::settings::Setting;

/// The README and the manual in `docs/`, as one text.
fn manual() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(root.join("README.md")).unwrap_or_default();
    if let Ok(pages) = std::fs::read_dir(root.join("docs")) {
        for page in pages.flatten() {
            text.push_str(&std::fs::read_to_string(page.path()).unwrap_or_default());
        }
    }
    text
}

#[test]
#[allow(clippy::too_many_lines)] // one arm per row of CAPS
fn every_cap_reaches_every_surface() {
    for info in &CAPS {
        let value = info.value;
        let dir = workspace();
        let path = dir.path();
        let refusal = |args: &[&str], stdin: Option<&str>| {
            let ran = run(path, &[], args, stdin);
            assert_ne!(ran.code, super::exit_code(0), "{}: {args:?}", info.what);
            ran.stderr
        };
        let write = |item: serde_json::Value| {
            refusal(
                &["write"],
                Some(&json!({"summary": "s", "todos": [item]}).to_string()),
            )
        };
        match info.cap {
            Cap::InputBytes => {
                let big = " ".repeat(info.cap.chars() + 1);
                let said = refusal(&["write"], Some(&big));
                assert!(said.contains(&sentences::size(value)), "{said}");
                assert_eq!(crate::input::json::MAX_INPUT_BYTES as u64, value);
            }
            Cap::StoreBytes => {
                let store = std::fs::File::create(path.join(".todos.json")).unwrap();
                store.set_len(value + 1).unwrap();
                let said = refusal(&["show"], None);
                assert!(said.contains(&sentences::size(value)), "{said}");
                assert_eq!(crate::store::disk::MAX_STORE_BYTES, value);
            }
            Cap::McpLineBytes => {
                assert!(sentences::message_too_large().contains(&sentences::size(value)));
            }
            Cap::RecapChars => {
                let items: Vec<Item> = ["x", "y", "z"]
                    .iter()
                    .map(|c| Item::new(c.repeat(info.cap.chars()), Status::Pending))
                    .collect();
                let recap = crate::view::render::recap(&items);
                assert!(manual().contains(&format!("at most {value} characters")));
                // Cut to the cap: the names share it, a character or two lost to rounding.
                let chars = recap.chars().count() as u64;
                assert!(chars <= value && chars + 3 > value, "{chars}: {recap}");
            }
            Cap::HookChars => {
                // `check --hook` of a plan far past what a hook may say, kept under raised limits.
                let vars = [("TODOS_MAX_ITEMS", "300")];
                let items: Vec<serde_json::Value> = (0..200)
                    .map(|n| json!({"content": format!("step {n}"), "status": "pending"}))
                    .collect();
                let plan = json!({"summary": "s", "todos": items}).to_string();
                run(path, &vars, &["write"], Some(&plan));
                let said = run(path, &vars, &["check", "--hook"], Some("{}")).stderr;
                assert!(said.contains("more"), "{said}");
                assert!(said.chars().count() as u64 <= value, "{said}");
                assert_eq!(hooks::MAX_OUTPUT_CHARS as u64, value);
            }
            Cap::HookQuoteChars => {
                let long = Item::new("z".repeat(info.cap.chars() * 2), Status::Pending);
                let said = hooks::stop_reason(&[long], None, hooks::MAX_OUTPUT_CHARS, None);
                assert!(
                    said.contains(&format!("{}…", "z".repeat(info.cap.chars() - 1))),
                    "{said}"
                );
                assert!(!said.contains(&"z".repeat(info.cap.chars() + 1)), "{said}");
            }
            Cap::ActiveFormChars | Cap::DescriptionChars => {
                let field = if info.cap == Cap::ActiveFormChars {
                    "activeForm"
                } else {
                    "description"
                };
                let long = "d".repeat(info.cap.chars() + 1);
                let said = write(json!({"content": "c", "status": "pending", field: long}));
                assert!(said.contains(&format!("the limit is {value}")), "{said}");
                for (command, schema) in schemas(&Limits::default()) {
                    assert!(
                        schema.contains(&format!("\"maxLength\":{value}")),
                        "{command:?}: {schema}"
                    );
                }
            }
            Cap::NoteChars => {
                let input = json!({"summary": "s", "explanation": "n".repeat(info.cap.chars() + 1),
                                   "todos": [{"content": "c", "status": "pending"}]});
                let said = refusal(&["write"], Some(&input.to_string()));
                assert!(said.contains(&format!("the limit is {value}")), "{said}");
            }
            Cap::KeyShownChars => {
                let key = "k".repeat(info.cap.chars() * 3);
                let said = write(json!({"content": "c", "status": "pending", key: 1}));
                assert!(
                    said.contains(&format!("{}…", "k".repeat(info.cap.chars()))),
                    "{said}"
                );
                assert!(!said.contains(&"k".repeat(info.cap.chars() + 1)), "{said}");
            }
            Cap::LeaseSeconds => {
                let hours = value / 3600;
                let said = refusal(
                    &["next", "--claim", "--lease", &format!("{}h", hours + 1)],
                    None,
                );
                assert!(said.contains(&format!("({hours}h)")), "{said}");
                assert_eq!(crate::plan::claims::MAX_LEASE.as_secs(), value);
            }
            Cap::LockTimeoutSeconds => {
                let said = refusal(&["--lock-timeout", &(value + 1).to_string(), "show"], None);
                assert!(said.contains(&format!("from 0 to {value}")), "{said}");
            }
            Cap::DefaultLockTimeoutSeconds => {
                assert_eq!(
                    crate::context::global::DEFAULT_LOCK_TIMEOUT.to_string(),
                    value.to_string()
                );
                let manual = manual();
                assert!(manual.contains(&format!("`--lock-timeout SECS` (default {value})")));
            }
            Cap::LockNoteMillis => {
                let said = format!("says so on stderr after {}", sentences::wait(value));
                assert!(manual().contains(&said), "{said}");
            }
            Cap::StdinGraceMillis => {
                assert_eq!(crate::context::host::STDIN_GRACE, info.cap.duration());
                for said in [
                    format!("sends nothing within {}", sentences::wait(value)),
                    format!("wait at most {} for a stdin", sentences::wait(value)),
                ] {
                    assert!(manual().contains(&said), "{said}");
                }
            }
            Cap::PayloadWaitMillis => {
                assert_eq!(hooks::PAYLOAD_WAIT, info.cap.duration());
                let said = format!("It waits at most {} for a", sentences::wait(value));
                assert!(manual().contains(&said), "{said}");
            }
            Cap::PollWithEventsMillis => {
                assert_eq!(crate::store::watch::poll(true), info.cap.duration());
            }
            Cap::PollWithoutEventsMillis => {
                assert_eq!(crate::store::watch::poll(false), info.cap.duration());
            }
            Cap::SettleMillis => {
                assert_eq!(crate::store::watch::SETTLE, info.cap.duration());
            }
            Cap::PointerBytes => pointer_bytes(path, value),
            Cap::HistoryAheadRevisions => {
                let said = format!("{} beyond the store's", sentences::thousands(value));
                assert!(manual().contains(&said), "{said}");
                assert_eq!(crate::store::history::ceiling(5), 5 + value);
                let line = |revision: u64| history_line(revision, "write", None);
                assert!(judged(&line(5 + value), 5).is_ok());
                let skipped = judged(&line(5 + value + 1), 5).unwrap_err();
                assert!(skipped.contains("can have had"), "{skipped}");
            }
            Cap::HistoryNoteChars | Cap::ShortLineChars => {
                let line = |length: usize| {
                    let text = "n".repeat(length);
                    if info.cap == Cap::HistoryNoteChars {
                        history_line(1, "write", Some(&text))
                    } else {
                        history_line(1, &text, None)
                    }
                };
                assert!(judged(&line(info.cap.chars()), 1).is_ok());
                let skipped = judged(&line(info.cap.chars() + 1), 1).unwrap_err();
                assert!(skipped.contains("breaks the rules"), "{skipped}");
                if info.cap == Cap::ShortLineChars {
                    let said = format!("is not one line of at most {value} printable characters");
                    assert!(skipped.contains(&said), "{skipped}");
                }
            }
            Cap::CandidateHelpChars => {
                let long = "h".repeat(info.cap.chars() * 2);
                let shown = crate::agents::candidates::shown(&long);
                assert_eq!(shown.chars().count(), info.cap.chars(), "{shown}");
                assert!(shown.ends_with('…'), "{shown}");
                let fits = "h".repeat(info.cap.chars());
                assert_eq!(crate::agents::candidates::shown(&fits), fits);
            }
            Cap::SkippedLinesNamed => {
                let plan =
                    json!({"summary": "s", "todos": [{"content": "A", "status": "pending"}]})
                        .to_string();
                assert_eq!(
                    run(path, &[], &["write"], Some(&plan)).code,
                    super::exit_code(0)
                );
                let history = path.join(".todos").join("default.history.jsonl");
                let mut text = std::fs::read_to_string(&history).unwrap();
                for _ in 0..info.cap.chars() + 3 {
                    text.push_str("not a line of a history\n");
                }
                std::fs::write(&history, text).unwrap();
                let said = run(path, &[], &["history"], None).stderr;
                assert_eq!(
                    said.matches("it was passed over").count(),
                    info.cap.chars(),
                    "{said}"
                );
                assert!(said.contains("3 more lines, from line"), "{said}");
            }
            Cap::RefusalLines => {
                assert_eq!(crate::view::problems::REFUSAL_MAX_LINES, info.cap.chars());
            }
            Cap::SettingsQuoteChars => {
                let long = "c".repeat(info.cap.chars() * 2);
                let shown = crate::view::words::quoted(&long);
                assert_eq!(shown, format!("{}…", "c".repeat(info.cap.chars())));
                let fits = "c".repeat(info.cap.chars());
                assert_eq!(crate::view::words::quoted(&fits), fits);
            }
            Cap::CyclesNamed => {
                let said = Conflict::ManyCycles { cut: 3 }.to_string();
                assert!(
                    said.contains(&format!("more cycles than {value}:")),
                    "{said}"
                );
            }
        }
    }
}

/// A history line of revision `revision` with an empty plan, made by `command`, with `note`.
fn history_line(revision: u64, command: &str, note: Option<&str>) -> String {
    let mut line = json!({"revision": revision, "at": "2025-01-02T03:04:05Z",
                          "command": command, "todos": [], "next_id": 1});
    if let Some(note) = note {
        line["note"] = json!(note);
    }
    line.to_string()
}

/// A history line as `history` judges it against a store at `store`: why it is passed over.
fn judged(line: &str, store: u64) -> Result<u64, String> {
    let ceiling = crate::store::history::ceiling(store);
    crate::store::history::judged(line, store, ceiling)
        .map(|entry| entry.revision)
        .map_err(|why| why.to_string())
}

/// A linked worktree's `.git` file of `value` bytes is read as a pointer; one byte more is
/// refused by its size, in the warning `worktrees: shared` gives.
fn pointer_bytes(path: &std::path::Path, value: u64) {
    let dot_git = path.join(".git");
    std::fs::remove_dir(&dot_git).unwrap();
    let pointer = |length: u64| {
        let prefix = "gitdir: /nowhere/";
        let length = usize::try_from(length).unwrap() - prefix.len() - 1;
        format!("{prefix}{}\n", "x".repeat(length))
    };
    std::fs::write(&dot_git, pointer(value)).unwrap();
    let fits = crate::store::worktree::main_of(path)
        .unwrap_err()
        .to_string();
    assert!(fits.contains("does not exist"), "{fits}");
    std::fs::write(&dot_git, pointer(value + 1)).unwrap();
    let vars = [(Setting::Worktrees.info().env, "shared")];
    let said = run(path, &vars, &["show"], None).stderr;
    assert!(
        said.contains(&format!(
            "is larger than {value} bytes, not one of git's pointers"
        )),
        "{said}"
    );
}

#[test]
fn the_boards_timings_are_the_manuals() {
    let rescan = crate::policy::board::RESCAN.as_millis();
    let said = format!(
        "appears within {}",
        sentences::wait(u64::try_from(rescan).unwrap())
    );
    assert!(manual().contains(&said), "{said}");
}
