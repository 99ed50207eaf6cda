//! Search benchmark: MTD(f) against PVS with aspiration at equal depth on the 50 positions of
//! `tests/data/midgame-50.obf`, what each move-ordering step saves, the depth reached in 1 s,
//! nodes per second, and how fast a search stops when asked.
//!
//! Then the same with ProbCut (selective search): the depth reached in 1 s, and nodes and
//! scores against full width at equal depth; and the enhanced transposition cutoff from
//! several depths, full width and with ProbCut, against none.
//!
//! `cargo bench --no-default-features --bench search` (env `DEPTH`, default 10, sets the
//! depth of the comparison; `ORDER_DEPTH`, default 9, that of the ordering table;
//! `PROBCUT_T`, default 1.5, ProbCut's confidence; `PROBCUT_DEPTH`, default 10, the depth
//! of its comparison; `ETC_PROBCUT_DEPTH`, default 14, the selective depth of the
//! transposition cutoff's; `SEARCH_EVAL=<folder>` searches with that folder's tables over the
//! shipped ones, e.g. an earlier fit kept in `data/corpus/players/`).

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use reversi::engine::{
    Algorithm, Board, Evaluate, OrderingMode, SearchConfig, SearchLimits, Searcher,
};

/// A searcher with `config` and the evaluator of `SEARCH_EVAL` (the shipped one without it).
fn searcher(config: SearchConfig) -> Searcher {
    static EVAL: OnceLock<Option<Arc<dyn Evaluate>>> = OnceLock::new();
    let eval = EVAL.get_or_init(|| {
        let eval = common::eval_from_env("SEARCH_EVAL").map(|e| Arc::new(e) as _);
        if let Ok(dir) = std::env::var("SEARCH_EVAL") {
            println!("evaluator: the tables of {dir} over the shipped ones");
        }
        eval
    });
    match eval {
        Some(eval) => Searcher::with_evaluator(config, Arc::clone(eval)),
        None => Searcher::new(config),
    }
}

struct Totals {
    nodes: u64,
    seconds: f64,
    probes: u64,
    hits: u64,
    scores: Vec<i32>,
}

/// Searches every position to `depth` with a fresh table each, as `config` says.
fn run_set(boards: &[Board], depth: u32, config: &SearchConfig) -> Totals {
    let stop = AtomicBool::new(false);
    let mut t = Totals {
        nodes: 0,
        seconds: 0.0,
        probes: 0,
        hits: 0,
        scores: Vec::new(),
    };
    for b in boards {
        // The table is allocated outside the timed part.
        let mut s = searcher(config.clone());
        let start = Instant::now();
        let r = s.search(b, &SearchLimits::depth(depth), &stop, &start, &mut |_| {});
        t.seconds += start.elapsed().as_secs_f64();
        t.nodes += r.info.nodes;
        t.probes += s.table_stats().probes;
        t.hits += s.table_stats().hits;
        t.scores.push(r.info.score);
    }
    t
}

