//! The statuses an item can have, as one table: name, aliases, marker, color, whether it is
//! terminal, what it means, when an agent sets it and whether it resolves a blocker. Help, the
//! man page, `prompt`, `schema`, hook and check messages, error messages, the checklist, the
//! recap and the envelope's `stats` are all printed from `STATUSES` (the sentences by
//! `sentences.rs`), so a new status is a variant and a row here (and its tests).

use owo_colors::Style;

use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An item's status. The variants are in the order of `STATUSES`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Pending,
    InProgress,
    Completed,
    Cancelled,
    Failed,
    Blocked,
}

/// One status and everything said or shown about it. (Each flag is a separate fact of the row,
/// not a state machine: clippy's count of bools does not apply.)
#[allow(clippy::struct_excessive_bools)]
pub struct StatusInfo {
    pub status: Status,
    /// The canonical name: stored, printed in `--json`, and in every message.
    pub name: &'static str,
    /// Other spellings agents send, lower-case with `_` (`-` matches `_` too).
    pub aliases: &'static [&'static str],
    /// The checklist's marker.
    pub marker: &'static str,
    /// The checklist's color.
    pub style: Style,
    /// Nothing more will happen to a terminal item; it counts as done.
    pub terminal: bool,
    /// What it means, in a few words, for help and the guide.
    pub meaning: &'static str,
    /// The name as a heading: the recap's parts, the completion log's sections.
    pub label: &'static str,
    /// Where the recap names items of this status: its place among the parts, and how many
    /// names at most (the rest are counted); `None`: never named.
    pub recap: Option<(u8, usize)>,
    /// The Markdown task-list line, `{}` standing for the item's text.
    pub markdown: &'static str,
    /// Struck through where color cannot say it (the completion log).
    pub struck: bool,
    /// The boxes that mean this status in a Markdown checklist given as input (Roo Code's
    /// `[-]` is in progress, so it is not blocked's output marker there).
    pub checkbox: &'static [&'static str],
    /// A blocker in this status no longer holds anything up (SPEC §3a): it was done or is no
    /// longer needed. A failed blocker still holds its dependents.
    pub resolves: bool,
    /// When an agent sets it, the clause it contributes to an agent's instructions: "mark an
    /// item completed {as soon as it is done}".
    pub clause: &'static str,
    /// An item is left in it when work on it stops (finished, or waiting on the outside): the
    /// "how to finish an item" sentence of hooks and `check` names it.
    pub stops_work: bool,
}

pub const STATUSES: [StatusInfo; 6] = [
    StatusInfo {
        status: Status::Pending,
        name: "pending",
        aliases: &["todo", "open", "not_started"],
        marker: "[ ]",
        style: Style::new().yellow(),
        terminal: false,
        meaning: "not started yet",
        label: "Pending",
        recap: Some((1, 3)),
        markdown: "- [ ] {}",
        struck: false,
        checkbox: &["[ ]"],
        resolves: false,
        clause: "to put it back for later",
        stops_work: false,
    },
    StatusInfo {
        status: Status::InProgress,
        name: "in_progress",
        aliases: &["running", "active", "doing"],
        marker: "[▶]",
        style: Style::new().cyan().bold(),
        terminal: false,
        meaning: "being worked on",
        label: "In progress",
        recap: Some((0, 1)),
        markdown: "- [ ] **{}** (in progress)",
        struck: false,
        checkbox: &["[-]", "[▶]"],
        resolves: false,
        clause: "when you start it",
        stops_work: false,
    },
    StatusInfo {
        status: Status::Completed,
        name: "completed",
        aliases: &["done", "complete", "closed"],
        marker: "[x]",
        style: Style::new().green(),
        terminal: true,
        meaning: "finished",
        label: "Completed",
        recap: None,
        markdown: "- [x] {}",
        struck: false,
        checkbox: &["[x]"],
        resolves: true,
        clause: "as soon as it is done",
        stops_work: true,
    },
    StatusInfo {
        status: Status::Cancelled,
        name: "cancelled",
        aliases: &["canceled"],
        marker: "[~]",
        style: Style::new().dimmed().strikethrough(),
        terminal: true,
        meaning: "dropped, no longer needed",
        label: "Cancelled",
        recap: Some((3, 2)),
        markdown: "- [x] ~~{}~~ (cancelled)",
        struck: true,
        checkbox: &["[~]"],
        resolves: true,
        clause: "when it is no longer needed",
        stops_work: true,
    },
    StatusInfo {
        status: Status::Failed,
        name: "failed",
        aliases: &[],
        marker: "[!]",
        style: Style::new().red(),
        terminal: true,
        meaning: "tried, and it did not work",
        label: "Failed",
        recap: Some((4, usize::MAX)),
        markdown: "- [x] {} (failed)",
        struck: false,
        checkbox: &["[!]"],
        resolves: false,
        clause: "when you tried and it could not be done",
        stops_work: true,
    },
    StatusInfo {
        status: Status::Blocked,
        name: "blocked",
        aliases: &[],
        // Not `[-]`: a checklist given as input reads `[-]` as in progress (Roo Code), and no
        // marker may read back as another status (SPEC §4).
        marker: "[=]",
        style: Style::new().magenta(),
        terminal: false,
        meaning: "waiting on something outside the plan",
        label: "Blocked",
        recap: Some((2, 3)),
        markdown: "- [ ] {} (blocked)",
        struck: false,
        checkbox: &["[=]"],
        resolves: false,
        clause: "when it waits on something outside the plan (it stays open)",
        stops_work: true,
    },
];

