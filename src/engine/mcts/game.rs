//! The game interface tree search works on, so that one implementation searches Othello
//! ([`crate::engine::mcts::OthelloMcts`]) and the small trees of the tests.

use crate::engine::control::{Clock, Move, MoveList};
use crate::engine::mcts::playout::Rng;

/// A proven result, from the side to move at the position proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins with best play.
    Win,
    /// Best play draws.
    Draw,
    /// The side to move loses whatever it plays.
    Loss,
}

impl Outcome {
    /// The outcome for the other side.
    pub const fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// The result in half points: win 2, draw 1, loss 0.
    pub const fn half_points(self) -> u32 {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }

    /// `1` win, `0` draw, `-1` loss (the `wld` of [`crate::engine::SearchInfo`]).
    pub const fn sign(self) -> i32 {
        match self {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
        }
    }

    /// The outcome of a final disc difference (or any score whose sign decides).
    pub const fn of_score(score: i32) -> Outcome {
        if score > 0 {
            Outcome::Win
        } else if score < 0 {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }
}

/// A two-player game as Monte Carlo tree search sees it. Results are from the side to move
/// at the position concerned.
pub trait MctsGame {
    /// A position; cheap to copy, compared to find the new root in the old tree.
    type Pos: Copy + PartialEq;

    /// The moves at `pos`, in a fixed order: empty exactly when the game is over; a forced
    /// pass is a single move.
    fn moves(&self, pos: &Self::Pos, out: &mut MoveList);

    /// The position after `mv`, one of `pos`'s moves.
    fn play(&self, pos: &Self::Pos, mv: Move) -> Self::Pos;

    /// The result of a finished game (`pos` has no moves).
    fn outcome(&self, pos: &Self::Pos) -> Outcome;

    /// Plays `pos` to the end with the game's playout policy: the result for the side to
    /// move at `pos` in half points (win 2, draw 1, loss 0).
    fn playout(&mut self, pos: &Self::Pos, rng: &mut Rng) -> u32;

    /// The prior `h` of the move leading to `child`, in 0..=1, from the side that played it
    /// (called only when the priors are on).
    fn prior(&self, child: &Self::Pos) -> f32 {
        let _ = child;
        0.5
    }

    /// Whether [`MctsGame::solve`] should be asked for `pos` instead of a playout.
    fn solvable(&self, pos: &Self::Pos) -> bool {
        let _ = pos;
        false
    }

    /// The proven outcome of `pos` for its side to move; `None` when `stop` was raised or
    /// the deadline passed first.
    fn solve(
        &mut self,
        pos: &Self::Pos,
        stop: &std::sync::atomic::AtomicBool,
        deadline: Option<(&dyn Clock, u64)>,
    ) -> Option<Outcome> {
        let _ = (pos, stop, deadline);
        None
    }

    /// Positions the last solves visited (statistics).
    fn solver_nodes(&self) -> u64 {
        0
    }
}
