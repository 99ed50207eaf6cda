//! Othello as [`MctsGame`]: moves in square order (a pass is move 64), the configured
//! playouts, priors from an evaluator and the exact solver for small leaves.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::engine::board::Board;
use crate::engine::control::{Clock, Move, MoveList, PASS};
use crate::engine::endgame::{SolveMode, Solver, SolverConfig};
use crate::engine::eval::Evaluate;
use crate::engine::mcts::config::{MctsConfig, PlayoutPolicy};
use crate::engine::mcts::game::{MctsGame, Outcome};
use crate::engine::mcts::playout::{HeavyTable, Rng, heavy_playout, random_playout};
use crate::engine::square::Square;

/// Othello for Monte Carlo tree search.
pub struct OthelloMcts {
    policy: PlayoutPolicy,
    heavy: HeavyTable,
    eval: Arc<dyn Evaluate>,
    prior_scale_discs: f64,
    solver_empties: u32,
    solver: Solver,
}

impl OthelloMcts {
    /// Othello with `config`'s playouts and solver threshold, and `eval` for the priors.
    ///
    /// # Panics
    /// When the solver's table (`solver_table_mib`, at most 1 GiB) cannot be allocated.
    pub fn new(config: &MctsConfig, eval: Arc<dyn Evaluate>) -> OthelloMcts {
        let mut solver = Solver::with_config(config.solver_table_mib, SolverConfig::default());
        solver.set_evaluator(Arc::clone(&eval));
        OthelloMcts {
            policy: config.playout,
            heavy: HeavyTable::new(&config.heavy),
            eval,
            prior_scale_discs: config.prior_scale_discs,
            solver_empties: config.solver_empties,
            solver,
        }
    }

    /// Takes `config`'s playouts and thresholds (the solver and its table are kept).
    pub fn set_config(&mut self, config: &MctsConfig) {
        self.policy = config.playout;
        self.heavy = HeavyTable::new(&config.heavy);
        self.prior_scale_discs = config.prior_scale_discs;
        self.solver_empties = config.solver_empties;
    }
}

/// `1 / (1 + exp(-discs / scale))`: a score in discs as a win rate.
pub fn discs_to_win_rate(discs: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-discs / scale).exp())
}

/// The inverse of [`discs_to_win_rate`], within `-63..=63` discs.
pub fn win_rate_to_discs(rate: f64, scale: f64) -> i32 {
    let p = rate.clamp(1e-9, 1.0 - 1e-9);
    (scale * (p / (1.0 - p)).ln()).round().clamp(-63.0, 63.0) as i32
}

impl MctsGame for OthelloMcts {
    type Pos = Board;

    fn moves(&self, pos: &Board, out: &mut MoveList) {
        let moves = pos.moves();
        if moves != 0 {
            let mut rest = moves;
            while rest != 0 {
                out.push(rest.trailing_zeros() as Move);
                rest &= rest - 1;
            }
        } else if pos.pass().has_moves() {
            out.push(PASS);
        }
    }

    fn play(&self, pos: &Board, mv: Move) -> Board {
        if mv == PASS {
            pos.pass()
        } else {
            pos.play_unchecked(Square::from_index(mv))
        }
    }

    fn outcome(&self, pos: &Board) -> Outcome {
        Outcome::of_score(pos.final_score())
    }

    fn playout(&mut self, pos: &Board, rng: &mut Rng) -> u32 {
        match self.policy {
            PlayoutPolicy::Random => random_playout(pos, rng),
            PlayoutPolicy::Heavy => heavy_playout(pos, &self.heavy, rng),
        }
    }

    fn prior(&self, child: &Board) -> f32 {
        // The evaluator speaks for the child's side to move; the prior is for the side
        // that moved there.
        let discs = if child.is_game_over() {
            -child.final_score()
        } else {
            -self.eval.evaluate(child)
        };
        discs_to_win_rate(f64::from(discs), self.prior_scale_discs) as f32
    }

    fn solvable(&self, pos: &Board) -> bool {
        pos.empty_count() <= self.solver_empties
    }

    fn solve(
        &mut self,
        pos: &Board,
        stop: &AtomicBool,
        deadline: Option<(&dyn Clock, u64)>,
    ) -> Option<Outcome> {
        self.solver
            .solve_until(pos, SolveMode::WinLossDraw, stop, deadline)
            .map(|s| Outcome::of_score(s.score))
    }

    fn solver_nodes(&self) -> u64 {
        self.solver.nodes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_rates_and_discs_are_inverse() {
        assert_eq!(discs_to_win_rate(0.0, 8.0), 0.5);
        assert!((discs_to_win_rate(8.0, 8.0) - 0.731_058_6).abs() < 1e-6);
        for d in [-40, -8, -1, 0, 3, 20] {
            assert_eq!(
                win_rate_to_discs(discs_to_win_rate(f64::from(d), 8.0), 8.0),
                d
            );
        }
        assert_eq!(win_rate_to_discs(1.0, 8.0), 63);
        assert_eq!(win_rate_to_discs(0.0, 8.0), -63);
    }

    #[test]
    fn a_pass_is_move_64_and_a_finished_game_has_none() {
        let game = OthelloMcts::new(
            &MctsConfig::default(),
            crate::engine::PatternEval::shipped_shared(),
        );
        let mut out = MoveList::default();
        game.moves(&Board::start(), &mut out);
        assert_eq!(out.as_slice(), [19, 26, 37, 44]);
        // White to move has no move on a board where only h8 is empty and Black can play it
        // (a1 Black, b2..g7 White, h8 empty; everything else Black).
        let white: u64 = (1 << 9) | (1 << 18) | (1 << 27) | (1 << 36) | (1 << 45) | (1 << 54);
        let black = !(1 << 63) & !white;
        let white_to_move = Board::new(white, black);
        let mut out = MoveList::default();
        game.moves(&white_to_move, &mut out);
        assert_eq!(out.as_slice(), [PASS]);
        assert_eq!(game.play(&white_to_move, PASS), white_to_move.pass());
        let over = Board::new(0, !(1 << 63));
        let mut out = MoveList::default();
        game.moves(&over, &mut out);
        assert!(out.is_empty());
        assert_eq!(game.outcome(&over), Outcome::Loss);
    }
}
