//! `TestEnv`: a temporary workspace and home, and a builder that runs the binary in them.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

/// The default list's history and lock, in `.todos/` with every list's (SPEC §6).
pub const HISTORY: &str = ".todos/default.history.jsonl";
pub const LOCK: &str = ".todos/default.json.lock";

/// The progress line under a checklist that still has open items, named once for the many
/// expectations that end with it: `still_open!(2 of 3)` is
/// `"2 of 3 open — finish them before you wrap up.\n"`, a literal `concat!` takes.
macro_rules! still_open {
    (1 of $total:literal) => {
        concat!("1 of ", $total, " open — finish it before you wrap up.\n")
    };
    ($open:literal of $total:literal) => {
        concat!(
            $open,
            " of ",
            $total,
            " open — finish them before you wrap up.\n"
        )
    };
}
pub(crate) use still_open;

/// The warning a plan without a summary gets, named once for the expectations that end with it.
macro_rules! no_summary {
    () => {
        "warning: the plan has no summary: say in one line what it is for with \"summary\" or \
         --summary\n"
    };
}
pub(crate) use no_summary;

/// The hint under every refusal of an unsafe path (a link, a FIFO, a folder in a file's place).
macro_rules! unsafe_path_hint {
    () => {
        "hint: if this workspace is yours, replace it with a regular file or folder inside the \
         workspace (or remove it), then run the command again\n"
    };
}
pub(crate) use unsafe_path_hint;

/// The hint under every refusal of a store `todos` cannot read, in the workspace of every test
/// (`[ROOT]/ws`).
macro_rules! unreadable_store_hint {
    () => {
        "hint: the file was left untouched; run `todos undo` to set it aside and restore the \
         latest revision its history kept, or fix [ROOT]/ws/.todos.json by hand\n"
    };
}
pub(crate) use unreadable_store_hint;

/// The hint under `undo`'s refusal of a history the store's chain does not reach.
macro_rules! unvouched_hint {
    () => {
        "hint: the plan is as it was; `todos history` marks the lines it cannot vouch for; every \
         change from now on is recorded so that undo can take it back\n"
    };
}
pub(crate) use unvouched_hint;

/// The hint under a refusal to wait longer for another process's lock.
macro_rules! lock_busy_hint {
    () => {
        "hint: try again once it is done, or wait longer with --lock-timeout SECS\n"
    };
}
pub(crate) use lock_busy_hint;

/// The hint under a refusal naming an id a plan does not have: `ids_hint!()` for the three
/// items of many tests, `ids_hint!(1)` and `ids_hint!(1, 2)` for the smaller plans.
macro_rules! ids_hint {
    () => {
        ids_hint!(1, 2, 3)
    };
    (1) => {
        "hint: the one id is 1; run `todos show` to see each item with its id\n"
    };
    ($($id:literal),+) => {
        concat!("hint: the ids are ", ids_hint!(@list $($id),+), "; run `todos show` to see each item with its id\n")
    };
    (@list $first:literal $(, $id:literal)*) => {
        concat!($first $(, ", ", $id)*)
    };
}
pub(crate) use ids_hint;

/// The hint under a refusal naming an id while the plan has no item at all.
macro_rules! empty_plan_hint {
    () => {
        "hint: the plan is empty; add items with `todos create` or `todos write`\n"
    };
}
pub(crate) use empty_plan_hint;

/// The refusal of an id no item has, as typed where it was typed: `no_item!("id", "9")` is
/// `error: id: no item has id "9"`, `no_item!("--blocked-by 9", "9")` names the flag.
macro_rules! no_item {
    ($place:literal, $id:literal) => {
        concat!("error: ", $place, ": no item has id \"", $id, "\"\n")
    };
}
pub(crate) use no_item;

/// The refusal of a change made on a revision read before someone else's, and its hint:
/// `stale_revision!(2, not 1)`.
macro_rules! stale_revision {
    ($now:literal, not $read:literal) => {
        concat!(
            "error: the plan is at revision ",
            $now,
            ", not ",
            $read,
            ": someone changed it since you read it\n",
            "hint: run `todos show` to see the plan as it is now, then retry with \
             --expect-revision ",
            $now,
            " if your change still holds\n"
        )
    };
}
pub(crate) use stale_revision;

/// The hint under `undo`'s refusals of a revision it cannot put back.
macro_rules! kept_revisions_hint {
    () => {
        "hint: run `todos history` to see the kept revisions, then `todos undo --to REV`; \
         `history_limit` (TODOS_HISTORY_LIMIT) sets how many are kept\n"
    };
}
pub(crate) use kept_revisions_hint;

/// The note `undo` leaves once it has put a revision back: `restored!(2)`; `restored!(0)` is
/// the empty plan before the first change.
macro_rules! restored {
    (0) => {
        "note: Restored revision 0, the empty plan before the first change.\n"
    };
    ($revision:literal) => {
        concat!("note: Restored the plan of revision ", $revision, ".\n")
    };
}
pub(crate) use restored;

/// The note of a write that leaves the plan as it was: `unchanged!(1)`.
macro_rules! unchanged {
    ($revision:literal) => {
        concat!(
            "note: No change: the plan already matches (revision ",
            $revision,
            ").\n"
        )
    };
}
pub(crate) use unchanged;

