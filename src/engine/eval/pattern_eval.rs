//! The pattern evaluator: phase-interpolated feature weights plus pattern tables, built
//! once from the RON files in hundredths of a disc: feature weights for each number of
//! empties (0..=60), and pattern values blended for each number of empties.
//!
//! An evaluation is the exact blend of the instances' values at the two keyframes around
//! the position's empties, rounded once: `((den - num) * sum_a + num * sum_b) / den`. Each
//! table holds, for every number of empties, each configuration's `(den - num) * a + num *
//! b`, the blend's numerator, so an instance costs one access of two bytes and a search,
//! whose leaves share a few numbers of empties, keeps a slice of 330 KB hot (all eleven
//! families) instead of two keyframes' values side by side (twice that). A numerator that
//! does not fit 16 bits (a designer's table with values beyond 32 discs, or keyframes far
//! apart) leaves the evaluator on the keyframe pairs: one slice per pair of neighbouring
//! keyframes, both values side by side, blended after the sums. Both give the same value.

use std::sync::{Arc, OnceLock};

use crate::engine::board::Board;
use crate::engine::config::error::ConfigError;
use crate::engine::eval::features::{FEATURE_COUNT, features, features_of, features_with_moves};
use crate::engine::eval::indices::{self, PatternIndices, SLOTS};
use crate::engine::eval::params::{
    EvalFile, family, interpolation, parse_eval_file, parse_pattern_file,
};
use crate::engine::eval::pattern::{PatternFamily, Planes};
use crate::engine::eval::{Evaluate, to_discs};

/// Returns a pattern file's (file name, text) for a family name.
pub type PatternSource<'a> = dyn FnMut(&str) -> Result<(String, String), ConfigError> + 'a;

/// Numbers of empties the feature weights are built for: positions have 0..=60.
const PHASES: usize = 61;

/// One family's keyframe values, laid out for the evaluation.
#[derive(Clone, Debug, PartialEq)]
struct Table {
    family: PatternFamily,
    /// The family's table size, 3^squares (kept: the evaluation would compute it).
    size: usize,
    /// The family's first slot in [`PatternIndices`] and its number of instances.
    slots: (usize, usize),
    /// `pairs[k * size + index]`: hundredths of a disc at keyframes `k` and `k + 1` (the
    /// last keyframe's twice for the last `k`), for every index (mirror images included).
    /// The two values an evaluation blends share one access; a search's positions lie
    /// between two or three keyframes, so it reads one or two slices, which stay in the
    /// cache. Empty when the evaluator is [compact](PatternEval::compact).
    pairs: Vec<[i16; 2]>,
    /// `by_empties[e * size + index]`: the blend's numerator at `e` empties (see the module
    /// docs); empty when the evaluator is not compact.
    by_empties: Vec<i16>,
    /// Keyframe values of the listed configurations, as read: (canonical index, values).
    entries: Vec<(usize, Vec<f32>)>,
}

impl Table {
    /// Calls `f` with the index of every instance: read from `indices` when given (the
    /// search's, kept move by move), from `planes` otherwise.
    #[inline(always)]
    fn each_index(
        &self,
        planes: &Option<Planes>,
        indices: Option<&[u16; SLOTS]>,
        mut f: impl FnMut(u32),
    ) {
        match (indices, planes) {
            (Some(ix), _) => {
                let (first, count) = self.slots;
                for &i in &ix[first..first + count] {
                    f(u32::from(i));
                }
            }
            (None, Some(planes)) => self.family.each_index(planes, f),
            (None, None) => unreachable!("planes are made when no indices are given"),
        }
    }
}

/// How a number of empties interpolates between keyframes `i` and `j` (`i + 1`, or `i`
/// outside the keyframes), in integers: `(v[i] * (den - num) + v[j] * num) / den`, rounded
/// half away from zero.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Blend {
    pub(super) i: usize,
    pub(super) j: usize,
    pub(super) num: i32,
    pub(super) den: i32,
}

impl Blend {
    pub(super) fn new(phases: &[u32], empties: u32) -> Blend {
        let (i, j, _) = interpolation(phases, empties);
        if i == j {
            return Blend {
                i,
                j,
                num: 0,
                den: 1,
            };
        }
        let (hi, lo) = (phases[i], phases[j]);
        Blend {
            i,
            j,
            num: (hi - empties) as i32,
            den: (hi - lo) as i32,
        }
    }

    /// The blend of `a` (keyframe `i`) and `b` (keyframe `j`).
    #[inline]
    pub(super) fn apply(self, a: i32, b: i32) -> i32 {
        self.round(self.numerator(a, b))
    }

