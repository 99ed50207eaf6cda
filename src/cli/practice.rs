//! `reversi-engine practice`: practice positions from the engine's games, whose value lies in
//! a chosen range at a chosen number of empties, as OBF.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;

use crate::cli::corpus::{corpus_files, format_duration, read_corpus};
use crate::cli::review::ReviewerArgs;
use crate::engine::{PracticeProgress, PracticeSpec, pick_practice};

/// Arguments of `practice`.
#[derive(Debug, Args)]
#[command(
    after_help = "The positions come from the engine's games (the self-play corpus), \
taken at --empties after each game's random plies and two engine moves, each board once, in \
an order shuffled by --seed. Searches are selective (--probcut). A candidate searched to depth 4 more than 6 discs outside the \
range is passed over; the others are valued to --depth, or solved exactly at --exact-empties (26) \
empties or fewer, and kept when that value is in the range. Output, per position, a comment and an OBF \
line with the best move and the value:\n  # data/corpus/selfplay-d6-p16-s5.txt.gz game 812: \
+1, depth 14\n  <64 squares> X; E6:+1;\n`reversi-engine solve` reads it back (and checks an \
exact value)."
)]
pub struct PracticeArgs {
    /// The value range for the side to move, in discs: `-2..2` (even), `6..12` (convert the
    /// win).
    #[arg(long, allow_hyphen_values = true, value_parser = parse_range)]
    score: (i32, i32),
    /// Empty squares of the positions (4..=50).
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=50))]
    empties: u32,
    /// How many positions.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    count: u64,
    /// Corpus files or folders to take the games from. The default file's games start as
    /// real games start (8 to 12 random plies, then the engine).
    #[arg(long, num_args = 1.., default_value = "data/corpus/selfplay-d6-p16-s5.txt.gz")]
    corpus: Vec<PathBuf>,
    /// Depth of the search that values a position above the exact empties.
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// Values are exact at this many empties or fewer (the solver's: a depth-14 value at 24
    /// empties was out of a -2..2 range for 4 positions in 10). At 26 empties a solve takes
    /// seconds to a minute a position on one core.
    #[arg(long, default_value_t = 26, value_parser = clap::value_parser!(u32).range(0..=30))]
    exact_empties: u32,
    /// ProbCut's confidence for the searches (0: full width): 1.5, as the book's searches,
    /// reaches depth 14 in about a fortieth of the nodes.
    #[arg(long, default_value_t = 1.5, value_parser = parse_probcut)]
    probcut: f64,
    /// The shuffle's seed: the same seed gives the same positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the positions to this file (whole, then renamed into place) instead of
    /// standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    engine: ReviewerArgs,
}

/// `A..B` with `-64 <= A <= B <= 64`.
fn parse_range(text: &str) -> Result<(i32, i32), String> {
    let bad = || format!("'{text}': expected a range of discs like -2..2 or 6..12");
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: i32 = a.trim().parse().map_err(|_| bad())?;
    let b: i32 = b.trim().parse().map_err(|_| bad())?;
    if !(-64..=64).contains(&a) || !(-64..=64).contains(&b) || a > b {
        return Err(format!("'{text}': expected -64 <= A <= B <= 64"));
    }
    Ok((a, b))
}

/// ProbCut's confidence: 0 (off) to 4.
pub(crate) fn parse_probcut(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if (0.0..=4.0).contains(&t) => Ok(t),
        _ => Err(format!("'{text}': expected 0 (full width) to 4")),
    }
}

/// Runs `practice`.
///
/// # Errors
/// A corpus that does not read (its file and line), a bad engine folder or table size, or an
/// output file that cannot be written.
pub fn run(args: &PracticeArgs) -> Result<(), String> {
    let mut games = Vec::new();
    // Each file's name and the index of its first game in `games`.
    let mut files = Vec::new();
    for file in corpus_files(&args.corpus)? {
        let read = read_corpus(&file)?;
        files.push((file.display().to_string(), games.len()));
        games.extend(read);
    }
    let mut searcher = args.engine.searcher(Some(args.exact_empties))?;
    searcher.set_config(crate::engine::SearchConfig {
        probcut_t: args.probcut,
        ..searcher.config().clone()
    });
    let spec = PracticeSpec {
        empties: args.empties,
        score: args.score.0..=args.score.1,
    };
    let count = usize::try_from(args.count).unwrap_or(usize::MAX);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut last_note = Instant::now();
    let mut note = |p: PracticeProgress| {
        if last_note.elapsed() < Duration::from_secs(5) || p.kept == 0 {
            return;
        }
        last_note = Instant::now();
        let left = start.elapsed() / p.kept as u32 * (count - p.kept.min(count)) as u32;
        eprintln!(
            "practice: {}/{count} positions ({} looked at, {} valued deep), about {} left",
            p.kept,
            p.tried,
            p.deep,
            format_duration(left)
        );
    };
    let picked = pick_practice(
        &games,
        &spec,
        count,
        args.seed,
        &mut searcher,
        (4, args.depth, 6),
        &stop,
        &mut note,
    )
    .expect("never stopped");
    let mut text = String::new();
    for p in &picked {
        let (file, first) = &files[files.partition_point(|&(_, first)| first <= p.game) - 1];
        let number = p.game - first + 1;
        text.push_str(&p.lines(&format!("{file} game {number}")));
    }
    match &args.out {
        Some(path) => crate::whole_file::write_whole(path, &text)?,
        None => print!("{text}"),
    }
    let precision = if args.empties <= args.exact_empties {
        "exact".to_string()
    } else {
        format!("about: depth {}", args.depth)
    };
    eprintln!(
        "practice: {} positions at {} empties in {}..{}, {precision} ({} games, {:.1} s){}",
        picked.len(),
        args.empties,
        args.score.0,
        args.score.1,
        games.len(),
        start.elapsed().as_secs_f64(),
        if picked.len() < count {
            format!("; the games gave no more than {}", picked.len())
        } else {
            String::new()
        }
    );
    Ok(())
}
