//! The solver's knobs, in one place: each ordering trick and cutoff can be turned off to
//! measure what it saves (see `benches/endgame.rs`). They are the `solver` section of
//! `config/search.ron`, which gives their defaults.

use serde::{Deserialize, Serialize};

use crate::engine::config::error::{ConfigError, parse_ron};
use crate::engine::config::shipped::{ShippedFile, shipped_defaults};
use crate::engine::control::check_range;

/// Tuning of [`crate::engine::Solver`]: the `solver` section of `config/search.ron`, whose
/// shipped values are the defaults (a file may give any subset; the measured best are
/// shipped; `config/README.md` gives the measurements behind them). The switches exist to
/// measure each trick's worth, not for play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolverConfig {
    /// From this many empties up, nodes use the transposition table and sort their moves
    /// (fastest-first); below, moves are tried in parity order without sorting.
    #[serde(default = "shipped::table_min_empties")]
    pub table_min_empties: u32,
    /// Below `table_min_empties`, nodes with at least this many empties (and at most 24)
    /// still sort their moves fastest-first, without the table; below, parity and square
    /// order. At or above `table_min_empties` it changes nothing.
    #[serde(default = "shipped::sort_min_empties")]
    pub sort_min_empties: u32,
    /// Positions with at most this many empties keep their table entries in a small tier of
    /// their own, `near_table_kib` KiB, that stays in the processor's cache; 0: one table
    /// for all.
    #[serde(default = "shipped::near_table_max_empties")]
    pub near_table_max_empties: u32,
    /// The near tier's size in KiB (rounded down to a power of two buckets of 64 bytes).
    #[serde(default = "shipped::near_table_kib")]
    pub near_table_kib: u32,
    /// From this many empties up, a move's ordering worth adds the ordering evaluator's
    /// judgement of the position it leads to (see
    /// [`crate::engine::Evaluate::evaluate_centidiscs`]), weighted by `sort_eval_weight`
    /// where a search judges it and by `sort_static_weight` where the evaluation itself does;
    /// above 60 turns it off.
    #[serde(default = "shipped::sort_search_min_empties")]
    pub sort_search_min_empties: u32,
    /// Ordering points per hundredth of a disc of that judgement when a search gives it
    /// (from `sort_shallow_min_empties` up). For scale, one reply
    /// fewer for the opponent (fastest-first) is worth 32768 points, so 320 makes one disc
    /// of evaluation worth one reply.
    #[serde(default = "shipped::sort_eval_weight")]
    pub sort_eval_weight: i32,
    /// The same weight for the evaluation itself, where no search judges the position
    /// (below `sort_shallow_min_empties`): a static evaluation near the end orders less
    /// surely than a search's value, so it weighs less.
    #[serde(default = "shipped::sort_static_weight")]
    pub sort_static_weight: i32,
    /// From this many empties up, that judgement is a one-ply search (the opponent's best
    /// reply, by the evaluator) instead of the evaluation of the position itself.
    #[serde(default = "shipped::sort_shallow_min_empties")]
    pub sort_shallow_min_empties: u32,
    /// From `sort_shallow_min_empties` up, the search looks one ply deeper for each this
    /// many empties more (with 16 and 4: one ply at 16-19 empties, two at 20-23, three at
    /// 24-27), at most [`SolverConfig::MAX_SORT_DEPTH`] plies; 0 keeps it at one ply.
    #[serde(default = "shipped::sort_deeper_every")]
    pub sort_deeper_every: u32,
    /// Where the moves are judged (from `sort_search_min_empties` up), they are judged one
    /// at a time, fastest-first's best first, and the first whose judgement puts the node at
    /// least this many discs above alpha is searched before the others are judged: a move
    /// that far ahead nearly always cuts, and the judgements of the rest are saved. Above
    /// [`SolverConfig::MAX_MARGIN`]: never (every move is judged first).
    #[serde(default = "shipped::eager_cut_margin")]
    pub eager_cut_margin: u32,
    /// Where the moves would be judged, a node whose parent's judgement of it lies at least
    /// this many discs below alpha is expected to fail low, and its moves are ordered by
    /// fastest-first alone: a node that fails low searches every move whatever the order,
    /// so judging them would be wasted. Above [`SolverConfig::MAX_MARGIN`]: never.
    #[serde(default = "shipped::fail_low_margin")]
    pub fail_low_margin: u32,
    /// The ordering searches and the first guess's search try moves best first by the
    /// evaluator at their nodes with at least this many plies left (square order nearer
    /// the leaves); above 20: never.
    #[serde(default = "shipped::eval_sort_min_depth")]
    pub eval_sort_min_depth: u32,
    /// The first score MTD(f) tests at the root: an alpha-beta search of this depth with the
    /// ordering evaluator, rounded to an even score, when the root has at least
    /// `guess_min_empties` empties; otherwise, and at depth 0, a draw.
    #[serde(default = "shipped::guess_depth")]
    pub guess_depth: u32,
    /// See `guess_depth`.
    #[serde(default = "shipped::guess_min_empties")]
    pub guess_min_empties: u32,
    /// Enhanced transposition cutoff (probe every child before searching any) from this
    /// many empties up; above 60 turns it off.
    #[serde(default = "shipped::etc_min_empties")]
    pub etc_min_empties: u32,
    /// Fail low when the opponent's stable discs already bound the score at or below alpha.
    #[serde(default = "shipped::stability_cutoff")]
    pub stability_cutoff: bool,
    /// The stability cutoff is tried when alpha is at least its threshold for the node's
    /// empties (Edax's table: 6 at 4 empties, 8 at 5, rising to 64) minus this many discs:
    /// a larger margin cuts more nodes and counts stable discs more often.
    #[serde(default = "shipped::stability_margin")]
    pub stability_margin: u32,
    /// The table's first slot of a bucket keeps the entry with the most nodes searched under
    /// it (their bits: Edax's cost) instead of the one with the most empties.
    #[serde(default = "shipped::replace_by_cost")]
    pub replace_by_cost: bool,
    /// Below the table, the empties are tried in nine classes of squares (corners, the
    /// squares around the centre, the A- and B-squares of the edges, ... the X-squares
    /// last) instead of three (corners, the rest, the squares next to corners).
    #[serde(default = "shipped::fine_square_order")]
    pub fine_square_order: bool,
    /// Try moves in quadrants with an odd number of empties first.
    #[serde(default = "shipped::parity_ordering")]
    pub parity_ordering: bool,
    /// Sort moves by the opponent's mobility after them (fastest-first), with corner and
    /// stability bonuses; when off, moves are tried in square order after the table move.
    #[serde(default = "shipped::fastest_first")]
    pub fastest_first: bool,
    /// Try the transposition table's move first.
    #[serde(default = "shipped::table_move_first")]
    pub table_move_first: bool,
    /// Solve the last 1-4 empties with the dedicated code (counting the last move's flips
    /// without playing it); when off, the general search goes down to the end.
    #[serde(default = "shipped::last_four")]
    pub last_four: bool,
    /// MTD(f) steps of 2, 4, 8... discs while the root keeps failing the same way, then
    /// bisection between the bounds; when off, steps of 2 (plain MTD(f) on even scores).
    #[serde(default = "shipped::mtd_step_growth")]
    pub mtd_step_growth: bool,
    /// Nodes between two looks at the stop flag, the deadline and the node limit (a few
    /// hundred microseconds at the solver's speed).
    #[serde(default = "shipped::stop_check_nodes")]
    pub stop_check_nodes: u64,
    /// With more than one thread, nodes with at least this many empties share out their
    /// moves after the first among idle threads (young brothers wait); above 60: never.
    #[serde(default = "shipped::split_min_empties")]
    pub split_min_empties: u32,
    /// A solve from this many empties up first runs selective passes, one for each
    /// confidence of `selective_ladder` (in standard deviations), each starting MTD(f)
    /// from the last one's score and leaving its best moves in the table for the next;
    /// then the exact search. Above 60: never.
    #[serde(default = "shipped::selective_min_empties")]
    pub selective_min_empties: u32,
    /// The selective passes' confidences, in standard deviations of the error model
    /// (`probcut_sigma`'s endgame terms): 1.1 is 73%, 1.5 87%, 2.0 95%, 2.4 98%, 3.0 99.7%.
    #[serde(default = "shipped::selective_ladder")]
    pub selective_ladder: Vec<f64>,
    /// In a selective pass, nodes with at least this many empties try ProbCut.
    #[serde(default = "shipped::probcut_min_empties")]
    pub probcut_min_empties: u32,
    /// The depth of ProbCut's full-width search with the ordering evaluator, in plies.
    #[serde(default = "shipped::probcut_depth")]
    pub probcut_depth: u32,
    /// The error model: the exact score minus that search's value has mean
    /// `probcut_bias_even` or `probcut_bias_odd` by the parity of the empties, and standard
    /// deviation `probcut_sigma_base + probcut_sigma_per_empty * empties` discs (at least
    /// one); `benches/solver_probcut.rs` fits it.
    #[serde(default = "shipped::probcut_sigma_base")]
    pub probcut_sigma_base: f64,
    /// See `probcut_sigma_base`.
    #[serde(default = "shipped::probcut_sigma_per_empty")]
    pub probcut_sigma_per_empty: f64,
    /// See `probcut_sigma_base`.
    #[serde(default = "shipped::probcut_bias_even")]
    pub probcut_bias_even: f64,
    /// See `probcut_sigma_base`.
    #[serde(default = "shipped::probcut_bias_odd")]
    pub probcut_bias_odd: f64,
    /// A cut is tested only where the position's evaluation lies beyond its bound or within
    /// this many standard deviations of it (0: always tested).
    #[serde(default = "shipped::probcut_eval_gate")]
    pub probcut_eval_gate: f64,
}

