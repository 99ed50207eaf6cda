//! Evaluation: a heuristic score of a position the search does not see to the end.

pub mod features;
pub mod params;
pub mod pattern;
mod pattern_eval;
mod simple;

pub use pattern_eval::{PatternEval, PatternSource, shipped_eval_text, shipped_pattern_text};
pub use simple::SimpleEval;

use crate::engine::board::Board;

/// An evaluator the search can use. Scores are in discs (the expected final disc
/// difference), from the side to move, and lie in `-63..=63` so that only a finished game
/// scores ±64.
pub trait Evaluate: Send + Sync {
    /// The score of `board`, a position where the game is not over.
    fn evaluate(&self, board: &Board) -> i32;
}