/// The line of an input refused for more than one reason, over the list of them.
macro_rules! input_problems {
    ($count:literal) => {
        concat!("error: the input has ", $count, " problems\n")
    };
}
pub(crate) use input_problems;

/// The hint under `update`'s refusal of a request that changes nothing: `send_id_hint!("1")`.
macro_rules! send_id_hint {
    ($id:literal) => {
        concat!(
            "hint: send the id and what changes, e.g. {\"id\": \"",
            $id,
            "\", \"status\": \"completed\"}\n"
        )
    };
}
pub(crate) use send_id_hint;

/// The hint under the refusal of a change to another owner's item that holds no lease:
/// `no_lease_hint!(1)`.
macro_rules! no_lease_hint {
    ($id:literal) => {
        concat!(
            "hint: it holds no lease; `todos update ",
            $id,
            " --take` takes it over on purpose\n"
        )
    };
}
pub(crate) use no_lease_hint;

/// The refusal of a plan over its item limit: `too_many_items!(11, limit 10)`.
macro_rules! too_many_items {
    ($count:literal, limit $limit:literal) => {
        concat!(
            "error: todos: holds ",
            $count,
            " items, the limit is ",
            $limit,
            "; remove items or merge small steps into one; or raise the limit with \
             \"max_items\" in .todos.config.json or TODOS_MAX_ITEMS\n"
        )
    };
}
pub(crate) use too_many_items;

/// The error of output that could not be written to a full disk (`/dev/full`).
macro_rules! disk_full {
    () => {
        "error: cannot write the output: No space left on device (os error 28)\n"
    };
}
pub(crate) use disk_full;

/// The last line of clap's refusals of a command line.
macro_rules! try_help {
    () => {
        "For more information, try '--help'.\n"
    };
}
pub(crate) use try_help;

/// What `init` says an agent still asks once it has written the agent's settings:
/// `still_asks!(gemini)`.
macro_rules! still_asks {
    (claude) => {
        "Claude Code still asks before any other command, and once to use the project's MCP \
         servers (.mcp.json).\n"
    };
    (codex) => {
        concat!(
            "Codex needs no rule for the shell: todos writes only inside the workspace, which \
             its workspace-write sandbox allows.\n",
            "Codex still asks before commands that leave its sandbox.\n"
        )
    };
    (gemini) => {
        "Gemini CLI still asks before any other shell command.\n"
    };
}
pub(crate) use still_asks;

/// The step `init` says turns an agent's project hooks on: `trust_step!(codex)`.
macro_rules! trust_step {
    (claude) => {
        "To turn the hooks on: Claude Code: start `claude` in this folder and accept the folder \
         trust prompt; it reads the hooks at startup (review them with /hooks).\n"
    };
    (codex) => {
        "To turn the hooks on: Codex: run `codex` in this folder, answer \"Trust and continue\" \
         to \"Trust this folder?\", then at \"Hooks need review\" review the three todos hooks \
         and trust them (or later in /hooks). Codex runs no project hook before both steps, and \
         asks again when a hook changes.\n"
    };
    (gemini) => {
        "To turn the hooks on: Gemini CLI: run `gemini` in this folder and answer \"Trust \
         folder\" to \"Do you trust the files in this folder?\" (or /permissions later); it runs \
         no project hook in an untrusted folder.\n"
    };
}
pub(crate) use trust_step;

/// The line `init` prints for the instructions block it wrote: `instructions!(created
/// "CLAUDE.md")`, at the default limits.
macro_rules! instructions {
    ($did:ident $file:literal) => {
        concat!(
            stringify!($did),
            " ",
            $file,
            ": the todos instructions (10 items, 60 characters an item)\n"
        )
    };
}
pub(crate) use instructions;

/// The line `init --git` prints for the merge driver's attributes file it wrote.
macro_rules! gitattributes_created {
    () => {
        "created .gitattributes: plans merge with `todos merge-file` (commit it; each clone runs \
         `todos init --git`)\n"
    };
}
pub(crate) use gitattributes_created;

/// The hint under a refusal of a `memory_dir` that leads out of the workspace or into `.git`.
macro_rules! memory_dir_hint {
    () => {
        "hint: memory_dir must name a folder inside the workspace, with no link on the way out: \
         fix it in .todos.config.json, your todos/config.json or TODOS_MEMORY_DIR, or remove the \
         link\n"
    };
}
pub(crate) use memory_dir_hint;

/// The first line of `check`'s refusal while items are open: `items_still_open!(1)`,
/// `items_still_open!(2 of 3)`; with `listed`, the hook's form, whose items follow at once.
macro_rules! items_still_open {
    (1) => {
        "todos: the one item is still open.\n"
    };
    (1, listed) => {
        "todos: the one item is still open:\n"
    };
    ($open:literal of $total:literal) => {
        concat!("todos: ", $open, " of ", $total, " items are still open.\n")
    };
    ($open:literal of $total:literal, listed) => {
        concat!("todos: ", $open, " of ", $total, " items are still open:\n")
    };
}
pub(crate) use items_still_open;

/// The refusal of `--expect-revision` past the plan's revision, and its hint:
/// `revision_ahead!(1, not 99)`.
macro_rules! revision_ahead {
    ($now:literal, not $typed:literal) => {
        concat!(
            "error: the plan is at revision ",
            $now,
            ", not ",
            $typed,
            ": revision ",
            $typed,
            " does not exist yet, so no command read it\n",
            "hint: take the revision from the last output of todos (`todos --json show` gives it \
             as data.revision), here --expect-revision ",
            $now,
            "\n"
        )
    };
}
pub(crate) use revision_ahead;

