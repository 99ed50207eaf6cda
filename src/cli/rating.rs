//! `reversi-engine rating`: a player's rating from their games (`estimate`), and the levels'
//! losses the rating is read against (`calibrate`, which writes `config/rating.ron`).

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::{Args, Subcommand};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::cli::book::read_games;
use crate::cli::corpus::format_duration;
use crate::cli::review::{ReviewerArgs, parse_side};
use crate::engine::book::Book;
use crate::engine::{
    Game, Level, LevelPoint, Ply, RatingModel, SearchConfig, SearchLimits, Searcher, Side,
    adaptive_level, adaptive_parts, default_levels, phase_of, review_game,
};

/// Arguments of `rating`.
#[derive(Debug, Args)]
pub struct RatingArgs {
    /// What to do.
    #[command(subcommand)]
    command: RatingCommand,
}

/// `rating estimate` or `rating calibrate`.
#[derive(Debug, Subcommand)]
enum RatingCommand {
    /// A player's rating from their games: each game reviewed as the game reviews it, the
    /// player's mean loss per move read against the levels' (config/rating.ron).
    Estimate(EstimateArgs),
    /// Play each level against itself from the openings, review every game as the game
    /// does, and write each level's mean loss per move (overall and by phase) with its
    /// rating: the model `estimate` and the game read.
    Calibrate(CalibrateArgs),
}

/// Arguments of `rating estimate`.
#[derive(Debug, Args)]
struct EstimateArgs {
    /// Game files: GGF records (any number a file) or one transcript a line.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The player's colour in every game (`black` or `white`).
    #[arg(long, value_parser = parse_side)]
    player: Side,
    /// The model (a rating.ron; the shipped one when left out).
    #[arg(long)]
    model: Option<PathBuf>,
    /// Solve exactly from this many empties (default: the engine's search.ron, as the
    /// game's review does).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=30))]
    exact_empties: Option<u32>,
    #[command(flatten)]
    engine: ReviewerArgs,
}

/// Arguments of `rating calibrate`.
#[derive(Debug, Args)]
struct CalibrateArgs {
    /// Games each level plays against itself (from the first openings in turn).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    games: u64,
    /// The levels to measure, by name (all alpha-beta levels of the model when left out).
    #[arg(long, num_args = 1..)]
    levels: Vec<String>,
    /// Measure the Adaptive level at these ratings instead (against itself), and print its
    /// losses by phase against those the model asks of the rating; writes no model.
    #[arg(long, num_args = 1.., value_parser = parse_rating, conflicts_with_all = ["levels", "out"])]
    adaptive: Vec<f64>,
    /// The openings (one transcript a line); their moves are not counted.
    #[arg(long, default_value = "tests/data/openings-8ply.txt")]
    openings: PathBuf,
    /// The model whose ratings are kept (a rating.ron; the shipped one when left out).
    #[arg(long)]
    model: Option<PathBuf>,
    /// Where to write the new model (whole, then renamed into place); standard output when
    /// left out.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The seed of the levels' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also write each level's games to `DIR/<level>.txt`, one transcript a line (for
    /// `estimate` on games the model was not measured on: play them with another seed).
    #[arg(long)]
    games_out: Option<PathBuf>,
    /// Solve exactly from this many empties (default: the engine's search.ron, as the
    /// game's review does).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=30))]
    exact_empties: Option<u32>,
    #[command(flatten)]
    engine: ReviewerArgs,
}

/// The model at `path`, or the shipped one.
fn read_model(path: Option<&std::path::Path>) -> Result<RatingModel, String> {
    match path {
        None => Ok(RatingModel::shipped().clone()),
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            RatingModel::parse(&p.display().to_string(), &text).map_err(|e| e.to_string())
        }
    }
}

/// Each move's loss and the empties before it, of `side` (both when `None`), after the
/// first `skip` plies, as the game's review scores them.
fn losses(
    game: &Game,
    side: Option<Side>,
    skip: usize,
    searcher: &mut Searcher,
    depth: u32,
) -> Vec<(i32, u32)> {
    let stop = AtomicBool::new(false);
    let reviews = review_game(
        game,
        searcher,
        &SearchLimits::depth(depth),
        &stop,
        &mut |_| {},
    )
    .expect("never stopped");
    reviews
        .iter()
        .filter(|r| r.ply > skip && side.is_none_or(|s| r.color == s))
        .map(|r| (r.loss, game.position_at(r.ply - 1).board.empty_count()))
        .collect()
}

/// Runs `rating`.
///
/// # Errors
/// A game or openings file that does not read, a bad model, engine folder or table size, a
/// level the levels do not have, or an output file that cannot be written.
pub fn run(args: &RatingArgs) -> Result<(), String> {
    match &args.command {
        RatingCommand::Estimate(a) => estimate(a),
        RatingCommand::Calibrate(a) => calibrate(a),
    }
}

