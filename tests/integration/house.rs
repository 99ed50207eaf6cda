//! House rules read from the source: no import cycle among the files of `src/app` and
//! `src/engine`.
//!
//! A file's imports are its `use` lines (`use super::...`, `use crate::...`, grouped
//! `use a::{b, c::{d}}`, `pub use`, `pub(crate) use`); its `#[cfg(test)]` module and
//! comments are left out. A path names the file of the deepest module in it: `foo.rs` or
//! `foo/mod.rs`, for the module itself or an item inside it. A set of files that import
//! each other round (a strongly connected component of more than one file) is a cycle; a
//! file importing itself is not. The rules are those of `shared/tools/import-cycles`, which
//! lists the same cycles.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The folders whose files must not import each other round, from the crate's root.
const ROOTS: [&str; 2] = ["src/app", "src/engine"];

/// Every `.rs` file under `dir`, as its path from `root` (with `/`) and its text.
fn read_rs_files(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            read_rs_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).expect("a file under the root");
            let name: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let text = fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            out.push((name.join("/"), text));
        }
    }
}

/// The module a file holds, as its path from the crate: `src/app/ui/panels.rs` and
/// `src/app/ui/panels/mod.rs` are both `crate/app/ui/panels`.
fn module_of(file: &str) -> String {
    let stem = file.strip_suffix(".rs").unwrap_or(file);
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    let inside = stem.split_once('/').map_or("", |(_, rest)| rest);
    if inside.is_empty() {
        "crate".to_string()
    } else {
        format!("crate/{inside}")
    }
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// Whether `text` at `at` opens a test module: `#[cfg(test)]`, then `mod name {` (or
/// `pub mod name {`), whitespace allowed between.
fn opens_test_module(text: &[u8], at: usize) -> bool {
    let skip_space = |mut i: usize| {
        while i < text.len() && text[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    let mut i = skip_space(at + b"#[cfg(test)]".len());
    if text[i..].starts_with(b"pub") {
        let after = skip_space(i + 3);
        if after > i + 3 {
            i = after;
        }
    }
    if !text[i..].starts_with(b"mod") {
        return false;
    }
    let name = skip_space(i + 3);
    if name == i + 3 {
        return false;
    }
    let mut end = name;
    while end < text.len() && is_word(text[end]) {
        end += 1;
    }
    end > name && text.get(skip_space(end)) == Some(&b'{')
}

/// The text of a file without its test module (everything from the first
/// `#[cfg(test)] mod ... {` on) and without comments (from `//` to the end of the line).
fn code_of(text: &str) -> String {
    let bytes = text.as_bytes();
    let cut = text
        .match_indices("#[cfg(test)]")
        .map(|(at, _)| at)
        .find(|&at| opens_test_module(bytes, at))
        .unwrap_or(text.len());
    text[..cut]
        .split('\n')
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What follows `use` up to its `;` in each `use` declaration of `code`, whitespace runs
/// made single spaces.
fn use_trees(code: &str) -> Vec<String> {
    let bytes = code.as_bytes();
    let mut trees = Vec::new();
    let mut i = 0;
    while i + 3 <= bytes.len() {
        let starts_use = &bytes[i..i + 3] == b"use" && (i == 0 || !is_word(bytes[i - 1]));
        if starts_use {
            let mut tree = i + 3;
            while tree < bytes.len() && bytes[tree].is_ascii_whitespace() {
                tree += 1;
            }
            if tree > i + 3
                && let Some(len) = code[tree..].find(';')
                && len > 0
            {
                let words: Vec<&str> = code[tree..tree + len].split_whitespace().collect();
                trees.push(words.join(" "));
                i = tree + len + 1;
                continue;
            }
        }
        i += 1;
    }
    trees
}

/// The paths of a use tree: `a::{b, c::{d, e as f}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        return vec![path.trim().to_string()];
    };
    let prefix = &tree[..open];
    let close = tree.rfind('}').filter(|&c| c > open).unwrap_or(tree.len());
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for ch in tree[open + 1..close].chars() {
        if ch == ',' && depth == 0 {
            parts.push(std::mem::take(&mut current));
            continue;
        }
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        current.push(ch);
    }
    parts.push(current);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(&format!("{prefix}{}", p.trim())))
        .collect()
}

/// The module file a path used in `module` names: that of the longest start of the path
/// that is a module of `modules`; `None` for paths outside the crate (`std::`, `bevy::`)
/// or naming no module of `modules`.
fn resolve(module: &str, path: &str, modules: &BTreeMap<String, String>) -> Option<String> {
    let mut parts: Vec<&str> = path.split("::").collect();
    let mut base: Vec<&str> = module.split('/').collect();
    match parts.first() {
        Some(&"crate") => {
            base = vec!["crate"];
            parts.remove(0);
        }
        Some(&("super" | "self")) => {
            while let Some(&first @ ("super" | "self")) = parts.first() {
                if first == "super" {
                    base.pop();
                }
                parts.remove(0);
            }
        }
        _ => return None,
    }
    (0..=parts.len())
        .rev()
        .map(|n| [&base[..], &parts[..n]].concat().join("/"))
        .find(|m| modules.contains_key(m))
}

/// Each file's imports of other files of `files` (paths and texts), by path.
fn import_graph(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeMap<String, String> = files
        .iter()
        .map(|(file, _)| (module_of(file), file.clone()))
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, text) in files {
        let module = module_of(file);
        let imports = graph.entry(file.clone()).or_default();
        for tree in use_trees(&code_of(text)) {
            for path in expand(&tree) {
                let Some(target) = resolve(&module, &path.replace(' ', ""), &modules) else {
                    continue;
                };
                if target != module {
                    imports.insert(modules[&target].clone());
                }
            }
        }
    }
    graph
}

