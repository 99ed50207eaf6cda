//! Evaluation speed: evaluations per second of the shipped pattern evaluator and of the
//! simple evaluator, over positions from the midgame benchmark set and their children.
//! `cargo bench --no-default-features --bench eval`.

use std::hint::black_box;
use std::time::Instant;

use reversi::engine::{Board, Evaluate, PatternEval, Position, SimpleEval, Squares};

fn positions() -> Vec<Board> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/midgame-50.obf");
    let roots: Vec<Board> = std::fs::read_to_string(path)
        .expect("midgame-50.obf")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.parse::<Position>().expect("OBF").board)
        .collect();
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
        "{name:<16} {:>6.1} M evaluations/s ({:.0} ns each; checksum {sum})",
        n / seconds / 1e6,
        seconds / n * 1e9
    );
}

fn main() {
    let boards = positions();
    println!("{} positions", boards.len());
    measure("pattern (shipped)", &PatternEval::shipped(), &boards);
    measure("simple", &SimpleEval::default(), &boards);
}
