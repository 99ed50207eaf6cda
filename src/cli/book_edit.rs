//! `reversi-engine book edit`: one edit of a book file by hand, as the game's Book window
//! makes them: a move's value set or cleared, a move removed with what only it reaches, or
//! the line to a position added (searched). The file is written through a temporary file.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use crate::cli::book_file::{read_book, write_book};
use crate::cli::book_show::show_text;
use crate::cli::engine_spec::EngineSpec;
use crate::cli::print_out;
use crate::engine::book::Book;
use crate::engine::{Board, Game, Square};

/// Arguments of `book edit`.
#[derive(Debug, Args)]
#[command(
    group(clap::ArgGroup::new("edit").required(true).args(["set", "clear", "remove", "add_line"])),
    after_help = "--set MOVE=VALUE holds the value (discs for the side that plays MOVE) in the \
position after the move, so it stands wherever that position is reached and the values above \
it follow; --clear MOVE lets the book compute it again. --remove MOVE takes out the position \
after MOVE with every position below it that no other position of the book reaches (and the \
position's best move out of the book, when it is MOVE). --add-line adds the positions from the \
start to the one after --moves, each new one searched to --depth, deepest first, as a learned \
game's are. The book then shows the position after --moves as `book show` does."
)]
pub struct EditArgs {
    /// The book file (created by --add-line when missing).
    file: PathBuf,
    /// The moves leading to the position (e.g. f5d6c3); the start when left out.
    #[arg(long, default_value = "")]
    moves: String,
    /// Set a move's value: MOVE=VALUE, e.g. c3=+2 (-64..=64).
    #[arg(long, value_name = "MOVE=VALUE")]
    set: Option<String>,
    /// Clear the value set by hand on this move.
    #[arg(long, value_name = "MOVE")]
    clear: Option<String>,
    /// Remove this move and what only it reaches.
    #[arg(long, value_name = "MOVE")]
    remove: Option<String>,
    /// Add the line to the position, searching what is new.
    #[arg(long)]
    add_line: bool,
    /// Depth of --add-line's searches (plies).
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// The searches' ProbCut confidence in standard deviations (0: full width).
    #[arg(long, default_value_t = 1.5)]
    probcut: f64,
    /// The engine that searches (`shipped` or a config folder).
    #[arg(long, default_value = "shipped")]
    config: String,
}

/// A legal move of `board` named by `text`.
fn legal_move(board: &Board, text: &str, flag: &str) -> Result<Square, String> {
    let square: Square = text
        .trim()
        .parse()
        .map_err(|e| format!("{flag} {text}: {e}"))?;
    if board.moves() & square.bit() == 0 {
        return Err(format!("{flag} {text}: not a legal move at this position"));
    }
    Ok(square)
}

/// A MOVE=VALUE of `--set`.
fn move_value(board: &Board, text: &str) -> Result<(Square, i32), String> {
    let (mv, value) = text
        .split_once('=')
        .ok_or(format!("--set {text}: expected MOVE=VALUE, e.g. c3=+2"))?;
    let square = legal_move(board, mv, "--set")?;
    let value: i32 = value
        .trim()
        .trim_start_matches('+')
        .parse()
        .ok()
        .filter(|v: &i32| (-64..=64).contains(v))
        .ok_or(format!("--set {text}: the value is -64 to +64 discs"))?;
    Ok((square, value))
}

/// Runs `book edit`.
///
/// # Errors
/// A bad move or value (named), an unreadable book (its line), or the file not written.
pub fn run(args: &EditArgs) -> Result<(), String> {
    let game = Game::from_transcript(&args.moves).map_err(|e| format!("--moves: {e}"))?;
    let board = game.position().board;
    let mut book = if args.add_line && !args.file.exists() {
        Book::new()
    } else {
        read_book(&args.file)?
    };
    let said = if let Some(text) = &args.set {
        let (square, value) = move_value(&board, text)?;
        book.set_move_value(&board, square, Some(value));
        format!("{square} set to {value:+}")
    } else if let Some(text) = &args.clear {
        let square = legal_move(&board, text, "--clear")?;
        book.set_move_value(&board, square, None);
        format!("{square}'s value set by hand cleared")
    } else if let Some(text) = &args.remove {
        let square = legal_move(&board, text, "--remove")?;
        let removed = book.remove_move(&board, square);
        format!(
            "{square} removed: {} positions{}",
            removed.positions,
            if removed.leaf {
                " and the best move out of the book"
            } else {
                ""
            }
        )
    } else {
        add_line(args, &mut book, &game)?
    };
    write_book(&args.file, &book)?;
    eprintln!(
        "book edit: {said}; {} positions in {}",
        book.len(),
        args.file.display()
    );
    print_out(&show_text(&book, &game))
}

/// `--add-line`: the line's positions searched, a line of progress each.
fn add_line(args: &EditArgs, book: &mut Book, game: &Game) -> Result<String, String> {
    let mut engine = EngineSpec::from_arg(&args.config)?;
    engine.search.probcut_t = args.probcut;
    let mut searcher = engine.searcher(64)?;
    let line: Vec<Board> = (0..=game.cursor())
        .map(|n| game.position_at(n).board)
        .collect();
    let before = book.len();
    let start = Instant::now();
    let stop = AtomicBool::new(false);
    let learned = book
        .add_line(&line, &mut searcher, args.depth, &stop, &mut |done, all| {
            eprintln!(
                "book edit: {done}/{all} positions of the line ({:.1} s)",
                start.elapsed().as_secs_f64()
            );
        })
        .expect("never stopped");
    Ok(format!(
        "the line added: {} positions searched to depth {}, {} new, {} nodes, {:.1} s",
        learned.searched,
        args.depth,
        book.len() - before,
        learned.nodes,
        start.elapsed().as_secs_f64()
    ))
}
