//! The [`Searcher`]: iterative deepening over the tree search, time management, and the
//! hand-over to the endgame solver.
//!
//! [`Searcher::search`] runs in three steps: [`resume_point`] (where the table lets the
//! iterations start), [`iterate`] (deepen until a limit, the clock or the end of the game)
//! and [`Searcher::hand_over`] (the solver's exact or win/loss/draw answer near the end).
//! Each step gets the caller's limits, stop flag, clock and progress callback as one
//! [`Context`].

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::engine::board::Board;
use crate::engine::control::TableAllocError;
use crate::engine::control::{
    Clock, MoveScores, SearchInfo, SearchLimits, SearchResult, StopPoller,
};
use crate::engine::control::{Move, MoveList};
use crate::engine::endgame::{Passed, SolveMode, Solved, Solver};
use crate::engine::eval::{Evaluate, PatternEval};
use crate::engine::mcts::{Mcts, MctsConfig, MctsInfo, MctsLimits};
use crate::engine::search::{
    Algorithm, LADDER, NO_BOUND, Node, Othello, ProbCut, SearchConfig, SearchGame, TableStats,
    TimeConfig, TranspositionTable, TreeSearch, confidence_pct,
};
use crate::engine::square::Square;
use crate::engine::threads::Threads;

/// One call's surroundings, handed down its steps as one value: the caller's limits, the
/// stop flag, the clock, and where progress reports go (`R`: a [`SearchInfo`] per
/// iteration, or the [`MoveScores`] of each depth).
struct Context<'a, R> {
    limits: &'a SearchLimits,
    stop: &'a AtomicBool,
    clock: &'a dyn Clock,
    progress: &'a mut dyn FnMut(&R),
}

impl<'a, R> Context<'a, R> {
    /// The time limit on the clock, as the pollers and the solver take it.
    fn deadline(&self) -> Option<(&'a dyn Clock, u64)> {
        self.limits.time_ms.map(|ms| (self.clock, ms))
    }

    /// Tells the caller.
    fn report(&mut self, r: &R) {
        (self.progress)(r);
    }

    /// The game searched, its ordering searches watched by this context's stop and limits.
    fn game<'g>(&self, eval: &'g dyn Evaluate, config: &'g SearchConfig) -> Othello<'g>
    where
        'a: 'g,
    {
        Othello::new(eval, config).watched(
            self.stop,
            self.clock,
            self.limits.time_ms,
            self.limits.nodes,
        )
    }

    /// A search of `game` over `tt` with `config`'s knobs, watched by this context.
    fn tree_search<'g>(
        &self,
        game: &'g Othello<'g>,
        tt: &'g TranspositionTable,
        config: &SearchConfig,
    ) -> TreeSearch<'g, Othello<'g>>
    where
        'a: 'g,
    {
        let control = StopPoller::new(
            self.stop,
            self.deadline(),
            self.limits.nodes,
            config.stop_check_nodes,
        );
        let mut tree = TreeSearch::new(game, tt, control);
        tree.split_min_depth = config.split_min_depth;
        tree.tt_min_depth = config.tt_min_depth;
        tree.use_table_move = config.use_table_move;
        tree.etc_min_depth = config.etc_min_depth;
        tree.pvs = config.algorithm == Algorithm::Pvs;
        let timed = self.limits.time_ms.is_some() || self.limits.soft_time_ms.is_some();
        let t = if config.probcut_t == 0.0 && timed {
            config.timed_probcut_t
        } else {
            config.probcut_t
        };
        if t > 0.0 {
            tree.probcut = Some(ProbCut {
                t,
                min_depth: config.probcut_min_depth,
                sigma: config.probcut_sigma,
                endgame: false,
                eval_gate: config.probcut_eval_gate,
            });
        }
        tree
    }
}

/// The deepest iteration a search runs: no game has more plies left than this.
const MAX_DEPTH: u32 = 64;

