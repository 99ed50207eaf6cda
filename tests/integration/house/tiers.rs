//! The engine's tiers (`docs/engine.md`, "The tiers"): every part under `src/engine/` has a
//! tier, and a part imports only parts of its own tier or below. The floor (rules, text,
//! settings, the search's controls, the book's data), the evaluator, the searchers (the
//! solver, the midgame search and Monte Carlo, which both end in the solver), the player (the
//! `Searcher` facade, levels, pondering, the time planner, the settings set), and what uses
//! a player (the coach, reviews, the book's searches).

use super::graph::{Graph, files, import_graph};
use super::parts::part_graph;

/// The tiers, lowest first, each with its parts.
pub const TIERS: [(&str, &[&str]); 5] = [
    (
        "floor",
        &[
            "bitboard",
            "board",
            "book",
            "config",
            "control",
            "corpus",
            "database",
            "formats",
            "game",
            "openings",
            "perft",
            "position",
            "score",
            "side",
            "square",
            "stability",
            "threads",
            "xot",
        ],
    ),
    ("evaluator", &["eval"]),
    ("searchers", &["endgame", "search", "mcts"]),
    ("player", &["player"]),
    ("uses of a player", &["book_search", "coach", "review"]),
];

/// The tier of an engine part, `None` when the list above does not name it.
fn tier_of(part: &str) -> Option<usize> {
    TIERS.iter().position(|(_, parts)| parts.contains(&part))
}

/// The breaches of the tiers in a part graph, one line each: a part without a tier, or an
/// import of a part of a higher tier.
pub fn tier_breaches(parts: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for (from, imports) in parts {
        let Some(own) = tier_of(from) else {
            found.push(format!("{from}: a part without a tier (add it to TIERS)"));
            continue;
        };
        for to in imports {
            if let Some(theirs) = tier_of(to).filter(|&t| t > own) {
                found.push(format!(
                    "{from} ({}) imports {to} ({})",
                    TIERS[own].0, TIERS[theirs].0
                ));
            }
        }
    }
    found
}

#[test]
fn every_engine_part_imports_only_its_tier_and_below() {
    let graph = import_graph(&super::house_files());
    let breaches = tier_breaches(&part_graph(&graph));
    assert!(
        breaches.is_empty(),
        "the engine's tiers (tests/integration/house/tiers.rs, docs/engine.md) are breached:\n  {}",
        breaches.join("\n  ")
    );
}

#[test]
fn a_planted_upward_import_and_a_part_without_a_tier_are_named() {
    let tree = files(&[
        (
            "src/engine/mod.rs",
            "pub mod search;\npub mod player;\npub mod attic;\n",
        ),
        (
            "src/engine/search/mod.rs",
            "pub fn go() -> crate::engine::player::Plan { todo!() }\n",
        ),
        ("src/engine/player/mod.rs", "pub struct Plan;\n"),
        ("src/engine/attic.rs", "use crate::engine::search::go;\n"),
    ]);
    assert_eq!(
        tier_breaches(&part_graph(&import_graph(&tree))),
        [
            "attic: a part without a tier (add it to TIERS)",
            "search (searchers) imports player (player)",
        ]
    );
}
