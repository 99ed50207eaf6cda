//! Fail-soft null-window alpha-beta to the end of the game (the "zero-window search" of
//! Pearl's Scout, 1980, used here as the probe of MTD(f)): with the transposition table and
//! sorted moves at many empties, in parity order without a table at few, and the unrolled
//! code of [`crate::engine::endgame::last`] for the last four.
//!
//! A selective pass ([`Nws::set_selective`]) searches the same way but cuts nodes where a
//! shallow search says the score lies far outside the window (ProbCut); its bounds go to the
//! table marked with the pass's precision, below the exact search's, so that they guide the
//! exact search's move order without ever standing for its bounds.
//!
//! Every search answers "is the score above `alpha`?" with a bound: a value above `alpha` is
//! a lower bound on the exact score, one at or below `alpha` an upper bound. Scores are
//! final disc differences from the side to move; they are always even (the winner takes the
//! empties), so testing `alpha = s - 1` asks "is the score at least `s`?".

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};

use crate::engine::board::{Board, flips, legal_moves};
use crate::engine::control::{Abort, Clock, StopPoller, StopShare, first_highest};
use crate::engine::endgame::config::SolverConfig;
use crate::engine::endgame::move_list::MoveList;
use crate::engine::endgame::ordering::{
    COARSE_ORDER, FINE_ORDER, QUADRANT_ID, fastest_first_score, parity_squares,
};
use crate::engine::endgame::table::{EXACT, NO_MOVE, Table};
use crate::engine::endgame::try_flips::try_flips;
use crate::engine::eval::Evaluate;
use crate::engine::eval::indices::PatternIndices;
use crate::engine::score::{EVAL_INFINITY, NO_SCORE};
use crate::engine::square::Square;
use crate::engine::stability::stable_discs_until;
use crate::engine::threads::{share_out, workers_for};

/// The stability cutoff is tried only when alpha is at least this, by empties: below it,
/// the opponent would need too many stable discs for the test to pay (Edax's
/// `NWS_STABILITY_THRESHOLD`).
static STABILITY_THRESHOLD: [i32; 65] = [
    99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
    48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
];

/// The most empties at which a node below the table sorts its moves (its move list's
/// length); above, it takes them in parity and square order whatever
/// [`SolverConfig::sort_min_empties`] says.
const SORTED_MAX: usize = 24;

/// A selective pass: ProbCut at the nodes with [`SolverConfig::probcut_min_empties`]
/// empties or more, sure to `t` standard deviations of the solver's error model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Selective {
    /// The confidence, in standard deviations (1.1: 73%, 2.0: 95%).
    pub t: f64,
    /// The precision of the bounds it stores: its place on the ladder, from 1 (below
    /// [`EXACT`]).
    pub precision: u8,
}

/// A move of a sorted move list.
#[derive(Clone, Copy)]
struct Move {
    square: u8,
    flips: u64,
    /// Its ordering worth, higher first.
    score: i32,
    /// The evaluator's judgement of the position after it, when its worth has one
    /// ([`Inherited::judged`]).
    judged: i32,
}

/// What a node has from its ancestors: the discs known to be stable, found by their
/// stability cutoffs (a stable disc stays its side's in every position after, so a
/// descendant's count grows from them instead of from nothing), each side's as the node sees
/// them; and the parent's judgement of the node, when it judged the move that led there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Inherited {
    /// The side to move's stable discs.
    mover: u64,
    /// The opponent's.
    other: u64,
    /// The ordering evaluator's judgement of the node by its parent (hundredths of a disc,
    /// the node's side to move), or [`NOT_JUDGED`].
    judged: i32,
}

/// [`Inherited::judged`] when the parent did not judge the move.
const NOT_JUDGED: i32 = i32::MIN;

impl Default for Inherited {
    /// Nothing known: no stable discs, no judgement.
    fn default() -> Inherited {
        Inherited {
            mover: 0,
            other: 0,
            judged: NOT_JUDGED,
        }
    }
}

impl Inherited {
    /// What the position after a move (or a pass) has from this node: its stable discs, the
    /// sides swapped, and `judged`.
    #[inline(always)]
    fn to_child(self, judged: i32) -> Inherited {
        Inherited {
            mover: self.other,
            other: self.mover,
            judged,
        }
    }
}

/// One search's state: the counters, the table, the knobs and the stop signal.
pub(crate) struct Nws<'a> {
    /// Positions searched (the positions after the last empty not included; `last.rs`
    /// says why).
    pub nodes: u64,
    /// The transposition table.
    pub table: &'a Table,
    /// The knobs.
    pub config: &'a SolverConfig,
    /// Orders moves at many empties.
    pub eval: &'a dyn Evaluate,
    /// The caller's stop flag, deadline and node limit.
    pub(crate) poller: StopPoller<'a>,
    /// In a parallel solve: what every thread's search shares to stop, and the innermost
    /// split point above this one's work.
    team: Option<(StopShare<'a>, Option<&'a Abort<'a>>)>,
    /// A selective pass's ProbCut (`None`: the exact search).
    selective: Option<Selective>,
}

/// What a helper needs to search under a split point: `Sync` parts of the owner's search.
#[derive(Clone, Copy)]
pub(crate) struct Seed<'a> {
    table: &'a Table,
    config: &'a SolverConfig,
    eval: &'a dyn Evaluate,
    share: StopShare<'a>,
    selective: Option<Selective>,
}

impl<'a> Seed<'a> {
    /// A search of one thread under the split point `abort`.
    pub(crate) fn search(&self, abort: &'a Abort<'a>) -> Nws<'a> {
        self.under(Some(abort))
    }

    /// A search of one thread under `abort` (`None`: the top of the solve).
    fn under(&self, abort: Option<&'a Abort<'a>>) -> Nws<'a> {
        Nws {
            nodes: 0,
            table: self.table,
            config: self.config,
            eval: self.eval,
            poller: self.share.poller(abort),
            team: Some((self.share, abort)),
            selective: self.selective,
        }
    }
}