    /// The blend's numerator, `a * (den - num) + b * num`: it adds up over instances.
    #[inline]
    pub(super) fn numerator(self, a: i32, b: i32) -> i32 {
        a * (self.den - self.num) + b * self.num
    }

    /// A sum of numerators divided by `den`, rounded half away from zero.
    #[inline]
    pub(super) fn round(self, x: i32) -> i32 {
        (x + x.signum() * (self.den / 2)) / self.den
    }
}

/// The evaluator of `config/eval.ron` and its pattern tables.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternEval {
    file: EvalFile,
    /// Feature weights for each number of empties, hundredths of a disc per unit.
    weights: Vec<[i32; FEATURE_COUNT]>,
    /// The features with a weight somewhere (the others are not computed).
    active: [bool; FEATURE_COUNT],
    /// For each number of empties, how the tables' keyframes blend.
    blends: Vec<Blend>,
    tables: Vec<Table>,
    /// Every table's blend numerators fit 16 bits: they are held per number of empties.
    compact: bool,
}

/// The shipped files, compiled in so that the binaries run from any folder.
const SHIPPED_EVAL: &str = include_str!("../../../config/eval.ron");
/// `(name, text)` of a shipped pattern file, `config/patterns/<name>.ron`.
macro_rules! shipped {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../config/patterns/", $name, ".ron")),
        )
    };
}
const SHIPPED_PATTERNS: [(&str, &str); 11] = [
    shipped!("edge"),
    shipped!("corner3x3"),
    shipped!("corner2x5"),
    shipped!("line2"),
    shipped!("line3"),
    shipped!("line4"),
    shipped!("diagonal8"),
    shipped!("diagonal7"),
    shipped!("diagonal6"),
    shipped!("diagonal5"),
    shipped!("diagonal4"),
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

/// The shipped text of an evaluation file by its path in a config folder: `eval.ron` or
/// `patterns/<name>.ron`; `None` for any other.
pub fn shipped_file_text(rel: &str) -> Option<&'static str> {
    if rel == "eval.ron" {
        return Some(SHIPPED_EVAL);
    }
    rel.strip_prefix("patterns/")
        .and_then(|r| r.strip_suffix(".ron"))
        .and_then(shipped_pattern_text)
}

fn interpolate(values: &[f32], phases: &[u32], empties: u32) -> f32 {
    let (i, j, t) = interpolation(phases, empties);
    values[i] * (1.0 - t) + values[j] * t
}

pub(super) fn centidiscs(v: f32) -> i32 {
    (v * 100.0).round() as i32
}

