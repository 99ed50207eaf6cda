//! `reversi-engine tables check`: where the pattern tables' data is thin; `tables error`:
//! how far their evaluation lies from exact scores, by number of empties.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::cli::corpus::{corpus_files, read_corpus};
use crate::cli::engine_spec::EngineSpec;
use crate::cli::explain::Tables;
use crate::engine::Board;
use crate::engine::eval::explain::entry_line;
use crate::engine::eval::health::{FamilyHealth, table_health};

/// Arguments of `tables`.
#[derive(Debug, Args)]
pub struct TablesArgs {
    #[command(subcommand)]
    command: TablesCommand,
}

/// What `tables` does.
#[derive(Debug, Subcommand)]
enum TablesCommand {
    /// Report, table by table, the listed entries no position of a sample of games reaches,
    /// the configurations met that no entry lists, and entries whose values spike at one
    /// keyframe.
    Check(CheckArgs),
    /// The static evaluation's mean absolute error against the exact scores of OBF test sets
    /// (positions solved exactly, as `corpus testset` and `thor testset` write them), by
    /// number of empties, for each of one or more evaluators; with `--depth`, a search's.
    Error(ErrorArgs),
}

/// Arguments of `tables error`.
#[derive(Debug, Args)]
struct ErrorArgs {
    /// The tables: `shipped`, `simple` or config folders, each measured.
    #[arg(long, num_args = 1.., default_value = "shipped")]
    config: Vec<String>,
    /// OBF files whose first move score is the position's exact value.
    #[arg(
        long,
        num_args = 1..,
        default_values = ["tests/data/heldout-20-24.obf", "tests/data/wthor-20-24.obf"]
    )]
    testset: Vec<PathBuf>,
    /// Measure a search to this depth instead of the static evaluation (0), without an
    /// exact solve: how good `label`'s values are, and what a ply is worth.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=30))]
    depth: u32,
    /// ProbCut's confidence for `--depth` (0: full width).
    #[arg(long, default_value_t = 0.0)]
    probcut: f64,
}

/// Arguments of `tables check`.
#[derive(Debug, Args)]
#[command(
    after_help = "Output: one line a table (listed entries, how many a position of \
the sample reaches, configurations met but not listed, entries that spike), then the largest \
spikes with their values at every keyframe and the file and line of the entry."
)]
struct CheckArgs {
    /// The tables: `shipped` or a designer's config folder.
    #[arg(long, default_value = "shipped")]
    config: String,
    /// The games whose positions make the sample (corpus files or folders).
    #[arg(long, default_value = "data/corpus")]
    corpus: Vec<PathBuf>,
    /// How many games of the corpus to take, from its start.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// A spike: a keyframe's value above (or below) both neighbours' by more than this many
    /// discs.
    #[arg(long, default_value_t = 4.0)]
    spike: f32,
    /// An outlier: an entry further than this many discs (at some keyframe) from the mean
    /// of its listed neighbours, the configurations one square away (at least three).
    #[arg(long, default_value_t = 6.0)]
    outlier: f32,
    /// How many of the largest spikes and outliers to list.
    #[arg(long, default_value_t = 10)]
    show: usize,
}

