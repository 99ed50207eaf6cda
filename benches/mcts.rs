//! Monte Carlo tree search figures: playouts per second alone (random and heavy) and inside
//! the full search (with and without priors), then what MCTS-Solver buys on the endgames of
//! FFO #1-19 (14-16 empties): playouts and time until the root is proven, and how often
//! the move played wins, with the solver at its shipped threshold and without it.
//!
//! `cargo bench --no-default-features --bench mcts` (env `MS`: milliseconds per position
//! of the full search, default 200; `PLAYOUTS`: raw playouts per position, default 20000;
//! `BUDGET`: the playouts allowed per FFO position, default 200000).

mod common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use reversi::engine::mcts::{HeavyTable, Rng, heavy_playout, random_playout};
use reversi::engine::{
    Board, Mcts, MctsConfig, MctsLimits, Outcome, PatternEval, PlayoutPolicy, Position, SolveMode,
    Solver,
};

fn raw_playouts(boards: &[Board], per_position: u64, heavy: bool) {
    let table = HeavyTable::new(&MctsConfig::default().heavy);
    let mut rng = Rng::new(1);
    let start = Instant::now();
    let mut half_points = 0u64;
    for b in boards {
        for _ in 0..per_position {
            half_points += u64::from(if heavy {
                heavy_playout(b, &table, &mut rng)
            } else {
                random_playout(b, &mut rng)
            });
        }
    }
    let n = per_position * boards.len() as u64;
    let s = start.elapsed().as_secs_f64();
    println!(
        "playouts {:<6} {n} in {s:.2} s: {:.0} per second (mean result {:.3} for the side to move)",
        if heavy { "heavy" } else { "random" },
        n as f64 / s,
        half_points as f64 / (2.0 * n as f64)
    );
}

fn full_search(boards: &[Board], ms: u64, policy: PlayoutPolicy, prior_weight: f64) {
    let config = MctsConfig {
        playout: policy,
        prior_weight,
        ..MctsConfig::default()
    };
    let mut mcts = Mcts::new(config, PatternEval::shipped_shared(), 1);
    let stop = AtomicBool::new(false);
    let (mut playouts, mut elapsed_ms, mut nodes) = (0u64, 0u64, 0u64);
    for b in boards {
        mcts.clear();
        let limits = MctsLimits {
            playouts: None,
            time_ms: Some(ms),
        };
        let info = mcts.search(b, &limits, &stop, &Instant::now(), &mut |_| {});
        playouts += info.playouts;
        elapsed_ms += info.elapsed_ms;
        nodes += info.tree_nodes;
    }
    println!(
        "mcts {policy:?} priors {prior_weight}: {:.0} playouts per second, {:.0} tree nodes per position after {ms} ms",
        playouts as f64 * 1000.0 / elapsed_ms.max(1) as f64,
        nodes as f64 / boards.len() as f64
    );
}

fn solver_gain(budget: u64) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fforum-1-19.obf");
    let boards: Vec<Board> = std::fs::read_to_string(path)
        .expect("fforum-1-19.obf")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.parse::<Position>().expect("OBF").board)
        .collect();
    let stop = AtomicBool::new(false);
    let mut solver = Solver::new(16);
    for solver_empties in [MctsConfig::default().solver_empties, 0] {
        let config = MctsConfig {
            solver_empties,
            ..MctsConfig::default()
        };
        let (mut proven, mut right, mut playouts, mut ms) = (0, 0, 0u64, 0u64);
        for b in &boards {
            let mut mcts = Mcts::new(config.clone(), Arc::new(PatternEval::shipped()), 1);
            let limits = MctsLimits {
                playouts: Some(budget),
                time_ms: None,
            };
            let info = mcts.search(b, &limits, &stop, &Instant::now(), &mut |_| {});
            proven += usize::from(info.proven.is_some());
            playouts += info.playouts;
            ms += info.elapsed_ms;
            let best = solver
                .solve(b, SolveMode::WinLossDraw, &stop)
                .unwrap()
                .score;
            let played = info.best_square().map_or(0, |sq| {
                -solver
                    .solve(&b.play(sq), SolveMode::WinLossDraw, &stop)
                    .unwrap()
                    .score
            });
            right += usize::from(played == best);
            if info.proven.is_some() {
                assert_eq!(info.proven.map(Outcome::sign), Some(best), "{b:?}");
            }
        }
        println!(
            "ffo 1-19, solver_empties {solver_empties:>2}: {proven}/{} roots proven, {right}/{} moves keep the result, {playouts} playouts in {:.2} s",
            boards.len(),
            boards.len(),
            ms as f64 / 1000.0
        );
    }
}

fn main() {
    let boards: Vec<Board> = common::midgame_positions()
        .into_iter()
        .filter(|b| !b.is_game_over())
        .collect();
    let per_position = common::env_or("PLAYOUTS", 20_000u64);
    raw_playouts(&boards, per_position, false);
    raw_playouts(&boards, per_position / 4, true);
    let ms = common::env_or("MS", 200u64);
    for policy in [PlayoutPolicy::Random, PlayoutPolicy::Heavy] {
        for prior_weight in [0.0, 1.0] {
            full_search(&boards, ms, policy, prior_weight);
        }
    }
    solver_gain(common::env_or("BUDGET", 200_000u64));
}
