//! The command lines an agent sends after every step and its hooks at every start and stop,
//! read without clap: `todos update 2 completed`, `todos write --file plan.json`, `todos show`,
//! `todos recap`, `todos hook`, with `-q`, `--quiet` or `--json` before or after the name.
//!
//! Building even one command's parser took a tenth of such a change, mostly in code and memory
//! touched for the first time (README, "Performance"). A line here is read to the very value
//! clap would give: the unit tests hold the two to the same answer for thousands of lines.
//! Whatever is not one of these plain lines (an option with a value, a word that starts with a
//! dash, a flag given twice, help) is left to clap (`None`), which reads it or refuses it.

use std::ffi::OsString;
use std::path::PathBuf;

use super::{
    CheckArgs, Cli, Command, CreateArgs, HookArgs, Lazy, PlanCommand, RecapArgs, RemoveArgs,
    ShowArgs, UpdateArgs, WriteArgs,
};
use crate::global::{DEFAULT_LOCK_TIMEOUT, GlobalArgs};

/// The global flags of one side of the command's name, each given at most once.
#[derive(Default)]
struct Flags {
    quiet: bool,
    json: bool,
}

impl Flags {
    /// Takes `word` when it is a global flag; `None` when it was given already on this side.
    fn take(&mut self, word: &str) -> Option<bool> {
        let flag = match word {
            "-q" | "--quiet" => &mut self.quiet,
            "--json" => &mut self.json,
            _ => return Some(false),
        };
        if *flag {
            return None;
        }
        *flag = true;
        Some(true)
    }
}

/// The command line read without clap, or `None` for clap to read.
pub(super) fn parse(args: &[OsString]) -> Option<Cli> {
    let mut before = Flags::default();
    let mut after = Flags::default();
    let mut name = None;
    let mut rest: Vec<&str> = Vec::new();
    for word in args.iter().skip(1) {
        let word = word.to_str()?;
        // The word after `--file` is its value, whatever it looks like (clap reads `--file -q`
        // so), never a flag.
        let value = rest.last() == Some(&"--file");
        let flags = if name.is_none() {
            &mut before
        } else {
            &mut after
        };
        if !value && flags.take(word)? {
            continue;
        }
        if name.is_none() {
            name = Some(word);
        } else {
            rest.push(word);
        }
    }
    let plain = |word: &&str| !word.is_empty() && !word.starts_with('-');
    let owned = |words: &[&str]| words.iter().map(|word| (*word).to_owned()).collect();
    let write = |snapshot: Option<&str>, file: Option<&str>| {
        PlanCommand::Write(Lazy(WriteArgs {
            snapshot: snapshot.map(str::to_owned),
            file: file.map(PathBuf::from),
            summary: None,
            todos: Vec::new(),
            expect_revision: None,
            new_session: false,
        }))
    };
    let command = match (name?, rest.as_slice()) {
        ("write", [snapshot]) if plain(snapshot) => write(Some(snapshot), None),
        ("write", ["--file", file]) if plain(file) => write(None, Some(file)),
        ("update", [id, status]) if plain(id) && plain(status) => {
            PlanCommand::Update(Lazy(UpdateArgs {
                id: Some((*id).to_owned()),
                status: Some((*status).to_owned()),
                content: None,
                owner: None,
                no_owner: false,
                blocked_by: Vec::new(),
                unblock: Vec::new(),
                reopen: false,
                take: false,
                expect_revision: None,
            }))
        }
        ("create", contents) if !contents.is_empty() && contents.iter().all(plain) => {
            PlanCommand::Create(Lazy(CreateArgs {
                contents: owned(contents),
                blocked_by: Vec::new(),
                owner: None,
                expect_revision: None,
            }))
        }
        ("remove", ids) if !ids.is_empty() && ids.iter().all(plain) => {
            PlanCommand::Remove(Lazy(RemoveArgs {
                ids: owned(ids),
                expect_revision: None,
            }))
        }
        ("show", []) => PlanCommand::Show(Lazy(ShowArgs::default())),
        ("recap", []) => PlanCommand::Recap(Lazy(RecapArgs {})),
        ("hook", []) => PlanCommand::Hook(Lazy(HookArgs {})),
        ("check", hook @ ([] | ["--hook"])) => PlanCommand::Check(Lazy(CheckArgs {
            stale: None,
            hook: !hook.is_empty(),
            owner: None,
        })),
        _ => return None,
    };
    let global = GlobalArgs {
        workspace: None,
        list: None,
        json: before.json || after.json,
        color: None,
        quiet: before.quiet || after.quiet,
        lock_timeout: DEFAULT_LOCK_TIMEOUT,
    };
    Some(Cli {
        global,
        command: Command::Plan(command),
    })
}
