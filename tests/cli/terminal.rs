//! On a real terminal: `show` wraps at words with a hanging indent (never into a pipe), and
//! `show --watch` fits its pane, follows a resize, and gives the terminal back on Ctrl-Z. The
//! terminal is tmux (a private server per test, no config) or `script`; where neither is
//! installed the test says `skipped: …` instead of passing in silence. Every wait is bounded.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::support::{NOW, TestEnv, bin_dir, still_open};

const WAIT: Duration = Duration::from_secs(10);

/// A plan whose lines are longer than 40 columns, with every status, the item in progress
/// below the fold of a short pane.
fn long_plan(env: &TestEnv) {
    env.plan(
        "Fix the login timeout and ship the patch to production",
        &[
            "completed:Reproduce the timeout with a slow token server",
            "completed:Read the token code",
            "completed:Write down the expiry rules",
            "cancelled:Benchmark the old retry loop",
            "failed:Try the vendor patch",
            "in_progress:Patch the token expiry check in the middleware",
            "pending:Add a regression test for expired tokens",
            "pending:Update the changelog",
            "pending:Tag the release",
        ],
    );
}

/// `long_plan`'s item 6 completed, as the watch under test then redraws it.
#[track_caller]
fn finish_the_patch(env: &TestEnv) {
    env.todos(&["update", "6", "completed"])
        .expect_stdout(concat!(
            "[6/9] Fix the login timeout and ship the patch to production\n",
            "  1 [x] Reproduce the timeout with a slow token server\n",
            "  2 [x] Read the token code\n",
            "  3 [x] Write down the expiry rules\n",
            "  4 [~] Benchmark the old retry loop\n",
            "  5 [!] Try the vendor patch\n",
            "  6 [x] Patch the token expiry check in the middleware\n",
            "  7 [ ] Add a regression test for expired tokens\n",
            "  8 [ ] Update the changelog\n",
            "  9 [ ] Tag the release\n",
            still_open!(3 of 9)
        ))
        .run();
}

fn installed(program: &str) -> bool {
    let found = Command::new(program).arg("-V").output().is_ok();
    if !found {
        println!("skipped: {program} is not installed");
    }
    found
}

/// `todos ARGS` on a pseudo-terminal of `columns` columns (`script`), its output as the
/// terminal got it, with the terminal's CR LF line ends made plain.
fn on_a_terminal(env: &TestEnv, columns: usize, args: &str) -> String {
    let args: Vec<&str> = args.split_whitespace().collect();
    let done = env
        .todos(&args)
        .via(&[
            "bash",
            "-c",
            "exec script -qec \"$(printf '%q ' \"$0\" \"$@\")\" /dev/null",
        ])
        .env("PATH", "/usr/bin:/bin")
        .env("COLUMNS", columns.to_string())
        .env("TERM", "xterm-256color")
        .stdout_in_parts(
            "the terminal's CR LF ends are made plain, then the caller compares it whole",
        )
        .run();
    done.stdout.replace("\r\n", "\n")
}

#[test]
fn show_wraps_at_words_on_a_terminal_and_never_into_a_pipe() {
    if !installed("script") {
        return;
    }
    let env = TestEnv::new();
    long_plan(&env);
    assert_eq!(
        on_a_terminal(&env, 40, "show"),
        "\
[5/9] Fix the login timeout and ship the
      patch to production
  1 [x] Reproduce the timeout with a
        slow token server
  2 [x] Read the token code
  3 [x] Write down the expiry rules
  4 [~] Benchmark the old retry loop
  5 [!] Try the vendor patch
  6 [▶] Patch the token expiry check in
        the middleware
  7 [ ] Add a regression test for
        expired tokens
  8 [ ] Update the changelog
  9 [ ] Tag the release
"
    );
    let wide = on_a_terminal(&env, 120, "show");
    let piped = env
        .todos(&["show"])
        .env("COLUMNS", "40")
        .expect_stdout(concat!(
            "[5/9] Fix the login timeout and ship the patch to production\n",
            "  1 [x] Reproduce the timeout with a slow token server\n",
            "  2 [x] Read the token code\n",
            "  3 [x] Write down the expiry rules\n",
            "  4 [~] Benchmark the old retry loop\n",
            "  5 [!] Try the vendor patch\n",
            "  6 [▶] Patch the token expiry check in the middleware\n",
            "  7 [ ] Add a regression test for expired tokens\n",
            "  8 [ ] Update the changelog\n",
            "  9 [ ] Tag the release\n"
        ))
        .run()
        .success()
        .stdout;
    assert_eq!(wide, piped, "at 120 columns every line fits");
    // The recap wraps under its text too; a generated document is never wrapped.
    let recap = on_a_terminal(&env, 40, "recap");
    assert!(
        recap.starts_with("[5/9] In progress: Patch the token\n      expiry"),
        "{recap}"
    );
    let schema = on_a_terminal(&env, 40, "schema");
    assert!(
        schema.lines().any(|line| line.chars().count() > 40),
        "{schema}"
    );
}

