//! `reversi-engine label`: a corpus file's positions valued by a search, for `tune --labels`
//! (issue 72). A game's outcome is a noisy label for its early positions (every later move
//! of the engine or the people who played it adds its error); a search's value is another,
//! with the evaluator's own bias instead, and `tune` blends the two (`--outcome-weight`).
//!
//! ```text
//! # reversi labels 1
//! # label --corpus data/corpus/wthor-people.txt.gz --config shipped --depth 8 --probcut 0 --min-empties 25
//! 0 -2 -4 1 ... - -
//! ```
//!
//! A line per game of the corpus file, in the file's order (repeats included): the game's
//! index in the file, then one value per labelled position of the game (`CorpusGame::labelled`,
//! in order), in discs from its side to move; `-` where none was searched (a position with
//! an exact label, or fewer than `--min-empties`). Files made with `--games A..B` over
//! disjoint ranges (on several machines) are read together.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use crate::cli::corpus::{
    Job, data_lines, lines_to_grow, parse_range, read_corpus, read_text, run_in_order, write_corpus,
};
use crate::cli::engine_spec::EngineSpec;
use crate::engine::corpus::CorpusGame;
use crate::engine::{SearchLimits, Searcher};

/// The first line of a labels file.
pub const LABELS_HEADER: &str = "# reversi labels 1";

/// Arguments of `label`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each position of the chosen games that `tune` labels (after the random \
opening), has no exact label and has at least --min-empties empties is searched to --depth by \
the --config engine (its table cleared for each game, then kept from position to position), \
and its value written. Game i's line depends only on the flags and the corpus: a stopped run \
continues where it stopped (the file is rewritten every 30 s with the time left) and any \
--threads gives the same file."
)]
pub struct LabelArgs {
    /// The corpus file whose games to value.
    #[arg(long)]
    corpus: PathBuf,
    /// The labels file to write (gzip-compressed text; grown when made by the same flags).
    #[arg(long)]
    out: PathBuf,
    /// The games to value, A..B (indices in the file, B excluded; default all).
    #[arg(long)]
    games: Option<String>,
    /// The engine that searches (`shipped` or a folder).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// Search depth.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// ProbCut's confidence for the search (0: full width).
    #[arg(long, default_value_t = 0.0)]
    probcut: f64,
    /// Positions with fewer empties keep their outcome (no search).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=60))]
    min_empties: u32,
    /// Threads (default: the machine's cores), 1..=1024.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
}

/// The search values of a corpus file's games: game index -> one value a labelled position
/// (`None`: not searched).
pub type GameLabels = HashMap<usize, Vec<Option<i8>>>;

/// Runs `label`.
///
/// # Errors
/// Bad flags, an unreadable corpus, a labels file made by other flags, a failed write.
pub fn run(args: &LabelArgs) -> Result<(), String> {
    if !(0.0..=10.0).contains(&args.probcut) {
        return Err(format!("--probcut {}: expected 0..=10", args.probcut));
    }
    let games = read_corpus(&args.corpus)?;
    let (first, end) = match &args.games {
        Some(range) => parse_range("--games", range, games.len() as u32)?,
        None => (0, games.len() as u32),
    };
    let (first, end) = (first as usize, end as usize);
    let threads = crate::cli::threads_or_cores(args.threads);
    let engine = EngineSpec::from_arg(&args.config)?;
    let header = format!(
        "# label --corpus {} --config {} --depth {} --probcut {} --min-empties {} --games {first}..{end}",
        args.corpus.display(),
        args.config,
        args.depth,
        args.probcut,
        args.min_empties
    );
    let done = lines_to_grow(&args.out, "# label", &header, |text| Ok(data_lines(text)))?;
    run_in_order(
        Job {
            what: "label",
            unit: "game",
            verb: "valuing",
            out: &args.out,
        },
        threads,
        end - first,
        done,
        || label_searcher(&engine, args.probcut),
        |searcher, item| {
            let index = first + item;
            searcher.clear();
            let stop = AtomicBool::new(false);
            let limits = SearchLimits::depth(args.depth);
            let mut line = index.to_string();
            for l in games[index].labelled() {
                if l.exact || l.board.empty_count() < args.min_empties {
                    line.push_str(" -");
                    continue;
                }
                let r = searcher.search(&l.board, &limits, &stop, &Instant::now(), &mut |_| {});
                line.push_str(&format!(" {}", r.info.score.clamp(-64, 64)));
            }
            Ok(line)
        },
        |lines| write_corpus(&args.out, LABELS_HEADER, &header, lines),
    )
}

/// The search `label` values positions with (and `tables error --depth` measures): the
/// engine's settings with ProbCut at `probcut` and a 16 MiB table; the values are the
/// midgame search's, so no exact or win/loss/draw solve.
///
/// # Errors
/// A search configuration the engine refuses.
pub(crate) fn label_searcher(engine: &EngineSpec, probcut: f64) -> Result<Searcher, String> {
    let mut config = engine.search.clone();
    config.tt_mib = 16;
    config.probcut_t = probcut;
    config.exact_empties = 0;
    config.wld_empties = 0;
    crate::cli::searcher(config, std::sync::Arc::clone(&engine.eval))
}

/// Reads a labels file: the corpus file it values (from its header) and its games' values.
///
/// # Errors
/// `FILE: why`, with the line for a bad one.
pub fn read_labels(path: &Path) -> Result<(PathBuf, GameLabels), String> {
    let text = read_text(path)?;
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, LABELS_HEADER)) => {}
        other => {
            return Err(format!(
                "{}: line 1: \"{}\": expected \"{LABELS_HEADER}\"",
                path.display(),
                other.map_or("", |l| l.1)
            ));
        }
    }
    let mut corpus = None;
    let mut labels = GameLabels::new();
    for (n, line) in lines {
        let bad = |why: &str| format!("{}:{}: {why}", path.display(), n + 1);
        if let Some(rest) = line.strip_prefix("# label --corpus ") {
            corpus = rest.split_whitespace().next().map(PathBuf::from);
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut fields = line.split_whitespace();
        let index: usize = fields
            .next()
            .and_then(|f| f.parse().ok())
            .ok_or_else(|| bad("expected a game's index first"))?;
        let values = fields
            .map(|f| match f {
                "-" => Ok(None),
                v => v
                    .parse::<i8>()
                    .ok()
                    .filter(|v| (-64..=64).contains(v))
                    .map(Some)
                    .ok_or_else(|| bad(&format!("\"{v}\": expected a score -64..=64 or -"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if labels.insert(index, values).is_some() {
            return Err(bad(&format!("game {index} is valued twice")));
        }
    }
    let corpus = corpus.ok_or_else(|| {
        format!(
            "{}: no \"# label --corpus FILE\" line names the corpus file",
            path.display()
        )
    })?;
    Ok((corpus, labels))
}

/// The search values of `game` from `labels`, checked against its labelled positions.
///
/// # Errors
/// A count of values unlike the game's labelled positions (another corpus file's labels).
pub fn game_values<'a>(
    labels: &'a GameLabels,
    index: usize,
    game: &CorpusGame,
    positions: usize,
) -> Result<Option<&'a [Option<i8>]>, String> {
    match labels.get(&index) {
        None => Ok(None),
        Some(values) if values.len() == positions => Ok(Some(values)),
        Some(values) => {
            let line = game.to_string();
            Err(format!(
                "game {index} ({}...): {} values for {positions} labelled positions (labels of another corpus?)",
                &line[..16.min(line.len())],
                values.len()
            ))
        }
    }
}
