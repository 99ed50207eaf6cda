//! `reversi-engine thor losses DIR --out FILE`: the moves people played in the WTHOR games,
//! each scored by the engine against the best move of its position, for a sample of games
//! drawn by the players' fitted ratings (`thor ratings`). The measure is the review's
//! (`engine::review_game`): the played move and the others searched to `--depth` each, both
//! solved exactly from `--exact-empties`. The file grows: a run stopped at any point goes on
//! where it stopped when started again with the same flags.
//!
//! A line of the file is one game, tab-separated: Black's and White's names and fitted
//! Elo, the year, the moves (passes left out), and each move's loss in discs, in order.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use rand::seq::SliceRandom;

use crate::cli::corpus::{
    Job, data_lines, game_rng, game_searcher, lines_to_grow, run_in_order, write_corpus,
};
use crate::cli::engine_spec::EngineSpec;
use crate::cli::thor_corpus::is_program;
use crate::cli::thor_ratings::{DEFAULT_PRIOR_SD, MEAN_RATING, rated_games};
use crate::database_files::{WthorFolder, read_folder};
use crate::engine::{RatedGame, SearchLimits, WthorGame, fit_ratings, review_game};

/// The first line of a losses file: its format.
pub(crate) const LOSSES_HEADER: &str = "# reversi thor losses 1";

/// Arguments of `thor losses`.
#[derive(Debug, Args)]
#[command(
    after_help = "Games between two people (no program) who each have --min-games \
games or more are eligible. For each band, --games-per-band games with a player in it are \
drawn (a game is drawn once); every move of a drawn game is scored, and each line of the file \
says who played (names and fitted Elo). The bands take turns in the file, so a file stopped \
early holds every band. Progress and the time left are printed every 30 s; the file is saved \
then too, and a run started again with the same flags goes on from it."
)]
pub struct ThorLossesArgs {
    /// The folder of WTHOR files (every `.wtb` in it, with its `.jou`).
    dir: PathBuf,
    /// The file to write or grow (gzip-compressed text).
    #[arg(long)]
    out: PathBuf,
    /// The rating bands.
    #[command(flatten)]
    bands: Bands,
    /// Games drawn for each band.
    #[arg(long, default_value_t = 300)]
    games_per_band: usize,
    /// A player needs this many games in the database for a rating that counts.
    #[arg(long, default_value_t = 20)]
    min_games: usize,
    /// Depth of the searches (plies).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Solve exactly from this many empties.
    #[arg(long, default_value_t = 18, value_parser = clap::value_parser!(u32).range(0..=30))]
    exact_empties: u32,
    /// The draw's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games scored at once (default: the cores).
    #[arg(long)]
    threads: Option<u64>,
    /// The engine that scores (`shipped` or a config folder).
    #[arg(long, default_value = "shipped")]
    config: String,
}

/// The players' rating bands, as `thor losses` and `thor people` take them.
#[derive(Debug, Args)]
pub(crate) struct Bands {
    /// The rating bands' centres, in the Elo of `thor ratings` (1500 is a player of
    /// average results), lowest first.
    #[arg(long, value_delimiter = ',', default_value = "1400,1600,1800,2000")]
    pub(crate) bands: Vec<u32>,
    /// Each band's width in Elo: a player is in a band within half of it of the centre
    /// (the last band also holds everyone above it).
    #[arg(long, default_value_t = 200)]
    pub(crate) band_width: u32,
}