/// `undo --to`'s refusal of a revision the history no longer keeps:
/// `not_kept!(9, kept 1 to 1)`.
macro_rules! not_kept {
    ($revision:literal, kept $first:literal to $last:literal) => {
        concat!(
            "error: revision ",
            $revision,
            " is not kept: the history keeps revisions ",
            $first,
            " to ",
            $last,
            "\n"
        )
    };
}
pub(crate) use not_kept;

/// `undo`'s refusal before the plan has ever changed.
macro_rules! nothing_to_undo {
    () => {
        "error: nothing to undo: the plan has never changed\n"
    };
}
pub(crate) use nothing_to_undo;

/// The refusal of a status todos does not know, with its guess:
/// `unknown_status!("-t #1", "complted", "completed")`.
macro_rules! unknown_status {
    ($place:literal, $typed:literal, $guess:literal) => {
        concat!(
            "error: ",
            $place,
            ": unknown status \"",
            $typed,
            "\"; did you mean \"",
            $guess,
            "\"?\n"
        )
    };
}
pub(crate) use unknown_status;

/// The note of a command that waits for the default list's lock in the test workspace.
macro_rules! waiting_for_lock {
    () => {
        "note: waiting for the lock on [ROOT]/ws/.todos/default.json.lock, held by another todos \
         process\n"
    };
}
pub(crate) use waiting_for_lock;

/// The hint under `create`'s refusal of no items.
macro_rules! give_items_hint {
    () => {
        "hint: give the items as arguments (`todos create \"First step\" \"Second step\"`), or \
         pipe {\"items\": [...]}, a JSON array of strings, or one item per line\n"
    };
}
pub(crate) use give_items_hint;

/// The hint under the refusal of a `TODOS_NOW` that is not a time.
macro_rules! todos_now_hint {
    () => {
        "hint: set it like TODOS_NOW=2025-01-02T17:42:33+08:00, or unset it to use the clock\n"
    };
}
pub(crate) use todos_now_hint;

/// The hint under a refusal that needs an owner's name.
macro_rules! give_owner_hint {
    () => {
        "hint: give the owner (--owner NAME, or \"owner\" in JSON), or set TODOS_OWNER to the \
         name you work under\n"
    };
}
pub(crate) use give_owner_hint;

/// The warning of a history line whose revision another line already holds:
/// `repeated_revision!(line 98, revision 106785)`.
macro_rules! repeated_revision {
    (line $line:literal, revision $revision:literal) => {
        concat!(
            "warning: [ROOT]/ws/.todos/default.history.jsonl line ",
            $line,
            ": revision ",
            $revision,
            " repeats a revision kept elsewhere; it was passed over\n"
        )
    };
}
pub(crate) use repeated_revision;

/// The warning of history lines the store's chain does not vouch for: `unvouched_lines!(3)`.
macro_rules! unvouched_lines {
    ($count:literal) => {
        concat!(
            "warning: ",
            $count,
            " lines of [ROOT]/ws/.todos/default.history.jsonl are not vouched for by the store \
             (marked \"not vouched for\"): an older todos wrote them, or a checkout, a pull or \
             another user put them there; undo restores none of them\n"
        )
    };
}
pub(crate) use unvouched_lines;

/// clap's refusal of `update` without what it needs, with `update`'s usage:
/// `update_needs!("<ID>")`.
macro_rules! update_needs {
    ($missing:literal) => {
        concat!(
            "error: the following required arguments were not provided:\n",
            "  ",
            $missing,
            "\n",
            "\n",
            "Usage: todos update [OPTIONS] ID <STATUS|--content TEXT|--owner NAME|--blocked-by \
             ID|...>\n",
            "       todos update [OPTIONS] < REQUEST_JSON\n",
            "\n",
            try_help!()
        )
    };
}
pub(crate) use update_needs;

/// The refusal of a change under one owner's name to another's item:
/// `owned_by_another!(1 "Schema", by w1, not w2)`.
macro_rules! owned_by_another {
    ($id:literal $content:literal, by $owner:ident, not $me:ident) => {
        concat!(
            "error: item ",
            $id,
            " \"",
            $content,
            "\" is owned by ",
            stringify!($owner),
            ", not by ",
            stringify!($me),
            " (TODOS_OWNER): a change under one owner's name to another owner's item is \
             refused\n"
        )
    };
}
pub(crate) use owned_by_another;

/// The last line of `check`'s refusal while items are open: `finish_before_stop!(it)` for one,
/// `finish_before_stop!(them)` for more.
macro_rules! finish_before_stop {
    (it) => {
        concat!("Finish it before you stop: mark it", finish_before_stop!())
    };
    (them) => {
        concat!("Finish them before you stop: mark each", finish_before_stop!())
    };
    () => {
        " completed as soon as it is done (todos update ID completed), cancelled when it is no \
         longer needed, failed when you tried and it could not be done, or blocked when it waits \
         on something outside the plan (it stays open).\n"
    };
}
pub(crate) use finish_before_stop;