/// A table's keyframe value in hundredths of a disc, as the evaluation holds it.
pub(super) fn keyframe_centidiscs(v: f32) -> i16 {
    centidiscs(v).clamp(i16::MIN as i32, i16::MAX as i32) as i16
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
                size: family.table_size(),
                slots: indices::slots_of(&family),
                family,
                pairs: Vec::new(),
                by_empties: Vec::new(),
                entries,
            });
        }
        let mut eval = PatternEval {
            file,
            weights: Vec::new(),
            active: [true; FEATURE_COUNT],
            blends: Vec::new(),
            tables,
            compact: false,
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
        self.blends = (0..PHASES as u32).map(|e| Blend::new(&phases, e)).collect();
        // Each listed configuration's keyframe values as the evaluation holds them, with
        // the index of its mirror image.
        let held: Vec<Vec<(usize, usize, Vec<i32>)>> = self
            .tables
            .iter()
            .map(|t| {
                t.entries
                    .iter()
                    .map(|(canonical, values)| {
                        let kc = values
                            .iter()
                            .map(|&v| i32::from(keyframe_centidiscs(v)))
                            .collect();
                        (*canonical, t.family.mirror_index(*canonical), kc)
                    })
                    .collect()
            })
            .collect();
        let blends = &self.blends;
        let numerator =
            |kc: &[i32], e: usize| blends[e].numerator(kc[blends[e].i], kc[blends[e].j]);
        self.compact = held
            .iter()
            .flatten()
            .all(|(_, _, kc)| (0..PHASES).all(|e| i16::try_from(numerator(kc, e)).is_ok()));
        let keyframes = phases.len();
        for (table, held) in self.tables.iter_mut().zip(&held) {
            let size = table.size;
            if self.compact {
                table.pairs = Vec::new();
                table.by_empties = vec![0; size * PHASES];
                for (e, slice) in table.by_empties.chunks_exact_mut(size).enumerate() {
                    for (canonical, mirror, kc) in held {
                        let v = numerator(kc, e) as i16;
                        slice[*canonical] = v;
                        slice[*mirror] = v;
                    }
                }
                continue;
            }
            table.by_empties = Vec::new();
            table.pairs = vec![[0; 2]; size * keyframes];
            for (k, slice) in table.pairs.chunks_exact_mut(size).enumerate() {
                let next = (k + 1).min(keyframes - 1);
                for (canonical, mirror, kc) in held {
                    let pair = [kc[k] as i16, kc[next] as i16];
                    slice[*canonical] = pair;
                    slice[*mirror] = pair;
                }
            }
        }
    }

    /// Whether the tables are held per number of empties (the fast layout; see the module
    /// docs), rather than as keyframe pairs.
    pub fn compact(&self) -> bool {
        self.compact
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
        self.score_with(board, features_of(board, &self.active))
    }

    /// The evaluation in hundredths of a disc given both sides' legal moves (see
    /// [`Evaluate::evaluate_with_moves`]).
    #[inline]
    pub fn evaluate_centidiscs_with_moves(&self, board: &Board, moves: u64, replies: u64) -> i32 {
        self.score_with(
            board,
            features_with_moves(board, &self.active, moves, replies),
        )
    }

    /// [`PatternEval::evaluate_centidiscs_with_moves`] given the board's pattern indices
    /// (kept move by move by a search): the same value, without computing an index.
    #[inline]
    pub fn evaluate_centidiscs_indexed_with_moves(
        &self,
        board: &Board,
        indices: &PatternIndices,
        moves: u64,
        replies: u64,
    ) -> i32 {
        self.score_from(
            board,
            features_with_moves(board, &self.active, moves, replies),
            Some(indices.own()),
        )
    }

    /// The evaluation in hundredths of a disc, given the board's features.
    #[inline]
    fn score_with(&self, board: &Board, f: [i32; FEATURE_COUNT]) -> i32 {
        self.score_from(board, f, None)
    }

    /// The same, reading each instance's index from `indices` when given, computing it
    /// from the board otherwise.
    #[inline(always)]
    fn score_from(
        &self,
        board: &Board,
        f: [i32; FEATURE_COUNT],
        indices: Option<&[u16; SLOTS]>,
    ) -> i32 {
        // Boards with fewer than four discs (no game reaches one; parsers refuse them) use
        // the 60-empties tables rather than reading past them.
        let e = (board.empty_count() as usize).min(PHASES - 1);
        let w = &self.weights[e];
        let score: i32 = f.iter().zip(w).map(|(a, b)| a * b).sum();
        let blend = self.blends[e];
        let planes = match indices {
            Some(_) => None,
            None => Some(Planes::new(board)),
        };
        if self.compact {
            let mut x = 0i32;
            for table in &self.tables {
                let size = table.size;
                debug_assert_eq!(table.by_empties.len(), size * PHASES);
                // SAFETY: a compact table holds `PHASES` slices of `size`, and `e` is below
                // `PHASES`.
                let values = unsafe { table.by_empties.get_unchecked(e * size..(e + 1) * size) };
                table.each_index(&planes, indices, |i| {
                    debug_assert!((i as usize) < size);
                    // SAFETY: an index is below the family's table size: the reading
                    // functions make numbers of as many ternary digits as the family has
                    // squares (`each_index` is tested, through `indices_from`, against the
                    // reference on random boards).
                    x += i32::from(unsafe { *values.get_unchecked(i as usize) });
                });
            }
            return score + blend.round(x);
        }
        let (mut a, mut b) = (0i32, 0i32);
        for table in &self.tables {
            let size = table.size;
            let pairs = &table.pairs[blend.i * size..(blend.i + 1) * size];
            table.each_index(&planes, indices, |i| {
                debug_assert!((i as usize) < size);
                // SAFETY: as above.
                let [va, vb] = unsafe { *pairs.get_unchecked(i as usize) };
                a += i32::from(va);
                b += i32::from(vb);
            });
        }
        score + blend.apply(a, b)
    }

    /// The same, the slow way: features and every pattern instance square by square, with
    /// keyframe values interpolated on the spot (the reference for tests).
    pub fn evaluate_reference(&self, board: &Board) -> i32 {
        let e = board.empty_count();
        let rows = self.file.weights();
        let f = features(board);
        let score: i32 = (0..FEATURE_COUNT)
            .map(|k| f[k] * centidiscs(interpolate(rows[k], &self.file.phases, e)))
            .sum();
        let blend = Blend::new(&self.file.phases, e.min(PHASES as u32 - 1));
        let (mut a, mut b) = (0, 0);
        for table in &self.tables {
            let fam = &table.family;
            for squares in fam.instances() {
                let index = fam.canonical(PatternFamily::index_of_reference(board, &squares));
                if let Some((_, vals)) = table.entries.iter().find(|(c, _)| *c == index) {
                    a += i32::from(keyframe_centidiscs(vals[blend.i]));
                    b += i32::from(keyframe_centidiscs(vals[blend.j]));
                }
            }
        }
        score + blend.apply(a, b)
    }
}

