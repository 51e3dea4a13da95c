//! One plan across machines through a git remote (SPEC §11), with real git: clones of a bare
//! repository by path and one served by `git daemon` on loopback; racing clones, a remote that
//! refuses or hangs, a ref pushed over by hand.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write as _;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::{Run, TestEnv, bin_dir, gitattributes_created, still_open};

/// A bare repository `remote.git` in the test's folder, and clones of it beside.
struct Remote {
    env: TestEnv,
}

impl Remote {
    fn new() -> Self {
        Self::of_format("sha1")
    }

    /// A remote whose objects are named by `format` (`sha1`, `sha256`).
    fn of_format(format: &str) -> Self {
        let env = TestEnv::new();
        let format = format!("--object-format={format}");
        env.git_in(
            &env.root(),
            &["init", "-q", "--bare", &format, "remote.git"],
        )
        .success();
        Self { env }
    }

    /// Points `clone`'s `origin` at a repository that is not there: the remote is out of reach,
    /// and git says so as `NOWHERE`.
    fn cut_off(&self, clone: &Path) {
        self.point_origin(clone, &self.env.root().join("nowhere.git"));
    }

    /// Points `clone`'s `origin` back at the remote.
    fn reconnect(&self, clone: &Path) {
        self.point_origin(clone, &self.bare());
    }

    fn point_origin(&self, clone: &Path, at: &Path) {
        self.git(
            clone,
            &["remote", "set-url", "origin", at.to_str().unwrap()],
        );
    }

    /// The remote's `pre-receive` hook: `script`, run by sh.
    fn hook(&self, script: &str) {
        let hook = self.bare().join("hooks/pre-receive");
        fs::write(&hook, format!("#!/bin/sh\n{script}")).unwrap();
        let mut mode = fs::metadata(&hook).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut mode, 0o755);
        fs::set_permissions(&hook, mode).unwrap();
    }

    fn bare(&self) -> PathBuf {
        self.env.root().join("remote.git")
    }

    /// A clone of the remote, named `name`, beside it.
    #[track_caller]
    fn clone(&self, name: &str) -> PathBuf {
        self.env
            .git_in(&self.env.root(), &["clone", "-q", "remote.git", name])
            .success();
        self.env.root().join(name)
    }

    /// `todos ARGS…` in `clone`, with the remote `origin`.
    fn todos(&self, clone: &Path, args: &[&str]) -> Run {
        self.env
            .todos(args)
            .current_dir(clone)
            .env("PATH", path())
            .env("TODOS_REMOTE", "origin")
            .env("TODOS_REMOTE_TIMEOUT", "5s")
    }

    /// The plan `a`, `b`, `c` made in `clone`, one item a line on stdin.
    #[track_caller]
    fn create_abc(&self, clone: &Path) {
        self.todos(clone, &["create"])
            .stdin("a\nb\nc\n")
            .expect_stdout(ABC)
            .run();
    }

    /// A remote and its clone `a`, where the plan `a`, `b`, `c` was made and pushed.
    #[track_caller]
    fn with_abc() -> (Self, PathBuf) {
        let net = Self::new();
        let a = net.clone("a");
        net.create_abc(&a);
        (net, a)
    }

    /// A remote, its clones `a` and `b`, and the plan `a`, `b`, `c` made and pushed on `a`
    /// (`b` has not synced it yet).
    #[track_caller]
    fn with_abc_and_b() -> (Self, PathBuf, PathBuf) {
        let net = Self::new();
        let a = net.clone("a");
        let b = net.clone("b");
        net.create_abc(&a);
        (net, a, b)
    }

    /// `sync` in `clone`, to bring the remote's plan: its lines are checked in the first test.
    #[track_caller]
    fn sync_quietly(&self, clone: &Path) {
        self.todos(clone, &["sync"])
            .stdout_varies("sync's lines are checked in the first test")
            .run();
    }

    /// `todos ARGS…` in `clone` with no remote named by the environment: what its own
    /// settings (the clone's git config, `.todos.config.json`) choose.
    fn todos_on_its_own(&self, clone: &Path, args: &[&str]) -> Run {
        self.env.todos(args).current_dir(clone).env("PATH", path())
    }

    /// `todos update ID STATUS` in `clone`, a step on the way: its checklist is update.rs's to
    /// check.
    fn update(&self, clone: &Path, id: &str, status: &str) -> Run {
        self.todos(clone, &["update", id, status])
            .stdout_varies("update's checklist is update.rs's to check")
    }

    /// `git ARGS…` in `dir`, its output.
    #[track_caller]
    fn git(&self, dir: &Path, args: &[&str]) -> String {
        let done = self.env.git_in(dir, args).success();
        done.stdout
    }

    /// The ref's log on the remote: each commit's subject and trailers.
    fn log(&self) -> String {
        self.git(
            &self.bare(),
            &["log", "--format=%s%n%b%an", "refs/todos/default"],
        )
    }

    /// The plan the remote's ref holds.
    fn remote_plan(&self) -> Value {
        let text = self.git(&self.bare(), &["show", "refs/todos/default:default.json"]);
        serde_json::from_str(&text).unwrap()
    }

    /// A commit on the remote's ref, after `parent`, whose `default.json` is `bytes`: what a
    /// hand (or a hostile script) pushes.
    fn plant(&self, bytes: &[u8], parent: Option<&str>) -> String {
        let scratch = self.env.root().join("planted");
        fs::create_dir_all(&scratch).unwrap();
        fs::write(scratch.join("default.json"), bytes).unwrap();
        let bare = self.bare();
        let git = |args: &[&str]| {
            let mut all = vec!["--git-dir", bare.to_str().unwrap()];
            all.extend(args);
            self.git(&scratch, &all).trim().to_owned()
        };
        let blob = git(&["hash-object", "-w", "default.json"]);
        let tree = self.mktree(&bare, &blob);
        let mut args = vec!["commit-tree", tree.as_str(), "-m", "by hand"];
        if let Some(parent) = parent {
            args.extend(["-p", parent]);
        }
        let commit = git(&args);
        git(&["update-ref", "refs/todos/default", &commit]);
        commit
    }

    fn mktree(&self, bare: &Path, blob: &str) -> String {
        let mut child = Command::new("git")
            .args(["--git-dir", bare.to_str().unwrap(), "mktree"])
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("HOME", self.env.home())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(format!("100644 blob {blob}\tdefault.json\n").as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    }

    fn tip(&self) -> String {
        self.git(&self.bare(), &["rev-parse", "refs/todos/default"])
            .trim()
            .to_owned()
    }
}