/// The end of a `--json` envelope of a command run in the test's workspace, its `context`:
/// `envelope_end!()` for the default list, `envelope_end!(no workspace)` where none was found.
macro_rules! envelope_end {
    () => {
        "\"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":\"[ROOT]/ws\",\"list\":\"default\",\
         \"params_input\":null}}\n"
    };
    (no workspace) => {
        "\"context\":{\"cwd\":\"[ROOT]/ws\",\"workspace\":null,\"list\":null,\
         \"params_input\":null}}\n"
    };
}
pub(crate) use envelope_end;

/// The line `--json` prints for `value`: `serde_json`'s compact text, keys in the order the
/// `json!` literal writes them, and a newline. Compared whole like any expected stdout, so an
/// envelope can be written as readable lines.
pub fn json_line(value: &Value) -> String {
    let mut line = serde_json::to_string(value).expect("a JSON value");
    line.push('\n');
    line
}

/// `document`, checked for the little a snapshot's comparison lets pass: insta trims the line
/// ends at a snapshot's end (and the newlines at its start), so a document compared through a
/// reviewed snapshot is first checked to end in one newline, no more, and to start with text.
#[track_caller]
pub fn whole(document: &str) -> &str {
    assert!(
        document.ends_with('\n') && !document.ends_with("\n\n") && !document.starts_with('\n'),
        "a document compared through a snapshot starts with text and ends in one newline: \
         {document:?}"
    );
    document
}

/// The clock every test runs at, unless it sets its own.
pub const NOW: &str = "2025-01-02T17:42:33Z";

/// The binary under test: the one place that names it. A test that runs it through a shell
/// (a pipeline, `script`, `tmux`) passes this path, or `bin_dir` on `PATH`.
///
/// It is the one cargo built for this run, or the one the variable `TODOS_TEST_BIN` names, to
/// run the whole suite against another build (the release build, an installed one):
/// `TODOS_TEST_BIN=target/x86_64-unknown-linux-gnu/release/todos cargo test`. A relative path
/// is taken from the repository's root.
pub fn bin() -> PathBuf {
    match std::env::var_os("TODOS_TEST_BIN") {
        Some(chosen) if !chosen.is_empty() => {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(chosen);
            assert!(
                path.is_file(),
                "TODOS_TEST_BIN: {} is not a file",
                path.display()
            );
            path
        }
        _ => PathBuf::from(env!("CARGO_BIN_EXE_todos")),
    }
}

/// The folder of the binary under test, to put first on a shell's `PATH`.
pub fn bin_dir() -> PathBuf {
    bin().parent().map(Path::to_path_buf).unwrap_or_default()
}

pub struct TestEnv {
    root: tempfile::TempDir,
}

impl TestEnv {
    pub fn new() -> Self {
        Self::in_folder(&scratch_dir())
    }

    /// A test environment on the disk, for tests whose timing needs real writes and syncs
    /// (killing a write midway).
    pub fn on_disk() -> Self {
        Self::in_folder(&std::env::temp_dir())
    }

    #[track_caller]
    fn in_folder(parent: &Path) -> Self {
        let root = tempfile::Builder::new()
            .prefix("todos-test-")
            .tempdir_in(parent)
            .expect("temp dir");
        // `ws/.git` pins workspace discovery inside the temp folder, whatever lies above it.
        for dir in ["ws/.git", "home", "home/.config", "home/.local/share"] {
            fs::create_dir_all(root.path().join(dir)).expect("test folders");
        }
        Self { root }
    }

    /// The workspace every command runs in (its current folder).
    pub fn ws(&self) -> PathBuf {
        self.root.path().join("ws")
    }

    pub fn home(&self) -> PathBuf {
        self.root.path().join("home")
    }

    /// `todos ARGS…` in the workspace, with `--color never`.
    pub fn todos(&self, args: &[&str]) -> Run {
        let mut command = Command::new(bin());
        command
            .env_clear()
            .current_dir(self.ws())
            .env("HOME", self.home())
            .env("XDG_CONFIG_HOME", self.home().join(".config"))
            .env("XDG_DATA_HOME", self.home().join(".local/share"))
            .env("TZ", "UTC")
            .env("TODOS_NOW", NOW);
        Run {
            command,
            root: self.root.path().to_path_buf(),
            args: args.iter().map(ToString::to_string).collect(),
            stdin: None,
            color: false,
            stdout: None,
            stderr: None,
            expected: Expected::default(),
        }
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.ws().join(relative)
    }

