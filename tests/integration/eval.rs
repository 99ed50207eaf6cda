//! The pattern evaluator: fast against reference, symmetric, files written and read back,
//! and every kind of broken file reported exactly while the last good tables stay.

use std::collections::HashMap;
use std::sync::Arc;

use crate::common::random_positions;
use reversi::engine::eval::indices::PatternIndices;
use reversi::engine::eval::params::{
    EvalFile, parse_eval_file, write_eval_file, write_pattern_file,
};
use reversi::engine::eval::pattern::FAMILIES;
use reversi::engine::eval::{PatternEval, shipped_eval_text};
use reversi::engine::{ConfigSet, Symmetry, legal_moves};

/// A pseudo-random value in discs for (family, index, keyframe).
fn value(f: usize, index: usize, k: usize) -> f32 {
    let h = ((f * 1_000_003 + index) * 31 + k).wrapping_mul(0x9e37_79b9) >> 7;
    ((h % 801) as f32 - 400.0) / 100.0
}

/// Files with every canonical configuration of every family given a value.
fn random_files() -> (String, HashMap<String, String>) {
    let mut eval: EvalFile = parse_eval_file("config/eval.ron", shipped_eval_text()).unwrap();
    let keyframes = eval.phases.len();
    for (i, row) in eval.weights_mut().into_iter().enumerate() {
        *row = (0..keyframes).map(|k| value(99, i, k)).collect();
    }
    eval.patterns = FAMILIES.iter().map(|f| f.name.to_string()).collect();
    let mut patterns = HashMap::new();
    for (f, family) in FAMILIES.iter().enumerate() {
        let entries: Vec<(usize, Vec<f32>)> = (0..family.table_size())
            .filter(|&i| family.canonical(i) == i)
            .map(|i| (i, (0..keyframes).map(|k| value(f, i, k)).collect()))
            .collect();
        patterns.insert(
            family.name.to_string(),
            write_pattern_file(family, &entries),
        );
    }
    (write_eval_file(&eval), patterns)
}

fn load(eval: &str, patterns: &HashMap<String, String>) -> PatternEval {
    PatternEval::load("eval.ron", eval, &mut |name| {
        Ok((format!("patterns/{name}.ron"), patterns[name].clone()))
    })
    .unwrap()
}

#[test]
fn fast_equals_reference_and_every_image_scores_the_same() {
    let (eval_text, patterns) = random_files();
    let eval = load(&eval_text, &patterns);
    // Values within 4 discs: held per number of empties.
    assert!(eval.compact());
    assert!(PatternEval::shipped_shared().compact());
    fast_equals_reference(&eval);
    // Some families only, out of their usual order: each reads its own slots of the
    // indices a search keeps.
    let mut file = parse_eval_file("eval.ron", &eval_text).unwrap();
    file.patterns = vec!["diagonal5".into(), "corner2x5".into(), "line3".into()];
    fast_equals_reference(&load(&write_eval_file(&file), &patterns));
}

#[test]
fn tables_too_wide_for_sixteen_bits_evaluate_the_same_through_keyframe_pairs() {
    let (eval_text, mut patterns) = random_files();
    let keyframes = parse_eval_file("eval.ron", &eval_text)
        .unwrap()
        .phases
        .len();
    // One edge configuration worth 40 discs: at a keyframe its blend numerator is 4,000
    // hundredths of a disc times the keyframes' distance of 10, 40,000, beyond 16 bits.
    let edge = &FAMILIES[0];
    let entries: Vec<(usize, Vec<f32>)> = (0..edge.table_size())
        .filter(|&i| edge.canonical(i) == i)
        .map(|i| {
            let v = if i == 0 { 40.0 } else { value(0, i, 0) };
            (i, vec![v; keyframes])
        })
        .collect();
    patterns.insert("edge".into(), write_pattern_file(edge, &entries));
    let eval = load(&eval_text, &patterns);
    assert!(!eval.compact());
    fast_equals_reference(&eval);
}