fn estimate(args: &EstimateArgs) -> Result<(), String> {
    let model = read_model(args.model.as_deref())?;
    let mut searcher = args.engine.searcher(args.exact_empties)?;
    let mut all = Vec::new();
    let mut games = 0;
    for path in &args.files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for game in read_games(&text).map_err(|e| format!("{}: {e}", path.display()))? {
            all.extend(
                losses(
                    &game,
                    Some(args.player),
                    0,
                    &mut searcher,
                    model.review_depth,
                )
                .into_iter()
                .map(|(l, _)| l),
            );
            games += 1;
        }
    }
    match model.estimate(&all) {
        Some(e) => println!(
            "rating {:.0} (95%: {:.0} to {:.0}) from {} moves of {games} games, {:.2} discs lost a move",
            e.rating, e.interval.0, e.interval.1, e.moves, e.mean_loss
        ),
        None => {
            return Err(format!(
                "{} moves of the player's: at least 10 are needed",
                all.len()
            ));
        }
    }
    Ok(())
}

/// A rating on the ladder's scale, 0 to 4000.
fn parse_rating(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(r) if (0.0..=4000.0).contains(&r) => Ok(r),
        _ => Err(format!("{text:?} is not a rating in 0..=4000")),
    }
}

/// One level's games against itself from the openings in turn, each reviewed: the sum and
/// count of its losses by phase, and the games' transcripts.
struct Measured {
    sums: [(f64, usize); 3],
    transcripts: String,
}

impl Measured {
    /// The mean loss of a phase.
    fn mean(&self, phase: usize) -> f64 {
        let (sum, n) = self.sums[phase];
        if n == 0 { 0.0 } else { sum / n as f64 }
    }
}

/// Plays `level` against itself `games` times from `openings` and reviews every game at
/// `depth` with `reviewer`, printing progress (`done` games of `total` before these).
fn measure(
    level: &Level,
    games: usize,
    openings: &[Game],
    seed: u64,
    reviewer: &mut Searcher,
    depth: u32,
    (done, total, start): (usize, usize, Instant),
) -> Result<Measured, String> {
    let book = Book::shipped();
    let mut player = Searcher::new(SearchConfig {
        tt_mib: 64,
        ..SearchConfig::default()
    });
    let mut rng = StdRng::seed_from_u64(seed);
    let stop = AtomicBool::new(false);
    let mut measured = Measured {
        sums: [(0.0, 0); 3],
        transcripts: String::new(),
    };
    for g in 0..games {
        let opening = &openings[g % openings.len()];
        let mut game = opening.clone();
        while !game.is_over() {
            if game.must_pass() {
                game.play(Ply::Pass).map_err(|e| e.to_string())?;
                continue;
            }
            let board = game.position().board;
            let square = match level.book_move(book, &board, &mut rng) {
                Some(m) => m.square,
                None => level
                    .play(
                        &mut player,
                        &board,
                        &stop,
                        &Instant::now(),
                        &mut |_| {},
                        &mut rng,
                    )
                    .0
                    .expect("a move"),
            };
            game.play(Ply::Move(square)).map_err(|e| e.to_string())?;
        }
        measured.transcripts.push_str(&game.transcript());
        measured.transcripts.push('\n');
        let skip = opening.recorded_plies().len();
        for (loss, empties) in losses(&game, None, skip, reviewer, depth) {
            let phase = &mut measured.sums[phase_of(empties)];
            phase.0 += f64::from(loss);
            phase.1 += 1;
        }
        let done = done + g + 1;
        let left = start.elapsed() / done as u32 * (total - done) as u32;
        eprintln!(
            "rating calibrate: {} game {}/{games}; {done}/{total} games, about {} left",
            level.name,
            g + 1,
            format_duration(left)
        );
    }
    Ok(measured)
}

