//! The solver's entry points: MTD(f) (Plaat, Schaeffer, Pijls and de Bruin 1996) over
//! null-window searches of the root, in steps of two discs since final scores are even; from
//! [`SolverConfig::selective_min_empties`] empties, after selective passes that leave their
//! best moves in the table (Edax's and Egaroucid's selectivity levels).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};

use crate::engine::bitboard::parity_of;
use crate::engine::board::{Board, flips};
use crate::engine::control::{Abort, Clock, StopShare, TableAllocError};
use crate::engine::endgame::config::SolverConfig;
use crate::engine::endgame::nws::{Nws, Selective};
use crate::engine::endgame::ordering::QUADRANT_ID;
use crate::engine::endgame::table::{EXACT, Table};
use crate::engine::eval::indices::PatternIndices;
use crate::engine::eval::{Evaluate, PatternEval};
use crate::engine::score::{EVAL_INFINITY, NO_SCORE};
use crate::engine::square::Square;
use crate::engine::threads::{Threads, share_out, workers_for};

/// What a solve must find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolveMode {
    /// The exact final disc difference.
    Exact,
    /// Only whether the side to move wins, draws or loses: much faster.
    WinLossDraw,
}

/// The answer of [`Solver::solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// In [`SolveMode::Exact`], the final disc difference with perfect play, from the side to
    /// move, empties to the winner (always even). In [`SolveMode::WinLossDraw`], its sign:
    /// `1` a win, `0` a draw, `-1` a loss.
    pub score: i32,
    /// A move reaching `score` (for a loss in win/loss/draw mode, the move the ordering
    /// prefers, as every move loses); `None` when the side to move must pass or the game
    /// is over.
    pub best_move: Option<Square>,
    /// Positions searched by this solve: every position the search visits, a pass as one
    /// more, but not the positions after the last empty, whose score is counted from the
    /// flips (the last-four code's documentation says more).
    pub nodes: u64,
}

/// The last selective pass a solve completed ([`Solver::last_pass`]): what a solve
/// stopped before its end leaves, a far better move than a short midgame search's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Passed {
    /// The pass's confidence, in standard deviations of the solver's error model
    /// ([`SolverConfig::selective_ladder`]).
    pub t: f64,
    /// Its score, from the side to move: in [`SolveMode::Exact`] the final disc difference
    /// the pass found; in [`SolveMode::WinLossDraw`] a score whose sign says win, draw or
    /// loss (as sure as the pass is).
    pub score: i32,
    /// A move reaching `score`; `None` when the side to move must pass.
    pub best_move: Option<Square>,
}

/// The exact endgame solver: owns its transposition table, which it keeps between solves.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use reversi::engine::{Board, SolveMode, Solver};
///
/// // Black (to move) owns everything but h8, which is empty, and h7, which is White's.
/// let board = Board::new(!0 ^ (1 << 63) ^ (1 << 55), 1 << 55);
/// let mut solver = Solver::new(1);
/// let solved = solver.solve(&board, SolveMode::Exact, &AtomicBool::new(false)).unwrap();
/// assert_eq!((solved.score, solved.best_move.unwrap().to_string().as_str()), (64, "h8"));
/// ```
pub struct Solver {
    table: Table,
    config: SolverConfig,
    eval: Arc<dyn Evaluate>,
    nodes: u64,
    /// Each solve gives up after about this many nodes (`None`: no limit).
    node_limit: Option<u64>,
    /// The node count when the solve in hand began.
    solve_start: u64,
    /// The last selective pass the solve in hand (or the last one) completed.
    passed: Option<Passed>,
    /// The threads a solve runs on.
    threads: Threads,
}

impl Solver {
    /// A solver with a transposition table of at most `table_mib` MiB and the default
    /// [`SolverConfig`].
    pub fn new(table_mib: usize) -> Solver {
        Solver::with_config(table_mib, SolverConfig::default())
    }

    /// A solver with a transposition table of at most `table_mib` MiB and these knobs.
    ///
    /// # Panics
    /// When the table's memory cannot be had; [`Solver::try_with_config`] reports it.
    pub fn with_config(table_mib: usize, config: SolverConfig) -> Solver {
        Solver::try_with_config(table_mib, config).expect("solver table allocated")
    }

