//! `reversi-engine xot`: balanced openings to start games from (XOT): random plies from the
//! start, each position once up to symmetry, kept when a deep search values it within a
//! disc or two of even. Writes the file the game and `match --openings xot` read
//! (`data/xot/xot.txt`).

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::cli::corpus::format_duration;
use crate::cli::practice::parse_probcut;
use crate::cli::review::ReviewerArgs;
use crate::cli::selfplay::random_opening;
use crate::engine::BookKey;
use crate::engine::{SearchConfig, SearchLimits, XotOpening};

/// Arguments of `xot`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each candidate is --plies random legal moves from the start (a pass when \
forced), each position once up to symmetry. A search to --screen-depth passes over a candidate \
more than 4 discs further out than --within; the others are valued by a search to --depth \
(selective at --probcut) and kept when the value is within --within discs of even. Output: a \
header giving the command, then one opening a line, its moves and its value for the side to \
move:\n  f5d6c3d3c4f4f6f3 +1\nThe shipped set: reversi-engine xot --count 1000 --seed 1 --out \
data/xot/xot.txt"
)]
pub struct XotArgs {
    /// How many openings.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    count: u64,
    /// Random plies from the start (8 in XOT).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=30))]
    plies: u64,
    /// The widest value kept, in discs either side of even.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=64))]
    within: u32,
    /// Depth of the search that values an opening.
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Depth of the search that passes over candidates far from even.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    screen_depth: u32,
    /// ProbCut's confidence for the searches (0: full width).
    #[arg(long, default_value_t = 1.5, value_parser = parse_probcut)]
    probcut: f64,
    /// The random plies' seed: the same seed gives the same openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the openings to this file (whole, then renamed into place) instead of
    /// standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    engine: ReviewerArgs,
}

/// Runs `xot`.
///
/// # Errors
/// A bad engine folder or table size, or an output file that cannot be written.
pub fn run(args: &XotArgs) -> Result<(), String> {
    // The midgame search alone: openings are far from the solver's empties.
    let mut searcher = args.engine.searcher(Some(0))?;
    searcher.set_config(SearchConfig {
        probcut_t: args.probcut,
        ..searcher.config().clone()
    });
    let count = usize::try_from(args.count).unwrap_or(usize::MAX);
    let plies = usize::try_from(args.plies).unwrap_or(usize::MAX);
    let within = i32::try_from(args.within).unwrap_or(64);
    let mut rng = StdRng::seed_from_u64(args.seed);
    let stop = AtomicBool::new(false);
    let clock = Instant::now();
    let (start, mut last_note) = (Instant::now(), Instant::now());
    let mut seen = HashSet::new();
    let (mut tried, mut deep, mut misses) = (0usize, 0usize, 0usize);
    let mut kept: Vec<XotOpening> = Vec::new();
    let mut search = |depth: u32, board: &crate::engine::Board| {
        let result = searcher.search(
            board,
            &SearchLimits::depth(depth),
            &stop,
            &clock,
            &mut |_| {},
        );
        result.info.score
    };
    while kept.len() < count {
        let Some(game) = random_opening(&mut rng, plies) else {
            continue;
        };
        let board = game.position().board;
        if !seen.insert(BookKey::of(&board).0) {
            // Random play finds the same few positions again and again when they are few.
            misses += 1;
            if misses > 100 * count {
                break;
            }
            continue;
        }
        tried += 1;
        if search(args.screen_depth, &board).abs() > within + 4 {
            continue;
        }
        deep += 1;
        let value = search(args.depth, &board);
        if value.abs() <= within {
            kept.push(XotOpening {
                moves: game.transcript(),
                value,
            });
        }
        if last_note.elapsed() >= Duration::from_secs(5) && !kept.is_empty() {
            last_note = Instant::now();
            let left = start.elapsed() / kept.len() as u32 * (count - kept.len()) as u32;
            eprintln!(
                "xot: {}/{count} openings ({tried} looked at, {deep} valued deep), about {} left",
                kept.len(),
                format_duration(left)
            );
        }
    }
    let mut text = format!(
        "# {} XOT openings: {plies} random plies from the start (seed {}), each position once up \
         to symmetry,\n# within {within} discs of even for the side to move by a depth-{} search \
         (ProbCut {}); {tried} looked at.\n# Made by: reversi-engine xot --count {count} --plies \
         {plies} --within {within} --depth {} --screen-depth {} --probcut {} --seed {}\n",
        kept.len(),
        args.seed,
        args.depth,
        args.probcut,
        args.depth,
        args.screen_depth,
        args.probcut,
        args.seed
    );
    for o in &kept {
        text.push_str(&o.line());
        text.push('\n');
    }
    match &args.out {
        Some(path) => crate::whole_file::write_whole(path, &text)?,
        None => print!("{text}"),
    }
    eprintln!(
        "xot: {} openings within {within} discs ({tried} looked at, {deep} valued deep, {:.1} s){}",
        kept.len(),
        start.elapsed().as_secs_f64(),
        if kept.len() < count {
            format!("; random play found no more than {}", kept.len())
        } else {
            String::new()
        }
    );
    Ok(())
}
