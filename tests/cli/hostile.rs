//! Hostile input: a fixed corpus through every command that reads input, random mutations of
//! every accepted shape, and a 200 MiB stdin. Never a panic; only exit 0 or 1; always one
//! valid JSON envelope with `--json`; a refusal leaves the workspace byte-for-byte unchanged.

use std::fs;
use std::io::Write;

use proptest::prelude::*;
use serde_json::Value;

use crate::support::TestEnv;

/// Runs one input through one command and checks the invariants; returns the exit code.
/// Unchecked, like the corpus: over hundreds of hostile inputs, the invariants are the test.
#[track_caller]
fn check(env: &TestEnv, args: &[&str], stdin: Option<&[u8]>, what: &str) -> i32 {
    let before = env.tree();
    let mut run = env.todos(args);
    if let Some(input) = stdin {
        run = run.stdin(input);
    }
    let done = run.run_unchecked();
    assert!(!done.stderr.contains("panicked"), "{what}: {}", done.stderr);
    let json: Value = serde_json::from_str(&done.stdout)
        .unwrap_or_else(|err| panic!("{what}: not one JSON envelope ({err}): {:?}", done.stdout));
    match done.code {
        0 => assert_eq!(json["status"], "success", "{what}"),
        1 => {
            assert_eq!(json["status"], "error", "{what}");
            assert_eq!(json["error"]["code"], "INVALID_PARAM", "{what}");
            assert!(
                !json["error"]["message"]
                    .as_str()
                    .unwrap_or_default()
                    .is_empty(),
                "{what}"
            );
            assert_eq!(
                env.tree(),
                before,
                "{what}: a refusal changed the workspace"
            );
        }
        code => panic!("{what}: exit {code}: {}", done.stdout),
    }
    done.code
}

#[test]
fn the_hostile_corpus_through_every_command() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hostile");
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .collect();
    files.sort();
    assert!(
        files.len() >= 40,
        "at least 40 hostile inputs, found {}",
        files.len()
    );
    let env = TestEnv::new();
    env.plan("S", &["pending:A", "in_progress:B"]);
    let mut refused = 0;
    for path in &files {
        let bytes = fs::read(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        let path_text = path.to_str().unwrap();
        let mut codes = vec![
            check(
                &env,
                &["--json", "write"],
                Some(&bytes),
                &format!("write < {name}"),
            ),
            check(
                &env,
                &["--json", "write", "--file", path_text],
                None,
                &format!("write --file {name}"),
            ),
            check(
                &env,
                &["--json", "create"],
                Some(&bytes),
                &format!("create < {name}"),
            ),
            check(
                &env,
                &["--json", "update"],
                Some(&bytes),
                &format!("update < {name}"),
            ),
        ];
        // An argument cannot hold a NUL byte or invalid UTF-8; the rest go in as one.
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let fits = text.len() < 100_000; // Linux caps one argument at 128 KiB.
            if fits && !text.contains('\0') && !text.is_empty() && !text.starts_with('-') {
                codes.push(check(
                    &env,
                    &["--json", "write", text],
                    None,
                    &format!("write '{name}'"),
                ));
            }
        }
        refused += codes.iter().filter(|&&code| code == 1).count();
        // Put the plan back for the next file (an accepted input may have replaced it).
        env.plan("S", &["pending:A", "in_progress:B"]);
    }
    assert!(
        refused >= files.len() * 3,
        "most hostile inputs are refused: {refused}"
    );
}

