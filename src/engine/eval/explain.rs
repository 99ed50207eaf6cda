//! Why the evaluator scores a position as it does: every term of
//! [`PatternEval::evaluate_centidiscs`], for designers (`reversi-engine explain`).
//!
//! A feature's term is its value times its weight at the position's empties (whole
//! hundredths of a disc, as the evaluation computes them). A pattern instance's term is its
//! configuration's values at the two keyframes around the empties, blended exactly; the
//! evaluation rounds the blend of all instances at once, so the breakdown carries that one
//! rounding (under half a hundredth) as a term of its own, and the terms add up to the
//! evaluation exactly.

use crate::engine::board::Board;
use crate::engine::config::error::locate_key;
use crate::engine::eval::features::{FEATURE_COUNT, FEATURE_NAMES, features};
use crate::engine::eval::params::interpolation;
use crate::engine::eval::pattern::PatternFamily;
use crate::engine::eval::pattern_eval::{Blend, PatternEval, centidiscs, keyframe_centidiscs};
use crate::engine::square::Square;

/// One feature's part of an evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureTerm {
    /// The feature, as `eval.ron` names it.
    pub name: &'static str,
    /// Its value in the position (own minus the opponent's, mostly).
    pub value: i32,
    /// Its weight at the position's empties, hundredths of a disc per unit.
    pub weight: i32,
    /// `value * weight`, hundredths of a disc.
    pub centidiscs: i32,
}

/// One pattern instance's part of an evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternTerm {
    /// The family (the table's file is `patterns/<family>.ron`).
    pub family: &'static str,
    /// The instance's squares, in the family's digit order.
    pub squares: Vec<Square>,
    /// The instance's configuration in the files' notation, read along `squares`.
    pub configuration: String,
    /// The configuration the table lists it under: the smaller of it and its mirror image
    /// (what a pattern file's key says).
    pub key: String,
    /// Whether the table lists that configuration (one it does not list is worth 0).
    pub listed: bool,
    /// The two keyframes blended (as numbers of empties) and the table's values there, in
    /// hundredths of a disc.
    pub keyframes: [(u32, i32); 2],
    /// The blended value, hundredths of a disc (exact: not rounded).
    pub centidiscs: f64,
}

/// Every term of one evaluation, in hundredths of a disc from the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Breakdown {
    /// Empty squares of the position.
    pub empties: u32,
    /// The share of the second keyframe in the blend of the pattern values (0 at the
    /// first, 1 at the second).
    pub blend: f64,
    /// The features, in `eval.ron`'s order.
    pub features: Vec<FeatureTerm>,
    /// The pattern instances, table by table.
    pub patterns: Vec<PatternTerm>,
    /// The evaluation's one rounding of the patterns' blended sum.
    pub rounding: f64,
    /// The evaluation: the sum of all the terms and the rounding.
    pub total: i32,
}

impl Breakdown {
    /// The features' sum, hundredths of a disc.
    pub fn features_total(&self) -> i32 {
        self.features.iter().map(|f| f.centidiscs).sum()
    }

    /// The pattern instances' exact sum, hundredths of a disc.
    pub fn patterns_total(&self) -> f64 {
        self.patterns.iter().map(|p| p.centidiscs).sum()
    }
}

