//! `reversi-engine book show`: the book's value at a position and its moves there, best
//! first (`book edit` prints the same after its edit).

use clap::Args;

use crate::cli::book_file::load_book;
use crate::cli::print_out;
use crate::engine::book::Book;
use crate::engine::{Game, OpeningNames};

/// Arguments of `book show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The book file (`shipped` for the book compiled in).
    file: String,
    /// The moves leading to the position (e.g. f5d6c3); the start when left out.
    #[arg(long, default_value = "")]
    moves: String,
}

/// Runs `book show`.
///
/// # Errors
/// A message naming the file (and its line) or the bad transcript.
pub fn run(args: &ShowArgs) -> Result<(), String> {
    let book = load_book(&args.file)?;
    let game = Game::from_transcript(&args.moves).map_err(|e| format!("--moves: {e}"))?;
    print_out(&show_text(&book, &game))
}

/// `book show`'s output: the position's value, then one line a move, best first.
pub(crate) fn show_text(book: &Book, game: &Game) -> String {
    let board = game.position().board;
    let mut out = match book.value(&board) {
        Some(v) => format!("in book, value {v:+}\n"),
        None => "not in book\n".to_string(),
    };
    if let Some(named) = OpeningNames::shipped().of_game(game) {
        out.push_str(&format!("opening {}\n", named.opening.name));
    }
    for m in book.moves(&board) {
        let set = m.in_book
            && book
                .get(&board.play_unchecked(m.square))
                .is_some_and(|e| e.fixed.is_some());
        out.push_str(&format!(
            "{} {:+} {}\n",
            m.square,
            m.value,
            match (set, m.in_book) {
                (true, _) => "set",
                (false, true) => "book",
                (false, false) => "leaf",
            }
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_prints_exact_lines() {
        let mut book = Book::new();
        let at = |t: &str| Game::from_transcript(t).unwrap().position().board;
        book.set_leaf(&at("f5"), Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&at("f5f4"), Some("e3".parse().unwrap()), -3, 14);
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
        assert_eq!(
            show_text(&book, &Game::from_transcript("c4e3").unwrap()),
            "not in book\nopening Perpendicular\n"
        );
    }
}