/// The Othello searcher: settings, evaluator and a transposition table kept between
/// searches (so that a search reuses what the previous ones learnt). `Send`, so that it can
/// move into a background task and back.
///
/// It also holds the Monte Carlo tree search of MCTS levels ([`Searcher::mcts_search`],
/// [`Searcher::mcts_scores`], [`Searcher::mcts_ponder`]), made with the same evaluator (for
/// its priors) at its first use, and its tree, kept from search to search: a search one or
/// two plies below the last one's root (after a ponder and the opponent's move, or after
/// the engine's move and the reply) starts from what it learnt there.
pub struct Searcher {
    config: SearchConfig,
    eval: Arc<dyn Evaluate>,
    tt: TranspositionTable,
    solver: Solver,
    stats: TableStats,
    threads: Threads,
    mcts: Option<Mcts>,
    mcts_config: MctsConfig,
    mcts_seed: u64,
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
            threads: Threads::one(),
            mcts: None,
            mcts_config: MctsConfig::shipped(),
            mcts_seed: 1,
        })
    }

    /// Searches and solves on these threads from now on (one: the caller's thread).
    pub fn set_threads(&mut self, threads: Threads) {
        self.solver.set_threads(threads.clone());
        self.threads = threads;
    }

    /// The threads the searches run on.
    pub fn threads(&self) -> &Threads {
        &self.threads
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
            self.solver.set_threads(self.threads.clone());
        } else if config.solver != self.config.solver {
            self.solver.set_config(config.solver.clone());
        }
        self.config = config;
    }

    /// Replaces the evaluator; the table is emptied since its scores came from the old one,
    /// and the Monte Carlo tree is dropped since its priors did.
    pub fn set_evaluator(&mut self, eval: Arc<dyn Evaluate>) {
        self.solver.set_evaluator(Arc::clone(&eval));
        self.eval = eval;
        self.tt.clear();
        self.mcts = None;
    }

    /// Forgets everything the tables hold, and the Monte Carlo tree (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.solver.clear();
        if let Some(mcts) = &mut self.mcts {
            mcts.clear();
        }
    }

    /// The settings of Monte Carlo tree search in force (the shipped `mcts.ron` until
    /// [`Searcher::set_mcts_config`]).
    pub fn mcts_config(&self) -> &MctsConfig {
        &self.mcts_config
    }

    /// Replaces the settings of Monte Carlo tree search (a reloaded `mcts.ron`,
    /// [`crate::engine::ConfigSet::mcts`]); the tree is kept, unless the solver's table
    /// changes size (then it is made again at the next search).
    pub fn set_mcts_config(&mut self, config: MctsConfig) {
        if config.solver_table_mib != self.mcts_config.solver_table_mib {
            self.mcts = None;
        } else if let Some(mcts) = &mut self.mcts {
            mcts.set_config(config.clone());
        }
        self.mcts_config = config;
    }

    /// Seeds the playouts of the next Monte Carlo searches (the tree is kept).
    pub fn reseed_mcts(&mut self, seed: u64) {
        self.mcts_seed = seed;
        if let Some(mcts) = &mut self.mcts {
            mcts.reseed(seed);
        }
    }

    /// The Monte Carlo search, made at its first use.
    fn mcts(&mut self) -> &mut Mcts {
        let (config, eval, seed) = (&self.mcts_config, &self.eval, self.mcts_seed);
        self.mcts
            .get_or_insert_with(|| Mcts::new(config.clone(), Arc::clone(eval), seed))
    }

    /// Monte Carlo tree search of `board` within `limits` (playouts or milliseconds of
    /// `clock`; with neither, until `stop` or a proof of the root), reporting to `progress`
    /// every `progress_ms` of `mcts.ron`; returns the statistics of every root move (for
    /// hints: [`MctsInfo::root_moves`], their visit shares and win rates, or
    /// [`MctsInfo::move_scores`]). The tree is kept for the next search: one from a
    /// position one or two plies below `board` starts from its subtree
    /// ([`MctsInfo::reused_visits`]). The alpha-beta settings and tables are not used.
    pub fn mcts_scores(
        &mut self,
        board: &Board,
        limits: &MctsLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&MctsInfo),
    ) -> MctsInfo {
        self.mcts().search(board, limits, stop, clock, progress)
    }

    /// [`Searcher::mcts_scores`] reported as [`Searcher::search`] reports: each
    /// [`MctsInfo`] as a [`SearchInfo`] ([`MctsInfo::search_info`] with `mcts.ron`'s
    /// `prior_scale_discs`: the root's win rate in discs, the line of most visited moves,
    /// playouts as nodes). `stopped` when the stop flag ended it. The best move is `None`
    /// only when the game is over; a search stopped before its first playout still has one.
    pub fn mcts_search(
        &mut self,
        board: &Board,
        limits: &MctsLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let scale = self.mcts_config.prior_scale_discs;
        let found = self.mcts_scores(board, limits, stop, clock, &mut |info| {
            progress(&info.search_info(scale));
        });
        SearchResult {
            info: found.search_info(scale),
            stopped: found.stopped,
        }
    }

    /// Ponders for an MCTS level: searches `board` (the position after the engine's move,
    /// the opponent to move) within `limits` (the level's own for a move,
    /// [`crate::engine::Level::mcts_limits`]) until `stop` is raised or the root is proven,
    /// reporting as [`Searcher::mcts_search`] does. Every reply is searched at once (the
    /// tree covers them all), so there is no move to guess: after the opponent's move, the
    /// next [`Searcher::mcts_search`] starts from the reply's subtree.
    pub fn mcts_ponder(
        &mut self,
        board: &Board,
        limits: &MctsLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.mcts_search(board, limits, stop, clock, progress)
    }

    /// The table's best move for `board` (the move a previous search found best there),
    /// if the table holds the position: the reply the engine expects after its own move,
    /// or the move to ponder on.
    pub fn table_move(&self, board: &Board) -> Option<Square> {
        self.tt
            .probe(board.hash())
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
        let mut ctx = Context {
            limits,
            stop,
            clock,
            progress,
        };
        self.tt.new_search();
        let solve = self.solve_mode(board.empty_count());
        let game = ctx.game(&*self.eval, &self.config);
        let mut tree = ctx.tree_search(&game, &self.tt, &self.config);
        let mut last = unsearched(&game, board);
        let mut stopped = false;
        if !last.exact {
            let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
            if solve.is_some() {
                let time = &self.config.time;
                max_depth = max_depth.min(if limits.time_ms.is_some() {
                    time.pre_solve_depth_timed
                } else {
                    time.pre_solve_depth
                });
            }
            let (first_depth, guess) = resume_point(&tree, board, max_depth, last.score);
            stopped = iterate(
                &mut tree,
                &self.threads,
                board,
                &self.config,
                &mut ctx,
                first_depth..=max_depth,
                guess,
                &mut last,
            );
        }
        last.nodes = tree.nodes + game.ordering_nodes.get();
        last.elapsed_ms = clock.elapsed_ms();
        self.stats = tree.stats;
        if let Some(mode) = solve.filter(|_| !stopped && !last.exact) {
            stopped = !self.hand_over(board, mode, &mut ctx, &mut last);
        }
        SearchResult {
            info: last,
            stopped,
        }
    }

    /// What the solver is asked near the end: the exact score at or below
    /// [`SearchConfig::exact_empties`], win/loss/draw at or below
    /// [`SearchConfig::wld_empties`], nothing above.
    fn solve_mode(&self, empties: u32) -> Option<SolveMode> {
        if empties <= self.config.exact_empties {
            Some(SolveMode::Exact)
        } else if empties <= self.config.wld_empties {
            Some(SolveMode::WinLossDraw)
        } else {
            None
        }
    }

    /// Hands the search over to the solver, whose answer replaces the midgame's `last`
    /// (reported as one more iteration); false when the solve was stopped first. A stopped
    /// solve's last completed selective pass replaces `last` too (a search to the end with
    /// ProbCut, at `depth N@87%`): on a short clock, a move of the short midgame search
    /// before the solve lost won endgames against NTest (2026-12-01).
    fn hand_over(
        &mut self,
        board: &Board,
        mode: SolveMode,
        ctx: &mut Context<'_, SearchInfo>,
        last: &mut SearchInfo,
    ) -> bool {
        let before = self.solver.nodes();
        match self
            .solver
            .solve_until(board, mode, ctx.stop, ctx.deadline())
        {
            Some(solved) => {
                *last = solved_info(board, mode, solved, last, ctx.clock);
                ctx.report(last);
                true
            }
            None => {
                if let Some(passed) = self.solver.last_pass() {
                    let nodes = self.solver.nodes() - before;
                    *last = passed_info(board, mode, (passed, nodes), last, ctx.clock);
                    ctx.report(last);
                }
                false
            }
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
        self.score_moves_with(board, limits, stop, clock, &mut |_| {})
            .scores
    }

    /// [`Searcher::score_moves`], calling `progress` each time every move has been scored
    /// at a new depth (the move hints refine as the search deepens). At or below
    /// [`SearchConfig::exact_empties`] empties the moves are first scored to a shallow
    /// depth, then each is solved exactly. With a soft budget (`limits.soft_time_ms`) no
    /// depth is started that is not expected to end within it, as in [`Searcher::search`].
    /// Returns the last complete set.
    pub fn score_moves_with(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&MoveScores),
    ) -> MoveScores {
        let mut ctx = Context {
            limits,
            stop,
            clock,
            progress,
        };
        self.tt.new_search();
        let game = ctx.game(&*self.eval, &self.config);
        let mut tree = ctx.tree_search(&game, &self.tt, &self.config);
        let children: Vec<(Square, Board)> = crate::engine::Squares(board.moves())
            .map(|sq| (sq, board.play_unchecked(sq)))
            .collect();
        let nodes: Vec<Node> = children.iter().map(|(_, child)| game.node(child)).collect();
        let mut last = MoveScores {
            depth: 0,
            exact: false,
            scores: children
                .iter()
                .zip(&nodes)
                .map(|(&(sq, _), child)| (sq, -game.evaluate(child)))
                .collect(),
            line: Vec::new(),
            confidence_pct: None,
        };
        let empties = board.empty_count();
        let solve = empties <= self.config.exact_empties;
        let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        if solve {
            max_depth = max_depth.min(self.config.time.pre_solve_depth);
        }
        // When each completed set ended, for the soft budget (as `iterate`'s).
        let mut ended_ms: Vec<u64> = vec![0];
        for depth in 1..=max_depth {
            if depth > 1 && !next_fits(limits, &self.config.time, &ended_ms, ctx.clock, 1.0) {
                break;
            }
            let mut next = Vec::with_capacity(children.len());
            for ((&(sq, _), child), &(_, previous)) in children.iter().zip(&nodes).zip(&last.scores)
            {
                let r = tree.run_on(&self.threads, |t| t.mtdf(child, depth - 1, -previous));
                if tree.stopped() {
                    return last;
                }
                next.push((sq, -r.score));
            }
            // The best move's line: it, then the table's line after it.
            let best = (0..next.len()).max_by_key(|&i| (next[i].1, std::cmp::Reverse(i)));
            let line = best.map_or(Vec::new(), |i| {
                std::iter::once(next[i].0)
                    .chain(
                        tree.principal_variation(&nodes[i], depth as usize + 7)
                            .into_iter()
                            .filter_map(to_square),
                    )
                    .collect()
            });
            last = MoveScores {
                depth,
                exact: depth >= empties,
                scores: next,
                line,
                confidence_pct: tree
                    .probcut
                    .filter(|_| depth < empties)
                    .map(|pc| pc.confidence_pct()),
            };
            ctx.report(&last);
            ended_ms.push(ctx.clock.elapsed_ms());
            if last.exact {
                return last;
            }
        }
        if solve
            && !children.is_empty()
            && let Some(mut exact) = self.solve_each(&children, empties, &mut ctx)
        {
            // The solved best move keeps the last line when it led it.
            if exact.line.first() == last.line.first() {
                exact.line = std::mem::take(&mut last.line);
            }
            last = exact;
        }
        last
    }

    /// Searches `board` like [`Searcher::search`], but chooses among the moves in
    /// `allowed` (a set of squares) only: the best of them and its value, deepened until a
    /// limit, `stop`, or the end of the game. `None` when no allowed move is legal. The book
    /// builder asks this for a position's best move out of the book.
    ///
    /// Each iteration searches the allowed moves in the previous iteration's order, the
    /// first to its value by MTD(f), the others by a null-window test against the best so
    /// far and to their value only when they beat it. At or below
    /// [`SearchConfig::exact_empties`] empties every allowed move is solved exactly. With
    /// every legal move allowed this is [`Searcher::search`] itself.
    pub fn search_among(
        &mut self,
        board: &Board,
        allowed: u64,
        limits: &SearchLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
    ) -> Option<SearchResult> {
        let moves = board.moves() & allowed;
        if moves == 0 {
            return None;
        }
        if moves == board.moves() {
            return Some(self.search(board, limits, stop, clock, &mut |_| {}));
        }
        let ctx = Context {
            limits,
            stop,
            clock,
            progress: &mut |_: &SearchInfo| {},
        };
        self.tt.new_search();
        let empties = board.empty_count();
        let children: Vec<(Square, Board)> = crate::engine::Squares(moves)
            .map(|sq| (sq, board.play_unchecked(sq)))
            .collect();
        if empties <= self.config.exact_empties {
            let mut best: Option<SearchInfo> = None;
            let mut nodes = 0;
            for &(sq, child) in &children {
                let Some(solved) =
                    self.solver
                        .solve_until(&child, SolveMode::Exact, stop, ctx.deadline())
                else {
                    return Some(SearchResult {
                        info: best.unwrap_or_default(),
                        stopped: true,
                    });
                };
                nodes += solved.nodes;
                if best.as_ref().is_none_or(|b| -solved.score > b.score) {
                    best = Some(SearchInfo {
                        depth: empties,
                        score: -solved.score,
                        exact: true,
                        wld: None,
                        best_move: Some(sq),
                        pv: vec![sq],
                        nodes: 0,
                        elapsed_ms: 0,
                        win_permille: None,
                        confidence_pct: None,
                    });
                }
            }
            let mut info = best.expect("at least one allowed move");
            info.nodes = nodes;
            info.elapsed_ms = clock.elapsed_ms();
            return Some(SearchResult {
                info,
                stopped: false,
            });
        }
        let game = ctx.game(&*self.eval, &self.config);
        let mut tree = ctx.tree_search(&game, &self.tt, &self.config);
        // Each allowed move with its last score (a bound for those that lost their test).
        let mut order: Vec<(Square, Node, i32)> = children
            .iter()
            .map(|&(sq, child)| {
                let child = game.node(&child);
                (sq, child, -game.evaluate(&child))
            })
            .collect();
        order.sort_by_key(|&(sq, _, v)| (-v, sq.index()));
        let mut last = SearchInfo {
            score: order[0].2,
            best_move: Some(order[0].0),
            ..SearchInfo::default()
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut stopped = false;
        'deepen: for depth in 1..=max_depth {
            let mut best: Option<(usize, i32)> = None;
            for (i, entry) in order.iter_mut().enumerate() {
                let (_, child, previous) = *entry;
                let value = tree.run_on(&self.threads, |tree| match best {
                    None => -tree.mtdf(&child, depth - 1, -previous).score,
                    Some((_, b)) => {
                        // Fail-soft null window just below minus the best: a child value
                        // at most -b - 1 is a move better than b.
                        let s = tree.null_window(&child, depth - 1, -b - 1);
                        if -s > b && !tree.stopped() {
                            -tree.mtdf(&child, depth - 1, s).score
                        } else {
                            -s
                        }
                    }
                });
                if tree.stopped() {
                    stopped = true;
                    break 'deepen;
                }
                entry.2 = value;
                if best.is_none_or(|(_, b)| value > b) {
                    best = Some((i, value));
                }
            }
            let (i, score) = best.expect("at least one allowed move");
            let (sq, child, _) = order[i];
            let pv = std::iter::once(sq)
                .chain(
                    tree.principal_variation(&child, depth as usize + 7)
                        .into_iter()
                        .filter_map(to_square),
                )
                .collect();
            last = SearchInfo {
                depth,
                score,
                exact: depth >= empties,
                wld: None,
                best_move: Some(sq),
                pv,
                nodes: 0,
                elapsed_ms: 0,
                win_permille: None,
                confidence_pct: None,
            };
            // The best first, the others by their scores (upper bounds) as they came.
            let best_entry = order.remove(i);
            order.insert(0, best_entry);
            order[1..].sort_by_key(|&(sq, _, v)| (-v, sq.index()));
            if last.exact {
                break;
            }
        }
        last.nodes = tree.nodes + game.ordering_nodes.get();
        last.elapsed_ms = clock.elapsed_ms();
        self.stats = tree.stats;
        Some(SearchResult {
            info: last,
            stopped,
        })
    }

    /// Each of `children` (a move and the position after it, at `empties` empties before
    /// the move) solved exactly, reported as one set; `None` when stopped first. The
    /// solver's table serves them all.
    fn solve_each(
        &mut self,
        children: &[(Square, Board)],
        empties: u32,
        ctx: &mut Context<'_, MoveScores>,
    ) -> Option<MoveScores> {
        let mut exact = Vec::with_capacity(children.len());
        for &(sq, child) in children {
            let solved =
                self.solver
                    .solve_until(&child, SolveMode::Exact, ctx.stop, ctx.deadline())?;
            exact.push((sq, -solved.score));
        }
        let best = exact
            .iter()
            .rev()
            .max_by_key(|(_, score)| *score)
            .map(|(sq, _)| *sq);
        let scores = MoveScores {
            depth: empties,
            exact: true,
            scores: exact,
            line: best.into_iter().collect(),
            confidence_pct: None,
        };
        ctx.report(&scores);
        Some(scores)
    }
}

