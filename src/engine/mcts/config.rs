//! The knobs of Monte Carlo tree search: `config/mcts.ron`.

use crate::engine::config::error::{ConfigError, parse_ron};
use crate::engine::config::shipped::{ShippedFile, shipped_defaults};
use crate::engine::control::check_range;

/// The shipped `config/mcts.ron`, compiled in.
pub const DEFAULT_MCTS_RON: &str = include_str!("../../../config/mcts.ron");

/// How a playout chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PlayoutPolicy {
    /// Each legal move as likely.
    Random,
    /// Moves weighted by [`HeavyWeights`]: corners sought, squares next to an empty corner
    /// avoided, moves that leave the opponent few replies preferred.
    Heavy,
}

/// The weights of [`PlayoutPolicy::Heavy`]: a move's weight is its square's weight times
/// `mobility_base ^ -(the opponent's legal moves after it)`; a move is chosen with
/// probability proportional to its weight.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeavyWeights {
    /// A corner.
    #[serde(default = "shipped_heavy::corner")]
    pub corner: f64,
    /// The diagonal neighbour of an empty corner (b2, g2, b7, g7).
    #[serde(default = "shipped_heavy::x_square")]
    pub x_square: f64,
    /// An edge neighbour of an empty corner (b1, a2, ...).
    #[serde(default = "shipped_heavy::c_square")]
    pub c_square: f64,
    /// Any other edge square.
    #[serde(default = "shipped_heavy::edge")]
    pub edge: f64,
    /// Every other square.
    #[serde(default = "shipped_heavy::other")]
    pub other: f64,
    /// The base of the mobility factor (1: mobility ignored).
    #[serde(default = "shipped_heavy::mobility_base")]
    pub mobility_base: f64,
}

impl Default for HeavyWeights {
    /// The shipped weights (`config/mcts.ron`'s `heavy`).
    fn default() -> HeavyWeights {
        MctsConfig::shipped().heavy
    }
}

/// Every constant of Monte Carlo tree search (`config/mcts.ron`). `Default` is the shipped
/// file; in a designer's copy every key is optional (left out, the shipped value).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MctsConfig {
    /// UCT's exploration constant `C`: a child scores
    /// `mean + C * sqrt(ln(parent visits) / child visits)` (means are win rates, 0..=1).
    #[serde(default = "shipped_mcts::exploration")]
    pub exploration: f64,
    /// How playouts choose their moves.
    #[serde(default = "shipped_mcts::playout")]
    pub playout: PlayoutPolicy,
    /// The weights of heavy playouts.
    #[serde(default = "shipped_mcts::heavy")]
    pub heavy: HeavyWeights,
    /// Progressive bias: a child also scores `prior_weight * h / (visits + 1)`, `h` the
    /// evaluator's opinion of the move in 0..=1. 0 turns priors off.
    #[serde(default = "shipped_mcts::prior_weight")]
    pub prior_weight: f64,
    /// The evaluator's score in discs `s` becomes `h = 1 / (1 + exp(-s / prior_scale_discs))`;
    /// the same curve maps a win rate back to discs in [`crate::engine::MctsInfo::search_info`].
    #[serde(default = "shipped_mcts::prior_scale_discs")]
    pub prior_scale_discs: f64,
    /// A leaf with at most this many empty squares is solved exactly (win/loss/draw) by the
    /// endgame solver instead of played out (MCTS-Solver); 0: only finished games are proven.
    #[serde(default = "shipped_mcts::solver_empties")]
    pub solver_empties: u32,
    /// The solver's table in MiB.
    #[serde(default = "shipped_mcts::solver_table_mib")]
    pub solver_table_mib: usize,
    /// A leaf gets its children once it has been visited this many times (the root always
    /// has them).
    #[serde(default = "shipped_mcts::expand_visits")]
    pub expand_visits: u32,
    /// The tree grows no further than this many nodes; playouts go on from its leaves.
    #[serde(default = "shipped_mcts::max_nodes")]
    pub max_nodes: u32,
    /// Iterations between two looks at the clock (the stop flag is read every iteration).
    #[serde(default = "shipped_mcts::clock_check_playouts")]
    pub clock_check_playouts: u32,
    /// Milliseconds between two progress reports.
    #[serde(default = "shipped_mcts::progress_ms")]
    pub progress_ms: u64,
}

impl Default for MctsConfig {
    /// The shipped settings (`config/mcts.ron`).
    fn default() -> MctsConfig {
        MctsConfig::shipped()
    }
}

/// The shipped settings, read once.
static SHIPPED: ShippedFile<MctsConfig> =
    ShippedFile::new("config/mcts.ron", DEFAULT_MCTS_RON, MctsConfig::from_ron);