impl Bands {
    /// Checks the bands: one or more centres, lowest first, and a width.
    ///
    /// # Errors
    /// A message naming the flag.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.bands.is_empty() || self.bands.windows(2).any(|w| w[0] >= w[1]) {
            return Err(format!(
                "--bands {:?}: give one or more centres, lowest first",
                self.bands
            ));
        }
        if self.band_width == 0 {
            return Err("--band-width must be at least 1".into());
        }
        Ok(())
    }

    /// The band a player of `rating` is in ([`band_of`]).
    pub(crate) fn of(&self, rating: f64) -> Option<usize> {
        band_of(&self.bands, self.band_width, rating)
    }

    /// The centres as the flag writes them: `1400,1600`.
    pub(crate) fn flag(&self) -> String {
        self.bands
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// A game of the folder: its file's and its own index.
type GameAt = (usize, usize);

/// Runs `thor losses`.
///
/// # Errors
/// Bad bands, an unreadable WTHOR folder, a file made with other flags, a bad engine
/// folder, or a file that cannot be written.
pub fn losses(args: &ThorLossesArgs) -> Result<(), String> {
    args.bands.check()?;
    if args.games_per_band == 0 {
        return Err("--games-per-band must be at least 1".into());
    }
    let engine = EngineSpec::from_arg(&args.config)?;
    let folder = read_folder(&args.dir)?;
    let (players, games) = rated_games(&folder);
    let rated: Vec<RatedGame> = games.iter().map(|g| g.1).collect();
    let fit = fit_ratings(players, &rated, DEFAULT_PRIOR_SD);
    let elo = |i: u16| MEAN_RATING + fit.ratings[usize::from(i)];
    let name = |i: u16| {
        folder
            .players
            .get(usize::from(i))
            .cloned()
            .unwrap_or_else(|| format!("#{i}"))
    };
    let counts = |g: &WthorGame| {
        fit.games[usize::from(g.black)] >= args.min_games
            && fit.games[usize::from(g.white)] >= args.min_games
    };
    let people = |g: &WthorGame| !is_program(&name(g.black)) && !is_program(&name(g.white));
    let eligible: Vec<GameAt> = all_games(&folder)
        .filter(|&(f, k)| {
            let g = &folder.files[f].2[k];
            people(g) && counts(g) && g.game().is_ok()
        })
        .collect();
    let band = |rating: f64| args.bands.of(rating);
    let sample = draw(
        args.bands.bands.len(),
        args.games_per_band,
        args.seed,
        &eligible,
        |at| {
            let g = &folder.files[at.0].2[at.1];
            [band(elo(g.black)), band(elo(g.white))]
        },
    );
    eprintln!(
        "thor losses: {} eligible games of {} (people with {} games or more); {} drawn",
        eligible.len(),
        rated.len(),
        args.min_games,
        sample.len()
    );
    let header = format!(
        "# thor losses --bands {} --band-width {} --games-per-band {} --min-games {} --depth {} --exact-empties {} --seed {} --config {}",
        args.bands.flag(),
        args.bands.band_width,
        args.games_per_band,
        args.min_games,
        args.depth,
        args.exact_empties,
        args.seed,
        args.config
    );
    let done = lines_to_grow(&args.out, "# thor losses", &header, |text| {
        Ok(data_lines(text))
    })?;
    let limits = SearchLimits::depth(args.depth);
    run_in_order(
        Job {
            what: "thor losses",
            unit: "game",
            verb: "scoring",
            out: &args.out,
        },
        crate::cli::threads_or_cores(args.threads),
        sample.len(),
        done,
        || game_searcher(&engine, args.exact_empties),
        |searcher, index| {
            let (f, k) = sample[index];
            let (_, header, games) = &folder.files[f];
            let g = &games[k];
            let game = g.game()?;
            let stop = AtomicBool::new(false);
            let reviews = review_game(&game, searcher, &limits, &stop, &mut |_| {})
                .ok_or("the review stopped")?;
            let losses: Vec<String> = reviews.iter().map(|r| r.loss.to_string()).collect();
            let moves: String = g.moves.iter().map(ToString::to_string).collect();
            Ok(format!(
                "{}\t{}\t{:.0}\t{:.0}\t{}\t{moves}\t{}",
                name(g.black),
                name(g.white),
                elo(g.black),
                elo(g.white),
                header.year,
                losses.join(" ")
            ))
        },
        |lines| write_corpus(&args.out, LOSSES_HEADER, &header, lines),
    )
}

/// Every game of the folder.
fn all_games(folder: &WthorFolder) -> impl Iterator<Item = GameAt> + '_ {
    folder
        .files
        .iter()
        .enumerate()
        .flat_map(|(f, file)| (0..file.2.len()).map(move |k| (f, k)))
}

