//! `reversi-engine thor corpus` and `thor testset`: the WTHOR database's games as training
//! data for the evaluator's fit, and its held-out games' positions solved exactly as a test
//! set of real games.
//!
//! Every WTHOR file gives, for each game, Black's discs with perfect play from the position
//! with the header's number of empties (24 in the published files): an exact label there, and
//! for the positions before it the outcome of the people's (or programs') play until then. A
//! corpus game is the transcript up to that position with its score (the corpus format's
//! version 2, `crate::engine::corpus`).

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::cli::corpus::{
    DistinctGames, Job, data_lines, game_rng, lines_to_grow, parse_range, run_in_order,
    solved_line, testset_solver, write_corpus, write_testset,
};
use crate::cli::engine_spec::EngineSpec;
use crate::database_files::{WthorFolder, read_folder};
use crate::engine::corpus::{CORPUS_HEADER_2, CorpusGame};
use crate::engine::{Game, Ply, Position, WthorGame};

/// Whose games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Players {
    /// Games between people (neither player a program).
    People,
    /// Games in which a program played (a name like `Logistello (buro)`).
    Programs,
    /// Every game.
    All,
}

impl Players {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Players::People => "people",
            Players::Programs => "programs",
            Players::All => "all",
        }
    }
}

/// Arguments of `thor corpus`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each game becomes a line of a version 2 corpus: its moves up to the position \
with the file header's number of empties (24 in the published files) and Black's score with \
perfect play from there, which the WTHOR file gives. Games that end before are kept whole; \
games that stop unfinished before, or whose moves are illegal, are left out and counted. The \
file is written through a temporary file; the same folder and flags always give the same file."
)]
pub struct ThorCorpusArgs {
    /// The folder of WTHOR files (every `.wtb` in it, with its `.jou`).
    dir: PathBuf,
    /// The corpus file to write (gzip-compressed text).
    #[arg(long)]
    out: PathBuf,
    /// Whose games: people's, programs' (either side a program), or all.
    #[arg(long, value_enum, default_value = "people")]
    players: Players,
}

/// Arguments of `thor testset`.
#[derive(Debug, Args)]
#[command(
    after_help = "The games are those `tune --held-out-every` holds out of a fit of the corpus \
that `thor corpus --players` writes (by the hash of each game's corpus line), in an order \
shuffled by --seed; position i is taken from game i at a number of empties drawn from \
--empties and solved exactly. At the header's empties (24) the solved score is checked \
against the file's and a difference is reported. Like `corpus testset`, a stopped run \
continues where it stopped (the file is rewritten every 30 s) and any --threads gives the \
same file."
)]
pub struct ThorTestsetArgs {
    /// The folder of WTHOR files.
    dir: PathBuf,
    /// The OBF file to write.
    #[arg(long)]
    out: PathBuf,
    /// Positions the file should hold when the command ends (one per game).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Empties of the positions, MIN..MAX (uniform), at most 30.
    #[arg(long, default_value = "20..24")]
    empties: String,
    /// Whose games (as `thor corpus`).
    #[arg(long, value_enum, default_value = "people")]
    players: Players,
    /// The fit's `--held-out-every`: the games it holds out are the candidates.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
    held_out_every: u64,
    /// The evaluator that orders the solver's moves (`shipped` or a folder); it changes the
    /// speed, never a score.
    #[arg(long, default_value = "shipped")]
    order_with: String,
    /// Threads (default: the machine's cores), 1..=1024.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Seed of the games' order and of the empties drawn.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Whether a WTHOR player's name is a program's: `Name (author)`.
pub(crate) fn is_program(name: &str) -> bool {
    name.ends_with(')') && name.contains(" (")
}

/// What [`corpus_games`] left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Skipped {
    /// Games of the other kind of players.
    other_players: usize,
    /// Games with an illegal move, unfinished before the exact score's empties, or with a
    /// score beyond 64 discs.
    unusable: usize,
    /// Games whose corpus line repeats an earlier one.
    repeats: usize,
}

/// A WTHOR game as the corpus holds it, with the file's game (all its moves) and the
/// empties of its file's exact scores.
struct ThorGame<'a> {
    corpus: CorpusGame,
    wthor: &'a WthorGame,
    depth: u8,
}

/// The folder's games of `players`, in file and game order, repeats left out.
fn corpus_games(folder: &WthorFolder, players: Players) -> (Vec<ThorGame<'_>>, Skipped) {
    let program = |n: u16| {
        folder
            .players
            .get(usize::from(n))
            .is_some_and(|name| is_program(name))
    };
    let mut skipped = Skipped::default();
    let mut seen = DistinctGames::default();
    let mut games = Vec::new();
    for (_, header, file_games) in &folder.files {
        for g in file_games {
            let by_program = program(g.black) || program(g.white);
            let wanted = match players {
                Players::People => !by_program,
                Players::Programs => by_program,
                Players::All => true,
            };
            if !wanted {
                skipped.other_players += 1;
                continue;
            }
            let Some(game) = CorpusGame::from_wthor(g, header.depth) else {
                skipped.unusable += 1;
                continue;
            };
            if !seen.first(&game) {
                skipped.repeats += 1;
                continue;
            }
            games.push(ThorGame {
                corpus: game,
                wthor: g,
                depth: header.depth,
            });
        }
    }
    (games, skipped)
}

