//! How a command names a value it was given when it refuses it: by the flag typed on the
//! command line (`--lease`, every id `ID`), or, for a call of the MCP server's tools, by the
//! argument the caller sent (`lease`, `ids[1]`). A command that an MCP tool runs names such a
//! value only through its `Flag`, and the server's one table of each tool's fields
//! (`mcp::arguments::FIELDS`) gives every flag its field, so neither can drift from the other.

use crate::policy::error::{At, Path};

/// A flag of a command whose value an MCP tool takes as an argument as well.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    List,
    ExpectRevision,
    Ids,
    Claim,
    Owner,
    Lease,
    Revision,
    To,
}

impl Flag {
    pub const ALL: [Self; 8] = [
        Self::List,
        Self::ExpectRevision,
        Self::Ids,
        Self::Claim,
        Self::Owner,
        Self::Lease,
        Self::Revision,
        Self::To,
    ];

    /// The words the command line names it by, as its usage does (`ID` for each id).
    pub const fn typed(self) -> &'static str {
        match self {
            Self::List => "--list",
            Self::ExpectRevision => "--expect-revision",
            Self::Ids => "ID",
            Self::Claim => "--claim",
            Self::Owner => "--owner",
            Self::Lease => "--lease",
            Self::Revision => "REV",
            Self::To => "--to",
        }
    }
}

/// How the values a command was given are named in its refusals.
#[derive(Debug, Clone, Copy, Default)]
pub enum Named {
    /// By the flags typed on the command line (`--lease`; every id `ID`).
    #[default]
    Typed,
    /// By a tool call's arguments (`lease`, `ids[1]`): the field of each flag, from the MCP
    /// server's table.
    Fields(fn(Flag) -> &'static str),
}

impl Named {
    /// Where the value of `flag` is: `--lease`, or `lease`.
    pub fn path(self, flag: Flag) -> Path {
        match self {
            Self::Typed => Path::flag(flag.typed()),
            Self::Fields(field) => Path::field(field(flag)),
        }
    }

    /// Where the `index`th value of `flag` is: `ids[1]`; the command line names each as the
    /// flag (`ID`).
    pub fn item(self, flag: Flag, index: usize) -> Path {
        self.path(flag).index(index)
    }

    /// Where a lease this call did not give is named when its renewal is refused (a change
    /// renewing the lease an earlier claim set, `update --take`'s configured one): the command
    /// line names `--lease`, the flag such a lease is set by; a tool call names no argument, as
    /// it sent none.
    pub fn lease_not_given(self) -> Option<Path> {
        match self {
            Self::Typed => Some(self.path(Flag::Lease)),
            Self::Fields(_) => None,
        }
    }

    /// The same place, as a cursor for the readers that check a value.
    pub fn at(self, flag: Flag) -> At<'static> {
        match self {
            Self::Typed => At::Typed(flag.typed()),
            Self::Fields(field) => At::Key(&At::Root, field(flag)),
        }
    }
}