fn shapes() -> Vec<&'static str> {
    vec![
        r#"{"summary":"Fix login","todos":[{"content":"Reproduce","status":"completed","id":"1"},{"content":"Patch","status":"in_progress"}]}"#,
        r#"{"todos":[{"title":"梳理需求","status":"done"},{"title":"实现主流程","status":"in_progress"}]}"#,
        r#"{"task":"Compare","steps":[{"id":"step1","description":"Search","status":"completed"}]}"#,
        r#"{"todos":[{"id":"todo_0","text":"Write tests","status":"pending"}]}"#,
        r#"[{"id":"1","text":"A","status":"pending"}]"#,
        r#"{"todos":[{"content":"Run","status":"in_progress","activeForm":"Running","priority":"high","id":"1"}]}"#,
        r#"{"explanation":"Refactor","plan":[{"step":"Split","status":"completed"}]}"#,
        r#"{"todos":[{"description":"Read","status":"cancelled"}]}"#,
        r#"{"merge":true,"todos":[{"id":"1","content":"Reproduce","status":"cancelled"}]}"#,
        r#"{"operation":"write","todoList":[{"id":1,"title":"A","description":"d\nd","status":"not-started"}]}"#,
        r#"{"todos":[{"id":"1","content":"A","status":"in-progress","priority":"high","blockedBy":[]}]}"#,
        r#"{"todos":"[x] Reproduce\n[-] Patch\n[ ] Test"}"#,
        "- [x] Reproduce\n- [ ] Patch\n",
        "```json\n{\"todos\":[{\"content\":\"A\",\"status\":\"blocked\"}]}\n```",
    ]
}

const INSERTS: &[&[u8]] = &[
    b"\\u0000",
    b"\x00",
    b"\\ud800",
    b"\\udfff",
    b"\\u001b[31m",
    b"\x1b]0;x\x07",
    b"\xff",
    b"\xc3",
    b"1e999",
    b"-99999999999999999999999999",
    b"\"status\":\"done\",",
    b"\"summary\":\"x\",",
    b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    b"{",
    b"}",
    b"\"",
    b"\\",
    b",",
    b"null",
    b"\xe2\x80\xae",
];

#[derive(Debug, Clone)]
enum Mutation {
    Drop { at: usize, len: usize },
    Duplicate { at: usize, len: usize },
    Flip { at: usize, mask: u8 },
    Insert { at: usize, what: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1..8usize).prop_map(|(at, len)| Mutation::Drop { at, len }),
        (any::<usize>(), 1..16usize).prop_map(|(at, len)| Mutation::Duplicate { at, len }),
        (any::<usize>(), 1..=255u8).prop_map(|(at, mask)| Mutation::Flip { at, mask }),
        (any::<usize>(), 0..INSERTS.len()).prop_map(|(at, what)| Mutation::Insert { at, what }),
    ]
}

fn mutate(base: &str, mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = base.as_bytes().to_vec();
    for mutation in mutations {
        let len = bytes.len().max(1);
        match *mutation {
            Mutation::Drop { at, len: n } => {
                let at = at % len;
                bytes.drain(at.min(bytes.len())..(at + n).min(bytes.len()));
            }
            Mutation::Duplicate { at, len: n } => {
                let at = (at % len).min(bytes.len());
                let piece = bytes[at..(at + n).min(bytes.len())].to_vec();
                bytes.splice(at..at, piece);
            }
            Mutation::Flip { at, mask } => {
                if !bytes.is_empty() {
                    bytes[at % len] ^= mask;
                }
            }
            Mutation::Insert { at, what } => {
                let at = (at % len).min(bytes.len());
                bytes.splice(at..at, INSERTS[what].iter().copied());
            }
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_snapshots_never_break_the_tool(shape in 0..8usize, mutations in prop::collection::vec(mutation(), 1..6)) {
        let env = TestEnv::new();
        env.plan("S", &["pending:A"]);
        let input = mutate(shapes()[shape], &mutations);
        check(&env, &["--json", "write"], Some(&input), &format!("{:?}", String::from_utf8_lossy(&input)));
    }
}

#[test]
fn a_200_mib_stdin_is_refused_in_little_memory() {
    let env = TestEnv::new();
    // GNU time forks the tool from a small process and reports that child's peak RSS: the
    // test process itself is large, and a child forked from it would count its pages.
    let mut child = env
        .todos(&["write"])
        .via(&["/usr/bin/time", "-f", "peak_kib=%M", "--"])
        .spawn_piped();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let chunk = vec![b'['; 1 << 20];
        let mut sent = 0usize;
        for _ in 0..200 {
            if stdin.write_all(&chunk).is_err() {
                break; // The tool stopped reading, as it should.
            }
            sent += chunk.len();
        }
        sent
    });
    let output = child.wait_with_output().unwrap();
    let sent = feeder.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    // stderr also holds the measured peak, which varies from run to run.
    assert!(
        stderr.contains("error: stdin is larger than 1 MiB"),
        "{stderr}"
    );
    let peak_kib: u64 = stderr
        .lines()
        .find_map(|line| line.strip_prefix("peak_kib="))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or_else(|| panic!("no peak in {stderr}"));
    assert!(peak_kib < 64 * 1024, "peak memory {peak_kib} KiB");
    assert!(
        sent < 200 << 20,
        "the tool stopped reading early (it read {sent} bytes)"
    );
    eprintln!("200 MiB stdin: refused after {sent} bytes, peak memory {peak_kib} KiB");
    assert!(env.tree().is_empty());
}