/// The result before any search: the evaluation at depth 0, the first move in the search's
/// ordering, exact only when the game is over.
fn unsearched(game: &Othello<'_>, board: &Board) -> SearchInfo {
    let node = game.node(board);
    let score = game.evaluate(&node);
    let mut moves = MoveList::default();
    game.moves(&node, 0, &mut moves);
    SearchInfo {
        depth: 0,
        score,
        exact: board.is_game_over(),
        wld: None,
        best_move: moves.as_slice().first().and_then(|&m| to_square(m)),
        pv: Vec::new(),
        nodes: 0,
        elapsed_ms: 0,
        win_permille: None,
        confidence_pct: None,
    }
}

/// Where the iterations start and the first guess of MTD(f): a position an earlier search
/// (pondering, or the previous move's search) reached to depth `d` starts at `d` (at most
/// `max_depth`) from the table's bound, where the stored results are consistent with this
/// search; shallower iterations would only trample them. A full-width search does not
/// resume from a selective one. Otherwise depth 1 from `root_eval`.
fn resume_point(
    tree: &TreeSearch<'_, Othello<'_>>,
    board: &Board,
    max_depth: u32,
    root_eval: i32,
) -> (u32, i32) {
    match tree.tt.probe(board.hash()) {
        Some(e) if e.depth >= 2 && e.bounds_usable(u32::from(e.depth), tree.precision()) => {
            let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
            let guess = if lower > -NO_BOUND {
                lower
            } else if upper < NO_BOUND {
                upper
            } else {
                root_eval
            };
            (u32::from(e.depth).min(max_depth), guess)
        }
        _ => (1, root_eval),
    }
}