/// Every table's findings of one kind with their table's name, the largest first.
fn largest<'a, T>(
    health: &'a [FamilyHealth],
    of: impl Fn(&'a FamilyHealth) -> &'a [T],
    size: impl Fn(&T) -> f32,
) -> Vec<(&'static str, &'a T)> {
    let mut all: Vec<(&'static str, &T)> = health
        .iter()
        .flat_map(|h| of(h).iter().map(move |x| (h.family, x)))
        .collect();
    all.sort_by(|a, b| size(b.1).total_cmp(&size(a.1)));
    all
}

/// Runs `tables`.
///
/// # Errors
/// A bad folder, corpus or flag, named.
pub fn run(args: &TablesArgs) -> Result<(), String> {
    match &args.command {
        TablesCommand::Check(a) => check(a),
        TablesCommand::Error(a) => error(a),
    }
}

/// `tables error`: a line per test set and number of empties, a column per evaluator.
fn error(args: &ErrorArgs) -> Result<(), String> {
    if !(0.0..=10.0).contains(&args.probcut) {
        return Err(format!("--probcut {}: expected 0..=10", args.probcut));
    }
    let engines = args
        .config
        .iter()
        .map(|c| EngineSpec::from_arg(c))
        .collect::<Result<Vec<_>, _>>()?;
    print!("{:<32} {:>7} {:>9}", "test set", "empties", "positions");
    for c in &args.config {
        print!(" {:>12}", c.rsplit('/').next().unwrap_or(c));
    }
    println!();
    for path in &args.testset {
        // (empties, exact score, board) of every position.
        let tests: Vec<(u32, i32, Board)> = crate::cli::solve::read_scored(path)?
            .into_iter()
            .map(|(board, score)| (board.empty_count(), score, board))
            .collect();
        if tests.is_empty() {
            return Err(format!("{}: no position", path.display()));
        }
        // Each engine's error on each position, valued once (a search is the dear part).
        let mut errors: Vec<Vec<f64>> = Vec::with_capacity(engines.len());
        for engine in &engines {
            let value = valuer(engine, args.depth, args.probcut)?;
            errors.push(
                tests
                    .iter()
                    .map(|(_, score, board)| (value(board) - f64::from(*score)).abs())
                    .collect(),
            );
        }
        let mut empties: Vec<u32> = tests.iter().map(|t| t.0).collect();
        empties.sort_unstable();
        empties.dedup();
        let rows = empties.iter().map(|&e| Some(e)).chain([None]);
        for row in rows {
            let chosen: Vec<usize> = (0..tests.len())
                .filter(|&i| row.is_none_or(|e| tests[i].0 == e))
                .collect();
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let label = row.map_or_else(|| "all".to_string(), |e| e.to_string());
            print!("{name:<32} {label:>7} {:>9}", chosen.len());
            for engine_errors in &errors {
                let sum: f64 = chosen.iter().map(|&i| engine_errors[i]).sum();
                print!(" {:>12.3}", sum / chosen.len() as f64);
            }
            println!();
        }
    }
    Ok(())
}

/// How `tables error` values a position with `engine`, in discs: its static evaluation
/// (`depth` 0) or a search to `depth` (ProbCut at `probcut` standard deviations, no exact
/// solve, a fresh table each position).
///
/// # Errors
/// A search configuration the engine refuses.
fn valuer(engine: &EngineSpec, depth: u32, probcut: f64) -> Result<impl Fn(&Board) -> f64, String> {
    let searcher = if depth > 0 {
        let searcher = crate::cli::label::label_searcher(engine, probcut)?;
        Some(std::cell::RefCell::new(searcher))
    } else {
        None
    };
    let eval = std::sync::Arc::clone(&engine.eval);
    Ok(move |board: &Board| match &searcher {
        None => f64::from(eval.evaluate_centidiscs(board)) / 100.0,
        Some(searcher) => {
            let mut searcher = searcher.borrow_mut();
            searcher.clear();
            let stop = std::sync::atomic::AtomicBool::new(false);
            let limits = crate::engine::SearchLimits::depth(depth);
            let r = searcher.search(
                board,
                &limits,
                &stop,
                &std::time::Instant::now(),
                &mut |_| {},
            );
            f64::from(r.info.score.clamp(-64, 64))
        }
    })
}

/// `tables check`.
fn check(args: &CheckArgs) -> Result<(), String> {
    if !(args.spike.is_finite() && args.spike > 0.0) {
        return Err(format!(
            "--spike {}: expected a positive number of discs",
            args.spike
        ));
    }
    let tables = Tables::load(&args.config)?;
    let mut boards = Vec::new();
    let mut games = 0;
    'files: for file in corpus_files(&args.corpus)? {
        for g in read_corpus(&file)? {
            if games == args.games {
                break 'files;
            }
            games += 1;
            boards.extend((0..=g.game.len()).map(|n| g.game.position_at(n).board));
        }
    }
    if boards.is_empty() {
        return Err("the corpus has no game".to_string());
    }
    println!(
        "tables check: {} tables, {games} games ({} positions), spikes over {:.2} discs, \
         outliers over {:.2}",
        args.config,
        boards.len(),
        args.spike,
        args.outlier
    );
    let health = table_health(&tables.eval, &boards, args.spike, args.outlier);
    println!(
        "{:<11} {:>7} {:>8} {:>15} {:>12} {:>7} {:>8}",
        "table", "listed", "reached", "never reached", "met, unlisted", "spikes", "outliers"
    );
    for h in &health {
        let never = h.listed - h.reached;
        println!(
            "{:<11} {:>7} {:>8} {:>8} ({:>4.1}%) {:>12} {:>7} {:>8}",
            h.family,
            h.listed,
            h.reached,
            never,
            100.0 * never as f64 / h.listed.max(1) as f64,
            h.unlisted_met,
            h.spikes.len(),
            h.outliers.len()
        );
    }
    let list = |v: &[f32]| {
        v.iter()
            .map(|x| format!("{x:.2}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Where an entry is written, from the table's file as these tables read it.
    let at = |family: &str, key: &str| {
        let (name, text) = tables.text(&format!("patterns/{family}.ron"));
        entry_line(&text, key, key).map_or(name.clone(), |l| format!("{name}:{l}"))
    };
    let spikes = largest(&health, |h| &h.spikes, |s| s.size);
    if !spikes.is_empty() {
        println!();
        println!("largest spikes (values at each keyframe, discs):");
    }
    for (family, s) in spikes.iter().take(args.show) {
        println!(
            "  {family} \"{}\": [{}], {:.2} at keyframe {}  {}",
            s.key,
            list(&s.values),
            s.size,
            s.keyframe,
            at(family, &s.key)
        );
    }
    let outliers = largest(&health, |h| &h.outliers, |o| o.size);
    if !outliers.is_empty() {
        println!();
        println!("largest outliers (values, then the neighbours' mean, discs):");
    }
    for (family, o) in outliers.iter().take(args.show) {
        println!(
            "  {family} \"{}\": [{}] vs [{}] of {} neighbours, {:.2} apart  {}",
            o.key,
            list(&o.values),
            list(&o.neighbours),
            o.count,
            o.size,
            at(family, &o.key)
        );
    }
    Ok(())
}