impl PatternEval {
    /// Every term of [`PatternEval::evaluate_centidiscs`] for `board`, instance by
    /// instance (read square by square, as [`PatternEval::evaluate_reference`] does).
    pub fn explain(&self, board: &Board) -> Breakdown {
        let empties = board.empty_count();
        let e = empties.min(60);
        let file = self.file();
        let rows = file.weights();
        let values = features(board);
        let features = (0..FEATURE_COUNT)
            .map(|k| {
                let (i, j, t) = interpolation(&file.phases, e);
                let weight = centidiscs(rows[k][i] * (1.0 - t) + rows[k][j] * t);
                FeatureTerm {
                    name: FEATURE_NAMES[k],
                    value: values[k],
                    weight,
                    centidiscs: values[k] * weight,
                }
            })
            .collect::<Vec<_>>();
        let blend = Blend::new(&file.phases, e);
        let share = f64::from(blend.num) / f64::from(blend.den);
        let mut patterns = Vec::new();
        let (mut a, mut b) = (0i32, 0i32);
        for (family, entries) in self.tables() {
            for squares in family.instances() {
                let index = PatternFamily::index_of_reference(board, &squares);
                let canonical = family.canonical(index);
                let found = entries.iter().find(|(c, _)| *c == canonical);
                let (va, vb) = found.map_or((0, 0), |(_, v)| {
                    (
                        i32::from(keyframe_centidiscs(v[blend.i])),
                        i32::from(keyframe_centidiscs(v[blend.j])),
                    )
                });
                a += va;
                b += vb;
                patterns.push(PatternTerm {
                    family: family.name,
                    squares: squares.iter().map(|&s| Square::from_index(s)).collect(),
                    configuration: family.index_to_string(index),
                    key: family.index_to_string(canonical),
                    listed: found.is_some(),
                    keyframes: [(file.phases[blend.i], va), (file.phases[blend.j], vb)],
                    centidiscs: f64::from(va) * (1.0 - share) + f64::from(vb) * share,
                });
            }
        }
        let exact = (f64::from(a) * f64::from(blend.den - blend.num)
            + f64::from(b) * f64::from(blend.num))
            / f64::from(blend.den);
        let rounded = blend.apply(a, b);
        let features_total: i32 = features.iter().map(|f| f.centidiscs).sum();
        Breakdown {
            empties,
            blend: share,
            features,
            patterns,
            rounding: f64::from(rounded) - exact,
            total: features_total + rounded,
        }
    }
}

/// The line (from 1) of `key`'s entry in a pattern file's text, or of the entry its mirror
/// image `mirror` is written as; `None` when the file lists neither.
pub fn entry_line(text: &str, key: &str, mirror: &str) -> Option<usize> {
    [key, mirror].iter().find_map(|k| {
        let quoted = format!("\"{k}\"");
        let at = text.find(&quoted)?;
        Some(text[..at].bytes().filter(|&c| c == b'\n').count() + 1)
    })
}

/// A pattern file's text with the entry of `key` (written as `key` or as its mirror image
/// `mirror`) given `values`, one per keyframe: the entry's values are replaced where they
/// are written, and everything else (comments, order, formatting) is kept byte for byte; a
/// configuration the file does not list is added as the first entry of `values: {`.
///
/// # Errors
/// A message when the text has no `values: {` to add to, or the entry's `[...]` is not
/// where an entry's values are.
pub fn with_entry_values(
    text: &str,
    key: &str,
    mirror: &str,
    values: &[f32],
) -> Result<String, String> {
    let list: Vec<String> = values.iter().map(|v| format!("{v:.2}")).collect();
    let list = format!("[{}]", list.join(", "));
    let found = [key, mirror]
        .iter()
        .find_map(|k| text.find(&format!("\"{k}\"")).map(|at| at + k.len() + 2));
    if let Some(after_key) = found {
        let rest = &text[after_key..];
        let colon = rest.trim_start();
        let open = after_key + (rest.len() - colon.len());
        if !colon.starts_with(':') {
            return Err(format!("\"{key}\" is not followed by ':'"));
        }
        let open = open + text[open..].find('[').ok_or("no '[' after the entry")?;
        let close = open + text[open..].find(']').ok_or("no ']' after the entry")?;
        return Ok(format!("{}{list}{}", &text[..open], &text[close + 1..]));
    }
    let values_at = text
        .find("values")
        .and_then(|v| text[v..].find('{').map(|b| v + b + 1))
        .ok_or("no `values: {` to add the entry to")?;
    Ok(format!(
        "{}\n        \"{key}\": {list},{}",
        &text[..values_at],
        &text[values_at..]
    ))
}