/// The `solver` section of the shipped `config/search.ron`, read on its own (the rest of
/// the file is the midgame search's), so that the solver's defaults need no search.
#[derive(Clone, Debug, Deserialize)]
struct SolverSection {
    solver: SolverConfig,
}

/// The shipped `config/search.ron`, compiled in (the search reads the same file whole).
const SEARCH_RON: &str = include_str!("../../../config/search.ron");

/// The shipped solver settings, read once.
static SHIPPED: ShippedFile<SolverSection> =
    ShippedFile::new("config/search.ron", SEARCH_RON, read_section);

/// Reads the `solver` section of a `search.ron` text.
fn read_section(file: &str, text: &str) -> Result<SolverSection, ConfigError> {
    parse_ron(file, text)
}

shipped_defaults!(shipped, SHIPPED, "solver.", |c| c.solver, {
    table_min_empties: u32,
    sort_min_empties: u32,
    near_table_max_empties: u32,
    near_table_kib: u32,
    sort_search_min_empties: u32,
    sort_eval_weight: i32,
    sort_static_weight: i32,
    sort_shallow_min_empties: u32,
    sort_deeper_every: u32,
    eager_cut_margin: u32,
    fail_low_margin: u32,
    eval_sort_min_depth: u32,
    guess_depth: u32,
    guess_min_empties: u32,
    etc_min_empties: u32,
    stability_cutoff: bool,
    stability_margin: u32,
    replace_by_cost: bool,
    fine_square_order: bool,
    parity_ordering: bool,
    fastest_first: bool,
    table_move_first: bool,
    last_four: bool,
    mtd_step_growth: bool,
    stop_check_nodes: u64,
    split_min_empties: u32,
    selective_min_empties: u32,
    selective_ladder: Vec<f64>,
    probcut_min_empties: u32,
    probcut_depth: u32,
    probcut_sigma_base: f64,
    probcut_sigma_per_empty: f64,
    probcut_bias_even: f64,
    probcut_bias_odd: f64,
    probcut_eval_gate: f64,
});

