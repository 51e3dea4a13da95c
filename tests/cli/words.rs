//! Words the user typed (a command, an option, a list name, an id, a value) that a refusal
//! repeats: escaped, so they cannot drive the terminal, and cut, so a 100 KB argument does not
//! make a 100 KB error. The refusal changes nothing.

use crate::support::{TestEnv, envelope_end};

/// What no refusal may print of a hostile word: an OSC title sequence, a bell, a carriage
/// return that rewrites the line, a bidi override.
fn assert_inert(stderr: &str) {
    for raw in ["\u{1b}]", "\u{7}", "\r", "\u{202e}", "\u{1b}[2J"] {
        assert!(!stderr.contains(raw), "{raw:?} in {stderr:?}");
    }
}

#[test]
fn a_hostile_word_reaches_the_terminal_escaped_even_in_colour() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    let hostile = "\u{1b}]0;pwned\u{7}\u{1b}[2Jx\ry\u{202e}";
    let runs: [&[&str]; 6] = [
        &[hostile],
        &[&format!("--{hostile}")],
        &["show", "--format", hostile],
        &["history", hostile],
        &["update", "1", "--blocked-by", hostile],
        &["-l", hostile, "show"],
    ];
    for args in runs {
        // A colour terminal, where clap's own styled text is printed as it is.
        let done = env.rejects(
            env.todos(args)
                .color_from_env()
                .env("CLICOLOR_FORCE", "1")
                .stderr_in_parts("each refusal's own words: that they are inert, below"),
            if args[0] == "update" || args[0] == "-l" {
                1
            } else {
                2
            },
        );
        assert_inert(&done.stderr);
        assert!(done.stderr.contains("\\u{1b}"), "{args:?}: {}", done.stderr);
    }
}

#[test]
fn a_long_word_is_cut_in_every_refusal_that_repeats_it() {
    let env = TestEnv::new();
    env.plan("Ship", &["pending:Build"]);
    let long = "x".repeat(100_000);
    let value = format!("--text={long}");
    let runs: [(&[&str], i32); 9] = [
        (&[&long], 2),
        (&[&format!("--{long}")], 2),
        (&["show", "--format", &long], 2),
        (&["undo", "--to", &long], 2),
        (&["-l", &long, "show"], 1),
        (&["update", &long, "completed"], 1),
        (&["remove", &long], 1),
        (&["update", "1", "--blocked-by", &long], 1),
        (&["update", "1", &value], 2),
    ];
    for (args, code) in runs {
        let done = env.rejects(
            env.todos(args)
                .stderr_in_parts("each refusal's own words: their length and the cut, below"),
            code,
        );
        assert!(
            done.stderr.len() < 1_000,
            "{}: {} bytes",
            &args[0][..args[0].len().min(20)],
            done.stderr.len()
        );
        assert!(
            done.stderr.contains("xxx…") || done.stderr.contains("--content TEXT"),
            "{}",
            done.stderr
        );
    }
    // `--json` carries clap's message cut the same way.
    let done = env.rejects(
        env.todos(&["--json", &long]).expect_stdout(concat!(
            "{\"status\":\"error\",\"error\":{\"code\":\"USAGE\",\"message\":\"unrecognized \
         subcommand 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'\\n\\nUsage: todos [OPTIONS] \
         <COMMAND>\\n\\nFor more information, try '--help'.\",\"details\":[],\"hint\":\"see \
         `todos --help`\"},\"text\":\"error: unrecognized subcommand \
         'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'\\n\\nUsage: todos [OPTIONS] \
         <COMMAND>\\n\\nFor more information, try '--help'.\",",
            envelope_end!(no workspace),
        )),
        2,
    );
    assert!(done.stdout.len() < 2_000, "{} bytes", done.stdout.len());
}
