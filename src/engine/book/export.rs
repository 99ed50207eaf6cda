//! `book export`: the book as a designer reads it, one line a position, by its moves from
//! the start.

use std::collections::HashSet;
use std::fmt::Write;

use crate::engine::board::BookKey;
use crate::engine::book::{Book, EXACT_DEPTH};
use crate::engine::game::{Game, Ply};
use crate::engine::openings::OpeningNames;

/// One exported position.
struct Row {
    moves: String,
    value: Option<i32>,
    leaf: String,
    games: String,
    name: String,
}

impl Book {
    /// The book as text a designer reads: every position reached from the standard start
    /// along the book's moves, once (a transposition is listed where it is first reached),
    /// depth first with the best moves first (black's first move f5). Columns: the moves
    /// from the start; the position's value for the side to move; its best move out of the
    /// book as `move:value:depth` (`exact` for a solved one; `-` when it has none that
    /// leads out of the book); the games won, drawn and lost by the side to move through
    /// it; the name of the opening the position is (`names`). Positions the start does not
    /// lead to are counted at the end.
    pub fn export_text(&self, names: &OpeningNames) -> String {
        let mut rows = Vec::new();
        let mut seen = HashSet::new();
        self.export_from(&Game::new(), names, &mut seen, &mut rows);
        let width = rows.iter().map(|r| r.moves.len()).max().unwrap_or(5);
        let mut out = String::from(
            "# reversi-engine book export: each position of the book reached from the start, \
             once, best moves first.\n# moves from the start, value for the side to move, \
             best move out of the book (move:value:depth), games won/drawn/lost by the side \
             to move, opening\n",
        );
        for r in &rows {
            let value = r.value.map_or("?".to_string(), |v| format!("{v:+}"));
            let line = format!(
                "{:<width$}  {value:>3}  {:<12}  {:<9}  {}",
                r.moves, r.leaf, r.games, r.name
            );
            let _ = writeln!(out, "{}", line.trim_end());
        }
        let unreached = self.len() - rows.len();
        if unreached > 0 {
            let _ = writeln!(
                out,
                "# {unreached} positions of the book are not reached from the start"
            );
        }
        out
    }

    fn export_from(
        &self,
        game: &Game,
        names: &OpeningNames,
        seen: &mut HashSet<BookKey>,
        rows: &mut Vec<Row>,
    ) {
        let board = game.position().board;
        let (key, sym) = BookKey::of(&board);
        let Some(entry) = self.entries.get(&key) else {
            return;
        };
        if !seen.insert(key) {
            return;
        }
        // A leaf whose move now leads into the book no longer counts (see `Book::value`).
        let canonical = key.board();
        let leaf = entry.leaf.filter(|l| {
            l.best.is_none_or(|mv| {
                !self
                    .entries
                    .contains_key(&BookKey::of(&canonical.play_unchecked(mv)).0)
            })
        });
        let leaf = leaf.map_or("-".to_string(), |leaf| {
            let mv = leaf.best.map_or("--".to_string(), |sq| {
                sym.inverse().apply_square(sq).to_string()
            });
            let depth = if u32::from(leaf.depth) >= EXACT_DEPTH {
                "exact".to_string()
            } else {
                leaf.depth.to_string()
            };
            format!("{mv}:{:+}:{depth}", leaf.value)
        });
        let s = entry.stats;
        rows.push(Row {
            moves: if game.is_empty() {
                "start".to_string()
            } else {
                game.transcript()
            },
            value: self.value(&board),
            leaf,
            games: format!("{}/{}/{}", s.wins, s.draws, s.losses),
            name: names.at(&board).map_or(String::new(), |o| o.name.clone()),
        });
        if !board.has_moves() && !board.is_game_over() {
            let mut next = game.clone();
            if next.play(Ply::Pass).is_ok() {
                self.export_from(&next, names, seen, rows);
            }
            return;
        }
        let mut moves: Vec<_> = self
            .moves(&board)
            .into_iter()
            .filter(|m| m.in_book)
            .collect();
        // Black's first move: the four are one position; the convention writes f5.
        if game.is_empty() {
            moves.sort_by_key(|m| m.square.to_string() != "f5");
        }
        for m in moves {
            let mut next = game.clone();
            if next.play_move(m.square).is_ok() {
                self.export_from(&next, names, seen, rows);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Board;

    #[test]
    fn export_lists_the_lines_from_the_start_once_each() {
        let at = |t: &str| Game::from_transcript(t).unwrap().position().board;
        let mut book = Book::new();
        // The start's leaf f5 leads into the book, and so does f5's f6: neither counts.
        book.set_leaf(&Board::start(), Some("f5".parse().unwrap()), 0, 14);
        book.set_leaf(&at("f5"), Some("f6".parse().unwrap()), 1, 14);
        book.set_leaf(&at("f5d6"), Some("c3".parse().unwrap()), -1, 14);
        book.set_leaf(&at("f5f6"), Some("e6".parse().unwrap()), 2, 60);
        // d3c5 is the perpendicular's mirror image: the same position, a lost game.
        book.add_result(&at("d3c5"), -4);
        // Not reached from the start along the book.
        book.set_leaf(&at("f5f4e3"), Some("f6".parse().unwrap()), 3, 12);
        let text = book.export_text(OpeningNames::shipped());
        let lines: Vec<&str> = text.lines().skip(2).collect();
        assert_eq!(
            lines,
            [
                "start   -1  -             0/0/0",
                "f5      +1  -             0/0/0",
                "f5d6    -1  c3:-1:14      0/0/1      Perpendicular",
                "f5f6    +2  e6:+2:exact   0/0/0      Diagonal",
                "# 1 positions of the book are not reached from the start",
            ]
        );
    }
}
