//! Pondering: what the engine searches while its opponent thinks.
//!
//! The searcher's tables persist between searches, so whatever the ponder search stores is
//! there when the engine's own search starts after the opponent's move. Two ways to spend
//! that time ([`PonderMode`]); `cargo bench --bench ponder` measures both.
//!
//! An MCTS level ponders otherwise, whatever the mode: [`Searcher::mcts_ponder`] searches
//! the opponent's position itself, its tree covering every reply, and the engine's next
//! search starts from the subtree of the reply played.

use crate::engine::board::Board;
use crate::engine::player::Searcher;
use crate::engine::square::Square;

/// What to search while the opponent is to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PonderMode {
    /// Search the opponent's position itself: every reply's subtree is prepared a ply
    /// shallower than the ponder search reached.
    #[default]
    AllReplies,
    /// Guess the opponent's move (the table's best move there, from the engine's last
    /// search) and search the position after it as the engine: a full-depth head start
    /// when the guess is right, little when it is wrong.
    PredictedMove,
}

impl PonderMode {
    /// Both modes, for menus and benchmarks.
    pub const ALL: [PonderMode; 2] = [PonderMode::AllReplies, PonderMode::PredictedMove];

    /// A short name for menus and reports.
    pub fn label(self) -> &'static str {
        match self {
            PonderMode::AllReplies => "all replies",
            PonderMode::PredictedMove => "predicted move",
        }
    }
}

/// The position to ponder on while the opponent thinks at `board` (the opponent to move),
/// and the opponent's move it assumes (`None` in [`PonderMode::AllReplies`]). `None` when
/// the opponent has no move (there is nothing to ponder: the engine moves next at once).
pub fn ponder_target(
    mode: PonderMode,
    searcher: &Searcher,
    board: &Board,
) -> Option<(Board, Option<Square>)> {
    let moves = board.moves();
    if moves == 0 {
        return None;
    }
    match mode {
        PonderMode::AllReplies => Some((*board, None)),
        PonderMode::PredictedMove => {
            let guess = searcher
                .table_move(board)
                .filter(|sq| moves & sq.bit() != 0)
                .unwrap_or_else(|| {
                    // No table move: the move leaving the engine the fewest replies.
                    crate::engine::Squares(moves)
                        .min_by_key(|&sq| board.play_unchecked(sq).moves().count_ones())
                        .expect("a legal move")
                });
            Some((board.play_unchecked(guess), Some(guess)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::control::SearchLimits;
    use crate::engine::search::SearchConfig;
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    #[test]
    fn targets_follow_the_mode() {
        let mut searcher = Searcher::new(SearchConfig {
            tt_mib: 1,
            ..SearchConfig::shipped()
        });
        // After f5 White is to move, with replies d6, f6 and f4.
        let board = Board::start().play("f5".parse().unwrap());
        let (b, guess) = ponder_target(PonderMode::AllReplies, &searcher, &board).unwrap();
        assert_eq!((b, guess), (board, None));
        // With a search behind it, the guess is the searched best move.
        let stop = AtomicBool::new(false);
        let r = searcher.search(
            &board,
            &SearchLimits::depth(6),
            &stop,
            &Instant::now(),
            &mut |_| {},
        );
        let best = r.info.best_move.unwrap();
        assert_eq!(searcher.table_move(&board), Some(best));
        let (b, guess) = ponder_target(PonderMode::PredictedMove, &searcher, &board).unwrap();
        assert_eq!((b, guess), (board.play(best), Some(best)));
        // Nothing to ponder when the opponent must pass.
        let pass = Board {
            player: 1,
            opponent: 0,
        };
        assert!(ponder_target(PonderMode::PredictedMove, &searcher, &pass).is_none());
    }
}