/// The fast evaluation against the square-by-square reference on random positions, and
/// every image of a position scoring the same.
fn fast_equals_reference(eval: &PatternEval) {
    let mut nonzero = 0;
    for b in random_positions(31, 600, 0, 59) {
        let fast = eval.evaluate_centidiscs(&b);
        assert_eq!(fast, eval.evaluate_reference(&b), "{b:?}");
        // From the indices a search keeps move by move (checked against these in
        // `eval::indices`): the same value.
        let (moves, replies) = (b.moves(), legal_moves(b.opponent, b.player));
        assert_eq!(
            eval.evaluate_centidiscs_indexed_with_moves(
                &b,
                &PatternIndices::new(&b),
                moves,
                replies
            ),
            fast,
            "{b:?}"
        );
        for sym in Symmetry::ALL {
            assert_eq!(
                eval.evaluate_centidiscs(&b.transform(sym)),
                fast,
                "{sym:?} {b:?}"
            );
        }
        nonzero += usize::from(fast != 0);
    }
    assert!(nonzero > 500);
}

#[test]
fn written_files_read_back_the_same() {
    let (eval_text, patterns) = random_files();
    let eval = load(&eval_text, &patterns);
    assert_eq!(write_eval_file(eval.file()), eval_text);
    for (family, entries) in eval.tables() {
        assert_eq!(write_pattern_file(family, entries), patterns[family.name]);
    }
}

