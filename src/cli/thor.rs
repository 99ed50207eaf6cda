//! `reversi-engine thor show`: the moves people played at a position in a WTHOR game
//! database (the French federation's files: `.wtb` games, `.jou` players, `.trn`
//! tournaments), with how often and how they scored, and the book's value beside each.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, Subcommand};

use crate::engine::book::Book;
use crate::engine::{
    Database, DbGame, Game, WTHOR_PLAYER, WTHOR_TOURNAMENT, read_wtb, read_wthor_names,
};

/// Arguments of `thor`.
#[derive(Debug, Args)]
pub struct ThorArgs {
    /// What to do.
    #[command(subcommand)]
    command: ThorCommand,
}

/// `thor show`.
#[derive(Debug, Subcommand)]
enum ThorCommand {
    /// The moves people played at a position, with their games, results and the book's
    /// values.
    Show(ShowArgs),
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
}

/// Runs `thor`.
///
/// # Errors
/// A folder without `.wtb` files, a damaged file (its name and byte), or bad moves.
pub fn run(args: &ThorArgs) -> Result<(), String> {
    match &args.command {
        ThorCommand::Show(a) => show(a),
    }
}

/// The files of `dir` with this extension (any case), sorted.
fn files_with(dir: &Path, extension: &str) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case(extension))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// The names of the first file of `dir` with this extension (none when there is none).
fn names(dir: &Path, extension: &str, width: usize) -> Result<Vec<String>, String> {
    match files_with(dir, extension)?.first() {
        None => Ok(Vec::new()),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            read_wthor_names(&bytes, width).map_err(|e| format!("{}: {e}", path.display()))
        }
    }
}

/// Reads every `.wtb` of `dir` into a database.
///
/// # Errors
/// No `.wtb` file, or a damaged one (its name, and the byte or the game and move).
pub(crate) fn read_database(dir: &Path) -> Result<Database, String> {
    let players = names(dir, "jou", WTHOR_PLAYER)?;
    let tournaments = names(dir, "trn", WTHOR_TOURNAMENT)?;
    let files = files_with(dir, "wtb")?;
    if files.is_empty() {
        return Err(format!("{}: no .wtb game file", dir.display()));
    }
    let mut db = Database::new();
    for path in &files {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (header, games) = read_wtb(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        db.add_wthor(header.year, &games, &players, &tournaments)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(db)
}

fn show(args: &ShowArgs) -> Result<(), String> {
    let start = Instant::now();
    let db = read_database(&args.dir)?;
    let read_s = start.elapsed().as_secs_f64();
    let game = Game::from_transcript(&args.moves).map_err(|e| format!("--moves: {e}"))?;
    let board = game.position().board;
    let player = args.player.as_ref().map(|p| p.to_lowercase());
    let keep = |g: &DbGame| {
        player.as_ref().is_none_or(|p| {
            g.black.to_lowercase().contains(p) || g.white.to_lowercase().contains(p)
        }) && args.from.is_none_or(|y| g.year >= y)
            && args.to.is_none_or(|y| g.year <= y)
    };
    let query = Instant::now();
    let moves = db.moves_at(&board, &keep);
    let query_ms = query.elapsed().as_secs_f64() * 1000.0;
    let book = Book::shipped();
    let book_moves = book.moves(&board);
    let total: u32 = moves.iter().map(|m| m.games).sum();
    let mut out = format!(
        "position after {}: {total} games of {} ({} read in {read_s:.1} s, asked in {query_ms:.1} ms)\n",
        if args.moves.is_empty() {
            "the start"
        } else {
            &args.moves
        },
        db.len(),
        args.dir.display()
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
    print!("{out}");
    Ok(())
}