/// `eval.ron`'s text with a feature's weights replaced by `values`, one per keyframe, where
/// they are written; everything else is kept byte for byte.
///
/// # Errors
/// A message when the text does not give the feature as `name: [...]`.
pub fn with_feature_values(text: &str, name: &str, values: &[f32]) -> Result<String, String> {
    let (line, column) = locate_key(text, name, 0);
    if line == 0 {
        return Err(format!("no `{name}:` in the file"));
    }
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let at = line_start
        + text[line_start..]
            .chars()
            .take(column - 1)
            .map(char::len_utf8)
            .sum::<usize>();
    let open = at
        + text[at..]
            .find('[')
            .ok_or(format!("no `[` after `{name}:`"))?;
    let close = open
        + text[open..]
            .find(']')
            .ok_or(format!("no `]` after `{name}:`"))?;
    let list: Vec<String> = values.iter().map(|v| format!("{v:.2}")).collect();
    Ok(format!(
        "{}[{}]{}",
        &text[..open],
        list.join(", "),
        &text[close + 1..]
    ))
}

/// The line (from 1) where `eval.ron`'s text gives a feature's weights.
pub fn feature_line(eval_text: &str, name: &str) -> usize {
    locate_key(eval_text, name, 0).0
}

/// The lines of `before` and `after` that differ, in pairs (for tests of edits that must
/// change one line and leave the rest of a file as it was).
#[cfg(test)]
pub(crate) fn changed_lines<'t>(before: &'t str, after: &'t str) -> Vec<(&'t str, &'t str)> {
    before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect()
}

/// The line of `text` whose key is `key` (a quoted configuration such as `"\"-------- --\""`,
/// or a feature name), and the values it lists: tests that edit a shipped row read it here
/// rather than pin numbers that every refit changes.
#[cfg(test)]
pub(crate) fn listed_row<'t>(text: &'t str, key: &str) -> (&'t str, Vec<f32>) {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{key}:")))
        .unwrap_or_else(|| panic!("no line for {key}"));
    let (open, close) = (line.find('[').unwrap(), line.rfind(']').unwrap());
    let values = line[open + 1..close]
        .split(',')
        .map(|v| v.trim().parse().unwrap())
        .collect();
    (line, values)
}