/// Each hostile fixture has its expected outcome in `tests/fixtures/hostile.expected`: a change
/// in what `todos` says of any of them shows up here, by name, and a new fixture must be listed.
#[test]
fn every_hostile_fixture_has_its_expected_outcome() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let manifest = fs::read_to_string(format!("{root}/hostile.expected")).unwrap();
    let expected: Vec<(&str, i32, &str)> = manifest
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.splitn(3, '\t');
            let name = fields.next().unwrap();
            let code = fields.next().and_then(|code| code.parse().ok()).unwrap();
            (name, code, fields.next().unwrap_or_default())
        })
        .collect();
    let mut listed: Vec<&str> = expected.iter().map(|(name, ..)| *name).collect();
    listed.sort_unstable();
    let mut present: Vec<String> = fs::read_dir(format!("{root}/hostile"))
        .unwrap()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    present.sort_unstable();
    assert_eq!(
        listed, present,
        "hostile.expected lists exactly the fixtures"
    );
    let env = TestEnv::new();
    for (name, code, what) in expected {
        env.plan("S", &["pending:A", "in_progress:B"]);
        let bytes = fs::read(format!("{root}/hostile/{name}")).unwrap();
        let before = env.tree();
        // Unchecked: hostile.expected states each fixture's outcome, checked below.
        let done = env.todos(&["--json", "write"]).stdin(bytes).run_unchecked();
        assert_eq!(done.code, code, "{name}: {}", done.stdout);
        let json = done.json();
        let (kind, detail) = what.split_once(' ').unwrap_or((what, ""));
        match kind {
            "ok" => assert_eq!(
                json["data"]["todos"].as_array().map(Vec::len),
                detail.parse().ok(),
                "{name}"
            ),
            "path" => {
                let path = json["error"]["details"][0]["path"]
                    .as_str()
                    .unwrap_or_default();
                assert!(path.starts_with(detail), "{name}: path {path:?}");
                assert_eq!(
                    env.tree(),
                    before,
                    "{name}: a refusal changed the workspace"
                );
            }
            "message" => {
                let message = json["error"]["message"].as_str().unwrap_or_default();
                assert!(message.contains(detail), "{name}: {message}");
                assert_eq!(
                    env.tree(),
                    before,
                    "{name}: a refusal changed the workspace"
                );
            }
            other => panic!("{name}: unknown expectation {other:?}"),
        }
    }
}

#[test]
fn a_recap_of_hundreds_of_short_names_does_not_panic() {
    let env = TestEnv::new();
    let todos: Vec<serde_json::Value> = (1..=500)
        .map(|i| serde_json::json!({"id": i.to_string(), "content": "x", "status": "failed"}))
        .collect();
    let store = serde_json::json!({"version": 1, "revision": 1, "next_id": 501, "todos": todos});
    env.write_file(".todos.json", serde_json::to_vec(&store).unwrap());
    env.todos(&["recap"])
        .expect_stdout(
            "[500/500] Finished, 500 failed: x; x; x; x; x; x; x; x; x; x; x; x; x; x; \
            x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; \
            x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; \
            x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x (+415 \
            more).\n",
        )
        .run()
        .success();
    env.todos(&["check"])
        .expect_stdout(
            "[500/500] Finished, 500 failed: x; x; x; x; x; x; x; x; x; x; x; x; x; x; \
            x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; \
            x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; \
            x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x; x (+415 \
            more).\n",
        )
        .run()
        .success();
}
