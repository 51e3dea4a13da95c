//! The folders of `src/` are the layers ARCHITECTURE.md's table draws, row by row: a folder
//! uses only folders of a lower layer. A module is a top-level folder of `src/` (`policy`,
//! `store`, `commands`), its files included; it uses another when its code (unit tests left
//! out) names it by a `crate::` path, in a `use` or inline. `lib.rs`, `main.rs` and the binaries
//! sit above all. A file's length is no rule: one subject a module, whatever its length.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
pub(crate) fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to; `None` for the crate root and binaries.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(name, "lib" | "main" | "bin")).then(|| name.to_owned())
}

/// The code of a file without its unit tests (`#[cfg(test)]` and what follows it at the top
/// level, where this crate keeps them) and without comments.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if line.starts_with("#[cfg(test)]")
            && lines.peek().is_some_and(|next| next.starts_with("mod "))
        {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The first segment of every `crate::` path in `code`, braces of a `use` tree included:
/// `use crate::{a, b::c}` names `a` and `b`.
fn named_modules(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        // `$crate::` and `todos_crate::` are not this crate's paths.
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        if let Some(tree) = rest.strip_prefix('{') {
            let end = tree.find('}').unwrap_or(tree.len());
            for part in tree[..end].split(',') {
                let word: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !word.is_empty() {
                    names.insert(word);
                }
            }
        } else {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !word.is_empty() {
                names.insert(word);
            }
        }
    }
    names
}

/// Which modules each module names, and in which file: `module → named → files`.
fn graph() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let tests = test_only_files(&src, &files);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(&src, f)).collect();
    let mut graph: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in files.iter().filter(|file| !tests.contains(*file)) {
        let Some(module) = module_of(&src, file) else {
            continue;
        };
        let named = named_modules(&code(&fs::read_to_string(file).unwrap()));
        let edges = graph.entry(module.clone()).or_default();
        let shown = file.strip_prefix(&src).unwrap().display().to_string();
        for name in named {
            if name != module && modules.contains(&name) {
                edges.entry(name).or_default().insert(shown.clone());
            }
        }
    }
    graph
}

/// ARCHITECTURE.md's table of layers: each folder of `src/` with its layer, lowest first.
/// A row is `| N | `folder/` | what it holds |`.
fn layers(architecture: &str) -> BTreeMap<String, u32> {
    let section = architecture
        .split("\n## ")
        .find(|section| section.starts_with("Layers"))
        .expect("ARCHITECTURE.md has a section ## Layers");
    section
        .lines()
        .filter_map(|line| {
            let mut cells = line.split('|').map(str::trim).skip(1);
            let layer = cells.next()?.parse().ok()?;
            let folder = cells.next()?.strip_prefix('`')?.strip_suffix("/`")?;
            Some((folder.to_owned(), layer))
        })
        .collect()
}

/// What breaks the table: a folder it leaves out or names in vain, and every path from one
/// folder to another of the same or a higher layer, with the files that name it.
fn layering_errors(
    graph: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
    layers: &BTreeMap<String, u32>,
) -> Vec<String> {
    let mut errors = Vec::new();
    for module in graph.keys().filter(|module| !layers.contains_key(*module)) {
        errors.push(format!(
            "src/{module} has no row in ARCHITECTURE.md's table of layers"
        ));
    }
    for folder in layers.keys().filter(|folder| !graph.contains_key(*folder)) {
        errors.push(format!(
            "ARCHITECTURE.md names {folder}/, which src/ does not have"
        ));
    }
    for (module, named) in graph {
        let Some(own) = layers.get(module) else {
            continue;
        };
        for (other, files) in named {
            let Some(theirs) = layers.get(other) else {
                continue;
            };
            if theirs >= own {
                errors.push(format!(
                    "{module}/ (layer {own}) uses {other}/ (layer {theirs}) in {}",
                    files.iter().cloned().collect::<Vec<_>>().join(", ")
                ));
            }
        }
    }
    errors
}

