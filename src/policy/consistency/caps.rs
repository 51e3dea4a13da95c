//! Every fixed bound of `policy/cap.rs`, walked through the surfaces that state it or hold to
//! it: the refusal that names it, the schema that carries it, the help that gives it, the view
//! it bounds. A row whose surface forgets it, or keeps its own number, fails here.

use serde_json::json;

use super::{run, schemas, workspace};
use crate::agents::hooks;
use crate::plan::model::{Item, Limits, Status};
use crate::policy::cap::{CAPS, Cap};
use crate::policy::sentences;

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
        }
    }
}