    #[track_caller]
    pub fn write_file(&self, relative: &str, contents: impl AsRef<[u8]>) {
        let path = self.path(relative);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("parent folder");
        }
        fs::write(path, contents).expect("write test file");
    }

    #[track_caller]
    pub fn read(&self, relative: &str) -> String {
        fs::read_to_string(self.path(relative))
            .unwrap_or_else(|err| panic!("read {relative}: {err}"))
    }

    /// The stored document, parsed.
    #[track_caller]
    pub fn store(&self) -> Value {
        serde_json::from_str(&self.read(".todos.json")).expect("store is JSON")
    }

    /// The temporary folder that holds the workspace, the home and anything a test puts
    /// outside the workspace (`outside`).
    pub fn root(&self) -> PathBuf {
        self.root.path().to_path_buf()
    }

    /// A path outside the workspace (beside it, in the test's own folder): where a hostile
    /// repository's links point, so a test can prove nothing there was touched.
    pub fn outside(&self, relative: &str) -> PathBuf {
        self.root.path().join("outside").join(relative)
    }

    /// Every file of the workspace but the lock file, with its bytes: compare two of these to
    /// prove a rejected command changed nothing. Links are recorded as links (never followed)
    /// and FIFOs, sockets and devices by their kind (never opened, which could block).
    pub fn tree(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        collect(&self.ws(), &self.ws(), &mut files);
        // The test's own boundary marker (`TestEnv::new`), not something a command made.
        files.remove(Path::new(".git"));
        files
    }

    /// Like `tree`, for everything in the test's folder: the workspace, the home and whatever
    /// lies `outside` the workspace.
    pub fn everything(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        collect(self.root.path(), self.root.path(), &mut files);
        files
    }

    /// Runs `args`, expects exit `code`, and checks that the workspace, and everything around
    /// it in the test's folder, is byte-for-byte unchanged. Both streams are compared whole, as
    /// `run` compares them: what the run declares (`expect_stdout`, `expect_stderr`) exactly, a
    /// stream it leaves undeclared as empty, and only a stream declared as varying is left to the
    /// caller.
    #[track_caller]
    pub fn rejects(&self, run: Run, code: i32) -> Done {
        let before = self.everything();
        let done = run.expect_code(code).run();
        assert_eq!(
            done.code, code,
            "exit code\nstdout: {}\nstderr: {}",
            done.stdout, done.stderr
        );
        let after = self.everything();
        let changed: Vec<&PathBuf> = before
            .keys()
            .chain(after.keys())
            .filter(|path| before.get(*path) != after.get(*path))
            .collect();
        assert!(
            changed.is_empty(),
            "a rejected command changed the workspace or a file around it: {changed:?}\nstderr: {}",
            done.stderr
        );
        done
    }

    /// The commands `todos --help` lists, but `help`: tests that cover every command read them
    /// from here, so a command added later is covered without editing them.
    #[track_caller]
    pub fn subcommands(&self) -> Vec<String> {
        let help = self
            .todos(&["--help"])
            .stdout_varies("read here for its list of commands")
            .run()
            .stdout;
        let commands: Vec<String> = help
            .lines()
            .skip_while(|line| *line != "Commands:")
            .skip(1)
            .take_while(|line| !line.trim().is_empty())
            .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
            .filter_map(|line| line.split_whitespace().next())
            .filter(|name| *name != "help")
            .map(ToOwned::to_owned)
            .collect();
        assert!(commands.len() >= 5, "commands in --help: {help}");
        commands
    }

    /// `git ARGS…` in `dir`, with an environment of the test's own (no user or system config)
    /// and the `todos` under test first on PATH, as git finds the merge driver there.
    #[track_caller]
    pub fn git_in(&self, dir: &Path, args: &[&str]) -> Done {
        let path = std::env::join_paths([
            bin_dir(),
            PathBuf::from("/usr/local/bin"),
            "/usr/bin".into(),
            "/bin".into(),
        ])
        .expect("PATH");
        Command::new("git")
            .args(args)
            .current_dir(dir)
            .env_clear()
            .env("PATH", path)
            .env("HOME", self.home())
            .env("XDG_CONFIG_HOME", self.home().join(".config"))
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "Ana")
            .env("GIT_AUTHOR_EMAIL", "ana@example.com")
            .env("GIT_COMMITTER_NAME", "Ana")
            .env("GIT_COMMITTER_EMAIL", "ana@example.com")
            .env("TZ", "UTC")
            .env("TODOS_NOW", NOW)
            .output()
            .expect("run git")
            .into()
    }

    /// The first change of a workspace with no plan: `create A`, its output checked whole.
    #[track_caller]
    pub fn create_a(&self) {
        self.todos(&["create", "A"])
            .expect_stdout(concat!(
                "[0/1] (no summary)\n",
                "  1 [ ] A\n",
                "1 of 1 open — finish it before you wrap up.\n"
            ))
            .run();
    }

    /// A plan with these `STATUS:CONTENT` items and a summary, written with the args form.
    /// The plan the hooks' tests start from: "Fix login", one item done, one in progress,
    /// one pending.
    pub fn open_plan(&self) {
        self.plan(
            "Fix login",
            &[
                "completed:Reproduce the bug",
                "in_progress:Patch the check",
                "pending:Add a test",
            ],
        );
    }

    pub fn plan(&self, summary: &str, items: &[&str]) {
        let mut args = vec!["write", "--summary", summary];
        for item in items {
            args.extend(["-t", item]);
        }
        // Setting a test up: the write's own output is write.rs's to check.
        self.todos(&args).run_unchecked().success();
    }
}

/// Where test folders go: memory (`/dev/shm`) where the machine has it, since every change
/// syncs the store and its folder to disk and the corpus alone makes thousands of changes; the
/// system's temporary folder otherwise. What a sync protects, a crash of the machine, no test
/// here can stage; a killed process (tests/cli/crash.rs) loses nothing either way.
fn scratch_dir() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let writable =
        fs::metadata(shm).is_ok_and(|meta| meta.is_dir() && !meta.permissions().readonly());
    if writable {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

#[track_caller]
fn collect(root: &Path, dir: &Path, files: &mut BTreeMap<PathBuf, Vec<u8>>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        let relative = path.strip_prefix(root).expect("inside root").to_path_buf();
        if meta.is_dir() {
            // A folder is a fact too: a refused command must not create an empty one.
            files.insert(relative, b"<folder>".to_vec());
            collect(root, &path, files);
        } else if path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().ends_with(".json.lock"))
        {
        } else if meta.file_type().is_symlink() {
            let target = fs::read_link(&path).expect("read link");
            let text = format!("<link to {}>", target.display());
            files.insert(relative, text.into_bytes());
        } else if meta.is_file() {
            let mut bytes = fs::read(&path).expect("read file");
            bytes.extend_from_slice(format!("<mode {:o}>", mode(&meta)).as_bytes());
            files.insert(relative, bytes);
        } else {
            files.insert(relative, b"<not a regular file>".to_vec());
        }
    }
}