#[test]
fn each_folder_uses_only_the_layers_below_it() {
    let graph = graph();
    assert!(
        graph.len() >= 8,
        "the folders of src/ were found: {graph:?}"
    );
    let architecture =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap();
    let layers = layers(&architecture);
    let errors = layering_errors(&graph, &layers);
    assert!(
        errors.is_empty(),
        "src/ does not keep ARCHITECTURE.md's layers:\n{}",
        errors.join("\n")
    );
}

/// The lines of the `.rs` files under `dir`, as `wc -l` counts them.
fn lines_under(dir: &Path) -> usize {
    let mut files = Vec::new();
    sources(dir, &mut files);
    files
        .iter()
        .map(|file| fs::read_to_string(file).unwrap().matches('\n').count())
        .sum()
}

/// `policy/` keeps the rule tables, their consistency tests and the sentences made from the
/// tables; every other word lives beside what says it (issue 40), so the bottom layer stays at
/// most 18% of `src/`.
#[test]
fn policy_is_at_most_18_percent_of_src() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let policy = lines_under(&src.join("policy"));
    let all = lines_under(&src);
    assert!(
        policy * 100 <= all * 18,
        "policy/ is {policy} of src/'s {all} lines, over 18%: move words beside what says them"
    );
}

#[test]
fn the_check_sees_a_layer_used_from_below_and_a_folder_left_out() {
    let table = "# A\n\n## Layers\n\n| layer | folder | what |\n| --- | --- | --- |\n\
                 | 1 | `low/` | x |\n| 2 | `mid/` | x |\n| 2 | `side/` | x |\n| 3 | `gone/` | x |\n\n## Next\n";
    let layers = layers(table);
    assert_eq!(layers.len(), 4, "{layers:?}");
    let edge = |from: &str, to: &str| {
        (
            from.to_owned(),
            [(to.to_owned(), BTreeSet::from([format!("{from}/a.rs")]))]
                .into_iter()
                .collect::<BTreeMap<_, _>>(),
        )
    };
    let graph: BTreeMap<_, _> = [
        edge("mid", "low"),
        edge("low", "mid"),
        edge("side", "mid"),
        edge("stray", "low"),
    ]
    .into_iter()
    .collect();
    assert_eq!(
        layering_errors(&graph, &layers),
        [
            "src/stray has no row in ARCHITECTURE.md's table of layers",
            "ARCHITECTURE.md names gone/, which src/ does not have",
            "low/ (layer 1) uses mid/ (layer 2) in low/a.rs",
            "side/ (layer 2) uses mid/ (layer 2) in side/a.rs",
        ]
    );
    let named = named_modules("use crate::{guide, hooks::X};\nlet x = crate::text::escape(y);");
    assert_eq!(
        named.into_iter().collect::<Vec<_>>(),
        ["guide", "hooks", "text"]
    );
    assert_eq!(
        code("use crate::a;\n// crate::b\n#[cfg(test)]\nmod tests {\n    use crate::c;\n}\n"),
        "use crate::a;\n"
    );
}

/// The files that hold only unit tests: each is declared `#[cfg(test)] mod NAME;` by its parent
/// (`policy/mod.rs`'s `consistency`, `store/merge.rs`'s `tests`).
fn test_only_files(src: &Path, files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut tests = BTreeSet::new();
    for file in files {
        let text = fs::read_to_string(file).unwrap();
        // Where a module declared in `file` lives: beside `lib.rs` and `mod.rs`, else in the
        // folder named after the file.
        let folder = match file.file_name().and_then(|name| name.to_str()) {
            Some("lib.rs" | "mod.rs") => file.parent().unwrap_or(src).to_path_buf(),
            _ => file.with_extension(""),
        };
        let mut lines = text.lines().peekable();
        while let Some(line) = lines.next() {
            if line.trim() != "#[cfg(test)]" {
                continue;
            }
            let Some(name) = lines
                .peek()
                .and_then(|next| next.trim().strip_prefix("mod "))
                .and_then(|rest| rest.strip_suffix(';'))
            else {
                continue;
            };
            tests.insert(folder.join(format!("{name}.rs")));
            tests.insert(folder.join(name).join("mod.rs"));
        }
    }
    tests
}