shipped_defaults!(shipped_mcts, SHIPPED, "", |c| c, {
    exploration: f64,
    playout: PlayoutPolicy,
    heavy: HeavyWeights,
    prior_weight: f64,
    prior_scale_discs: f64,
    solver_empties: u32,
    solver_table_mib: usize,
    expand_visits: u32,
    max_nodes: u32,
    clock_check_playouts: u32,
    progress_ms: u64,
});

shipped_defaults!(shipped_heavy, SHIPPED, "heavy.", |c| c.heavy, {
    corner: f64,
    x_square: f64,
    c_square: f64,
    edge: f64,
    other: f64,
    mobility_base: f64,
});

impl MctsConfig {
    /// The shipped settings (`config/mcts.ron`, compiled in; read once).
    pub fn shipped() -> MctsConfig {
        SHIPPED.get().clone()
    }

    /// Reads a RON text (`file` names it in errors); keys left out keep their shipped value.
    ///
    /// # Errors
    /// [`ConfigError`] with the line and column of a syntax error, an unknown key, or a value
    /// out of its range.
    pub fn from_ron(file: &str, text: &str) -> Result<MctsConfig, ConfigError> {
        let config: MctsConfig = parse_ron(file, text)?;
        config
            .check()
            .map_err(|(key, message)| ConfigError::at_key(file, text, key, message))?;
        Ok(config)
    }

    /// Checks every value's range: `Err((key path, message))`.
    ///
    /// # Errors
    /// The first key out of range.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        check_range("exploration", self.exploration, 0.0, 100.0, "")?;
        check_range("prior_weight", self.prior_weight, 0.0, 100.0, "")?;
        check_range(
            "prior_scale_discs",
            self.prior_scale_discs,
            0.1,
            64.0,
            "discs",
        )?;
        check_range(
            "solver_empties",
            self.solver_empties.into(),
            0.0,
            20.0,
            "empties",
        )?;
        check_range(
            "solver_table_mib",
            self.solver_table_mib as f64,
            1.0,
            1024.0,
            "MiB",
        )?;
        check_range(
            "expand_visits",
            self.expand_visits.into(),
            0.0,
            1_000_000.0,
            "visits",
        )?;
        check_range("max_nodes", self.max_nodes.into(), 1000.0, 1e9, "nodes")?;
        check_range(
            "clock_check_playouts",
            self.clock_check_playouts.into(),
            1.0,
            1_000_000.0,
            "playouts",
        )?;
        check_range(
            "progress_ms",
            self.progress_ms as f64,
            1.0,
            3_600_000.0,
            "ms",
        )?;
        let h = &self.heavy;
        for (key, value) in [
            ("heavy.corner", h.corner),
            ("heavy.x_square", h.x_square),
            ("heavy.c_square", h.c_square),
            ("heavy.edge", h.edge),
            ("heavy.other", h.other),
        ] {
            check_range(key, value, 0.001, 1000.0, "(a weight)")?;
        }
        check_range("heavy.mobility_base", h.mobility_base, 1.0, 10.0, "")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_reads_as_measured() {
        // The settings the Monte Carlo level was measured with (config/README.md).
        assert_eq!(
            MctsConfig::default(),
            MctsConfig {
                exploration: 0.7,
                playout: PlayoutPolicy::Random,
                heavy: HeavyWeights {
                    corner: 20.0,
                    x_square: 0.1,
                    c_square: 0.5,
                    edge: 2.0,
                    other: 1.0,
                    mobility_base: 1.25,
                },
                prior_weight: 1.0,
                prior_scale_discs: 8.0,
                solver_empties: 10,
                solver_table_mib: 4,
                expand_visits: 1,
                max_nodes: 4_000_000,
                clock_check_playouts: 256,
                progress_ms: 500,
            }
        );
    }

    #[test]
    fn a_file_changes_only_its_keys() {
        let c = MctsConfig::from_ron("m.ron", "(prior_weight: 0.0, heavy: (corner: 5.0))").unwrap();
        assert_eq!(c.prior_weight, 0.0);
        assert_eq!(c.heavy.corner, 5.0);
        assert_eq!(c.heavy.x_square, 0.1);
        assert_eq!(c.exploration, 0.7);
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let e = MctsConfig::from_ron("my/mcts.ron", "(\n  exploration: 0.5,\n  explore: 1,\n)")
            .unwrap_err();
        assert_eq!((e.file.as_str(), e.line, e.column), ("my/mcts.ron", 3, 3));
        assert!(e.message.contains("explore"), "{}", e.message);
        let e = MctsConfig::from_ron(
            "m.ron",
            "(\n  playout: Heavy,\n  heavy: (\n    corner: -1.0,\n  ),\n)",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.ron:4:5: heavy.corner is -1, expected 0.001..=1000 (a weight)"
        );
        let e = MctsConfig::from_ron("m.ron", "(playout: Sometimes)").unwrap_err();
        assert_eq!((e.line, e.column), (1, 11));
    }
}
