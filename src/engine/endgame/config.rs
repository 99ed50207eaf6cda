//! The solver's knobs, in one place: each ordering trick and cutoff can be turned off to
//! measure what it saves (see `benches/endgame.rs`).

use serde::{Deserialize, Serialize};

/// Tuning of [`crate::engine::Solver`]. The defaults are the measured best; the switches
/// exist to measure each trick's worth, not for play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SolverConfig {
    /// From this many empties up, nodes use the transposition table and sort their moves
    /// (fastest-first); below, moves are tried in parity order without sorting. 8: on FFO
    /// #40-#46, 7 visits 609 M nodes in 35 s, 8 visits 819 M in 30-32 s, 9 visits 964 M in
    /// 38 s (one thread, other core busy).
    pub table_min_empties: u32,
    /// From this many empties up, a move's ordering worth adds the ordering evaluator's
    /// judgement of the position it leads to (see [`crate::engine::OrderingEval`]), weighted
    /// by `sort_eval_weight`; above 60 turns it off.
    pub sort_search_min_empties: u32,
    /// Ordering points per hundredth of a disc of that judgement. For scale, one reply
    /// fewer for the opponent (fastest-first) is worth 32768 points, so 320 makes one disc
    /// of evaluation worth one reply. With issue 18's tables, FFO #40-#49 (shallow search
    /// from 17 empties) visit 2.72 G nodes at 40, 1.98 G at 80, 1.67 G at 150, 1.56 G at
    /// 320, 1.54 G at 500 and 1.60 G at 800: the better the evaluator, the more it may
    /// outweigh mobility.
    pub sort_eval_weight: i32,
    /// From this many empties up, that judgement is a one-ply search (the opponent's best
    /// reply, by the evaluator) instead of the evaluation of the position itself. At weight
    /// 320, FFO #40-#49 visit 1.36 G nodes from 15, 1.38 G from 16, 1.44 G from 17 and
    /// 1.72 G from 21; 16 is the quickest (15 searches more per node).
    pub sort_shallow_min_empties: u32,
    /// The first score MTD(f) tests at the root: an alpha-beta search of this depth with the
    /// ordering evaluator, rounded to an even score, when the root has at least
    /// `guess_min_empties` empties; otherwise, and at depth 0, a draw.
    pub guess_depth: u32,
    /// See `guess_depth`.
    pub guess_min_empties: u32,
    /// Enhanced transposition cutoff (probe every child before searching any) from this
    /// many empties up; above 60 turns it off.
    pub etc_min_empties: u32,
    /// Fail low when the opponent's stable discs already bound the score at or below alpha.
    pub stability_cutoff: bool,
    /// Try moves in quadrants with an odd number of empties first.
    pub parity_ordering: bool,
    /// Sort moves by the opponent's mobility after them (fastest-first), with corner and
    /// stability bonuses; when off, moves are tried in square order after the table move.
    pub fastest_first: bool,
    /// Try the transposition table's move first.
    pub table_move_first: bool,
    /// Solve the last 1-4 empties with the dedicated code (counting the last move's flips
    /// without playing it); when off, the general search goes down to the end.
    pub last_four: bool,
    /// MTD(f) steps of 2, 4, 8... discs while the root keeps failing the same way, then
    /// bisection between the bounds; when off, steps of 2 (plain MTD(f) on even scores).
    /// Off: from the evaluator's first guess, steps of 2 visit fewer nodes (FFO #40-#47:
    /// 686 M nodes with steps of 2 against 760 M with growth, from a guess of 0), since
    /// overshooting tests fail, and failing tests refute every move.
    pub mtd_step_growth: bool,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            table_min_empties: 8,
            sort_search_min_empties: 14,
            sort_eval_weight: 320,
            sort_shallow_min_empties: 16,
            guess_depth: 8,
            guess_min_empties: 16,
            etc_min_empties: 12,
            stability_cutoff: true,
            parity_ordering: true,
            fastest_first: true,
            table_move_first: true,
            last_four: true,
            mtd_step_growth: false,
        }
    }
}
