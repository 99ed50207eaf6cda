//! Parallel midgame search: the 50 positions of `tests/data/midgame-50.obf` searched with
//! 1 thread and more.
//!
//! 1. Fixed depth, full width and with ProbCut: time, nodes, speed-up, and how many scores
//!    equal the first count's (full width they all must: see docs/engine.md, "Threads").
//! 2. A fixed time per position (a hard limit, as a level's): the mean depth completed.
//!
//! `cargo bench --no-default-features --bench parallel`. Env: `THREADS=1,2` the counts,
//! `DEPTH=9` the fixed depth, `PROBCUT_T=1.5` ProbCut's confidence (Strongest's),
//! `TIME_MS=1000` the time per position, `SECTIONS=depth,time` which parts to run,
//! `SPLIT_MIN_DEPTH=4` the search's `split_min_depth`.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use reversi::engine::{Board, SearchConfig, SearchLimits, Searcher, Threads};

struct Run {
    threads: usize,
    seconds: f64,
    nodes: u64,
    scores: Vec<i32>,
    depths: Vec<u32>,
}

/// Every position searched within `limits` on `count` threads, a fresh table each.
fn run(boards: &[Board], config: &SearchConfig, count: usize, limits: &SearchLimits) -> Run {
    let threads = Threads::new(count).expect("a thread count the engine takes");
    let stop = AtomicBool::new(false);
    let mut r = Run {
        threads: count,
        seconds: 0.0,
        nodes: 0,
        scores: Vec::new(),
        depths: Vec::new(),
    };
    for b in boards {
        let mut s = Searcher::new(config.clone());
        s.set_threads(threads.clone());
        let start = Instant::now();
        let result = s.search(b, limits, &stop, &start, &mut |_| {});
        r.seconds += start.elapsed().as_secs_f64();
        r.nodes += result.info.nodes;
        r.scores.push(result.info.score);
        r.depths.push(result.info.depth);
    }
    r
}

fn report(runs: &[Run]) {
    println!("threads      seconds          nodes   M nodes/s  speed-up  same scores  mean depth");
    let first = &runs[0];
    for r in runs {
        let same = r
            .scores
            .iter()
            .zip(&first.scores)
            .filter(|(a, b)| a == b)
            .count();
        println!(
            "{:>7} {:>12.2} {:>14} {:>11.2} {:>9.2} {:>9}/{} {:>11.2}",
            r.threads,
            r.seconds,
            r.nodes,
            r.nodes as f64 / r.seconds / 1e6,
            first.seconds / r.seconds,
            same,
            r.scores.len(),
            r.depths.iter().sum::<u32>() as f64 / r.depths.len() as f64
        );
    }
}

fn main() {
    let boards = common::midgame_positions();
    let counts: Vec<usize> = std::env::var("THREADS")
        .unwrap_or_else(|_| "1,2".into())
        .split(',')
        .map(|n| n.trim().parse().expect("THREADS like 1,2"))
        .collect();
    let sections = std::env::var("SECTIONS").unwrap_or_else(|_| "depth,time".into());
    let depth = common::env_or("DEPTH", 9u32);
    let time_ms = common::env_or("TIME_MS", 1000u64);
    let full = SearchConfig {
        split_min_depth: common::env_or("SPLIT_MIN_DEPTH", SearchConfig::shipped().split_min_depth),
        ..SearchConfig::shipped()
    };
    let probcut = SearchConfig {
        probcut_t: common::env_or("PROBCUT_T", 1.5),
        ..full.clone()
    };
    println!(
        "{} positions, {} to {} empties; {} hardware threads",
        boards.len(),
        boards.iter().map(Board::empty_count).min().unwrap_or(0),
        boards.iter().map(Board::empty_count).max().unwrap_or(0),
        Threads::available()
    );
    if sections.contains("depth") {
        for (name, config) in [("full width", &full), ("ProbCut", &probcut)] {
            println!("\n== Depth {depth}, {name} ==");
            let runs: Vec<Run> = counts
                .iter()
                .map(|&n| run(&boards, config, n, &SearchLimits::depth(depth)))
                .collect();
            report(&runs);
        }
    }
    if sections.contains("time") {
        println!(
            "\n== {time_ms} ms a position (hard limit), ProbCut at {} ==",
            probcut.probcut_t
        );
        let runs: Vec<Run> = counts
            .iter()
            .map(|&n| run(&boards, &probcut, n, &SearchLimits::time_ms(time_ms)))
            .collect();
        report(&runs);
    }
}
