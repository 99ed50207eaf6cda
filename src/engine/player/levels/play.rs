//! How a level plays a move: its plan, its search, and its choice among the scored moves.

use std::sync::atomic::AtomicBool;

use rand::Rng;

use crate::engine::board::Board;
use crate::engine::control::{Clock, SearchInfo};
use crate::engine::player::Searcher;
use crate::engine::player::time::GameClock;
use crate::engine::square::Square;

use super::{Level, LevelKind};

impl Level {
    /// Chooses a move on `board` as this level plays, reporting each completed iteration to
    /// `progress`: a level that errs scores every move and picks one with its softmax
    /// ([`Level::choose`]); the others play the search's best move. Sets `searcher`'s
    /// solver thresholds for the move (its table is kept). `None` when there is no move.
    ///
    /// An MCTS level ([`LevelKind::Mcts`]) plays an only legal move at once and otherwise
    /// runs [`Searcher::mcts_search`] within [`Level::mcts_limits`], its tree kept in
    /// `searcher` for the next move; `rng` seeds its playouts, so that a seeded `rng`
    /// replays the same move.
    pub fn play<R: Rng + ?Sized>(
        &self,
        searcher: &mut Searcher,
        board: &Board,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchInfo),
        rng: &mut R,
    ) -> (Option<Square>, SearchInfo) {
        self.play_on_clock(None, searcher, board, stop, clock, progress, rng)
    }

    /// [`Level::play`], the move planned on a game clock with `left` on it when there is one
    /// ([`Level::plan_on_clock`]); an MCTS level plays as [`Level::play`] does.
    #[expect(
        clippy::too_many_arguments,
        reason = "Level::play's arguments and the clock"
    )]
    pub fn play_on_clock<R: Rng + ?Sized>(
        &self,
        left: Option<&GameClock>,
        searcher: &mut Searcher,
        board: &Board,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchInfo),
        rng: &mut R,
    ) -> (Option<Square>, SearchInfo) {
        if self.kind == LevelKind::Mcts {
            return self.play_mcts(searcher, board, stop, clock, progress, rng);
        }
        let (empties, time) = (board.empty_count(), &searcher.config().time);
        let plan = match left {
            Some(left) => self.plan_on_clock(empties, left, time),
            None => self.plan(empties, time),
        };
        let config = self.search_config(&plan, searcher.config().clone());
        searcher.set_config(config);
        if !self.errs() {
            let result = searcher.search(board, &plan.limits, stop, clock, progress);
            return (result.info.best_move, result.info);
        }
        let scored = searcher.score_moves_with(board, &plan.limits, stop, clock, &mut |_| {});
        let square = self.choose_at(&scored.scores, board.empty_count(), rng);
        let score = scored
            .scores
            .iter()
            .find(|&&(sq, _)| Some(sq) == square)
            .map_or(0, |&(_, s)| s);
        let info = SearchInfo {
            depth: scored.depth,
            score,
            exact: scored.exact,
            wld: None,
            best_move: square,
            pv: square.into_iter().collect(),
            nodes: 0,
            elapsed_ms: clock.elapsed_ms(),
            win_permille: None,
            confidence_pct: None,
        };
        progress(&info);
        (square, info)
    }

    /// [`Level::play`] for an MCTS level.
    fn play_mcts<R: Rng + ?Sized>(
        &self,
        searcher: &mut Searcher,
        board: &Board,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchInfo),
        rng: &mut R,
    ) -> (Option<Square>, SearchInfo) {
        let moves = board.moves();
        if moves.count_ones() <= 1 {
            let square = (moves != 0).then(|| Square::from_index(moves.trailing_zeros() as u8));
            let info = SearchInfo {
                best_move: square,
                pv: square.into_iter().collect(),
                elapsed_ms: clock.elapsed_ms(),
                ..SearchInfo::default()
            };
            if square.is_some() {
                progress(&info);
            }
            return (square, info);
        }
        searcher.reseed_mcts(rng.random());
        let limits = self.mcts_limits(board.empty_count(), &searcher.config().time);
        let result = searcher.mcts_search(board, &limits, stop, clock, progress);
        (result.info.best_move, result.info)
    }
}
