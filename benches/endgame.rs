//! Endgame benchmark: the FFO problems #40-#59 (any of #1-#79 on request) solved exactly on
//! one thread or more, each checked against the file's score. Run with `cargo bench --no-default-features --bench endgame`.
//!
//! Environment:
//! - `ENDGAME_RANGE=40..49`: the problems to solve, inclusive, numbered as in the files' names (default
//!   `40..59`);
//! - `ENDGAME_TABLE_MIB=64`: the transposition table's size;
//! - `ENDGAME_CONFIG='(stability_cutoff: false)'`: [`SolverConfig`] overrides in RON, to
//!   measure what a trick saves;
//! - `ENDGAME_WLD=1`: win/loss/draw instead of exact;
//! - `ENDGAME_EVAL=<folder>`: order moves with that config folder's evaluator (a fit's
//!   tables) instead of the shipped one;
//! - `ENDGAME_LIMIT_S=600`: give up a position after this many seconds (reported as not
//!   solved);
//! - `ENDGAME_THREADS=1,2`: solve the set once with each thread count, then print each
//!   count's total time, nodes and speed-up over the first (default `1`).

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use reversi::engine::{Evaluate, ObfRecord, SolveMode, Solver, SolverConfig, Threads};

fn main() {
    let range = std::env::var("ENDGAME_RANGE").unwrap_or_else(|_| "40..59".into());
    let (first, last) = range
        .split_once("..")
        .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
        .expect("ENDGAME_RANGE like 40..49");
    let mib = std::env::var("ENDGAME_TABLE_MIB").map_or(64, |m| m.parse().expect("MiB"));
    let config: SolverConfig = std::env::var("ENDGAME_CONFIG")
        .map(|c| ron::from_str(&c).expect("ENDGAME_CONFIG: a SolverConfig in RON"))
        .unwrap_or_default();
    let limit_s: u64 = std::env::var("ENDGAME_LIMIT_S").map_or(600, |s| s.parse().expect("s"));
    let wld = std::env::var("ENDGAME_WLD").is_ok_and(|v| v == "1");
    let mode = if wld {
        SolveMode::WinLossDraw
    } else {
        SolveMode::Exact
    };
    println!("config {}", ron::to_string(&config).expect("RON"));
    let eval: Option<Arc<dyn Evaluate>> =
        common::eval_from_env("ENDGAME_EVAL").map(|e| Arc::new(e) as _);

    // Every FFO file, numbered as its name says.
    let mut records: Vec<(usize, ObfRecord)> = Vec::new();
    for (from, name) in [
        (1, "fforum-1-19.obf"),
        (20, "fforum-20-39.obf"),
        (40, "fforum-40-59.obf"),
        (60, "fforum-60-79.obf"),
    ] {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let lines = text.lines().filter(|l| !l.trim().is_empty());
        for (i, line) in lines.enumerate() {
            let record = line
                .parse()
                .unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1));
            records.push((from + i, record));
        }
    }

    let counts: Vec<usize> = std::env::var("ENDGAME_THREADS")
        .unwrap_or_else(|_| "1".into())
        .split(',')
        .map(|n| n.trim().parse().expect("ENDGAME_THREADS like 1,2"))
        .collect();
    let mut wrong = 0;
    let mut totals = Vec::new();
    for &count in &counts {
        let threads = Threads::new(count).expect("a thread count the engine takes");
        println!("\n== {count} thread(s) ==");
        let (nodes, seconds, w) = run_set(
            &records,
            first..=last,
            &threads,
            mib,
            &config,
            eval.as_ref(),
            mode,
            limit_s,
        );
        wrong += w;
        totals.push((count, nodes, seconds));
    }
    if totals.len() > 1 {
        println!("\nthreads      seconds          nodes   M nodes/s  speed-up  time vs first");
        let base = totals[0].2;
        for &(count, nodes, seconds) in &totals {
            println!(
                "{count:>7} {seconds:>12.3} {nodes:>14} {:>11.2} {:>9.2} {:>14.3}",
                nodes as f64 / seconds / 1e6,
                base / seconds,
                seconds / base
            );
        }
    }
    assert_eq!(wrong, 0, "{wrong} wrong or unsolved");
}

/// Solves problems `range` of `records` on `threads`: the total nodes and seconds, and how
/// many were wrong or unsolved.
#[allow(clippy::too_many_arguments)]
fn run_set(
    records: &[(usize, ObfRecord)],
    range: std::ops::RangeInclusive<usize>,
    threads: &Threads,
    mib: usize,
    config: &SolverConfig,
    eval: Option<&Arc<dyn Evaluate>>,
    mode: SolveMode,
    limit_s: u64,
) -> (u64, f64, usize) {
    let wld = mode == SolveMode::WinLossDraw;
    let (first, last) = (*range.start(), *range.end());
    let (mut total_nodes, mut total_seconds, mut wrong) = (0u64, 0.0f64, 0);
    println!("  #  empties move score  expected      seconds          nodes   M nodes/s");
    for number in range {
        let Some((_, record)) = records.iter().find(|(n, _)| *n == number) else {
            panic!("no problem #{number} in tests/data/fforum-*.obf");
        };
        let board = record.position.board;
        let mut solver = Solver::with_config(mib, config.clone());
        solver.set_threads(threads.clone());
        if let Some(eval) = eval {
            solver.set_evaluator(Arc::clone(eval));
        }
        let start = Instant::now();
        let stop = AtomicBool::new(false);
        let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
        let solved = std::thread::scope(|scope| {
            let stop = &stop;
            scope.spawn(move || {
                let limit = std::time::Duration::from_secs(limit_s);
                if done_rx.recv_timeout(limit).is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            let solved = solver.solve(&board, mode, stop);
            drop(done_tx);
            solved
        });
        let seconds = start.elapsed().as_secs_f64();
        let Some(solved) = solved else {
            println!(
                "{number:>3}  {:>7} not solved in {limit_s} s",
                board.empty_count()
            );
            wrong += 1;
            continue;
        };
        let expected = record.best_score().expect("a score in the file");
        let expected = if wld { expected.signum() } else { expected };
        let move_score = record
            .move_scores
            .iter()
            .find(|&&(sq, _)| Some(sq) == solved.best_move)
            .map(|&(_, s)| if wld { s.signum() } else { s });
        let ok = solved.score == expected && move_score == Some(expected);
        if !ok {
            wrong += 1;
        }
        let mv = solved.best_move.map_or("--".into(), |m| m.to_string());
        println!(
            "{number:>3}  {:>7} {mv:>4} {:>+5}  {expected:>+8} {seconds:>12.3} {:>14} {:>11.2}{}",
            board.empty_count(),
            solved.score,
            solved.nodes,
            solved.nodes as f64 / seconds / 1e6,
            if ok { "" } else { "  WRONG" }
        );
        total_nodes += solved.nodes;
        total_seconds += seconds;
    }
    println!(
        "total #{first}-#{last}: {total_seconds:.3} s, {total_nodes} nodes, {:.2} M nodes/s",
        total_nodes as f64 / total_seconds / 1e6
    );
    (total_nodes, total_seconds, wrong)
}
