//! The files' import graph and its cycles.
//!
//! A file imports the module files its paths lead to (see `source.rs`). House-check's
//! reading takes the paths of `use` lines and those written inline, and leaves out a file's
//! imports of itself and of the modules it sits in (`use super::Shared` in `app/game.rs` is
//! no import of `app/mod.rs`); the older reading, kept for the first house test, takes `use`
//! lines only and counts imports of enclosing modules. A set of files that import each other
//! round (a strongly connected component of more than one file) is a cycle.

use std::collections::{BTreeMap, BTreeSet};

use super::source::{code_of, module_of, paths_in, resolve};

/// Each file's imports, by path.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// Which paths make imports.
#[derive(Clone, Copy)]
pub struct Reading {
    /// The `crate::`/`super::` paths written inline as well as those of `use` lines.
    pub inline_paths: bool,
    /// A file's imports of the modules it sits in (`app/mod.rs` for `app/game.rs`).
    pub enclosing_modules: bool,
}

/// House-check's reading: `use` lines and inline paths, enclosing modules left out.
pub const HOUSE_CHECK: Reading = Reading {
    inline_paths: true,
    enclosing_modules: false,
};

/// The first house test's reading: `use` lines only, enclosing modules counted.
pub const USE_LINES: Reading = Reading {
    inline_paths: false,
    enclosing_modules: true,
};

/// Each file's imports of other files of `files` (paths and texts), by path. A module held
/// by two files is read from the last; the crate's root (`src/lib.rs`) is not read.
pub fn import_graph_by(files: &[(String, String)], reading: Reading) -> Graph {
    let mut modules: BTreeMap<String, String> = BTreeMap::new();
    let mut texts: BTreeMap<String, &str> = BTreeMap::new();
    for (file, text) in files {
        let module = module_of(file);
        if module != "crate" {
            modules.insert(module.clone(), file.clone());
            texts.insert(module, text);
        }
    }
    let mut graph = Graph::new();
    for (module, file) in &modules {
        let imports = graph.entry(file.clone()).or_default();
        for path in paths_in(&code_of(texts[module]), reading.inline_paths) {
            let Some(target) = resolve(module, &path, &modules) else {
                continue;
            };
            let encloses = module.starts_with(&format!("{target}/"));
            if target != *module && (reading.enclosing_modules || !encloses) {
                imports.insert(modules[&target].clone());
            }
        }
    }
    graph
}

/// House-check's import graph of `files` (paths and texts).
pub fn import_graph(files: &[(String, String)]) -> Graph {
    import_graph_by(files, HOUSE_CHECK)
}

/// Tarjan's strongly connected components of a graph.
struct Components<'g> {
    graph: &'g Graph,
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

/// The cycles of `graph` (each node a key, with its edges to other keys): each the sorted
/// nodes that reach each other round, the largest first.
pub fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let mut components = Components {
        graph,
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

/// The import cycles among `files` (paths and texts) as house-check reads them: each the
/// sorted paths of files that import each other round, the largest first.
pub fn import_cycles(files: &[(String, String)]) -> Vec<Vec<String>> {
    cycles(&import_graph(files))
}

/// The imports inside a cycle, one `a -> b` a line, for a failure message.
pub fn imports_within(graph: &Graph, cycle: &[String]) -> Vec<String> {
    cycle
        .iter()
        .flat_map(|a| {
            graph[a]
                .iter()
                .filter(|b| cycle.contains(b))
                .map(move |b| format!("{a} -> {b}"))
        })
        .collect()
}

pub fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(path, text)| (path.to_string(), text.to_string()))
        .collect()
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

#[test]
fn a_planted_inline_path_cycle_is_found_with_exactly_its_files() {
    // The issue's `app/book.rs` <-> `app/files.rs`: one `use` line one way, a path written
    // inline the other way. The file inside `cli/` uses its folder's module, which is no
    // import of it.
    let tree = files(&[
        ("src/app/mod.rs", "pub mod book;\npub mod files;\n"),
        (
            "src/app/book.rs",
            "pub fn save() {\n    super::files::write_file(\"book\");\n}\n",
        ),
        (
            "src/app/files.rs",
            "use crate::app::book::save;\npub fn write_file(_: &str) {}\n",
        ),
        (
            "src/cli/mod.rs",
            "pub mod book;\npub fn write_whole() {}\nfn f() { book::run() }\n",
        ),
        (
            "src/cli/book.rs",
            "use super::write_whole;\npub fn run() { write_whole() }\n",
        ),
    ]);
    assert_eq!(
        import_cycles(&tree),
        vec![vec![
            "src/app/book.rs".to_string(),
            "src/app/files.rs".to_string()
        ]]
    );
    let graph = import_graph(&tree);
    assert!(graph["src/cli/book.rs"].is_empty());
    // Read from `use` lines only, the way the first house test reads them, the inline call
    // is no import, and the use of `cli/mod.rs` is one.
    let by_use_lines = import_graph_by(&tree, USE_LINES);
    assert!(by_use_lines["src/app/book.rs"].is_empty());
    assert_eq!(
        Vec::from_iter(&by_use_lines["src/cli/book.rs"]),
        ["src/cli/mod.rs"]
    );
    assert_eq!(cycles(&by_use_lines), Vec::<Vec<String>>::new());
}
