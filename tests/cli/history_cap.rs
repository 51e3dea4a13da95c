//! A history over 64 MiB (SPEC §9) is refused by `history`, `history REV` and `undo`, never
//! read into memory; a change still goes on (SPEC §6: a history line is never a reason to
//! refuse one). The files are sparse: they take no room on the disk.

use std::fs::OpenOptions;
use std::io::Write;

use crate::support::{
    HISTORY, TestEnv, envelope_end, repeated_revision, restored, still_open, unvouched_lines,
};

const CAP: u64 = 64 * 1024 * 1024;

/// A plan at revision 2 whose history holds its two lines with a 64 MiB hole between them.
fn oversize() -> (TestEnv, u64) {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Schema"]);
    env.plan("Ship", &["pending:Schema", "pending:Docs"]);
    let text = env.read(HISTORY);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let path = env.path(HISTORY);
    let file = OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(0).unwrap();
    drop(file);
    let mut file = OpenOptions::new().append(true).open(&path).unwrap();
    writeln!(file, "{}", lines[0]).unwrap();
    file.set_len(CAP + 10).unwrap();
    write!(file, "\n{}\n", lines[1]).unwrap();
    drop(file);
    let size = std::fs::metadata(&path).unwrap().len();
    (env, size)
}

/// Every file of the workspace but the history, and the history's start and size:
/// `everything()` would read the sparse file whole.
fn workspace(env: &TestEnv) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<(std::path::PathBuf, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if !path.ends_with(HISTORY) {
                out.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    let mut files = Vec::new();
    walk(&env.ws(), &mut files);
    files.sort();
    let (head, size) = ends(env);
    files.push((
        env.path(HISTORY),
        [head, size.to_le_bytes().to_vec()].concat(),
    ));
    files
}

fn ends(env: &TestEnv) -> (Vec<u8>, u64) {
    use std::io::Read;
    let mut head = vec![0_u8; 256];
    let mut file = std::fs::File::open(env.path(HISTORY)).unwrap();
    file.read_exact(&mut head).unwrap();
    (head, file.metadata().unwrap().len())
}

#[test]
fn history_and_undo_refuse_a_history_over_64_mib() {
    let (env, size) = oversize();
    // The refusal below names the file's size.
    assert_eq!(size, 67_109_157);
    let before = workspace(&env);
    for args in [
        &["history"][..],
        &["history", "1"],
        &["undo"],
        &["undo", "--to", "1"],
    ] {
        env.todos(args)
            .expect_code(1)
            .expect_stderr(concat!(
                "error: [ROOT]/ws/.todos/default.history.jsonl is larger than 64 MiB (67109157 \
                    bytes); todos does not read it\n",
                "hint: move it aside (rename it, e.g. to default.history.jsonl.old): history \
                    and undo start again from the next change; changes go on meanwhile\n",
            ))
            .run()
            .code(1);
        let done = env
            .todos(&[&["--json"][..], args].concat())
            .expect_code(1)
            .expect_stdout(concat!(
                "{\"status\":\"error\",\"error\":{\"code\":\"INVALID_PARAM\",\
                     \"message\":\"[ROOT]/ws/.todos/default.history.jsonl is larger than 64 \
                     MiB (67109157 bytes); todos does not read it\",\"details\":[],\
                     \"hint\":\"move it aside (rename it, e.g. to \
                     default.history.jsonl.old): history and undo start again from the next \
                     change; changes go on meanwhile\"},\"text\":\"error: \
                     [ROOT]/ws/.todos/default.history.jsonl is larger than 64 MiB (67109157 \
                     bytes); todos does not read it\",",
                envelope_end!(),
            ))
            .run()
            .code(1);
        assert_eq!(done.json()["error"]["code"], "INVALID_PARAM");
        assert!(workspace(&env) == before, "{args:?} changed the workspace");
    }
}

#[test]
fn a_change_goes_on_over_an_oversize_history_and_appends_to_it() {
    let (env, size) = oversize();
    let (head, _) = ends(&env);
    env.todos(&["update", "1", "completed"])
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] Schema\n",
            "  2 [ ] Docs\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    assert_eq!(env.store()["revision"], 3);
    let (after, grown) = ends(&env);
    assert_eq!(after, head, "the history's start is kept");
    assert!(grown > size, "revision 3 is appended");
    // Moved aside as the refusal says, history starts again from the next change.
    std::fs::rename(
        env.path(HISTORY),
        env.path(".todos/default.history.jsonl.old"),
    )
    .unwrap();
    env.todos(&["update", "2", "completed"])
        .expect_stdout(concat!(
            "[2/2] Ship\n",
            "  1 [x] Schema\n",
            "  2 [x] Docs\n",
            "All 2 done.\n"
        ))
        .run()
        .success();
    env.todos(&["history"])
        .expect_stdout(concat!(
            "4  2025-01-02 17:42:33  update          [2/2]  2 pending → completed\n",
            "3  2025-01-02 17:42:33  (not recorded)  [1/2]  2 items\n"
        ))
        .run()
        .success();
    env.todos(&["undo"])
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] Schema\n",
            "  2 [ ] Docs\n",
            still_open!(1 of 2)
        ))
        .expect_stderr(restored!(3))
        .run()
        .success();
    assert_eq!(env.store()["todos"][1]["status"], "pending");
}

