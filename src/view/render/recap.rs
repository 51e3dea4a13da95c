//! The one-line recap: `[done/total] In progress: A. Pending: B; C (+2 more).`, at most
//! `RECAP_MAX_CHARS`, its names cut to one common length when the line is long.

use std::fmt::Write as _;

use crate::plan::model::{Item, Status};
use crate::policy::status::STATUSES;
use crate::policy::text::escape;

/// The most characters a recap may take.
pub const RECAP_MAX_CHARS: usize = crate::policy::cap::Cap::RecapChars.chars();

/// One named part of the recap: `Pending: A; B; C (+2 more).`
struct Part {
    label: std::borrow::Cow<'static, str>,
    /// Every item of the part is named, however many: the part cut first when the line is long.
    names_all: bool,
    names: Vec<String>,
    count: usize,
}

impl Part {
    /// The part of `status`, leaving out the item at `except` (named in a part of its own).
    fn new(status: Status, items: &[Item], at_most: usize, except: Option<usize>) -> Option<Self> {
        let mut names = Vec::new();
        let mut count = 0;
        let others = items
            .iter()
            .enumerate()
            .filter(|(index, _)| Some(*index) != except)
            .map(|(_, item)| item);
        for item in others.filter(|item| item.status == status) {
            if names.len() < at_most {
                names.push(escape(&item.content).into_owned());
            }
            count += 1;
        }
        (count > 0).then_some(Self {
            label: status.info().label.into(),
            names_all: at_most == usize::MAX,
            names,
            count,
        })
    }

    /// Writes the part with every name cut to `cap` characters and at most `named` names.
    fn render(&self, out: &mut String, cap: usize, named: usize) {
        let _ = write!(out, " {}: ", self.label);
        let shown = named.min(self.names.len());
        for (index, name) in self.names[..shown].iter().enumerate() {
            if index > 0 {
                out.push_str("; ");
            }
            if name.chars().count() > cap {
                out.extend(name.chars().take(cap.saturating_sub(1)));
                out.push('…');
            } else {
                out.push_str(name);
            }
        }
        if self.count > shown {
            let _ = write!(out, " (+{} more)", self.count - shown);
        }
        out.push('.');
    }
}

/// The shortest a cut name gets: one character and the ellipsis.
const MIN_NAME_CHARS: usize = 2;

/// The one-line recap: `[done/total] In progress: A. Pending: B; C; D (+2 more). Cancelled: E. Failed: F.`
///
/// At most 300 characters: when the line is longer, every name is cut to one common length,
/// the largest that fits, so the longest names are shortened first and short ones stay whole.
/// If even one-character names do not fit (hundreds of failed items), fewer failed items are
/// named and the rest counted in `(+N more)`. Both searches are binary: O(n log n).
pub fn recap(items: &[Item]) -> String {
    let stats = crate::plan::model::stats(items);
    let head = format!("[{}/{}]", stats.done(), stats.total);
    if stats.total == 0 {
        return format!("{head} No todos.");
    }
    let mut named: Vec<(u8, usize, Status)> = STATUSES
        .iter()
        .filter_map(|info| {
            info.recap
                .map(|(order, at_most)| (order, at_most, info.status))
        })
        .collect();
    named.sort_unstable_by_key(|(order, ..)| *order);
    // Nothing in progress in a plan with dependencies or owners: the first ready item is what
    // to start, named first (SPEC §3a). In a plain plan it is the first pending item, already
    // named first, so a lone agent's recap stays as it was.
    let teamed = items
        .iter()
        .any(|item| !item.blocked_by.is_empty() || item.owner.is_some());
    let next = if teamed && stats.count(Status::InProgress) == 0 {
        crate::plan::dependencies::next_ready(items, None)
    } else {
        None
    };
    let mut parts: Vec<Part> = named
        .into_iter()
        .filter_map(|(_, at_most, status)| Part::new(status, items, at_most, next))
        .collect();
    if let Some(next) = next {
        parts.insert(
            0,
            Part {
                label: "Next".into(),
                names_all: false,
                names: vec![escape(&items[next].content).into_owned()],
                count: 1,
            },
        );
    }
    // A finished plan with a failure is never called done in words: the failure comes first
    // (`[8/8] Finished, 1 failed: Try mypy strict mode.`), so a person and an agent see it.
    let failed = stats.count(Status::Failed);
    let all_done = match (stats.open(), failed) {
        (0, 0) => " All done.",
        _ => "",
    };
    if stats.open() == 0
        && failed > 0
        && let Some(at) = parts
            .iter()
            .position(|part| part.label == Status::Failed.info().label)
    {
        let mut part = parts.remove(at);
        part.label = format!("Finished, {failed} failed").into();
        parts.insert(0, part);
    }
    let all_failed = parts
        .iter()
        .find(|part| part.names_all)
        .map_or(0, |part| part.names.len());
    let render = |cap: usize, failed_named: usize| {
        let mut line = format!("{head}{all_done}");
        for part in &parts {
            let named = if part.names_all {
                failed_named
            } else {
                usize::MAX
            };
            part.render(&mut line, cap, named);
        }
        line
    };
    let fits = |line: &String| line.chars().count() <= RECAP_MAX_CHARS;
    let whole = render(usize::MAX, all_failed);
    if fits(&whole) {
        return whole;
    }
    let failed_named = if fits(&render(MIN_NAME_CHARS, all_failed)) {
        all_failed
    } else {
        largest(1, all_failed, |named| fits(&render(MIN_NAME_CHARS, named)))
    };
    let longest = parts
        .iter()
        .flat_map(|part| &part.names)
        .map(|name| name.chars().count())
        .max();
    let cap = largest(MIN_NAME_CHARS, longest.unwrap_or(MIN_NAME_CHARS), |cap| {
        fits(&render(cap, failed_named))
    });
    render(cap, failed_named)
}

/// The largest `n` in `low..=high` for which `ok(n)` holds, given that `ok` only turns false
/// as `n` grows; `low` when none does.
fn largest(low: usize, high: usize, ok: impl Fn(usize) -> bool) -> usize {
    // `high` below `low` (every name empty: the longest is 0 characters) leaves `low`.
    let (mut good, mut bad) = (low, high.max(low).saturating_add(1));
    while bad - good > 1 {
        let middle = good + (bad - good) / 2;
        if ok(middle) {
            good = middle;
        } else {
            bad = middle;
        }
    }
    good
}
