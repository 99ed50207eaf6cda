//! Editing a book by hand (issue 56): a move's value set, a move removed with what only it
//! reaches. Adding a line is learning it (`grow.rs`, [`Book::add_line`]).

use std::collections::HashSet;

use crate::engine::board::{Board, BookKey};
use crate::engine::book::Book;
use crate::engine::square::Square;

/// What removing a move took out of the book.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    /// Positions removed: the one after the move and those only it reached.
    pub positions: usize,
    /// Whether the position's leaf pointed at the move (it was forgotten).
    pub leaf: bool,
}

impl Book {
    /// Sets the value of `square` at `board` (a legal move, in `board`'s orientation) to
    /// `value` discs for the side that plays it, or lets the book compute it again (`None`).
    /// The value is held by the position after the move (added when new), so it stands
    /// wherever that position is reached, and every value above it follows.
    ///
    /// # Panics
    /// When `square` is not a legal move of `board`.
    pub fn set_move_value(&mut self, board: &Board, square: Square, value: Option<i32>) {
        let key = BookKey::of(&board.play(square)).0;
        self.entry_mut(key).fixed = value.map(|v| (-v).clamp(-64, 64) as i8);
        self.changed();
    }

    /// Removes `square` at `board` (a legal move, in `board`'s orientation) from the book:
    /// the position after it, with every position of the book below it that no other
    /// position of the book reaches, and the leaf of `board` when it is that move.
    ///
    /// # Panics
    /// When `square` is not a legal move of `board`.
    pub fn remove_move(&mut self, board: &Board, square: Square) -> Removed {
        let child = BookKey::of(&board.play(square)).0;
        let mut removed = Removed::default();
        let (key, sym) = BookKey::of(board);
        if let Some(entry) = self.entries.get_mut(&key)
            && let Some(leaf) = entry.leaf
            && leaf.best == Some(sym.apply_square(square))
        {
            entry.leaf = None;
            removed.leaf = true;
        }
        if self.entries.contains_key(&child) {
            let gone = self.only_through(child);
            removed.positions = gone.len();
            for key in gone {
                self.entries.remove(&key);
                self.removed.insert(key);
            }
        }
        self.changed();
        removed
    }