/// The folder's files, as a header line names them (not the folder, which is the
/// machine's).
fn describe(folder: &WthorFolder) -> String {
    let name = |i: usize| {
        folder.files[i]
            .0
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    };
    let games: usize = folder.files.iter().map(|f| f.2.len()).sum();
    format!(
        "{} files, {}..{}, {games} games",
        folder.files.len(),
        name(0),
        name(folder.files.len() - 1)
    )
}

/// Runs `thor corpus`.
///
/// # Errors
/// An unreadable or damaged WTHOR folder, or a file that cannot be written.
pub fn corpus(args: &ThorCorpusArgs) -> Result<(), String> {
    let start = Instant::now();
    let folder = read_folder(&args.dir)?;
    let (games, skipped) = corpus_games(&folder, args.players);
    let lines: Vec<String> = games.iter().map(|g| g.corpus.to_string()).collect();
    let positions: usize = games.iter().map(|g| g.corpus.labelled().len()).sum();
    let header = format!(
        "# thor corpus --players {} ({})",
        args.players.name(),
        describe(&folder)
    );
    write_corpus(&args.out, CORPUS_HEADER_2, &header, &lines)?;
    eprintln!(
        "thor corpus: {} games ({positions} labelled positions) of {} written to {} in {:.1} s; left out: {} of other players, {} unusable (illegal, unfinished or a bad score), {} repeating an earlier line",
        lines.len(),
        args.players.name(),
        args.out.display(),
        start.elapsed().as_secs_f64(),
        skipped.other_players,
        skipped.unusable,
        skipped.repeats
    );
    Ok(())
}

/// The position of `g` with `empties` empties and a move for its side to move, if the game
/// reaches one.
fn position_with(g: &WthorGame, empties: u32) -> Option<Position> {
    let mut game = Game::new();
    let mut moves = g.moves.iter();
    loop {
        let p = game.position();
        if p.board.empty_count() == empties && p.board.has_moves() {
            return Some(p);
        }
        if p.board.empty_count() < empties || game.is_over() {
            return None;
        }
        if game.must_pass() {
            game.play(Ply::Pass).ok()?;
        } else {
            game.play_move(*moves.next()?).ok()?;
        }
    }
}

/// Runs `thor testset`.
///
/// # Errors
/// Bad flags, an unreadable folder, too few held-out games, a file that cannot be written.
pub fn testset(args: &ThorTestsetArgs) -> Result<(), String> {
    let (min_e, max_e) = parse_range("--empties", &args.empties, 30)?;
    let threads = crate::cli::threads_or_cores(args.threads);
    let ordering = EngineSpec::from_arg(&args.order_with)?;
    let folder = read_folder(&args.dir)?;
    let (games, _) = corpus_games(&folder, args.players);
    let mut candidates: Vec<&ThorGame<'_>> = games
        .iter()
        .filter(|g| {
            g.corpus.held_out(args.held_out_every) && position_with(g.wthor, min_e).is_some()
        })
        .collect();
    if (candidates.len() as u64) < args.games {
        return Err(format!(
            "--games {}: only {} held-out games of {} reach {min_e} empties",
            args.games,
            candidates.len(),
            args.players.name()
        ));
    }
    candidates.shuffle(&mut rand::rngs::StdRng::seed_from_u64(args.seed));
    let made_by = format!(
        "# Made by: reversi-engine thor testset --empties {} --players {} --held-out-every {} --seed {}",
        args.empties,
        args.players.name(),
        args.held_out_every,
        args.seed
    );
    let done = lines_to_grow(&args.out, "# Made by:", &made_by, |text| {
        Ok(data_lines(text))
    })?;
    run_in_order(
        Job {
            what: "thor testset",
            unit: "position",
            verb: "solving",
            out: &args.out,
        },
        threads,
        args.games as usize,
        done,
        || testset_solver(&ordering),
        |solver, index| {
            let g = candidates[index];
            let target = game_rng(args.seed, index).random_range(min_e..=max_e);
            // Every number of empties from the first's down to min_e is reached, a pass
            // leaving the same empties to the other side.
            let position = position_with(g.wthor, target)
                .ok_or_else(|| format!("the game does not reach {target} empties"))?;
            let (line, score) = solved_line(solver, &position)?;
            if target == u32::from(g.depth) {
                let file = g.corpus.black_score() * position.side_to_move.sign();
                if file != score {
                    eprintln!(
                        "thor testset: position {index} at {target} empties: solved {score:+}, the WTHOR file says {file:+}"
                    );
                }
            }
            Ok(line)
        },
        |lines| {
            write_testset(
                &args.out,
                &made_by,
                &format!(
                    "({min_e}..{max_e} empties) from WTHOR games of {} held out of the fit",
                    args.players.name()
                ),
                lines,
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_told_by_their_authors_name() {
        assert!(is_program("Logistello (buro)"));
        assert!(is_program("Thor (quin/becquet)"));
        assert!(!is_program("Tastet Marc"));
        assert!(!is_program("Murakami Takeshi"));
        assert!(!is_program("(unknown)"));
    }
}
