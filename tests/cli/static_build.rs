//! What linking `todos` statically changes. On x86-64 Linux with glibc, `.cargo/config.toml`
//! makes every build a static-pie executable: no dynamic loader at start-up. These tests hold
//! that, and that nothing a dynamic build does differently is lost: the home folder found
//! without `HOME` (glibc's NSS, which a static glibc still reaches), time zones, locales, a
//! closed pipe, and the limits on the stack. They run on whatever binary is under test
//! (`TODOS_TEST_BIN`), so on other systems they check the normal build the same way.

use std::fs;
use std::process::Command;

use crate::support::{self, NOW, TestEnv};

/// ELF: the binary has no `PT_INTERP` (no loader is named, so none runs) and is of type
/// `ET_DYN` (position independent: the kernel still places it at a random address).
#[cfg(all(target_os = "linux", target_env = "gnu", target_arch = "x86_64"))]
#[test]
fn the_binaries_are_static_pie_executables() {
    let todos = support::bin();
    let mut binaries = vec![todos.clone()];
    if cfg!(feature = "mcp") {
        binaries.push(todos.with_file_name("todos-mcp"));
    }
    for path in binaries {
        let elf = fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        let u16_at = |at: usize| u16::from_le_bytes([elf[at], elf[at + 1]]);
        assert_eq!(
            &elf[..5],
            b"\x7fELF\x02",
            "{}: a 64-bit ELF",
            path.display()
        );
        assert_eq!(
            u16_at(16),
            3,
            "{}: ET_DYN, position independent",
            path.display()
        );
        let table = usize::try_from(u64::from_le_bytes(elf[32..40].try_into().unwrap())).unwrap();
        let (size, count) = (usize::from(u16_at(54)), usize::from(u16_at(56)));
        let interpreters = (0..count)
            .map(|n| table + n * size)
            .filter(|&at| u32::from_le_bytes(elf[at..at + 4].try_into().unwrap()) == 3)
            .count();
        assert_eq!(
            interpreters,
            0,
            "{} names a dynamic loader: it was not linked statically. RUSTFLAGS (or \
             CARGO_ENCODED_RUSTFLAGS) replaces the flags of .cargo/config.toml; add \
             `-C target-feature=+crt-static` to it",
            path.display()
        );
    }
}

