//! Every search knob in one place, loaded from `config/search.ron`, whose shipped values
//! are the only defaults: a key a designer's file leaves out keeps the shipped file's value
//! (each field's serde default reads it), and the shipped file must give every key.

use crate::engine::config::error::{ConfigError, parse_ron};
use crate::engine::config::shipped::{ShippedFile, shipped_defaults};
use crate::engine::control::check_range;
use crate::engine::endgame::SolverConfig;

/// Which driver searches each iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Algorithm {
    /// MTD(f): null-window searches with memory converging on the value.
    #[default]
    Mtdf,
    /// NegaScout/PVS with an aspiration window around the previous iteration's score.
    Pvs,
}

/// How moves are ordered before they are searched (each mode after the table's move, when
/// [`SearchConfig::use_table_move`] is set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum OrderingMode {
    /// Square order, a1 first.
    Index,
    /// Fastest first: fewest opponent replies after the move, corners first.
    #[default]
    Mobility,
    /// By the evaluation after the move, then fastest first.
    Evaluation,
    /// By a shallow search after the move at nodes with at least
    /// [`SearchConfig::shallow_min_depth`] plies left; by evaluation below that.
    Shallow,
}

/// The search's settings (`config/search.ron`). A RON file may give any subset; the others
/// keep the shipped file's values, which are also [`SearchConfig::default`].
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchConfig {
    /// Transposition-table size in MiB.
    #[serde(default = "shipped_search::tt_mib")]
    pub tt_mib: usize,
    /// The root driver.
    #[serde(default = "shipped_search::algorithm")]
    pub algorithm: Algorithm,
    /// Half-width in discs of PVS's aspiration window.
    #[serde(default = "shipped_search::aspiration_window")]
    pub aspiration_window: i32,
    /// Nodes with fewer plies left than this skip the transposition table.
    #[serde(default = "shipped_search::tt_min_depth")]
    pub tt_min_depth: u32,
    /// Search the table's best move first.
    #[serde(default = "shipped_search::use_table_move")]
    pub use_table_move: bool,
    /// Null-window nodes with at least this many plies left probe every child's table
    /// entry before searching any (enhanced transposition cutoff; above 64 never).
    #[serde(default = "shipped_search::etc_min_depth")]
    pub etc_min_depth: u32,
    /// How the other moves are ordered.
    #[serde(default = "shipped_search::ordering")]
    pub ordering: OrderingMode,
    /// Nodes with fewer plies left than this keep square order (ordering would cost more
    /// than it saves).
    #[serde(default = "shipped_search::order_min_depth")]
    pub order_min_depth: u32,
    /// Nodes with at least this many plies left order by the evaluation after the move
    /// (fastest first below).
    #[serde(default = "shipped_search::eval_order_min_depth")]
    pub eval_order_min_depth: u32,
    /// Nodes with at least this many plies left order by a shallow search.
    #[serde(default = "shipped_search::shallow_min_depth")]
    pub shallow_min_depth: u32,
    /// Depth in plies of the ordering search.
    #[serde(default = "shipped_search::shallow_depth")]
    pub shallow_depth: u32,
    /// Nodes between two looks at the stop flag and the limits (the ordering searches'
    /// too).
    #[serde(default = "shipped_search::stop_check_nodes")]
    pub stop_check_nodes: u64,
    /// With more than one thread, null-window nodes with at least this many plies left
    /// share their moves after the first with idle threads (young brothers wait).
    #[serde(default = "shipped_search::split_min_depth")]
    pub split_min_depth: u32,
    /// At or below this many empties the root is solved exactly by the endgame solver.
    #[serde(default = "shipped_search::exact_empties")]
    pub exact_empties: u32,
    /// At or below this many empties (and above `exact_empties`) the root is solved for
    /// win, loss or draw only.
    #[serde(default = "shipped_search::wld_empties")]
    pub wld_empties: u32,
    /// ProbCut's confidence in standard deviations (0: off, every node searched to its full
    /// depth). A node `d` plies deep is cut when a shallow search predicts that its value
    /// lies outside the window with this confidence; see
    /// [`ProbCut`](crate::engine::search::ProbCut).
    #[serde(default = "shipped_search::probcut_t")]
    pub probcut_t: f64,
    /// Nodes with at least this many plies left try a ProbCut.
    #[serde(default = "shipped_search::probcut_min_depth")]
    pub probcut_min_depth: u32,
    /// The model of the deep search's error, see
    /// [`ProbCut`](crate::engine::search::ProbCut).
    #[serde(default = "shipped_search::probcut_sigma")]
    pub probcut_sigma: ProbCutSigma,
    /// ProbCut's evaluation gate in standard deviations (0: off): a cut test is tried only
    /// where the position's evaluation lies within this many standard deviations of the
    /// cut's bound or beyond it; see [`ProbCut`](crate::engine::search::ProbCut).
    #[serde(default = "shipped_search::probcut_eval_gate")]
    pub probcut_eval_gate: f64,
    /// ProbCut's confidence for a search with a time limit when `probcut_t` is 0 (a level's
    /// or a designer's `probcut_t` wins): the time-limited searches of `search --time-ms`,
    /// `match --time-ms` and the game clocks are selective by default. 0: full width.
    #[serde(default = "shipped_search::timed_probcut_t")]
    pub timed_probcut_t: f64,
    /// Whether a selective search that reaches the end of the game climbs the selectivity
    /// ladder there: the end searched at its own confidence, then at each surer rung of
    /// [`LADDER`](crate::engine::search::probcut::LADDER), then in full, with nodes that
    /// reach the end cut too (the selective endgame search).
    #[serde(default = "shipped_search::endgame_ladder")]
    pub endgame_ladder: bool,
    /// The endgame solver's knobs (the searcher's solves: `exact_empties`, `wld_empties`,
    /// the levels' solves and the hints near the end).
    #[serde(default = "shipped_search::solver")]
    pub solver: SolverConfig,
    /// Time management: the solve-time model, a timed level's budget by phase, and how
    /// iterations are started within it.
    #[serde(default = "shipped_search::time")]
    pub time: TimeConfig,
}