    /// The same, or an error when the system cannot give the table's memory.
    ///
    /// # Errors
    /// [`TableAllocError`] when the allocation fails.
    pub fn try_with_config(
        table_mib: usize,
        config: SolverConfig,
    ) -> Result<Solver, TableAllocError> {
        Ok(Solver {
            table: Table::try_with_near(
                table_mib,
                config.near_table_kib as usize,
                config.near_table_max_empties,
            )?,
            config,
            eval: PatternEval::shipped_shared(),
            nodes: 0,
            node_limit: None,
            solve_start: 0,
            passed: None,
            threads: Threads::one(),
        })
    }

    /// Solves on these threads from now on (scores and best moves do not depend on it).
    pub fn set_threads(&mut self, threads: Threads) {
        self.threads = threads;
    }

    /// The threads a solve runs on.
    pub fn threads(&self) -> &Threads {
        &self.threads
    }

    /// Orders moves at many empties, and guesses the first score to test, with `eval` from
    /// now on (the shipped pattern evaluator until then). Scores stay exact whatever it
    /// says; [`crate::engine::MobilityEval`] is a judge without tables.
    pub fn set_evaluator(&mut self, eval: Arc<dyn Evaluate>) {
        self.eval = eval;
    }

    /// From now on, each solve gives up (`None`, as when stopped) after about `limit` nodes;
    /// `None` lifts the limit.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit;
    }

    /// The nodes the solve in hand may still visit.
    fn nodes_left(&self) -> Option<u64> {
        self.node_limit
            .map(|n| (self.solve_start + n).saturating_sub(self.nodes))
    }

    /// The knobs in use.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// Uses these knobs from the next solve on (the table keeps its entries: they are
    /// exact whatever the knobs).
    pub fn set_config(&mut self, config: SolverConfig) {
        let near = (config.near_table_kib, config.near_table_max_empties);
        if near
            != (
                self.config.near_table_kib,
                self.config.near_table_max_empties,
            )
        {
            // A megabyte or so: on the rare failure the solve goes on with one table, the
            // same scores.
            let _ = self.table.set_near(near.0 as usize, near.1);
        }
        self.config = config;
    }

    /// The last selective pass that the latest solve ([`Solver::solve_until`],
    /// [`Solver::solve_selective`]) completed, if it ran one
    /// ([`SolverConfig::selective_min_empties`]): when that solve was stopped, the best it
    /// found.
    pub fn last_pass(&self) -> Option<Passed> {
        self.passed
    }

    /// Positions visited since the solver was made or last cleared.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the transposition table and the node count.
    pub fn clear(&mut self) {
        self.table.clear();
        self.nodes = 0;
    }

    /// Solves `board` to the end of the game. `None` only when `stop` was raised (it is
    /// looked at every few thousand nodes, well under a millisecond apart).
    pub fn solve(&mut self, board: &Board, mode: SolveMode, stop: &AtomicBool) -> Option<Solved> {
        self.solve_until(board, mode, stop, None)
    }

    /// [`Solver::solve`], also giving up (`None`) once `deadline`'s clock reads its time in
    /// milliseconds.
    pub fn solve_until(
        &mut self,
        board: &Board,
        mode: SolveMode,
        stop: &AtomicBool,
        deadline: Option<(&dyn Clock, u64)>,
    ) -> Option<Solved> {
        debug_assert_eq!(board.player & board.opponent, 0);
        let (alpha, beta) = match mode {
            SolveMode::Exact => (NO_SCORE, -NO_SCORE),
            SolveMode::WinLossDraw => (-1, 1),
        };
        let start = self.nodes;
        self.solve_start = start;
        self.passed = None;
        let mut guess = self.guess(board, stop, deadline)?;
        if board.empty_count() >= self.config.selective_min_empties {
            // The exact search starts from the last pass's score: the tests MTD(f) makes then
            // depend on the table's state (the threads' timing, earlier solves), but the score
            // and the move found do not (see `mtd`).
            let ladder = self.config.selective_ladder.clone();
            (guess, _) = self.passes(board, (alpha, beta), guess, &ladder, stop, deadline)?;
        }
        let (score, best_move) = self.drive(board, alpha, beta, guess, None, stop, deadline)?;
        let score = match mode {
            SolveMode::Exact => score,
            SolveMode::WinLossDraw => score.signum(),
        };
        Some(Solved {
            score,
            best_move: best_move.map(Square::from_index),
            nodes: self.nodes - start,
        })
    }

    /// A selective solve: the passes of [`SolverConfig::selective_ladder`] below `t`, then one
    /// at `t` standard deviations of the solver's error model, and no exact search. Its
    /// score is the final disc difference the search finds with ProbCut cutting the nodes it
    /// is sure of to `t` (Egaroucid's "MPC" levels): often the exact score, at a small share
    /// of the exact solve's nodes at 24 empties and more; the practice positions above the
    /// exact empties are valued so. `None` when stopped or past `deadline`.
    pub fn solve_selective(
        &mut self,
        board: &Board,
        t: f64,
        stop: &AtomicBool,
        deadline: Option<(&dyn Clock, u64)>,
    ) -> Option<Solved> {
        debug_assert_eq!(board.player & board.opponent, 0);
        let start = self.nodes;
        self.solve_start = start;
        self.passed = None;
        let guess = self.guess(board, stop, deadline)?;
        // The ladder's passes below `t`, at most five, then `t`: six precisions at most, all
        // below the exact search's.
        let mut ladder: Vec<f64> = self
            .config
            .selective_ladder
            .iter()
            .copied()
            .filter(|&l| l < t)
            .collect();
        ladder.drain(..ladder.len().saturating_sub(usize::from(EXACT) - 2));
        ladder.push(t);
        let window = (NO_SCORE, -NO_SCORE);
        let (score, best_move) = self.passes(board, window, guess, &ladder, stop, deadline)?;
        Some(Solved {
            score,
            best_move: best_move.map(Square::from_index),
            nodes: self.nodes - start,
        })
    }

    /// A selective pass at each confidence of `ladder` in turn (the `i`-th storing its bounds
    /// at precision `i + 1`), each MTD(f) in `window` from the score before it, the first from
    /// `guess`: the last pass's score and move (`guess` and none for an empty ladder).
    fn passes(
        &mut self,
        board: &Board,
        (alpha, beta): (i32, i32),
        guess: i32,
        ladder: &[f64],
        stop: &AtomicBool,
        deadline: Option<(&dyn Clock, u64)>,
    ) -> Option<(i32, Option<u8>)> {
        let mut found = (guess, None);
        for (i, &t) in ladder.iter().enumerate() {
            let pass = Some(Selective {
                t,
                precision: i as u8 + 1,
            });
            found = self.drive(board, alpha, beta, found.0, pass, stop, deadline)?;
            self.passed = Some(Passed {
                t,
                score: found.0,
                best_move: found.1.map(Square::from_index),
            });
        }
        Some(found)
    }

    /// The score of `board` within the window `(alpha, beta)`, fail-soft: a result at or
    /// below `alpha` is an upper bound on the exact score, one at or above `beta` a lower
    /// bound, one between is exact. A null window (`beta == alpha + 1`) costs one search.
    /// For the midgame search, which calls it near the end of the game. `None` only when
    /// `stop` was raised.
    pub fn solve_window(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> Option<i32> {
        self.solve_window_until(board, alpha, beta, stop, None)
    }

    /// [`Solver::solve_window`], also giving up (`None`) once `deadline`'s clock reads its
    /// time in milliseconds.
    pub fn solve_window_until(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        stop: &AtomicBool,
        deadline: Option<(&dyn Clock, u64)>,
    ) -> Option<i32> {
        debug_assert!(alpha < beta);
        debug_assert_eq!(board.player & board.opponent, 0);
        let guess = 0;
        self.solve_start = self.nodes;
        self.drive(board, alpha, beta, guess, None, stop, deadline)
            .map(|(score, _)| score)
    }

    /// The full-width search value of `board` at `depth` plies with the ordering evaluator,
    /// in hundredths of a disc from the side to move: what the selective passes' ProbCut
    /// compares with the window (`benches/solver_probcut.rs` fits its error model).
    pub fn shallow_value(&mut self, board: &Board, depth: u32) -> i32 {
        let stop = AtomicBool::new(false);
        let mut search = Nws::new(&self.table, &self.config, &*self.eval, &stop, None, None);
        let value = search.eval_search(board, depth, -EVAL_INFINITY, EVAL_INFINITY);
        self.nodes += search.nodes;
        value
    }

    /// The first score to test at the root (see [`SolverConfig::guess_depth`]); `None`
    /// when stopped.
    fn guess(
        &mut self,
        board: &Board,
        stop: &AtomicBool,
        deadline: Option<(&dyn Clock, u64)>,
    ) -> Option<i32> {
        let config = &self.config;
        if config.guess_depth == 0 || board.empty_count() < config.guess_min_empties {
            return Some(0);
        }
        let node_limit = self.nodes_left();
        let mut search = Nws::new(&self.table, config, &*self.eval, stop, deadline, node_limit);
        let centidiscs =
            search.eval_search(board, config.guess_depth, -EVAL_INFINITY, EVAL_INFINITY);
        self.nodes += search.nodes;
        if search.stopped() {
            return None;
        }
        // Rounded to the nearest even score.
        Some((2 * (centidiscs as f64 / 200.0).round() as i32).clamp(-64, 64))
    }

    /// MTD(f) in `(alpha, beta)` from `guess` on the solver's threads, a selective pass when
    /// `selective` is given: the score and a move reaching the lower bound found, if any.
    #[allow(clippy::too_many_arguments)]
    fn drive(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        guess: i32,
        selective: Option<Selective>,
        stop: &AtomicBool,
        deadline: Option<(&dyn Clock, u64)>,
    ) -> Option<(i32, Option<u8>)> {
        if board.moves() == 0 {
            self.nodes += 1;
            if board.is_game_over() {
                return Some((board.final_score(), None));
            }
            let (score, _) = self.drive(
                &board.pass(),
                -beta,
                -alpha,
                -guess,
                selective,
                stop,
                deadline,
            )?;
            return Some((-score, None));
        }
        self.table.new_generation();
        let node_limit = self.nodes_left();
        let threads = self.threads.clone();
        let (table, config, eval) = (&self.table, &self.config, &*self.eval);
        let team = AtomicU64::new(0);
        let (result, nodes) = threads.run(|parallel| {
            let mut search = if parallel {
                let share = StopShare {
                    stop,
                    deadline,
                    node_limit,
                    check_every: config.stop_check_nodes,
                    team_nodes: &team,
                };
                Nws::parallel(table, config, eval, share)
            } else {
                Nws::new(table, config, eval, stop, deadline, node_limit)
            };
            search.set_selective(selective);
            let result = mtd(&mut search, board, alpha, beta, guess);
            (result, search.nodes)
        });
        self.nodes += nodes;
        result
    }
}

