//! Where a change came from when no command line made it: the history names it after the
//! command (SPEC §10: a change made on the board names the board and the person).

/// What made a change, besides the command it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Via {
    /// The board's page, acting for `person` (the board's `TODOS_OWNER`, else the user).
    Board { person: String },
}

impl Via {
    /// The command as the history records it: `update (board: alice)`.
    pub fn label(&self, command: &str) -> String {
        match self {
            Self::Board { person } => format!("{command} (board: {person})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_and_the_person_follow_the_command() {
        let via = Via::Board {
            person: "alice".to_owned(),
        };
        assert_eq!(
            via.label("update --take: taken on purpose"),
            "update --take: taken on purpose (board: alice)"
        );
        assert_eq!(via.label("undo --to 4"), "undo --to 4 (board: alice)");
    }
}
