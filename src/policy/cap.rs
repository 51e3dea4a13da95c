//! The fixed bounds of `todos`, one row each: how much input it reads, how large a store or a
//! history may grow before it is refused, how long a text may be where no configuration raises
//! it, how much a hook or the recap says, how long a lease or a lock wait may be, how long todos
//! waits for input and how often it looks at the files it follows. Unlike
//! `limit::LIMITS`, no configuration changes these; every surface that states one (a refusal,
//! a schema, a help text) reads it here, and `consistency.rs` walks each row through them.

/// One fixed bound. The variants are in the order of `CAPS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cap {
    /// Input read from stdin, `--file`, an argument or a configuration file.
    InputBytes,
    /// A store, a history or a completion log read whole.
    StoreBytes,
    /// One JSON-RPC message of the MCP server.
    McpLineBytes,
    /// The one-line recap.
    RecapChars,
    /// What a hook says to an agent.
    HookChars,
    /// The longest summary or item text a hook quotes.
    HookQuoteChars,
    /// An item's `activeForm`.
    ActiveFormChars,
    /// An item's `description`.
    DescriptionChars,
    /// A change's note (Codex's `explanation`).
    NoteChars,
    /// A key of an input repeated in a path or a message.
    KeyShownChars,
    /// A claim's lease.
    LeaseSeconds,
    /// How long `--lock-timeout` may wait.
    LockTimeoutSeconds,
    /// How long a command waits for the lock unless `--lock-timeout` says otherwise.
    DefaultLockTimeoutSeconds,
    /// How long a writer waits for the lock before it says so.
    LockNoteMillis,
    /// How long a silent stdin is waited for before it counts as no input.
    StdinGraceMillis,
    /// How long a hook waits for its agent's payload on stdin.
    PayloadWaitMillis,
    /// How often `show --watch`, `history --follow` and the board look at their files while
    /// the kernel's events come, and without them.
    PollWithEventsMillis,
    PollWithoutEventsMillis,
    /// How long `show --watch` and the board wait after a change before they read the plan.
    SettleMillis,
    /// One of git's pointer files (a linked worktree's `.git`, `gitdir`, `commondir`).
    PointerBytes,
    /// How far a history line's revision may run ahead of the store's.
    HistoryAheadRevisions,
    /// A history line's note, read back.
    HistoryNoteChars,
    /// A short line read back from a file: a history line's command, a session's id and start.
    ShortLineChars,
    /// The help beside a shell's completion candidate.
    CandidateHelpChars,
    /// The problems a refusal lists in text before it counts the rest.
    RefusalLines,
    /// The dependency cycles a merge names.
    CyclesNamed,
    /// A command from an agent's settings as `init` quotes it.
    SettingsQuoteChars,
    /// The history lines passed over that a command names one by one before it counts the rest.
    SkippedLinesNamed,
}

/// What a bound counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Bytes,
    Chars,
    Seconds,
    Millis,
    Revisions,
    Lines,
    Cycles,
}

pub struct CapInfo {
    pub cap: Cap,
    pub value: u64,
    pub unit: Unit,
    /// What it bounds, for a test's message and a reader.
    pub what: &'static str,
}

const MIB: u64 = 1024 * 1024;

