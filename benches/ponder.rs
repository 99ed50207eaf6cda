//! Pondering benchmark: how much sooner the engine reaches its depth after the opponent's
//! move when it pondered during the opponent's turn, for both [`PonderMode`]s.
//!
//! For each of 30 positions (the opponent, "the human", to move; the 30 of
//! `tests/data/midgame-50.obf` with the most empties): the engine's table first holds what
//! its own previous search knew (a search of the position to `DEPTH - 2`); then it ponders
//! for `PONDER_MS` (default 5000) or not at all; the human plays the move a depth-4 search
//! prefers (a fair stand-in for a decent human, who does not always play the engine's
//! guess); then the engine searches the new position to `DEPTH` (default 11) and the time
//! it takes is measured. Also reported: how often the predicted move was the human's, and
//! how long a ponder search took to return after its stop flag was raised.
//!
//! `cargo bench --no-default-features --bench ponder` (`STOP_ONLY=1`: the stop latency
//! alone, over 60 short ponder searches; `PROBCUT_T=1.5`: every search selective, as the
//! Strongest level's).

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reversi::engine::{Board, PonderMode, SearchConfig, SearchLimits, Searcher, ponder_target};

fn positions() -> Vec<Board> {
    let mut boards: Vec<Board> = common::midgame_positions()
        .into_iter()
        .filter(|b| b.has_moves())
        .collect();
    // Most empties first; the sort is stable, so ties keep the file's order.
    boards.sort_by_key(|b| std::cmp::Reverse(b.empty_count()));
    boards.truncate(30);
    boards
}

fn env_u64(name: &str, default: u64) -> u64 {
    common::env_or(name, default)
}

/// One trial: the seconds the engine needed to reach `depth` after the human's move, the
/// ponder search's stop latency in ms, and whether the predicted move was played.
struct Trial {
    seconds: f64,
    stop_ms: f64,
    hit: Option<bool>,
}

fn searcher() -> Searcher {
    Searcher::new(SearchConfig {
        tt_mib: 64,
        probcut_t: common::env_or("PROBCUT_T", 0.0),
        ..SearchConfig::shipped()
    })
}

fn search(s: &mut Searcher, board: &Board, depth: u32) -> f64 {
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    s.search(
        board,
        &SearchLimits::depth(depth),
        &stop,
        &start,
        &mut |_| {},
    );
    start.elapsed().as_secs_f64()
}

/// Ponders on `board` (the human to move) in `mode` for `ms`, stopping the search through
/// its flag from another thread as the game does; returns the stop latency in ms and the
/// guessed move.
fn ponder(
    s: &mut Searcher,
    board: &Board,
    mode: PonderMode,
    ms: u64,
) -> (f64, Option<reversi::engine::Square>) {
    let Some((target, guess)) = ponder_target(mode, s, board) else {
        return (0.0, None);
    };
    let stop = AtomicBool::new(false);
    let latency = std::thread::scope(|scope| {
        let searching = scope.spawn(|| {
            let clock = Instant::now();
            s.search(
                &target,
                &SearchLimits::default(),
                &stop,
                &clock,
                &mut |_| {},
            );
            Instant::now()
        });
        std::thread::sleep(Duration::from_millis(ms));
        let raised = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let returned = searching.join().expect("ponder search");
        returned.saturating_duration_since(raised).as_secs_f64() * 1000.0
    });
    (latency, guess)
}

fn trial(board: &Board, human_move: reversi::engine::Square, mode: Option<PonderMode>) -> Trial {
    let depth = env_u64("DEPTH", 11) as u32;
    let mut s = searcher();
    // What the engine's previous search (of its own move, before this position) left.
    search(&mut s, board, depth.saturating_sub(2).max(1));
    let (stop_ms, guess) = match mode {
        Some(mode) => ponder(&mut s, board, mode, env_u64("PONDER_MS", 5000)),
        None => (0.0, None),
    };
    let after = board.play(human_move);
    Trial {
        seconds: search(&mut s, &after, depth),
        stop_ms,
        hit: guess.map(|g| g == human_move),
    }
}

/// `STOP_ONLY=1`: only the stop latency, over many short ponder searches (both modes, each
/// position, `PONDER_MS` default 300 here).
fn stop_latency_only(boards: &[Board]) {
    let ms = env_u64("PONDER_MS", 300);
    let mut latencies = Vec::new();
    for board in boards {
        for mode in PonderMode::ALL {
            let mut s = searcher();
            latencies.push(ponder(&mut s, board, mode, ms).0);
        }
    }
    latencies.sort_by(f64::total_cmp);
    let n = latencies.len();
    println!(
        "ponder stop latency over {n} searches stopped after {ms} ms: median {:.3} ms, p90 {:.3} ms, worst {:.3} ms",
        latencies[n / 2],
        latencies[n * 9 / 10],
        latencies[n - 1]
    );
}

fn main() {
    let boards = positions();
    if std::env::var("STOP_ONLY").is_ok() {
        stop_latency_only(&boards);
        return;
    }
    let depth = env_u64("DEPTH", 11);
    let ponder_ms = env_u64("PONDER_MS", 5000);
    println!(
        "{} positions ({}-{} empties), engine depth {depth}, pondering {ponder_ms} ms",
        boards.len(),
        boards.last().map_or(0, Board::empty_count),
        boards.first().map_or(0, Board::empty_count),
    );
    let stop = AtomicBool::new(false);
    let modes: [Option<PonderMode>; 3] = [
        None,
        Some(PonderMode::AllReplies),
        Some(PonderMode::PredictedMove),
    ];
    let mut seconds = [[0.0f64; 30]; 3];
    let mut worst_stop_ms = 0.0f64;
    let mut hits = 0;
    for (i, board) in boards.iter().enumerate() {
        let human = {
            let mut s = searcher();
            let clock = Instant::now();
            s.search(board, &SearchLimits::depth(4), &stop, &clock, &mut |_| {})
                .info
                .best_move
                .expect("a move")
        };
        let mut line = format!(
            "{:>2} {:>2} empties, human {human}:",
            i + 1,
            board.empty_count()
        );
        for (m, mode) in modes.iter().enumerate() {
            let t = trial(board, human, *mode);
            seconds[m][i] = t.seconds;
            worst_stop_ms = worst_stop_ms.max(t.stop_ms);
            if t.hit == Some(true) {
                hits += 1;
            }
            let name = mode.map_or("no ponder", PonderMode::label);
            line += &format!(
                "  {name} {:.3} s{}",
                t.seconds,
                match t.hit {
                    Some(true) => " (guessed)",
                    Some(false) => " (missed)",
                    None => "",
                }
            );
        }
        println!("{line}");
    }
    let n = boards.len();
    let total = |m: usize| seconds[m][..n].iter().sum::<f64>();
    let median_ratio = |m: usize| {
        let mut r: Vec<f64> = (0..n).map(|i| seconds[0][i] / seconds[m][i]).collect();
        r.sort_by(f64::total_cmp);
        r[n / 2]
    };
    println!("no ponder: {:.2} s in total", total(0));
    for (m, mode) in modes.iter().enumerate().skip(1) {
        println!(
            "{}: {:.2} s in total, ratio {:.2} (total), {:.2} (median per position)",
            mode.map_or("", PonderMode::label),
            total(m),
            total(0) / total(m),
            median_ratio(m),
        );
    }
    println!("predicted move was the human's in {hits}/{n}");
    println!("ponder stop latency: worst {worst_stop_ms:.3} ms");
}
