//! The small game interface the search algorithms work on, so that one implementation
//! searches Othello and the oracle trees of the tests.

use crate::engine::control::{MAX_MOVES, Move, MoveList, first_highest};

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

    /// The ordering keys of `moves` (some of those [`SearchGame::unordered_moves`] gave, in
    /// its order) with `depth` plies left, one a move into `keys`, higher first: the order
    /// to try them is best first, equals in the order given, the order of
    /// [`SearchGame::moves`]. False when they are tried in the order given (no keys); so by
    /// default.
    fn order_keys(
        &self,
        _pos: &Self::Pos,
        _depth: u32,
        _moves: &[Move],
        _keys: &mut [i32],
    ) -> bool {
        false
    }

    /// Puts `moves` in the order [`SearchGame::order_keys`] gives them.
    fn order(&self, pos: &Self::Pos, depth: u32, moves: &mut [Move]) {
        let mut keys = [0; MAX_MOVES];
        let keys = &mut keys[..moves.len()];
        if self.order_keys(pos, depth, moves, keys) {
            sort_by_keys(moves, keys);
        }
    }

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

/// Sorts `moves` by their `keys` (one a move), higher first, equals keeping their order: an
/// insertion sort, the lists being short.
pub(crate) fn sort_by_keys(moves: &mut [Move], keys: &mut [i32]) {
    debug_assert_eq!(moves.len(), keys.len());
    for i in 1..moves.len() {
        let mut j = i;
        while j > 0 && keys[j - 1] < keys[j] {
            keys.swap(j - 1, j);
            moves.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Brings the move of `moves[i..]` with the highest key (the first of equals) to place `i`,
/// the others after it keeping their order: a step of [`sort_by_keys`]' order, for a node
/// that may not need the rest ([`first_highest`] picks it without a branch).
#[inline]
pub(crate) fn take_best(moves: &mut [Move], keys: &mut [i32], i: usize) {
    let top = i + first_highest(keys[i..].iter().copied());
    if top != i {
        moves[i..=top].rotate_right(1);
        keys[i..=top].rotate_right(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taking_the_best_one_at_a_time_is_the_stable_sort() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for len in 0..=20usize {
            for _ in 0..50 {
                // Few distinct keys, so that most lists hold equals.
                let mut keys: Vec<i32> = (0..len).map(|_| rng.random_range(-2..=2)).collect();
                let mut moves: Vec<Move> = (0..len as u8).collect();
                let (mut sorted_moves, mut sorted_keys) = (moves.clone(), keys.clone());
                sort_by_keys(&mut sorted_moves, &mut sorted_keys);
                // The reference: highest key first, equals by their place.
                let mut expected: Vec<(i32, Move)> =
                    keys.iter().copied().zip(moves.iter().copied()).collect();
                expected.sort_by_key(|&(k, mv)| (-k, mv));
                let expected_moves: Vec<Move> = expected.iter().map(|&(_, mv)| mv).collect();
                assert_eq!(sorted_moves, expected_moves, "{keys:?}");
                for i in 0..len {
                    take_best(&mut moves, &mut keys, i);
                }
                assert_eq!(moves, expected_moves, "{keys:?}");
                assert_eq!(keys, sorted_keys);
            }
        }
    }
}