/// The band of `bands` (centres, lowest first) a player of `rating` is in: the nearest
/// centre within half of `width`, or the last for anyone above it.
pub(crate) fn band_of(bands: &[u32], width: u32, rating: f64) -> Option<usize> {
    let half = f64::from(width) / 2.0;
    let last = bands.len().checked_sub(1)?;
    if rating >= f64::from(bands[last]) - half {
        return Some(last);
    }
    bands
        .iter()
        .position(|&c| f64::from(c) - half <= rating && rating < f64::from(c) + half)
}

/// Draws up to `per_band` games for each band from `eligible`, a game once: band by band,
/// the games with a player in the band (`bands_of` gives each side's) in an order shuffled
/// by `seed`. The bands then take turns in the result.
fn draw(
    bands: usize,
    per_band: usize,
    seed: u64,
    eligible: &[GameAt],
    bands_of: impl Fn(GameAt) -> [Option<usize>; 2],
) -> Vec<GameAt> {
    let mut taken = HashSet::new();
    let mut drawn: Vec<Vec<GameAt>> = Vec::new();
    for b in 0..bands {
        let mut candidates: Vec<GameAt> = eligible
            .iter()
            .copied()
            .filter(|&at| bands_of(at).contains(&Some(b)))
            .collect();
        candidates.shuffle(&mut game_rng(seed, b));
        let mine: Vec<GameAt> = candidates
            .into_iter()
            .filter(|at| taken.insert(*at))
            .take(per_band)
            .collect();
        drawn.push(mine);
    }
    let longest = drawn.iter().map(Vec::len).max().unwrap_or(0);
    (0..longest)
        .flat_map(|i| drawn.iter().filter_map(move |d| d.get(i).copied()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_in_the_nearest_band_within_half_its_width_and_the_last_holds_the_top() {
        let bands = [1400, 1600, 1800, 2000];
        assert_eq!(band_of(&bands, 200, 1250.0), None);
        assert_eq!(band_of(&bands, 200, 1300.0), Some(0));
        assert_eq!(band_of(&bands, 200, 1499.0), Some(0));
        assert_eq!(band_of(&bands, 200, 1500.0), Some(1));
        assert_eq!(band_of(&bands, 200, 1899.9), Some(2));
        assert_eq!(band_of(&bands, 200, 2150.0), Some(3));
        assert_eq!(band_of(&bands, 100, 1540.0), None);
        assert_eq!(band_of(&bands, 100, 1560.0), Some(1));
        assert_eq!(band_of(&[], 200, 1500.0), None);
    }

    #[test]
    fn the_draw_takes_each_game_once_and_the_bands_take_turns() {
        // Games 0..10; game i has players in bands i % 3 and (i + 1) % 3.
        let eligible: Vec<GameAt> = (0..10).map(|i| (0, i)).collect();
        let bands_of = |at: GameAt| [Some(at.1 % 3), Some((at.1 + 1) % 3)];
        let drawn = draw(3, 2, 7, &eligible, bands_of);
        assert_eq!(drawn.len(), 6);
        let distinct: HashSet<_> = drawn.iter().collect();
        assert_eq!(distinct.len(), 6);
        for (i, at) in drawn.iter().enumerate() {
            assert!(bands_of(*at).contains(&Some(i % 3)), "{i}: {at:?}");
        }
        assert_eq!(drawn, draw(3, 2, 7, &eligible, bands_of));
        assert_ne!(drawn, draw(3, 2, 8, &eligible, bands_of));
    }
}