#[test]
fn a_change_that_trims_an_oversize_history_reads_only_its_end() {
    let (env, _) = oversize();
    // With room for one revision, the change trims: it reads the latest 64 MiB, not the whole
    // file, and keeps the latest revisions.
    env.todos(&["update", "1", "completed"])
        .env("TODOS_HISTORY_LIMIT", "1")
        .expect_stdout(concat!(
            "[1/2] Ship\n",
            "  1 [x] Schema\n",
            "  2 [ ] Docs\n",
            still_open!(1 of 2)
        ))
        .run()
        .success();
    let size = std::fs::metadata(env.path(HISTORY)).unwrap().len();
    assert!(size < 4096, "trimmed to the latest revisions: {size} bytes");
    env.todos(&["history"])
        .expect_stdout("3  2025-01-02 17:42:33  update  [1/2]  2 items\n")
        .run()
        .success();
}

/// The peak memory of `run`, through `/usr/bin/time -v`; `None` (and a line on stderr) where
/// there is none.
fn peak_kib(run: crate::support::Run) -> Option<u64> {
    if !std::path::Path::new("/usr/bin/time").is_file() {
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no /usr/bin/time to measure memory"
        );
        return None;
    }
    // time -v's report on stderr varies with the machine; stdout is the measured command's.
    let done = run.via(&["/usr/bin/time", "-v"]).run_unchecked().success();
    let line = done
        .stderr
        .lines()
        .find(|line| line.contains("Maximum resident set size"))
        .expect("time -v reports the peak");
    Some(line.rsplit(' ').next().unwrap().trim().parse().unwrap())
}

/// Over 100 MB of history lines todos could have written, the last at the store's revision.
fn long_history(env: &TestEnv) -> u64 {
    env.plan("Ship", &["pending:A"]);
    let items: Vec<String> = (1..=10)
        .map(|id| {
            format!(
                r#"{{"id":"{id}","content":"Step {id} of a plan that was written many times","status":"pending"}}"#
            )
        })
        .collect();
    let rest = format!(
        r#","at":"2025-01-02T17:42:33+00:00","command":"write","summary":"Ship","todos":[{}],"next_id":11}}"#,
        items.join(",")
    );
    let mut file = std::io::BufWriter::new(std::fs::File::create(env.path(HISTORY)).unwrap());
    let mut written = 0_usize;
    let mut revision = 0_u64;
    while written < 100 * 1024 * 1024 {
        revision += 1;
        let line = format!("{{\"revision\":{revision}{rest}\n");
        written += line.len();
        file.write_all(line.as_bytes()).unwrap();
    }
    drop(file);
    let mut store = env.store();
    store["revision"] = revision.into();
    env.write_file(".todos.json", serde_json::to_string_pretty(&store).unwrap());
    revision
}

#[test]
fn a_change_over_a_100_mb_history_costs_under_40_mib() {
    let env = TestEnv::on_disk();
    let last = long_history(&env);
    let Some(peak) = peak_kib(env.todos(&["-q", "create", "x"])) else {
        return;
    };
    assert!(
        peak < 40 * 1024,
        "create over a 100 MB history peaked at {peak} KiB"
    );
    assert_eq!(env.store()["revision"], last + 1);
    // The trim kept the latest revisions: history and undo read them. The store (written
    // here by hand) did not hold the last line's plan, so the change wrote the store's own
    // line first, "(not recorded)", and went on from it (SPEC §9).
    let shown = env
        .todos(&["history", "--limit", "2"])
        .expect_stdout(concat!(
            "106786  2025-01-02 17:42:33  create          [0/2]  added 2\n",
            "106785  2025-01-02 17:42:33  (not recorded)  [0/1]  removed 2 \"Step 2 of \
                    a plan that was written many times\" (pending), 3 \"Step 3 of a plan that \
                    was written many times\" (pending), 4 \"Step 4 of a plan that was written \
                    many times\" (pending), 5 \"Step 5 of a plan that was written many times\" \
                    (pending), 6 \"Step 6 of a plan that was written many times\" (pending), \
                    7 \"Step 7 of a plan that was written many times\" (pending), 8 \"Step 8 \
                    of a plan that was written many times\" (pending), 9 \"Step 9 of a plan \
                    that was written many times\" (pending), 10 \"Step 10 of a plan that was \
                    written many times\" (pending); 1 reworded\n",
        ))
        .expect_stderr(concat!(
            repeated_revision!(line 98, revision 106785),
            unvouched_lines!(97),
        ))
        .run()
        .success()
        .stdout;
    assert!(
        shown.starts_with(&format!("{}  ", last + 1)) && shown.contains(&format!("\n{last}  ")),
        "{shown}"
    );
    // A torn last line of 100 MB (a hole of zeros, no newline): the same.
    let file = OpenOptions::new()
        .append(true)
        .open(env.path(HISTORY))
        .unwrap();
    file.set_len(file.metadata().unwrap().len() + 100 * 1024 * 1024)
        .unwrap();
    drop(file);
    let Some(peak) = peak_kib(env.todos(&["-q", "create", "y"])) else {
        return;
    };
    assert!(
        peak < 40 * 1024,
        "create over a torn 100 MB line peaked at {peak} KiB"
    );
    let shown = env
        .todos(&["history", "--limit", "1"])
        .expect_stdout("106787  2025-01-02 17:42:33  create  [0/3]  added 3\n")
        .run()
        .success()
        .stdout;
    assert!(shown.starts_with(&format!("{}  ", last + 2)), "{shown}");
}
