//! Every search knob in one place, loaded from `config/search.ron`.

use crate::engine::config_error::{ConfigError, parse_ron};
use crate::engine::search::alphabeta::Algorithm;

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

/// The search's settings. Every field has a default (see `config/search.ron`); a RON file
/// may give any subset.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchConfig {
    /// Transposition-table size in MiB.
    pub tt_mib: usize,
    /// The root driver.
    pub algorithm: Algorithm,
    /// Half-width in discs of PVS's aspiration window.
    pub aspiration_window: i32,
    /// Nodes with fewer plies left than this skip the transposition table.
    pub tt_min_depth: u32,
    /// Search the table's best move first.
    pub use_table_move: bool,
    /// How the other moves are ordered.
    pub ordering: OrderingMode,
    /// Nodes with fewer plies left than this keep square order (ordering would cost more
    /// than it saves).
    pub order_min_depth: u32,
    /// Nodes with at least this many plies left order by the evaluation after the move
    /// (fastest first below).
    pub eval_order_min_depth: u32,
    /// Nodes with at least this many plies left order by a shallow search.
    pub shallow_min_depth: u32,
    /// Depth in plies of the ordering search.
    pub shallow_depth: u32,
    /// Nodes between two looks at the stop flag and the limits.
    pub stop_check_nodes: u64,
    /// At or below this many empties the root is solved exactly by the endgame solver.
    pub exact_empties: u32,
    /// At or below this many empties (and above `exact_empties`) the root is solved for
    /// win, loss or draw only.
    pub wld_empties: u32,
    /// ProbCut's confidence in standard deviations (0: off, every node searched to its full
    /// depth). A node `d` plies deep is cut when a shallow search predicts that its value
    /// lies outside the window with this confidence; see
    /// [`ProbCut`](crate::engine::search::ProbCut).
    pub probcut_t: f64,
    /// Nodes with at least this many plies left try a ProbCut.
    pub probcut_min_depth: u32,
    /// The model of the deep search's error, see
    /// [`ProbCut`](crate::engine::search::ProbCut).
    pub probcut_sigma: ProbCutSigma,
}

/// ProbCut's model of how far a deep search's value strays from a shallow one's: the
/// standard deviation in discs of `v_d - v_s` is `base + per_ply * d + per_empty * empties`,
/// and its mean is `bias_odd` when `d` is odd, `bias_even` when even. Fitted by
/// `cargo bench --bench probcut`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ProbCutSigma {
    /// The constant term, in discs.
    pub base: f64,
    /// Discs per ply of the deep search.
    pub per_ply: f64,
    /// Discs per empty square.
    pub per_empty: f64,
    /// Mean of `v_d - v_s` for an odd `d`.
    pub bias_odd: f64,
    /// Mean of `v_d - v_s` for an even `d`.
    pub bias_even: f64,
}

impl Default for ProbCutSigma {
    fn default() -> ProbCutSigma {
        ProbCutSigma {
            base: 5.48,
            per_ply: 0.028,
            per_empty: -0.073,
            bias_odd: -0.28,
            bias_even: -0.21,
        }
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            tt_mib: 64,
            algorithm: Algorithm::Mtdf,
            aspiration_window: 2,
            tt_min_depth: 2,
            use_table_move: true,
            ordering: OrderingMode::Mobility,
            order_min_depth: 2,
            eval_order_min_depth: 4,
            shallow_min_depth: 5,
            shallow_depth: 2,
            stop_check_nodes: 256,
            exact_empties: 20,
            wld_empties: 22,
            probcut_t: 0.0,
            probcut_min_depth: 4,
            probcut_sigma: ProbCutSigma::default(),
        }
    }
}

/// The shipped settings, compiled in.
const DEFAULT_RON: &str = include_str!("../../../config/search.ron");

impl SearchConfig {
    /// The shipped settings (`config/search.ron`).
    pub fn shipped() -> SearchConfig {
        SearchConfig::from_ron("config/search.ron", DEFAULT_RON)
            .expect("the shipped config/search.ron is valid")
    }

    /// Reads settings from RON text; `file` names it in errors. Missing keys keep their
    /// defaults; unknown keys are errors.
    ///
    /// # Errors
    /// [`ConfigError`] for malformed RON, an unknown key or an out-of-range value.
    pub fn from_ron(file: &str, text: &str) -> Result<SearchConfig, ConfigError> {
        let c: SearchConfig = parse_ron(file, text)?;
        c.check()
            .map_err(|(key, message)| ConfigError::at_key(file, text, key, message))?;
        Ok(c)
    }

    /// Checks every value against its range: `Err((key, message))` for the first that is
    /// out of it. The one place where the search's settings are range-checked: RON files,
    /// command-line flags and levels all come through here.
    ///
    /// # Errors
    /// The key (as written in `search.ron`; `base` for `probcut_sigma.base`) and a message
    /// naming the value and the range.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
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
        // The shallow search of a node must be shallower than the node (ProbCut recurses).
        check_range(
            "probcut_min_depth",
            c.probcut_min_depth.into(),
            2.0,
            64.0,
            "plies",
        )?;
        let m = &c.probcut_sigma;
        for (key, value) in [
            ("base", m.base),
            ("per_ply", m.per_ply),
            ("per_empty", m.per_empty),
            ("bias_odd", m.bias_odd),
            ("bias_even", m.bias_even),
        ] {
            check_range(key, value, -64.0, 64.0, "discs")
                .map_err(|(k, msg)| (k, format!("probcut_sigma.{msg}")))?;
        }
        Ok(())
    }
}

/// The largest transposition table, in MiB (64 GiB).
pub const MAX_TT_MIB: usize = 65536;

/// The deepest ordering search ([`OrderingMode::Shallow`]), in plies.
const MAX_SHALLOW_DEPTH: u32 = 6;

/// `Err((key, "key is V, expected LO..=HI unit"))` unless `lo <= value <= hi` (NaN fails).
fn check_range(
    key: &'static str,
    value: f64,
    lo: f64,
    hi: f64,
    unit: &str,
) -> Result<(), (&'static str, String)> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err((
            key,
            format!("{key} is {value}, expected {lo}..={hi} {unit}"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_file_parses() {
        let c = SearchConfig::shipped();
        assert_eq!(c.algorithm, Algorithm::Mtdf);
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
        assert_eq!(SearchConfig::shipped().check(), Ok(()));
    }

    #[test]
    fn shipped_probcut_model_is_the_fit() {
        // The numbers `cargo bench --bench probcut` printed (see config/search.ron).
        let c = SearchConfig::shipped();
        assert_eq!(c.probcut_t, 0.0);
        assert_eq!(c.probcut_min_depth, 4);
        assert_eq!(c.probcut_sigma, ProbCutSigma::default());
        let pc = crate::engine::search::ProbCut {
            t: 1.5,
            min_depth: 4,
            sigma: c.probcut_sigma,
        };
        // sigma = 5.48 + 0.028 * 12 - 0.073 * 30 = 3.626 discs; bias -0.21 at an even depth.
        let (bias, margin) = pc.margin(12, 30);
        assert_eq!(bias, -0.21);
        assert!((margin - 1.5 * 3.626).abs() < 1e-9, "{margin}");
        // With 64 empties the model would go below a disc (0.92): held at one.
        assert_eq!(pc.margin(4, 64), (-0.21, 1.5));
        let shallow: Vec<u32> = (4..=16)
            .map(crate::engine::search::ProbCut::shallow_depth)
            .collect();
        assert_eq!(shallow, [2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8]);
    }
}
