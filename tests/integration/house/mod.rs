//! House rules read from the source, as the project's reference tool
//! `shared/tools/house-check` defines them (run from the project's root, it lists the same
//! findings):
//! - no import cycle among the files of `src/` (`source.rs` reads a file's paths, from its
//!   `use` lines and written inline; `graph.rs` makes them imports and finds the cycles);
//! - no cycle between the engine's parts (`parts.rs`), and each part imports only its tier
//!   and the tiers below (`tiers.rs`);
//! - the engine imports neither the app nor the command line, and no root file imports the
//!   command line, and the engine reads the wall clock in one place (`layers.rs`);
//! - no function over 150 lines outside tests (`long_fns.rs`).
//!
//! The files read are house-check's: every `.rs` file under `src/` but those in a folder
//! whose path has `/bin` in it (`src/bin/`) and the crate's root, `src/lib.rs`. The first
//! test, older than house-check, reads only `src/app` and `src/engine`, from their `use`
//! lines, and counts a file's imports of the modules it sits in.

mod graph;
mod layers;
mod long_fns;
mod parts;
mod source;
mod tiers;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use graph::{USE_LINES, cycles, import_graph, import_graph_by, imports_within};
use source::{module_of, python_newlines};

/// Every `.rs` file under `dir` outside folders whose path from `root` has `/bin` in it, as
/// its path from `root` (with `/`) and its text.
fn read_rs_files(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let name_of = |path: &Path| -> String {
        let relative = path.strip_prefix(root).expect("a path under the root");
        let names: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        names.join("/")
    };
    let skipped = name_of(dir).contains("/bin");
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            read_rs_files(root, &path, out);
        } else if !skipped && path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            out.push((name_of(&path), python_newlines(&text)));
        }
    }
}

/// The files house-check reads, from the crate's root: paths and texts, one file a module,
/// sorted.
fn house_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    read_rs_files(root, &root.join("src"), &mut sources);
    sources.sort();
    let by_module: BTreeMap<String, (String, String)> = sources
        .into_iter()
        .map(|(file, text)| (module_of(&file), (file, text)))
        .filter(|(module, _)| module != "crate")
        .collect();
    let mut files: Vec<(String, String)> = by_module.into_values().collect();
    files.sort();
    for needed in ["src/app/mod.rs", "src/engine/mod.rs", "src/cli/mod.rs"] {
        assert!(files.iter().any(|(f, _)| f == needed), "{needed} is read");
    }
    files
}

#[test]
fn the_app_and_the_engine_have_no_import_cycle() {
    let sources: Vec<(String, String)> = house_files()
        .into_iter()
        .filter(|(f, _)| f.starts_with("src/app/") || f.starts_with("src/engine/"))
        .collect();
    let cycles = cycles(&import_graph_by(&sources, USE_LINES));
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
fn no_file_cycle_through_use_lines_or_inline_paths() {
    let graph = import_graph(&house_files());
    let listed: Vec<String> = cycles(&graph)
        .iter()
        .map(|c| {
            let imports = imports_within(&graph, c).join("\n    ");
            format!("  {} files: {}\n    {imports}", c.len(), c.join(", "))
        })
        .collect();
    assert!(
        listed.is_empty(),
        "these files of src/ import each other round (through `use` lines or `crate::`/`super::` \
         paths written inline); move what they share to a file of its own that imports none \
         of them:\n{}",
        listed.join("\n")
    );
}

#[test]
fn no_cycle_between_the_engines_parts() {
    let graph = import_graph(&house_files());
    let listed: Vec<String> = parts::part_cycles(&graph)
        .iter()
        .map(|c| {
            let imports = parts::file_imports_within(&graph, c).join("\n    ");
            format!("  {}\n    {imports}", c.join(" <-> "))
        })
        .collect();
    assert!(
        listed.is_empty(),
        "these parts of the engine (the folders and files right under src/engine/) import \
         each other round; each part should import only the parts below it:\n{}",
        listed.join("\n")
    );
}

#[test]
fn the_engine_imports_neither_the_app_nor_cli_and_no_root_file_imports_cli() {
    let breaches = layers::layer_breaches(&import_graph(&house_files()));
    let listed: Vec<String> = breaches
        .iter()
        .map(|(file, import)| format!("  {file} imports {import}"))
        .collect();
    assert!(
        breaches.is_empty(),
        "these imports run against the layers (the engine imports neither src/app nor \
         src/cli; a root file of src/ does not import src/cli):\n{}",
        listed.join("\n")
    );
}

#[test]
fn no_function_over_150_lines_outside_tests() {
    let mut long = Vec::new();
    for (file, text) in house_files() {
        for (name, lines) in long_fns::long_functions(&text, long_fns::LIMIT) {
            long.push((lines, file.clone(), name));
        }
    }
    long.sort_by(|a, b| b.cmp(a));
    let listed: Vec<String> = long
        .iter()
        .map(|(lines, file, name)| format!("  {file}: fn {name}, {lines} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "these functions are over {} lines (split them into functions of their own):\n{}",
        long_fns::LIMIT,
        listed.join("\n")
    );
}