pub const CAPS: [CapInfo; 28] = [
    CapInfo {
        cap: Cap::InputBytes,
        value: MIB,
        unit: Unit::Bytes,
        what: "input from stdin, --file, an argument or a configuration file",
    },
    CapInfo {
        cap: Cap::StoreBytes,
        value: 64 * MIB,
        unit: Unit::Bytes,
        what: "a store, a history or a completion log",
    },
    CapInfo {
        cap: Cap::McpLineBytes,
        value: 16 * MIB,
        unit: Unit::Bytes,
        what: "one message to the MCP server",
    },
    CapInfo {
        cap: Cap::RecapChars,
        value: 300,
        unit: Unit::Chars,
        what: "the one-line recap",
    },
    CapInfo {
        cap: Cap::HookChars,
        value: 1_500,
        unit: Unit::Chars,
        what: "what a hook says to an agent",
    },
    CapInfo {
        cap: Cap::HookQuoteChars,
        value: 200,
        unit: Unit::Chars,
        what: "a summary or an item's text as a hook quotes it",
    },
    CapInfo {
        cap: Cap::ActiveFormChars,
        value: 200,
        unit: Unit::Chars,
        what: "an item's activeForm",
    },
    CapInfo {
        cap: Cap::DescriptionChars,
        value: 2_000,
        unit: Unit::Chars,
        what: "an item's description",
    },
    CapInfo {
        cap: Cap::NoteChars,
        value: 500,
        unit: Unit::Chars,
        what: "a change's note",
    },
    CapInfo {
        cap: Cap::KeyShownChars,
        value: 40,
        unit: Unit::Chars,
        what: "an input's key as a message repeats it",
    },
    CapInfo {
        cap: Cap::LeaseSeconds,
        value: 7 * 24 * 3600,
        unit: Unit::Seconds,
        what: "a claim's lease",
    },
    CapInfo {
        cap: Cap::LockTimeoutSeconds,
        value: 86_400,
        unit: Unit::Seconds,
        what: "--lock-timeout",
    },
    CapInfo {
        cap: Cap::DefaultLockTimeoutSeconds,
        value: 10,
        unit: Unit::Seconds,
        what: "the wait for the lock without --lock-timeout",
    },
    CapInfo {
        cap: Cap::LockNoteMillis,
        value: 200,
        unit: Unit::Millis,
        what: "the wait for the lock before a writer says it waits",
    },
    CapInfo {
        cap: Cap::StdinGraceMillis,
        value: 1_000,
        unit: Unit::Millis,
        what: "the wait for a silent stdin",
    },
    CapInfo {
        cap: Cap::PayloadWaitMillis,
        value: 1_500,
        unit: Unit::Millis,
        what: "the wait for a hook's payload",
    },
    CapInfo {
        cap: Cap::PollWithEventsMillis,
        value: 2_000,
        unit: Unit::Millis,
        what: "how often show --watch, history --follow and the board look at their files beside \
               the kernel's events",
    },
    CapInfo {
        cap: Cap::PollWithoutEventsMillis,
        value: 250,
        unit: Unit::Millis,
        what: "how often show --watch, history --follow and the board look at their files without \
               the kernel's events",
    },
    CapInfo {
        cap: Cap::SettleMillis,
        value: 25,
        unit: Unit::Millis,
        what: "the wait after a change before show --watch or the board reads it",
    },
    CapInfo {
        cap: Cap::PointerBytes,
        value: 4_096,
        unit: Unit::Bytes,
        what: "one of git's pointer files",
    },
    CapInfo {
        cap: Cap::HistoryAheadRevisions,
        value: 1_000_000,
        unit: Unit::Revisions,
        what: "how far a history line may run ahead of the store",
    },
    CapInfo {
        cap: Cap::HistoryNoteChars,
        value: 2_000,
        unit: Unit::Chars,
        what: "a history line's note",
    },
    CapInfo {
        cap: Cap::ShortLineChars,
        value: 200,
        unit: Unit::Chars,
        what: "a short line read back: a history line's command, a session's id and start",
    },
    CapInfo {
        cap: Cap::CandidateHelpChars,
        value: 60,
        unit: Unit::Chars,
        what: "the help beside a completion candidate",
    },
    CapInfo {
        cap: Cap::RefusalLines,
        value: 20,
        unit: Unit::Lines,
        what: "the problems a refusal lists in text",
    },
    CapInfo {
        cap: Cap::CyclesNamed,
        value: 20,
        unit: Unit::Cycles,
        what: "the dependency cycles a merge names",
    },
    CapInfo {
        cap: Cap::SettingsQuoteChars,
        value: 120,
        unit: Unit::Chars,
        what: "a command from an agent's settings as init quotes it",
    },
    CapInfo {
        cap: Cap::SkippedLinesNamed,
        value: 5,
        unit: Unit::Lines,
        what: "the history lines passed over that a command names one by one",
    },
];

impl Cap {
    pub const fn info(self) -> &'static CapInfo {
        // The table is in the enum's order; a test holds that.
        &CAPS[self as usize]
    }

    pub const fn value(self) -> u64 {
        self.info().value
    }

    /// The value as a length of time, for a bound in `Unit::Millis` or `Unit::Seconds`.
    pub const fn duration(self) -> std::time::Duration {
        match self.info().unit {
            Unit::Millis => std::time::Duration::from_millis(self.value()),
            _ => std::time::Duration::from_secs(self.value()),
        }
    }

    /// The value as a count of characters or bytes in memory.
    #[allow(clippy::cast_possible_truncation)]
    pub const fn chars(self) -> usize {
        // Every bound fits a usize on the platforms todos builds for (16 MiB at most).
        self.info().value as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_enum_order() {
        for (index, info) in CAPS.iter().enumerate() {
            assert_eq!(info.cap as usize, index, "{}", info.what);
            assert_eq!(info.cap.value(), info.value);
        }
    }
}