fn mode(meta: &fs::Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o7777
}

pub struct Run {
    command: Command,
    /// The test's temporary folder, written `[ROOT]` in expected output.
    root: PathBuf,
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
    color: bool,
    stdout: Option<Stdio>,
    stderr: Option<Stdio>,
    /// What the run must give, declared up front (just's `Test`): checked by `run`.
    expected: Expected,
}

/// The exit code, stdout and stderr a run must give. Unless the test says otherwise, `run`
/// expects exit 0 and nothing on either stream; what a test declares is compared whole.
#[derive(Default)]
struct Expected {
    code: Check<i32>,
    stdout: Check<String>,
    stderr: Check<String>,
}

/// One part of what a run must give.
#[derive(Default)]
enum Check<T> {
    /// Not declared: `run` expects the default (exit 0, an empty stream); `run_unchecked` and
    /// `TestEnv::rejects` leave it to the caller.
    #[default]
    Default,
    /// Declared: compared whole.
    Exactly(T),
    /// Varies from run to run (a time, a process id, a race), or is a document too long to
    /// compare whole: the test checks what it can itself. The reason is kept for the code's
    /// reader.
    Varies(#[allow(dead_code)] &'static str),
}

impl<T> Check<T> {
    /// What to compare against: the declared value, the default when `strict`, or nothing.
    fn wanted(&self, default: T, strict: bool) -> Option<T>
    where
        T: Clone,
    {
        match self {
            Self::Exactly(value) => Some(value.clone()),
            Self::Default if strict => Some(default),
            Self::Default | Self::Varies(_) => None,
        }
    }
}

impl Run {
    /// The exit code `run` must see (0 unless declared).
    pub fn expect_code(mut self, code: i32) -> Self {
        self.expected.code = Check::Exactly(code);
        self
    }

    /// The whole stdout `run` must see (empty unless declared). The test's temporary folder is
    /// written `[ROOT]` (the workspace is `[ROOT]/ws`, the home `[ROOT]/home`).
    pub fn expect_stdout(mut self, stdout: impl Into<String>) -> Self {
        self.expected.stdout = Check::Exactly(stdout.into());
        self
    }

    /// The whole stderr `run` must see (empty unless declared), with `[ROOT]` as in
    /// `expect_stdout`.
    pub fn expect_stderr(mut self, stderr: impl Into<String>) -> Self {
        self.expected.stderr = Check::Exactly(stderr.into());
        self
    }

    /// stdout is not compared: it varies, for the reason given; the test checks it itself.
    pub fn stdout_varies(mut self, why: &'static str) -> Self {
        self.expected.stdout = Check::Varies(why);
        self
    }

    /// stderr is not compared: it varies, for the reason given (a note that a racing writer
    /// waited for the lock); the test checks it itself.
    pub fn stderr_varies(mut self, why: &'static str) -> Self {
        self.expected.stderr = Check::Varies(why);
        self
    }

    /// stdout is not compared whole: it is a document too long for a literal here (a help or
    /// man page, a JSON schema, a completions script), whose parts the test checks itself, for
    /// the reason given. The exit code and stderr are still compared.
    pub fn stdout_in_parts(mut self, why: &'static str) -> Self {
        self.expected.stdout = Check::Varies(why);
        self
    }

    /// stderr is not compared whole: the test checks its parts itself (what it names, that it
    /// has a hint), for the reason given. The exit code and stdout are still compared.
    pub fn stderr_in_parts(mut self, why: &'static str) -> Self {
        self.expected.stderr = Check::Varies(why);
        self
    }

    pub fn stdin(mut self, input: impl AsRef<[u8]>) -> Self {
        self.stdin = Some(input.as_ref().to_vec());
        self
    }

    pub fn env(mut self, key: &str, value: impl AsRef<std::ffi::OsStr>) -> Self {
        self.command.env(key, value);
        self
    }

    /// Runs in `dir` instead of the workspace root.
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.command.current_dir(dir);
        self
    }

    /// Sends stdout somewhere other than the pipe `Done` reads (`/dev/full`, a closed pipe).
    pub fn stdout_to(mut self, stdout: impl Into<Stdio>) -> Self {
        self.stdout = Some(stdout.into());
        self
    }

    /// Sends stderr somewhere other than the pipe `Done` reads (a closed pipe).
    pub fn stderr_to(mut self, stderr: impl Into<Stdio>) -> Self {
        self.stderr = Some(stderr.into());
        self
    }

    /// Leaves color to the environment instead of passing `--color never`.
    pub fn color_from_env(mut self) -> Self {
        self.color = true;
        self
    }

    fn add_args(&mut self) {
        if !self.color {
            self.command.args(["--color", "never"]);
        }
        self.command.args(&self.args);
    }

