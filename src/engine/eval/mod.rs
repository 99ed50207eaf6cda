//! Evaluation: a heuristic score of a position the search does not see to the end.

pub mod explain;
pub mod features;
pub mod health;
pub mod indices;
pub mod params;
pub mod pattern;
mod pattern_eval;
mod simple;
pub mod tune;

pub use explain::{Breakdown, FeatureTerm, PatternTerm};
pub use pattern_eval::{
    PatternEval, PatternSource, shipped_eval_text, shipped_file_text, shipped_pattern_text,
};
pub use simple::SimpleEval;

use crate::engine::board::Board;
use indices::PatternIndices;

/// An evaluator the search can use. Scores are in discs (the expected final disc
/// difference), from the side to move, and lie in `-63..=63` so that only a finished game
/// scores ±64.
///
/// The endgame solver uses one too, to order its moves at many empties and for its first
/// guess ([`Evaluate::evaluate_centidiscs`]); its scores stay exact whatever the evaluator
/// says.
pub trait Evaluate: Send + Sync {
    /// The score of `board`, a position where the game is not over.
    fn evaluate(&self, board: &Board) -> i32;

    /// The same in hundredths of a disc and unclamped, for move ordering (the unit of
    /// [`crate::engine::SolverConfig::sort_eval_weight`] and of the solver's first guess).
    fn evaluate_centidiscs(&self, board: &Board) -> i32 {
        self.evaluate(board) * 100
    }

    /// [`Evaluate::evaluate`] given the legal moves of the side to move (`moves`) and of
    /// the opponent (`replies`), which the search computes anyway to see whether the game
    /// is over: an evaluator that counts mobility need not compute them again.
    fn evaluate_with_moves(&self, board: &Board, _moves: u64, _replies: u64) -> i32 {
        self.evaluate(board)
    }

    /// Whether [`Evaluate::evaluate_indexed`] reads the pattern indices, so that a search
    /// keeps them move by move (for any other evaluator it does not).
    fn uses_indices(&self) -> bool {
        false
    }

    /// [`Evaluate::evaluate_with_moves`] given the pattern indices of `board`, kept up to
    /// date by the search (read only when [`Evaluate::uses_indices`]): the same score.
    fn evaluate_indexed(
        &self,
        board: &Board,
        _indices: &PatternIndices,
        moves: u64,
        replies: u64,
    ) -> i32 {
        self.evaluate_with_moves(board, moves, replies)
    }

    /// [`Evaluate::evaluate_centidiscs`] given the pattern indices of `board` (read only
    /// when [`Evaluate::uses_indices`]): the same value.
    fn evaluate_centidiscs_indexed(&self, board: &Board, _indices: &PatternIndices) -> i32 {
        self.evaluate_centidiscs(board)
    }

    /// [`Evaluate::evaluate_centidiscs_indexed`] given both sides' legal moves, as
    /// [`Evaluate::evaluate_with_moves`] takes them: the same value.
    fn evaluate_centidiscs_indexed_with_moves(
        &self,
        board: &Board,
        indices: &PatternIndices,
        _moves: u64,
        _replies: u64,
    ) -> i32 {
        self.evaluate_centidiscs_indexed(board, indices)
    }
}

/// Hundredths of a disc rounded to the nearest disc (halves away from zero), within
/// `-63..=63`.
pub(crate) fn to_discs(cd: i32) -> i32 {
    ((cd + 50 * cd.signum()) / 100).clamp(-63, 63)
}
