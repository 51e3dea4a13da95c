//! What a user may set, as two tables: the configuration keys (each with its environment
//! variable, which overrides the files) and the other environment variables `todos` reads. The
//! configuration, the man page's ENVIRONMENT and FILES, the help of the flags a variable stands
//! in for, and every message that names a variable read these rows.

use crate::policy::limit::Limit;

/// One configuration key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    /// One of the plan's limits (`LIMITS`).
    Limit(Limit),
    /// Where completion logs go.
    MemoryDir,
    /// How many revisions each list's history keeps.
    HistoryLimit,
    /// How long a claim lasts when `next --claim` names no `--lease`.
    ClaimLease,
    /// Whether linked git worktrees share the main worktree's plan.
    Worktrees,
    /// The git remote each list also lives on (SPEC §11).
    Remote,
    /// How long the git calls of one command may take in all.
    RemoteTimeout,
    /// How long after its end a lease written elsewhere still counts.
    ClockSkew,
}

/// `worktrees`: each worktree with its own plan (the default), or one plan for all (SPEC §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Worktrees {
    #[default]
    Separate,
    Shared,
}

/// The values of `worktrees`, with what each means.
pub const WORKTREES: [(Worktrees, &str, &str); 2] = [
    (
        Worktrees::Separate,
        "separate",
        "each worktree has its own plan",
    ),
    (
        Worktrees::Shared,
        "shared",
        "every linked worktree uses the main worktree's plan",
    ),
];

impl Worktrees {
    /// Parses a value, case-insensitively.
    pub fn parse(text: &str) -> Option<Self> {
        WORKTREES
            .iter()
            .find(|(_, name, _)| name.eq_ignore_ascii_case(text.trim()))
            .map(|&(value, _, _)| value)
    }

    pub fn as_str(self) -> &'static str {
        WORKTREES
            .iter()
            .find(|(value, _, _)| *value == self)
            .map_or("separate", |(_, name, _)| name)
    }
}

/// A configuration key, the variable that overrides it, and what it sets.
pub struct SettingInfo {
    pub setting: Setting,
    pub key: &'static str,
    pub env: &'static str,
    /// What it sets, for the man page (the default follows it).
    pub meaning: &'static str,
    /// What the value must be, for a refusal: `a whole number of at least 1`.
    pub value: Value,
}

/// The kind of value a key takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// A whole number of at least 1.
    Count,
    /// A folder path, relative to the workspace and inside it.
    Folder,
    /// A length of time (`LEASE_FORMAT`).
    Duration,
    /// One of the named values of `WORKTREES`.
    Worktrees,
    /// A git remote's name.
    RemoteName,
}

/// What a lease's text may be (`claim_lease`, `next --lease`), for messages and help.
pub const LEASE_FORMAT: &str =
    "a number and a unit, s, m or h (90s, 15m, 2h; 1h30m adds up), or \"none\"";

/// The workspace's configuration file, at its root.
pub const WORKSPACE_CONFIG: &str = ".todos.config.json";

/// The default folder of the completion logs.
pub const DEFAULT_MEMORY_DIR: &str = "memory/todos";
/// How many revisions a history keeps by default.
pub const DEFAULT_HISTORY_LIMIT: usize = 100;

/// Every configuration key: the limits first, in `LIMITS`' order, then the other settings.
pub const SETTINGS: [SettingInfo; 11] = [
    SettingInfo {
        setting: Setting::Limit(Limit::MaxItems),
        key: "max_items",
        env: "TODOS_MAX_ITEMS",
        meaning: "the most items a plan holds",
        value: Value::Count,
    },
    SettingInfo {
        setting: Setting::Limit(Limit::MaxContentChars),
        key: "max_content_chars",
        env: "TODOS_MAX_CONTENT_CHARS",
        meaning: "the longest item text, in characters",
        value: Value::Count,
    },
    SettingInfo {
        setting: Setting::Limit(Limit::MaxSummaryChars),
        key: "max_summary_chars",
        env: "TODOS_MAX_SUMMARY_CHARS",
        meaning: "the longest summary, in characters",
        value: Value::Count,
    },
    SettingInfo {
        setting: Setting::Limit(Limit::MaxInProgress),
        key: "max_in_progress",
        env: "TODOS_MAX_IN_PROGRESS",
        meaning: "how many items each owner may have in progress at once",
        value: Value::Count,
    },
    SettingInfo {
        setting: Setting::MemoryDir,
        key: "memory_dir",
        env: "TODOS_MEMORY_DIR",
        meaning: "the folder of the completion logs, relative to the workspace and inside it",
        value: Value::Folder,
    },
    SettingInfo {
        setting: Setting::HistoryLimit,
        key: "history_limit",
        env: "TODOS_HISTORY_LIMIT",
        meaning: "how many revisions each list's history keeps",
        value: Value::Count,
    },
    SettingInfo {
        setting: Setting::ClaimLease,
        key: "claim_lease",
        env: "TODOS_CLAIM_LEASE",
        meaning: "how long a claim of `next --claim` lasts unless its owner works on the item \
                  (when `--lease` is not given); after it, anyone's claim takes the item over",
        value: Value::Duration,
    },
    SettingInfo {
        setting: Setting::Worktrees,
        key: "worktrees",
        env: "TODOS_WORKTREES",
        meaning: "whether the linked git worktrees of a repository share the main worktree's \
                  plan (shared) or each keep their own (separate)",
        value: Value::Worktrees,
    },
    SettingInfo {
        setting: Setting::Remote,
        key: "remote",
        env: "TODOS_REMOTE",
        meaning: "the git remote (such as origin) where every list also lives, as the ref \
                  refs/todos/LIST, so that clones on many machines share one plan; from the \
                  clone's git config (todos.remote), this variable or the user's file only: a \
                  workspace's own file may only suggest it",
        value: Value::RemoteName,
    },
    SettingInfo {
        setting: Setting::RemoteTimeout,
        key: "remote_timeout",
        env: "TODOS_REMOTE_TIMEOUT",
        meaning: "how long the git calls of one command may take in all, with a remote; past \
                  it a change is saved locally and waits to be pushed",
        value: Value::Duration,
    },
    SettingInfo {
        setting: Setting::ClockSkew,
        key: "clock_skew",
        env: "TODOS_CLOCK_SKEW",
        meaning: "with a remote, how long after its end a lease still counts, so that a fast \
                  clock on one machine cannot take over another machine's live claim",
        value: Value::Duration,
    },
];