    /// Runs the binary through `wrapper` (e.g. `setpriv --reuid 65534 --`), with the same
    /// environment, folder and arguments.
    pub fn via(self, wrapper: &[&str]) -> Self {
        let mut command = Command::new(wrapper[0]);
        command.args(&wrapper[1..]).arg(self.command.get_program());
        self.replaced_by(command)
    }

    /// Runs a `todos` of its own in `dir`, with nothing beside it: a hard link to the
    /// binary under test where the file system allows one (never open for writing), else a copy.
    #[cfg(feature = "mcp")]
    pub fn alone_in(self, dir: &Path) -> Self {
        let todos = dir.join("todos");
        if fs::hard_link(bin(), &todos).is_err() {
            fs::copy(bin(), &todos).expect("copy todos");
        }
        self.replaced_by(Command::new(&todos))
    }

    /// The run with `command` in place of its own, given the same environment and folder.
    fn replaced_by(mut self, mut command: Command) -> Self {
        command.env_clear();
        for (key, value) in self.command.get_envs() {
            if let Some(value) = value {
                command.env(key, value);
            }
        }
        if let Some(dir) = self.command.get_current_dir() {
            command.current_dir(dir);
        }
        self.command = command;
        self
    }

    /// One more argument after the ones given (a global option such as `--lock-timeout`).
    pub fn arg(mut self, arg: &str) -> Self {
        self.args.push(arg.to_owned());
        self
    }

    /// The command as built (environment, folder, arguments), for a test that drives the
    /// process itself: kills it midway, holds its stdin open, hands it a closed pipe. Its
    /// streams are the test's to set.
    pub fn into_command(mut self) -> Command {
        self.add_args();
        self.command
    }

    /// Starts the command with stdout and stderr piped and returns at once, for commands that
    /// keep running (`show --watch`).
    #[track_caller]
    pub fn spawn(mut self) -> std::process::Child {
        self.add_args();
        self.command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        spawn_when_free(&mut self.command)
    }

    /// Runs `todos::run` in this process instead of the binary, with the same arguments,
    /// variables, folder and stdin: for the thousands of corpus cases, where starting a process
    /// for each would cost minutes. What only a process shows (exit codes as the OS sees them,
    /// pipes, signals, locks between processes) stays with `run`.
    ///
    /// Checked whole like `run`.
    #[track_caller]
    pub fn run_in_process(self) -> Done {
        self.in_process(true)
    }

    /// `run_in_process`, checking only what the test declared, like `run_unchecked`.
    #[track_caller]
    pub fn run_in_process_unchecked(self) -> Done {
        self.in_process(false)
    }

    #[track_caller]
    fn in_process(mut self, strict: bool) -> Done {
        self.add_args();
        let vars: Vec<(String, String)> = self
            .command
            .get_envs()
            .filter_map(|(key, value)| {
                Some((key.to_str()?.to_owned(), value?.to_str()?.to_owned()))
            })
            .collect();
        let config_dir = vars
            .iter()
            .find(|(key, _)| key == "XDG_CONFIG_HOME")
            .map(|(_, dir)| PathBuf::from(dir));
        let cwd = self
            .command
            .get_current_dir()
            .expect("a test runs in a folder")
            .to_path_buf();
        let (mut host, stdout, stderr) =
            todos::context::host::Host::in_memory(vars, cwd, config_dir, self.stdin.take());
        let args = std::iter::once(std::ffi::OsString::from("todos"))
            .chain(self.command.get_args().map(ToOwned::to_owned));
        let code = todos::run(args, &mut host);
        Done {
            code: exit_code_number(code),
            stdout: stdout.text(),
            stderr: stderr.text(),
        }
        .meets(&self.expected, &self.root, strict)
    }

    #[track_caller]
    /// Starts the command with stdin, stdout and stderr piped: for a server driven line by line
    /// (`todos mcp`), or a stdin that stays open and silent (the `Child` holds its end), as a
    /// hook harness may leave it.
    pub fn spawn_piped(mut self) -> std::process::Child {
        self.add_args();
        self.command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        spawn_when_free(&mut self.command)
    }

    /// Runs the binary and checks its exit code, stdout and stderr whole: as declared, else
    /// exit 0 and nothing on either stream.
    #[track_caller]
    pub fn run(self) -> Done {
        self.run_checking(true)
    }

    /// Runs the binary and checks only what the test declared: the tests not yet converted to
    /// whole expectations, which look for words in the output themselves. Add no new ones.
    #[track_caller]
    pub fn run_unchecked(self) -> Done {
        self.run_checking(false)
    }

