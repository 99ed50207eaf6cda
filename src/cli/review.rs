//! `reversi-engine review`: each move of a game against the best move of its position.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;

use crate::cli::corpus::format_duration;
use crate::cli::engine_spec::EngineSpec;
use crate::engine::{
    Game, MoveReview, PlayerSummary, ReviewThresholds, SearchLimits, Searcher, Side, review_game,
    summarize,
};

/// Arguments of `review`.
#[derive(Debug, Args)]
#[command(
    after_help = "Output: one line per move played (passes skipped),\n  <ply> <move> \
<Black|White> loss <discs> best <move> <score>\nthe ply counted from 1 with passes, the loss \
against the best move of the position (0 for a best move), the best move and its score in discs \
for the side that moved (`exact` follows when the solver gave both scores); then one line per \
player,\n  <Black|White> moves <n> loss <discs> best-moves <n> inaccuracies <n> mistakes <n> \
blunders <n> accuracy <percent of best moves>%\nMistakes and blunders are losses of at least \
the thresholds of config/review.ron (--thresholds). With --json, one JSON object a line instead."
)]
pub struct ReviewArgs {
    /// The game: a GGF file, a file with a transcript (an OBF position line may come first),
    /// or a transcript itself (f5d6c3...).
    game: String,
    /// Depth of the searches (plies); the last empties are solved exactly.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// Solve exactly from this many empties (default: the engine's search.ron).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=30))]
    exact_empties: Option<u32>,
    /// One JSON object a line instead of text.
    #[arg(long)]
    json: bool,
    /// The mistake and blunder thresholds (a review.ron; the shipped one when left out).
    #[arg(long)]
    thresholds: Option<PathBuf>,
    #[command(flatten)]
    engine: ReviewerArgs,
}

/// Reads the game argument: a file when one exists at that path, else a transcript.
fn read_game(arg: &str) -> Result<Game, String> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{arg}: {e}"))?;
        Game::from_text(&text).map_err(|e| format!("{arg}: {e}"))
    } else {
        Game::from_transcript(arg).map_err(|e| format!("\"{arg}\" (not a file): {e}"))
    }
}

/// A reviewed move as a text line.
fn move_line(r: &MoveReview) -> String {
    format!(
        "{} {} {} loss {} best {} {:+}{}",
        r.ply,
        r.played,
        color_name(r.color),
        r.loss,
        r.best,
        r.best_score,
        if r.exact { " exact" } else { "" }
    )
}

/// A reviewed move as a JSON line.
fn move_json(r: &MoveReview) -> String {
    serde_json::json!({
        "ply": r.ply,
        "move": r.played.to_string(),
        "player": color_name(r.color),
        "score": r.score,
        "loss": r.loss,
        "best": r.best.to_string(),
        "best_score": r.best_score,
        "exact": r.exact,
    })
    .to_string()
}

/// A side on the command line: `black` or `white` (`b`/`x`, `w`/`o`).
pub(crate) fn parse_side(text: &str) -> Result<Side, String> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Ok(Side::Black),
        "white" | "w" | "o" => Ok(Side::White),
        _ => Err(format!("'{text}': expected black or white")),
    }
}

/// `Black` or `White`, as the commands print a side.
pub(crate) fn color_name(c: Side) -> &'static str {
    match c {
        Side::Black => "Black",
        Side::White => "White",
    }
}

/// A player's summary as a text line.
fn summary_line(color: Side, s: &PlayerSummary) -> String {
    format!(
        "{} moves {} loss {} best-moves {} inaccuracies {} mistakes {} blunders {} accuracy {:.1}%",
        color_name(color),
        s.moves,
        s.loss,
        s.best_moves,
        s.inaccuracies,
        s.mistakes,
        s.blunders,
        s.accuracy()
    )
}

/// A player's summary as a JSON line.
fn summary_json(color: Side, s: &PlayerSummary) -> String {
    serde_json::json!({
        "summary": color_name(color),
        "moves": s.moves,
        "loss": s.loss,
        "best_moves": s.best_moves,
        "inaccuracies": s.inaccuracies,
        "mistakes": s.mistakes,
        "blunders": s.blunders,
        "accuracy": (s.accuracy() * 10.0).round() / 10.0,
    })
    .to_string()
}

/// The mistake and blunder thresholds: the file's, or the shipped ones.
///
/// # Errors
/// The file that does not read or parse, named.
pub(crate) fn read_thresholds(path: Option<&Path>) -> Result<ReviewThresholds, String> {
    match path {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            ReviewThresholds::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
        }
        None => Ok(ReviewThresholds::shipped()),
    }
}

/// The engine that reviews and its resources, shared by `review`, `puzzles` and `practice`.
#[derive(Debug, Args)]
pub(crate) struct ReviewerArgs {
    /// The engine that searches (`shipped` or a config folder).
    #[arg(long, default_value = "shipped")]
    config: String,
    /// The searcher's table size in MiB.
    #[arg(long, default_value_t = 64)]
    tt_mib: usize,
    /// Search threads (1..=256; default 1). Scores do not depend on it (a solve's moves
    /// neither); a search with ProbCut or a time limit may differ.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
}

impl ReviewerArgs {
    /// The searcher: the engine of `--config`, solving exactly (in discs, never
    /// win/loss/draw only) from `exact_empties` (else its search.ron's), with its table and
    /// threads.
    ///
    /// # Errors
    /// A bad engine folder, table size or thread count.
    pub(crate) fn searcher(&self, exact_empties: Option<u32>) -> Result<Searcher, String> {
        let mut engine = EngineSpec::from_arg(&self.config)?;
        if let Some(e) = exact_empties {
            engine.search.exact_empties = e;
        }
        engine.search.wld_empties = engine.search.exact_empties;
        let mut searcher = engine.searcher(self.tt_mib)?;
        searcher.set_threads(crate::cli::search_threads("--threads", self.threads)?);
        Ok(searcher)
    }
}

/// Runs `review`.
///
/// # Errors
/// A bad game (its file and line), engine folder, thresholds file or table size.
pub fn run(args: &ReviewArgs) -> Result<(), String> {
    let game = read_game(&args.game)?;
    let thresholds = read_thresholds(args.thresholds.as_deref())?;
    let mut searcher = args.engine.searcher(args.exact_empties)?;
    let limits = SearchLimits::depth(args.depth);
    let stop = AtomicBool::new(false);
    let moves = game
        .recorded_plies()
        .iter()
        .filter(|p| matches!(p, crate::engine::Ply::Move(_)))
        .count();
    let start = Instant::now();
    let mut last_note = Instant::now();
    let mut done = 0usize;
    let reviews = review_game(&game, &mut searcher, &limits, &stop, &mut |r| {
        println!(
            "{}",
            if args.json {
                move_json(r)
            } else {
                move_line(r)
            }
        );
        done += 1;
        if last_note.elapsed() >= Duration::from_secs(5) && done < moves {
            last_note = Instant::now();
            // The last moves are solved and quick: a rough, pessimistic estimate.
            let per = start.elapsed() / done as u32;
            eprintln!(
                "review: {done}/{moves} moves, about {} left",
                format_duration(per * (moves - done) as u32)
            );
        }
    })
    .expect("never stopped");
    let [black, white] = summarize(&reviews, &thresholds);
    for (color, s) in [(Side::Black, black), (Side::White, white)] {
        println!(
            "{}",
            if args.json {
                summary_json(color, &s)
            } else {
                summary_line(color, &s)
            }
        );
    }
    Ok(())
}