/// `line` (a row as [`listed_row`] finds it) with `values` in place of its own, written as
/// the editors write them (two decimals). Used by the game's designer tests.
#[cfg(all(test, feature = "app"))]
pub(crate) fn row_with(line: &str, values: &[f32]) -> String {
    let (open, close) = (line.find('[').unwrap(), line.rfind(']').unwrap());
    let listed: Vec<String> = values.iter().map(|v| format!("{v:.2}")).collect();
    format!(
        "{}[{}]{}",
        &line[..open],
        listed.join(", "),
        &line[close + 1..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_terms_add_up_to_the_evaluation() {
        let eval = PatternEval::shipped_shared();
        let mut rng = rand::rngs::StdRng::seed_from_u64(25);
        let mut checked = 0;
        for _ in 0..12 {
            let mut board = Board::start();
            while !board.is_game_over() {
                let moves = board.moves();
                if moves == 0 {
                    board = board.pass();
                    continue;
                }
                let x = eval.explain(&board);
                assert_eq!(x.total, eval.evaluate_centidiscs(&board));
                let sum = f64::from(x.features_total()) + x.patterns_total() + x.rounding;
                assert!(
                    (sum - f64::from(x.total)).abs() < 1e-6,
                    "{sum} vs {}",
                    x.total
                );
                assert!(x.rounding.abs() <= 0.5 + 1e-9);
                // Every instance of every family is listed once.
                assert_eq!(x.patterns.len(), 46);
                checked += 1;
                let n = rng.random_range(0..moves.count_ones()) as usize;
                let sq = crate::engine::Squares(moves).nth(n).expect("a legal move");
                board = board.play_unchecked(sq);
            }
        }
        assert_eq!(checked, 719, "positions checked");
    }

    #[test]
    fn an_entry_is_changed_in_place_or_added() {
        use crate::engine::eval::params::parse_pattern_file;
        use crate::engine::eval::pattern::EDGE;
        let text = crate::engine::eval::shipped_pattern_text("edge").unwrap();
        let read = |t: &str, key: &str| {
            let entries = parse_pattern_file("edge.ron", t, &EDGE, 7).unwrap();
            let index = EDGE.canonical(EDGE.parse_index(key).unwrap());
            entries
                .into_iter()
                .find(|(c, _)| *c == index)
                .map(|(_, v)| v)
        };
        // In place: only that line changes.
        let (line, _) = listed_row(text, "\"-------- --\"");
        let edited = with_entry_values(text, "-------- --", "-------- --", &[2.0; 7]).unwrap();
        assert_eq!(read(&edited, "-------- --"), Some(vec![2.0; 7]));
        assert_eq!(
            changed_lines(text, &edited),
            [(
                line,
                "        \"-------- --\": [2.00, 2.00, 2.00, 2.00, 2.00, 2.00, 2.00],"
            )]
        );
        // Found by its mirror image too.
        let key = EDGE.index_to_string(EDGE.parse_index("X------- --").unwrap());
        let mirror = EDGE.index_to_string(EDGE.mirror_index(EDGE.parse_index(&key).unwrap()));
        let listed = if text.contains(&format!("\"{key}\"")) {
            &key
        } else {
            &mirror
        };
        let edited = with_entry_values(text, &mirror, &key, &[1.5; 7]).unwrap();
        assert_eq!(read(&edited, listed), Some(vec![1.5; 7]));
        assert_eq!(edited.lines().count(), text.lines().count());
        // Added when missing: the file still reads, with the new entry.
        let small = "// c\n(\n    pattern: \"edge\",\n    values: {\n        \"-------- --\": [1, 1, 1, 1, 1, 1, 1],\n    },\n)\n";
        let added = with_entry_values(small, "XXXXXXXX --", "XXXXXXXX --", &[0.5; 7]).unwrap();
        assert_eq!(read(&added, "XXXXXXXX --"), Some(vec![0.5; 7]));
        assert_eq!(read(&added, "-------- --"), Some(vec![1.0; 7]));
        assert!(added.starts_with(
            "// c\n(\n    pattern: \"edge\",\n    values: {\n        \"XXXXXXXX --\": [0.50,"
        ));
        assert_eq!(
            with_entry_values("nothing", "a", "a", &[0.0]).unwrap_err(),
            "no `values: {` to add the entry to"
        );
    }

    #[test]
    fn a_feature_s_weights_are_changed_in_place() {
        let text = crate::engine::eval::shipped_eval_text();
        let edited = with_feature_values(text, "corners", &[30.0; 7]).unwrap();
        let changed = changed_lines(text, &edited);
        assert_eq!(changed.len(), 1);
        assert_eq!(
            changed[0].1,
            "    corners: [30.00, 30.00, 30.00, 30.00, 30.00, 30.00, 30.00],"
        );
        let file = crate::engine::eval::params::parse_eval_file("eval.ron", &edited).unwrap();
        assert_eq!(file.corners, vec![30.0; 7]);
        assert_eq!(
            with_feature_values("(phases: [1])", "corners", &[0.0]).unwrap_err(),
            "no `corners:` in the file"
        );
    }

    #[test]
    fn a_term_names_its_configuration_and_values() {
        // The start, Black to move: 60 empties, the first keyframe alone.
        let eval = PatternEval::shipped_shared();
        let x = eval.explain(&Board::start());
        assert_eq!((x.empties, x.blend), (60, 0.0));
        let mobility = &x.features[0];
        assert_eq!((mobility.name, mobility.value), ("mobility", 0));
        // The four edges are empty: each the same entry, "-------- --".
        let edges: Vec<&PatternTerm> = x.patterns.iter().filter(|p| p.family == "edge").collect();
        assert_eq!(edges.len(), 4);
        for edge in &edges {
            assert_eq!((edge.key.as_str(), edge.listed), ("-------- --", true));
            assert_eq!(edge.keyframes, [(60, -13), (60, -13)]);
            assert_eq!(edge.centidiscs, -13.0);
        }
        let names: Vec<String> = edges[0].squares.iter().map(Square::to_string).collect();
        assert_eq!(names.join(" "), "a1 b1 c1 d1 e1 f1 g1 h1 b2 g2");
        let text = crate::engine::eval::shipped_pattern_text("edge").unwrap();
        assert_eq!(entry_line(text, "-------- --", "-------- --"), Some(8));
        assert_eq!(entry_line(text, "not a key", "nor this"), None);
        let eval_text = crate::engine::eval::shipped_eval_text();
        let line = feature_line(eval_text, "mobility");
        assert!(
            eval_text
                .lines()
                .nth(line - 1)
                .unwrap()
                .trim_start()
                .starts_with("mobility:")
        );
    }
}