    /// `top` and the positions of the book below it that no position outside them reaches
    /// except through `top`.
    fn only_through(&self, top: BookKey) -> Vec<BookKey> {
        // Everything below `top`.
        let mut below = HashSet::from([top]);
        let mut stack = vec![top];
        while let Some(key) = stack.pop() {
            for child in self.book_children(&key.board()) {
                if below.insert(child) {
                    stack.push(child);
                }
            }
        }
        // Those a position outside reaches (a move adds one disc and a pass none, so only
        // positions with at most one disc fewer than `top` can), and what they reach.
        let discs = |key: &BookKey| 64 - key.board().empty_count();
        let fewest = discs(&top) - 1;
        let mut kept: HashSet<BookKey> = HashSet::new();
        let mut stack: Vec<BookKey> = Vec::new();
        for key in self.entries.keys() {
            if below.contains(key) || discs(key) < fewest {
                continue;
            }
            for child in self.book_children(&key.board()) {
                if child != top && below.contains(&child) && kept.insert(child) {
                    stack.push(child);
                }
            }
        }
        while let Some(key) = stack.pop() {
            for child in self.book_children(&key.board()) {
                if child != top && kept.insert(child) {
                    stack.push(child);
                }
            }
        }
        let mut gone: Vec<BookKey> = below.difference(&kept).copied().collect();
        gone.sort();
        gone
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::board_after as after;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A small book: at f5, d6 (the leaf's move), f4 and f6 lead into the book; e6 and d3
    /// below f6, a line on from d3; f5f6d3f4g4c3 is also reached from f5f4 (as
    /// f5f4d3f6g4c3).
    fn small() -> Book {
        let mut book = Book::new();
        book.set_leaf(&after("f5"), Some(sq("d6")), 1, 14);
        book.set_leaf(&after("f5f4"), Some(sq("e3")), -3, 60);
        book.set_leaf(&after("f5f6"), Some(sq("e6")), 2, 14);
        book.set_leaf(&after("f5f6e6"), Some(sq("f4")), 0, 14);
        book.set_leaf(&after("f5f6d3"), Some(sq("c5")), -4, 14);
        book.set_leaf(&after("f5f6d3f4"), Some(sq("g5")), 3, 14);
        book.set_leaf(&after("f5f6d3f4g4"), Some(sq("c5")), -2, 14);
        assert_eq!(
            BookKey::of(&after("f5f6d3f4g4c3")).0,
            BookKey::of(&after("f5f4d3f6g4c3")).0
        );
        book.set_leaf(&after("f5f6d3f4g4c3"), Some(sq("g5")), -1, 14);
        book.set_leaf(&after("f5f4d3"), Some(sq("c4")), 5, 14);
        book.set_leaf(&after("f5f4d3f6"), Some(sq("g5")), -5, 14);
        book.set_leaf(&after("f5f4d3f6g4"), Some(sq("c5")), 4, 14);
        book
    }

    #[test]
    fn a_value_set_by_hand_takes_the_place_of_the_books_and_flows_up() {
        let mut book = small();
        let f5 = after("f5");
        let value_of = |book: &Book, mv: &str| {
            book.moves(&f5)
                .iter()
                .find(|m| m.square == sq(mv))
                .map(|m| m.value)
        };
        let f6_before = value_of(&book, "f6").unwrap();
        book.set_move_value(&f5, sq("f6"), Some(9));
        assert_eq!(value_of(&book, "f6"), Some(9));
        assert_eq!(book.value(&after("f5f6")), Some(-9));
        // The best move of f5 now, and the start's value above it.
        assert_eq!(book.moves(&f5)[0].square, sq("f6"));
        assert_eq!(book.value(&f5), Some(9));
        assert_eq!(book.value(&Board::start()), None);
        // A leaf's move out of the book: the position after it joins the book with the value.
        book.set_move_value(&f5, sq("d6"), Some(-2));
        assert_eq!(value_of(&book, "d6"), Some(-2));
        assert!(
            book.moves(&f5)
                .iter()
                .find(|m| m.square == sq("d6"))
                .unwrap()
                .in_book
        );
        // In any orientation: f5f6 turned half a turn is c4c3.
        assert_eq!(book.value(&after("c4c3")), Some(-9));
        // Cleared: the book's own value again.
        book.set_move_value(&f5, sq("f6"), None);
        assert_eq!(value_of(&book, "f6"), Some(f6_before));
        // Written and read back with the value.
        let text = book.to_text();
        assert!(text.contains(" =+2\n"), "{text}");
        assert_eq!(Book::parse(&text).unwrap(), book);
    }

    #[test]
    fn removing_a_move_takes_what_only_it_reaches_and_keeps_transpositions() {
        let mut book = small();
        let f5 = after("f5");
        let before = book.len();
        // f6 reaches f5f6 and five positions below it; f5f6d3f4g4c3 is also below f5f4.
        let removed = book.remove_move(&f5, sq("f6"));
        assert_eq!(
            removed,
            Removed {
                positions: 5,
                leaf: false
            }
        );
        assert_eq!(book.len(), before - 5);
        for gone in ["f5f6", "f5f6e6", "f5f6d3", "f5f6d3f4", "f5f6d3f4g4"] {
            assert!(book.get(&after(gone)).is_none(), "{gone}");
        }
        assert!(book.get(&after("f5f4d3f6g4c3")).is_some());
        assert_eq!(
            book.moves(&f5)
                .iter()
                .map(|m| m.square.to_string())
                .collect::<Vec<_>>(),
            ["f4", "d6"]
        );
        // The leaf's move: the leaf is forgotten, nothing else goes.
        let removed = book.remove_move(&f5, sq("d6"));
        assert_eq!(
            removed,
            Removed {
                positions: 0,
                leaf: true
            }
        );
        assert_eq!(book.len(), before - 5);
        // The removed positions are written as such and read back.
        let text = book.to_text();
        assert_eq!(text.matches(" removed\n").count(), 5, "{text}");
        assert_eq!(Book::parse(&text).unwrap(), book);
        // Over a base holding them (the shipped book), what was removed stays removed, and
        // only that is saved of them.
        let base = small();
        let mine = book.changes_from(&base);
        assert_eq!(mine.removed().count(), 5);
        let mut merged = base.clone();
        merged.merge(&Book::parse(&mine.to_text()).unwrap());
        assert_eq!(merged, book);
        // Adding one back takes it off the removed list.
        book.set_leaf(&after("f5f6"), Some(sq("e6")), 2, 14);
        assert_eq!(book.removed().count(), 4);
        assert!(book.changes_from(&base).get(&after("f5f6")).is_none());
    }
}