/// Time management (`search.ron`'s `time` section): when a timed level starts another
/// iteration, when it solves, and how a solve is prepared.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeConfig {
    /// The expected time of an exact solve with 20 empties, in milliseconds (one thread).
    #[serde(default = "shipped_time::solve_ms_at_20")]
    pub solve_ms_at_20: f64,
    /// Each empty more multiplies the expected solve time by this.
    #[serde(default = "shipped_time::solve_growth_per_empty")]
    pub solve_growth_per_empty: f64,
    /// A win/loss/draw proof is expected to take the exact solve's time divided by this.
    #[serde(default = "shipped_time::wld_speedup")]
    pub wld_speedup: f64,
    /// A timed level's soft budget for a move is its nominal time times the weight of the
    /// first `(empties, weight)` pair whose empties the position has at least: the opening
    /// gets less, the middle game more. Empties decreasing, the last pair at 0.
    #[serde(default = "shipped_time::phase_weights")]
    pub phase_weights: Vec<(u32, f64)>,
    /// The hard limit that stops a running iteration, as a multiple of the soft budget.
    #[serde(default = "shipped_time::hard_factor")]
    pub hard_factor: f64,
    /// A level that solves exactly from E empties proves win/loss/draw from this many
    /// empties more.
    #[serde(default = "shipped_time::wld_extra_empties")]
    pub wld_extra_empties: u32,
    /// Before a solve the midgame search runs to this depth at most, so that a move is ready
    /// if the solve is stopped ...
    #[serde(default = "shipped_time::pre_solve_depth")]
    pub pre_solve_depth: u32,
    /// ... and to this depth when the search has a time limit (the solve may then be cut
    /// short by the clock, so its fallback move should be a good one).
    #[serde(default = "shipped_time::pre_solve_depth_timed")]
    pub pre_solve_depth_timed: u32,
    /// The next iteration is expected to take the last one's time times the growth from the
    /// one before, held within `growth_min..=growth_max` (Othello's odd/even effect makes it
    /// swing), or times `growth_first` when there is no iteration before.
    #[serde(default = "shipped_time::growth_first")]
    pub growth_first: f64,
    /// See `growth_first`.
    #[serde(default = "shipped_time::growth_min")]
    pub growth_min: f64,
    /// See `growth_first`.
    #[serde(default = "shipped_time::growth_max")]
    pub growth_max: f64,
    /// While the last iteration changed the best move, or lowered the score by
    /// `unstable_drop` discs or more, the soft budget is this many times larger (at most the
    /// hard limit): the search is not done where it changes its mind.
    #[serde(default = "shipped_time::unstable_factor")]
    pub unstable_factor: f64,
    /// See `unstable_factor`.
    #[serde(default = "shipped_time::unstable_drop")]
    pub unstable_drop: i32,
    /// On a game clock, this share of the time left is never planned (the time a move's
    /// stop, the program and the system take beyond the search).
    #[serde(default = "shipped_time::clock_reserve")]
    pub clock_reserve: f64,
    /// On a game clock, a move at or after the exact solve may take this share of the time
    /// left.
    #[serde(default = "shipped_time::clock_solve_share")]
    pub clock_solve_share: f64,
    /// On a game clock, the moves before the exact solve leave it this many times its
    /// expected time (a solve can take several times the mean).
    #[serde(default = "shipped_time::clock_solve_margin")]
    pub clock_solve_margin: f64,
    /// On a game clock, a move before the solve plans this many times its share of the
    /// time (a search rarely spends its whole soft budget: an iteration that would not end
    /// within it is not started), at most all the time it may spend.
    #[serde(default = "shipped_time::clock_spend_factor")]
    pub clock_spend_factor: f64,
    /// On a game clock, each of a side's moves from the one being planned on keeps this
    /// many milliseconds unplanned (a move takes some time however quick, and a stopped
    /// search its stop's latency).
    #[serde(default = "shipped_time::clock_move_ms")]
    pub clock_move_ms: f64,
    /// The hints (every legal move's score for the human to move) think about this many
    /// milliseconds a position, budgeted by phase as a timed level's `time_ms`, then stop.
    #[serde(default = "shipped_time::hints_ms")]
    pub hints_ms: u64,
}

