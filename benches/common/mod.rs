//! What the benchmarks share: the midgame position set and settings from the environment.
// Each benchmark uses only part of this module.
#![allow(dead_code)]

use std::str::FromStr;

use reversi::engine::{Board, Position};

/// The 50 positions of `tests/data/midgame-50.obf`, in file order.
pub fn midgame_positions() -> Vec<Board> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/midgame-50.obf");
    std::fs::read_to_string(path)
        .expect("midgame-50.obf")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.parse::<Position>().expect("OBF").board)
        .collect()
}

/// The environment variable `name` as a number, or `default`.
pub fn env_or<T: FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
