//! The pattern evaluator: phase-interpolated feature weights plus pattern tables, built
//! once from the RON files into one table per number of empties (0..=60), in hundredths of
//! a disc, so that an evaluation is a few look-ups.

use std::sync::{Arc, OnceLock};

use crate::engine::board::Board;
use crate::engine::config_error::ConfigError;
use crate::engine::eval::Evaluate;
use crate::engine::eval::features::{FEATURE_COUNT, features, features_of};
use crate::engine::eval::params::{
    EvalFile, family, interpolation, parse_eval_file, parse_pattern_file,
};
use crate::engine::eval::pattern::{MAX_INSTANCES, PatternFamily, Planes};

/// Returns a pattern file's (file name, text) for a family name.
pub type PatternSource<'a> = dyn FnMut(&str) -> Result<(String, String), ConfigError> + 'a;

/// Phases: positions have 0..=60 empties.
const PHASES: usize = 61;

/// One family's values for every number of empties.
#[derive(Clone, Debug, PartialEq)]
struct Table {
    family: PatternFamily,
    /// `values[empties * size + index]`, hundredths of a disc.
    values: Vec<i16>,
    /// Keyframe values of the listed configurations, as read: (canonical index, values).
    entries: Vec<(usize, Vec<f32>)>,
}

/// The evaluator of `config/eval.ron` and its pattern tables.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternEval {
    file: EvalFile,
    /// Feature weights for each number of empties, hundredths of a disc per unit.
    weights: Vec<[i32; FEATURE_COUNT]>,
    /// The features with a weight somewhere (the others are not computed).
    active: [bool; FEATURE_COUNT],
    tables: Vec<Table>,
}

/// The shipped files, compiled in so that the binaries run from any folder.
const SHIPPED_EVAL: &str = include_str!("../../../config/eval.ron");
const SHIPPED_PATTERNS: [(&str, &str); 3] = [
    ("edge", include_str!("../../../config/patterns/edge.ron")),
    (
        "corner3x3",
        include_str!("../../../config/patterns/corner3x3.ron"),
    ),
    (
        "corner2x5",
        include_str!("../../../config/patterns/corner2x5.ron"),
    ),
];

/// The shipped text of `config/patterns/<name>.ron`, if the family exists.
pub fn shipped_pattern_text(name: &str) -> Option<&'static str> {
    SHIPPED_PATTERNS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

/// The shipped text of `config/eval.ron`.
pub fn shipped_eval_text() -> &'static str {
    SHIPPED_EVAL
}

fn interpolate(values: &[f32], phases: &[u32], empties: u32) -> f32 {
    let (i, j, t) = interpolation(phases, empties);
    values[i] * (1.0 - t) + values[j] * t
}

fn centidiscs(v: f32) -> i32 {
    (v * 100.0).round() as i32
}

impl Default for PatternEval {
    fn default() -> PatternEval {
        PatternEval::shipped()
    }
}

impl PatternEval {
    /// The evaluator of the shipped files, built on first use and shared afterwards (the
    /// files are megabytes of RON: about 0.2 s to read).
    pub fn shipped_shared() -> Arc<PatternEval> {
        static SHIPPED: OnceLock<Arc<PatternEval>> = OnceLock::new();
        Arc::clone(SHIPPED.get_or_init(|| Arc::new(PatternEval::shipped())))
    }

    /// The evaluator of the shipped files, built anew. See [`PatternEval::shipped_shared`].
    pub fn shipped() -> PatternEval {
        PatternEval::load("config/eval.ron", SHIPPED_EVAL, &mut |name| {
            let text = shipped_pattern_text(name).ok_or_else(|| {
                ConfigError::invalid("config/eval.ron", format!("no shipped table {name}"))
            })?;
            Ok((format!("config/patterns/{name}.ron"), text.to_string()))
        })
        .expect("the shipped evaluation files are valid")
    }

    /// Builds the evaluator from `eval.ron`'s text (named `eval_file` in errors) and the
    /// pattern files it lists, which `pattern_text(name)` returns as (file name, text).
    ///
    /// # Errors
    /// The first [`ConfigError`] found in any file; nothing is built then.
    pub fn load(
        eval_file: &str,
        eval_text: &str,
        pattern_text: &mut PatternSource<'_>,
    ) -> Result<PatternEval, ConfigError> {
        let file = parse_eval_file(eval_file, eval_text)?;
        let mut tables = Vec::new();
        for name in &file.patterns {
            let family = family(name).expect("validated");
            let (pattern_file, text) = pattern_text(name)?;
            let entries = parse_pattern_file(&pattern_file, &text, &family, file.phases.len())?;
            tables.push(Table {
                family,
                values: Vec::new(),
                entries,
            });
        }
        let mut eval = PatternEval {
            file,
            weights: Vec::new(),
            active: [true; FEATURE_COUNT],
            tables,
        };
        eval.build();
        Ok(eval)
    }