/// MTD(f) at the root in `(alpha, beta)` from `guess`: the score and a move reaching the
/// lower bound found, if any; `None` when stopped.
///
/// The root's tests are read fail-hard (a test at `s` gives the bound `s`, not the searched
/// score), so that the tests made from a given guess depend on the true scores only and not
/// on what the table held when. The root's moves keep the ordering's order in every test,
/// so the move found is the first in that order to reach the score (the last test that
/// succeeded was at the score): the same whatever the guess and the tests before, with any
/// number of threads. (Moving each test's winner to the front, as until 2026-11-27, saved
/// 3 nodes of FFO #40-#49's 473 M.)
fn mtd(
    search: &mut Nws<'_>,
    board: &Board,
    alpha: i32,
    beta: i32,
    guess: i32,
) -> Option<(i32, Option<u8>)> {
    let parity = parity_of(board.empties());
    let root = search.root_moves(board, parity);
    let (mut lower, mut upper) = (-64, 64);
    let mut best_move = None;
    // Test "is the score at least `s`?", `s` even. Steps in one direction double when
    // `mtd_step_growth` is on; once both bounds come from searches, bisect.
    let grow = search.config.mtd_step_growth;
    let mut s = guess.clamp(alpha + 1, beta) & !1;
    let (mut step, mut last_high, mut both) = (2, None, false);
    while lower < upper && lower < beta && upper > alpha {
        s = s.clamp(lower + 2, upper);
        let (score, mv) = root_search(search, board, s - 1, parity, &root);
        if search.stopped() {
            return None;
        }
        let high = score >= s;
        both |= last_high.is_some_and(|h| h != high);
        step = if grow && last_high == Some(high) {
            step * 2
        } else {
            2
        };
        last_high = Some(high);
        if high {
            lower = s;
            best_move = mv;
            s = lower + step;
        } else {
            upper = s - 2;
            s = upper + 2 - step;
        }
        if grow && both {
            s = ((lower + upper) / 2 + 1) & !1;
        }
    }
    let score = if lower >= beta || lower == upper {
        lower
    } else {
        upper
    };
    Some((score, best_move.or(Some(root[0].0))))
}

