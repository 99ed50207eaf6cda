//! `reversi-engine thor`: a WTHOR game database (the French federation's files: `.wtb`
//! games, `.jou` players, `.trn` tournaments). `thor index` builds the compact index beside
//! the files; `thor show` lists the moves people played at a position, with how often and
//! how they scored, the book's value beside each, and the games that reached it.

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};

use crate::cli::thor_corpus::{self, ThorCorpusArgs, ThorTestsetArgs};
use crate::cli::thor_losses::{self, ThorLossesArgs};
use crate::cli::thor_people::{self, ThorPeopleArgs};
use crate::cli::thor_ratings::{self, ThorRatingsArgs};
use crate::database_files::{self, DbStep, INDEX_FILE, Opened};
use crate::engine::book::Book;
use crate::engine::{Database, DbFilter, Game};

/// Arguments of `thor`.
#[derive(Debug, Args)]
pub struct ThorArgs {
    /// What to do.
    #[command(subcommand)]
    command: ThorCommand,
}

/// A `thor` command.
#[derive(Debug, Subcommand)]
enum ThorCommand {
    /// Read a folder's WTHOR files and write the index beside them (reversi-thor.idx).
    Index(IndexArgs),
    /// The moves people played at a position, with their games, results and the book's
    /// values, and the games that reached it (the index is built first when missing or
    /// stale).
    Show(ShowArgs),
    /// Write the folder's games as a training corpus for `tune` (the moves to the position
    /// of the file's exact score, 24 empties, and that score).
    Corpus(ThorCorpusArgs),
    /// Solve positions of the games a fit of `thor corpus` holds out: a test set of real
    /// games for `tune --testset`.
    Testset(ThorTestsetArgs),
    /// Each player's Elo fitted from the games' results (Bradley-Terry with Black's
    /// advantage and a prior), best first, programs marked; --holdout YEAR checks the fit
    /// on a year it did not see.
    Ratings(ThorRatingsArgs),
    /// Score the moves people played, for a sample of games drawn by the players' fitted
    /// ratings: each move's loss against the best move of its position (resumable).
    Losses(ThorLossesArgs),
    /// The table of people's losses by rating band and phase (config/people.ron) from the
    /// files `thor losses` wrote, with each band's figures, and those of held-out players.
    People(ThorPeopleArgs),
}

/// Arguments of `thor index`.
#[derive(Debug, Args)]
struct IndexArgs {
    /// The folder of WTHOR files (every `.wtb` in it, with its `.jou` and `.trn`).
    dir: PathBuf,
}

/// Arguments of `thor show`.
#[derive(Debug, Args)]
struct ShowArgs {
    /// The folder of WTHOR files (every `.wtb` in it, with its `.jou` and `.trn`).
    dir: PathBuf,
    /// The moves leading to the position (e.g. f5d6c3); the start when left out.
    #[arg(long, default_value = "")]
    moves: String,
    /// Only games in which this player (a part of the name, any case) played either side.
    #[arg(long)]
    player: Option<String>,
    /// Only games of this year or later.
    #[arg(long)]
    from: Option<u16>,
    /// Only games of this year or earlier.
    #[arg(long)]
    to: Option<u16>,
    /// List this many of the games that reached the position (0: none).
    #[arg(long, default_value_t = 10)]
    games: usize,
}

/// Runs `thor`.
///
/// # Errors
/// A folder without `.wtb` files, a damaged file (its name and byte), or bad moves.
pub fn run(args: &ThorArgs) -> Result<(), String> {
    match &args.command {
        ThorCommand::Index(a) => index(a),
        ThorCommand::Show(a) => show(a),
        ThorCommand::Corpus(a) => thor_corpus::corpus(a),
        ThorCommand::Testset(a) => thor_corpus::testset(a),
        ThorCommand::Ratings(a) => thor_ratings::ratings(a),
        ThorCommand::Losses(a) => thor_losses::losses(a),
        ThorCommand::People(a) => thor_people::people(a),
    }
}

/// A progress line on standard error for each file read and each 4,096 games indexed.
fn progress(step: DbStep) {
    match step {
        DbStep::ReadIndex => {}
        DbStep::Read { done, files } => eprintln!("thor: reading file {} of {files}", done + 1),
        DbStep::Index { done, games } if done == games || done % 32_768 == 0 => {
            eprintln!(
                "thor: {done} of {games} games indexed ({:.0}%)",
                100.0 * done as f64 / games.max(1) as f64
            );
        }
        DbStep::Index { .. } => {}
    }
}

/// `thor index`: the index built from the files and written.
fn index(args: &IndexArgs) -> Result<(), String> {
    let start = Instant::now();
    let db = database_files::build(&args.dir, &mut progress)?;
    let path = args.dir.join(INDEX_FILE);
    database_files::write_index(&db, &path)?;
    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    eprintln!(
        "thor index: {} games, {} positions, {} files in {} ({bytes} bytes, {:.1} s)",
        db.len(),
        db.positions(),
        db.sources().len(),
        path.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The database of a folder, a line on standard error saying how it was opened.
fn open(dir: &std::path::Path) -> Result<Database, String> {
    let start = Instant::now();
    let (db, opened) = database_files::open(dir, &mut progress)?;
    let how = match opened {
        Opened::FromIndex => format!("from {INDEX_FILE}"),
        Opened::Built { why, written } => match written {
            Ok(()) => format!("from the WTHOR files ({why}; {INDEX_FILE} written)"),
            Err(e) => format!("from the WTHOR files ({why}; the index not written: {e})"),
        },
    };
    eprintln!(
        "thor: {} games read {how} in {:.1} s",
        db.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(db)
}

fn show(args: &ShowArgs) -> Result<(), String> {
    let game = Game::from_transcript(&args.moves).map_err(|e| format!("--moves: {e}"))?;
    let db = open(&args.dir)?;
    let board = game.position().board;
    let filter = DbFilter {
        player: args.player.clone(),
        from: args.from,
        to: args.to,
    };
    let query = Instant::now();
    let moves = db.moves_at(&board, &filter);
    let query_ms = query.elapsed().as_secs_f64() * 1000.0;
    let book = Book::shipped();
    let book_moves = book.moves(&board);
    let total: u32 = moves.iter().map(|m| m.games).sum();
    let mut out = format!(
        "position after {}: {total} games of {} (asked in {query_ms:.1} ms)\n",
        if args.moves.is_empty() {
            "the start"
        } else {
            &args.moves
        },
        db.len(),
    );
    out.push_str("move  games   share  score  discs  book\n");
    for m in &moves {
        let book_value = book_moves
            .iter()
            .find(|b| b.square == m.square)
            .map_or("-".to_string(), |b| format!("{:+}", b.value));
        out.push_str(&format!(
            "{:<4} {:>6} {:>6.1}% {:>5.1}% {:>+6.1}  {book_value}\n",
            m.square.to_string(),
            m.games,
            100.0 * f64::from(m.games) / f64::from(total.max(1)),
            100.0 * m.score(),
            m.mean_discs
        ));
    }
    if args.games > 0 && total > 0 {
        out.push_str("games (year, black, white, black's discs, tournament, move here):\n");
        for at in db.games_at(&board, &filter).iter().take(args.games) {
            let g = db.game(at.game);
            out.push_str(&format!(
                "{} {} - {} {:+} {} {} {}\n",
                g.year,
                db.player(g.black),
                db.player(g.white),
                g.black_score,
                db.tournament(g.tournament),
                at.square,
                g.game().transcript()
            ));
        }
    }
    print!("{out}");
    Ok(())
}