/// The iterations of a search over `depths` with `base` (the search's ProbCut, `None` at
/// full width), as `(depth, ProbCut)`: each depth at the search's own confidence, and, when a
/// selective search reaches the end of the game (`empties`) with `ladder` on, the end at
/// that confidence, at each surer rung of [`LADDER`], then in full (the selective endgame
/// search: nodes that reach the end are cut too until the last step).
fn steps(
    depths: RangeInclusive<u32>,
    empties: u32,
    base: Option<ProbCut>,
    ladder: bool,
) -> Vec<(u32, Option<ProbCut>)> {
    let mut steps = Vec::new();
    for depth in depths {
        match base {
            Some(pc) if ladder && depth >= empties => {
                let surer = LADDER.iter().filter(|&&t| t > pc.t + 1e-9);
                for &t in std::iter::once(&pc.t).chain(surer) {
                    steps.push((
                        depth,
                        Some(ProbCut {
                            t,
                            endgame: true,
                            ..pc
                        }),
                    ));
                }
                steps.push((depth, None));
                break;
            }
            _ => steps.push((depth, base)),
        }
        if depth >= empties {
            break;
        }
    }
    steps
}

/// Whether the next iteration is expected to end within the soft budget of `limits` (times
/// `stretch`, at most the hard limit), given when the completed ones ended (`ended_ms`,
/// the start first); true without a soft budget.
fn next_fits(
    limits: &SearchLimits,
    time: &TimeConfig,
    ended_ms: &[u64],
    clock: &dyn Clock,
    stretch: f64,
) -> bool {
    let Some(soft) = limits.soft_time_ms else {
        return true;
    };
    let budget = (soft as f64 * stretch) as u64;
    let budget = limits.time_ms.map_or(budget, |hard| budget.min(hard));
    time.iteration_fits(ended_ms, clock.elapsed_ms(), budget)
}

