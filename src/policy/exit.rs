//! What went wrong, as scripts see it: each kind of failure with its machine code (the JSON
//! envelope's `error.code`), its exit code and when it happens. The man page's EXIT STATUS and
//! every help text that names an exit code are printed from `KINDS`.

/// `check`'s answer while items are open: not a failure (its envelope says `ok`), the one exit
/// code besides the failures' that a script reads. In hook mode it is the agent's blocking code
/// instead (`policy::agent::Protocol::block_exit_code`).
pub const CHECK_OPEN: u8 = 1;

/// Exit code of a hook that failed: every agent reads 1 as "report it, go on", never as
/// "block" (Claude Code and Codex block on 2, and Gemini CLI on any code but 0 and 1).
pub const HOOK_FAILED: u8 = 1;

/// What went wrong, as scripts see it: the envelope's `error.code` and the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    InvalidParam,
    Usage,
    Conflict,
    StoreCorrupt,
    Internal,
    UnsafePath,
    Remote,
}

/// One row per kind. The man page's EXIT STATUS section is printed from this table.
pub struct KindInfo {
    pub kind: Kind,
    pub code: &'static str,
    pub exit_code: u8,
    /// When it happens, for the man page.
    pub meaning: &'static str,
}

pub const KINDS: [KindInfo; 7] = [
    KindInfo {
        kind: Kind::InvalidParam,
        code: "INVALID_PARAM",
        exit_code: 1,
        meaning: "the input, a configuration value or the requested change breaks a rule",
    },
    KindInfo {
        kind: Kind::Usage,
        code: "USAGE",
        exit_code: 2,
        meaning: "a bad command line, or stdin is a terminal where input was expected",
    },
    KindInfo {
        kind: Kind::Conflict,
        code: "CONFLICT",
        exit_code: 3,
        meaning: "--expect-revision does not match, or the lock was not taken within --lock-timeout",
    },
    KindInfo {
        kind: Kind::StoreCorrupt,
        code: "STORE_CORRUPT",
        exit_code: 4,
        meaning: ".todos.json cannot be read as a store (it is left untouched)",
    },
    KindInfo {
        kind: Kind::Internal,
        code: "INTERNAL_ERROR",
        exit_code: 5,
        meaning: "an I/O failure (a failed write of the output included) or a bug",
    },
    KindInfo {
        kind: Kind::UnsafePath,
        code: "UNSAFE_PATH",
        exit_code: 6,
        meaning: "a path the command would use is a link, a FIFO or device, outside the \
                  workspace, or owned by another user; nothing was read or written through it",
    },
    KindInfo {
        kind: Kind::Remote,
        code: "REMOTE",
        exit_code: 7,
        meaning: "a claim (or sync) needs the list's git remote and it cannot be reached, or it \
                  refused the push for a reason other than a race; git's own reason is quoted",
    },
];

impl Kind {
    pub fn info(self) -> &'static KindInfo {
        // The table is in the enum's order; a test holds that.
        &KINDS[self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_table_is_in_the_enum_order_with_distinct_codes() {
        for (index, info) in KINDS.iter().enumerate() {
            assert_eq!(info.kind as usize, index, "{}", info.code);
            assert_eq!(info.kind.info().code, info.code);
        }
        let mut exits: Vec<u8> = KINDS.iter().map(|info| info.exit_code).collect();
        exits.dedup();
        assert_eq!(exits.len(), KINDS.len());
    }
}