/// A fresh workspace with `plan` made in it, and a tmux pane of `columns`×`rows` in it that
/// has been sent `command` (and Enter); none where tmux is not installed (the test says so and
/// ends).
fn pane_showing(
    plan: fn(&TestEnv),
    (columns, rows): (usize, usize),
    command: &str,
) -> Option<(TestEnv, Pane)> {
    if !installed("tmux") {
        return None;
    }
    let env = TestEnv::new();
    plan(&env);
    let pane = Pane::start(&env, columns, rows);
    pane.send(&[command, "Enter"]);
    Some((env, pane))
}

/// A tmux server of this test's own, running an interactive bash in the workspace with the
/// test environment; killed however the test ends.
struct Pane {
    socket: String,
}

impl Pane {
    fn start(env: &TestEnv, columns: usize, rows: usize) -> Self {
        Self::start_shell(env, columns, rows, "PS1='$ ' bash --norc --noprofile -i")
    }

    /// Like `start`, with another shell command line (run in the same cleared environment).
    fn start_shell(env: &TestEnv, columns: usize, rows: usize, shell: &str) -> Self {
        let socket = format!(
            "todos-test-{}-{}",
            std::process::id(),
            env.root()
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        );
        let pane = Self { socket };
        let shell = format!(
            "env -i PATH={}:/usr/bin:/bin HOME={} TZ=UTC TODOS_NOW={NOW} TERM=xterm-256color \
             {shell}",
            bin_dir().display(),
            env.home().display()
        );
        let started = pane.tmux(&[
            "new-session",
            "-d",
            "-x",
            &columns.to_string(),
            "-y",
            &rows.to_string(),
            "-c",
            &env.ws().display().to_string(),
            &shell,
        ]);
        assert!(started.status.success(), "{started:?}");
        pane.wait_for("a prompt", |screen| screen.contains('$'));
        pane
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("run tmux")
    }

    fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "0"];
        args.extend(keys);
        assert!(self.tmux(&args).status.success());
    }

    fn resize(&self, columns: usize, rows: usize) {
        let resized = self.tmux(&[
            "resize-window",
            "-t",
            "0",
            "-x",
            &columns.to_string(),
            "-y",
            &rows.to_string(),
        ]);
        assert!(resized.status.success(), "{resized:?}");
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-t", "0"]).stdout).into_owned()
    }

    /// Whether the pane is on the alternate screen, and whether its cursor is shown.
    fn modes(&self) -> (bool, bool) {
        let shown = self.tmux(&["display", "-p", "-t", "0", "#{alternate_on} #{cursor_flag}"]);
        let text = String::from_utf8_lossy(&shown.stdout);
        (text.starts_with('1'), text.trim_end().ends_with('1'))
    }

    /// Waits (at most `WAIT`) for the screen to satisfy `test`, and returns it.
    #[track_caller]
    fn wait_for(&self, what: &str, test: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if test(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < WAIT,
                "no {what} within {WAIT:?}:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    #[track_caller]
    fn wait_for_modes(&self, what: &str, alternate: bool, cursor: bool) {
        let start = Instant::now();
        while self.modes() != (alternate, cursor) {
            assert!(
                start.elapsed() < WAIT,
                "no {what} within {WAIT:?}: {:?}\n{}",
                self.modes(),
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        // tmux leaves its socket file behind when the server is killed: remove it too.
        let socket = self.tmux(&["display", "-p", "#{socket_path}"]);
        let _ = self.tmux(&["kill-server"]);
        let path = String::from_utf8_lossy(&socket.stdout).trim().to_owned();
        if path.contains(&self.socket) {
            let _ = std::fs::remove_file(path);
        }
    }
}

fn rows(screen: &str) -> Vec<&str> {
    screen
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect()
}

#[test]
fn watch_fits_a_short_pane_and_follows_a_resize() {
    let Some((env, pane)) = pane_showing(long_plan, (40, 12), "clear; todos show --watch") else {
        return;
    };
    let screen = pane.wait_for("the plan", |s| s.contains("more items"));
    let shown = rows(&screen);
    assert_eq!(shown[0], "[5/9] Fix the login timeout and ship the");
    assert_eq!(shown[1], "      patch to production");
    assert_eq!(shown[3], "        slow token server", "{screen}");
    assert!(
        screen.contains("  6 [▶] Patch the token expiry check in\n        the middleware"),
        "{screen}"
    );
    // Items are shown whole: item 7 takes two rows, and one was left.
    assert_eq!(shown.len(), 11, "{screen}");
    assert_eq!(shown[10], "… 3 more items below", "{screen}");

    pane.resize(120, 12);
    let screen = pane.wait_for("the wide view", |s| {
        s.contains("  1 [x] Reproduce the timeout with a slow token server\n")
    });
    assert!(screen.contains("revision 1 · watching"), "{screen}");
    assert!(!screen.contains("more items"), "{screen}");

    // 40×7: the header and the item in progress stay in view, the rest is counted.
    pane.resize(40, 7);
    let screen = pane.wait_for("the short view", |s| s.contains("above"));
    let shown = rows(&screen);
    assert_eq!(
        shown[0], "[5/9] Fix the login timeout and ship the",
        "{screen}"
    );
    assert!(
        screen.contains("[▶] Patch the token expiry check in"),
        "{screen}"
    );
    assert_eq!(shown[6], "… 6 more items: 3 above, 3 below", "{screen}");

    // A change is drawn at the current size.
    finish_the_patch(&env);
    pane.wait_for("the change", |s| s.contains("[6/9]"));
    pane.send(&["C-c"]);
    pane.wait_for_modes("restored terminal after Ctrl-C", false, true);
}

#[test]
fn ctrl_z_gives_the_terminal_back_and_fg_draws_again() {
    let Some((env, pane)) = pane_showing(long_plan, (40, 12), "clear; todos show --watch") else {
        return;
    };
    pane.wait_for("the plan", |s| s.contains("[5/9]"));
    pane.wait_for_modes("alternate screen, hidden cursor", true, false);
    pane.send(&["C-z"]);
    pane.wait_for("the shell's job notice", |s| s.contains("Stopped"));
    pane.wait_for_modes("main screen, shown cursor", false, true);
    // The shell is usable while the watch is stopped.
    pane.send(&["echo still-here", "Enter"]);
    pane.wait_for("the shell's answer", |s| s.contains("\nstill-here"));
    // Meanwhile the plan changes; `fg` draws it as it is now.
    finish_the_patch(&env);
    pane.send(&["fg", "Enter"]);
    pane.wait_for("the plan again", |s| s.contains("[6/9]"));
    pane.wait_for_modes("alternate screen again", true, false);
    pane.send(&["C-c"]);
    pane.wait_for_modes("restored terminal after Ctrl-C", false, true);
    pane.wait_for("the prompt", |s| s.trim_end().ends_with('$'));
}

/// `COLUMNS` sets the width, until the window is resized: a variable set before cannot know the
/// new size, so from then on the terminal's own size counts.
#[test]
fn columns_sets_the_width_until_a_resize() {
    let Some((_env, pane)) =
        pane_showing(long_plan, (120, 20), "clear; COLUMNS=40 todos show --watch")
    else {
        return;
    };
    pane.wait_for("the plan at 40 columns", |s| {
        s.contains("  1 [x] Reproduce the timeout with a\n        slow token server")
    });
    pane.resize(100, 20);
    pane.wait_for("the plan at 100 columns", |s| {
        s.contains("  1 [x] Reproduce the timeout with a slow token server\n")
    });
    pane.send(&["C-c"]);
    pane.wait_for_modes("restored terminal after Ctrl-C", false, true);
}

/// zsh completes `todos update <TAB>` with each id and its item beside it, from the committed
/// script sourced after compinit as the README says. zsh is not in every image: where it is
/// missing the test says so.
#[test]
fn zsh_describes_each_id_with_its_item() {
    if !installed("tmux") || !installed("zsh") {
        return;
    }
    let env = TestEnv::new();
    env.plan(
        "Ship",
        &["completed:Build the release", "in_progress:Test it"],
    );
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("completions/_todos");
    let pane = Pane::start_shell(&env, 80, 30, "PS1='$ ' zsh -f");
    pane.send(&[
        &format!(
            "autoload -U compinit; compinit -u; source {}; clear",
            script.display()
        ),
        "Enter",
    ]);
    pane.send(&["todos update ", "Tab"]);
    let screen = pane.wait_for("the ids", |s| s.contains("[▶] Test it"));
    assert!(screen.contains("[x] Build the release"), "{screen}");
}

/// A plan whose blocker marks fall at the edge of 40 and 28 columns.
fn blocked_plan(env: &TestEnv) {
    long_plan(env);
    // 9 waits on 3, which is finished: no mark.
    for (item, on, eight) in [("7", "6", ""), ("8", "7", " ⧗ 7"), ("9", "3", " ⧗ 7")] {
        env.todos(&["update", item, "--blocked-by", on])
            .expect_stdout(format!(
                "[5/9] Fix the login timeout and ship the patch to production\n  \
                 1 [x] Reproduce the timeout with a slow token server\n  \
                 2 [x] Read the token code\n  \
                 3 [x] Write down the expiry rules\n  \
                 4 [~] Benchmark the old retry loop\n  \
                 5 [!] Try the vendor patch\n  \
                 6 [▶] Patch the token expiry check in the middleware\n  \
                 7 [ ] Add a regression test for expired tokens ⧗ 6\n  \
                 8 [ ] Update the changelog{eight}\n  \
                 9 [ ] Tag the release\n\
                 {still_open}",
                still_open = still_open!(4 of 9)
            ))
            .run();
    }
    env.todos(&["update", "8", "--content", "Update the changelog for users"])
        .expect_stdout(concat!(
            "[5/9] Fix the login timeout and ship the patch to production\n",
            "  1 [x] Reproduce the timeout with a slow token server\n",
            "  2 [x] Read the token code\n",
            "  3 [x] Write down the expiry rules\n",
            "  4 [~] Benchmark the old retry loop\n",
            "  5 [!] Try the vendor patch\n",
            "  6 [▶] Patch the token expiry check in the middleware\n",
            "  7 [ ] Add a regression test for expired tokens ⧗ 6\n",
            "  8 [ ] Update the changelog for users ⧗ 7\n",
            "  9 [ ] Tag the release\n",
            still_open!(4 of 9)
        ))
        .run()
        .success();
}

/// At 40×12 a blocker mark never breaks from its number (`⧗ 3`), wherever the line wraps.
#[test]
fn a_blocker_mark_stays_with_its_number_at_40_columns() {
    let Some((_env, pane)) = pane_showing(blocked_plan, (40, 12), "clear; todos show") else {
        return;
    };
    let screen = pane.wait_for("the plan's last items", |s| s.contains("Tag the release"));
    for row in screen.lines() {
        assert!(!row.trim_end().ends_with('⧗'), "{screen}");
    }
    assert!(
        screen.contains("  8 [ ] Update the changelog for users\n        ⧗ 7\n"),
        "{screen}"
    );
}

/// At 28×8 `show --watch` shows whole items only (never a continuation row without its first
/// row), keeps the header and the item in progress, and its last row fits the width.
#[test]
fn watch_at_28_by_8_shows_whole_items_and_a_footer_that_fits() {
    let Some((_env, pane)) = pane_showing(blocked_plan, (28, 8), "clear; todos show --watch")
    else {
        return;
    };
    let expected = "\
[5/9] Fix the login timeout
      and ship the patch to
      production
  5 [!] Try the vendor patch
  6 [▶] Patch the token
        expiry check in the
        middleware
… 4 above, 3 below";
    pane.wait_for("the plan", |s| s.trim_end() == expected);
    // Narrower still: the item in progress is shown whole, the header gives up its wrapped
    // rows for it, and the last row fits.
    pane.resize(20, 8);
    let narrow = "\
[5/9] Fix the login
      timeout and
      ship the patch
  6 [▶] Patch the
        token expiry
        check in the
        middleware
… 5 above, 3 below";
    pane.wait_for("the narrow view", |s| s.trim_end() == narrow);
    pane.send(&["C-c"]);
    pane.wait_for_modes("restored terminal after Ctrl-C", false, true);
}