/// The range checks of the settings; the rules that read them are the time planner's
/// (`player/time.rs`), in the top tier.
impl TimeConfig {
    /// Checks every value against its range: `Err((key, message))` for the first that is
    /// out of it.
    ///
    /// # Errors
    /// The key and a message naming the value and the range.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        check_range("solve_ms_at_20", self.solve_ms_at_20, 0.001, 1e9, "ms")?;
        check_range(
            "solve_growth_per_empty",
            self.solve_growth_per_empty,
            1.0,
            10.0,
            "times",
        )?;
        check_range("wld_speedup", self.wld_speedup, 1.0, 1000.0, "times")?;
        check_range("hard_factor", self.hard_factor, 1.0, 100.0, "times")?;
        check_range(
            "wld_extra_empties",
            self.wld_extra_empties.into(),
            0.0,
            60.0,
            "empties",
        )?;
        for (key, value) in [
            ("pre_solve_depth", self.pre_solve_depth),
            ("pre_solve_depth_timed", self.pre_solve_depth_timed),
        ] {
            check_range(key, value.into(), 0.0, 30.0, "plies")?;
        }
        for (key, value) in [
            ("growth_first", self.growth_first),
            ("growth_min", self.growth_min),
            ("growth_max", self.growth_max),
        ] {
            check_range(key, value, 1.0, 100.0, "times")?;
        }
        check_range("unstable_factor", self.unstable_factor, 1.0, 100.0, "times")?;
        check_range("clock_reserve", self.clock_reserve, 0.0, 0.5, "(a share)")?;
        check_range(
            "clock_solve_share",
            self.clock_solve_share,
            0.01,
            1.0,
            "(a share)",
        )?;
        check_range(
            "clock_solve_margin",
            self.clock_solve_margin,
            0.0,
            100.0,
            "times",
        )?;
        check_range(
            "clock_spend_factor",
            self.clock_spend_factor,
            1.0,
            10.0,
            "times",
        )?;
        check_range("clock_move_ms", self.clock_move_ms, 0.0, 10_000.0, "ms")?;
        check_range("hints_ms", self.hints_ms as f64, 1.0, 86_400_000.0, "ms")?;
        check_range(
            "unstable_drop",
            self.unstable_drop.into(),
            1.0,
            128.0,
            "discs",
        )?;
        if self.growth_min > self.growth_max {
            return Err((
                "growth_min",
                format!(
                    "growth_min is {}, expected at most growth_max ({})",
                    self.growth_min, self.growth_max
                ),
            ));
        }
        let pairs = &self.phase_weights;
        let descending = pairs.windows(2).all(|w| w[0].0 > w[1].0);
        if pairs.is_empty() || !descending || pairs.last().is_some_and(|&(e, _)| e != 0) {
            return Err((
                "phase_weights",
                "phase_weights must list (empties, weight) pairs with empties decreasing, the last at 0"
                    .to_string(),
            ));
        }
        for &(_, weight) in pairs {
            check_range("phase_weights", weight, 0.01, 100.0, "(a weight)")?;
        }
        Ok(())
    }
}

