//! Perft benchmark: perft 11 from the start on one thread, no hash table, the last ply
//! counted without being played. Run with `cargo bench --no-default-features --bench perft`.

use std::time::Instant;

use reversi::engine::{Board, perft};

fn main() {
    const DEPTH: u32 = 11;
    const EXPECTED: u64 = 212_258_800;
    let runs = 3;
    let mut best = f64::INFINITY;
    for run in 1..=runs {
        let start = Instant::now();
        let leaves = perft(&Board::start(), DEPTH);
        let seconds = start.elapsed().as_secs_f64();
        assert_eq!(leaves, EXPECTED, "perft {DEPTH} from the start");
        println!(
            "run {run}: perft {DEPTH} = {leaves} in {seconds:.3} s, {:.1} M leaves/s",
            leaves as f64 / seconds / 1e6
        );
        best = best.min(seconds);
    }
    println!(
        "best of {runs}: {best:.3} s, {:.1} M leaves/s",
        EXPECTED as f64 / best / 1e6
    );
}