/// Iterative deepening over `depths` (and, at the end of the game, over the selectivity
/// ladder: [`steps`]): each completed iteration replaces `last` and is reported; the loop
/// ends at the last step, when the game is searched to its end in full, when the soft time
/// budget says the next iteration would not fit, or on a stop (true; the stopped iteration
/// is dropped). MTD(f) starts from the score of two iterations back (the same parity:
/// Othello's scores swing between odd and even depths), first `guess`; PVS centres its
/// aspiration window on the previous score. The soft budget grows by the time section's
/// `unstable_factor` while the last iteration changed the best move or lowered the score
/// by `unstable_drop` discs or more from the iteration two back (the same parity: from
/// the one before, an even depth's score is two discs lower on average, and a drop of 3
/// flagged 17% of iterations instead of 4%).
#[expect(
    clippy::too_many_arguments,
    reason = "the search's parts as the searcher holds them"
)]
fn iterate(
    tree: &mut TreeSearch<'_, Othello<'_>>,
    threads: &Threads,
    board: &Board,
    config: &SearchConfig,
    ctx: &mut Context<'_, SearchInfo>,
    depths: RangeInclusive<u32>,
    guess: i32,
    last: &mut SearchInfo,
) -> bool {
    let empties = board.empty_count();
    let root = tree.game.node(board);
    let first_depth = *depths.start();
    let base = tree.probcut;
    // When each completed iteration ended, for time management.
    let mut ended_ms: Vec<u64> = vec![0];
    let mut unstable = false;
    // The last completed iteration's score of each parity: MTD(f)'s guess, and what a
    // score's drop is measured from.
    let mut scores_by_parity: [Option<i32>; 2] = [None; 2];
    for (i, (depth, probcut)) in steps(depths, empties, base, config.endgame_ladder)
        .into_iter()
        .enumerate()
    {
        let stretch = if unstable {
            config.time.unstable_factor
        } else {
            1.0
        };
        if (i > 0 || depth > first_depth)
            && !next_fits(ctx.limits, &config.time, &ended_ms, ctx.clock, stretch)
        {
            return false;
        }
        tree.probcut = probcut;
        let guess = scores_by_parity[depth as usize % 2].unwrap_or(guess);
        let r = tree.run_on(threads, |tree| match config.algorithm {
            Algorithm::Mtdf => tree.mtdf(&root, depth, guess),
            Algorithm::Pvs => tree.aspiration(&root, depth, last.score, config.aspiration_window),
        });
        if tree.stopped() {
            return true;
        }
        let pv: Vec<Square> = tree
            .principal_variation(&root, depth as usize + 8)
            .into_iter()
            .filter_map(to_square)
            .collect();
        // A selective search of the end is no proof.
        let cuts_the_end = probcut.is_some_and(|pc| pc.endgame);
        let previous = std::mem::replace(
            last,
            SearchInfo {
                depth,
                score: r.score,
                exact: depth >= empties && !cuts_the_end,
                wld: None,
                best_move: to_square(r.best_move),
                pv,
                nodes: tree.nodes + tree.game.ordering_nodes.get(),
                elapsed_ms: ctx.clock.elapsed_ms(),
                win_permille: None,
                confidence_pct: probcut.map(|pc| pc.confidence_pct()),
            },
        );
        // The score of the last iteration of the same parity, before this one.
        let same_parity = scores_by_parity[depth as usize % 2].replace(r.score);
        unstable = is_unstable(&previous, last, same_parity, config.time.unstable_drop);
        ctx.report(last);
        ended_ms.push(last.elapsed_ms);
        if last.exact {
            break;
        }
    }
    tree.probcut = base;
    false
}

