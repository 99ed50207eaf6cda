//! `reversi-engine book`: reads an opening book file (format in `crate::engine::book`).

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::engine::Game;
use crate::engine::book::Book;

/// Arguments of `book`.
#[derive(Debug, Args)]
pub struct BookArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: BookCommand,
}

/// A `book` command.
#[derive(Debug, Subcommand)]
pub enum BookCommand {
    /// Count a book's positions, line ends, leaves by search depth and recorded games.
    Stats(StatsArgs),
    /// The book's moves and values at a position.
    Show(ShowArgs),
}

/// Arguments of `book stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The book file.
    file: PathBuf,
}

/// Arguments of `book show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The book file.
    file: PathBuf,
    /// The moves leading to the position (e.g. f5d6c3); the start when left out.
    #[arg(long, default_value = "")]
    moves: String,
}

/// Runs a `book` command.
///
/// # Errors
/// A message naming the file (and its line) or the bad transcript.
pub fn run(args: &BookArgs) -> Result<(), String> {
    match &args.command {
        BookCommand::Stats(a) => {
            let book = read_book(&a.file)?;
            print!("{}", stats_text(&book));
            Ok(())
        }
        BookCommand::Show(a) => {
            let book = read_book(&a.file)?;
            let game = Game::from_transcript(&a.moves).map_err(|e| format!("--moves: {e}"))?;
            print!("{}", show_text(&book, &game));
            Ok(())
        }
    }
}

/// Reads a book file.
///
/// # Errors
/// `FILE: message`, with the line for a bad one.
pub fn read_book(path: &Path) -> Result<Book, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Book::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// `book stats`'s output: `positions N` first, then the other counts.
fn stats_text(book: &Book) -> String {
    let s = book.summary();
    let leaves: usize = s.leaf_depths.values().sum();
    let depths: Vec<String> = s
        .leaf_depths
        .iter()
        .map(|(d, n)| format!("{d}:{n}"))
        .collect();
    format!(
        "positions {}\nline-ends {}\nleaves {leaves}\nleaf-depths {}\ngames {}\n",
        s.positions,
        s.line_ends,
        if depths.is_empty() {
            "-".to_string()
        } else {
            depths.join(" ")
        },
        s.games
    )
}

/// `book show`'s output: the position's value, then one line a move, best first.
fn show_text(book: &Book, game: &Game) -> String {
    let board = game.position().board;
    let mut out = match book.value(&board) {
        Some(v) => format!("in book, value {v:+}\n"),
        None => "not in book\n".to_string(),
    };
    for m in book.moves(&board) {
        out.push_str(&format!(
            "{} {:+} {}\n",
            m.square,
            m.value,
            if m.in_book { "book" } else { "leaf" }
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_and_show_print_exact_lines() {
        let mut book = Book::new();
        let at = |t: &str| Game::from_transcript(t).unwrap().position().board;
        book.set_leaf(&at("f5"), Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&at("f5f4"), Some("e3".parse().unwrap()), -3, 14);
        assert_eq!(
            stats_text(&book),
            "positions 2\nline-ends 1\nleaves 2\nleaf-depths 12:1 14:1\ngames 0\n"
        );
        // c4 is f5 turned half a turn: f5's f4 is c5 there, and its d6 is e3.
        let game = Game::from_transcript("c4").unwrap();
        assert_eq!(
            show_text(&book, &game),
            "in book, value +3\nc5 +3 book\ne3 +1 leaf\n"
        );
        assert_eq!(
            show_text(&book, &Game::from_transcript("d3").unwrap())
                .lines()
                .next(),
            Some("in book, value +3")
        );
        assert_eq!(show_text(&Book::new(), &game), "not in book\n");
    }
}
