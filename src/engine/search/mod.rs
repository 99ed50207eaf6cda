//! Midgame search: iterative deepening with MTD(f) (or PVS) over a transposition table.
//!
//! [`Searcher`] is the engine's front door for Othello; [`alphabeta`] holds the algorithms, generic
//! over the small [`SearchGame`] trait so that tests run them on oracle trees too.

pub mod alphabeta;
mod config;
mod limits;
mod othello;
mod tree;
mod tt;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub use alphabeta::{Algorithm, INFINITY, ProbCut, RootResult, TreeSearch, alpha_beta, negamax};
pub use config::{MAX_TT_MIB, OrderingMode, ProbCutSigma, SearchConfig, TimeConfig};
pub(crate) use config::{check_range, shipped_solver};
pub use limits::{Clock, MoveScores, SearchInfo, SearchLimits, SearchResult, StopPoller};
pub use othello::{Othello, PASS};
pub use tree::{MAX_MOVES, Move, MoveList, SearchGame};
pub(crate) use tt::try_filled;
pub use tt::{Entry, NO_BOUND, NO_MOVE, TableAllocError, TableStats, TranspositionTable};

use crate::engine::board::Board;
use crate::engine::endgame::{SolveMode, Solved, Solver};
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
    solver: Solver,
    stats: TableStats,
}

impl Searcher {
    /// A searcher with the shipped evaluator (the tuned pattern tables).
    pub fn new(config: SearchConfig) -> Searcher {
        Searcher::with_evaluator(config, PatternEval::shipped_shared())
    }

    /// A searcher with a given evaluator.
    ///
    /// # Panics
    /// When the tables' memory cannot be had; [`Searcher::try_with_evaluator`] reports it.
    pub fn with_evaluator(config: SearchConfig, eval: Arc<dyn Evaluate>) -> Searcher {
        Searcher::try_with_evaluator(config, eval).expect("search tables allocated")
    }

    /// A searcher with a given evaluator, or an error when the system cannot give the
    /// memory of its tables (`tt_mib` for the search's table and as much for the solver's).
    ///
    /// # Errors
    /// [`TableAllocError`] when an allocation fails.
    pub fn try_with_evaluator(
        config: SearchConfig,
        eval: Arc<dyn Evaluate>,
    ) -> Result<Searcher, TableAllocError> {
        let tt = TranspositionTable::try_new(config.tt_mib)?;
        let mut solver = Solver::try_with_config(config.tt_mib, config.solver.clone())?;
        solver.set_evaluator(Arc::clone(&eval));
        Ok(Searcher {
            config,
            eval,
            tt,
            solver,
            stats: TableStats::default(),
        })
    }

    /// The settings in force.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Replaces the settings; the tables are rebuilt (and emptied) only if their size
    /// changed.
    pub fn set_config(&mut self, config: SearchConfig) {
        if config.tt_mib != self.config.tt_mib {
            self.tt = TranspositionTable::new(config.tt_mib);
            self.solver = Solver::with_config(config.tt_mib, config.solver.clone());
            self.solver.set_evaluator(Arc::clone(&self.eval));
        } else if config.solver != self.config.solver {
            self.solver.set_config(config.solver.clone());
        }
        self.config = config;
    }

    /// Replaces the evaluator; the table is emptied since its scores came from the old one.
    pub fn set_evaluator(&mut self, eval: Arc<dyn Evaluate>) {
        self.solver.set_evaluator(Arc::clone(&eval));
        self.eval = eval;
        self.tt.clear();
    }

