//! What is wrong at one path of a plan read from a file (a store, a history line): the rules a
//! plan that `todos` wrote always keeps, said after the path.

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// A counter beyond the largest one todos keeps (`max`).
    CounterBeyond {
        value: u64,
        max: u64,
    },
    NotToolId {
        id: String,
    },
    EarlierId {
        id: String,
    },
    BlanksAround,
    BlankOwner,
    NamesItself,
    NoSuchBlocker {
        id: String,
    },
    /// A cycle of waits, described item by item.
    Cycle {
        described: String,
    },
    Empty,
    NotTime,
    NotOneLine,
    NotShortLine,
    /// A store's `history` that is not a line's hash as todos writes one.
    NotLineHash,
    /// A history line's `next_id` at or before an id it holds.
    NextIdNotPast {
        next_id: u64,
        id: String,
    },
}
