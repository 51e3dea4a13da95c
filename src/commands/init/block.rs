//! The blocks `todos init` owns in a user's files (the instructions file and `init --git`'s
//! `.gitattributes`): marked lines, replaced whole when present, appended when absent, and
//! everything around them left as it was.

use std::path::Path;

use crate::policy::error::{BlockWhy, Error, Result, Setup};

/// The lines around a block `todos init` owns in a file of the user's: a line starting with
/// `begin_mark` opens it, one starting with `end` closes it.
pub(super) struct Markers {
    pub(super) begin_mark: &'static str,
    pub(super) begin: &'static str,
    pub(super) end: &'static str,
}

/// In an instructions file (Markdown): HTML comments, which no agent shows.
pub(super) const INSTRUCTIONS: Markers = Markers {
    begin_mark: "<!-- todos:begin",
    begin: "<!-- todos:begin (written by `todos init`; run it again to update) -->",
    end: "<!-- todos:end -->",
};

impl Markers {
    /// `body` between the markers.
    pub(super) fn wrap(&self, body: &str) -> String {
        format!("{}\n{body}{}\n", self.begin, self.end)
    }
}

/// The instructions file with our block in it: appended when absent, replaced when present.
pub(super) fn with_block(
    old: Option<&str>,
    block: &str,
    path: &Path,
    markers: &Markers,
) -> Result<String> {
    let Some(old) = old else {
        return Ok(block.to_owned());
    };
    let Markers {
        begin_mark,
        end: end_mark,
        ..
    } = markers;
    let malformed = |why: BlockWhy| {
        Error::from(Setup::Block {
            path: path.to_path_buf(),
            why,
            begin: (*begin_mark).to_owned(),
            end: (*end_mark).to_owned(),
        })
    };
    let mut begin = None;
    let mut end = None;
    let mut offset = 0;
    for line in old.split_inclusive('\n') {
        let mark = line.trim_start();
        if mark.starts_with(begin_mark) {
            if begin.is_some() {
                return Err(malformed(BlockWhy::Two));
            }
            begin = Some(offset);
        } else if mark.starts_with(end_mark) {
            if begin.is_none() || end.is_some() {
                return Err(malformed(BlockWhy::EndFirst));
            }
            end = Some(offset + line.len());
        }
        offset += line.len();
    }
    match (begin, end) {
        (Some(begin), Some(end)) => Ok(format!("{}{block}{}", &old[..begin], &old[end..])),
        (Some(_), None) => Err(malformed(BlockWhy::NoEnd)),
        (None, _) => {
            let mut text = old.to_owned();
            if !text.is_empty() {
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push('\n');
            }
            text.push_str(block);
            Ok(text)
        }
    }
}
