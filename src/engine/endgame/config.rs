//! The solver's knobs, in one place: each ordering trick and cutoff can be turned off to
//! measure what it saves (see `benches/endgame.rs`).

use serde::{Deserialize, Serialize};

/// Tuning of [`crate::engine::Solver`]. The defaults are the measured best; the switches
/// exist to measure each trick's worth, not for play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SolverConfig {
    /// From this many empties up, nodes use the transposition table and sort their moves
    /// (fastest-first); below, moves are tried in parity order without sorting.
    pub table_min_empties: u32,
    /// From this many empties up, moves are ordered first by the ordering evaluator (see
    /// [`crate::engine::OrderingEval`]), fastest-first breaking ties. Off (above 60) by
    /// default: the built-in [`crate::engine::MobilityEval`] saved no nodes over
    /// fastest-first alone; a trained midgame evaluator is expected to.
    pub sort_search_min_empties: u32,
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
    pub mtd_step_growth: bool,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            table_min_empties: 7,
            sort_search_min_empties: 64,
            etc_min_empties: 12,
            stability_cutoff: true,
            parity_ordering: true,
            fastest_first: true,
            table_move_first: true,
            last_four: true,
            mtd_step_growth: true,
        }
    }
}