/// Whether the iteration `last`, after `previous`, leaves the search unstable: it changed
/// the best move, or its score is `drop` discs or more below `same_parity`, the score of the
/// last iteration of the same parity before it (none for the first of its parity).
fn is_unstable(
    previous: &SearchInfo,
    last: &SearchInfo,
    same_parity: Option<i32>,
    drop: i32,
) -> bool {
    previous.depth > 0
        && (previous.best_move != last.best_move
            || same_parity.is_some_and(|score| last.score <= score - drop))
}

/// The search result of a completed solve, given the midgame result before it (whose
/// nodes it adds to the solver's).
fn solved_info(
    board: &Board,
    mode: SolveMode,
    solved: Solved,
    midgame: &SearchInfo,
    clock: &dyn Clock,
) -> SearchInfo {
    let found = (solved.score, solved.best_move, solved.nodes);
    solve_answer(board, mode, found, None, midgame, clock)
}

/// The search's answer from the last selective pass of a solve that was stopped after it,
/// with the nodes that solve searched (`midgame` the midgame search's answer before the
/// solve): the pass's move and score at its confidence, not exact and not a proof. In
/// [`SolveMode::WinLossDraw`] a pass that says the game is lost keeps the midgame's move, as
/// a losing proof does.
fn passed_info(
    board: &Board,
    mode: SolveMode,
    (passed, nodes): (Passed, u64),
    midgame: &SearchInfo,
    clock: &dyn Clock,
) -> SearchInfo {
    let found = (passed.score, passed.best_move, nodes);
    let confidence = Some(confidence_pct(passed.t));
    solve_answer(board, mode, found, confidence, midgame, clock)
}