/// ProbCut's model of how far a deep search's value strays from a shallow one's: the
/// standard deviation in discs of `v_d - v_s` is `base + per_ply * d + per_empty * empties`,
/// and its mean is `bias_odd` when `d` is odd, `bias_even` when even. Fitted by
/// `cargo bench --bench probcut`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProbCutSigma {
    /// The constant term, in discs.
    #[serde(default = "shipped_sigma::base")]
    pub base: f64,
    /// Discs per ply of the deep search.
    #[serde(default = "shipped_sigma::per_ply")]
    pub per_ply: f64,
    /// Discs per empty square.
    #[serde(default = "shipped_sigma::per_empty")]
    pub per_empty: f64,
    /// Mean of `v_d - v_s` for an odd `d`.
    #[serde(default = "shipped_sigma::bias_odd")]
    pub bias_odd: f64,
    /// Mean of `v_d - v_s` for an even `d`.
    #[serde(default = "shipped_sigma::bias_even")]
    pub bias_even: f64,
    /// A node searched to the end of the game (the selective endgame search): the standard
    /// deviation of the final score about the shallow search's value is
    /// `end_base + end_per_empty * empties` ...
    #[serde(default = "shipped_sigma::end_base")]
    pub end_base: f64,
    /// ... (see `end_base`) ...
    #[serde(default = "shipped_sigma::end_per_empty")]
    pub end_per_empty: f64,
    /// ... and its mean `end_bias`.
    #[serde(default = "shipped_sigma::end_bias")]
    pub end_bias: f64,
    /// The shallow search's depth as a share of the deep one's, for the nodes whose deep
    /// search stops before the end of the game (the model above is fitted for this pairing;
    /// see [`ProbCut::shallow`](crate::engine::search::ProbCut::shallow)): 0.5 pairs 12
    /// plies with 6, a third pairs 12 with 4 (NTest's choice), 0.2..=0.6.
    #[serde(default = "shipped_sigma::shallow_share")]
    pub shallow_share: f64,
}

impl ProbCutSigma {
    /// Checks every term: `Err((key, message))` for the first outside -64..=64 discs.
    ///
    /// # Errors
    /// The key and a message naming the value and the range.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        for (key, value) in [
            ("base", self.base),
            ("per_ply", self.per_ply),
            ("per_empty", self.per_empty),
            ("bias_odd", self.bias_odd),
            ("bias_even", self.bias_even),
            ("end_base", self.end_base),
            ("end_per_empty", self.end_per_empty),
            ("end_bias", self.end_bias),
        ] {
            check_range(key, value, -64.0, 64.0, "discs")?;
        }
        check_range(
            "shallow_share",
            self.shallow_share,
            0.2,
            0.6,
            "of the deep depth",
        )?;
        Ok(())
    }
}

impl Default for SearchConfig {
    /// The shipped settings (`config/search.ron`).
    fn default() -> SearchConfig {
        SearchConfig::shipped()
    }
}

/// The shipped settings, compiled in.
const DEFAULT_RON: &str = include_str!("../../../config/search.ron");

/// The shipped settings, read once.
static SHIPPED: ShippedFile<SearchConfig> =
    ShippedFile::new("config/search.ron", DEFAULT_RON, SearchConfig::from_ron);

shipped_defaults!(shipped_search, SHIPPED, "", |c| c, {
    tt_mib: usize,
    algorithm: Algorithm,
    aspiration_window: i32,
    tt_min_depth: u32,
    use_table_move: bool,
    etc_min_depth: u32,
    ordering: OrderingMode,
    order_min_depth: u32,
    eval_order_min_depth: u32,
    shallow_min_depth: u32,
    shallow_depth: u32,
    stop_check_nodes: u64,
    split_min_depth: u32,
    exact_empties: u32,
    wld_empties: u32,
    probcut_t: f64,
    probcut_min_depth: u32,
    probcut_sigma: ProbCutSigma,
    probcut_eval_gate: f64,
    timed_probcut_t: f64,
    endgame_ladder: bool,
    solver: SolverConfig,
    time: TimeConfig,
});

shipped_defaults!(shipped_time, SHIPPED, "time.", |c| c.time, {
    solve_ms_at_20: f64,
    solve_growth_per_empty: f64,
    wld_speedup: f64,
    phase_weights: Vec<(u32, f64)>,
    hard_factor: f64,
    wld_extra_empties: u32,
    pre_solve_depth: u32,
    pre_solve_depth_timed: u32,
    growth_first: f64,
    growth_min: f64,
    growth_max: f64,
    unstable_factor: f64,
    unstable_drop: i32,
    clock_reserve: f64,
    clock_solve_share: f64,
    clock_solve_margin: f64,
    clock_spend_factor: f64,
    clock_move_ms: f64,
    hints_ms: u64,
});

