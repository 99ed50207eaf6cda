//! The layers: the engine imports neither the app nor the command line, and no root file
//! (a file right under `src/` other than the app's, the command line's and the engine's
//! modules, such as `database_files.rs`, which the game shares) imports the command line.
//! Imports are house-check's file imports (see `graph.rs`).

use super::graph::{Graph, files, import_graph};
use super::source::{code_of, module_of};

/// The top-level module a file is in (`engine` for `src/engine/search/mod.rs`,
/// `database_files` for `src/database_files.rs`), and whether the file is that module's own.
fn top_of(file: &str) -> (String, bool) {
    let module = module_of(file);
    let inside = module.strip_prefix("crate/").unwrap_or("");
    match inside.split_once('/') {
        Some((top, _)) => (top.to_string(), false),
        None => (inside.to_string(), true),
    }
}

/// The imports that breach a layer, each `(importer, imported)`.
pub fn layer_breaches(graph: &Graph) -> Vec<(String, String)> {
    let mut breaches = Vec::new();
    for (file, imports) in graph {
        let (top, root_file) = top_of(file);
        for import in imports {
            let (imported, _) = top_of(import);
            let engine_up = top == "engine" && (imported == "app" || imported == "cli");
            let root_to_cli =
                root_file && !["app", "cli", "engine"].contains(&top.as_str()) && imported == "cli";
            if engine_up || root_to_cli {
                breaches.push((file.clone(), import.clone()));
            }
        }
    }
    breaches
}

#[test]
fn a_planted_layer_breach_is_found_with_exactly_its_imports() {
    let tree = files(&[
        // Breaches: the engine uses the app, the engine calls the command line inline, a
        // root file calls the command line inline.
        (
            "src/engine/mod.rs",
            "pub mod board;\npub mod search;\nuse crate::app::settings::Settings;\n",
        ),
        (
            "src/engine/search/mod.rs",
            "pub fn f() { crate::cli::write_whole(); super::board::Board::new(); }\n",
        ),
        (
            "src/database_files.rs",
            "pub fn save() { crate::cli::write_whole() }\n",
        ),
        // Allowed: the app and the command line use the engine and the root files, the app
        // uses the command line, a root file uses the engine.
        ("src/engine/board.rs", "pub struct Board;\n"),
        (
            "src/app/settings.rs",
            "use crate::engine::board::Board;\nuse crate::cli::write_whole;\n",
        ),
        (
            "src/cli/mod.rs",
            "pub fn write_whole() { crate::database_files::save() }\n",
        ),
        ("src/whole_file.rs", "use crate::engine::board::Board;\n"),
    ]);
    let breach = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        layer_breaches(&import_graph(&tree)),
        [
            breach("src/database_files.rs", "src/cli/mod.rs"),
            breach("src/engine/mod.rs", "src/app/settings.rs"),
            breach("src/engine/search/mod.rs", "src/cli/mod.rs"),
        ]
    );
}

/// The wall clock read in code (`Instant::now`, `SystemTime`), strings, comments and test
/// modules left out.
fn reads_the_wall_clock(text: &str) -> bool {
    let code = code_of(text);
    code.contains("Instant::now") || code.contains("SystemTime")
}

/// The engine's files that read the wall clock other than `control/limits.rs` (and test
/// modules' own files, `tests.rs`), whose
/// `start_clock` is the one place a task of the engine times its own searches (a search is
/// handed its clock; `engine/mod.rs` says so).
pub fn engine_clock_reads(sources: &[(String, String)]) -> Vec<String> {
    sources
        .iter()
        .filter(|(file, text)| {
            file.starts_with("src/engine/")
                && file != "src/engine/control/limits.rs"
                && !file.ends_with("/tests.rs")
                && reads_the_wall_clock(text)
        })
        .map(|(file, _)| file.clone())
        .collect()
}

#[test]
fn the_engine_reads_the_wall_clock_in_one_place() {
    assert_eq!(
        engine_clock_reads(&super::house_files()),
        Vec::<String>::new(),
        "the engine reads the wall clock outside control/limits.rs: hand the search a clock, \
         or start one with control::start_clock"
    );
}

#[test]
fn a_planted_clock_read_is_found_and_one_in_a_test_or_comment_is_not() {
    let sources = files(&[
        (
            "src/engine/review.rs",
            "fn go() { let c = std::time::Instant::now(); }\n",
        ),
        (
            "src/engine/coach/cards.rs",
            "// Instant::now() is not called here\n\
             #[cfg(test)]\nmod tests {\n    fn t() { let c = std::time::Instant::now(); }\n}\n",
        ),
        (
            "src/engine/control/limits.rs",
            "pub fn start_clock() -> Instant { Instant::now() }\n",
        ),
        (
            "src/cli/solve.rs",
            "fn go() { let c = std::time::Instant::now(); }\n",
        ),
        (
            "src/engine/player/levels/tests.rs",
            "fn t() { let c = Instant::now(); }\n",
        ),
    ]);
    assert_eq!(engine_clock_reads(&sources), ["src/engine/review.rs"]);
}
