//! The error model of the solver's selective passes (`config/search.ron`, `solver`
//! section): how far a position's exact final score lies from the full-width search value
//! the passes' ProbCut reads ([`Solver::shallow_value`], `DEPTH` plies, default the shipped
//! `probcut_depth`). Positions with exact labels: those at `MIN`..=20 empties (default 10)
//! of the self-play corpus whose games were played perfectly from 20 empties
//! (`data/corpus/selfplay-d8-p20-s*.txt.gz`, every `EVERY`-th, default 7), and the 2,000 of
//! `tests/data/heldout-20-24.obf` (20-24 empties, each with its best move's exact score).
//! Prints the mean and standard deviation of `exact - shallow` (discs) by empties, then the
//! least-squares line of the deviations over the empties and the mean at even and at odd
//! empties (the evaluator leans by the side to move at the leaves), to paste as
//! `probcut_sigma_*` and `probcut_bias_*`.
//!
//! `cargo bench --no-default-features --bench solver_probcut` (env `DEPTH`, `MIN`, `EVERY`).

mod common;

use std::io::Read;

use reversi::engine::corpus::parse_corpus;
use reversi::engine::{Board, Position, SearchConfig, Solver};

fn main() {
    let shipped = SearchConfig::shipped().solver;
    let depth = common::env_or("DEPTH", shipped.probcut_depth);
    let min = common::env_or("MIN", 10u32);
    let every = common::env_or("EVERY", 7usize);
    let root = env!("CARGO_MANIFEST_DIR");
    let mut labelled: Vec<(Board, i32)> = Vec::new();
    for seed in 1..=2 {
        let path = format!("{root}/data/corpus/selfplay-d8-p20-s{seed}.txt.gz");
        let mut text = String::new();
        flate2::read::MultiGzDecoder::new(std::fs::File::open(&path).expect(&path))
            .read_to_string(&mut text)
            .expect("corpus text");
        for game in parse_corpus(&text).expect("corpus") {
            labelled.extend(
                game.labelled()
                    .into_iter()
                    .filter(|l| l.exact && (min..=20).contains(&l.board.empty_count()))
                    .map(|l| (l.board, l.label)),
            );
        }
    }
    let mut i = 0;
    labelled.retain(|_| {
        i += 1;
        i % every == 0
    });
    let heldout = std::fs::read_to_string(format!("{root}/tests/data/heldout-20-24.obf"))
        .expect("heldout-20-24.obf");
    for line in heldout
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let board = line.parse::<Position>().expect("OBF").board;
        let score = line
            .split(';')
            .nth(1)
            .and_then(|m| m.split(':').nth(1))
            .and_then(|s| s.trim().parse::<i32>().ok())
            .expect("a move's score");
        labelled.push((board, score));
    }
    let mut solver = Solver::new(1);
    // (sum, sum of squares, count) of the error by empties.
    let mut by_empties = [(0.0f64, 0.0f64, 0usize); 65];
    for &(board, exact) in &labelled {
        let shallow = f64::from(solver.shallow_value(&board, depth)) / 100.0;
        let error = f64::from(exact) - shallow;
        let e = &mut by_empties[board.empty_count() as usize];
        *e = (e.0 + error, e.1 + error * error, e.2 + 1);
    }
    println!("# depth {depth}: {} positions", labelled.len());
    println!("# empties n mean sd (discs, exact - shallow)");
    let (mut xs, mut ys, mut ws) = (Vec::new(), Vec::new(), Vec::new());
    // (sum, count) of the errors at odd and at even empties.
    let mut by_parity = [(0.0, 0); 2];
    for (empties, &(s, s2, n)) in by_empties.iter().enumerate().filter(|(_, e)| e.2 > 1) {
        let mean = s / n as f64;
        let sd = (s2 / n as f64 - mean * mean).max(0.0).sqrt();
        println!("{empties:2} {n:5} {mean:+.2} {sd:.2}");
        xs.push(empties as f64);
        ys.push(sd);
        ws.push(n as f64);
        let p = &mut by_parity[empties % 2];
        *p = (p.0 + s, p.1 + n);
    }
    // Weighted least squares of sd = base + per_empty * empties.
    let w: f64 = ws.iter().sum();
    let mx = xs.iter().zip(&ws).map(|(x, w)| x * w).sum::<f64>() / w;
    let my = ys.iter().zip(&ws).map(|(y, w)| y * w).sum::<f64>() / w;
    let sxy: f64 = (0..xs.len())
        .map(|i| ws[i] * (xs[i] - mx) * (ys[i] - my))
        .sum();
    let sxx: f64 = (0..xs.len()).map(|i| ws[i] * (xs[i] - mx).powi(2)).sum();
    let slope = sxy / sxx;
    let bias = |(sum, n): (f64, usize)| sum / n as f64;
    println!(
        "probcut_sigma_base: {:.2}, probcut_sigma_per_empty: {slope:.3}, \
         probcut_bias_even: {:.2}, probcut_bias_odd: {:.2},",
        my - slope * mx,
        bias(by_parity[0]),
        bias(by_parity[1])
    );
}
