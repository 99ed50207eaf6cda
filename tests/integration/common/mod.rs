//! Slow, obvious references and helpers shared by the integration tests.
#![allow(dead_code)]

use std::process::{Command, Output, Stdio};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reversi::engine::{Board, Squares};

/// The square-by-square rules of the library's reference (shared with `soak`).
pub use reversi::reference::{
    flips as reference_flips, moves as reference_moves, perft as reference_perft,
};

/// `count` positions reached by random legal play from the start, with between `min_empties`
/// and `max_empties` empties, not finished; the same for the same seed.
pub fn random_positions(seed: u64, count: usize, min_empties: u32, max_empties: u32) -> Vec<Board> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let target = rng.random_range(min_empties..=max_empties);
        let mut b = Board::start();
        while b.empty_count() > target && !b.is_game_over() {
            let moves: Vec<_> = Squares(b.moves()).collect();
            b = if moves.is_empty() {
                b.pass()
            } else {
                b.play(moves[rng.random_range(0..moves.len())])
            };
        }
        if b.empty_count() == target && !b.is_game_over() {
            out.push(b);
        }
    }
    out
}

/// The non-blank, non-comment lines of a file in `tests/data/`.
pub fn data_lines(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The exact final score by plain negamax over every line of play (no pruning, no table):
/// disc difference from the side to move, empties to the winner.
pub fn negamax(board: &Board) -> i32 {
    let moves = board.moves();
    if moves == 0 {
        if board.pass().moves() == 0 {
            return board.final_score();
        }
        return -negamax(&board.pass());
    }
    Squares(moves)
        .map(|sq| -negamax(&board.play_unchecked(sq)))
        .max()
        .expect("a move")
}

/// Plain fail-hard alpha-beta over `(alpha, beta)`, moves in square order, no table: the
/// reference for 10-14 empties, where [`negamax`] takes too long (checked against it on
/// fewer empties).
pub fn alpha_beta(board: &Board, mut alpha: i32, beta: i32) -> i32 {
    let moves = board.moves();
    if moves == 0 {
        if board.pass().moves() == 0 {
            return board.final_score().clamp(alpha, beta);
        }
        return -alpha_beta(&board.pass(), -beta, -alpha);
    }
    for sq in Squares(moves) {
        let score = -alpha_beta(&board.play_unchecked(sq), -beta, -alpha);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// The exact score by [`alpha_beta`] over the full window.
pub fn exact_score(board: &Board) -> i32 {
    alpha_beta(board, -64, 64)
}

/// Runs `reversi-engine` with `args` in the project folder.
pub fn engine(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("the engine runs")
}
