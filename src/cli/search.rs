//! `reversi-engine search`.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::{Args, ValueEnum};
use serde_json::json;

use crate::cli::engine_spec::EngineSpec;
use crate::cli::practice::parse_probcut;
use crate::cli::setup::SetupArgs;
use crate::engine::mcts::RootMove;
use crate::engine::{
    Algorithm, Board, Budget, Mcts, MctsInfo, MctsLimits, Outcome, SearchInfo, SearchLimits,
    Square, solve_thresholds,
};

/// The root driver, as named on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum AlgorithmArg {
    /// MTD(f): null-window searches with memory.
    Mtdf,
    /// NegaScout/PVS with an aspiration window.
    Pvs,
    /// Monte Carlo tree search (`mcts.ron`): `--nodes` counts playouts.
    Mcts,
}

/// Arguments of `search`.
#[derive(Debug, Args)]
#[command(after_help = "Output: one line per completed iteration\n  \
depth <d> score <discs> <exact|win|draw|loss|estimate> move <square> nodes <n> time <s> nps <n> pv <moves>\n\
then\n  bestmove <square> score <discs> depth <d> nodes <n> time <s>\n\
Scores are in discs from the side to move; a move is `pass` when the side to move must \
pass and `none` when the game is over. With neither --depth nor --time-ms the search runs \
to the end of the game. A selective iteration's depth carries its confidence (`18@87%`): \
with --time-ms the search is selective (search.ron's timed_probcut_t) and, reaching the \
end of the game, climbs from that confidence to a full-width, exact iteration.\n\n\
--algorithm mcts: --nodes is a number of playouts, and one of --nodes and --time-ms is \
needed. Progress on standard error about twice a second:\n  \
mcts playouts <n> pps <n> tree <nodes> time <s> left <s> win-rate <p> move <square> pv <moves>\n\
then on standard output one line per root move, most visited first:\n  \
root <square> visits <n> win-rate <p> <win|draw|loss|open>\n\
and the bestmove line, its score the win rate in discs (or the proven sign), its depth the \
line's length.")]
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
    /// Seeds Monte Carlo tree search's playouts (`--algorithm mcts`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// ProbCut's confidence in standard deviations (0: full width; 1.5: about 87%), instead
    /// of the config's `probcut_t`.
    #[arg(long, value_parser = parse_probcut)]
    probcut: Option<f64>,
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

/// The answer line every algorithm ends with (`nodes`: MCTS's playouts).
fn print_bestmove(mv: &str, i: &SearchInfo, seconds: f64) {
    println!(
        "bestmove {mv} score {:+} depth {} nodes {} time {seconds:.3}",
        i.score,
        i.depth_label(),
        i.nodes
    );
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
            AlgorithmArg::Mcts => return run_mcts(args, &board, &engine),
        };
    }
    if let Some(mib) = args.tt_mib {
        crate::cli::check_tt_mib("--tt-mib", mib)?;
        config.tt_mib = mib;
    }
    if let Some(t) = args.probcut {
        config.probcut_t = t;
    }
    // With a time limit and no depth, solve only where the solve is expected to end within
    // the limit, as a game's move does: a solve cut off at the limit would leave the short
    // search before it (depth 8) as the answer, the time spent for nothing.
    if let (Some(ms), None) = (args.time_ms, args.depth) {
        (config.exact_empties, config.wld_empties) = solve_thresholds(
            (config.exact_empties, config.wld_empties),
            board.empty_count(),
            Budget {
                soft_ms: ms,
                hard_ms: ms,
            },
            false,
            &config.time,
        );
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
                    "depth": i.depth, "confidence": i.confidence_pct, "score": i.score,
                    "exact": i.exact, "kind": kind(i), "move": mv,
                    "nodes": i.nodes, "time": seconds, "nps": i.nodes_per_second(),
                    "pv": i.pv.iter().map(Square::to_string).collect::<Vec<_>>(),
                })
            );
        } else {
            println!(
                "depth {} score {:+} {} move {mv} nodes {} time {seconds:.3} nps {} pv {}",
                i.depth_label(),
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
            "bestmove": mv, "score": i.score, "depth": i.depth,
            "confidence": i.confidence_pct, "exact": i.exact,
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
        print_bestmove(&mv, i, seconds);
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

/// A root move's name: its square, or `pass`.
fn root_move_name(m: &RootMove) -> String {
    m.square()
        .map_or_else(|| "pass".to_string(), |s| s.to_string())
}

fn outcome_name(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Win) => "win",
        Some(Outcome::Draw) => "draw",
        Some(Outcome::Loss) => "loss",
        None => "open",
    }
}

