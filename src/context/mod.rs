//! Everything a command needs to know about where and how it runs, decided once from the
//! global flags and the host: workspace, clock, session, color, output mode and configuration.
//! The rest of the program takes these values and never looks at the environment itself.

pub(crate) mod global;
pub mod host;
mod palette;

pub use palette::Palette;
use std::path::{Path, PathBuf};
use std::time::Duration;

use std::cell::OnceCell;
use std::ops::Deref;

use chrono::{DateTime, Datelike as _, FixedOffset, Local, Utc};

use crate::context::global::{ColorChoice, GlobalArgs};
use crate::context::host::Host;
use crate::plan::list::{DEFAULT_STORE, LISTS_DIR, ListName};
use crate::policy::error::{Disk, Error, Hint, Input, Result, Usage, Warning};
use crate::policy::settings::Variable;
use crate::store::config::{Config, Worktrees};

// One flag per global option that is one: `--json`, `-q`, `--offline`, and the terminal.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone)]
pub struct Context {
    pub cwd: PathBuf,
    pub workspace: PathBuf,
    /// With `worktrees: shared`, the linked worktree the command ran in, whose main worktree's
    /// plan (`workspace`) it uses.
    pub shared_by: Option<PathBuf>,
    /// What the command says on the way, whatever it does: why a worktree keeps its own plan.
    pub warnings: Vec<Warning>,
    /// The list this command works on (`--list`, `TODOS_LIST`).
    pub list: ListName,
    /// The time of this run: `TODOS_NOW`, else the clock, in the local time zone (`TZ`). Read
    /// as `ctx.now`; found on first use, since `show` and `recap` never need it and the zone
    /// is read from a file.
    pub now: Now,
    /// `TODOS_SESSION`: a new value starts a new completion-log session.
    pub session: Option<String>,
    /// What makes the change when no command line does (the board's page), named in the
    /// history after the command.
    pub via: Option<crate::policy::via::Via>,
    pub json: bool,
    pub quiet: bool,
    pub lock_timeout: Duration,
    /// `--offline`: with a remote, a claim made here alone is enough (SPEC §11).
    pub offline: bool,
    /// Decides how `show --watch` redraws: in place on a terminal, state after state in a pipe.
    pub stdout_is_terminal: bool,
    pub stdout: Palette,
    pub stderr: Palette,
    pub config: Config,
    /// Whether the default list's store (`.todos.json`) was there when discovery looked for
    /// the workspace; `None` when it did not look (`-C`, a shared plan).
    pub store_there: Option<bool>,
    /// The workspace with its links resolved (`disk::real_root`), found on first use and kept
    /// for the run: every check that a path lies inside measures against the same root.
    root: OnceCell<PathBuf>,
}

impl Context {
    /// The command as the history and the remote record it: followed by what made the change
    /// when no command line did (`update (board: alice)`).
    pub fn recorded(&self, command: &str) -> String {
        match &self.via {
            Some(via) => via.label(command),
            None => command.to_owned(),
        }
    }