fn calibrate(args: &CalibrateArgs) -> Result<(), String> {
    let mut model = read_model(args.model.as_deref())?;
    let levels = default_levels();
    let text = std::fs::read_to_string(&args.openings)
        .map_err(|e| format!("{}: {e}", args.openings.display()))?;
    let openings = read_games(&text).map_err(|e| format!("{}: {e}", args.openings.display()))?;
    if openings.is_empty() {
        return Err(format!("{}: no openings", args.openings.display()));
    }
    let mut reviewer = args.engine.searcher(args.exact_empties)?;
    let start = Instant::now();
    let games = usize::try_from(args.games).unwrap_or(usize::MAX);
    if !args.adaptive.is_empty() {
        return calibrate_adaptive(args, &model, &levels, &openings, &mut reviewer);
    }
    let wanted: Vec<String> = if args.levels.is_empty() {
        model.levels.iter().map(|l| l.name.clone()).collect()
    } else {
        args.levels.clone()
    };
    let total = wanted.len() * games;
    for (li, name) in wanted.iter().enumerate() {
        let level = levels
            .iter()
            .find(|l| l.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("no level \"{name}\""))?;
        let point = model
            .levels
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("the model has no level \"{name}\""))?;
        let measured = measure(
            level,
            games,
            &openings,
            args.seed,
            &mut reviewer,
            model.review_depth,
            (li * games, total, start),
        )?;
        if let Some(dir) = &args.games_out {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            crate::whole_file::write_whole(
                &dir.join(format!("{}.txt", level.name)),
                &measured.transcripts,
            )?;
        }
        let moves: usize = measured.sums.iter().map(|s| s.1).sum();
        let total_loss: f64 = measured.sums.iter().map(|s| s.0).sum();
        let round = |x: f64| (x * 1000.0).round() / 1000.0;
        model.levels[point] = LevelPoint {
            mean_loss: round(total_loss / moves.max(1) as f64),
            by_phase: (
                round(measured.mean(0)),
                round(measured.mean(1)),
                round(measured.mean(2)),
            ),
            moves,
            ..model.levels[point].clone()
        };
    }
    let text = model.to_text();
    for p in &model.levels {
        eprintln!(
            "rating calibrate: {:<13} rating {:>5.0}  mean loss {:>6.3}  by phase {:.3} / {:.3} / {:.3}  ({} moves)",
            p.name, p.rating, p.mean_loss, p.by_phase.0, p.by_phase.1, p.by_phase.2, p.moves
        );
    }
    // The measured losses must fall level by level for the model to be read.
    RatingModel::parse("the measured model", &text)
        .map_err(|e| format!("{e}; nothing was written (play more --games)"))?;
    match &args.out {
        Some(path) => crate::whole_file::write_whole(path, &text)?,
        None => print!("{text}"),
    }
    Ok(())
}

/// `rating calibrate --adaptive`: the Adaptive level at each rating against itself; its
/// losses by phase printed beside those the model reads off its levels for the rating.
fn calibrate_adaptive(
    args: &CalibrateArgs,
    model: &RatingModel,
    levels: &[Level],
    openings: &[Game],
    reviewer: &mut Searcher,
) -> Result<(), String> {
    let games = usize::try_from(args.games).unwrap_or(usize::MAX);
    let (total, start) = (args.adaptive.len() * games, Instant::now());
    let mut rows = Vec::new();
    // Per phase: the choice losses asked for (before the reach) and had.
    let (mut asked, mut had) = ([0.0; 3], [0.0; 3]);
    for (i, &rating) in args.adaptive.iter().enumerate() {
        let level = adaptive_level(levels, model, rating);
        let (_, read, _) = adaptive_parts(levels, model, rating);
        let measured = measure(
            &level,
            games,
            openings,
            args.seed,
            reviewer,
            model.review_depth,
            (i * games, total, start),
        )?;
        if let Some(dir) = &args.games_out {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            crate::whole_file::write_whole(
                &dir.join(format!("adaptive-{rating:.0}.txt")),
                &measured.transcripts,
            )?;
        }
        let moves: usize = measured.sums.iter().map(|s| s.1).sum();
        let mean = measured.sums.iter().map(|s| s.0).sum::<f64>() / moves.max(1) as f64;
        let aim = model.loss_at(rating);
        let own = [read.by_phase.0, read.by_phase.1, read.by_phase.2];
        // Where it plays like people it asks for no loss by phase: no reach to measure.
        let asks = level.plays_like.is_none();
        for (phase, aim) in [aim.0, aim.1, aim.2].into_iter().enumerate() {
            if asks && aim > own[phase] {
                asked[phase] += aim - own[phase];
                had[phase] += measured.mean(phase) - own[phase];
            }
        }
        rows.push(format!(
            "{rating:>6.0}  depth {:>2}, exact {:>2}   {:.3} / {:.3} / {:.3}    {:.3} / {:.3} / {:.3}    {mean:.3} -> {:.0}  ({moves} moves){}",
            level.depth.unwrap_or(0),
            level.exact_empties,
            measured.mean(0),
            measured.mean(1),
            measured.mean(2),
            aim.0,
            aim.1,
            aim.2,
            model.rating_at(mean),
            level
                .plays_like
                .map_or(String::new(), |elo| format!("  like people of {elo}")),
        ));
    }
    println!(
        "rating  reads at              loss by phase, measured  the model's for the rating  mean -> its rating"
    );
    for row in rows {
        println!("{row}");
    }
    // What the games had of what was asked, times the reach they were played with.
    let old = [
        model.adaptive_reach.0,
        model.adaptive_reach.1,
        model.adaptive_reach.2,
    ];
    let reach: Vec<String> = (0..3)
        .map(|p| {
            if asked[p] > 0.0 {
                format!("{:.3}", (had[p] / asked[p] * old[p]).clamp(0.1, 10.0))
            } else {
                "-".to_string()
            }
        })
        .collect();
    println!(
        "adaptive_reach measured: ({}) (played with ({:.3}, {:.3}, {:.3}))",
        reach.join(", "),
        old[0],
        old[1],
        old[2]
    );
    Ok(())
}
