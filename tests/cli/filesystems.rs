//! A full disk or a read-only filesystem at any step of a change (SPEC §9): nothing lost that
//! `undo` needs, no torn log block, a retry that works, and a plan that still shows.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::support::{Done, HISTORY, TestEnv, restored, still_open, unchanged};

/// A tmpfs mounted for one test, unmounted when dropped. The tests run as root (here and in
/// CI, on the same kind of machine); where mounting is not allowed the test says so on stderr,
/// outside the test harness's capture, rather than passing silently.
struct Mount {
    path: std::path::PathBuf,
}

impl Mount {
    fn tmpfs(path: &Path, size: &str) -> Option<Self> {
        fs::create_dir_all(path).unwrap();
        let output = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(path)
            .output();
        match output {
            Ok(output) if output.status.success() => Some(Self {
                path: path.to_path_buf(),
            }),
            Ok(output) => skipped(&String::from_utf8_lossy(&output.stderr)),
            Err(err) => skipped(&err.to_string()),
        }
    }

    fn read_only(&self) {
        let status = Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(&self.path)
            .status()
            .unwrap();
        assert!(status.success(), "remount read-only");
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.path).status();
    }
}

pub(crate) fn skipped<T>(why: &str) -> Option<T> {
    use std::io::Write as _;
    // Not `eprintln!`: the harness captures that for a passing test, and this must be seen.
    let _ = writeln!(
        std::io::stderr(),
        "skipped: cannot mount tmpfs: {}",
        why.trim()
    );
    None
}

pub(crate) fn which(name: &str) -> Result<String, ()> {
    let output = Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .map_err(|_| ())?;
    let path = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    if output.status.success() && !path.is_empty() {
        Ok(path)
    } else {
        Err(())
    }
}

/// Fills the file system holding `path` to the last byte.
fn fill(path: &Path) {
    use std::io::Write as _;
    let mut file = fs::File::create(path).unwrap();
    let page = [b'x'; 4096];
    while file.write_all(&page).is_ok() {}
    while file.write_all(b"x").is_ok() {}
    let _ = file.sync_all();
}

fn log_blocks(env: &TestEnv, file: &str) -> usize {
    env.read(&format!("memory/todos/{file}"))
        .matches("# task")
        .count()
}

const LOG: &str = "todoList-20250102-174233.md";

#[test]
fn a_full_disk_mid_save_loses_nothing_undo_needs_and_a_retry_works() {
    let env = TestEnv::new();
    let Some(_mount) = Mount::tmpfs(&env.ws(), "512k") else {
        return;
    };
    fs::create_dir(env.path(".git")).unwrap();
    env.plan("S", &["pending:a"]);
    env.todos(&["create", "b"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            still_open!(2 of 2)
        ))
        .run()
        .success();
    let history_before = env.read(HISTORY);
    fill(&env.path("filler"));
    for args in [
        &["create", "c"][..],
        &["update", "1", "completed"],
        &["undo"],
    ] {
        let done = env.rejects(
            env.todos(args).stderr_varies(
                "names the temporary file, whose name holds the process id; checked below",
            ),
            5,
        );
        assert!(done.stderr.contains("No space left"), "{}", done.stderr);
    }
    assert_eq!(env.read(HISTORY), history_before);
    fs::remove_file(env.path("filler")).unwrap();
    env.todos(&["create", "c"])
        .expect_stdout(concat!(
            "[0/3] S\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            "  3 [ ] c\n",
            still_open!(3 of 3)
        ))
        .run()
        .success();
    assert_eq!(env.read(HISTORY).lines().count(), 3);
    env.todos(&["undo"])
        .expect_stdout(concat!(
            "[0/2] S\n",
            "  1 [ ] a\n",
            "  2 [ ] b\n",
            still_open!(2 of 2)
        ))
        .expect_stderr(restored!(2))
        .run()
        .success();
    assert_eq!(env.store()["todos"].as_array().unwrap().len(), 2);
}

