//! Layers without circles: no two modules of `src/` depend on each other, through any number
//! of others. A module is a top-level file or folder of `src/` (`render`, `commands`, `policy`),
//! its submodules included; it depends on another when its code (unit tests left out) names it
//! by a `crate::` path, in a `use` or inline. `lib.rs`, `main.rs` and the binaries sit above all.
//! And no file of `src/` over 400 lines of code, unit tests and comments left out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
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

/// Which modules each module names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(&src, f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let Some(module) = module_of(&src, file) else {
            continue;
        };
        let named = named_modules(&code(&fs::read_to_string(file).unwrap()));
        let edges = graph.entry(module.clone()).or_default();
        edges.extend(
            named
                .into_iter()
                .filter(|name| *name != module && modules.contains(name)),
        );
    }
    graph
}

/// Depth-first search from the last module of `path`, keeping the path, for `start`.
fn walk(
    graph: &BTreeMap<String, BTreeSet<String>>,
    start: &str,
    path: &mut Vec<String>,
    seen: &mut BTreeSet<String>,
) -> bool {
    let here = path.last().unwrap().clone();
    for next in graph.get(&here).into_iter().flatten() {
        if next == start {
            path.push(next.clone());
            return true;
        }
        if seen.insert(next.clone()) {
            path.push(next.clone());
            if walk(graph, start, path, seen) {
                return true;
            }
            path.pop();
        }
    }
    false
}

/// A cycle through `start`, if there is one: the modules on it, `start` first and last.
fn cycle_from(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    // Depth-first search keeping the path, over each module's dependencies.
    let mut path = vec![start.to_owned()];
    let mut seen = BTreeSet::new();
    walk(graph, start, &mut path, &mut seen).then_some(path)
}

#[test]
fn no_two_modules_depend_on_each_other() {
    let graph = graph();
    assert!(
        graph.len() > 20,
        "the modules of src/ were found: {graph:?}"
    );
    let cycles: Vec<String> = graph
        .keys()
        .filter_map(|module| cycle_from(&graph, module))
        .map(|cycle| cycle.join(" → "))
        .collect();
    assert!(
        cycles.is_empty(),
        "modules that depend on each other:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn the_check_sees_a_cycle_of_any_length() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(module, deps)| {
        (
            module.to_owned(),
            deps.into_iter().map(str::to_owned).collect(),
        )
    })
    .collect();
    assert_eq!(
        cycle_from(&graph, "a").unwrap().join(" → "),
        "a → b → c → a"
    );
    assert_eq!(cycle_from(&graph, "d"), None);
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

/// The most lines of code a file of `src/` may hold, unit tests and comments left out (issue 21:
/// a module over it is split by job).
const MAX_LINES_OF_CODE: usize = 400;

/// The files that hold only unit tests: each is declared `#[cfg(test)] mod NAME;` by its parent
/// (`lib.rs`'s `consistency`, `merge.rs`'s `tests`).
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

/// The lines of code of a file: not blank, not a comment, not in its unit tests.
fn lines_of_code(text: &str) -> usize {
    code(text)
        .lines()
        .filter(|line| !line.trim().is_empty())
        .count()
}

#[test]
fn no_module_is_over_400_lines_of_code() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let tests = test_only_files(&src, &files);
    assert!(
        tests.iter().any(|file| file.ends_with("consistency.rs")),
        "the test-only files were found: {tests:?}"
    );
    let mut over: Vec<String> = files
        .iter()
        .filter(|file| !tests.contains(*file))
        .map(|file| (file, lines_of_code(&fs::read_to_string(file).unwrap())))
        .filter(|(_, lines)| *lines > MAX_LINES_OF_CODE)
        .map(|(file, lines)| format!("{}: {lines}", file.strip_prefix(&src).unwrap().display()))
        .collect();
    over.sort();
    assert!(
        over.is_empty(),
        "modules over {MAX_LINES_OF_CODE} lines of code (split each by job):\n{}",
        over.join("\n")
    );
    assert_eq!(
        lines_of_code(
            "//! doc\nfn a() {\n\n    // note\n    b();\n}\n#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n"
        ),
        3
    );
}