    #[track_caller]
    fn run_checking(mut self, strict: bool) -> Done {
        self.add_args();
        self.command.stdin(if self.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
        self.command
            .stdout(self.stdout.take().unwrap_or_else(Stdio::piped))
            .stderr(self.stderr.take().unwrap_or_else(Stdio::piped));
        let mut child = spawn_when_free(&mut self.command);
        if let Some(input) = self.stdin.take() {
            let mut pipe = child.stdin.take().expect("stdin pipe");
            // The binary may refuse early and close its end; that is not the test's failure.
            let _ = pipe.write_all(&input);
        }
        let done: Done = child.wait_with_output().expect("wait for todos").into();
        done.meets(&self.expected, &self.root, strict)
    }
}

/// Starts `command`, again while its program is busy (ETXTBSY): a fresh copy of the binary
/// (`Run::alone_in`) stays open for writing in a child that another test thread forked, until
/// that child execs.
fn spawn_when_free(command: &mut Command) -> Child {
    for _ in 0..100 {
        match command.spawn() {
            Err(err) if err.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            started => return started.expect("start todos"),
        }
    }
    command.spawn().expect("start todos")
}

/// A finished process's exit code (-1 when a signal ended it) and its output as text.
impl From<std::process::Output> for Done {
    fn from(output: std::process::Output) -> Self {
        Self {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

/// The number inside an `ExitCode`, which std does not expose, found by comparison.
fn exit_code_number(code: std::process::ExitCode) -> i32 {
    (0..=u8::MAX)
        .find(|n| std::process::ExitCode::from(*n) == code)
        .map_or(-1, i32::from)
}

#[derive(Debug)]
pub struct Done {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Done {
    /// Checks the run against what was declared (and, when `strict`, the defaults for what
    /// was not), with the test's folder written `[ROOT]` on both sides. With `TODOS_TEST_RECORD`
    /// set, every difference from what was declared or from the default (unchecked runs too) is
    /// printed as the Rust literal to paste instead of failing: a way to write expectations,
    /// never a way to pass.
    #[track_caller]
    fn meets(self, expected: &Expected, root: &Path, strict: bool) -> Self {
        let root = root.display().to_string();
        let placed = |text: &str| text.replace(&root, "[ROOT]");
        let (stdout, stderr) = (placed(&self.stdout), placed(&self.stderr));
        let recording = std::env::var_os("TODOS_TEST_RECORD").is_some();
        // Recording shows every site's difference from the default, converted or not.
        let strict = strict || recording;
        let at = std::panic::Location::caller();
        if recording {
            eprintln!("RECORD {at} reached");
        }
        let code = expected.code.wanted(0, strict);
        if let Some(code) = code.filter(|code| *code != self.code) {
            assert!(
                recording,
                "exit code {}, expected {code}\nstdout: {stdout}\nstderr: {stderr}",
                self.code
            );
            eprintln!("RECORD {at} code: {}", self.code);
        }
        for (name, wanted, got) in [
            (
                "stdout",
                expected.stdout.wanted(String::new(), strict),
                &stdout,
            ),
            (
                "stderr",
                expected.stderr.wanted(String::new(), strict),
                &stderr,
            ),
        ] {
            if let Some(wanted) = wanted
                .map(|wanted| placed(&wanted))
                .filter(|wanted| wanted != got)
            {
                if recording {
                    eprintln!("RECORD {at} {name}: {got:?}");
                } else {
                    assert_eq!(got, &wanted, "{name} (the test's folder written [ROOT])");
                }
            }
        }
        self
    }

    #[track_caller]
    pub fn success(self) -> Self {
        assert_eq!(
            self.code, 0,
            "expected success\nstdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        self
    }

    #[track_caller]
    pub fn code(self, code: i32) -> Self {
        assert_eq!(
            self.code, code,
            "exit code\nstdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        self
    }

    /// stdout parsed as the one JSON envelope `--json` prints.
    #[track_caller]
    pub fn json(&self) -> Value {
        assert_eq!(
            self.stdout.lines().count(),
            1,
            "one JSON line: {}",
            self.stdout
        );
        serde_json::from_str(&self.stdout).unwrap_or_else(|err| panic!("{err}: {}", self.stdout))
    }
}

/// The statuses and contents of a stored or enveloped todo list, for compact assertions.
#[track_caller]
pub fn items(todos: &Value) -> Vec<(String, String, String)> {
    todos
        .as_array()
        .expect("todos array")
        .iter()
        .map(|item| {
            let text = |key: &str| item[key].as_str().unwrap_or_default().to_owned();
            (text("id"), text("status"), text("content"))
        })
        .collect()
}

/// The paths of an error envelope's details, in order.
#[track_caller]
pub fn error_paths(envelope: &Value) -> Vec<String> {
    envelope["error"]["details"]
        .as_array()
        .expect("error details")
        .iter()
        .map(|detail| detail["path"].as_str().expect("a path").to_owned())
        .collect()
}

/// A process a test started and reads while it runs (`show --watch`, `history --follow`):
/// killed and reaped however the test ends, so no test leaves a process behind.
pub struct Spawned(pub Child);

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Spawned {
    /// The exit code, waiting at most `within` for it.
    #[track_caller]
    pub fn exit_code(&mut self, within: std::time::Duration) -> Option<i32> {
        let start = std::time::Instant::now();
        while start.elapsed() < within {
            if let Some(status) = self.0.try_wait().expect("wait") {
                return status.code();
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        None
    }

    /// Stops the process as Ctrl-C does (SIGINT), checks that it ends cleanly (exit 0) within
    /// `within`, and returns what it said on stderr.
    #[track_caller]
    pub fn interrupted(mut self, within: std::time::Duration) -> String {
        use std::io::Read as _;
        let pid = self.0.id().to_string();
        assert!(
            Command::new("kill")
                .args(["-INT", &pid])
                .status()
                .is_ok_and(|status| status.success())
        );
        assert_eq!(self.exit_code(within), Some(0));
        let mut stderr = String::new();
        self.0
            .stderr
            .take()
            .expect("stderr is piped")
            .read_to_string(&mut stderr)
            .unwrap();
        stderr
    }
}