    pub fn new(global: &GlobalArgs, host: &Host) -> Result<Self> {
        // An empty TODOS_WORKSPACE counts as unset: a shell that exports it empty means none.
        let from_env = || {
            host.var(Variable::Workspace.name())
                .filter(|dir| !dir.is_empty())
                .map(PathBuf::from)
        };
        let explicit = global.workspace.clone().or_else(from_env);
        let cwd = match host.current_dir() {
            Ok(cwd) => cwd,
            // A deleted current folder is no obstacle when the workspace is named in full.
            Err(_) if explicit.as_ref().is_some_and(|dir| dir.is_absolute()) => {
                explicit.clone().unwrap_or_default()
            }
            Err(err) => {
                return Err(Disk::NoCurrentFolder {
                    why: err.to_string(),
                }
                .into());
            }
        };
        let discovered = explicit.is_none();
        let (mut workspace, looks) = match explicit {
            Some(dir) => (explicit_workspace(&cwd, &dir)?, Looks::default()),
            None => discover_workspace(&cwd)?,
        };
        let list = match global.list.clone().or_else(|| {
            host.var(Variable::List.name())
                .filter(|name| !name.is_empty())
        }) {
            Some(name) => ListName::parse(&name)?,
            None => ListName::default_list(),
        };
        // A bad TODOS_NOW fails every command, whether it needs the clock or not.
        let fixed = fixed_now(host)?;
        let now = Now {
            fixed,
            local: OnceCell::new(),
        };
        if !global.lock_timeout.is_finite()
            || global.lock_timeout < 0.0
            || global.lock_timeout > crate::context::global::MAX_LOCK_TIMEOUT
        {
            return Err(Usage::LockTimeout {
                given: global.lock_timeout,
            }
            .into());
        }
        let (stdout, stderr) = palettes(global.color, host);
        let user_config = host
            .config_dir()
            .map(|dir| dir.join("todos").join("config.json"));
        let config_there = looks[2].as_ref().map(Option::is_some);
        let mut config =
            Config::load_looked(&workspace, config_there, user_config.as_deref(), |var| {
                host.var(var)
            })?;
        let mut warnings = Vec::new();
        let mut shared_by = None;
        // `-C` (or TODOS_WORKSPACE) names the plan itself: it wins over sharing.
        if discovered && config.worktrees == Worktrees::Shared {
            match crate::store::worktree::main_of(&workspace) {
                Ok(Some(main)) => {
                    refuse_foreign_workspace(&main)?;
                    config = Config::load(&main, user_config.as_deref(), |var| host.var(var))?;
                    shared_by = Some(std::mem::replace(&mut workspace, main));
                }
                Ok(None) => {}
                Err(why) => warnings.push(Warning::OwnPlan { why }),
            }
        }
        let store_there = match shared_by {
            None => looks[0].as_ref().map(Option::is_some),
            Some(_) => None,
        };
        Ok(Self {
            cwd,
            workspace,
            shared_by,
            warnings,
            list,
            now,
            session: host
                .var(Variable::Session.name())
                .filter(|s| !s.trim().is_empty()),
            via: host.via.clone(),
            json: global.json,
            quiet: global.quiet,
            lock_timeout: Duration::from_secs_f64(global.lock_timeout),
            offline: global.offline,
            stdout_is_terminal: host.stdout_is_terminal,
            stdout,
            stderr,
            config,
            store_there,
            root: OnceCell::new(),
        })
    }

    /// The workspace with its links resolved (`disk::real_root`), resolved once a run.
    pub fn real_root(&self) -> Result<&Path> {
        if let Some(root) = self.root.get() {
            return Ok(root);
        }
        let root = crate::store::disk::real_root(&self.workspace)?;
        Ok(self.root.get_or_init(|| root))
    }

    /// The completion-log folder, inside the workspace with links resolved and outside every
    /// `.git` folder (SPEC §9); with `create`, made where it is missing. Without, nothing is
    /// created: a check before a write.
    pub fn memory_dir(&self, create: bool) -> Result<crate::store::disk::Folder> {
        let in_git = |path: &Path| {
            path.components().any(|part| {
                matches!(part, std::path::Component::Normal(name)
                    if name.eq_ignore_ascii_case(".git"))
            })
        };
        let refused = || {
            Error::from(Disk::MemoryDirInGit {
                dir: self.config.memory_dir.clone(),
            })
        };
        if in_git(&self.config.memory_dir) {
            return Err(refused());
        }
        let root = self.real_root()?;
        let mut folder = crate::store::disk::folder(root, &self.config.memory_dir, create)
            .map_err(|err| {
                if err.kind == crate::policy::error::Kind::UnsafePath {
                    err.hinted(Hint::MemoryDirInside)
                } else {
                    err
                }
            })?;
        // A link on the way that leads into .git.
        if folder.path.strip_prefix(root).is_ok_and(in_git) {
            folder.remove_created();
            return Err(refused());
        }
        Ok(folder)
    }
}

/// `TODOS_NOW`, when set: an RFC 3339 time that the store can spell in the local time zone.
/// A time it cannot (RFC 3339 has four-digit years) would be saved, then refused by every later
/// command: it is refused here, before anything is written. Only a time within a day of those
/// ends needs the zone, which is read from a file.
fn fixed_now(host: &Host) -> Result<Option<DateTime<FixedOffset>>> {
    let Some(value) = host.var(Variable::Now.name()) else {
        return Ok(None);
    };
    let fixed = DateTime::parse_from_rfc3339(value.trim()).map_err(|err| Input::Now {
        value: value.clone(),
        why: err.to_string(),
    })?;
    if !(1..=9998).contains(&fixed.year())
        && !(0..=9999).contains(&fixed.with_timezone(&Local).year())
    {
        return Input::NowOutOfRange { value }.into();
    }
    Ok(Some(fixed))
}

/// The time of this run, in the local time zone, found on first use (`ctx.now` reads as a
/// `DateTime<Local>`).
#[derive(Clone)]
pub struct Now {
    fixed: Option<DateTime<FixedOffset>>,
    local: OnceCell<DateTime<Local>>,
}