    /// Forgets everything the tables hold.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.solver.clear();
    }

    /// The table's best move for `board` (the move a previous search found best there),
    /// if the table holds the position: the reply the engine expects after its own move,
    /// or the move to ponder on.
    pub fn table_move(&self, board: &Board) -> Option<Square> {
        let game = Othello::new(&*self.eval, &self.config);
        self.tt
            .peek(game.hash(board))
            .and_then(|e| to_square(e.best_move))
    }

    /// Table counters of the last search.
    pub fn table_stats(&self) -> TableStats {
        self.stats
    }

    /// Searches `board` by iterative deepening within `limits`, calling `progress` after
    /// each completed iteration, until a limit is reached, `stop` is raised, or the game is
    /// searched to its end (the score is then exact). At or below
    /// [`SearchConfig::exact_empties`] empties the endgame solver finds the exact score
    /// after a short midgame search (to depth 4, or 8 under a time limit); at or below
    /// [`SearchConfig::wld_empties`] it proves win, loss or draw. The depth limit applies to
    /// the midgame search only. The result is the last completed iteration's (a solve counts
    /// as one, at depth = empties); a stopped one never replaces it. If not even the first
    /// iteration completed, the best move is the first in the search's ordering and the
    /// score the evaluation (depth 0).
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
        let game = Othello::new(&*self.eval, &self.config).watched(
            stop,
            clock,
            limits.time_ms,
            limits.nodes,
        );
        let mut core = tree_search(&game, &mut self.tt, &self.config, limits, stop, clock);

        let empties = board.empty_count();
        let root_eval = game.evaluate(board);
        let mut first = MoveList::default();
        game.moves(board, 0, &mut first);
        let mut last = SearchInfo {
            depth: 0,
            score: root_eval,
            exact: board.is_game_over(),
            wld: None,
            best_move: first.as_slice().first().and_then(|&m| to_square(m)),
            pv: Vec::new(),
            nodes: 0,
            elapsed_ms: 0,
        };
        let mut stopped = false;
        let mut guesses = [root_eval; 2];
        let solve = if empties <= self.config.exact_empties {
            Some(SolveMode::Exact)
        } else if empties <= self.config.wld_empties {
            Some(SolveMode::WinLossDraw)
        } else {
            None
        };
        let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        if solve.is_some() {
            max_depth = max_depth.min(if limits.time_ms.is_some() {
                self.config.time.pre_solve_depth_timed
            } else {
                self.config.time.pre_solve_depth
            });
        }
        if !last.exact {
            // When each completed iteration ended, for time management.
            let mut ended_ms: Vec<u64> = vec![0];
            // Resume where the table left off: a position an earlier search (pondering, or
            // the previous move's search) reached to depth d starts at d, where the stored
            // results are consistent with this search; shallower iterations would only
            // trample them. A full-width search does not resume from a selective one.
            let mut first_depth = 1;
            if let Some(e) = core.tt.peek(game.hash(board))
                && e.depth >= 2
                && e.bounds_usable(u32::from(e.depth), core.probcut.is_some())
            {
                first_depth = u32::from(e.depth).min(max_depth);
                let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                let guess = if lower > -NO_BOUND {
                    lower
                } else if upper < NO_BOUND {
                    upper
                } else {
                    root_eval
                };
                guesses = [guess; 2];
            }
            for depth in first_depth..=max_depth {
                if let Some(budget) = limits.soft_time_ms
                    && depth > first_depth
                    && !self
                        .config
                        .time
                        .iteration_fits(&ended_ms, clock.elapsed_ms(), budget)
                {
                    break;
                }
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
                    wld: None,
                    best_move: to_square(r.best_move),
                    pv,
                    nodes: core.nodes + game.ordering_nodes.get(),
                    elapsed_ms: clock.elapsed_ms(),
                };
                progress(&last);
                ended_ms.push(last.elapsed_ms);
                if last.exact {
                    break;
                }
            }
        }
        let midgame_nodes = core.nodes + game.ordering_nodes.get();
        let elapsed = clock.elapsed_ms();
        self.stats = self.tt.stats;
        last.nodes = midgame_nodes;
        last.elapsed_ms = elapsed;
        if let Some(mode) = solve.filter(|_| !stopped && !last.exact) {
            let deadline = limits.time_ms.map(|ms| (clock, ms));
            match self.solver.solve_until(board, mode, stop, deadline) {
                Some(solved) => {
                    last = self.solved_info(board, mode, solved, &last, midgame_nodes, clock);
                    progress(&last);
                }
                None => stopped = true,
            }
        }
        SearchResult {
            info: last,
            stopped,
        }
    }

    /// The search result of a completed solve, given the midgame result before it.
    fn solved_info(
        &self,
        board: &Board,
        mode: SolveMode,
        solved: Solved,
        midgame: &SearchInfo,
        midgame_nodes: u64,
        clock: &dyn Clock,
    ) -> SearchInfo {
        let mut info = SearchInfo {
            depth: board.empty_count(),
            nodes: midgame_nodes + solved.nodes,
            elapsed_ms: clock.elapsed_ms(),
            ..midgame.clone()
        };
        match mode {
            SolveMode::Exact => {
                info.score = solved.score;
                info.exact = true;
                info.best_move = solved.best_move;
                info.pv = solved.best_move.into_iter().collect();
            }
            SolveMode::WinLossDraw => {
                let sign = solved.score.signum();
                info.wld = Some(sign);
                // A losing solve proves nothing about the moves: keep the midgame's choice,
                // which loses by the least it can see.
                if sign >= 0 {
                    info.best_move = solved.best_move;
                    info.pv = solved.best_move.into_iter().collect();
                }
                info.score = match sign {
                    1 => midgame.score.max(2),
                    0 => 0,
                    _ => midgame.score.min(-2),
                };
            }
        }
        info
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
        self.score_moves_with(board, limits, stop, clock, &mut |_| {})
            .scores
    }

    /// [`Searcher::score_moves`], calling `progress` each time every move has been scored
    /// at a new depth (the move hints refine as the search deepens). At or below
    /// [`SearchConfig::exact_empties`] empties the moves are first scored to a shallow
    /// depth, then each is solved exactly. Returns the last complete set.
    pub fn score_moves_with(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&MoveScores),
    ) -> MoveScores {
        self.tt.new_search();
        let game = Othello::new(&*self.eval, &self.config).watched(
            stop,
            clock,
            limits.time_ms,
            limits.nodes,
        );
        let mut core = tree_search(&game, &mut self.tt, &self.config, limits, stop, clock);
        let children: Vec<(Square, Board)> = crate::engine::Squares(board.moves())
            .map(|sq| (sq, board.play_unchecked(sq)))
            .collect();
        let mut last = MoveScores {
            depth: 0,
            exact: false,
            scores: children
                .iter()
                .map(|&(sq, child)| (sq, -game.evaluate(&child)))
                .collect(),
        };
        let empties = board.empty_count();
        let solve = empties <= self.config.exact_empties;
        let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        if solve {
            max_depth = max_depth.min(self.config.time.pre_solve_depth);
        }
        for depth in 1..=max_depth {
            let mut next = Vec::with_capacity(children.len());
            for (&(sq, child), &(_, previous)) in children.iter().zip(&last.scores) {
                let r = core.mtdf(&child, depth - 1, -previous);
                if core.stopped() {
                    return last;
                }
                next.push((sq, -r.score));
            }
            last = MoveScores {
                depth,
                exact: depth >= empties,
                scores: next,
            };
            progress(&last);
            if last.exact {
                return last;
            }
        }
        if solve && !children.is_empty() {
            // Each move solved exactly; the solver's table serves them all.
            let deadline = limits.time_ms.map(|ms| (clock, ms));
            let mut exact = Vec::with_capacity(children.len());
            for &(sq, child) in &children {
                match self
                    .solver
                    .solve_until(&child, SolveMode::Exact, stop, deadline)
                {
                    Some(s) => exact.push((sq, -s.score)),
                    None => return last,
                }
            }
            last = MoveScores {
                depth: empties,
                exact: true,
                scores: exact,
            };
            progress(&last);
        }
        last
    }
}

/// A search of `game` over `tt` with `config`'s knobs, watched by `stop` and `limits`.
fn tree_search<'a>(
    game: &'a Othello<'a>,
    tt: &'a mut TranspositionTable,
    config: &SearchConfig,
    limits: &SearchLimits,
    stop: &'a AtomicBool,
    clock: &'a dyn Clock,
) -> TreeSearch<'a, Othello<'a>> {
    let control = StopPoller::new(
        stop,
        limits.time_ms.map(|ms| (clock, ms)),
        limits.nodes,
        config.stop_check_nodes,
    );
    let mut core = TreeSearch::new(game, tt, control);
    core.tt_min_depth = config.tt_min_depth;
    core.use_table_move = config.use_table_move;
    core.pvs = config.algorithm == Algorithm::Pvs;
    if config.probcut_t > 0.0 {
        core.probcut = Some(ProbCut {
            t: config.probcut_t,
            min_depth: config.probcut_min_depth,
            sigma: config.probcut_sigma,
        });
    }
    core
}

/// The square of a move number; `None` for a pass or no move.
fn to_square(mv: Move) -> Option<Square> {
    Square::try_from_index(mv).filter(|_| mv < 64)
}