shipped_defaults!(shipped_sigma, SHIPPED, "probcut_sigma.", |c| c.probcut_sigma, {
    base: f64,
    per_ply: f64,
    per_empty: f64,
    bias_odd: f64,
    bias_even: f64,
    end_base: f64,
    end_per_empty: f64,
    end_bias: f64,
    shallow_share: f64,
});

impl SearchConfig {
    /// The shipped settings (`config/search.ron`, compiled in; read once).
    pub fn shipped() -> SearchConfig {
        SHIPPED.get().clone()
    }

    /// The shipped settings without a copy, for the searches' own defaults.
    pub(crate) fn shipped_ref() -> &'static SearchConfig {
        SHIPPED.get()
    }

    /// Reads settings from RON text; `file` names it in errors. Missing keys keep their
    /// defaults; unknown keys are errors.
    ///
    /// # Errors
    /// [`ConfigError`] for malformed RON, an unknown key or an out-of-range value.
    pub fn from_ron(file: &str, text: &str) -> Result<SearchConfig, ConfigError> {
        let c: SearchConfig = parse_ron(file, text)?;
        c.check()
            .map_err(|(key, message)| ConfigError::at_key(file, text, &key, message))?;
        Ok(c)
    }

    /// Checks every value against its range: `Err((key, message))` for the first that is
    /// out of it. The one place where the search's settings are range-checked: RON files,
    /// command-line flags and levels all come through here.
    ///
    /// # Errors
    /// The key's path as written in `search.ron` (`tt_mib`, `solver.guess_depth`) and a
    /// message naming the value and the range.
    pub fn check(&self) -> Result<(), (String, String)> {
        self.check_top_level()
            .map_err(|(key, message)| (key.to_string(), message))?;
        let sections = [
            ("probcut_sigma", self.probcut_sigma.check()),
            ("solver", self.solver.check()),
            ("time", self.time.check()),
        ];
        for (section, result) in sections {
            result.map_err(|(key, message)| {
                (format!("{section}.{key}"), format!("{section}.{message}"))
            })?;
        }
        Ok(())
    }

    /// [`SearchConfig::check`] for the keys outside the sections.
    fn check_top_level(&self) -> Result<(), (&'static str, String)> {
        let c = self;
        check_range("tt_mib", c.tt_mib as f64, 1.0, MAX_TT_MIB as f64, "MiB")?;
        check_range(
            "aspiration_window",
            c.aspiration_window.into(),
            1.0,
            64.0,
            "discs",
        )?;
        for (key, value) in [
            ("tt_min_depth", c.tt_min_depth),
            ("etc_min_depth", c.etc_min_depth),
            ("order_min_depth", c.order_min_depth),
            ("eval_order_min_depth", c.eval_order_min_depth),
        ] {
            check_range(key, value.into(), 0.0, 64.0, "plies")?;
        }
        // The ordering search runs at nodes with at least shallow_min_depth plies left and
        // is shallow_depth plies deep: its own nodes must be too shallow to order by
        // another ordering search, or the recursion never ends.
        check_range(
            "shallow_depth",
            c.shallow_depth.into(),
            1.0,
            MAX_SHALLOW_DEPTH.into(),
            "plies",
        )?;
        if c.shallow_min_depth <= c.shallow_depth || c.shallow_min_depth > 64 {
            return Err((
                "shallow_min_depth",
                format!(
                    "shallow_min_depth is {}, expected {}..=64 plies (more than shallow_depth)",
                    c.shallow_min_depth,
                    c.shallow_depth + 1
                ),
            ));
        }
        check_range(
            "stop_check_nodes",
            c.stop_check_nodes as f64,
            1.0,
            (1u64 << 20) as f64,
            "nodes",
        )?;
        check_range(
            "split_min_depth",
            c.split_min_depth.into(),
            1.0,
            64.0,
            "plies",
        )?;
        check_range(
            "exact_empties",
            c.exact_empties.into(),
            0.0,
            60.0,
            "empties",
        )?;
        check_range("wld_empties", c.wld_empties.into(), 0.0, 60.0, "empties")?;
        check_range(
            "probcut_t",
            c.probcut_t,
            0.0,
            10.0,
            "standard deviations (0: off)",
        )?;
        check_range(
            "probcut_eval_gate",
            c.probcut_eval_gate,
            0.0,
            10.0,
            "standard deviations (0: off)",
        )?;
        check_range(
            "timed_probcut_t",
            c.timed_probcut_t,
            0.0,
            10.0,
            "standard deviations (0: off)",
        )?;
        // The shallow search of a node must be shallower than the node (ProbCut recurses).
        check_range(
            "probcut_min_depth",
            c.probcut_min_depth.into(),
            2.0,
            64.0,
            "plies",
        )?;
        Ok(())
    }
}

