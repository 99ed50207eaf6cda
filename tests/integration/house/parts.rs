//! The engine's parts and the cycles between them.
//!
//! A part is what sits right under `src/engine/`: a folder (`search` for
//! `src/engine/search/limits.rs`) or a file (`board` for `src/engine/board.rs`);
//! `engine/mod.rs` is in none. A part imports another when one of its files imports one of
//! the other's (house-check's file imports, see `graph.rs`). Parts that import each other
//! round are a cycle even where their files do not.

use super::graph::{Graph, cycles, files, import_cycles, import_graph};
use super::source::module_of;

/// The engine part a file belongs to; `None` for `engine/mod.rs` and files outside the
/// engine.
pub fn part_of(file: &str) -> Option<String> {
    let module = module_of(file);
    let names: Vec<&str> = module.split('/').collect();
    (names.len() > 2 && names[1] == "engine").then(|| names[2].to_string())
}

/// Each engine part's imports of other parts, from the files' imports.
pub fn part_graph(files: &Graph) -> Graph {
    let mut parts = Graph::new();
    for (file, imports) in files {
        let Some(from) = part_of(file) else {
            continue;
        };
        for to in imports.iter().filter_map(|f| part_of(f)) {
            if to != from {
                parts.entry(to.clone()).or_default();
                parts.entry(from.clone()).or_default().insert(to);
            }
        }
        parts.entry(from).or_default();
    }
    parts
}

/// The cycles between the engine's parts, each its sorted part names.
pub fn part_cycles(files: &Graph) -> Vec<Vec<String>> {
    cycles(&part_graph(files))
}

/// The file imports that make the part imports inside a cycle, one `a -> b` a line, for a
/// failure message.
pub fn file_imports_within(files: &Graph, cycle: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    for (file, imports) in files {
        let Some(from) = part_of(file).filter(|p| cycle.contains(p)) else {
            continue;
        };
        for import in imports {
            if let Some(to) = part_of(import).filter(|p| *p != from && cycle.contains(p)) {
                lines.push(format!("{from} -> {to}: {file} -> {import}"));
            }
        }
    }
    lines.sort();
    lines
}

#[test]
fn parts_are_the_folders_and_files_under_the_engine() {
    assert_eq!(
        part_of("src/engine/search/limits.rs").as_deref(),
        Some("search")
    );
    assert_eq!(
        part_of("src/engine/search/mod.rs").as_deref(),
        Some("search")
    );
    assert_eq!(part_of("src/engine/board.rs").as_deref(), Some("board"));
    assert_eq!(part_of("src/engine/mod.rs"), None);
    assert_eq!(part_of("src/app/game.rs"), None);
}

#[test]
fn a_planted_engine_part_cycle_is_found_with_exactly_its_parts() {
    // search -> eval (a `use` line) and eval -> search (a path written inline), through four
    // files that make no file cycle; config is imported by both and imports neither; the
    // engine's own `mod.rs` imports them all and is in no part.
    let tree = files(&[
        (
            "src/engine/mod.rs",
            "pub mod config;\npub mod eval;\npub mod search;\n\
             pub use self::search::Searcher;\npub use eval::tables::Tables;\n",
        ),
        ("src/engine/config.rs", "pub struct Config;\n"),
        (
            "src/engine/search/mod.rs",
            "mod moves;\npub use moves::Move;\n\
             use crate::engine::eval::Evaluator;\nuse super::config::Config;\n",
        ),
        ("src/engine/search/moves.rs", "pub struct Move;\n"),
        (
            "src/engine/eval/mod.rs",
            "pub mod tables;\npub struct Evaluator(crate::engine::config::Config);\n",
        ),
        (
            "src/engine/eval/tables.rs",
            "pub fn best() -> super::super::search::moves::Move { todo!() }\n",
        ),
    ]);
    assert_eq!(import_cycles(&tree), Vec::<Vec<String>>::new());
    let graph = import_graph(&tree);
    assert_eq!(
        part_cycles(&graph),
        vec![vec!["eval".to_string(), "search".to_string()]]
    );
    assert_eq!(
        file_imports_within(&graph, &["eval".to_string(), "search".to_string()]),
        [
            "eval -> search: src/engine/eval/tables.rs -> src/engine/search/moves.rs",
            "search -> eval: src/engine/search/mod.rs -> src/engine/eval/mod.rs",
        ]
    );
}