impl Default for SolverConfig {
    /// The shipped knobs (`config/search.ron`'s `solver` section).
    fn default() -> SolverConfig {
        SHIPPED.get().solver.clone()
    }
}

impl SolverConfig {
    /// The deepest ordering search (`sort_deeper_every`).
    pub const MAX_SORT_DEPTH: u32 = 6;

    /// The largest `eager_cut_margin` or `fail_low_margin` that is on: a judgement is at
    /// most 64 discs from zero, and so is alpha.
    pub const MAX_MARGIN: u32 = 128;

    /// The most selective passes before the exact search (`selective_ladder`): each
    /// pass's bounds in the table carry its place on the ladder, below the exact ones'.
    pub const MAX_SELECTIVE_PASSES: usize = 6;

    /// The error model at `empties` empties, in discs: the mean of the exact score less
    /// ProbCut's shallow value, and its standard deviation (at least one disc).
    #[inline]
    pub fn probcut_error(&self, empties: u32) -> (f64, f64) {
        let bias = if empties % 2 == 1 {
            self.probcut_bias_odd
        } else {
            self.probcut_bias_even
        };
        let sigma = self.probcut_sigma_base + self.probcut_sigma_per_empty * f64::from(empties);
        (bias, sigma.max(1.0))
    }

    /// The depth of the search that judges the position after a move, at a node with
    /// `empties` empties, when `sort_search_min_empties` says it is judged: 0 (the
    /// evaluation itself) below `sort_shallow_min_empties`, then one ply, and one more for
    /// each `sort_deeper_every` empties above it, up to [`SolverConfig::MAX_SORT_DEPTH`].
    #[inline]
    pub fn sort_depth(&self, empties: u32) -> u32 {
        if empties < self.sort_shallow_min_empties {
            return 0;
        }
        let deeper = (empties - self.sort_shallow_min_empties)
            .checked_div(self.sort_deeper_every)
            .unwrap_or(0);
        (1 + deeper).min(Self::MAX_SORT_DEPTH)
    }