/// Without `HOME` (unset or empty), the user's folder comes from the password database: the
/// user's configuration is still read, exactly when the system's own lookup (`getent`) finds a
/// home. A static build reads `/etc/passwd` alone (see `user_config_dir` in src/host.rs), so
/// it is compared with `getent -s files`.
#[test]
fn the_users_configuration_is_found_without_home() {
    let env = TestEnv::new();
    let config = env.root().join("config");
    fs::create_dir_all(config.join("todos")).unwrap();
    fs::write(config.join("todos/config.json"), r#"{"max_items": 1}"#).unwrap();
    let uid = Command::new("id").arg("-u").output().unwrap();
    let uid = String::from_utf8(uid.stdout).unwrap();
    let mut getent = Command::new("getent");
    if cfg!(all(
        target_os = "linux",
        target_env = "gnu",
        target_feature = "crt-static"
    )) {
        getent.args(["-s", "files"]);
    }
    let entry = getent.args(["passwd", uid.trim()]).output().unwrap();
    let has_home = String::from_utf8_lossy(&entry.stdout)
        .trim_end()
        .split(':')
        .nth(5)
        .is_some_and(|home| home.starts_with('/'));
    for home in [None, Some("")] {
        let mut run = env
            .todos(&["create", "First", "Second"])
            .env("XDG_CONFIG_HOME", &config);
        run = match home {
            None => run.env_remove("HOME"),
            Some(home) => run.env("HOME", home),
        };
        let done = if has_home {
            // The user's configuration (one item at most) applies: the lookup worked.
            let done = env.rejects(run, 1);
            assert!(done.stderr.contains("the limit is 1"), "{}", done.stderr);
            done
        } else {
            // No home to be found: the user's configuration cannot be located, and is not read.
            run.run().success()
        };
        for noise in ["statically linked", "getpwuid", "glibc", "panicked"] {
            assert!(!done.stderr.contains(noise), "{}", done.stderr);
        }
    }
    // With no home and no configuration folder at all, every command still works.
    env.todos(&["show"]).env_remove("HOME").run().success();
}

/// A user in no password file, without `HOME` (a container started with an arbitrary uid and an
/// empty environment): no home folder, no configuration, and `todos` works. In a static build
/// glibc would load `libnss_systemd.so.2` for such a user, and crash (SIGSEGV): the home is
/// read from `/etc/passwd` instead. Runs as uid 54321 through `setpriv` when the tests run as
/// root, else through `unshare` in a user namespace.
#[cfg(target_os = "linux")]
#[test]
fn a_user_in_no_password_file_and_without_home_is_served() {
    let env = TestEnv::new();
    let uid = Command::new("id").arg("-u").output().unwrap();
    let root = String::from_utf8_lossy(&uid.stdout).trim() == "0";
    let mut command = Command::new(if root { "setpriv" } else { "unshare" });
    if root {
        command.args(["--reuid=54321", "--regid=54321", "--clear-groups"]);
    } else {
        command.args(["--user", "--map-user=54321", "--map-group=54321"]);
    }
    let output = command
        .arg(support::bin())
        .args(["schema", "update"])
        .current_dir(env.root())
        .env_clear()
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !root && stderr.contains("unshare failed") {
        // No user namespaces here (and not root): no way to be a user without an entry.
        eprintln!("not run: {stderr}");
        return;
    }
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert!(output.stdout.starts_with(b"{"), "{stderr}");
    assert_eq!(stderr, "");
}

/// The time of a change, in the store, is in the zone of `TZ` (a name, a `:`-prefixed name, a
/// POSIX rule) or, without `TZ`, of `/etc/localtime`: the same as `date` (glibc's own time zone
/// code) says for the same instant.
#[test]
fn times_follow_tz_and_etc_localtime_as_date_does() {
    for tz in [
        Some("UTC"),
        Some("Asia/Kolkata"),
        Some(":America/St_Johns"),
        Some("EST5EDT,M3.2.0,M11.1.0"),
        None,
    ] {
        let env = TestEnv::new();
        let mut run = env.todos(&["create", "A"]);
        let mut date = Command::new("date");
        date.env_clear().args(["-d", NOW, "+%Y-%m-%dT%H:%M:%S%:z"]);
        match tz {
            Some(tz) => {
                run = run.env("TZ", tz);
                date.env("TZ", tz);
            }
            None => run = run.env_remove("TZ"),
        }
        run.run().success();
        let date = date.output().unwrap();
        assert!(date.status.success(), "date: {date:?}");
        let expected = String::from_utf8(date.stdout).unwrap();
        assert_eq!(env.store()["updated_at"], expected.trim(), "TZ={tz:?}");
    }
}

/// `todos` never reads the locale: the same bytes come out whatever `LANG`, `LC_ALL` or
/// `LC_CTYPE` say, for text whose case and width a locale could change.
#[test]
fn the_locale_changes_no_byte_of_the_output() {
    let env = TestEnv::new();
    env.plan(
        "İstanbul ıi Straße",
        &[
            "completed:ÇALIŞ İyi",
            "in_progress:中文字符 wide",
            "pending:café ǅ",
        ],
    );
    let plain: Vec<String> = ["show", "recap"]
        .iter()
        .map(|command| env.todos(&[command]).run().success().stdout)
        .collect();
    for locale in ["C", "POSIX", "C.UTF-8", "tr_TR.UTF-8", "ja_JP.eucJP"] {
        for var in ["LANG", "LC_ALL", "LC_CTYPE"] {
            for (command, expected) in ["show", "recap"].iter().zip(&plain) {
                let out = env.todos(&[command]).env(var, locale).run().success();
                assert_eq!(&out.stdout, expected, "{var}={locale} todos {command}");
                assert_eq!(out.stderr, "", "{var}={locale} todos {command}");
            }
        }
    }
}

/// `todos show | head -0`: the reader is gone before the first byte. SIGPIPE is ignored
/// (Rust's start-up sets it so, and a parent that already ignores it changes nothing), the
/// write fails with EPIPE, and `todos` ends quietly with 0.
#[test]
fn show_into_a_reader_that_reads_nothing_ends_quietly() {
    let env = TestEnv::new();
    let items: Vec<String> = (0..3000).map(|n| format!("pending:item {n}")).collect();
    let mut args = vec!["write", "--summary", "Big"];
    for item in &items {
        args.extend(["-t", item.as_str()]);
    }
    env.todos(&args)
        .env("TODOS_MAX_ITEMS", "5000")
        .run()
        .success();
    for (setup, command) in [
        ("", "show"),
        ("", "recap"),
        ("trap '' PIPE;", "show"),
        ("", "--json show"),
    ] {
        let script = format!(
            "{setup} \"$0\" --color never {command} | head -c 0; echo \"exit=${{PIPESTATUS[0]}}\""
        );
        let output = Command::new("bash")
            .arg("-c")
            .arg(&script)
            .arg(support::bin())
            .current_dir(env.ws())
            .env_clear()
            .env("HOME", env.home())
            .env("TODOS_NOW", NOW)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            "exit=0\n",
            "{script}"
        );
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{script}");
    }
}

