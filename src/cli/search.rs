//! `reversi-engine search`.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::{Args, ValueEnum};
use serde_json::json;

use crate::cli::engine_spec::EngineSpec;
use crate::cli::setup::SetupArgs;
use crate::engine::{Algorithm, SearchInfo, SearchLimits, Square};

/// The root driver, as named on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum AlgorithmArg {
    /// MTD(f): null-window searches with memory.
    Mtdf,
    /// NegaScout/PVS with an aspiration window.
    Pvs,
}

/// Arguments of `search`.
#[derive(Debug, Args)]
#[command(after_help = "Output: one line per completed iteration\n  \
depth <d> score <discs> <exact|win|draw|loss|estimate> move <square> nodes <n> time <s> nps <n> pv <moves>\n\
then\n  bestmove <square> score <discs> depth <d> nodes <n> time <s>\n\
Scores are in discs from the side to move; a move is `pass` when the side to move must \
pass and `none` when the game is over. With neither --depth nor --time-ms the search runs \
to the end of the game.")]
pub struct SearchArgs {
    #[command(flatten)]
    setup: SetupArgs,
    /// The deepest iteration, in plies (1..=60).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// Stop after this many milliseconds (the last complete iteration answers).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    time_ms: Option<u64>,
    /// Stop after about this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000_000))]
    nodes: Option<u64>,
    /// The root driver.
    #[arg(long, value_enum)]
    algorithm: Option<AlgorithmArg>,
    /// Transposition-table size in MiB.
    #[arg(long)]
    tt_mib: Option<usize>,
    /// Print transposition-table counters after the result.
    #[arg(long)]
    stats: bool,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    json: bool,
    /// The engine's settings: `shipped`, `simple` or a designer's config folder.
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Search threads (1..=256; default 1). Scores do not depend on it (a solve's moves
    /// neither); a search with ProbCut or a time limit may differ.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
}

fn move_name(mv: Option<Square>, has_moves: bool) -> String {
    match mv {
        Some(sq) => sq.to_string(),
        None if has_moves => "none".to_string(),
        None => "pass".to_string(),
    }
}

/// How sure a score is: `exact`, proven `win`/`draw`/`loss`, or an `estimate`.
fn kind(i: &SearchInfo) -> &'static str {
    match (i.exact, i.wld) {
        (true, _) => "exact",
        (false, Some(1)) => "win",
        (false, Some(0)) => "draw",
        (false, Some(_)) => "loss",
        (false, None) => "estimate",
    }
}

fn pv_text(pv: &[Square]) -> String {
    pv.iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `search`, printing a line per iteration and the result.
///
/// # Errors
/// A bad `--moves` or `--obf`.
pub fn run(args: &SearchArgs) -> Result<(), String> {
    let board = args.setup.position()?.board;
    let engine = EngineSpec::from_arg(&args.config)?;
    let mut config = engine.search.clone();
    if let Some(a) = args.algorithm {
        config.algorithm = match a {
            AlgorithmArg::Mtdf => Algorithm::Mtdf,
            AlgorithmArg::Pvs => Algorithm::Pvs,
        };
    }
    if let Some(mib) = args.tt_mib {
        crate::cli::check_tt_mib("--tt-mib", mib)?;
        config.tt_mib = mib;
    }
    let limits = SearchLimits {
        depth: args.depth,
        nodes: args.nodes,
        time_ms: args.time_ms,
        soft_time_ms: None,
    };
    let mut searcher = crate::cli::searcher(config, engine.eval)?;
    searcher.set_threads(crate::cli::search_threads("--threads", args.threads)?);
    let stop = AtomicBool::new(false);
    let clock = Instant::now();
    // A game that is over has no move; one with no legal move but not over is a pass.
    let over = board.is_game_over();
    let json = args.json;
    let mut print_iteration = |i: &SearchInfo| {
        let mv = move_name(i.best_move, over);
        let seconds = i.elapsed_ms as f64 / 1000.0;
        if json {
            println!(
                "{}",
                json!({
                    "depth": i.depth, "score": i.score, "exact": i.exact, "kind": kind(i), "move": mv,
                    "nodes": i.nodes, "time": seconds, "nps": i.nodes_per_second(),
                    "pv": i.pv.iter().map(Square::to_string).collect::<Vec<_>>(),
                })
            );
        } else {
            println!(
                "depth {} score {:+} {} move {mv} nodes {} time {seconds:.3} nps {} pv {}",
                i.depth,
                i.score,
                kind(i),
                i.nodes,
                i.nodes_per_second(),
                pv_text(&i.pv)
            );
        }
    };
    let result = searcher.search(&board, &limits, &stop, &clock, &mut print_iteration);
    let i = &result.info;
    let mv = move_name(i.best_move, over);
    let seconds = i.elapsed_ms as f64 / 1000.0;
    let s = searcher.table_stats();
    if args.json {
        let mut out = json!({
            "bestmove": mv, "score": i.score, "depth": i.depth, "exact": i.exact,
            "nodes": i.nodes, "time": seconds, "stopped": result.stopped,
        });
        if args.stats {
            out["stats"] = json!({
                "probes": s.probes, "hits": s.hits, "cutoffs": s.cutoffs,
                "stores": s.stores, "overwrites": s.overwrites,
            });
        }
        println!("{out}");
    } else {
        println!(
            "bestmove {mv} score {:+} depth {} nodes {} time {seconds:.3}",
            i.score, i.depth, i.nodes
        );
        if args.stats {
            println!(
                "tt probes {} hits {} hit-rate {:.3} cutoffs {} stores {} overwrites {}",
                s.probes,
                s.hits,
                s.hit_rate(),
                s.cutoffs,
                s.stores,
                s.overwrites
            );
        }
    }
    Ok(())
}
