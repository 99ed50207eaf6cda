//! Evaluation speed: evaluations per second of the shipped pattern evaluator and of the
//! simple evaluator, over positions from the midgame benchmark set and their children, and
//! the time of the designer's breakdown of a position (`explain`), what each feature costs,
//! and what computing the 46 pattern indices alone costs (the part a search saves by
//! keeping them move by move, `eval::indices`).
//! `cargo bench --no-default-features --bench eval`; set `REVERSI_EVAL_CONFIG=<folder>` to
//! measure a designer's (or a fit's) tables as well.

mod common;

use std::hint::black_box;
use std::time::Instant;

use reversi::engine::eval::params::{parse_eval_file, write_eval_file, write_pattern_file};
use reversi::engine::eval::pattern::{FAMILIES, Planes};
use reversi::engine::eval::shipped_eval_text;
use reversi::engine::{Board, Evaluate, PatternEval, SimpleEval, Squares};

fn positions() -> Vec<Board> {
    let roots = common::midgame_positions();
    let mut all = roots.clone();
    for b in &roots {
        all.extend(Squares(b.moves()).map(|sq| b.play(sq)));
    }
    all
}

fn measure(name: &str, eval: &dyn Evaluate, boards: &[Board]) {
    let rounds = 20_000;
    let start = Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for b in boards {
            sum += i64::from(eval.evaluate(black_box(b)));
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let n = (rounds * boards.len()) as f64;
    println!(
        "{name:<40} {:>6.1} M evaluations/s ({:.0} ns each; checksum {sum})",
        n / seconds / 1e6,
        seconds / n * 1e9
    );
}

/// The shipped feature weights with every pattern family, each configuration given a value
/// (a stand-in for fitted tables of all 46 instances), and the features whose names are in
/// `features` (the others zero, so not computed).
fn all_families(features: &[&str]) -> PatternEval {
    let mut eval = parse_eval_file("eval.ron", shipped_eval_text()).expect("shipped");
    let keyframes = eval.phases.len();
    for (name, row) in reversi::engine::eval::features::FEATURE_NAMES
        .iter()
        .zip(eval.weights_mut())
    {
        if !features.contains(name) {
            *row = vec![0.0; keyframes];
        }
    }
    eval.patterns = FAMILIES.iter().map(|f| f.name.to_string()).collect();
    let text = write_eval_file(&eval);
    PatternEval::load("eval.ron", &text, &mut |name| {
        let family = FAMILIES.iter().find(|f| f.name == name).expect("family");
        let entries: Vec<(usize, Vec<f32>)> = (0..family.table_size())
            .filter(|&i| family.canonical(i) == i)
            .map(|i| (i, vec![((i % 17) as f32 - 8.0) / 4.0; keyframes]))
            .collect();
        Ok((name.to_string(), write_pattern_file(family, &entries)))
    })
    .expect("generated files")
}

fn main() {
    let boards = positions();
    println!("{} positions", boards.len());
    let start = Instant::now();
    let shipped = PatternEval::shipped();
    println!(
        "loading the shipped tables: {:.3} s",
        start.elapsed().as_secs_f64()
    );
    measure("pattern (shipped)", &shipped, &boards);
    // The designer's breakdown of one position (`explain`): it must fit in a frame.
    let start = Instant::now();
    let mut terms = 0;
    for b in &boards {
        terms += black_box(shipped.explain(b)).patterns.len();
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{:<40} {:>6.1} us each ({} positions, {terms} pattern terms)",
        "explain (every term, shipped)",
        seconds / boards.len() as f64 * 1e6,
        boards.len()
    );
    let all = reversi::engine::eval::features::FEATURE_NAMES;
    measure("46 instances, 8 features", &all_families(&all), &boards);
    measure(
        "46 instances, mobility corners parity",
        &all_families(&["mobility", "corners", "parity"]),
        &boards,
    );
    measure(
        "46 instances, 7 features (no stable_discs)",
        &all_families(&[
            "mobility",
            "potential_mobility",
            "corners",
            "x_squares",
            "c_squares",
            "parity",
            "disc_difference",
        ]),
        &boards,
    );
    measure(
        "46 instances, mobility potential parity discs",
        &all_families(&[
            "mobility",
            "potential_mobility",
            "parity",
            "disc_difference",
        ]),
        &boards,
    );
    measure(
        "46 instances, mobility",
        &all_families(&["mobility"]),
        &boards,
    );
    measure("46 instances only", &all_families(&[]), &boards);
    let start = Instant::now();
    if let Some(eval) = common::eval_from_env("REVERSI_EVAL_CONFIG") {
        let dir = std::env::var("REVERSI_EVAL_CONFIG").expect("set");
        println!(
            "loading the shipped set, then {dir} over it: {:.3} s",
            start.elapsed().as_secs_f64()
        );
        measure(&dir, &eval, &boards);
    }
    // The indices alone (no table read): what incremental indices could save at most.
    let rounds = 20_000;
    let start = Instant::now();
    let mut sum = 0u64;
    for _ in 0..rounds {
        for b in &boards {
            let planes = Planes::new(black_box(b));
            for family in &FAMILIES {
                family.each_index(&planes, |i| sum += u64::from(i));
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let n = (rounds * boards.len()) as f64;
    println!(
        "{:<40} {:>6.1} M/s ({:.0} ns each; checksum {sum})",
        "46 indices, no table read",
        n / seconds / 1e6,
        seconds / n * 1e9
    );
    measure("simple", &SimpleEval::default(), &boards);
}