/// One null-window search of the root at `alpha`: the score (fail-soft) and, when above
/// `alpha`, the first move in `root`'s order that got there. In a parallel solve the moves
/// after the first are searched at once, and the first of them in order to get above
/// `alpha` wins, as it would on one thread.
fn root_search(
    search: &mut Nws<'_>,
    board: &Board,
    alpha: i32,
    parity: u8,
    root: &[(u8, u64)],
) -> (i32, Option<u8>) {
    search.nodes += 1;
    let mut best = NO_SCORE;
    for i in 0..root.len() {
        let (sq, f) = root[i];
        let next = board.play_flips(Square::from_index(sq), f);
        let score = -search.nws(&next, -alpha - 1, parity ^ QUADRANT_ID[sq as usize]);
        if search.stopped() {
            return (0, None);
        }
        if score > best {
            best = score;
            if score > alpha {
                return (score, Some(sq));
            }
        }
        if i == 0 && root.len() > 2 && search.seed().is_some() {
            let (score, first_high) = root_split(search, board, alpha, parity, &root[1..]);
            if search.stopped() {
                return (0, None);
            }
            return match first_high {
                Some(j) => {
                    let sq = root[j + 1].0;
                    (score, Some(sq))
                }
                None => (best.max(score), None),
            };
        }
    }
    (best, None)
}