/// The move of `list[i..]` with the highest score (the first of equals), swapped to place
/// `i`: a step of a selection sort, as the first move often cuts and sorting all would waste
/// work ([`first_highest`] picks it without a branch).
#[inline(always)]
fn next_best(list: &mut [Move], i: usize) -> Move {
    let top = i + first_highest(list[i..].iter().map(|mv| mv.score));
    list.swap(i, top);
    list[i]
}

/// A score and a move in one word, ordered by the score (for `fetch_max`).
fn pack(score: i32, square: u8) -> u32 {
    ((score + 128) as u32) << 8 | u32::from(square)
}

fn unpack(word: u32) -> (i32, u8) {
    ((word >> 8) as i32 - 128, word as u8)
}

impl<'a> Nws<'a> {
    /// A search using `table`, watching `stop`, the clock of `deadline` and `node_limit`
    /// every `stop_check_nodes` of `config`.
    pub fn new(
        table: &'a Table,
        config: &'a SolverConfig,
        eval: &'a dyn Evaluate,
        stop: &'a AtomicBool,
        deadline: Option<(&'a dyn Clock, u64)>,
        node_limit: Option<u64>,
    ) -> Nws<'a> {
        Nws {
            nodes: 0,
            table,
            config,
            eval,
            poller: StopPoller::new(stop, deadline, node_limit, config.stop_check_nodes),
            team: None,
            selective: None,
        }
    }

    /// Makes this search a selective pass (`None`: exact): nodes with
    /// [`SolverConfig::probcut_min_empties`] empties or more are cut when a shallow search
    /// says the final score is outside the window with the pass's confidence, and the
    /// table's bounds are read and written at its precision.
    pub(crate) fn set_selective(&mut self, selective: Option<Selective>) {
        self.selective = selective;
    }

    /// The precision of the bounds this search reads and writes: [`EXACT`], or the
    /// selective pass's.
    #[inline(always)]
    fn precision(&self) -> u8 {
        self.selective.map_or(EXACT, |s| s.precision)
    }