impl Evaluate for PatternEval {
    #[inline]
    fn evaluate(&self, board: &Board) -> i32 {
        to_discs(self.evaluate_centidiscs(board))
    }

    fn evaluate_centidiscs(&self, board: &Board) -> i32 {
        PatternEval::evaluate_centidiscs(self, board)
    }

    #[inline]
    fn evaluate_with_moves(&self, board: &Board, moves: u64, replies: u64) -> i32 {
        to_discs(self.evaluate_centidiscs_with_moves(board, moves, replies))
    }

    fn uses_indices(&self) -> bool {
        true
    }

    #[inline]
    fn evaluate_centidiscs_indexed(&self, board: &Board, indices: &PatternIndices) -> i32 {
        self.score_from(board, features_of(board, &self.active), Some(indices.own()))
    }

    #[inline]
    fn evaluate_centidiscs_indexed_with_moves(
        &self,
        board: &Board,
        indices: &PatternIndices,
        moves: u64,
        replies: u64,
    ) -> i32 {
        PatternEval::evaluate_centidiscs_indexed_with_moves(self, board, indices, moves, replies)
    }

    #[inline]
    fn evaluate_indexed(
        &self,
        board: &Board,
        indices: &PatternIndices,
        moves: u64,
        replies: u64,
    ) -> i32 {
        to_discs(self.evaluate_centidiscs_indexed_with_moves(board, indices, moves, replies))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blends_round_half_away_from_zero() {
        let phases = [60, 50, 40, 30, 20, 10, 0];
        let b = Blend::new(&phases, 55);
        assert_eq!((b.i, b.j, b.num, b.den), (0, 1, 5, 10));
        assert_eq!(b.apply(100, 200), 150);
        assert_eq!(b.apply(-101, 0), -51);
        assert_eq!(b.apply(101, 0), 51);
        let b = Blend::new(&phases, 33);
        assert_eq!((b.i, b.j, b.num, b.den), (2, 3, 7, 10));
        assert_eq!(b.apply(1000, 0), 300);
        let b = Blend::new(&phases, 0);
        assert_eq!((b.i, b.j, b.num, b.den), (6, 6, 0, 1));
        assert_eq!(b.apply(-7, 99), -7);
    }

    #[test]
    fn the_search_s_moves_give_the_same_evaluation() {
        use rand::{Rng, SeedableRng};
        let eval = PatternEval::shipped_shared();
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut checked = 0;
        for _ in 0..40 {
            let mut board = Board::start();
            while !board.is_game_over() {
                let (moves, replies) = (
                    board.moves(),
                    crate::engine::board::legal_moves(board.opponent, board.player),
                );
                assert_eq!(
                    eval.evaluate_with_moves(&board, moves, replies),
                    eval.evaluate(&board)
                );
                // The solver's ordering: hundredths of a disc, the indices kept.
                let indices = crate::engine::eval::indices::PatternIndices::new(&board);
                assert_eq!(
                    Evaluate::evaluate_centidiscs_indexed_with_moves(
                        &*eval, &board, &indices, moves, replies
                    ),
                    Evaluate::evaluate_centidiscs(&*eval, &board)
                );
                checked += 1;
                if moves == 0 {
                    board = board.pass();
                    continue;
                }
                let n = rng.random_range(0..moves.count_ones()) as usize;
                let sq = crate::engine::Squares(moves).nth(n).expect("a legal move");
                board = board.play_unchecked(sq);
            }
        }
        assert_eq!(checked, 2414, "positions checked");
    }

    #[test]
    fn shipped_files_are_found_by_their_folder_path() {
        assert_eq!(shipped_file_text("eval.ron"), Some(SHIPPED_EVAL));
        assert_eq!(
            shipped_file_text("patterns/edge.ron"),
            shipped_pattern_text("edge")
        );
        assert!(shipped_file_text("patterns/edge.ron").is_some());
        assert_eq!(shipped_file_text("patterns/nothing.ron"), None);
        assert_eq!(shipped_file_text("search.ron"), None);
    }

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
