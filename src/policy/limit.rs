//! The numbers a plan must stay within, as one table: each limit's default and how to fit under
//! it. Each can be raised by configuration (its row of `settings::SETTINGS`).

use crate::policy::error::Caller;
use crate::policy::mcp::Tool;

/// One limit of a plan. The variants are in the order of `LIMITS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    MaxItems,
    MaxContentChars,
    MaxSummaryChars,
    MaxInProgress,
}

/// One limit: its default and what to do to fit under it. Its configuration key and variable
/// are its row of `SETTINGS`. The configuration, `prompt`, `schema` and every refusal read it.
pub struct LimitInfo {
    pub limit: Limit,
    pub default: usize,
    /// Said first in a refusal: how to fit the input under the limit.
    pub fit: &'static str,
    /// Said instead of `fit` when finished items are part of what is over the limit, where
    /// finishing more would not help (they still count); `None` where `fit` holds as it is.
    /// It names what the caller does: a command to type, or an MCP tool to call.
    pub fit_when_finished: Option<fn(Caller) -> String>,
}

pub const LIMITS: [LimitInfo; 4] = [
    LimitInfo {
        limit: Limit::MaxItems,
        default: 10,
        fit: "remove items or merge small steps into one",
        fit_when_finished: Some(|caller| match caller {
            Caller::CommandLine => "finished items still count: remove them (`todos remove ID…`) \
                                    or start a new plan with `todos write`"
                .to_owned(),
            Caller::Client => format!(
                "finished items still count: remove them (call `{}`) or start a new plan with \
                 `{}`",
                Tool::Remove.name(),
                Tool::Write.name()
            ),
        }),
    },
    LimitInfo {
        limit: Limit::MaxContentChars,
        default: 60,
        fit: "shorten the text to what the step is, and put the detail in \"description\"",
        fit_when_finished: None,
    },
    LimitInfo {
        limit: Limit::MaxSummaryChars,
        default: 200,
        fit: "shorten the summary to one line saying what the plan is for",
        fit_when_finished: None,
    },
    LimitInfo {
        limit: Limit::MaxInProgress,
        default: 1,
        fit: "finish or pause the item in progress first (completed, or back to pending)",
        fit_when_finished: None,
    },
];

impl Limit {
    pub fn info(self) -> &'static LimitInfo {
        // The table is in the enum's order; a test holds that.
        &LIMITS[self as usize]
    }

    pub fn all() -> impl Iterator<Item = Limit> {
        LIMITS.iter().map(|info| info.limit)
    }
}

/// The limits in force for one run: the defaults, raised or lowered by configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_items: usize,
    pub max_content_chars: usize,
    pub max_summary_chars: usize,
    pub max_in_progress: usize,
}

impl Limits {
    pub fn get(&self, limit: Limit) -> usize {
        match limit {
            Limit::MaxItems => self.max_items,
            Limit::MaxContentChars => self.max_content_chars,
            Limit::MaxSummaryChars => self.max_summary_chars,
            Limit::MaxInProgress => self.max_in_progress,
        }
    }

    pub fn set(&mut self, limit: Limit, value: usize) {
        let field = match limit {
            Limit::MaxItems => &mut self.max_items,
            Limit::MaxContentChars => &mut self.max_content_chars,
            Limit::MaxSummaryChars => &mut self.max_summary_chars,
            Limit::MaxInProgress => &mut self.max_in_progress,
        };
        *field = value;
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_items: Limit::MaxItems.info().default,
            max_content_chars: Limit::MaxContentChars.info().default,
            max_summary_chars: Limit::MaxSummaryChars.info().default,
            max_in_progress: Limit::MaxInProgress.info().default,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_enum_order_and_defaults_come_from_it() {
        let mut limits = Limits::default();
        for (index, info) in LIMITS.iter().enumerate() {
            assert_eq!(info.limit as usize, index);
            assert_eq!(limits.get(info.limit), info.default);
            limits.set(info.limit, 1000 + index);
            assert_eq!(limits.get(info.limit), 1000 + index);
        }
    }
}