/// JSON nested a hundred thousand deep, wherever `todos` reads JSON (stdin, `--file`, the
/// store, the workspace's configuration, a hook's payload), is refused by the parser's depth
/// limit with an error: never a stack overflow, never a change.
#[test]
fn deep_nesting_is_refused_wherever_json_is_read() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let env = TestEnv::new();
    env.plan("S", &["pending:A"]);
    env.write_file("deep.json", &deep);
    // A hook never fails its agent: it says on stderr why it did nothing, and exits 0.
    let cases: [(&[&str], Option<&str>, i32); 4] = [
        (&["write"], Some(&deep), 1),
        (&["write", "--file", "deep.json"], None, 1),
        (&["update"], Some(&deep), 1),
        (&["hook"], Some(&deep), 0),
    ];
    for (args, stdin, code) in cases {
        let mut run = env.todos(args);
        if let Some(stdin) = stdin {
            run = run.stdin(stdin);
        }
        let done = env.rejects(run, code);
        assert!(!done.stderr.is_empty(), "{args:?}");
        assert!(
            !done.stderr.contains("overflow"),
            "{args:?}: {}",
            done.stderr
        );
    }
    for file in [".todos.json", ".todos.config.json"] {
        let env = TestEnv::new();
        env.plan("S", &["pending:A"]);
        env.write_file(file, &deep);
        for command in [&["show"][..], &["create", "B"]] {
            let done = env.todos(command).run();
            assert!(
                matches!(done.code, 1..=9),
                "{file}: {command:?}: exit {}: {}",
                done.code,
                done.stderr
            );
            assert!(done.stderr.contains(file), "{file}: {}", done.stderr);
            assert_eq!(env.read(file), deep, "{file}");
        }
    }
}