/// `remote_timeout` when none is set.
pub const DEFAULT_REMOTE_TIMEOUT_SECONDS: u64 = 10;
/// `clock_skew` when none is set.
pub const DEFAULT_CLOCK_SKEW_SECONDS: u64 = 60;

impl Setting {
    pub fn info(self) -> &'static SettingInfo {
        // Every setting has a row; a test holds that.
        SETTINGS
            .iter()
            .find(|info| info.setting == self)
            .unwrap_or(&SETTINGS[0])
    }

    /// The setting of a configuration key.
    pub fn of_key(key: &str) -> Option<Self> {
        SETTINGS
            .iter()
            .find(|info| info.key == key)
            .map(|info| info.setting)
    }

    /// Its default, as the man page says it.
    pub fn default_text(self) -> String {
        match self {
            Self::Limit(limit) => limit.info().default.to_string(),
            Self::MemoryDir => DEFAULT_MEMORY_DIR.to_owned(),
            Self::HistoryLimit => DEFAULT_HISTORY_LIMIT.to_string(),
            Self::ClaimLease => "none (a claim holds until its item is done)".to_owned(),
            Self::Worktrees => Worktrees::default().as_str().to_owned(),
            Self::Remote => "none (each clone keeps its own plan)".to_owned(),
            Self::RemoteTimeout => format!("{DEFAULT_REMOTE_TIMEOUT_SECONDS}s"),
            Self::ClockSkew => format!("{DEFAULT_CLOCK_SKEW_SECONDS}s"),
        }
    }
}

/// An environment variable `todos` reads besides the configuration's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variable {
    Workspace,
    List,
    Owner,
    Session,
    Now,
    Tz,
    NoColor,
    ClicolorForce,
    Columns,
    Lines,
}

/// One variable: its name, the flag it stands in for (which wins over it), and what it does.
pub struct VariableInfo {
    pub variable: Variable,
    pub name: &'static str,
    /// The flag that does the same and wins over the variable; its help names the variable.
    pub flag: Option<&'static str>,
    pub meaning: &'static str,
}

pub const VARIABLES: [VariableInfo; 10] = [
    VariableInfo {
        variable: Variable::Workspace,
        name: "TODOS_WORKSPACE",
        flag: Some("-C/--workspace"),
        meaning: "the workspace folder (empty counts as unset)",
    },
    VariableInfo {
        variable: Variable::List,
        name: "TODOS_LIST",
        flag: Some("-l/--list"),
        meaning: "the list to work on, a named plan in .todos/NAME.json (empty counts as unset)",
    },
    VariableInfo {
        variable: Variable::Owner,
        name: "TODOS_OWNER",
        flag: Some("--owner"),
        meaning: "who runs todos: `next` claims for this owner, `update`, `remove` and `write` \
                  refuse to change items another owner holds, and `check` and `todos hook` \
                  skip them; `prompt` speaks of owners",
    },
    VariableInfo {
        variable: Variable::Session,
        name: "TODOS_SESSION",
        flag: None,
        meaning: "a value other than the stored one starts a new completion-log session",
    },
    VariableInfo {
        variable: Variable::Now,
        name: "TODOS_NOW",
        flag: None,
        meaning: "an RFC 3339 time used as the clock, for tests and reproducible runs",
    },
    VariableInfo {
        variable: Variable::Tz,
        name: "TZ",
        flag: None,
        meaning: "the time zone of the completion log's times and file names",
    },
    VariableInfo {
        variable: Variable::NoColor,
        name: "NO_COLOR",
        flag: None,
        meaning: "when set and not empty, no color unless --color says otherwise",
    },
    VariableInfo {
        variable: Variable::ClicolorForce,
        name: "CLICOLOR_FORCE",
        flag: None,
        meaning: "when set and not 0 (and NO_COLOR is not), color even into a pipe",
    },
    VariableInfo {
        variable: Variable::Columns,
        name: "COLUMNS",
        flag: None,
        meaning: "the terminal's width, for wrapping (else the terminal says)",
    },
    VariableInfo {
        variable: Variable::Lines,
        name: "LINES",
        flag: None,
        meaning: "the terminal's height, for `show --watch` (else the terminal says)",
    },
];

impl Variable {
    pub fn info(self) -> &'static VariableInfo {
        // The table is in the enum's order; a test holds that.
        let info = &VARIABLES[self as usize];
        debug_assert_eq!(info.variable, self);
        info
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_is_a_setting_and_the_tables_are_in_order() {
        for limit in Limit::all() {
            let info = Setting::Limit(limit).info();
            assert_eq!(info.setting, Setting::Limit(limit));
            assert!(info.env.ends_with(&info.key.to_ascii_uppercase()));
        }
        for info in &SETTINGS {
            assert_eq!(info.setting.info().key, info.key);
            assert_eq!(Setting::of_key(info.key), Some(info.setting));
        }
        for (index, info) in VARIABLES.iter().enumerate() {
            assert_eq!(info.variable as usize, index, "{}", info.name);
        }
    }
}
