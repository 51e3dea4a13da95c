//! What is wrong at one path of an input, said after the path (`todos[2].content: is 75
//! characters long, …`): the message of a `Problem`.

use crate::policy::error::{Caller, Path};
use crate::policy::limit::Limit;
use crate::policy::settings::Setting;

/// How to fit a text under its limit, said after a refusal of a text too long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// A limit of `LIMITS`, which configuration raises: its row says how to fit.
    Limit(Limit),
    /// The fixed limit of a description.
    Description,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wrong {
    /// A character text may not hold (`kind`: `a control character`); `multiline` for a
    /// description, where line breaks may stand.
    Forbidden {
        kind: &'static str,
        code: u32,
        multiline: bool,
    },
    /// A text over its limit, with how to fit under it where there is a way.
    TooLong {
        chars: usize,
        max: usize,
        fit: Option<Fit>,
    },
    /// A list over `max_items`, `finished` of its items finished; `caller`: who is told how to
    /// take finished items out.
    TooManyItems {
        len: usize,
        finished: usize,
        max: usize,
        caller: Caller,
    },
    /// More items in progress than `max_in_progress` for one owner (`None`: no owner), at
    /// these paths.
    OverInProgress {
        places: Vec<Path>,
        owner: Option<String>,
        max: usize,
    },
    /// A name that breaks `OWNER`.
    NotOwnerName {
        name: String,
    },
    /// A lease that is not `LEASE_FORMAT`; `unit_missing` when a number lacks its unit.
    NotLease {
        text: String,
        unit_missing: bool,
    },
    /// A lease of 0.
    LeaseZero,
    /// A lease longer than the longest (`max`, said as a span such as `168h`).
    LeaseTooLong {
        text: String,
        max: String,
    },
    /// A stored `lease_until` that is not RFC 3339.
    LeaseUntil {
        until: String,
    },
    /// A stored `lease_seconds` out of range.
    LeaseSeconds {
        seconds: u64,
        max: u64,
    },
    // ---- the shape of an input: `found` is the JSON type there (`a number`) ----
    NotString {
        found: &'static str,
    },
    NotBool {
        found: &'static str,
    },
    NotId {
        found: &'static str,
    },
    /// An entry of a snapshot's list that is no object.
    NotItem {
        found: &'static str,
    },
    /// A snapshot's list that is neither an array nor a Markdown checklist.
    NotList {
        found: &'static str,
    },
    /// `create`'s `items` that is no array.
    NotItems {
        found: &'static str,
    },
    EmptyId,
    NullId,
    EmptyContent,
    /// A status no row of `STATUSES` spells, with the nearest one.
    UnknownStatus {
        text: String,
        near: Option<&'static str>,
    },
    /// A priority no row of `PRIORITIES` spells (`names`), with the nearest one.
    UnknownPriority {
        text: String,
        near: Option<&'static str>,
        names: Vec<&'static str>,
    },
    /// A Gemini CLI tracker task's `type` that is none of its kinds (`names`), with the
    /// nearest one.
    UnknownTaskType {
        text: String,
        near: Option<&'static str>,
        names: &'static [&'static str],
    },
    /// A snapshot's `operation` that is neither `write` nor `read`.
    UnknownOperation {
        text: String,
        near: Option<&'static str>,
    },
    /// A key no field of the context spells, with the nearest one, else the first spelling of
    /// each field.
    UnknownField {
        key: String,
        near: Option<&'static str>,
        fields: Vec<&'static str>,
    },
    /// A second spelling of a field already given as `first`.
    SameField {
        first: String,
    },
    /// `deleted` in a snapshot.
    DeletedInSnapshot,
    StatusMissing,
    /// An item without text: the keys that give it, and those that stand in for it alone.
    ContentMissing {
        keys: String,
        stand_ins: Option<String>,
    },
    /// `operation: read` beside a list.
    ReadWithList,
    NotChecklistLine,
    /// A checklist box that names no status.
    UnknownBox {
        checkbox: String,
    },
    /// `items` beside one item's fields in `create`.
    ItemsAndFields,
    /// An update with no id; `caller`: who is told where ids are shown.
    IdMissing {
        caller: Caller,
    },
    /// An update that changes nothing; `deleted` is the status that removes the item.
    NothingToChange {
        deleted: &'static str,
    },
    // ---- configuration: said after `key "…" is invalid: ` ----
    UnknownKey,
    /// A value the setting does not take (`sentences::setting_value`).
    Setting(Setting),
    NoFolder,
}
