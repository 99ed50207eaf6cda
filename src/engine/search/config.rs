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
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    }
}