/// The test's PATH: the binary under test first, then the system's git.
fn path() -> std::ffi::OsString {
    std::env::join_paths([
        bin_dir(),
        PathBuf::from("/usr/local/bin"),
        "/usr/bin".into(),
        "/bin".into(),
    ])
    .unwrap()
}

/// Every file of a clone but its `.git`: what a refused change must leave as it was (a fetch
/// may bring the remote's objects into `.git`, and that is all it may touch).
fn plan_files(clone: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, files: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.file_name().is_some_and(|name| name == ".git") {
                continue;
            }
            if path.is_dir() {
                walk(root, &path, files);
            } else {
                let bytes = fs::read(&path).unwrap_or_default();
                files.insert(path.strip_prefix(root).unwrap().to_path_buf(), bytes);
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(clone, clone, &mut files);
    files.remove(Path::new(".todos/default.json.lock"));
    files
}

const ABC: &str = concat!(
    "[0/3] (no summary)\n",
    "  1 [ ] a\n",
    "  2 [ ] b\n",
    "  3 [ ] c\n",
    still_open!(3 of 3)
);

/// What git says of the remote `cut_off` points a clone at.
const NOWHERE: &str = "fatal: '[ROOT]/nowhere.git' does not appear to be a git repository";

/// The warning of a change saved here as `revision` that the remote did not get, and why.
fn not_pushed(revision: u64, why: &str) -> String {
    format!(
        "warning: revision {revision} is saved here but not yet on the remote \"origin\" ({why}): \
         the next change or `todos sync` pushes it\n"
    )
}

/// The refusal of a claim the remote cannot confirm, and why.
fn claim_unreachable(why: &str) -> String {
    format!(
        "error: a claim needs the remote \"origin\", which cannot be reached: {why}\n\
         hint: nothing changed; run it again once the remote answers, or pass --offline to claim \
         on this machine alone\n"
    )
}

/// What `show` and `recap` say while one revision waits to be pushed.
const ONE_WAITS: &str = "warning: 1 revision of this plan is saved here but not yet on the \
                         remote \"origin\": the next change or `todos sync` pushes it\n";

#[test]
fn a_change_lands_on_the_ref_as_a_commit_and_another_clone_syncs_it() {
    let (net, a, b) = Remote::with_abc_and_b();
    net.update(&a, "2", "completed")
        .env("TODOS_OWNER", "ana")
        .run();
    assert_eq!(
        net.log(),
        concat!(
            "update: 2 completed [1/3]\n",
            "Todos-Revision: 2\n",
            "Todos-Owner: ana\n",
            "ana\n",
            "create: added 1, 2, 3 [0/3]\n",
            "Todos-Revision: 1\n",
            "todos\n",
        )
    );
    assert_eq!(net.remote_plan()["revision"], 2);
    // A read stays local: b has seen nothing yet.
    net.todos(&b, &["recap"])
        .expect_stdout("[0/0] No todos.\n")
        .stderr_varies("the no-plan-yet note names the clone's folder")
        .run();
    net.todos(&b, &["sync"])
        .expect_stdout("default: revision 0 -> 2, came in: added 1, 2, 3 [1/3]\n")
        .run();
    net.todos(&b, &["recap"])
        .expect_stdout("[1/3] Pending: a; c.\n")
        .run();
    net.todos(&b, &["sync"])
        .expect_stdout("default: up to date at revision 2\n")
        .run();
    // b's change goes on from a's: one history on the remote.
    net.update(&b, "1", "cancelled").run();
    net.todos(&a, &["recap"])
        .expect_stdout("[1/3] Pending: a; c.\n")
        .run();
    net.todos(&a, &["update", "3", "completed"])
        .expect_stdout(concat!(
            "[3/3] (no summary)\n",
            "  1 [~] a\n",
            "  2 [x] b\n",
            "  3 [x] c\n",
            "All 3 done.\n"
        ))
        .run();
    assert_eq!(net.remote_plan()["revision"], 4);
}

#[test]
fn without_a_remote_setting_a_committed_suggestion_fetches_nothing() {
    let net = Remote::new();
    let a = net.clone("a");
    fs::write(a.join(".todos.config.json"), r#"{"remote": "origin"}"#).unwrap();
    net.todos_on_its_own(&a, &["create"])
        .stdin("a\n")
        .stdout_varies("create's checklist is create.rs's to check")
        .expect_stderr(concat!(
            "warning: this repository shares its plan on the remote \"origin\" ",
            "(.todos.config.json): `todos init --git --remote origin` joins it\n"
        ))
        .run();
    // Said once: the next change keeps quiet about it.
    net.todos_on_its_own(&a, &["create"])
        .stdin("b\n")
        .stdout_varies("create's checklist is create.rs's to check")
        .run();
    assert!(
        net.env
            .git_in(
                &net.bare(),
                &["rev-parse", "--verify", "-q", "refs/todos/default"]
            )
            .stdout
            .is_empty(),
        "nothing was pushed"
    );
}

#[test]
fn the_clones_git_config_turns_it_on_and_sync_without_one_says_how() {
    let net = Remote::new();
    let a = net.clone("a");
    net.todos_on_its_own(&a, &["sync"])
        .expect_stderr(concat!(
            "note: this clone shares no plan on a git remote: nothing to sync; ",
            "`todos init --git --remote origin` shares this clone's plans on origin ",
            "(TODOS_REMOTE for one run)\n"
        ))
        .run();
    net.git(&a, &["config", "todos.remote", "origin"]);
    net.todos_on_its_own(&a, &["create"])
        .stdin("a\n")
        .stdout_varies("create's checklist is create.rs's to check")
        .run();
    assert_eq!(net.remote_plan()["todos"][0]["content"], "a");
}

#[test]
fn offline_work_is_kept_and_pushed_later_merged_with_what_came_meanwhile() {
    let (net, a, b) = Remote::with_abc_and_b();
    net.sync_quietly(&b);
    // a loses its remote; its change is saved here and waits.
    net.cut_off(&a);
    net.update(&a, "1", "completed")
        .expect_stderr(not_pushed(2, NOWHERE))
        .run();
    // show and recap say what waits, from what this clone last had in common: no network.
    net.todos(&a, &["recap"])
        .expect_stdout("[1/3] Pending: b; c.\n")
        .expect_stderr(ONE_WAITS)
        .run();
    net.todos(&a, &["show"])
        .stdout_varies("show's checklist is show.rs's to check")
        .expect_stderr(ONE_WAITS)
        .run();
    // Meanwhile b completes another item on the remote.
    net.update(&b, "3", "completed").run();
    net.reconnect(&a);
    net.todos(&a, &["sync"])
        .expect_stdout("default: revision 2 -> 3, came in: 3 completed [2/3]; pushed revision 3\n")
        .run();
    // Pushed: nothing waits any more.
    net.todos(&a, &["recap"])
        .expect_stdout("[2/3] Pending: b.\n")
        .run();
    let plan = net.remote_plan();
    let statuses: Vec<&str> = plan["todos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["completed", "pending", "completed"]);
}

#[test]
fn a_claim_needs_the_remote_unless_offline() {
    let (net, a) = Remote::with_abc();
    net.cut_off(&a);
    net.env.rejects(
        net.todos(&a, &["next", "--claim"])
            .env("TODOS_OWNER", "w1")
            .expect_stderr(claim_unreachable(NOWHERE)),
        7,
    );
    net.env.rejects(
        net.todos(&a, &["update", "2", "--owner", "w1"])
            .expect_stderr(claim_unreachable(NOWHERE)),
        7,
    );
    net.todos(&a, &["--offline", "next", "--claim"])
        .env("TODOS_OWNER", "w1")
        .expect_stdout("  1 [▶] a @w1\n")
        .expect_stderr(not_pushed(2, NOWHERE))
        .run();
}

#[test]
fn a_remote_that_refuses_the_push_is_quoted_and_the_change_waits() {
    let (net, a) = Remote::with_abc();
    net.hook("echo 'refs/todos/* are protected here' >&2\nexit 1\n");
    let before = plan_files(&a);
    // A claim the remote did not take is no claim: nothing changes here.
    net.todos(&a, &["next", "--claim"])
        .env("TODOS_OWNER", "w1")
        .expect_code(7)
        .expect_stderr(concat!(
            "error: the remote \"origin\" refused the push of refs/todos/default: ",
            "[remote rejected] (pre-receive hook declined): ",
            "remote: refs/todos/* are protected here\n",
            "hint: what waits here stays here; `todos sync` tries again once the remote takes it\n"
        ))
        .run();
    assert_eq!(
        plan_files(&a),
        before,
        "the refused claim changed the clone"
    );
    // Another change is kept here, as revision 2, and says so.
    net.todos(&a, &["update", "1", "completed"])
        .expect_code(7)
        .expect_stderr(concat!(
            "error: the remote \"origin\" refused the push of refs/todos/default: ",
            "[remote rejected] (pre-receive hook declined): ",
            "remote: refs/todos/* are protected here\n",
            "hint: the change was saved here as revision 2 and waits to be pushed: do not make ",
            "it again; `todos sync` pushes it once the remote takes it\n"
        ))
        .run();
    net.todos(&a, &["recap"])
        .expect_stdout("[1/3] Pending: b; c.\n")
        .expect_stderr(ONE_WAITS)
        .run();
    fs::remove_file(net.bare().join("hooks/pre-receive")).unwrap();
    net.todos(&a, &["sync"])
        .expect_stdout("default: pushed revision 2\n")
        .run();
    assert_eq!(net.remote_plan()["todos"][0]["status"], "completed");
}

/// A listener on loopback that takes connections and never answers: a remote that hangs.
fn hanging_remote() -> (TcpListener, u16) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    (listener, port)
}

#[test]
fn a_remote_that_hangs_costs_at_most_remote_timeout() {
    let (net, a) = Remote::with_abc();
    let (listener, port) = hanging_remote();
    let held = thread::spawn(move || {
        // Hold every connection open, unanswered, until the listener is dropped.
        let mut open = Vec::new();
        for stream in listener.incoming().take(2).flatten() {
            open.push(stream);
        }
        thread::sleep(Duration::from_secs(3));
    });
    let url = format!("git://127.0.0.1:{port}/x.git");
    net.git(&a, &["remote", "set-url", "origin", &url]);
    let started = Instant::now();
    net.env.rejects(
        net.todos(&a, &["next", "--claim"])
            .env("TODOS_OWNER", "w1")
            .env("TODOS_REMOTE_TIMEOUT", "1s")
            .expect_stderr(claim_unreachable("no answer within remote_timeout")),
        7,
    );
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(3),
        "the hanging remote took {took:?}"
    );
    net.update(&a, "1", "completed")
        .env("TODOS_REMOTE_TIMEOUT", "1s")
        .expect_stderr(not_pushed(2, "no answer within remote_timeout"))
        .run();
    drop(held);
}

#[test]
fn a_hostile_ref_is_refused_and_named_and_the_local_plan_stays() {
    let (net, a) = Remote::with_abc();
    let good = net.tip();
    let cases: [(&[u8], &str); 3] = [
        (b"{not json", "key must be a string at line 1 column 2"),
        (
            br#"{"version":1,"revision":9,"next_id":2,"todos":[{"id":"1","content":"a\u001b]0;owned\u0007","status":"pending"}]}"#,
            "todos[0].content: holds a control character (U+001B); use one line of printable text",
        ),
        (
            br#"{"version":1,"revision":9,"next_id":2,"todos":[],"extra":1}"#,
            "unknown field `extra`, expected one of `version`, `revision`, `updated_at`, `history`, `next_id`, `summary`, `session`, `todos` at line 1 column 56",
        ),
    ];
    for (bytes, why) in cases {
        let planted = net.plant(bytes, Some(&good));
        let before = plan_files(&a);
        let done = net
            .todos(&a, &["update", "1", "completed"])
            .expect_code(7)
            .stderr_varies("compared whole below, with the planted commit's name")
            .run();
        assert_eq!(plan_files(&a), before, "the hostile ref changed the clone");
        let short = &planted[..12];
        assert_eq!(
            done.stderr,
            format!(
                "error: refs/todos/default on \"origin\" (commit {short}) is not a plan todos takes: {why}\n\
                 hint: nothing changed here; push a good plan over it (git push --force origin \
                 COMMIT:refs/todos/default), or delete it (git push origin :refs/todos/default) \
                 and the next change publishes this one\n"
            )
        );
    }
    net.git(&net.bare(), &["update-ref", "refs/todos/default", &good]);
    net.todos(&a, &["sync"])
        .expect_stdout("default: up to date at revision 1\n")
        .run();
}

#[test]
fn a_ref_moved_backwards_or_to_another_history_waits_for_adopt() {
    let (net, a) = Remote::with_abc();
    let first = net.tip();
    net.update(&a, "1", "completed").run();
    let second = net.tip();
    net.git(&net.bare(), &["update-ref", "refs/todos/default", &first]);
    let before = plan_files(&a);
    let done = net
        .todos(&a, &["update", "2", "completed"])
        .expect_code(7)
        .stderr_varies("compared below, with the commits' names")
        .run();
    assert_eq!(plan_files(&a), before, "the moved ref changed the clone");
    assert_eq!(
        done.stderr,
        format!(
            "error: refs/todos/default on \"origin\" moved backwards, to an older plan (from {} to {}): \
             someone pushed over it by hand\n\
             hint: nothing changed here; `todos sync --adopt` takes the remote's plan on purpose \
             (this one stays in the history: `todos undo` brings it back)\n",
            &second[..12],
            &first[..12]
        )
    );
    // Another history altogether.
    let other = net.plant(
        br#"{"version":1,"revision":1,"next_id":2,"todos":[{"id":"1","content":"x","status":"pending"}]}"#,
        None,
    );
    let done = net
        .todos(&a, &["sync"])
        .expect_code(7)
        .stderr_varies("compared below, with the commits' names")
        .run();
    assert!(
        done.stderr.starts_with(&format!(
            "error: refs/todos/default on \"origin\" moved to an unrelated history (from {} to {})",
            &second[..12],
            &other[..12]
        )),
        "{}",
        done.stderr
    );
    net.todos(&a, &["sync", "--adopt"])
        .expect_stdout("default: revision 2 -> 3, came in: removed 2, 3; 1 pending [0/1]\n")
        .run();
    net.todos(&a, &["recap"])
        .expect_stdout("[0/1] Pending: x.\n")
        .run();
    net.todos(&a, &["undo"])
        .stdout_varies("undo's checklist is undo.rs's to check")
        .stderr_varies("undo's note is undo.rs's to check")
        .run();
    net.todos(&a, &["recap"])
        .expect_stdout("[1/3] Pending: b; c.\n")
        .run();
}

/// The items in progress on the remote, by owner.
fn claimed(plan: &Value) -> BTreeMap<String, String> {
    plan["todos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["status"] == "in_progress")
        .map(|item| {
            (
                item["owner"].as_str().unwrap_or_default().to_owned(),
                item["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn eight_clones_racing_for_claims_get_eight_items_and_every_revision_is_logged() {
    let net = Remote::new();
    let clones: Vec<PathBuf> = (1..=8).map(|n| net.clone(&format!("c{n}"))).collect();
    net.todos(&clones[0], &["create"])
        .stdin("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n")
        .stdout_varies("create's checklist is create.rs's to check")
        .run();
    thread::scope(|scope| {
        for (n, clone) in clones.iter().enumerate() {
            let net = &net;
            scope.spawn(move || {
                net.todos(clone, &["next", "--claim"])
                    .env("TODOS_OWNER", format!("w{}", n + 1))
                    .env("TODOS_REMOTE_TIMEOUT", "30s")
                    .stdout_varies("which item each racer gets varies")
                    .run();
            });
        }
    });
    let plan = net.remote_plan();
    let owners = claimed(&plan);
    assert_eq!(owners.len(), 8, "{owners:?}");
    let items: BTreeSet<&String> = owners.values().collect();
    assert_eq!(items.len(), 8, "one item each: {owners:?}");
    assert_eq!(plan["revision"], 9);
    let revisions: Vec<String> = net
        .git(
            &net.bare(),
            &[
                "log",
                "--format=%(trailers:key=Todos-Revision,valueonly)",
                "refs/todos/default",
            ],
        )
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    assert_eq!(revisions, ["9", "8", "7", "6", "5", "4", "3", "2", "1"]);
}

#[test]
fn a_clone_killed_in_the_middle_of_its_push_leaves_one_owner_per_item() {
    let net = Remote::new();
    let clones: Vec<PathBuf> = (1..=4).map(|n| net.clone(&format!("k{n}"))).collect();
    net.todos(&clones[0], &["create"])
        .stdin("1\n2\n3\n4\n5\n6\n")
        .stdout_varies("create's checklist is create.rs's to check")
        .run();
    // Each clone claims; two are killed at once, wherever they are (a fetch, a push, a save).
    let mut children: Vec<Child> = clones
        .iter()
        .enumerate()
        .map(|(n, clone)| {
            net.todos(clone, &["-q", "next", "--claim"])
                .env("TODOS_OWNER", format!("k{}", n + 1))
                .spawn()
        })
        .collect();
    for child in children.iter_mut().take(2) {
        let _ = child.kill();
    }
    for mut child in children {
        let _ = child.wait();
    }
    // Every clone syncs: each plan reads, no item has two owners, no owner two items.
    for clone in &clones {
        net.todos(clone, &["sync"])
            .stdout_varies("what came in depends on where the kills fell")
            .run();
    }
    let plan = net.remote_plan();
    let owners = claimed(&plan);
    let items: BTreeSet<&String> = owners.values().collect();
    assert_eq!(items.len(), owners.len(), "{owners:?}");
    for (n, clone) in clones.iter().enumerate().skip(2) {
        let owner = format!("k{}", n + 1);
        assert!(
            owners.contains_key(&owner),
            "{owner} lost its claim: {owners:?}"
        );
        let local: Value =
            serde_json::from_str(&fs::read_to_string(clone.join(".todos.json")).unwrap()).unwrap();
        assert_eq!(
            claimed(&local),
            owners,
            "{} agrees with the remote",
            clone.display()
        );
    }
}

/// `git daemon` serving the test's folder on a free loopback port, killed when dropped.
struct Daemon(Child);

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_remote_served_by_git_daemon_works_as_one_by_path() {
    let net = Remote::new();
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    // git's own daemon program, not the `git daemon` wrapper, which would leave it running
    // when killed.
    let exec_path = net.git(&net.env.root(), &["--exec-path"]);
    let daemon = Daemon(
        Command::new(Path::new(exec_path.trim()).join("git-daemon"))
            .args([
                "--reuseaddr",
                "--export-all",
                "--enable=receive-pack",
                "--listen=127.0.0.1",
                &format!("--port={port}"),
                &format!("--base-path={}", net.env.root().display()),
                &net.env.root().display().to_string(),
            ])
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("HOME", net.env.home())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let url = format!("git://127.0.0.1:{port}/remote.git");
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "git daemon did not start");
        thread::sleep(Duration::from_millis(20));
    }
    let a = net.clone("a");
    let b = net.clone("b");
    for clone in [&a, &b] {
        net.git(clone, &["remote", "set-url", "origin", &url]);
    }
    net.create_abc(&a);
    net.todos(&b, &["next", "--claim"])
        .env("TODOS_OWNER", "w2")
        .expect_stdout("  1 [▶] a @w2\n")
        .run();
    net.todos(&a, &["next", "--claim"])
        .env("TODOS_OWNER", "w1")
        .expect_stdout("  2 [▶] b @w1\n")
        .run();
    assert_eq!(net.remote_plan()["revision"], 3);
    drop(daemon);
}

#[test]
fn init_git_remote_sets_the_clone_up_and_share_suggests_it() {
    let net = Remote::new();
    let a = net.clone("a");
    net.todos_on_its_own(&a, &["init", "--git", "--remote", "origin", "--share"])
        .expect_stdout(concat!(
            "created .todos.config.json: \"remote\": \"origin\", a suggestion to this repository's clones (commit it)\n",
            gitattributes_created!(),
            "updated .git/config: the todos merge driver (`todos merge-file %O %A %B`), for this clone only; ",
            "the plans live on the remote \"origin\" (todos.remote, and git fetch brings refs/todos/*), for this clone only\n"
        ))
        .run();
    assert_eq!(net.git(&a, &["config", "todos.remote"]), "origin\n");
    assert_eq!(
        net.git(&a, &["config", "--get-all", "remote.origin.fetch"]),
        "+refs/heads/*:refs/remotes/origin/*\n+refs/todos/*:refs/todos/*\n"
    );
    // The clone's own setting turns it on: no variable needed.
    net.todos_on_its_own(&a, &["create"])
        .stdin("a\n")
        .stdout_varies("create's checklist is create.rs's to check")
        .run();
    let b = net.clone("b");
    net.git(&b, &["fetch", "-q", "origin", "+refs/todos/*:refs/todos/*"]);
    assert_eq!(
        net.git(&b, &["log", "--format=%s", "refs/todos/default"]),
        "create: added 1 [0/1]\n"
    );
    net.todos_on_its_own(&b, &["init", "--remote", "origin"])
        .expect_code(2)
        .stderr_varies("clap's usage error names the missing --git")
        .run();
}

#[test]
fn the_session_start_hook_brings_the_remote_plan_or_says_it_may_be_behind() {
    let (net, _a, b) = Remote::with_abc_and_b();
    let payload = r#"{"hook_event_name":"SessionStart","source":"startup"}"#;
    let plan = concat!(
        "Plan (todos) [0/3] — open items (update with `todos update ID STATUS`):\n",
        "  1 [ ] a\n",
        "  2 [ ] b\n",
        "  3 [ ] c\n"
    );
    net.todos(&b, &["hook"])
        .stdin(payload)
        .expect_stdout(plan)
        .run();
    net.cut_off(&b);
    let done = net
        .todos(&b, &["hook"])
        .stdin(payload)
        .stdout_varies("compared whole below, the time of the last fetch put aside")
        .run();
    let (said, since) = done
        .stdout
        .rsplit_once("it was last brought up at ")
        .unwrap();
    assert_eq!(
        said,
        format!(
            "{plan}This plan may be behind the remote \"origin\" ({}); ",
            NOWHERE.replace("[ROOT]", &net.env.root().display().to_string())
        )
    );
    assert_eq!(since.len(), "2025-01-02 17:42.\n".len(), "{since}");
}

#[test]
fn a_write_that_loses_a_race_is_merged_and_keeps_what_the_other_machine_added() {
    let (net, a) = Remote::with_abc();
    // Another machine adds "d" just as a's write is pushed: the remote's hook moves the ref
    // under the push once, as a racing push would.
    let base = net.tip();
    let other = net.plant(
        concat!(
            r#"{"version":1,"revision":2,"next_id":5,"todos":["#,
            r#"{"id":"1","content":"a","status":"pending"},"#,
            r#"{"id":"2","content":"b","status":"pending"},"#,
            r#"{"id":"3","content":"c","status":"pending"},"#,
            r#"{"id":"4","content":"d","status":"pending"}]}"#
        )
        .as_bytes(),
        Some(&base),
    );
    net.git(&net.bare(), &["update-ref", "refs/todos/default", &base]);
    net.hook(&format!(
        "[ -e raced ] && exit 0\ntouch raced\nenv -u GIT_QUARANTINE_PATH git update-ref refs/todos/default {other}\n"
    ));
    net.todos(
        &a,
        &[
            "write",
            "-t",
            "pending:a",
            "-t",
            "completed:b",
            "-t",
            "pending:c",
        ],
    )
    .expect_stdout(concat!(
        "[1/4] (no summary)\n",
        "  1 [ ] a\n",
        "  2 [x] b\n",
        "  3 [ ] c\n",
        "  4 [ ] d\n",
        still_open!(3 of 4)
    ))
    .run();
    assert!(net.bare().join("raced").exists(), "the race happened");
    assert_eq!(
        net.log(),
        concat!(
            "write: 2 completed [1/4]\n",
            "Todos-Revision: 3\n",
            "todos\n",
            "by hand\n",
            "Ana\n",
            "create: added 1, 2, 3 [0/3]\n",
            "Todos-Revision: 1\n",
            "todos\n",
        )
    );
}

#[test]
fn two_clones_that_join_with_the_same_committed_plan_do_not_double_it() {
    let net = Remote::new();
    let a = net.clone("a");
    let b = net.clone("b");
    // The plan both clones hold before either has a remote (as a committed .todos.json).
    net.todos_on_its_own(&a, &["create"])
        .stdin("a\nb\nc\n")
        .expect_stdout(ABC)
        .run();
    fs::copy(a.join(".todos.json"), b.join(".todos.json")).unwrap();
    net.update(&a, "1", "completed").run();
    net.todos(&b, &["update", "2", "completed"])
        .expect_stdout(concat!(
            "[2/3] (no summary)\n",
            "  1 [x] a\n",
            "  2 [x] b\n",
            "  3 [ ] c\n",
            still_open!(1 of 3)
        ))
        .run();
}

#[test]
fn the_commits_todos_writes_itself_are_the_ones_gits_plumbing_writes() {
    // A change writes its plan, tree and commit itself; with GIT_DIR set (objects git may
    // look for elsewhere) git's plumbing writes them. Under one TODOS_NOW both make the same
    // commit, byte for byte, in a SHA-1 and in a SHA-256 repository, and git finds both sound.
    for format in ["sha1", "sha256"] {
        let tips: Vec<String> = [false, true]
            .into_iter()
            .map(|plumbing| {
                let net = Remote::of_format(format);
                let a = net.clone("a");
                let todos = |args: &[&str]| {
                    let run = net.todos(&a, args);
                    if plumbing {
                        run.env("GIT_DIR", a.join(".git"))
                    } else {
                        run
                    }
                };
                todos(&["create"])
                    .stdin("a\nb\nc\n")
                    .expect_stdout(ABC)
                    .run();
                todos(&["update", "2", "completed"])
                    .env("TODOS_OWNER", "ana")
                    .stdout_varies("update's checklist is update.rs's to check")
                    .run();
                net.git(&a, &["fsck", "--strict", "--no-dangling"]);
                net.git(&net.bare(), &["fsck", "--strict"]);
                net.tip()
            })
            .collect();
        assert_eq!(tips[0], tips[1], "{format}");
        assert_eq!(tips[0].len(), if format == "sha1" { 40 } else { 64 });
    }
}

#[test]
fn revisions_made_offline_reach_the_remote_one_commit_each() {
    let (net, a, b) = Remote::with_abc_and_b();
    net.sync_quietly(&b);
    net.cut_off(&a);
    // Revision 3 is made under an owner, whom its commit names as a change made online would.
    for (revision, args, owner) in [
        (2, ["update", "1", "completed"], ""),
        (3, ["update", "2", "cancelled"], "ana"),
        (4, ["update", "3", "in_progress"], ""),
    ] {
        let run = net.todos(&a, &args);
        let run = if owner.is_empty() {
            run
        } else {
            run.env("TODOS_OWNER", owner)
        };
        run.stdout_varies("update's checklist is update.rs's to check")
            .expect_stderr(not_pushed(revision, NOWHERE))
            .run();
    }
    net.reconnect(&a);
    net.todos(&a, &["sync"])
        .expect_stdout("default: pushed revision 4\n")
        .run();
    assert_eq!(
        net.log(),
        concat!(
            "update: 3 in_progress [2/3]\n",
            "Todos-Revision: 4\n",
            "todos\n",
            "update: 2 cancelled [2/3]\n",
            "Todos-Revision: 3\n",
            "Todos-Owner: ana\n",
            "ana\n",
            "update: 1 completed [1/3]\n",
            "Todos-Revision: 2\n",
            "todos\n",
            "create: added 1, 2, 3 [0/3]\n",
            "Todos-Revision: 1\n",
            "todos\n",
        )
    );
    // Two more offline while b changes the remote: each is a commit on the line a had, and
    // the revision that merged b's is a merge commit of both.
    net.cut_off(&a);
    net.todos(&a, &["create", "d"])
        .stdout_varies("create's checklist is create.rs's to check")
        .expect_stderr(not_pushed(5, NOWHERE))
        .run();
    net.todos(&b, &["create", "e"])
        .stdout_varies("create's checklist is create.rs's to check")
        .run();
    net.reconnect(&a);
    // A change brings b's in and merges it, and the remote refuses its push: a's revision 5,
    // the merge and the change wait, and the count of what waits says so.
    net.hook("exit 1\n");
    net.todos(&a, &["update", "4", "completed"])
        .expect_code(7)
        .stderr_varies("the refusal is checked in its own test")
        .run();
    net.todos(&a, &["recap"])
        .stdout_varies("recap's line is recap.rs's to check")
        .expect_stderr(
            "warning: 3 revisions of this plan are saved here but not yet on the remote \"origin\": \
             the next change or `todos sync` pushes them\n",
        )
        .run();
    fs::remove_file(net.bare().join("hooks/pre-receive")).unwrap();
    net.todos(&a, &["sync"])
        .expect_stdout("default: pushed revision 7\n")
        .run();
    let graph = net.git(
        &net.bare(),
        &["log", "--graph", "--format=%s", "-6", "refs/todos/default"],
    );
    assert_eq!(
        graph,
        concat!(
            "* update: 4 completed [3/5]\n",
            "*   sync: merged with origin: added 5 [2/5]\n",
            "|\\  \n",
            "| * create: added 4 [2/4]\n",
            "* | create: added 4 [2/4]\n",
            "|/  \n",
            "* update: 3 in_progress [2/3]\n",
            "* update: 2 cancelled [2/3]\n",
        )
    );
}

#[test]
fn a_history_line_planted_while_offline_never_reaches_the_remote() {
    // Two revisions wait; the line of the first is then rewritten by hand (another text, another
    // name). The chain vouches for neither, so neither is replayed: the plan goes up as one
    // commit, with this clone's own text and no name the line chose.
    let net = Remote::new();
    let a = net.clone("a");
    net.todos(&a, &["create", "one"])
        .stdout_varies("create's checklist is create.rs's to check")
        .run();
    net.cut_off(&a);
    for (revision, text) in [(2, "two"), (3, "three")] {
        net.todos(&a, &["create", text])
            .stdout_varies("create's checklist is create.rs's to check")
            .expect_stderr(not_pushed(revision, NOWHERE))
            .run();
    }
    let history = a.join(".todos/default.history.jsonl");
    let lines: Vec<String> = fs::read_to_string(&history)
        .unwrap()
        .lines()
        .map(|line| {
            let mut entry: Value = serde_json::from_str(line).unwrap();
            if entry["revision"] == 2 {
                entry["todos"][1]["content"] = "PLANTED".into();
                entry["by"] = "mallory".into();
            }
            entry.to_string()
        })
        .collect();
    fs::write(&history, lines.join("\n") + "\n").unwrap();
    net.reconnect(&a);
    net.todos(&a, &["sync"])
        .expect_stdout("default: pushed revision 3\n")
        .run();
    let log = net.log();
    assert!(
        !log.contains("mallory") && !log.contains("PLANTED"),
        "{log}"
    );
    assert_eq!(log.matches("Todos-Revision:").count(), 2, "{log}");
    assert_eq!(net.remote_plan()["todos"][1]["content"], "two");
}

#[test]
fn resolve_while_the_remote_moved_merges_the_newer_plan_in() {
    let (net, a, b) = Remote::with_abc_and_b();
    net.sync_quietly(&b);
    // git left a's plan with conflict markers (a plan tracked by git, merged by hand) while b
    // completed item 3 on the remote.
    let side = |done: &str| {
        let item = |id: &str, text: &str| {
            let status = if id == done { "completed" } else { "pending" };
            format!(r#"{{"id": "{id}", "content": "{text}", "status": "{status}"}}"#)
        };
        format!(
            "{{\"version\": 1, \"revision\": 1, \"next_id\": 4, \"todos\": [{}, {}, {}]}}\n",
            item("1", "a"),
            item("2", "b"),
            item("3", "c")
        )
    };
    let conflicted = || {
        let markers = format!(
            "<<<<<<< HEAD\n{}=======\n{}>>>>>>> other\n",
            side("1"),
            side("2")
        );
        fs::write(a.join(".todos.json"), markers).unwrap();
    };
    conflicted();
    net.update(&b, "3", "completed").run();
    // Both sides of the conflict, and b's change that came in meanwhile.
    net.todos(&a, &["resolve"])
        .expect_stdout("[3/3] (no summary)\n  1 [x] a\n  2 [x] b\n  3 [x] c\nAll 3 done.\n")
        .stderr_varies("resolve's note is merge.rs's to check")
        .run();
    // With a's plan in conflict, the history's chain vouches for none of its lines, so none is
    // replayed (a line planted there never reaches the remote): what waits goes up as one commit
    // on top of b's, which it keeps.
    let graph = net.git(
        &net.bare(),
        &["log", "--graph", "--format=%s", "refs/todos/default"],
    );
    assert_eq!(
        graph,
        concat!(
            "* sync: 1 completed; 2 completed [3/3]\n",
            "* update: 3 completed [1/3]\n",
            "* create: added 1, 2, 3 [0/3]\n",
        )
    );
    // A ref moved backwards meanwhile is refused before anything is saved.
    let first = net.git(
        &net.bare(),
        &["rev-list", "--max-parents=0", "refs/todos/default"],
    );
    conflicted();
    net.git(
        &net.bare(),
        &["update-ref", "refs/todos/default", first.trim()],
    );
    let before = plan_files(&a);
    net.todos(&a, &["resolve"])
        .expect_code(7)
        .stderr_varies("the refusal of a moved ref is checked in its own test")
        .run();
    assert_eq!(
        plan_files(&a),
        before,
        "the refused resolve changed the clone"
    );
}

#[test]
fn a_plan_over_the_stores_cap_on_the_ref_is_refused_unread() {
    let (net, a) = Remote::with_abc();
    let good = net.tip();
    // Over the store's cap of 64 MiB: judged by the size git gives, its bytes never kept (the
    // reader keeps at most the cap of what git prints, and drops the rest).
    let mut huge = br#"{"version":1,"revision":2,"next_id":1,"todos":[],"summary":""#.to_vec();
    huge.resize(64 * 1024 * 1024 + 7, b'a');
    huge.extend_from_slice(b"\"}");
    let size = huge.len();
    let planted = net.plant(&huge, Some(&good));
    drop(huge);
    let before = plan_files(&a);
    let done = net
        .todos(&a, &["update", "1", "completed"])
        // Fetching 64 MiB on a loaded machine can take more than the 10 s a remote is given,
        // and the change would then wait offline instead of reading the ref.
        .env("TODOS_REMOTE_TIMEOUT", "120s")
        .expect_code(7)
        .stderr_varies("compared whole below, with the planted commit's name")
        .run();
    assert_eq!(plan_files(&a), before, "the huge plan changed the clone");
    assert_eq!(
        done.stderr,
        format!(
            "error: refs/todos/default on \"origin\" (commit {}) is not a plan todos takes: its plan \
             is {size} bytes, over the 67108864 a store may hold\n\
             hint: nothing changed here; push a good plan over it (git push --force origin \
             COMMIT:refs/todos/default), or delete it (git push origin :refs/todos/default) and the \
             next change publishes this one\n",
            &planted[..12]
        )
    );
}

#[test]
fn a_lease_written_elsewhere_ends_clock_skew_later_and_one_written_here_on_time() {
    let (net, a, b) = Remote::with_abc_and_b();
    // w1 claims item 1 on a, for a minute from NOW (2025-01-02T17:42:33Z).
    net.todos(&a, &["next", "--claim", "--lease", "1m"])
        .env("TODOS_OWNER", "w1")
        .expect_stdout("  1 [▶] a @w1\n")
        .expect_stderr("note: Claimed: 1 \"a\". Lease until 2025-01-02 17:43:33.\n")
        .run();
    let at = |time: &str| format!("2025-01-02T{time}Z");
    net.sync_quietly(&b);
    // 10 s after the lease's end by b's clock: within clock_skew (60 s) of a lease a wrote,
    // so b's claim takes the next item, not w1's.
    net.todos(&b, &["next", "--claim"])
        .env("TODOS_OWNER", "w3")
        .env("TODOS_NOW", at("17:43:43"))
        .expect_stdout("  2 [▶] b @w3\n")
        .run();
    // On a, which wrote the lease, it ended 15 s ago by the clock that wrote it: taken over,
    // b's claim kept.
    net.todos(&a, &["next", "--claim"])
        .env("TODOS_OWNER", "w2")
        .env("TODOS_NOW", at("17:43:48"))
        .expect_stdout("  1 [▶] a @w2\n")
        .expect_stderr("note: Claimed: 1 \"a\" (taken over from w1: lease ended 15s ago).\n")
        .run();
}

#[test]
fn the_board_says_how_far_a_list_is_ahead_of_or_behind_its_remote() {
    let (net, a, b) = Remote::with_abc_and_b();
    let standing = |clone: &Path| -> Value {
        let done = net
            .todos(clone, &["board", "--json"])
            .stdout_varies("only the list's remote is read here")
            .run();
        let envelope: Value = serde_json::from_str(done.stdout.trim()).unwrap();
        let mut remote = envelope["data"]["lists"][0]["remote"].clone();
        let since = remote["since"].take();
        assert!(
            since.as_str().is_some_and(|at| at.ends_with('Z')),
            "{since}"
        );
        remote
    };
    let json = |text: &str| -> Value { serde_json::from_str(text).unwrap() };
    assert_eq!(
        standing(&a),
        json(r#"{"name":"origin","ahead":0,"behind":false,"since":null}"#)
    );
    net.cut_off(&a);
    net.update(&a, "1", "completed")
        .expect_stderr(not_pushed(2, NOWHERE))
        .run();
    assert_eq!(
        standing(&a),
        json(r#"{"name":"origin","ahead":1,"behind":false,"since":null}"#)
    );
    net.reconnect(&a);
    net.update(&b, "2", "completed").run();
    // A plain `git fetch` brings the ref: the plan here is behind it until the next change.
    net.git(&a, &["fetch", "-q", "origin", "+refs/todos/*:refs/todos/*"]);
    assert_eq!(
        standing(&a),
        json(r#"{"name":"origin","ahead":1,"behind":true,"since":null}"#)
    );
    // A list that never had a remote has no such field.
    let c = net.clone("c");
    net.todos_on_its_own(&c, &["create", "x"])
        .stdout_varies("create's checklist is create.rs's to check")
        .run();
    let done = net
        .todos_on_its_own(&c, &["board", "--json"])
        .stdout_varies("read below")
        .run();
    let envelope: Value = serde_json::from_str(done.stdout.trim()).unwrap();
    assert!(envelope["data"]["lists"][0].get("revision").is_some());
    assert!(envelope["data"]["lists"][0].get("remote").is_none());
}

#[cfg(feature = "board")]
#[test]
fn a_change_from_the_board_goes_through_the_remote_as_the_command_line_s_does() {
    let (net, a, b) = Remote::with_abc_and_b();
    net.todos(&b, &["sync"])
        .stdout_varies("sync's words are checked above")
        .run();
    let board = crate::board_server::Board::run(
        net.todos(&a, &["board", "--no-open"])
            .env("TODOS_OWNER", "ana"),
    );
    let workspace = board.board_json()["workspaces"][0]["data"]["workspace"].clone();
    // b changes the plan on the remote meanwhile: the board's change is made on top of it,
    // through the remote's compare-and-swap, and keeps it.
    net.update(&b, "1", "cancelled").run();
    let body = serde_json::json!({"workspace": workspace, "list": "default", "action": "claim", "id": "2"})
        .to_string();
    let headers = format!(
        "Origin: http://127.0.0.1:{}\r\nx-todos-token: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        board.port,
        board.token,
        body.len()
    );
    let (status, _, said) = board.send("POST", "/act", Some(&board.host()), &headers, &body);
    assert_eq!(status, 200, "{said}");
    let plan = net.remote_plan();
    assert_eq!(plan["revision"], 3, "{plan}");
    assert_eq!(
        plan["todos"][0]["status"], "cancelled",
        "b's change is kept"
    );
    assert_eq!(plan["todos"][1]["status"], "in_progress");
    assert_eq!(plan["todos"][1]["owner"], "ana");
    assert!(
        net.log().starts_with(
            "update --take: taken on purpose (board: ana): 2 in_progress; 2 @ana [1/3]\n"
        ),
        "{}",
        net.log()
    );
}