/// The number of statuses, for arrays indexed by status.
pub const COUNT: usize = STATUSES.len();

impl Status {
    pub fn info(self) -> &'static StatusInfo {
        // The table is in the enum's order; a test holds that.
        &STATUSES[self as usize]
    }

    pub fn all() -> impl Iterator<Item = Status> {
        STATUSES.iter().map(|info| info.status)
    }

    pub fn as_str(self) -> &'static str {
        self.info().name
    }

    pub fn is_terminal(self) -> bool {
        self.info().terminal
    }

    /// Whether a blocker in this status lets its dependents start.
    pub fn resolves(self) -> bool {
        self.info().resolves
    }

    /// Parses a status or one of its aliases: case does not matter, and `-` is `_`.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let same = |name: &str| {
            name.len() == text.len()
                && name
                    .bytes()
                    .zip(text.bytes())
                    .all(|(n, t)| n == t.to_ascii_lowercase() || (n == b'_' && t == b'-'))
        };
        STATUSES
            .iter()
            .find(|info| same(info.name) || info.aliases.iter().any(|alias| same(alias)))
            .map(|info| info.status)
    }

    /// The status a Markdown checklist box stands for (`[x]`, `[-]`, …), case-insensitively.
    pub fn from_checkbox(text: &str) -> Option<Self> {
        STATUSES
            .iter()
            .find(|info| {
                info.checkbox
                    .iter()
                    .any(|checkbox| checkbox.eq_ignore_ascii_case(text))
            })
            .map(|info| info.status)
    }

    /// The canonical name of the status closest to a mistyped `text`, if one is close enough
    /// to be what was meant: `complet` → `completed`, `in-prgress` → `in_progress`.
    pub fn suggest(text: &str) -> Option<&'static str> {
        let spellings = STATUSES.iter().flat_map(|info| {
            std::iter::once((info.name, info.name))
                .chain(info.aliases.iter().map(|alias| (*alias, info.name)))
        });
        let spellings: Vec<(&str, &str)> = spellings.collect();
        let closest =
            crate::policy::suggest::closest(text, spellings.iter().map(|(word, _)| *word))?;
        spellings
            .iter()
            .find(|(word, _)| *word == closest)
            .map(|(_, name)| *name)
    }
}

impl Serialize for Status {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A stored status is its canonical name, exactly: aliases are for input, not for the store.
impl<'de> Deserialize<'de> for Status {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        STATUSES
            .iter()
            .find(|info| info.name == name)
            .map(|info| info.status)
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown status \"{name}\", expected one of {}",
                    STATUSES.map(|info| info.name).join(", ")
                ))
            })
    }
}