impl Now {
    /// The instant alone, without the time zone (which is read from a file): what a lease is
    /// compared with, in every view.
    /// Read afresh from the clock on every call (unless `TODOS_NOW` fixes it), so a view that
    /// runs for hours (`show --watch`) marks a lease as it ends.
    pub fn instant(&self) -> DateTime<Utc> {
        self.fixed
            .map_or_else(Utc::now, |fixed| fixed.with_timezone(&Utc))
    }

    /// The time as a fixed offset, for the times a change stores (`lease_until`).
    pub fn fixed(&self) -> DateTime<FixedOffset> {
        let local: &DateTime<Local> = self;
        local.fixed_offset()
    }
}

impl Deref for Now {
    type Target = DateTime<Local>;

    fn deref(&self) -> &DateTime<Local> {
        self.local.get_or_init(|| {
            self.fixed
                .map_or_else(Local::now, |fixed| fixed.with_timezone(&Local))
        })
    }
}

fn explicit_workspace(cwd: &Path, dir: &Path) -> Result<PathBuf> {
    let path = cwd.join(dir);
    if path.is_dir() {
        Ok(path)
    } else {
        Err(Input::WorkspaceNotFolder { path }.into())
    }
}

/// The workspace's own files, whose owner decides whether it is trusted.
const OWN_FILES: [&str; 3] = [
    DEFAULT_STORE,
    LISTS_DIR,
    crate::store::config::WORKSPACE_CONFIG,
];

/// What one `lstat` each of `OWN_FILES` saw at the start of the run (discovery looks for the
/// first two): `None` for a file not looked at yet, `Some(None)` for one that was not there.
/// Kept so that the owner check and the configuration do not ask again.
type Looks = [Option<Option<std::fs::Metadata>>; 3];

/// The nearest folder upwards (the current one first) holding `.todos.json`, `.todos/` or
/// `.git`, whichever comes first, so a plan never leaks across a repository's boundary; else
/// the current folder. Refused (`UNSAFE_PATH`) when the folder found holds a todos file another
/// user owns: in a shared folder such as `/tmp`, that user chose its contents.
fn discover_workspace(cwd: &Path) -> Result<(PathBuf, Looks)> {
    let mut found = None;
    'up: for dir in cwd.ancestors() {
        let mut looks = Looks::default();
        // The store and `.todos/` are the first two of `OWN_FILES`: what is seen of them is
        // kept; `.git` is not one.
        for (index, name) in [DEFAULT_STORE, LISTS_DIR, ".git"].into_iter().enumerate() {
            let meta = std::fs::symlink_metadata(dir.join(name)).ok();
            let there = meta.is_some();
            if name != ".git"
                && let Some(look) = looks.get_mut(index)
            {
                *look = Some(meta);
            }
            if there {
                found = Some((dir, looks));
                break 'up;
            }
        }
    }
    let (found, mut looks) = found.unwrap_or((cwd, Looks::default()));
    refuse_foreign_looked(found, &mut looks)?;
    Ok((found.to_path_buf(), looks))
}

/// Refuses a workspace whose plan or configuration another user owns (not root, not this
/// one): found by discovery, or by `todos board`'s search.
pub fn refuse_foreign_workspace(workspace: &Path) -> Result<()> {
    refuse_foreign_looked(workspace, &mut Looks::default())
}

/// `refuse_foreign_workspace`, with what `looks` saw already; the rest is looked at now, and
/// `looks` keeps it.
fn refuse_foreign_looked(workspace: &Path, looks: &mut Looks) -> Result<()> {
    for (name, look) in OWN_FILES.into_iter().zip(looks.iter_mut()) {
        let path = workspace.join(name);
        let meta = look.get_or_insert_with(|| std::fs::symlink_metadata(&path).ok());
        if let Some(uid) = meta.as_ref().and_then(crate::store::worktree::foreign_uid) {
            return Err(Disk::Foreign { path, uid }.into());
        }
    }
    Ok(())
}

/// The palettes of stdout and stderr: `--color` if given; else off when `NO_COLOR` is set and
/// not empty; else on when `CLICOLOR_FORCE` is set and not 0; else on into a terminal only.
pub fn palettes(color: Option<ColorChoice>, host: &Host) -> (Palette, Palette) {
    let enabled = |is_terminal: bool| match color {
        Some(ColorChoice::Always) => true,
        Some(ColorChoice::Never) => false,
        Some(ColorChoice::Auto) | None => {
            if host
                .var(Variable::NoColor.name())
                .is_some_and(|v| !v.is_empty())
            {
                false
            } else if host
                .var(Variable::ClicolorForce.name())
                .is_some_and(|v| v != "0")
            {
                true
            } else {
                is_terminal
            }
        }
    };
    (
        Palette::new(enabled(host.stdout_is_terminal)),
        Palette::new(enabled(host.stderr_is_terminal)),
    )
}
