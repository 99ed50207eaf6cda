//! Every search knob in one place, loaded from `config/search.ron`.

use crate::engine::config_error::{ConfigError, parse_ron};
use crate::engine::search::core::Algorithm;

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
            base: 7.0,
            per_ply: 0.045,
            per_empty: -0.10,
            bias_odd: -0.8,
            bias_even: -0.3,
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
        if !(1..=65536).contains(&c.tt_mib) {
            return Err(ConfigError::invalid(
                file,
                format!("tt_mib is {}, expected 1..=65536", c.tt_mib),
            ));
        }
        if !(1..=64).contains(&c.aspiration_window) {
            return Err(ConfigError::invalid(
                file,
                format!(
                    "aspiration_window is {}, expected 1..=64",
                    c.aspiration_window
                ),
            ));
        }
        if c.exact_empties > 60 || c.wld_empties > 60 {
            return Err(ConfigError::invalid(
                file,
                format!(
                    "exact_empties {} and wld_empties {} must be at most 60",
                    c.exact_empties, c.wld_empties
                ),
            ));
        }
        let m = &c.probcut_sigma;
        if !(0.0..=10.0).contains(&c.probcut_t)
            || ![m.base, m.per_ply, m.per_empty, m.bias_odd, m.bias_even]
                .iter()
                .all(|x| x.is_finite())
        {
            return Err(ConfigError::invalid(
                file,
                format!(
                    "probcut_t is {}, expected 0..=10 (0: off), and the probcut_sigma terms \
                     must be numbers",
                    c.probcut_t
                ),
            ));
        }
        if c.stop_check_nodes == 0 || c.stop_check_nodes > 1 << 20 {
            return Err(ConfigError::invalid(
                file,
                format!(
                    "stop_check_nodes is {}, expected 1..=1048576",
                    c.stop_check_nodes
                ),
            ));
        }
        Ok(c)
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
        assert_eq!(e.to_string(), "s.ron: tt_mib is 0, expected 1..=65536");
        let e = SearchConfig::from_ron("s.ron", "(probcut_t: -1.0)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.ron: probcut_t is -1, expected 0..=10 (0: off), and the probcut_sigma terms \
             must be numbers"
        );
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
        // sigma = 7.0 + 0.045 * 12 - 0.10 * 30 = 4.54 discs; bias -0.3 at an even depth.
        let (bias, margin) = pc.margin(12, 30);
        assert_eq!(bias, -0.3);
        assert!((margin - 1.5 * 4.54).abs() < 1e-9, "{margin}");
        // With 64 empties the model would go below a disc (0.78): held at one.
        assert_eq!(pc.margin(4, 64), (-0.3, 1.5));
        let shallow: Vec<u32> = (4..=16)
            .map(crate::engine::search::ProbCut::shallow_depth)
            .collect();
        assert_eq!(shallow, [2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8]);
    }
}