    /// Fills the per-empties arrays from the keyframe values.
    fn build(&mut self) {
        let phases = self.file.phases.clone();
        self.weights = (0..PHASES as u32)
            .map(|e| {
                let rows = self.file.weights();
                std::array::from_fn(|f| centidiscs(interpolate(rows[f], &phases, e)))
            })
            .collect();
        self.active = std::array::from_fn(|f| self.weights.iter().any(|w| w[f] != 0));
        for table in &mut self.tables {
            let size = table.family.table_size();
            table.values = vec![0; PHASES * size];
            for (canonical, values) in &table.entries {
                let mirror = table.family.mirror_index(*canonical);
                for e in 0..PHASES {
                    let v = centidiscs(interpolate(values, &phases, e as u32))
                        .clamp(i16::MIN as i32, i16::MAX as i32) as i16;
                    table.values[e * size + canonical] = v;
                    table.values[e * size + mirror] = v;
                }
            }
        }
    }

    /// The parsed `eval.ron`.
    pub fn file(&self) -> &EvalFile {
        &self.file
    }

    /// The families in use with their listed entries (canonical index, keyframe values).
    pub fn tables(&self) -> impl Iterator<Item = (&PatternFamily, &[(usize, Vec<f32>)])> {
        self.tables
            .iter()
            .map(|t| (&t.family, t.entries.as_slice()))
    }

    /// The evaluation in hundredths of a disc, unclamped, computed from scratch.
    #[inline]
    pub fn evaluate_centidiscs(&self, board: &Board) -> i32 {
        // Boards with fewer than four discs (no game reaches one; parsers refuse them) use
        // the 60-empties tables rather than reading past them.
        let e = (board.empty_count() as usize).min(PHASES - 1);
        let f = features_of(board, &self.active);
        let w = &self.weights[e];
        let mut score: i32 = f.iter().zip(w).map(|(a, b)| a * b).sum();
        let mut indices = [0u32; MAX_INSTANCES];
        let planes = Planes::new(board);
        for table in &self.tables {
            let size = table.family.table_size();
            let values = &table.values[e * size..(e + 1) * size];
            let n = table.family.indices_from(&planes, &mut indices);
            for &i in &indices[..n] {
                score += i32::from(values[i as usize]);
            }
        }
        score
    }

    /// The same, the slow way: features and every pattern instance square by square, with
    /// keyframe values interpolated on the spot (the reference for tests).
    pub fn evaluate_reference(&self, board: &Board) -> i32 {
        let e = board.empty_count();
        let rows = self.file.weights();
        let f = features(board);
        let mut score: i32 = (0..FEATURE_COUNT)
            .map(|k| f[k] * centidiscs(interpolate(rows[k], &self.file.phases, e)))
            .sum();
        for table in &self.tables {
            let fam = &table.family;
            for squares in fam.instances() {
                let index = fam.canonical(PatternFamily::index_of_reference(board, &squares));
                let v = table
                    .entries
                    .iter()
                    .find(|(c, _)| *c == index)
                    .map_or(0, |(_, vals)| {
                        centidiscs(interpolate(vals, &self.file.phases, e))
                            .clamp(i16::MIN as i32, i16::MAX as i32)
                    });
                score += v;
            }
        }
        score
    }
}

impl Evaluate for PatternEval {
    #[inline]
    fn evaluate(&self, board: &Board) -> i32 {
        let cd = self.evaluate_centidiscs(board);
        ((cd + 50 * cd.signum()) / 100).clamp(-63, 63)
    }

    fn evaluate_centidiscs(&self, board: &Board) -> i32 {
        PatternEval::evaluate_centidiscs(self, board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_beyond_sixty_empties_use_the_last_phase() {
        // Three discs (61 empties) read past the 61 phase tables before issue 17's fix.
        let eval = PatternEval::shipped_shared();
        let three = Board::new(1 << 27, (1 << 28) | (1 << 35));
        let four = Board::new(1 << 27, (1 << 28) | (1 << 35) | (1 << 36));
        assert_eq!(three.empty_count(), 61);
        let reference = eval.evaluate_reference(&three);
        assert_eq!(eval.evaluate_centidiscs(&three), reference);
        assert_eq!(four.empty_count(), 60);
        assert_eq!(
            eval.evaluate_centidiscs(&four),
            eval.evaluate_reference(&four)
        );
    }
}