const BASE_EVAL: &str = "// A designer's eval.ron,
// two comment lines long.
(
    phases: [60, 50, 40, 30, 20, 10, 0],
    mobility: [1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 0.0],
    potential_mobility: [0.3, 0.3, 0.3, 0.3, 0.3, 0.2, 0.0],
    corners: [6.0, 6.0, 6.0, 5.0, 4.0, 3.0, 1.0],
    x_squares: [-4.0, -4.0, -4.0, -3.0, -2.0, -1.0, 0.0],
    c_squares: [-1.5, -1.5, -1.5, -1.0, -1.0, -0.5, 0.0],
    stable_discs: [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
    parity: [0.0, 0.0, 0.0, 0.0, 0.5, 1.0, 1.0],
    disc_difference: [0.0, 0.0, 0.0, 0.0, 0.2, 0.5, 1.0],
    patterns: [\"edge\", \"corner3x3\", \"corner2x5\"],
)
";

/// `text` with the line starting with `prefix` replaced by `line`.
fn replace_line(text: &str, prefix: &str, line: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(|l| if l.starts_with(prefix) { line } else { l })
        .collect();
    lines.join("\n") + "\n"
}

/// Reloads a folder holding the shipped files with `path` replaced by `text`.
fn reload_with(set: &mut ConfigSet, path: &str, text: &str) -> Vec<String> {
    let path = path.to_string();
    let text = text.to_string();
    set.reload(&mut |p| (p == path).then(|| (format!("designer/{p}"), text.clone())))
        .err()
        .unwrap_or_default()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn broken_files_give_exact_messages_and_keep_the_last_good_tables() {
    // A fixed eval.ron, so that line numbers do not move when the shipped one is re-tuned.
    let shipped = BASE_EVAL;
    let edge = "(\n    pattern: \"edge\",\n    values: {\n        \"XXXXXXXX --\": [1, 1, 1, 1, 1, 1, 1],\n    },\n)\n";
    let cases: Vec<(&str, String, &str)> = vec![
        // A valid file and the shipped one reload cleanly.
        ("eval.ron", shipped.to_string(), ""),
        ("eval.ron", shipped_eval_text().to_string(), ""),
        (
            "eval.ron",
            replace_line(shipped, "    phases:", "    phases: [60; 50, 40, 30, 20, 10, 0],"),
            "designer/eval.ron:4:16: Expected comma",
        ),
        (
            "eval.ron",
            replace_line(shipped, "    corners:", "    corner: [1, 1, 1, 1, 1, 1, 1],"),
            "designer/eval.ron:7:5: Unexpected field named `corner` in `EvalFile`, expected one of `phases`, `mobility`, `potential_mobility`, `corners`, `x_squares`, `c_squares`, `stable_discs`, `parity`, `disc_difference`, `odd_empties`, or `patterns` instead",
        ),
        (
            "eval.ron",
            replace_line(shipped, "    mobility:", "    mobility: [1.0, 1.0],"),
            "designer/eval.ron:5:5: mobility: 2 values, expected 7 (one per phase keyframe)",
        ),
        (
            "eval.ron",
            replace_line(shipped, "    corners:", "    corners: [99.0, 1, 1, 1, 1, 1, 1],"),
            "designer/eval.ron:7:5: corners: value 99 is outside -64..=64 discs",
        ),
        (
            "eval.ron",
            replace_line(shipped, "    phases:", "    phases: [60, 40, 50, 30, 20, 10, 0],"),
            "designer/eval.ron:4:5: phases: [60, 40, 50, 30, 20, 10, 0] must be empties strictly decreasing within 60..=0",
        ),
        (
            "eval.ron",
            replace_line(shipped, "    patterns:", "    patterns: [\"edge\", \"corner3x3\", \"diagonal9\"],"),
            "designer/eval.ron:13:37: patterns: unknown pattern \"diagonal9\" (known: edge, corner3x3, corner2x5, line2, line3, line4, diagonal8, diagonal7, diagonal6, diagonal5, diagonal4)",
        ),
        ("patterns/edge.ron", edge.to_string(), ""),
        (
            "patterns/edge.ron",
            edge.replace("XXXXXXXX --", "XXXXXXXX-- "),
            "designer/patterns/edge.ron:4:9: pattern \"XXXXXXXX-- \" does not have the shape \"######## ##\" (a1 b1 c1 d1 e1 f1 g1 h1, then the X-squares b2 g2)",
        ),
        (
            "patterns/edge.ron",
            edge.replace("XXXXXXXX --", "XXXXXXXZ --"),
            "designer/patterns/edge.ron:4:9: pattern \"XXXXXXXZ --\" has 'Z', expected X, O or -",
        ),
        (
            "patterns/edge.ron",
            edge.replace("[1, 1, 1, 1, 1, 1, 1]", "[1, 1, 1]"),
            "designer/patterns/edge.ron:4:9: \"XXXXXXXX --\": 3 values, expected 7 (one per phase keyframe)",
        ),
        (
            "patterns/edge.ron",
            edge.replace("[1, 1, 1, 1, 1, 1, 1]", "[1, 1, 1, 1, 1, 1, -70]"),
            "designer/patterns/edge.ron:4:9: \"XXXXXXXX --\": value -70 is outside -64..=64 discs",
        ),
        (
            "patterns/edge.ron",
            edge.replace(
                "    },",
                "        \"O------- --\": [1, 1, 1, 1, 1, 1, 1],\n        \"-------O --\": [2, 2, 2, 2, 2, 2, 2],\n    },",
            ),
            "designer/patterns/edge.ron:5:9: \"O------- --\" is the same configuration as \"-------O --\" (mirror image)",
        ),
        (
            "patterns/edge.ron",
            edge.replace("pattern: \"edge\"", "pattern: \"corner3x3\""),
            "designer/patterns/edge.ron:2:5: pattern: \"corner3x3\", expected \"edge\"",
        ),
        (
            "patterns/edge.ron",
            edge.replace("    pattern: \"edge\",\n", ""),
            "designer/patterns/edge.ron:5:1: Unexpected missing field named `pattern` in `PatternFile`",
        ),
        (
            "search.ron",
            "(tt_mib: 0)".to_string(),
            "designer/search.ron:1:2: tt_mib is 0, expected 1..=65536 MiB",
        ),
    ];
    for (path, text, expected) in cases {
        let mut set = ConfigSet::shipped();
        let before = Arc::clone(&set.eval);
        let search_before = set.search.clone();
        let errors = reload_with(&mut set, path, &text);
        if expected.is_empty() {
            assert!(errors.is_empty(), "{path}: {errors:?}");
            continue;
        }
        assert_eq!(errors, [expected.to_string()], "{path}");
        if path == "search.ron" {
            assert_eq!(set.search, search_before);
        } else {
            assert!(
                Arc::ptr_eq(&set.eval, &before),
                "{path}: the last good tables stay"
            );
        }
    }
}

#[test]
fn a_valid_designer_table_changes_the_evaluation() {
    let start = reversi::engine::Board::start();
    let mut set = ConfigSet::shipped();
    let empty = "(pattern: \"edge\", values: {})";
    assert!(reload_with(&mut set, "patterns/edge.ron", empty).is_empty());
    let before = set.eval.evaluate_centidiscs(&start);
    // The start position's four edges are empty: give the empty edge 1 disc at every phase.
    let edge = "(pattern: \"edge\", values: { \"-------- --\": [1, 1, 1, 1, 1, 1, 1] })";
    assert!(reload_with(&mut set, "patterns/edge.ron", edge).is_empty());
    assert_eq!(set.eval.evaluate_centidiscs(&start) - before, 4 * 100);
}