/// The root's moves after the first searched by all threads at `alpha`, in order: a move
/// that gets above `alpha` ends the searches of the moves after it but not of those before,
/// so that the first such move in order is found, as on one thread. Its score and index, or
/// the best score when none gets there; on a stop, `search` stops.
fn root_split(
    search: &mut Nws<'_>,
    board: &Board,
    alpha: i32,
    parity: u8,
    moves: &[(u8, u64)],
) -> (i32, Option<usize>) {
    let seed = search.seed().expect("a parallel search");
    // One split point a move: a move's cutoff ends the moves after it.
    let aborts: Vec<Abort<'_>> = moves.iter().map(|_| Abort::new(None)).collect();
    let scores: Vec<AtomicI32> = moves.iter().map(|_| AtomicI32::new(NO_SCORE)).collect();
    let next = AtomicUsize::new(0);
    let first_high = AtomicUsize::new(usize::MAX);
    let nodes = AtomicU64::new(0);
    // The first move in order whose search was stopped (not by a cutoff before it).
    let halted = AtomicUsize::new(usize::MAX);
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= moves.len() || i > first_high.load(Ordering::Relaxed) {
                break;
            }
            let mut node = seed.search(&aborts[i]);
            let (sq, f) = moves[i];
            let child = board.play_flips(Square::from_index(sq), f);
            let score = -node.nws(&child, -alpha - 1, parity ^ QUADRANT_ID[sq as usize]);
            node.poller.settle(node.nodes);
            nodes.fetch_add(node.nodes, Ordering::Relaxed);
            if node.stopped() {
                if !aborts[i].is_raised() {
                    halted.fetch_min(i, Ordering::Relaxed);
                }
                continue;
            }
            scores[i].store(score, Ordering::Relaxed);
            if score > alpha {
                first_high.fetch_min(i, Ordering::Relaxed);
                for a in &aborts[i + 1..] {
                    a.raise();
                }
            }
        }
    };
    share_out(vec![(); workers_for(moves.len())], &|()| work());
    search.add_helpers_nodes(nodes.into_inner());
    let first_high = first_high.into_inner();
    if halted.into_inner() < first_high {
        // A move before the first to get above alpha (or any, when none did) was not
        // searched to the end.
        search.poller.halt();
        return (0, None);
    }
    if first_high == usize::MAX {
        let best = scores.iter().map(|s| s.load(Ordering::Relaxed)).max();
        (best.unwrap_or(NO_SCORE), None)
    } else {
        (scores[first_high].load(Ordering::Relaxed), Some(first_high))
    }
}

impl Nws<'_> {
    /// The legal moves of the root with their flips, best first by the ordering.
    pub(crate) fn root_moves(&mut self, board: &Board, parity: u8) -> Vec<(u8, u64)> {
        let empties = board.empty_count();
        let indices = self.eval.uses_indices().then(|| PatternIndices::new(board));
        let mut moves: Vec<(i32, u8, u64)> = crate::engine::bitboard::Squares(board.moves())
            .map(|sq| {
                let f = flips(board.player, board.opponent, sq);
                let next = board.play_flips(sq, f);
                let child = indices.map(|ix| ix.play(u32::from(sq.index()), f));
                let (score, _) =
                    self.move_score(&next, child.as_ref(), sq.index(), empties, parity);
                (score, sq.index(), f)
            })
            .collect();
        moves.sort_by_key(|&(score, sq, _)| (std::cmp::Reverse(score), sq));
        moves.into_iter().map(|(_, sq, f)| (sq, f)).collect()
    }
}