    /// The top search of a parallel solve, run on a pool's thread: its nodes with
    /// [`SolverConfig::split_min_empties`] empties or more share their moves with idle
    /// threads, all of them stopping as `share` says.
    pub fn parallel(
        table: &'a Table,
        config: &'a SolverConfig,
        eval: &'a dyn Evaluate,
        share: StopShare<'a>,
    ) -> Nws<'a> {
        Seed {
            table,
            config,
            eval,
            share,
            selective: None,
        }
        .under(None)
    }

    /// Adds the nodes that helper threads searched for this search (already in the team's
    /// count).
    pub(crate) fn add_helpers_nodes(&mut self, nodes: u64) {
        self.nodes += nodes;
        self.poller.counted_elsewhere(nodes);
    }

    /// What a helper thread needs, in a parallel solve.
    pub(crate) fn seed(&self) -> Option<Seed<'a>> {
        self.team.map(|(share, _)| Seed {
            table: self.table,
            config: self.config,
            eval: self.eval,
            share,
            selective: self.selective,
        })
    }

    /// The innermost split point above this search, in a parallel solve.
    pub(crate) fn abort(&self) -> Option<&'a Abort<'a>> {
        self.team.and_then(|(_, abort)| abort)
    }

    /// Whether a node with `empties` empties and `moves_left` moves still to search shares
    /// them out.
    #[inline(always)]
    fn splits(&self, empties: u32, moves_left: usize) -> bool {
        self.team.is_some() && moves_left > 1 && empties >= self.config.split_min_empties
    }

    /// Young brothers wait: the moves of `board` in `moves` (its first move searched,
    /// without a cutoff) searched at `alpha` by this thread and the idle ones, each taking
    /// the next move in order; the first to cut off ends the others' work. The best score
    /// and move over them (a cutoff's, if one came); on a stop without a cutoff, this search
    /// stops too.
    fn split(
        &mut self,
        board: &Board,
        alpha: i32,
        parity: u8,
        known: Inherited,
        moves: &[Move],
    ) -> (i32, u8) {
        let seed = self.seed().expect("a parallel search splits");
        let abort = Abort::new(self.abort());
        let next = AtomicUsize::new(0);
        let best = AtomicU32::new(pack(NO_SCORE, NO_MOVE));
        let nodes = AtomicU64::new(0);
        let halted = AtomicBool::new(false);
        let work = || {
            let mut search = seed.search(&abort);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= moves.len() || abort.is_raised() {
                    break;
                }
                let mv = moves[i];
                let child = board.play_flips(Square::from_index(mv.square), mv.flips);
                let parity = parity ^ QUADRANT_ID[mv.square as usize];
                let score =
                    -search.nws_known(&child, -alpha - 1, parity, known.to_child(mv.judged));
                if search.stopped() {
                    halted.store(true, Ordering::Relaxed);
                    break;
                }
                best.fetch_max(pack(score, mv.square), Ordering::Relaxed);
                if score > alpha {
                    abort.raise();
                    break;
                }
            }
            search.poller.settle(search.nodes);
            nodes.fetch_add(search.nodes, Ordering::Relaxed);
        };
        share_out(vec![(); workers_for(moves.len())], &|()| work());
        self.add_helpers_nodes(nodes.into_inner());
        let (score, square) = unpack(best.into_inner());
        if score <= alpha && (halted.into_inner() || abort.is_raised()) {
            // Some move was not searched to the end (a stop, or a cutoff above): no bound
            // holds.
            self.poller.halt();
        }
        (score, square)
    }

    /// Whether the stop flag or a limit was seen: every result after that is meaningless.
    #[inline(always)]
    pub fn stopped(&self) -> bool {
        self.poller.stopped()
    }

    /// Looks at the stop flag and limits every `stop_check_nodes` nodes; true once one
    /// says stop.
    #[inline(always)]
    fn should_stop(&self) -> bool {
        self.poller.poll(self.nodes)
    }

    /// Null-window search of `board` at `alpha`, `parity` being the quadrants with an odd
    /// number of empties: picks the method for the number of empties.
    #[inline]
    pub fn nws(&mut self, board: &Board, alpha: i32, parity: u8) -> i32 {
        self.nws_known(board, alpha, parity, Inherited::default())
    }

    /// [`Nws::nws`] given what the node has from its ancestors (stable discs, its parent's
    /// judgement).
    #[inline]
    fn nws_known(&mut self, board: &Board, alpha: i32, parity: u8, mut known: Inherited) -> i32 {
        let empties = board.empty_count();
        if empties >= self.config.table_min_empties {
            self.nws_table(board, alpha, empties, parity, known)
        } else if empties <= 4 && self.config.last_four {
            if empties == 4
                && let Some(upper) = self.stability_cutoff(board, alpha, empties, &mut known)
            {
                self.nodes += 1;
                return upper;
            }
            self.solve_small(board.player, board.opponent, alpha, parity)
        } else if empties >= self.config.sort_min_empties && empties as usize <= SORTED_MAX {
            self.nws_sorted(board, alpha, empties, parity, known)
        } else {
            self.nws_shallow(board, alpha, empties, parity, known)
        }
    }

    /// The stability cutoff: an upper bound at or below `alpha` from the opponent's stable
    /// discs, if there is one. They are counted only until there are enough for the bound
    /// (2.8% of FFO #40-#49's time, issue 76), so the bound may be looser than all of them
    /// would give; whether it cuts is the same. They are counted from those `known` before,
    /// and `known` gets those found.
    #[inline]
    fn stability_cutoff(
        &self,
        board: &Board,
        alpha: i32,
        empties: u32,
        known: &mut Inherited,
    ) -> Option<i32> {
        if !self.config.stability_cutoff
            || alpha < STABILITY_THRESHOLD[empties as usize] - self.config.stability_margin as i32
        {
            return None;
        }
        // `s` stable discs of the opponent bound the score by `64 - 2 * s`: at or below alpha
        // from this many.
        let enough = (64 - alpha + 1).div_euclid(2).max(0) as u32;
        // Even every one of the opponent's discs would be too few: no need to count them.
        if board.opponent.count_ones() < enough {
            return None;
        }
        known.other = stable_discs_until(board.opponent, board.player, known.other, enough);
        let stable = known.other.count_ones();
        (stable >= enough).then(|| 64 - 2 * stable as i32)
    }

    /// The first steps of a node below the table: counts it, and gives its result at once
    /// when the search is stopped (0, meaningless) or the stability cutoff bounds it.
    #[inline(always)]
    fn enter_below_table(
        &mut self,
        board: &Board,
        alpha: i32,
        empties: u32,
        known: &mut Inherited,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.should_stop() {
            return Some(0);
        }
        self.stability_cutoff(board, alpha, empties, known)
    }

    /// The score when the side to move has no move: the game's end, or the opponent's turn.
    #[inline]
    fn pass(&mut self, board: &Board, alpha: i32, parity: u8, known: Inherited) -> i32 {
        if legal_moves(board.opponent, board.player) == 0 {
            board.final_score()
        } else {
            -self.nws_known(
                &board.pass(),
                -alpha - 1,
                parity,
                known.to_child(NOT_JUDGED),
            )
        }
    }

    /// Few empties: no table, moves in parity order (odd quadrants first), then by classes
    /// of squares, corners first and the squares next to corners last
    /// ([`SolverConfig::fine_square_order`] picks nine classes or three).
    fn nws_shallow(
        &mut self,
        board: &Board,
        alpha: i32,
        empties: u32,
        parity: u8,
        mut known: Inherited,
    ) -> i32 {
        if let Some(score) = self.enter_below_table(board, alpha, empties, &mut known) {
            return score;
        }
        let odd = if self.config.parity_ordering {
            parity_squares(parity)
        } else {
            !0
        };
        // The empties are tried in order without generating the moves first (Edax's
        // `NWS_shallow`): a cutoff then saves the move generation, and an empty with no
        // opponent disc beside it costs one mask. The moves come in the same order as the
        // legal moves' would.
        let empty_squares = !(board.player | board.opponent);
        let order = if self.config.fine_square_order {
            &FINE_ORDER
        } else {
            &COARSE_ORDER
        };
        // Each empty becomes the bit of its rank in the order, in the odd quadrants' word or
        // the others': each word's bits, lowest first, are its squares in order.
        let (mut first, mut then) = (0u64, 0u64);
        let mut todo = empty_squares;
        while todo != 0 {
            let sq = todo.trailing_zeros();
            todo &= todo - 1;
            let bit = 1u64 << order.rank[sq as usize];
            let in_odd = ((odd >> sq) & 1).wrapping_neg();
            first |= bit & in_odd;
            then |= bit & !in_odd;
        }
        let mut best = NO_SCORE;
        for ranks in [first, then] {
            let mut todo = ranks;
            while todo != 0 {
                let sq = order.square[todo.trailing_zeros() as usize];
                todo &= todo - 1;
                let f = try_flips(board.player, board.opponent, sq);
                if f == 0 {
                    continue;
                }
                let next = board.play_flips(Square::from_index(sq), f);
                let parity = parity ^ QUADRANT_ID[sq as usize];
                let score = -self.nws_known(&next, -alpha - 1, parity, known.to_child(NOT_JUDGED));
                if score > best {
                    if score > alpha {
                        return score;
                    }
                    best = score;
                }
            }
        }
        if best == NO_SCORE {
            // No empty was a move.
            return self.pass(board, alpha, parity, known);
        }
        best
    }

    /// Below the table, from [`SolverConfig::sort_min_empties`] up: the moves sorted
    /// fastest-first (the opponent's fewest replies, as at the table's nodes, without the
    /// evaluator), which picks the cheaper of the moves that cut.
    fn nws_sorted(
        &mut self,
        board: &Board,
        alpha: i32,
        empties: u32,
        parity: u8,
        mut known: Inherited,
    ) -> i32 {
        if let Some(score) = self.enter_below_table(board, alpha, empties, &mut known) {
            return score;
        }
        let moves = board.moves();
        if moves == 0 {
            return self.pass(board, alpha, parity, known);
        }
        // At most one move per empty.
        let mut list = MoveList::<Move, SORTED_MAX>::new();
        for sq in crate::engine::bitboard::Squares(moves) {
            let f = flips(board.player, board.opponent, sq);
            let next = board.play_flips(sq, f);
            let square = sq.index();
            // Below `sort_search_min_empties`: fastest-first (or parity, as the knobs say).
            let (score, _) = self.move_score(&next, None, square, empties, parity);
            list.push(Move {
                square,
                flips: f,
                score,
                judged: NOT_JUDGED,
            });
        }
        let list = list.as_mut_slice();
        let mut best = NO_SCORE;
        for i in 0..list.len() {
            let mv = next_best(list, i);
            let next = board.play_flips(Square::from_index(mv.square), mv.flips);
            let parity = parity ^ QUADRANT_ID[mv.square as usize];
            let score = -self.nws_known(&next, -alpha - 1, parity, known.to_child(NOT_JUDGED));
            if score > best {
                if score > alpha {
                    return score;
                }
                best = score;
            }
        }
        best
    }

    /// Many empties: the transposition table, sorted moves, enhanced transposition cutoff.
    fn nws_table(
        &mut self,
        board: &Board,
        alpha: i32,
        empties: u32,
        parity: u8,
        mut known: Inherited,
    ) -> i32 {
        let start = self.nodes;
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let mut table_move = NO_MOVE;
        let place = self.table.place(board);
        if let Some(entry) = place.probe() {
            if entry.precision >= self.precision() {
                if entry.lower as i32 > alpha {
                    return entry.lower as i32;
                }
                if entry.upper as i32 <= alpha {
                    return entry.upper as i32;
                }
            }
            table_move = entry.best_move;
        }
        if let Some(upper) = self.stability_cutoff(board, alpha, empties, &mut known) {
            return upper;
        }
        if let Some(selective) = self.selective
            && empties >= self.config.probcut_min_empties
            && let Some(score) = self.probcut(board, alpha, empties, selective.t)
        {
            if self.stopped() {
                return 0;
            }
            let weight = self.weight(empties, start);
            place.store(weight, alpha, score, NO_MOVE, self.precision());
            return score;
        }
        let moves = board.moves();
        if moves == 0 {
            return self.pass(board, alpha, parity, known);
        }
        let mut best = NO_SCORE;
        let mut best_move = NO_MOVE;
        // The moves not searched yet.
        let mut rest = moves;
        let etc = empties >= self.config.etc_min_empties;
        let mut list = MoveList::<Move, 64>::new();
        if etc {
            self.generate(board, moves, empties, &mut list);
            if let Some((score, square)) = self.transposition_cut(list.as_slice(), board, alpha) {
                let weight = self.weight(empties, start);
                place.store(weight, alpha, score, square, self.precision());
                return score;
            }
        }
        // The table's move goes first whatever its worth, and is searched before the other
        // moves are judged (or, below the enhanced transposition cutoff, even generated):
        // when it cuts, as it mostly does, their ordering scores are never needed.
        if self.config.table_move_first && table_move != NO_MOVE && moves & (1 << table_move) != 0 {
            let square = Square::from_index(table_move);
            let mv = Move {
                square: table_move,
                flips: flips(board.player, board.opponent, square),
                score: 0,
                judged: NOT_JUDGED,
            };
            let score = self.child(board, mv, alpha, parity, known);
            if self.stopped() {
                return 0;
            }
            (best, best_move) = (score, table_move);
            rest &= !(1 << table_move);
            if score > alpha || rest == 0 {
                let weight = self.weight(empties, start);
                place.store(weight, alpha, best, best_move, self.precision());
                return best;
            }
            if etc {
                list.retain(|m| m.square != table_move);
            }
        }
        if !etc {
            self.generate(board, rest, empties, &mut list);
        }
        let list = list.as_mut_slice();
        let n = list.len();
        // `Some(k)`: a move judged far above alpha is first, and the moves of `list[k..]`
        // are judged only if it does not cut.
        let mut unjudged_from = None;
        if self.expects_fail_low(known.judged, alpha, empties) {
            // Every move of a node that fails low is searched, in any order: judging them
            // would be wasted.
            self.quick_scores(list, board, parity);
        } else if let Some(bound) = self.eager_bound(alpha, empties) {
            unjudged_from = self.score_moves_eager(list, board, empties, parity, bound);
        } else {
            self.score_moves(list, board, empties, parity);
        }
        // Young brothers wait: once the eldest move is searched (the table's, or the list's
        // first; always the list's first when it was judged far above alpha, so that the
        // others are judged before they are shared out), the others may be shared out.
        let split_at = usize::from(rest == moves || unjudged_from.is_some());
        for i in 0..n {
            if i == 1
                && let Some(k) = unjudged_from.take()
            {
                self.score_moves(&mut list[k..], board, empties, parity);
            }
            if i == split_at && self.splits(empties, n - i) {
                let rest = &mut list[i..];
                rest.sort_by_key(|m| std::cmp::Reverse(m.score));
                let (score, square) = self.split(board, alpha, parity, known, rest);
                if self.stopped() {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_move = square;
                }
                break;
            }
            let mv = next_best(list, i);
            let score = self.child(board, mv, alpha, parity, known);
            if self.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv.square;
                if score > alpha {
                    break;
                }
            }
        }
        let weight = self.weight(empties, start);
        place.store(weight, alpha, best, best_move, self.precision());
        best
    }

    /// ProbCut at a node of a selective pass: a bound on the final score of `board` (its
    /// null-window search at `alpha`) when a full-width search of
    /// [`SolverConfig::probcut_depth`] plies says it lies outside the window with `t`
    /// standard deviations of confidence (the error model of [`SolverConfig::probcut_error`]);
    /// `None` when it does not, and the node is searched. With
    /// [`SolverConfig::probcut_eval_gate`], a bound is tested only when the position's own
    /// evaluation lies beyond it or within that many standard deviations of it.
    fn probcut(&mut self, board: &Board, alpha: i32, empties: u32, t: f64) -> Option<i32> {
        let config = self.config;
        let (bias, sigma) = config.probcut_error(empties);
        let margin = t * sigma;
        let gate = config.probcut_eval_gate * sigma;
        let evaluation = (gate > 0.0).then(|| {
            self.nodes += 1;
            f64::from(self.eval.evaluate_centidiscs(board)) / 100.0
        });
        // Whether a cut at `bound` is worth a shallow search: the evaluation is beyond it,
        // or near it (always without the gate).
        let worth = |bound: f64, above: bool| {
            evaluation.is_none_or(|v| {
                if above {
                    v >= bound - gate
                } else {
                    v <= bound + gate
                }
            })
        };
        let depth = config.probcut_depth;
        // Fail high: the shallow value at least `beta - bias + margin`.
        let beta = alpha + 1;
        let high = f64::from(beta) - bias + margin;
        if high < 64.0 && worth(high, true) {
            let bound = (high * 100.0).ceil() as i32;
            if self.eval_search(board, depth, bound - 1, bound) >= bound {
                return Some(beta);
            }
        }
        // Fail low: the shallow value at most `alpha - bias - margin`.
        let low = f64::from(alpha) - bias - margin;
        if low > -64.0 && worth(low, false) {
            let bound = (low * 100.0).floor() as i32;
            if self.eval_search(board, depth, bound, bound + 1) <= bound {
                return Some(alpha);
            }
        }
        None
    }

    /// The null-window search of the position after `mv`, from this node's side: its score
    /// at `alpha`.
    #[inline(always)]
    fn child(&mut self, board: &Board, mv: Move, alpha: i32, parity: u8, known: Inherited) -> i32 {
        let next = board.play_flips(Square::from_index(mv.square), mv.flips);
        let parity = parity ^ QUADRANT_ID[mv.square as usize];
        -self.nws_known(&next, -alpha - 1, parity, known.to_child(mv.judged))
    }

    /// How costly a node is to redo, for the table's replacement: its empties, or with
    /// `replace_by_cost` the bits of the nodes searched under it since `start`.
    #[inline]
    fn weight(&self, empties: u32, start: u64) -> u32 {
        if self.config.replace_by_cost {
            64 - (self.nodes - start).leading_zeros()
        } else {
            empties
        }
    }

    /// Appends the moves of `moves` (legal ones) to `list` with their flips, in square
    /// order, each child's table bucket starting to load into the cache where it will be
    /// probed (here for the enhanced transposition cutoff, or at the child's own node).
    #[inline]
    fn generate(&self, board: &Board, moves: u64, empties: u32, list: &mut MoveList<Move, 64>) {
        let prefetch = empties > self.config.table_min_empties;
        let mut todo = moves;
        while todo != 0 {
            let sq = todo.trailing_zeros() as u8;
            todo &= todo - 1;
            let f = flips(board.player, board.opponent, Square::from_index(sq));
            if prefetch {
                self.table
                    .prefetch(&board.play_flips(Square::from_index(sq), f));
            }
            list.push(Move {
                square: sq,
                flips: f,
                score: 0,
                judged: NOT_JUDGED,
            });
        }
    }

    /// The enhanced transposition cutoff: the first move of `list` whose child's stored
    /// upper bound already puts this node above `alpha`, as `(score, move)`.
    #[inline]
    fn transposition_cut(&self, list: &[Move], board: &Board, alpha: i32) -> Option<(i32, u8)> {
        list.iter().find_map(|mv| {
            let next = board.play_flips(Square::from_index(mv.square), mv.flips);
            let entry = self.table.probe(&next)?;
            // The child's score is at most `upper`, so ours is at least `-upper`.
            (entry.precision >= self.precision() && -(entry.upper as i32) > alpha)
                .then_some((-(entry.upper as i32), mv.square))
        })
    }

    /// Gives each move of `list` its ordering score (higher first).
    #[inline]
    fn score_moves(&mut self, list: &mut [Move], board: &Board, empties: u32, parity: u8) {
        // The children's pattern indices, from this node's, where they are evaluated.
        let indices = (empties >= self.config.sort_search_min_empties && self.eval.uses_indices())
            .then(|| PatternIndices::new(board));
        for mv in list {
            let next = board.play_flips(Square::from_index(mv.square), mv.flips);
            let child = indices.map(|ix| ix.play(u32::from(mv.square), mv.flips));
            (mv.score, mv.judged) =
                self.move_score(&next, child.as_ref(), mv.square, empties, parity);
        }
    }

    /// Whether a node whose parent judged it `judged` ([`Inherited::judged`]) is expected
    /// to fail low at `alpha`, where its moves would be judged: the judgement lies
    /// [`SolverConfig::fail_low_margin`] discs or more below alpha.
    #[inline]
    fn expects_fail_low(&self, judged: i32, alpha: i32, empties: u32) -> bool {
        let config = self.config;
        judged != NOT_JUDGED
            && empties >= config.sort_search_min_empties
            && config.fail_low_margin <= SolverConfig::MAX_MARGIN
            && judged <= (alpha - config.fail_low_margin as i32) * 100
    }

    /// Gives every move of `list` fastest-first's part of its worth alone, unjudged.
    #[inline]
    fn quick_scores(&self, list: &mut [Move], board: &Board, parity: u8) {
        for mv in list {
            let next = board.play_flips(Square::from_index(mv.square), mv.flips);
            mv.score = self.quick_score(&next, next.moves(), mv.square, parity);
        }
    }

    /// Where the moves are judged by the evaluator and [`SolverConfig::eager_cut_margin`]
    /// is on: the judgement (hundredths of a disc, this node's side) from which a move is
    /// searched before the others are judged.
    #[inline]
    fn eager_bound(&self, alpha: i32, empties: u32) -> Option<i32> {
        let config = self.config;
        (empties >= config.sort_search_min_empties
            && config.eager_cut_margin <= SolverConfig::MAX_MARGIN)
            .then(|| (alpha + 1 + config.eager_cut_margin as i32) * 100)
    }

    /// Gives the moves of `list` their ordering worth one at a time, the best by
    /// fastest-first's part first, until one whose judgement puts this node at `bound`
    /// hundredths of a disc or above: that move is swapped to the front with the highest
    /// worth there is, and `Some(k)` says that the moves of `list[1..k]` have their whole
    /// worth and the others fastest-first's part alone. `None` when no move reaches the
    /// bound: every move has its whole worth, the one [`Nws::score_moves`] gives.
    fn score_moves_eager(
        &mut self,
        list: &mut [Move],
        board: &Board,
        empties: u32,
        parity: u8,
        bound: i32,
    ) -> Option<usize> {
        let indices = self.eval.uses_indices().then(|| PatternIndices::new(board));
        self.quick_scores(list, board, parity);
        for j in 0..list.len() {
            let mv = next_best(list, j);
            let next = board.play_flips(Square::from_index(mv.square), mv.flips);
            let child = indices.map(|ix| ix.play(u32::from(mv.square), mv.flips));
            let (value, weight) = self.judgement(&next, child.as_ref(), next.moves(), empties);
            list[j].score = mv.score - value * weight;
            list[j].judged = value;
            if -value >= bound {
                list.swap(0, j);
                list[0].score = i32::MAX;
                return Some(j + 1);
            }
        }
        None
    }

    /// The ordering worth of the move on `sq` that gives `next` (with its pattern indices
    /// when the evaluator reads them), higher first (the table move aside), and the
    /// evaluator's judgement in it ([`NOT_JUDGED`] below
    /// [`SolverConfig::sort_search_min_empties`]).
    #[inline]
    pub(crate) fn move_score(
        &mut self,
        next: &Board,
        indices: Option<&PatternIndices>,
        sq: u8,
        empties: u32,
        parity: u8,
    ) -> (i32, i32) {
        // The opponent's replies: fastest-first's count, and the evaluation's mobility.
        let replies = next.moves();
        let score = self.quick_score(next, replies, sq, parity);
        if empties >= self.config.sort_search_min_empties {
            let (value, weight) = self.judgement(next, indices, replies, empties);
            return (score - value * weight, value);
        }
        (score, NOT_JUDGED)
    }

    /// A move's ordering worth without the evaluator: fastest-first's (or parity's alone,
    /// as the knobs say), `replies` being `next`'s legal moves.
    #[inline(always)]
    fn quick_score(&self, next: &Board, replies: u64, sq: u8, parity: u8) -> i32 {
        let config = self.config;
        if config.fastest_first {
            fastest_first_score(next, replies, sq, parity, config.parity_ordering)
        } else if config.parity_ordering && parity & QUADRANT_ID[sq as usize] != 0 {
            1
        } else {
            0
        }
    }

    /// The evaluator's judgement of `next`, the position after a move at a node with
    /// `empties` empties (hundredths of a disc, `next`'s side to move; `replies` are its
    /// legal moves), and its weight in the move's ordering worth.
    #[inline(always)]
    fn judgement(
        &mut self,
        next: &Board,
        indices: Option<&PatternIndices>,
        replies: u64,
        empties: u32,
    ) -> (i32, i32) {
        let config = self.config;
        // The callers give the indices whenever the evaluator reads them.
        match (config.sort_depth(empties), indices) {
            // The evaluation itself, given the replies counted above (the same value).
            (0, Some(ix)) => {
                self.nodes += 1;
                let ours = legal_moves(next.opponent, next.player);
                let value = self
                    .eval
                    .evaluate_centidiscs_indexed_with_moves(next, ix, replies, ours);
                (value, config.sort_static_weight)
            }
            (depth, _) => {
                let value =
                    self.eval_search_with(next, indices, depth, -EVAL_INFINITY, EVAL_INFINITY);
                let weight = if depth == 0 {
                    config.sort_static_weight
                } else {
                    config.sort_eval_weight
                };
                (value, weight)
            }
        }
    }

    /// Alpha-beta (fail-soft negamax) to `depth` with the ordering evaluator at the leaves,
    /// in hundredths of a disc from the side to move: for ordering moves and guessing the
    /// score, never for the solver's answer. Counts its positions in `nodes`; meaningless
    /// once `stopped`.
    pub(crate) fn eval_search(&mut self, board: &Board, depth: u32, alpha: i32, beta: i32) -> i32 {
        if depth > 0 && self.eval.uses_indices() {
            let indices = PatternIndices::new(board);
            return self.eval_search_with(board, Some(&indices), depth, alpha, beta);
        }
        self.eval_search_with(board, None, depth, alpha, beta)
    }

    /// [`Nws::eval_search`] from `board` with its pattern indices, kept move by move, when
    /// given; with every evaluation computed from the discs otherwise (the same values).
    pub(crate) fn eval_search_with(
        &mut self,
        board: &Board,
        indices: Option<&PatternIndices>,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        if depth == 0 {
            return match indices {
                Some(indices) => self.eval.evaluate_centidiscs_indexed(board, indices),
                None => self.eval.evaluate_centidiscs(board),
            };
        }
        let moves = board.moves();
        if moves == 0 {
            if legal_moves(board.opponent, board.player) == 0 {
                return board.final_score() * 100;
            }
            let passed = indices.map(PatternIndices::pass);
            return -self.eval_search_with(&board.pass(), passed.as_ref(), depth, -beta, -alpha);
        }
        // With `eval_sort_min_depth` plies left or more, the moves are tried best first by
        // the evaluator (in the first guess's search and the deeper ordering searches); near
        // the leaves, in square order.
        // In square order the flips are found lazily, so that a cutoff saves the rest.
        let sorted = depth >= self.config.eval_sort_min_depth;
        let mut list = MoveList::<(i32, u8, u64), 64>::new();
        if sorted {
            for sq in crate::engine::bitboard::Squares(moves) {
                let f = flips(board.player, board.opponent, sq);
                let next = board.play_flips(sq, f);
                let worth = match indices {
                    Some(ix) => self
                        .eval
                        .evaluate_centidiscs_indexed(&next, &ix.play(u32::from(sq.index()), f)),
                    None => self.eval.evaluate_centidiscs(&next),
                };
                list.push((worth, sq.index(), f));
            }
            // The child's evaluation is from the opponent's side: lowest first.
            list.as_mut_slice()
                .sort_unstable_by_key(|&(worth, sq, _)| (worth, sq));
        }
        let in_order = list.as_slice().iter().map(|&(_, sq, f)| (sq, f)).chain(
            crate::engine::bitboard::Squares(if sorted { 0 } else { moves })
                .map(|sq| (sq.index(), flips(board.player, board.opponent, sq))),
        );
        let mut best = -EVAL_INFINITY;
        for (sq, f) in in_order {
            let child = indices.map(|ix| ix.play(u32::from(sq), f));
            let next = board.play_flips(Square::from_index(sq), f);
            let score = -self.eval_search_with(&next, child.as_ref(), depth - 1, -beta, -alpha);
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::PatternEval;
    use rand::{Rng, SeedableRng};
    use std::sync::Arc;

    /// The position after a random number of random moves in `plies` (passes included).
    fn random_position(rng: &mut impl Rng, plies: std::ops::Range<u32>) -> Board {
        let mut board = Board::start();
        for _ in 0..rng.random_range(plies) {
            let moves = board.moves();
            if moves == 0 {
                board = board.pass();
                continue;
            }
            let n = rng.random_range(0..moves.count_ones()) as usize;
            board = board.play(crate::engine::Squares(moves).nth(n).expect("a move"));
        }
        board
    }

    /// What every search in these tests runs on: the shipped evaluator, a table of 1 MiB,
    /// a stop flag never raised.
    fn parts() -> (Arc<PatternEval>, Table, AtomicBool) {
        let table = Table::try_new(1).unwrap();
        (PatternEval::shipped_shared(), table, AtomicBool::new(false))
    }

    /// The ordering search with pattern indices kept move by move gives the value, and
    /// counts the nodes, of the one that computes every evaluation from the discs.
    #[test]
    fn the_indexed_ordering_search_equals_the_one_from_the_discs() {
        let (eval, table, stop) = parts();
        let config = SolverConfig::default();
        let mut rng = rand::rngs::StdRng::seed_from_u64(14);
        let mut compared = 0;
        for _ in 0..30 {
            let board = random_position(&mut rng, 10..44);
            if board.is_game_over() {
                continue;
            }
            for depth in 0..=3 {
                let mut fast = Nws::new(&table, &config, &*eval, &stop, None, None);
                let mut slow = Nws::new(&table, &config, &*eval, &stop, None, None);
                let (a, b) = (-EVAL_INFINITY, EVAL_INFINITY);
                assert_eq!(
                    fast.eval_search(&board, depth, a, b),
                    slow.eval_search_with(&board, None, depth, a, b),
                    "depth {depth} {board:?}"
                );
                assert_eq!(fast.nodes, slow.nodes);
                compared += 1;
            }
        }
        assert_eq!(compared, 120);
    }

    /// Moves judged one at a time ([`Nws::score_moves_eager`]): when no judgement reaches
    /// the bound every move gets the worth that judging them all gives; otherwise the
    /// moves are judged in fastest-first's order up to the first that reaches it, which
    /// goes to the front with the highest worth, and the others judged have their whole
    /// worth, the rest fastest-first's part alone.
    #[test]
    fn judging_moves_one_at_a_time_stops_at_the_bound() {
        use crate::engine::bitboard::parity_of;
        let (eval, table, stop) = parts();
        let config = SolverConfig::default();
        let nws = || Nws::new(&table, &config, &*eval, &stop, None, None);
        let sorted = |list: &[Move]| {
            let mut v: Vec<(u8, i32)> = list.iter().map(|m| (m.square, m.score)).collect();
            v.sort_unstable();
            v
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(16);
        let (mut checked, mut stopped_later) = (0, 0);
        while checked < 60 {
            let board = random_position(&mut rng, 30..47);
            let (empties, moves) = (board.empty_count(), board.moves());
            if moves.count_ones() < 3 || empties < config.sort_search_min_empties {
                continue;
            }
            let parity = parity_of(board.empties());
            let mut generated = MoveList::<Move, 64>::new();
            nws().generate(&board, moves, empties, &mut generated);
            let generated = generated.as_slice().to_vec();
            let mut all = generated.clone();
            nws().score_moves(&mut all, &board, empties, parity);
            // Fastest-first's part of each move, its judgement (this node's side), and the
            // order they are judged in (fastest-first's best first, as `next_best` picks).
            let quick: Vec<i32> = generated
                .iter()
                .map(|m| {
                    let next = board.play_flips(Square::from_index(m.square), m.flips);
                    nws().quick_score(&next, next.moves(), m.square, parity)
                })
                .collect();
            let weight = if config.sort_depth(empties) == 0 {
                config.sort_static_weight
            } else {
                config.sort_eval_weight
            };
            let ahead: Vec<i32> = (0..all.len())
                .map(|i| {
                    let whole = all
                        .iter()
                        .find(|m| m.square == generated[i].square)
                        .unwrap();
                    (whole.score - quick[i]) / weight
                })
                .collect();
            let mut by_quick = generated.clone();
            for (m, &q) in by_quick.iter_mut().zip(&quick) {
                m.score = q;
            }
            let order: Vec<usize> = (0..by_quick.len())
                .map(|k| {
                    let square = next_best(&mut by_quick, k).square;
                    generated.iter().position(|g| g.square == square).unwrap()
                })
                .collect();

            let mut never = generated.clone();
            assert_eq!(
                nws().score_moves_eager(&mut never, &board, empties, parity, i32::MAX),
                None
            );
            assert_eq!(sorted(&never), sorted(&all), "{board:?}");

            // A bound the best judged of the first three reaches.
            let bound = order[..3].iter().map(|&i| ahead[i]).max().unwrap();
            let j = order.iter().position(|&i| ahead[i] == bound).unwrap();
            let mut eager = generated.clone();
            assert_eq!(
                nws().score_moves_eager(&mut eager, &board, empties, parity, bound),
                Some(j + 1),
                "{board:?}"
            );
            assert_eq!(
                (eager[0].square, eager[0].score),
                (generated[order[j]].square, i32::MAX)
            );
            for (k, m) in eager.iter().enumerate().skip(1) {
                let i = generated.iter().position(|g| g.square == m.square).unwrap();
                let whole = all.iter().find(|w| w.square == m.square).unwrap().score;
                let expected = if k <= j { whole } else { quick[i] };
                assert_eq!(m.score, expected, "move {} of {board:?}", m.square);
            }
            stopped_later += usize::from(j > 0);
            checked += 1;
        }
        // Some of the bounds were reached only by a later move than the first judged.
        assert!(stopped_later > 5, "{stopped_later}");
    }

    /// A node is expected to fail low when its parent judged it `fail_low_margin` discs or
    /// more below alpha, where its moves would be judged, and the margin is on.
    #[test]
    fn a_node_judged_far_below_alpha_expects_to_fail_low() {
        let (eval, table, stop) = parts();
        let expects = |margin: u32, judged: i32, alpha: i32, empties: u32| {
            let config = SolverConfig {
                fail_low_margin: margin,
                sort_search_min_empties: 14,
                ..SolverConfig::default()
            };
            let nws = Nws::new(&table, &config, &*eval, &stop, None, None);
            nws.expects_fail_low(judged, alpha, empties)
        };
        // alpha 4, margin 20: judged at -16 discs or below.
        assert!(expects(20, -1600, 4, 20));
        assert!(expects(20, -6400, 4, 14));
        assert!(!expects(20, -1599, 4, 20));
        assert!(!expects(20, NOT_JUDGED, 4, 20));
        // Below the empties where moves are judged, never.
        assert!(!expects(20, -6400, 4, 13));
        // At 0, any judgement at or below alpha; above 128, never.
        assert!(expects(0, 400, 4, 20));
        assert!(!expects(0, 401, 4, 20));
        assert!(expects(128, -6400, 64, 20));
        assert!(!expects(129, -6400, 64, 20));
    }

    /// Trying moves best first by the evaluator changes the ordering searches' nodes, never
    /// their value (a full window's alpha-beta value is the minimax value in any order).
    #[test]
    fn sorting_the_ordering_search_keeps_its_value() {
        let (eval, table, stop) = parts();
        let sorted = SolverConfig {
            eval_sort_min_depth: 2,
            ..SolverConfig::default()
        };
        let plain = SolverConfig {
            eval_sort_min_depth: 64,
            ..SolverConfig::default()
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(15);
        let (mut sorted_nodes, mut plain_nodes, mut compared) = (0, 0, 0);
        while compared < 20 {
            let board = random_position(&mut rng, 16..40);
            if board.is_game_over() {
                continue;
            }
            let mut fast = Nws::new(&table, &sorted, &*eval, &stop, None, None);
            let mut slow = Nws::new(&table, &plain, &*eval, &stop, None, None);
            let (a, b) = (-EVAL_INFINITY, EVAL_INFINITY);
            assert_eq!(
                fast.eval_search(&board, 5, a, b),
                slow.eval_search(&board, 5, a, b),
                "{board:?}"
            );
            sorted_nodes += fast.nodes;
            plain_nodes += slow.nodes;
            compared += 1;
        }
        // Best first cuts more: on these 20 positions, fewer than half the nodes.
        assert!(
            2 * sorted_nodes < plain_nodes,
            "{sorted_nodes} sorted, {plain_nodes} in square order"
        );
    }
}