fn main() {
    let boards = common::midgame_positions();
    assert_eq!(boards.len(), 50);
    let depth = common::env_or("DEPTH", 10u32);
    let base = SearchConfig {
        tt_mib: 64,
        ..SearchConfig::shipped()
    };

    println!(
        "== MTD(f) vs PVS+aspiration, depth {depth}, 50 positions, fresh 64 MiB table each =="
    );
    println!(
        "{:<8} {:>14} {:>9} {:>12} {:>9}",
        "driver", "nodes", "seconds", "nodes/s", "tt hits"
    );
    let mut results = Vec::new();
    for algorithm in [Algorithm::Mtdf, Algorithm::Pvs] {
        let config = SearchConfig {
            algorithm,
            ..base.clone()
        };
        let t = run_set(&boards, depth, &config);
        println!(
            "{:<8} {:>14} {:>9.2} {:>12.0} {:>8.1}%",
            format!("{algorithm:?}"),
            t.nodes,
            t.seconds,
            t.nodes as f64 / t.seconds,
            100.0 * t.hits as f64 / t.probes.max(1) as f64
        );
        results.push(t);
    }
    let same = results[0]
        .scores
        .iter()
        .zip(&results[1].scores)
        .filter(|(a, b)| a == b)
        .count();
    println!("same score from both drivers on {same} of 50 positions");

    let order_depth = common::env_or("ORDER_DEPTH", 9u32);
    println!("\n== Move ordering, MTD(f) depth {order_depth}, 50 positions ==");
    println!("{:<34} {:>14} {:>9}", "ordering", "nodes", "seconds");
    let steps = [
        ("square order, no table move", OrderingMode::Index, false),
        ("+ table move first", OrderingMode::Index, true),
        ("+ fastest first (shipped)", OrderingMode::Mobility, true),
        (
            "+ evaluation after the move",
            OrderingMode::Evaluation,
            true,
        ),
        ("+ shallow search", OrderingMode::Shallow, true),
    ];
    for (name, ordering, use_table_move) in steps {
        let config = SearchConfig {
            ordering,
            use_table_move,
            ..base.clone()
        };
        let t = run_set(&boards, order_depth, &config);
        println!("{name:<34} {:>14} {:>9.2}", t.nodes, t.seconds);
    }

    println!("\n== Depth reached in 1 s (MTD(f), shipped settings) ==");
    let named: Vec<(String, Board)> = std::iter::once(("start".to_string(), Board::start()))
        .chain(
            [0usize, 30, 45]
                .iter()
                .map(|&i| (format!("midgame #{}", i + 1), boards[i])),
        )
        .collect();
    let depth_in_1s = |config: &SearchConfig| {
        for (name, b) in &named {
            let stop = AtomicBool::new(false);
            let mut s = searcher(config.clone());
            let start = Instant::now();
            let r = s.search(b, &SearchLimits::time_ms(1000), &stop, &start, &mut |_| {});
            println!(
                "{name:<14} {:>2} empties: depth {:>2} ({}), {:>10} nodes, {:>10.0} nodes/s",
                b.empty_count(),
                r.info.depth,
                if r.info.exact { "exact" } else { "estimate" },
                r.info.nodes,
                r.info.nodes as f64 / start.elapsed().as_secs_f64()
            );
        }
    };
    depth_in_1s(&base);
    let probcut = SearchConfig {
        probcut_t: common::env_or("PROBCUT_T", 1.5),
        ..base.clone()
    };
    println!(
        "\n== Depth reached in 1 s with ProbCut at {} standard deviations ==",
        probcut.probcut_t
    );
    depth_in_1s(&probcut);

    let pc_depth = common::env_or("PROBCUT_DEPTH", 10u32);
    println!(
        "\n== ProbCut at {} standard deviations against full width, depth {pc_depth}, 50 positions ==",
        probcut.probcut_t
    );
    // The first section's MTD(f) run is this comparison's full-width side when depths match.
    let full = if pc_depth == depth && base.algorithm == Algorithm::Mtdf {
        results.swap_remove(0)
    } else {
        run_set(&boards, pc_depth, &base)
    };
    let cut = run_set(&boards, pc_depth, &probcut);
    let same = full
        .scores
        .iter()
        .zip(&cut.scores)
        .filter(|(a, b)| a == b)
        .count();
    let off: i32 = full
        .scores
        .iter()
        .zip(&cut.scores)
        .map(|(a, b)| (a - b).abs())
        .sum();
    println!(
        "full width {} nodes {:.2} s; ProbCut {} nodes {:.2} s; same score on {same} of 50, \
         mean difference {:.2} discs",
        full.nodes,
        full.seconds,
        cut.nodes,
        cut.seconds,
        f64::from(off) / 50.0
    );

    // The enhanced transposition cutoff, full width and selective, against none.
    let etc_pc_depth = common::env_or("ETC_PROBCUT_DEPTH", 14u32);
    println!("\n== Enhanced transposition cutoff, MTD(f), 50 positions ==");
    println!(
        "{:<34} {:>14} {:>9} {:>14} {:>9}",
        "children probed from",
        format!("d{depth} nodes"),
        "seconds",
        format!("PC d{etc_pc_depth} nodes"),
        "seconds"
    );
    for etc_min_depth in [64, 3, 4, 6, 8] {
        let name = if etc_min_depth == 64 {
            "never".to_string()
        } else {
            format!("{etc_min_depth} plies left")
        };
        let full = run_set(
            &boards,
            depth,
            &SearchConfig {
                etc_min_depth,
                ..base.clone()
            },
        );
        let cut = run_set(
            &boards,
            etc_pc_depth,
            &SearchConfig {
                etc_min_depth,
                ..probcut.clone()
            },
        );
        println!(
            "{name:<34} {:>14} {:>9.2} {:>14} {:>9.2}",
            full.nodes, full.seconds, cut.nodes, cut.seconds
        );
    }

    println!("\n== Stop latency: flag raised after 100..500 ms of an unlimited search ==");
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    let runs = 10;
    for i in 0..runs {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let b = boards[i * 5];
        let config = base.clone();
        let mut s = searcher(config);
        let handle = std::thread::spawn(move || {
            s.search(
                &b,
                &SearchLimits::default(),
                &flag,
                &Instant::now(),
                &mut |_| {},
            );
            Instant::now()
        });
        std::thread::sleep(Duration::from_millis(100 + 40 * i as u64));
        let raised = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let returned = handle.join().expect("search thread");
        let latency = returned.saturating_duration_since(raised);
        worst = worst.max(latency);
        total += latency;
    }
    println!(
        "{runs} runs: mean {:.3} ms, worst {:.3} ms",
        total.as_secs_f64() * 1000.0 / runs as f64,
        worst.as_secs_f64() * 1000.0
    );
}