/// A real overflow, provoked in a child process of this test binary (built by the same cargo
/// configuration as `todos`): Rust's guard-page handler reports it and aborts, as in a dynamic
/// build, rather than leaving a bare segmentation fault.
#[cfg(unix)]
#[test]
fn a_real_stack_overflow_is_reported_by_the_guard_page_handler() {
    use std::os::unix::process::ExitStatusExt;
    let output = Command::new(std::env::current_exe().unwrap())
        .args([
            "static_build::overflow_in_a_child",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("TODOS_TEST_OVERFLOW", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("has overflowed its stack"), "{stderr}");
    assert_eq!(output.status.signal(), Some(6), "SIGABRT: {stderr}");
}

#[test]
#[ignore = "a child process of a_real_stack_overflow_is_reported_by_the_guard_page_handler"]
fn overflow_in_a_child() {
    fn deeper(depth: u64) -> u64 {
        let frame = std::hint::black_box([depth; 64]);
        if depth == u64::MAX {
            return frame[0];
        }
        deeper(depth + 1).wrapping_add(frame[63])
    }
    if std::env::var_os("TODOS_TEST_OVERFLOW").is_some() {
        std::hint::black_box(deeper(0));
    }
}

mod hot_code {
    include!("../../link/applies.rs");

    /// What cargo gives build.rs for the release build `cargo install` makes on x86-64 Linux
    /// with glibc, with `.cargo/config.toml`'s flags, changed by `changes`.
    fn links_with(changes: &[(&str, Option<&str>)]) -> bool {
        let mut vars = std::collections::HashMap::from([
            ("CARGO_CFG_TARGET_ARCH", "x86_64"),
            ("CARGO_CFG_TARGET_OS", "linux"),
            ("CARGO_CFG_TARGET_ENV", "gnu"),
            ("CARGO_CFG_TARGET_FEATURE", "crt-static,fxsr,sse,sse2"),
            ("PROFILE", "release"),
            (
                "CARGO_ENCODED_RUSTFLAGS",
                "-C\u{1f}target-feature=+crt-static\u{1f}-C\u{1f}symbol-mangling-version=v0",
            ),
        ]);
        for &(name, value) in changes {
            match value {
                Some(value) => vars.insert(name, value),
                None => vars.remove(name),
            };
        }
        links_hot_code(|name| vars.get(name).map(|value| (*value).to_owned()))
    }

    #[test]
    fn the_release_build_of_x86_64_glibc_takes_the_linker_script() {
        assert!(links_with(&[]));
        assert!(links_with(&[("CARGO_ENCODED_RUSTFLAGS", Some(""))]));
    }

    #[test]
    fn another_profile_target_or_linking_never_does() {
        for changes in [
            [("PROFILE", Some("debug"))],
            [("CARGO_CFG_TARGET_ARCH", Some("aarch64"))],
            [("CARGO_CFG_TARGET_OS", Some("macos"))],
            [("CARGO_CFG_TARGET_ENV", Some("musl"))],
            [("CARGO_CFG_TARGET_FEATURE", Some("fxsr,sse,sse2"))],
            [("CARGO_CFG_TARGET_FEATURE", None)],
        ] {
            assert!(!links_with(&changes), "{changes:?}");
        }
    }

    #[test]
    fn a_linker_the_user_chose_never_does() {
        // mold and gold refuse the script (`unknown linker script token`, `syntax error`): a
        // build linked by them, or by any linker the user named, must not be handed one; and
        // TODOS_NO_HOT_CODE leaves it out where nothing shows the linker.
        for changes in [
            [("RUSTC_LINKER", Some("clang"))],
            [(
                "CARGO_ENCODED_RUSTFLAGS",
                Some("-C\u{1f}link-arg=-fuse-ld=mold"),
            )],
            [("CARGO_ENCODED_RUSTFLAGS", Some("-Clinker=clang"))],
            [("CARGO_ENCODED_RUSTFLAGS", Some("-Clinker-flavor=gnu-cc"))],
            [(
                "CARGO_ENCODED_RUSTFLAGS",
                Some("-C\u{1f}link-arg=-fuse-ld=gold"),
            )],
            [(
                "CARGO_ENCODED_RUSTFLAGS",
                Some("-Clink-arg=-B/usr/libexec/mold"),
            )],
            [(
                "CARGO_ENCODED_RUSTFLAGS",
                Some("-C\u{1f}link-args=--ld-path=/usr/bin/ld.mold"),
            )],
            [("MOLD_PATH", Some("/usr/bin/mold"))],
            [("TODOS_NO_HOT_CODE", Some("1"))],
        ] {
            assert!(!links_with(&changes), "{changes:?}");
        }
    }
}