/// What a solve found (`score`, `best_move`, its `nodes`) as the search's answer after the
/// midgame's: a proof when `confidence` is `None` (exact, or win/loss/draw), else a
/// selective pass's. A losing win/loss/draw answer proves nothing about the moves and keeps
/// the midgame's choice, which loses by the least it can see; so does a pass with no move.
fn solve_answer(
    board: &Board,
    mode: SolveMode,
    (score, best_move, nodes): (i32, Option<Square>, u64),
    confidence: Option<u8>,
    midgame: &SearchInfo,
    clock: &dyn Clock,
) -> SearchInfo {
    let proof = confidence.is_none();
    let sign = score.signum();
    let mut info = SearchInfo {
        depth: board.empty_count(),
        nodes: midgame.nodes + nodes,
        elapsed_ms: clock.elapsed_ms(),
        confidence_pct: confidence,
        ..midgame.clone()
    };
    if (mode == SolveMode::Exact || sign >= 0) && (proof || best_move.is_some()) {
        info.best_move = best_move;
        info.pv = best_move.into_iter().collect();
    }
    match mode {
        SolveMode::Exact => {
            info.score = score;
            info.exact = proof;
        }
        SolveMode::WinLossDraw => {
            info.score = wld_score(sign, midgame.score);
            if proof {
                info.wld = Some(sign);
            }
        }
    }
    info
}

