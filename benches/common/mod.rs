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

/// The pattern evaluator of the config folder named by the environment variable `name`
/// (its `eval.ron` and `patterns/*.ron`, missing files taken from the shipped set), or
/// `None` when the variable is unset.
pub fn eval_from_env(name: &str) -> Option<reversi::engine::PatternEval> {
    let dir = std::path::PathBuf::from(std::env::var(name).ok()?);
    let mut set = reversi::engine::ConfigSet::shipped();
    set.reload(&mut |file| {
        let path = dir.join(file);
        std::fs::read_to_string(&path)
            .ok()
            .map(|text| (path.display().to_string(), text))
    })
    .unwrap_or_else(|e| panic!("{name}={}: {e:?}", dir.display()));
    Some((*set.eval).clone())
}
