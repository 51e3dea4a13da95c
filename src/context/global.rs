//! The options every command takes (`-C`, `--list`, `--json`, `--color`, `--quiet`,
//! `--lock-timeout`), as clap derive types: what `context.rs` resolves a run's context from.
//! The candidates a shell's <TAB> offers for `--list` are added where the command line is
//! built (`cli.rs`), so this module needs nothing but the policy's sentences.
// Doc comments here are the help text users read: backticks would show up literally.
#![allow(clippy::doc_markdown)]

use std::path::PathBuf;

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, ValueEnum, ValueHint};

use crate::policy::cap::Cap;
use crate::policy::sentences;
use crate::policy::settings::Variable;

// The options every command takes, before its name or after it (`todos --json show`, `todos
// show --json`). They are not clap's `global = true`: that copies each of them into every
// command at every start-up, a sixth of `todos show`'s instructions. The top level holds them,
// each command adds its own copy when it is built (`Lazy`), and `Cli::parse_args` lets the
// ones given after the name win, as clap's globals do. (Plain comments: a doc comment here
// would become every command's description.)
#[derive(Debug, Clone, PartialEq, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    // The workspace folder, [env: TODOS_WORKSPACE] [default: the nearest folder upwards with
    // .todos.json, .todos/ or .git, whichever comes first (SPEC §6)]. The variable is read
    // with the rest of the environment (context.rs), where an empty value counts as unset;
    // clap's `env` would refuse it.
    #[arg(short = 'C', long = "workspace", value_name = "DIR", value_hint = ValueHint::DirPath,
          help = sentences::with_env("The folder that holds `.todos.json`", Variable::Workspace)
              + " [default: the nearest folder upwards with .todos.json, .todos/ or .git, \
                 whichever comes first; else .]")]
    pub workspace: Option<PathBuf>,

    // The list to work on. The variable is read with the rest of the environment (context.rs),
    // where an empty value counts as unset.
    #[arg(short = 'l', long = "list", value_name = "NAME",
          help = sentences::with_env(
              "The list to work on: a named plan in .todos/NAME.json (default: the workspace's \
               .todos.json)", Variable::List))]
    pub list: Option<String>,

    /// Print one JSON envelope on stdout, for success and failure alike.
    #[arg(long)]
    pub json: bool,

    /// When to color the output.
    #[arg(long, value_enum, value_name = "WHEN")]
    pub color: Option<ColorChoice>,

    /// Print nothing on success, warnings included (errors still go to stderr).
    #[arg(short, long)]
    pub quiet: bool,

    /// Seconds to wait for another `todos` holding the store's lock.
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_LOCK_TIMEOUT)]
    pub lock_timeout: f64,

    /// With a remote: a claim made on this machine alone is enough when the remote cannot be reached.
    #[arg(long)]
    pub offline: bool,
}

/// How long `--lock-timeout` waits when it is not given, in seconds.
#[allow(clippy::cast_precision_loss)] // a day of seconds is exact in an f64
pub const DEFAULT_LOCK_TIMEOUT: f64 = Cap::DefaultLockTimeoutSeconds.value() as f64;

/// The longest `--lock-timeout`, in seconds.
#[allow(clippy::cast_precision_loss)]
pub const MAX_LOCK_TIMEOUT: f64 = Cap::LockTimeoutSeconds.value() as f64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on.
    Auto,
    /// Always color, even into a pipe.
    Always,
    /// Never color.
    Never,
}

impl GlobalArgs {
    /// Takes each option the command's own arguments gave on the command line.
    pub fn given_after(&mut self, after: &ArgMatches) {
        let given = |id: &str| after.value_source(id) == Some(ValueSource::CommandLine);
        if given("workspace") {
            self.workspace = after.get_one::<PathBuf>("workspace").cloned();
        }
        if given("list") {
            self.list = after.get_one::<String>("list").cloned();
        }
        if given("json") {
            self.json = true;
        }
        if given("color") {
            self.color = after.get_one::<ColorChoice>("color").copied();
        }
        if given("quiet") {
            self.quiet = true;
        }
        if given("offline") {
            self.offline = true;
        }
        if given("lock_timeout")
            && let Some(secs) = after.get_one::<f64>("lock_timeout")
        {
            self.lock_timeout = *secs;
        }
    }
}
