//! The page, its script and its styles, built into the binary (no CDN, no build step), and the
//! status styles and data, made from the status table so the page's colors and markers are the
//! checklist's by construction.

use std::fmt::Write as _;

use owo_colors::Style;
use serde_json::{Value, json};

use crate::policy::status::STATUSES;

pub const INDEX_HTML: &str = include_str!("../../assets/board/index.html");
pub const STYLE_CSS: &str = include_str!("../../assets/board/style.css");
pub const APP_JS: &str = include_str!("../../assets/board/app.js");
/// The hand-over file's page: it posts the token to the board, which the browser opens
/// without the token on any command line or in any URL.
const OPEN_HTML: &str = include_str!("../../assets/board/open.html");

/// Where the page carries the token the hand-over brought, for its script to take.
const TOKEN_SLOT: &str = "<meta name=\"todos-token\" content=\"\">";

/// The page; after the hand-over, with the token in `TOKEN_SLOT` (hex: nothing to escape).
pub fn page(token: Option<&str>) -> String {
    match token {
        Some(token) => INDEX_HTML.replacen(
            TOKEN_SLOT,
            &format!("<meta name=\"todos-token\" content=\"{token}\">"),
            1,
        ),
        None => INDEX_HTML.to_owned(),
    }
}

/// The hand-over file for the board on `port` with `token` (hex, and a number: nothing to
/// escape).
pub fn hand_over(port: u16, token: &str) -> String {
    OPEN_HTML
        .replace("{{ORIGIN}}", &format!("http://127.0.0.1:{port}"))
        .replace("{{FIELD}}", crate::policy::board::TOKEN_FIELD)
        .replace("{{TOKEN}}", token)
}

/// The terminal's eight colors by SGR number (30 + n, and 90 + n for the bright ones), as the
/// page's CSS variables name them (`--ansi-yellow`, set in style.css).
const ANSI: [&str; 8] = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
];

/// `.status-pending { --status-color: var(--ansi-yellow); }` and so on, one rule a status,
/// from each row's terminal style: the page puts the variables where the checklist puts the
/// color (the marker and the text, the progress bar).
pub fn status_css() -> String {
    let mut css = String::from(
        "/* Made by todos board from the status table (src/policy/status.rs): not a file to edit. */\n",
    );
    for info in &STATUSES {
        let _ = write!(css, ".status-{} {{", info.name);
        let declarations = declarations(info.style);
        if !declarations.iter().any(|d| d.starts_with("--status-color")) {
            css.push_str(" --status-color: var(--fg);");
        }
        for declaration in declarations {
            css.push(' ');
            css.push_str(&declaration);
            css.push(';');
        }
        css.push_str(" }\n");
    }
    css
}

/// The CSS variables that say what the SGR parameters of `style` do.
fn declarations(style: Style) -> Vec<String> {
    let prefix = style.prefix_formatter().to_string();
    let parameters = prefix
        .split('\u{1b}')
        .filter_map(|sequence| sequence.strip_prefix('[')?.strip_suffix('m'))
        .flat_map(|codes| codes.split(';'))
        .filter_map(|code| code.parse::<u8>().ok());
    parameters
        .filter_map(|code| match code {
            1 => Some("--status-weight: 700".to_owned()),
            2 => Some("--status-opacity: 0.55".to_owned()),
            3 => Some("--status-style: italic".to_owned()),
            4 => Some("--status-decoration: underline".to_owned()),
            9 => Some("--status-decoration: line-through".to_owned()),
            30..=37 => Some(format!(
                "--status-color: var(--ansi-{})",
                ANSI[usize::from(code - 30)]
            )),
            90..=97 => Some(format!(
                "--status-color: var(--ansi-{})",
                ANSI[usize::from(code - 90)]
            )),
            _ => None,
        })
        .collect()
}

/// What the script knows of each status, in the table's order, and the marks the one-line
/// views put after an item: the page's half of the same table.
/// What the page puts before the ids an item still waits on: words, where the checklist has
/// room only for its mark (`⧗`), which not every browser's fonts draw.
const WAITS: &str = "waits on";

/// `home`: the user's home folder, which the page shows as `~`.
pub fn statuses(home: &str) -> Value {
    let statuses: Vec<Value> = STATUSES
        .iter()
        .map(|info| {
            json!({
                "name": info.name,
                "label": info.label,
                "marker": info.marker,
                "terminal": info.terminal,
                "resolves": info.resolves,
            })
        })
        .collect();
    json!({
        "statuses": statuses,
        "marks": {
            "waits": WAITS,
            "lease_ended": crate::plan::claims::LEASE_ENDED.trim(),
        },
        "home": home,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_its_checklist_style_and_the_page_types_none() {
        let css = status_css();
        assert!(
            css.contains(".status-pending { --status-color: var(--ansi-yellow); }"),
            "{css}"
        );
        assert!(
            css.contains(
                ".status-in_progress { --status-color: var(--ansi-cyan); --status-weight: 700; }"
            ),
            "{css}"
        );
        assert!(css.contains(".status-cancelled { --status-color: var(--fg); --status-opacity: 0.55; --status-decoration: line-through; }"), "{css}");
        for info in &STATUSES {
            assert!(
                css.contains(&format!(".status-{} {{", info.name)),
                "{}",
                info.name
            );
            // The hand-written files only say where a status's style goes, never what it is.
            for file in [STYLE_CSS, APP_JS] {
                assert!(
                    !file.contains(&format!("status-{}", info.name)),
                    "{} in a page file",
                    info.name
                );
                assert!(
                    !file.contains(info.marker),
                    "{} in a page file",
                    info.marker
                );
            }
        }
    }

    #[test]
    fn the_token_goes_only_where_the_page_and_the_hand_over_take_it() {
        assert!(INDEX_HTML.contains(TOKEN_SLOT));
        let page = page(Some("00ff"));
        assert!(page.contains("<meta name=\"todos-token\" content=\"00ff\">"));
        assert!(!page.contains(TOKEN_SLOT));
        let file = hand_over(4242, "00ff");
        assert!(file.contains("action=\"http://127.0.0.1:4242/\""), "{file}");
        assert!(file.contains("name=\"token\" value=\"00ff\""), "{file}");
        assert!(!file.contains("{{"), "{file}");
    }

    #[test]
    fn the_page_never_parses_text_as_html() {
        for forbidden in [
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
        ] {
            assert!(!APP_JS.contains(forbidden), "{forbidden}");
        }
        for remote in ["http://", "https://", "//cdn"] {
            for file in [INDEX_HTML, STYLE_CSS, APP_JS] {
                assert!(!file.contains(remote), "{remote}");
            }
        }
    }
}