/// The largest transposition table, in MiB (64 GiB).
pub const MAX_TT_MIB: usize = 65536;

/// The deepest ordering search ([`OrderingMode::Shallow`]), in plies.
const MAX_SHALLOW_DEPTH: u32 = 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_is_the_default_and_a_file_changes_only_its_keys() {
        let shipped = SearchConfig::shipped();
        assert_eq!(SearchConfig::default(), shipped);
        assert_eq!(crate::engine::SolverConfig::default(), shipped.solver);
        assert_eq!(SearchConfig::from_ron("s.ron", "()"), Ok(shipped.clone()));
        let text = "(tt_mib: 8, probcut_sigma: (base: 1.5), solver: (guess_depth: 4))";
        let c = SearchConfig::from_ron("s.ron", text).unwrap();
        let mut expected = shipped.clone();
        expected.tt_mib = 8;
        expected.probcut_sigma.base = 1.5;
        expected.solver.guess_depth = 4;
        assert_eq!(c, expected);
        // Every shipped value, so that a retune is seen here (and in config/README.md).
        let s = &shipped;
        assert_eq!(
            (s.tt_mib, s.algorithm, s.aspiration_window, s.tt_min_depth),
            (64, Algorithm::Mtdf, 2, 2)
        );
        assert_eq!(
            (
                s.use_table_move,
                s.ordering,
                s.order_min_depth,
                s.etc_min_depth
            ),
            (true, OrderingMode::Evaluation, 2, 3)
        );
        assert_eq!(
            (
                s.eval_order_min_depth,
                s.shallow_min_depth,
                s.shallow_depth,
                s.stop_check_nodes
            ),
            (4, 5, 2, 256)
        );
        assert_eq!(
            (
                s.exact_empties,
                s.wld_empties,
                s.probcut_t,
                s.probcut_min_depth
            ),
            (20, 22, 0.0, 3)
        );
        let v = &s.solver;
        assert_eq!(
            (
                v.table_min_empties,
                v.sort_search_min_empties,
                v.sort_eval_weight,
                v.sort_static_weight,
                v.sort_shallow_min_empties,
                v.sort_deeper_every,
                v.eval_sort_min_depth,
                v.guess_depth,
                v.guess_min_empties,
                v.etc_min_empties
            ),
            (7, 14, 320, 80, 16, 3, 3, 10, 16, 12)
        );
        assert_eq!(
            (
                v.sort_min_empties,
                v.near_table_max_empties,
                v.near_table_kib
            ),
            (7, 10, 1024)
        );
        assert_eq!((v.stability_margin, v.fine_square_order), (4, true));
        assert_eq!(
            (
                v.stability_cutoff,
                v.replace_by_cost,
                v.parity_ordering,
                v.fastest_first,
                v.table_move_first,
                v.last_four,
                v.mtd_step_growth
            ),
            (true, false, true, true, true, true, false)
        );
        assert_eq!(v.stop_check_nodes, 4096);
        assert_eq!(
            (
                v.selective_min_empties,
                v.selective_ladder.as_slice(),
                v.probcut_min_empties,
                v.probcut_depth,
                v.probcut_eval_gate
            ),
            (18, [1.5].as_slice(), 10, 2, 2.0)
        );
        assert_eq!(
            (
                v.probcut_sigma_base,
                v.probcut_sigma_per_empty,
                v.probcut_bias_even,
                v.probcut_bias_odd
            ),
            (5.25, 0.043, -0.71, 1.21)
        );
        let t = &s.time;
        assert_eq!(
            (t.solve_ms_at_20, t.solve_growth_per_empty, t.wld_speedup),
            (140.0, 2.43, 7.0)
        );
        assert_eq!(t.phase_weights, [(52, 0.4), (44, 0.8), (30, 1.3), (0, 1.0)]);
        assert_eq!(
            (t.hard_factor, t.wld_extra_empties, t.pre_solve_depth),
            (2.0, 2, 4)
        );
        assert_eq!(
            (
                t.pre_solve_depth_timed,
                t.growth_first,
                t.growth_min,
                t.growth_max
            ),
            (8, 4.0, 2.0, 8.0)
        );
    }

    #[test]
    fn time_management_follows_its_section() {
        let shipped = SearchConfig::shipped().time;
        // Growth: the last iteration took 100 ms after one of 10 ms (x10, held at 8).
        assert!(shipped.iteration_fits(&[0, 10, 110], 110, 910));
        assert!(!shipped.iteration_fits(&[0, 10, 110], 110, 909));
        // With no iteration before the last, growth_first.
        assert!(shipped.iteration_fits(&[0, 100], 100, 500));
        assert!(!shipped.iteration_fits(&[0, 100], 100, 499));
        let text = "(time: (solve_ms_at_20: 100.0, phase_weights: [(40, 2.0), (0, 0.5)], growth_max: 20.0))";
        let t = SearchConfig::from_ron("s.ron", text).unwrap().time;
        assert_eq!(t.expected_solve_ms(20, false), 100);
        assert_eq!(t.expected_solve_ms(22, false), 591);
        assert_eq!(t.expected_solve_ms(22, true), 85);
        assert_eq!(t.move_budget_ms(1000, 50), (2000, 4000));
        assert_eq!(t.move_budget_ms(1000, 39), (500, 1000));
        assert!(!t.iteration_fits(&[0, 10, 110], 110, 910));
        assert!(t.iteration_fits(&[0, 10, 110], 110, 1110));
        let err = |text: &str| {
            SearchConfig::from_ron("s.ron", text)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("(time: (\n  phase_weights: [(0, 1.0), (30, 1.3)],\n))"),
            "s.ron:2:3: time.phase_weights must list (empties, weight) pairs with empties decreasing, the last at 0"
        );
        assert_eq!(
            err("(time: (growth_min: 9.0))"),
            "s.ron:1:9: time.growth_min is 9, expected at most growth_max (8)"
        );
        assert_eq!(
            err("(time: (hard_factor: 0.5))"),
            "s.ron:1:9: time.hard_factor is 0.5, expected 1..=100 times"
        );
    }

    #[test]
    fn errors_name_file_and_line() {
        let e = SearchConfig::from_ron("s.ron", "(\n  tt_mib: 8,\n  nope: 1,\n)").unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("s.ron", 3));
        let e = SearchConfig::from_ron("s.ron", "(tt_mib: 0)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.ron:1:2: tt_mib is 0, expected 1..=65536 MiB"
        );
        let e = SearchConfig::from_ron("s.ron", "(probcut_t: -1.0)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.ron:1:2: probcut_t is -1, expected 0..=10 standard deviations (0: off)"
        );
    }

    #[test]
    fn every_range_is_checked_at_its_key() {
        // Issue 17: these crashed (stack overflow) or hung, or were reported at the wrong key.
        let err = |text: &str| {
            SearchConfig::from_ron("s.ron", text)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("(\n  probcut_t: 1.5,\n  probcut_min_depth: 1,\n)"),
            "s.ron:3:3: probcut_min_depth is 1, expected 2..=64 plies"
        );
        assert_eq!(
            err("(ordering: Shallow, shallow_min_depth: 0)"),
            "s.ron:1:21: shallow_min_depth is 0, expected 3..=64 plies (more than shallow_depth)"
        );
        assert_eq!(
            err("(ordering: Shallow,\n shallow_depth: 1000)"),
            "s.ron:2:2: shallow_depth is 1000, expected 1..=6 plies"
        );
        assert_eq!(
            err("(\n  // base: a comment\n  probcut_sigma: (\n    base: inf,\n  ),\n)"),
            "s.ron:4:5: probcut_sigma.base is inf, expected -64..=64 discs"
        );
        assert_eq!(
            err("(stop_check_nodes: 0)"),
            "s.ron:1:2: stop_check_nodes is 0, expected 1..=1048576 nodes"
        );
        assert_eq!(
            err("(wld_empties: 61)"),
            "s.ron:1:2: wld_empties is 61, expected 0..=60 empties"
        );
        assert_eq!(
            err("(solver: (\n  table_min_empties: 65,\n))"),
            "s.ron:2:3: solver.table_min_empties is 65, expected 0..=64 empties"
        );
        assert_eq!(
            err("(solver: (sort_eval_weight: -1))"),
            "s.ron:1:11: solver.sort_eval_weight is -1, expected 0..=100000 points per hundredth of a disc"
        );
        assert_eq!(
            err("(solver: (near_table_kib: 0))"),
            "s.ron:1:11: solver.near_table_kib is 0, expected 1..=65536 KiB"
        );
        assert_eq!(
            err("(solver: (stability_margin: 65))"),
            "s.ron:1:11: solver.stability_margin is 65, expected 0..=64 discs"
        );
        assert_eq!(
            err("(solver: (fail_low_margin: 256))"),
            "s.ron:1:11: solver.fail_low_margin is 256, expected 0..=255 discs"
        );
        assert_eq!(
            err("(solver: (guess_depth: 21))"),
            "s.ron:1:11: solver.guess_depth is 21, expected 0..=20 plies"
        );
        assert_eq!(
            err("(solver: (nope: 1))"),
            "s.ron:1:11: Unexpected field named `nope` in `SolverConfig`, expected one of \
             `table_min_empties`, `sort_min_empties`, `near_table_max_empties`, \
             `near_table_kib`, \
             `sort_search_min_empties`, `sort_eval_weight`, \
             `sort_static_weight`, `sort_shallow_min_empties`, `sort_deeper_every`, \
             `eager_cut_margin`, `fail_low_margin`, `eval_sort_min_depth`, `guess_depth`, \
             `guess_min_empties`, `etc_min_empties`, \
             `stability_cutoff`, `stability_margin`, `replace_by_cost`, \
             `fine_square_order`, `parity_ordering`, `fastest_first`, `table_move_first`, \
             `last_four`, `mtd_step_growth`, `stop_check_nodes`, `split_min_empties`, \
             `selective_min_empties`, `selective_ladder`, `probcut_min_empties`, \
             `probcut_depth`, `probcut_sigma_base`, `probcut_sigma_per_empty`, \
             `probcut_bias_even`, `probcut_bias_odd`, or `probcut_eval_gate` instead"
        );
        // A key of a section is placed in its section, not at a key of the same name
        // before it.
        assert_eq!(
            err("(\n  stop_check_nodes: 256,\n  solver: (\n    stop_check_nodes: 0,\n  ),\n)"),
            "s.ron:4:5: solver.stop_check_nodes is 0, expected 1..=1048576 nodes"
        );
        // A value left to its default is placed at its section.
        assert_eq!(
            err("(\n  time: (\n    growth_max: 1.5,\n  ),\n)"),
            "s.ron:2:3: time.growth_min is 2, expected at most growth_max (1.5)"
        );
        assert_eq!(SearchConfig::shipped().check(), Ok(()));
    }

    #[test]
    fn the_hints_stop_where_the_strongest_level_would() {
        let t = SearchConfig::shipped().time;
        assert_eq!(t.hints_ms, 3_000);
        // 3 s times the phase's weight: 0.4 in the opening, 1.3 in the middle game; the
        // hard limit twice that.
        let at = |empties| {
            let l = t.hints_limits(empties);
            (l.depth, l.soft_time_ms, l.time_ms)
        };
        assert_eq!(at(56), (None, Some(1_200), Some(2_400)));
        assert_eq!(at(36), (None, Some(3_900), Some(7_800)));
        assert_eq!(at(20), (None, Some(3_000), Some(6_000)));
    }

    #[test]
    fn shipped_probcut_model_is_the_fit() {
        // The numbers `cargo bench --bench probcut` printed (see config/search.ron).
        let c = SearchConfig::shipped();
        assert_eq!(c.probcut_t, 0.0);
        assert_eq!((c.probcut_min_depth, c.probcut_eval_gate), (3, 2.0));
        assert_eq!(
            c.probcut_sigma,
            ProbCutSigma {
                base: 4.75,
                per_ply: 0.043,
                per_empty: -0.066,
                bias_odd: -0.03,
                bias_even: -0.15,
                end_base: 6.6,
                end_per_empty: -0.15,
                end_bias: 0.3,
                shallow_share: 0.5,
            }
        );
        assert_eq!((c.timed_probcut_t, c.endgame_ladder), (1.0, true));
        let pc = crate::engine::search::ProbCut {
            t: 1.5,
            min_depth: 4,
            sigma: c.probcut_sigma,
            endgame: false,
            eval_gate: c.probcut_eval_gate,
        };
        // sigma = 4.75 + 0.043 * 12 - 0.066 * 30 = 3.286 discs; bias -0.15 at an even depth.
        let (bias, margin) = pc.margin(12, 30);
        assert_eq!(bias, -0.15);
        assert!((margin - 1.5 * 3.286).abs() < 1e-9, "{margin}");
        // With 64 empties the model would go below a disc (0.698): held at one.
        assert_eq!(pc.margin(4, 64), (-0.15, 1.5));
        let shallow: Vec<u32> = (4..=16)
            .map(crate::engine::search::ProbCut::shallow_depth)
            .collect();
        assert_eq!(shallow, [2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8]);
    }
}