/// Finishes two plans of one session, each first refused (exit 5) on a full disk and then
/// retried with room: the session's first block (a new log file), then a later one (the file
/// replaced). Returns the first refusal.
fn finish_two_plans_through_a_full_disk(env: &TestEnv) -> Done {
    let refused_when_full = |args: &[&str], printed: &str| {
        fill(&env.path("filler"));
        let done = env.rejects(
            env.todos(args).stderr_varies(
                "names the temporary file, whose name holds the process id; checked by the caller",
            ),
            5,
        );
        fs::remove_file(env.path("filler")).unwrap();
        // The same change, retried with room: it finishes the plan's one item.
        env.todos(args).expect_stdout(printed).run();
        done
    };
    env.plan("S", &["in_progress:a"]);
    let first = refused_when_full(
        &["update", "1", "completed"],
        "[1/1] S\n  1 [x] a\nThe one item is done.\n",
    );
    assert_eq!(log_blocks(env, LOG), 1);
    env.todos(&["write", "--summary", "T", "-t", "in_progress:b"])
        .expect_stdout(concat!("[0/1] T\n", "  2 [▶] b\n", still_open!(1 of 1)))
        .run()
        .success();
    refused_when_full(
        &["update", "2", "completed"],
        "[1/1] T\n  2 [x] b\nThe one item is done.\n",
    );
    assert_eq!(log_blocks(env, LOG), 2);
    first
}

#[test]
fn a_full_disk_mid_log_leaves_no_torn_block_and_a_retry_adds_one() {
    let env = TestEnv::new();
    let Some(_mount) = Mount::tmpfs(&env.ws(), "512k") else {
        return;
    };
    fs::create_dir(env.path(".git")).unwrap();
    let done = finish_two_plans_through_a_full_disk(&env);
    // The refusal names the temporary file, whose name holds the process id.
    assert!(done.stderr.contains("No space left"), "{}", done.stderr);
    env.todos(&["update", "2", "completed"])
        .expect_stdout(concat!(
            "[1/1] T\n",
            "  2 [x] b\n",
            "The one item is done.\n"
        ))
        .expect_stderr(unchanged!(4))
        .run()
        .success();
    assert_eq!(log_blocks(&env, LOG), 2, "a retry adds no second block");
    let log = env.read(&format!("memory/todos/{LOG}"));
    assert!(
        log.starts_with("# task1-") && log.contains("\n\n# task2-"),
        "{log}"
    );
}

#[test]
fn a_save_that_fails_after_the_log_takes_its_block_back() {
    let env = TestEnv::new();
    let Some(_workspace) = Mount::tmpfs(&env.ws(), "512k") else {
        return;
    };
    // The log on a file system of its own, with room: only the store's write fails, after
    // the block was written; it is taken back out (the new file removed, the old put back).
    let Some(_memory) = Mount::tmpfs(&env.path("memory"), "1m") else {
        return;
    };
    fs::create_dir(env.path(".git")).unwrap();
    fs::create_dir(env.path("memory/todos")).unwrap();
    let done = finish_two_plans_through_a_full_disk(&env);
    // The refusal names the temporary file, whose name holds the process id.
    assert!(done.stderr.contains(".todos-tmp"), "{}", done.stderr);
}

#[test]
fn a_read_only_workspace_refuses_changes_and_still_shows() {
    let env = TestEnv::new();
    let Some(mount) = Mount::tmpfs(&env.ws(), "1m") else {
        return;
    };
    fs::create_dir(env.path(".git")).unwrap();
    env.plan("S", &["in_progress:a"]);
    mount.read_only();
    for args in [
        &["update", "1", "completed"][..],
        &["create", "b"],
        &["undo"],
        &["init"],
    ] {
        env.rejects(env.todos(args).expect_stderr("error: cannot open the lock file [ROOT]/ws/.todos/default.json.lock: Read-only file system (os error 30)\n"), 5);
    }
    env.todos(&["show"])
        .expect_stdout(concat!("[0/1] S\n", "  1 [▶] a\n"))
        .run()
        .success();
}
