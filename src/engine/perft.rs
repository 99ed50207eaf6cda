//! Perft: counting the leaves of the game tree to a fixed depth, to check move generation.
//!
//! Convention (also in `reversi-engine perft --help`): a pass is a ply, and a finished game
//! is a leaf at whatever depth it ends. The last ply is counted without being played: a node
//! at depth 1 has as many leaves as legal moves, or one (its pass or its end) when it has none.

use crate::engine::bitboard::Squares;
use crate::engine::board::Board;

/// The number of leaves `depth` plies below `board` (1 for depth 0).
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => (board.moves().count_ones() as u64).max(1),
        _ => {
            let moves = board.moves();
            if moves == 0 {
                let passed = board.pass();
                return if passed.has_moves() {
                    perft(&passed, depth - 1)
                } else {
                    1
                };
            }
            Squares(moves)
                .map(|sq| perft(&board.play_unchecked(sq), depth - 1))
                .sum()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_to_depth_7() {
        let counts: Vec<u64> = (1..=7).map(|d| perft(&Board::start(), d)).collect();
        assert_eq!(counts, [4, 12, 56, 244, 1396, 8200, 55092]);
    }
}