/// Tarjan's strongly connected components of a graph.
struct Components<'g> {
    graph: &'g BTreeMap<String, BTreeSet<String>>,
    index: BTreeMap<&'g str, usize>,
    low: BTreeMap<&'g str, usize>,
    stack: Vec<&'g str>,
    on_stack: BTreeSet<&'g str>,
    found: Vec<Vec<String>>,
}

impl<'g> Components<'g> {
    fn visit(&mut self, v: &'g str) {
        let n = self.index.len();
        self.index.insert(v, n);
        self.low.insert(v, n);
        self.stack.push(v);
        self.on_stack.insert(v);
        for w in &self.graph[v] {
            let w = w.as_str();
            if !self.index.contains_key(w) {
                self.visit(w);
                let low = self.low[v].min(self.low[w]);
                self.low.insert(v, low);
            } else if self.on_stack.contains(w) {
                let low = self.low[v].min(self.index[w]);
                self.low.insert(v, low);
            }
        }
        if self.low[v] == self.index[v] {
            let mut component = Vec::new();
            loop {
                let w = self.stack.pop().expect("v is on the stack");
                self.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            component.sort();
            self.found.push(component);
        }
    }
}

/// The import cycles among `files` (paths and texts): each the sorted paths of files that
/// import each other round, the largest first.
fn import_cycles(files: &[(String, String)]) -> Vec<Vec<String>> {
    let graph = import_graph(files);
    let mut components = Components {
        graph: &graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !components.index.contains_key(v.as_str()) {
            components.visit(v);
        }
    }
    let mut cycles: Vec<Vec<String>> = components
        .found
        .into_iter()
        .filter(|c| c.len() > 1)
        .collect();
    cycles.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    cycles
}

fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(path, text)| (path.to_string(), text.to_string()))
        .collect()
}

#[test]
fn the_app_and_the_engine_have_no_import_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    for dir in ROOTS {
        read_rs_files(root, &root.join(dir), &mut sources);
    }
    sources.sort();
    assert!(
        sources.iter().any(|(f, _)| f == "src/app/mod.rs")
            && sources.iter().any(|(f, _)| f == "src/engine/mod.rs"),
        "the app's and the engine's files are read"
    );
    let cycles = import_cycles(&sources);
    let listed: Vec<String> = cycles
        .iter()
        .map(|c| format!("  {} files: {}", c.len(), c.join(", ")))
        .collect();
    assert!(
        cycles.is_empty(),
        "these files import each other round (through their `use` lines); move what they \
         share to a file of its own that imports none of them:\n{}",
        listed.join("\n")
    );
}

#[test]
fn a_planted_cycle_is_found_with_exactly_its_files() {
    let tree = files(&[
        ("src/app/mod.rs", "mod a;\nmod b;\nmod c;\npub use a::A;\n"),
        ("src/app/a.rs", "use super::b::B;\npub struct A;\n"),
        ("src/app/b.rs", "use super::a::{A};\npub struct B;\n"),
        // Imports both, and neither imports it: outside the cycle.
        ("src/app/c.rs", "use super::{a::A, b::B};\n"),
    ]);
    assert_eq!(
        import_cycles(&tree),
        vec![vec!["src/app/a.rs".to_string(), "src/app/b.rs".to_string()]]
    );
}

#[test]
fn files_importing_one_way_have_no_cycle() {
    let tree = files(&[
        (
            "src/app/a.rs",
            "use super::b::B;\nuse super::a::A;\npub struct A;\n",
        ),
        ("src/app/b.rs", "use crate::engine::Board;\npub struct B;\n"),
        ("src/engine/mod.rs", "mod board;\npub use board::Board;\n"),
        ("src/engine/board.rs", "use std::fmt;\npub struct Board;\n"),
    ]);
    assert_eq!(import_cycles(&tree), Vec::<Vec<String>>::new());
}

#[test]
fn every_form_of_use_is_read_and_tests_and_comments_are_not() {
    let tree = files(&[
        (
            "src/app/ui/mod.rs",
            "mod view;\n\
             pub(crate) use crate::app::{\n    \
                 game::{Match,\n        Status},\n    \
                 settings::Settings as Chosen,\n};\n\
             pub use self::view::View;\n\
             // use super::book::Book;\n\
             #[cfg(test)]\nmod tests {\n    use super::super::clock::Clock;\n}\n",
        ),
        ("src/app/ui/view.rs", "use super::super::book;\n"),
        ("src/app/game.rs", "use super::ui::View;\n"),
        (
            "src/app/settings.rs",
            "use crate::engine::search::config::Knob;\n",
        ),
        ("src/app/book.rs", ""),
        ("src/app/clock.rs", ""),
        ("src/engine/search/mod.rs", ""),
        ("src/engine/search/config.rs", ""),
    ]);
    let graph = import_graph(&tree);
    let imports = |file: &str| -> Vec<&str> { graph[file].iter().map(String::as_str).collect() };
    assert_eq!(
        imports("src/app/ui/mod.rs"),
        [
            "src/app/game.rs",
            "src/app/settings.rs",
            "src/app/ui/view.rs"
        ]
    );
    assert_eq!(imports("src/app/ui/view.rs"), ["src/app/book.rs"]);
    assert_eq!(
        imports("src/app/settings.rs"),
        ["src/engine/search/config.rs"]
    );
    // The game and the UI import each other: one cycle, the view outside it.
    assert_eq!(
        import_cycles(&tree),
        vec![vec![
            "src/app/game.rs".to_string(),
            "src/app/ui/mod.rs".to_string()
        ]]
    );
}