/// The seconds a search has left: to its time limit, or to its playouts at the pace so far.
fn seconds_left(i: &MctsInfo, limits: &MctsLimits) -> f64 {
    let by_time = limits
        .time_ms
        .map(|t| t.saturating_sub(i.elapsed_ms) as f64 / 1000.0);
    let by_playouts = limits.playouts.and_then(|n| {
        let pace = i.playouts_per_second();
        (pace > 0).then(|| n.saturating_sub(i.playouts) as f64 / pace as f64)
    });
    match (by_time, by_playouts) {
        (Some(a), Some(b)) => a.min(b),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => 0.0,
    }
}

/// `search --algorithm mcts`: progress on standard error, the root moves and the answer on
/// standard output.
fn run_mcts(args: &SearchArgs, board: &Board, engine: &EngineSpec) -> Result<(), String> {
    if args.depth.is_some() {
        return Err(
            "--depth: Monte Carlo tree search has no depth; use --nodes (playouts) or --time-ms"
                .to_string(),
        );
    }
    if args.nodes.is_none() && args.time_ms.is_none() {
        return Err("--algorithm mcts needs --nodes (playouts) or --time-ms".to_string());
    }
    let limits = MctsLimits {
        playouts: args.nodes,
        time_ms: args.time_ms,
    };
    let scale = engine.mcts.prior_scale_discs;
    let mut mcts = Mcts::new(
        engine.mcts.clone(),
        std::sync::Arc::clone(&engine.eval),
        args.seed,
    );
    let stop = AtomicBool::new(false);
    let clock = Instant::now();
    let over = board.is_game_over();
    let json = args.json;
    let mut progress = |i: &MctsInfo| {
        let s = i.search_info(scale);
        let seconds = i.elapsed_ms as f64 / 1000.0;
        let left = seconds_left(i, &limits);
        if json {
            eprintln!(
                "{}",
                json!({
                    "playouts": i.playouts, "pps": i.playouts_per_second(), "tree": i.tree_nodes,
                    "time": seconds, "left": left, "win_rate": i.win_rate,
                    "move": move_name(s.best_move, over),
                    "pv": s.pv.iter().map(Square::to_string).collect::<Vec<_>>(),
                })
            );
        } else {
            eprintln!(
                "mcts playouts {} pps {} tree {} time {seconds:.1} left {left:.1} win-rate {:.3} move {} pv {}",
                i.playouts,
                i.playouts_per_second(),
                i.tree_nodes,
                i.win_rate,
                move_name(s.best_move, over),
                pv_text(&s.pv)
            );
        }
    };
    let i = mcts.search(board, &limits, &stop, &clock, &mut progress);
    let s = i.search_info(scale);
    let mv = move_name(s.best_move, over);
    let seconds = i.elapsed_ms as f64 / 1000.0;
    let mut moves = i.root_moves.clone();
    moves.sort_by_key(|m| std::cmp::Reverse(m.visits));
    if json {
        let roots: Vec<_> = moves
            .iter()
            .map(|m| json!({"move": root_move_name(m), "visits": m.visits, "win_rate": m.win_rate, "proven": outcome_name(m.proven)}))
            .collect();
        println!(
            "{}",
            json!({
                "bestmove": mv, "score": s.score, "depth": s.depth, "kind": kind(&s),
                "nodes": i.playouts, "time": seconds, "pps": i.playouts_per_second(),
                "tree": i.tree_nodes, "reused": i.reused_visits, "solved": i.solved_leaves,
                "win_rate": i.win_rate, "proven": outcome_name(i.proven), "root": roots,
                "stopped": i.stopped,
            })
        );
    } else {
        for m in &moves {
            println!(
                "root {} visits {} win-rate {:.3} {}",
                root_move_name(m),
                m.visits,
                m.win_rate,
                outcome_name(m.proven)
            );
        }
        println!(
            "mcts playouts {} pps {} tree {} solved {} win-rate {:.3} {}",
            i.playouts,
            i.playouts_per_second(),
            i.tree_nodes,
            i.solved_leaves,
            i.win_rate,
            outcome_name(i.proven)
        );
        print_bestmove(&mv, &s, seconds);
    }
    Ok(())
}