/// The score a search reports for a win (`sign` 1), draw (0) or loss (-1) that a solve
/// found without its margin: the midgame's score, moved to the right side of 0.
fn wld_score(sign: i32, midgame: i32) -> i32 {
    match sign {
        1 => midgame.max(2),
        0 => 0,
        _ => midgame.min(-2),
    }
}

/// The square of a move number; `None` for a pass or no move.
fn to_square(mv: Move) -> Option<Square> {
    Square::try_from_index(mv).filter(|_| mv < 64)
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    fn info(depth: u32, score: i32, best_move: u8) -> SearchInfo {
        SearchInfo {
            depth,
            score,
            best_move: Square::try_from_index(best_move),
            ..SearchInfo::default()
        }
    }

    /// An even depth's score two discs under the odd one before it is Othello's swing, not
    /// instability; three under the last even one is.
    #[test]
    fn instability_compares_scores_of_the_same_parity() {
        let (d9, d10) = (info(9, 4, 19), info(10, 1, 19));
        // Three discs under depth 9, one over depth 8: stable.
        assert!(!is_unstable(&d9, &d10, Some(0), 3));
        // Three under depth 8.
        assert!(is_unstable(&d9, &info(10, -3, 19), Some(0), 3));
        assert!(!is_unstable(&d9, &info(10, -2, 19), Some(0), 3));
        // A new best move, whatever the scores.
        assert!(is_unstable(&d9, &info(10, 9, 26), Some(0), 3));
        // The first iteration of its parity compares no score; none is unstable after none.
        assert!(!is_unstable(&d9, &info(10, -20, 19), None, 3));
        assert!(!is_unstable(&SearchInfo::default(), &d10, Some(9), 3));
    }

    /// A stopped solve's selective pass replaces the midgame's answer: its move and score
    /// at its confidence, at depth = empties, never exact; in win/loss/draw mode a pass
    /// that says the game is lost keeps the midgame's move, and the score keeps its side
    /// of 0.
    #[test]
    fn a_stopped_solves_pass_answers_for_the_search() {
        let board = Board::new(0xff, 0xff00);
        let empties = board.empty_count();
        let midgame = info(8, 3, 19);
        let clock = Instant::now();
        let passed = |score, square| {
            let best_move = Square::try_from_index(square);
            (
                Passed {
                    t: 1.5,
                    score,
                    best_move,
                },
                1_000,
            )
        };
        let exact = passed_info(&board, SolveMode::Exact, passed(-6, 26), &midgame, &clock);
        assert_eq!(
            (exact.depth, exact.score, exact.best_move, exact.exact),
            (empties, -6, Square::try_from_index(26), false)
        );
        assert_eq!(
            (exact.confidence_pct, exact.wld, exact.nodes),
            (Some(87), None, 1_000)
        );
        assert_eq!(exact.pv, vec![Square::try_from_index(26).unwrap()]);
        let mode = SolveMode::WinLossDraw;
        let win = passed_info(&board, mode, passed(1, 26), &midgame, &clock);
        assert_eq!((win.score, win.best_move), (3, Square::try_from_index(26)));
        let draw = passed_info(&board, mode, passed(0, 26), &midgame, &clock);
        assert_eq!(
            (draw.score, draw.best_move),
            (0, Square::try_from_index(26))
        );
        let loss = passed_info(&board, mode, passed(-1, 26), &midgame, &clock);
        assert_eq!(
            (loss.score, loss.best_move),
            (-2, Square::try_from_index(19))
        );
        // A pass with no move (the side to move must pass) leaves the midgame's.
        let none = passed_info(&board, SolveMode::Exact, passed(4, 64), &midgame, &clock);
        assert_eq!(
            (none.score, none.best_move),
            (4, Square::try_from_index(19))
        );
    }
}
