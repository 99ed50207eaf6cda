//! Midgame search: iterative deepening with MTD(f) (or PVS) over a transposition table.
//!
//! [`Searcher`] is the engine's front door for Othello; [`core`] holds the algorithms, generic
//! over the small [`SearchGame`] trait so that tests run them on oracle trees too.

mod config;
pub mod core;
mod limits;
mod othello;
mod tree;
mod tt;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub use self::core::{Algorithm, Control, INFINITY, RootResult, TreeSearch, alpha_beta, negamax};
pub use config::{OrderingMode, SearchConfig};
pub use limits::{Clock, SearchInfo, SearchLimits, SearchResult};
pub use othello::{Othello, PASS};
pub use tree::{MAX_MOVES, Move, MoveList, SearchGame};
pub use tt::{Entry, NO_BOUND, NO_MOVE, TableStats, TranspositionTable};

use crate::engine::board::Board;
use crate::engine::eval::{Evaluate, PatternEval};
use crate::engine::square::Square;

/// The deepest iteration a search runs: no game has more plies left than this.
const MAX_DEPTH: u32 = 64;

/// The Othello searcher: settings, evaluator and a transposition table kept between
/// searches (so that a search reuses what the previous ones learnt). `Send`, so that it can
/// move into a background task and back.
pub struct Searcher {
    config: SearchConfig,
    eval: Arc<dyn Evaluate>,
    tt: TranspositionTable,
    stats: TableStats,
}

impl Searcher {
    /// A searcher with the shipped evaluator (the tuned pattern tables).
    pub fn new(config: SearchConfig) -> Searcher {
        Searcher::with_evaluator(config, PatternEval::shipped_shared())
    }

    /// A searcher with a given evaluator.
    pub fn with_evaluator(config: SearchConfig, eval: Arc<dyn Evaluate>) -> Searcher {
        let tt = TranspositionTable::new(config.tt_mib);
        Searcher {
            config,
            eval,
            tt,
            stats: TableStats::default(),
        }
    }

    /// The settings in force.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Replaces the settings; the table is rebuilt (and emptied) only if its size changed.
    pub fn set_config(&mut self, config: SearchConfig) {
        if config.tt_mib != self.config.tt_mib {
            self.tt = TranspositionTable::new(config.tt_mib);
        }
        self.config = config;
    }

    /// Replaces the evaluator; the table is emptied since its scores came from the old one.
    pub fn set_evaluator(&mut self, eval: Arc<dyn Evaluate>) {
        self.eval = eval;
        self.tt.clear();
    }

    /// Forgets everything the table holds.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Table counters of the last search.
    pub fn table_stats(&self) -> TableStats {
        self.stats
    }

    /// Searches `board` by iterative deepening within `limits`, calling `progress` after
    /// each completed iteration, until a limit is reached, `stop` is raised, or the game is
    /// searched to its end (the score is then exact). The result is the last completed
    /// iteration's; a stopped iteration never replaces it. If not even the first iteration
    /// completed, the best move is the first in the search's ordering and the score the
    /// evaluation (depth 0).
    pub fn search(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.tt.new_search();
        self.tt.reset_stats();
        let game = Othello::new(&*self.eval, &self.config);
        let control = Control::new(
            stop,
            clock,
            limits.time_ms,
            limits.nodes,
            self.config.stop_check_nodes,
        );
        let mut core = TreeSearch::new(&game, &mut self.tt, control);
        core.tt_min_depth = self.config.tt_min_depth;
        core.use_table_move = self.config.use_table_move;
        core.pvs = self.config.algorithm == Algorithm::Pvs;

        let empties = board.empty_count();
        let root_eval = game.evaluate(board);
        let mut first = MoveList::default();
        game.moves(board, 0, &mut first);
        let mut last = SearchInfo {
            depth: 0,
            score: root_eval,
            exact: board.is_game_over(),
            best_move: first.as_slice().first().and_then(|&m| to_square(m)),
            pv: Vec::new(),
            nodes: 0,
            elapsed_ms: 0,
        };
        let mut stopped = false;
        let mut guesses = [root_eval; 2];
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        if !last.exact {
            for depth in 1..=max_depth {
                let guess = guesses[depth as usize % 2];
                let r = match self.config.algorithm {
                    Algorithm::Mtdf => core.mtdf(board, depth, guess),
                    Algorithm::Pvs => {
                        core.aspiration(board, depth, last.score, self.config.aspiration_window)
                    }
                };
                if core.stopped() {
                    stopped = true;
                    break;
                }
                guesses[depth as usize % 2] = r.score;
                let pv: Vec<Square> = core
                    .principal_variation(board, depth as usize + 8)
                    .into_iter()
                    .filter_map(to_square)
                    .collect();
                last = SearchInfo {
                    depth,
                    score: r.score,
                    exact: depth >= empties,
                    best_move: to_square(r.best_move),
                    pv,
                    nodes: core.nodes + game.ordering_nodes.get(),
                    elapsed_ms: core.control.elapsed_ms(),
                };
                progress(&last);
                if last.exact {
                    break;
                }
            }
        }
        last.nodes = core.nodes + game.ordering_nodes.get();
        last.elapsed_ms = core.control.elapsed_ms();
        self.stats = self.tt.stats;
        SearchResult {
            info: last,
            stopped,
        }
    }

    /// Scores every legal move of `board` (in discs, from `board`'s side to move), each by
    /// a search of the position after it, deepened until a limit or `stop`; the scores are
    /// those of the deepest depth completed for all moves. Empty when there is no legal move.
    pub fn score_moves(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
    ) -> Vec<(Square, i32)> {
        self.tt.new_search();
        let game = Othello::new(&*self.eval, &self.config);
        let control = Control::new(
            stop,
            clock,
            limits.time_ms,
            limits.nodes,
            self.config.stop_check_nodes,
        );
        let mut core = TreeSearch::new(&game, &mut self.tt, control);
        core.tt_min_depth = self.config.tt_min_depth;
        core.use_table_move = self.config.use_table_move;
        let children: Vec<(Square, Board)> = crate::engine::Squares(board.moves())
            .map(|sq| (sq, board.play_unchecked(sq)))
            .collect();
        let mut scores: Vec<(Square, i32)> = children
            .iter()
            .map(|&(sq, child)| (sq, -game.evaluate(&child)))
            .collect();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let empties = board.empty_count();
        for depth in 1..=max_depth {
            let mut next = Vec::with_capacity(children.len());
            for (&(sq, child), &(_, previous)) in children.iter().zip(&scores) {
                let r = core.mtdf(&child, depth - 1, -previous);
                if core.stopped() {
                    return scores;
                }
                next.push((sq, -r.score));
            }
            scores = next;
            if depth >= empties {
                break;
            }
        }
        scores
    }
}

/// The square of a move number; `None` for a pass or no move.
fn to_square(mv: Move) -> Option<Square> {
    Square::try_from_index(mv).filter(|_| mv < 64)
}