/// How many items of each status a list holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub total: usize,
    counts: [usize; COUNT],
}

impl Stats {
    pub fn of(statuses: impl IntoIterator<Item = Status>) -> Self {
        let mut stats = Self::default();
        for status in statuses {
            stats.total += 1;
            stats.counts[status as usize] += 1;
        }
        stats
    }

    pub fn count(&self, status: Status) -> usize {
        self.counts[status as usize]
    }

    /// Items in a terminal status.
    pub fn done(&self) -> usize {
        Status::all()
            .filter(|status| status.is_terminal())
            .map(|status| self.count(status))
            .sum()
    }

    pub fn open(&self) -> usize {
        self.total - self.done()
    }
}

/// `{"total": 3, "pending": 2, "in_progress": 1, …}`: every status, in the table's order.
impl Serialize for Stats {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(COUNT + 1))?;
        map.serialize_entry("total", &self.total)?;
        for info in &STATUSES {
            map.serialize_entry(info.name, &self.count(info.status))?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_enum_order() {
        for (index, info) in STATUSES.iter().enumerate() {
            assert_eq!(info.status as usize, index, "{}", info.name);
            assert_eq!(Status::parse(info.name), Some(info.status));
            for alias in info.aliases {
                assert_eq!(Status::parse(alias), Some(info.status), "{alias}");
            }
        }
    }

    #[test]
    fn only_completed_and_cancelled_blockers_let_dependents_start() {
        let resolving: Vec<&str> = STATUSES
            .iter()
            .filter(|info| info.resolves)
            .map(|info| info.name)
            .collect();
        assert_eq!(resolving, ["completed", "cancelled"]);
        assert!(STATUSES.iter().all(|info| !info.resolves || info.terminal));
    }

    #[test]
    fn statuses_parse_in_any_case_and_spelling() {
        for (text, status) in [
            ("pending", Status::Pending),
            (" In-Progress ", Status::InProgress),
            ("IN_PROGRESS", Status::InProgress),
            ("Doing", Status::InProgress),
            ("DONE", Status::Completed),
            ("canceled", Status::Cancelled),
            ("Complete", Status::Completed),
            ("closed", Status::Completed),
            ("open", Status::Pending),
            ("not-started", Status::Pending),
            ("NOT_STARTED", Status::Pending),
            ("blocked", Status::Blocked),
        ] {
            assert_eq!(Status::parse(text), Some(status), "{text:?}");
        }
        for text in ["", "in progress", "in-progres", "completed!", "pénding"] {
            assert_eq!(Status::parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn stats_serialize_every_status_in_order() {
        let stats = Stats::of([Status::Pending, Status::Failed, Status::Pending]);
        assert_eq!(
            serde_json::to_string(&stats).unwrap(),
            r#"{"total":3,"pending":2,"in_progress":0,"completed":0,"cancelled":0,"failed":1,"blocked":0}"#
        );
        assert_eq!((stats.done(), stats.open()), (1, 2));
    }

    #[test]
    fn mistyped_statuses_suggest_the_canonical_name() {
        assert_eq!(Status::suggest("complet"), Some("completed"));
        assert_eq!(Status::suggest("in-prgress"), Some("in_progress"));
        assert_eq!(Status::suggest("cancled"), Some("cancelled"));
        assert_eq!(Status::suggest("finished"), None);
        assert_eq!(Status::suggest(&"x".repeat(10_000)), None);
    }

    #[test]
    fn checklist_boxes_name_statuses() {
        for (checkbox, status) in [
            ("[ ]", Status::Pending),
            ("[x]", Status::Completed),
            ("[X]", Status::Completed),
            ("[-]", Status::InProgress),
            ("[~]", Status::Cancelled),
            ("[!]", Status::Failed),
        ] {
            assert_eq!(Status::from_checkbox(checkbox), Some(status), "{checkbox}");
        }
        assert_eq!(Status::from_checkbox("[?]"), None);
    }
}