    /// Checks every value against its range: `Err((key, message))` for the first that is
    /// out of it (the key as `search.ron`'s `solver` section writes it).
    ///
    /// # Errors
    /// The key and a message naming the value and the range.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        // Above 60 empties a threshold is never reached: the documented way to turn a trick
        // off. 64 keeps the numbers small.
        for (key, value) in [
            ("table_min_empties", self.table_min_empties),
            ("near_table_max_empties", self.near_table_max_empties),
            ("sort_min_empties", self.sort_min_empties),
            ("sort_search_min_empties", self.sort_search_min_empties),
            ("sort_shallow_min_empties", self.sort_shallow_min_empties),
            ("guess_min_empties", self.guess_min_empties),
            ("etc_min_empties", self.etc_min_empties),
            ("split_min_empties", self.split_min_empties),
            ("selective_min_empties", self.selective_min_empties),
            ("probcut_min_empties", self.probcut_min_empties),
        ] {
            check_range(key, value.into(), 0.0, 64.0, "empties")?;
        }
        check_range(
            "stop_check_nodes",
            self.stop_check_nodes as f64,
            1.0,
            (1u64 << 20) as f64,
            "nodes",
        )?;
        check_range(
            "near_table_kib",
            self.near_table_kib.into(),
            1.0,
            65536.0,
            "KiB",
        )?;
        check_range("guess_depth", self.guess_depth.into(), 0.0, 20.0, "plies")?;
        check_range(
            "stability_margin",
            self.stability_margin.into(),
            0.0,
            64.0,
            "discs",
        )?;
        check_range(
            "eval_sort_min_depth",
            self.eval_sort_min_depth.into(),
            0.0,
            64.0,
            "plies",
        )?;
        check_range(
            "sort_deeper_every",
            self.sort_deeper_every.into(),
            0.0,
            64.0,
            "empties",
        )?;
        for (key, value) in [
            ("eager_cut_margin", self.eager_cut_margin),
            ("fail_low_margin", self.fail_low_margin),
        ] {
            check_range(key, value.into(), 0.0, 255.0, "discs")?;
        }
        check_range(
            "sort_eval_weight",
            self.sort_eval_weight.into(),
            0.0,
            100_000.0,
            "points per hundredth of a disc",
        )?;
        check_range(
            "sort_static_weight",
            self.sort_static_weight.into(),
            0.0,
            100_000.0,
            "points per hundredth of a disc",
        )?;
        for &t in &self.selective_ladder {
            check_range("selective_ladder", t, 0.1, 10.0, "standard deviations")?;
        }
        let ladder = &self.selective_ladder;
        if ladder.len() > Self::MAX_SELECTIVE_PASSES || ladder.windows(2).any(|w| w[0] >= w[1]) {
            return Err((
                "selective_ladder",
                format!(
                    "selective_ladder is {ladder:?}, expected at most {} confidences, each \
                     above the one before",
                    Self::MAX_SELECTIVE_PASSES
                ),
            ));
        }
        check_range(
            "probcut_depth",
            self.probcut_depth.into(),
            0.0,
            10.0,
            "plies",
        )?;
        check_range(
            "probcut_sigma_base",
            self.probcut_sigma_base,
            0.0,
            30.0,
            "discs",
        )?;
        check_range(
            "probcut_sigma_per_empty",
            self.probcut_sigma_per_empty,
            -1.0,
            1.0,
            "discs",
        )?;
        check_range(
            "probcut_bias_even",
            self.probcut_bias_even,
            -10.0,
            10.0,
            "discs",
        )?;
        check_range(
            "probcut_bias_odd",
            self.probcut_bias_odd,
            -10.0,
            10.0,
            "discs",
        )?;
        check_range(
            "probcut_eval_gate",
            self.probcut_eval_gate,
            0.0,
            10.0,
            "standard deviations",
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ordering search's depth by empties: none below the shallow threshold, one ply
    /// from it, one more for each `sort_deeper_every` empties, at most six.
    #[test]
    fn the_ordering_search_deepens_with_the_empties() {
        let config = |every| SolverConfig {
            sort_shallow_min_empties: 16,
            sort_deeper_every: every,
            ..SolverConfig::default()
        };
        let depths =
            |c: &SolverConfig| [10, 15, 16, 18, 19, 21, 22, 25, 40, 60].map(|e| c.sort_depth(e));
        assert_eq!(depths(&config(0)), [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
        assert_eq!(depths(&config(3)), [0, 0, 1, 1, 2, 2, 3, 4, 6, 6]);
        assert_eq!(depths(&config(4)), [0, 0, 1, 1, 1, 2, 2, 3, 6, 6]);
        assert_eq!(
            config(65).check(),
            Err((
                "sort_deeper_every",
                "sort_deeper_every is 65, expected 0..=64 empties".to_string()
            ))
        );
    }

    /// The selective ladder climbs, and has room in the table's precision below the exact
    /// search's.
    #[test]
    fn the_selective_ladder_must_climb() {
        let ladder = |ladder: Vec<f64>| {
            SolverConfig {
                selective_ladder: ladder,
                ..SolverConfig::default()
            }
            .check()
        };
        assert_eq!(ladder(vec![]), Ok(()));
        assert_eq!(ladder(vec![0.5, 1.0, 1.5, 2.0, 2.5, 3.0]), Ok(()));
        assert_eq!(
            ladder(vec![1.5, 1.0]),
            Err((
                "selective_ladder",
                "selective_ladder is [1.5, 1.0], expected at most 6 confidences, each above \
                 the one before"
                    .to_string()
            ))
        );
        assert_eq!(
            ladder(vec![0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5]),
            Err((
                "selective_ladder",
                "selective_ladder is [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5], expected at most 6 \
                 confidences, each above the one before"
                    .to_string()
            ))
        );
        assert_eq!(
            ladder(vec![0.0]),
            Err((
                "selective_ladder",
                "selective_ladder is 0, expected 0.1..=10 standard deviations".to_string()
            ))
        );
    }
}
