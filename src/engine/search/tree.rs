//! The small game interface the search algorithms work on, so that one implementation
//! searches Othello and the oracle trees of the tests.

use crate::engine::control::{Move, MoveList};

/// A two-player zero-sum game as the search sees it. Scores are negamax scores: from the
/// side to move at the position scored.
pub trait SearchGame: Send {
    /// A position; cheap to copy, and read by all the threads of a parallel search.
    type Pos: Copy + Send + Sync;

    /// A copy of the game for another thread of a parallel search, with its own counters
    /// (`None`, the default: the game is searched on one thread only).
    fn fork(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }

    /// Takes back a fork's counters once its thread is done.
    fn join(&self, _fork: Self)
    where
        Self: Sized,
    {
    }

    /// The moves at `pos` in the order to try them (the game's own ordering, which may use
    /// `depth`, the plies left to search). Empty exactly when the game is over; a forced pass
    /// is a single move for which [`SearchGame::is_pass`] holds.
    fn moves(&self, pos: &Self::Pos, depth: u32, out: &mut MoveList);

    /// The moves at `pos` in the game's cheapest order, not yet ordered for the search: the
    /// same moves as [`SearchGame::moves`], which [`SearchGame::order`] then puts in its
    /// order. A null-window node searches its table move before it orders the others, which
    /// it need not do when that move cuts. By default the search order itself.
    fn unordered_moves(&self, pos: &Self::Pos, out: &mut MoveList) {
        self.moves(pos, 0, out);
    }

    /// Puts `moves` (some of those [`SearchGame::unordered_moves`] gave, in its order) in
    /// the order to try them with `depth` plies left, as [`SearchGame::moves`] would have
    /// them. By default it leaves them as they are.
    fn order(&self, _pos: &Self::Pos, _depth: u32, _moves: &mut [Move]) {}

    /// The position after `mv`.
    fn play(&self, pos: &Self::Pos, mv: Move) -> Self::Pos;

    /// The value of `pos` from its side to move: exact when the game is over, a heuristic
    /// estimate otherwise.
    fn evaluate(&self, pos: &Self::Pos) -> i32;

    /// A 64-bit hash identifying `pos` for the transposition table.
    fn hash(&self, pos: &Self::Pos) -> u64;

    /// The hash of the position after `mv`: `hash(play(pos, mv))`, which a game may find
    /// more cheaply than the whole position (the search reads it to look ahead in the table).
    fn child_hash(&self, pos: &Self::Pos, mv: Move) -> u64 {
        self.hash(&self.play(pos, mv))
    }

    /// Whether `mv` is a pass, which does not use up search depth.
    fn is_pass(&self, _mv: Move) -> bool {
        false
    }

    /// The most plies the game can last from `pos` (the empty squares in Othello): a search
    /// this deep is exact, so ProbCut must not cut it. Unbounded by default.
    fn plies_left(&self, _pos: &Self::Pos) -> u32 {
        u32::MAX
    }
}
