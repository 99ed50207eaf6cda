//! `reversi-engine thor ratings DIR`: each player's Elo fitted from the WTHOR games' results
//! (`engine::fit_ratings`: Bradley-Terry with Black's advantage and a normal prior), printed
//! best first with games and error; programs (names like `Logistello (buro)`) are rated and
//! marked `*`. `--holdout YEAR` fits on the other years and says how well the fit predicts
//! that year's games against a constant (their log-loss).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use crate::cli::thor_corpus::{Players, is_program};
use crate::database_files::{WthorFolder, read_folder};
use crate::engine::{RatedGame, fit_ratings, log_loss};

/// The rating a player of average results gets: the prior's mean.
pub(crate) const MEAN_RATING: f64 = 1500.0;

/// The prior's standard deviation when none is asked for, in Elo.
pub(crate) const DEFAULT_PRIOR_SD: f64 = 300.0;

/// Arguments of `thor ratings`.
#[derive(Debug, Args)]
pub struct ThorRatingsArgs {
    /// The folder of WTHOR files (every `.wtb` in it, with its `.jou`).
    dir: PathBuf,
    /// List only players with at least this many games.
    #[arg(long, default_value_t = 20)]
    min_games: usize,
    /// List this many players, best first (0: all that have enough games).
    #[arg(long, default_value_t = 30)]
    top: usize,
    /// The prior's standard deviation, in Elo: how far from the mean a player of few games
    /// may be rated.
    #[arg(long, default_value_t = DEFAULT_PRIOR_SD, value_parser = positive_elo)]
    prior_sd: f64,
    /// Fit on the other years' games and predict this year's (their log-loss against a
    /// constant model).
    #[arg(long)]
    holdout: Option<u16>,
    /// Whom to list: people, programs or all (all are fitted).
    #[arg(long, value_enum, default_value = "all")]
    players: Players,
}

/// A prior's width: a positive number of Elo.
fn positive_elo(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("{text} is not a positive number of Elo")),
    }
}

/// The folder's games as rated games (Black's score 1, 0.5 or 0 by its discs), each with
/// its year, and how many players there are (every number a game names).
pub(crate) fn rated_games(folder: &WthorFolder) -> (usize, Vec<(u16, RatedGame)>) {
    let players = folder.players.len().max(
        folder
            .files
            .iter()
            .flat_map(|f| f.2.iter())
            .map(|g| usize::from(g.black.max(g.white)) + 1)
            .max()
            .unwrap_or(0),
    );
    let games = folder
        .files
        .iter()
        .flat_map(|(_, header, games)| games.iter().map(move |g| (header.year, g)))
        .map(|(year, g)| {
            let score = match g.black_discs.cmp(&32) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
            let game = RatedGame {
                black: usize::from(g.black),
                white: usize::from(g.white),
                score,
            };
            (year, game)
        })
        .collect();
    (players, games)
}

/// Runs `thor ratings`.
///
/// # Errors
/// An unreadable or damaged WTHOR folder.
pub fn ratings(args: &ThorRatingsArgs) -> Result<(), String> {
    let start = Instant::now();
    let folder = read_folder(&args.dir)?;
    let (players, games) = rated_games(&folder);
    let (train, test): (Vec<_>, Vec<_>) = games
        .iter()
        .partition(|(year, _)| Some(*year) != args.holdout);
    let train: Vec<RatedGame> = train.into_iter().map(|(_, g)| g).collect();
    let fit = fit_ratings(players, &train, args.prior_sd);
    eprintln!(
        "thor ratings: {} games of {players} players fitted in {} sweeps, {:.1} s",
        train.len(),
        fit.sweeps,
        start.elapsed().as_secs_f64()
    );
    let name = |i: usize| {
        folder
            .players
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("#{i}"))
    };
    println!(
        "Black's advantage: {:+.1} Elo; {:.0} is a player of average results",
        fit.black_advantage, MEAN_RATING
    );
    let mut listed: Vec<usize> = (0..players)
        .filter(|&i| fit.games[i] >= args.min_games)
        .filter(|&i| match args.players {
            Players::People => !is_program(&name(i)),
            Players::Programs => is_program(&name(i)),
            Players::All => true,
        })
        .collect();
    listed.sort_by(|&a, &b| fit.ratings[b].total_cmp(&fit.ratings[a]));
    let shown = if args.top == 0 {
        listed.len()
    } else {
        args.top.min(listed.len())
    };
    println!(
        "{:>5}  {:<30} {:>6} {:>6} {:>6}",
        "rank", "player (* a program)", "games", "Elo", "error"
    );
    for (rank, &i) in listed.iter().take(shown).enumerate() {
        let who = name(i);
        let mark = if is_program(&who) { "*" } else { " " };
        println!(
            "{:>5}  {:<30} {:>6} {:>6.0} {:>6.0}",
            rank + 1,
            format!("{who}{mark}"),
            fit.games[i],
            MEAN_RATING + fit.ratings[i],
            fit.errors[i]
        );
    }
    println!(
        "{shown} of {} players ({}) with {} games or more",
        listed.len(),
        args.players.name(),
        args.min_games
    );
    if let Some(year) = args.holdout {
        let test: Vec<RatedGame> = test
            .into_iter()
            .map(|(_, g)| g)
            .filter(|g| fit.games[g.black] > 0 && fit.games[g.white] > 0)
            .collect();
        if test.is_empty() {
            println!("{year} held out: no game of it between players of the other years");
            return Ok(());
        }
        let black_mean = train.iter().map(|g| g.score).sum::<f64>() / train.len().max(1) as f64;
        let model = log_loss(&test, |g| fit.predict(g));
        let constant = log_loss(&test, |_| black_mean);
        println!(
            "{year} held out: {} games between rated players; log-loss {model:.4} against {constant:.4} for a constant {black_mean:.3}",
            test.len()
        );
    }
    Ok(())
}
