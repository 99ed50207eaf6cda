//! The opening book: positions the engine has studied, keyed by their symmetry-canonical
//! board so that transpositions and the eight symmetric images of a line share one entry.
//!
//! A position in the book holds what a search found for it (its [`Leaf`]: the best move that
//! leads out of the book, that move's value and the depth it was searched to) and play
//! statistics. The values of its moves are not stored: a move's value is the negamax value of
//! the child position when the child is in the book, so that adding a deeper line changes
//! every value above it at once. [`Book::value`] is that negamax: the best of the leaf and of
//! the book children, computed on demand and memoised until the book changes.
//!
//! Stored as versioned line-based text with a checksum (`format.rs`); see [`Book::parse`].

mod edax;
mod edit;
mod export;
mod format;
mod grow;

use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

use crate::engine::bitboard::Squares;
use crate::engine::board::{Board, BookKey};
use crate::engine::square::Square;

pub use edax::{EdaxError, read_edax, write_edax};
pub use edit::Removed;
pub use format::{BOOK_HEADER, BookError, BookLineError};
pub use grow::{GrowConfig, LeafUpdate, Planned, Task, TaskResult};

/// The depth recorded for an exact value (the leaf format's "60 and up").
pub const EXACT_DEPTH: u32 = 60;

/// The book shipped with the game (`data/book/reversi.book`, grown by `reversi-engine book
/// build`), compiled in.
pub const SHIPPED_BOOK: &str = include_str!("../../../data/book/reversi.book");

/// The best move out of the book at a position, as a search found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// The move, in the canonical orientation; `None` when the value is the position's own
    /// (the game is over, or the side to move must pass).
    pub best: Option<Square>,
    /// Its value in discs, from the side to move.
    pub value: i8,
    /// The depth of the search that gave it (plies; 60 and up: exact).
    pub depth: u8,
}

/// Games played through a position, from its side to move's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games won by the side to move.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// One position of the book.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The best move out of the book, if a search has seen the position.
    pub leaf: Option<Leaf>,
    /// The games played through it.
    pub stats: Stats,
    /// A value set by hand (the Book window's "set value", `book edit --value`), in discs
    /// from the side to move: it takes the place of what the leaf and the moves give.
    pub fixed: Option<i8>,
}

/// A move at a position of the book, in the orientation of the board asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub square: Square,
    /// Its value in discs, from the side to move.
    pub value: i32,
    /// Whether the position after it is in the book (else the value is the leaf's).
    pub in_book: bool,
}

/// What a book holds, in numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookSummary {
    /// Positions.
    pub positions: usize,
    /// Positions none of whose moves leads to another position of the book: the ends of
    /// its lines.
    pub line_ends: usize,
    /// Positions with a searched leaf, by the depth of the search (60 and up: exact).
    pub leaf_depths: std::collections::BTreeMap<u8, usize>,
    /// Game results recorded, summed over the positions.
    pub games: u64,
}

/// The opening book: see the module docs.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<BookKey, Entry>,
    /// Positions removed by hand ([`Book::remove_move`]) and not added again: a player's
    /// book written over the shipped one keeps them as `removed` lines, so that what was
    /// removed from the shipped book stays removed.
    removed: BTreeSet<BookKey>,
    /// Negamax values, cleared whenever an entry changes.
    values: OnceLock<HashMap<BookKey, i32>>,
    /// Lines through each position (see [`Book::lines`]), cleared with the values.
    lines: OnceLock<HashMap<BookKey, u64>>,
}

impl PartialEq for Book {
    fn eq(&self, other: &Book) -> bool {
        self.entries == other.entries && self.removed == other.removed
    }
}

impl Book {
    /// An empty book.
    pub fn new() -> Book {
        Book::default()
    }

    /// The shipped book ([`SHIPPED_BOOK`]), read once.
    ///
    /// # Panics
    /// Never for the shipped file: a test reads it.
    pub fn shipped() -> &'static Book {
        static SHIPPED: OnceLock<Book> = OnceLock::new();
        SHIPPED.get_or_init(|| Book::parse(SHIPPED_BOOK).expect("data/book/reversi.book reads"))
    }

    /// Takes every entry of `other` over this book's (a user's book over the shipped one),
    /// and removes the positions `other` says were removed.
    pub fn merge(&mut self, other: &Book) {
        for key in &other.removed {
            self.entries.remove(key);
            self.removed.insert(*key);
        }
        for (key, entry) in &other.entries {
            *self.entry_mut(*key) = *entry;
        }
        self.changed();
    }

    /// The entries of this book that `base` lacks or holds otherwise, and the positions of
    /// `base` removed from it: what a user's games and edits changed in the shipped book,
    /// saved on their own.
    pub fn changes_from(&self, base: &Book) -> Book {
        Book {
            entries: self
                .entries
                .iter()
                .filter(|(key, entry)| base.entries.get(key) != Some(entry))
                .map(|(k, e)| (*k, *e))
                .collect(),
            removed: self
                .removed
                .iter()
                .filter(|k| base.entries.contains_key(k))
                .copied()
                .collect(),
            values: OnceLock::new(),
            lines: OnceLock::new(),
        }
    }

    /// The entry of `key`, added when new (and no longer removed).
    fn entry_mut(&mut self, key: BookKey) -> &mut Entry {
        if !self.removed.is_empty() {
            self.removed.remove(&key);
        }
        self.entries.entry(key).or_default()
    }

    /// The positions removed by hand (see [`Book::remove_move`]).
    pub fn removed(&self) -> impl Iterator<Item = &BookKey> {
        self.removed.iter()
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of `board` (any orientation), if the book has it.
    pub fn get(&self, board: &Board) -> Option<&Entry> {
        self.entries.get(&BookKey::of(board).0)
    }

    /// Every position with its entry, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&BookKey, &Entry)> {
        self.entries.iter()
    }

    /// Records what a search found at `board`: `best` (a legal move of `board`, in its own
    /// orientation, or `None` for the position's own value) is worth `value` discs at
    /// `depth`. Adds the position if it is new; keeps its statistics.
    pub fn set_leaf(&mut self, board: &Board, best: Option<Square>, value: i32, depth: u32) {
        let (key, sym) = BookKey::of(board);
        let leaf = Leaf {
            best: best.map(|sq| sym.apply_square(sq)),
            value: value.clamp(-64, 64) as i8,
            depth: depth.min(255) as u8,
        };
        self.entry_mut(key).leaf = Some(leaf);
        self.changed();
    }

    /// Forgets the leaf of `board` (every move of it now leads into the book): the position
    /// stays (it is added if new), valued by its moves, with its statistics.
    pub fn remove_leaf(&mut self, board: &Board) {
        self.entry_mut(BookKey::of(board).0).leaf = None;
        self.changed();
    }

    /// Sets the games recorded at `board` (`stats` from its side to move); the position is
    /// added if it is new.
    pub fn set_stats(&mut self, board: &Board, stats: Stats) {
        self.entry_mut(BookKey::of(board).0).stats = stats;
    }

    /// Adds a game's result at `board` (`score`: discs from its side to move); the
    /// position is added if it is new.
    pub fn add_result(&mut self, board: &Board, score: i32) {
        let stats = &mut self.entry_mut(BookKey::of(board).0).stats;
        match score.signum() {
            1 => stats.wins += 1,
            0 => stats.draws += 1,
            _ => stats.losses += 1,
        }
    }

    /// The negamax value of `board` in discs from its side to move: the best of its leaf
    /// and of its moves whose positions are in the book (each worth minus that position's
    /// value), or the value set by hand there; `None` when the book does not have it or
    /// knows no value there.
    pub fn value(&self, board: &Board) -> Option<i32> {
        self.values().get(&BookKey::of(board).0).copied()
    }

    /// The moves of `board` the book knows a value for, best first (ties in square
    /// order): the moves to positions in the book, and the leaf's move when it leads out.
    pub fn moves(&self, board: &Board) -> Vec<BookMove> {
        let values = self.values();
        let mut out: Vec<BookMove> = Vec::new();
        for sq in Squares(board.moves()) {
            if let Some(&v) = values.get(&BookKey::of(&board.play_unchecked(sq)).0) {
                out.push(BookMove {
                    square: sq,
                    value: -v,
                    in_book: true,
                });
            }
        }
        let (key, sym) = BookKey::of(board);
        if let Some(Entry {
            leaf:
                Some(Leaf {
                    best: Some(mv),
                    value,
                    ..
                }),
            ..
        }) = self.entries.get(&key)
        {
            let square = sym.inverse().apply_square(*mv);
            if !out.iter().any(|m| m.square == square) {
                out.push(BookMove {
                    square,
                    value: i32::from(*value),
                    in_book: false,
                });
            }
        }
        out.sort_by_key(|m| (-m.value, m.square.index()));
        out
    }

    /// The lines of the book through `board`: the line ends at or below it, each counted
    /// once for every path from `board` that reaches it (a line end is one line); 0 when
    /// the book does not have the position.
    pub fn lines(&self, board: &Board) -> u64 {
        let lines = self.lines.get_or_init(|| {
            let mut lines = HashMap::with_capacity(self.entries.len());
            for &key in self.entries.keys() {
                self.count_lines(key, &mut lines);
            }
            lines
        });
        lines.get(&BookKey::of(board).0).copied().unwrap_or(0)
    }

    /// The positions of the book one move (or a pass) after `board`.
    fn book_children(&self, board: &Board) -> Vec<BookKey> {
        let children: Vec<Board> = if board.has_moves() {
            Squares(board.moves())
                .map(|sq| board.play_unchecked(sq))
                .collect()
        } else {
            vec![board.pass()]
        };
        children
            .iter()
            .map(|c| BookKey::of(c).0)
            .filter(|k| self.entries.contains_key(k))
            .collect()
    }

    /// [`Book::lines`] of `key`, memoised in `lines` (the positions form a DAG).
    fn count_lines(&self, key: BookKey, lines: &mut HashMap<BookKey, u64>) -> u64 {
        if let Some(&n) = lines.get(&key) {
            return n;
        }
        let children = self.book_children(&key.board());
        let n = if children.is_empty() {
            1
        } else {
            children
                .into_iter()
                .fold(0u64, |n, c| n.saturating_add(self.count_lines(c, lines)))
        };
        lines.insert(key, n);
        n
    }

    /// Forgets what was computed from the entries (one of them changed).
    pub(super) fn changed(&mut self) {
        self.values = OnceLock::new();
        self.lines = OnceLock::new();
    }

    /// Counts for `book stats`.
    pub fn summary(&self) -> BookSummary {
        let mut summary = BookSummary {
            positions: self.entries.len(),
            ..BookSummary::default()
        };
        for (key, entry) in &self.entries {
            let board = key.board();
            if self.book_children(&board).is_empty() {
                summary.line_ends += 1;
            }
            if let Some(leaf) = entry.leaf {
                *summary.leaf_depths.entry(leaf.depth).or_default() += 1;
            }
            summary.games += u64::from(entry.stats.wins + entry.stats.draws + entry.stats.losses);
        }
        summary
    }

    /// Computes the negamax values of every position now; otherwise the first question that
    /// needs them does (a few milliseconds for ten thousand positions).
    pub fn compute_values(&self) {
        self.values();
    }

    /// The negamax values of every position, computed once after each change.
    fn values(&self) -> &HashMap<BookKey, i32> {
        self.values.get_or_init(|| {
            let mut values = HashMap::with_capacity(self.entries.len());
            for &key in self.entries.keys() {
                self.negamax(key, &mut values);
            }
            values
        })
    }

    /// The value of `key` (see [`Book::value`]), memoised in `values`. Positions form a
    /// DAG (every move adds a disc; a pass leads to a position whose side can move), so the
    /// recursion ends; it is as deep as the book's longest line.
    fn negamax(&self, key: BookKey, values: &mut HashMap<BookKey, i32>) -> Option<i32> {
        if let Some(&v) = values.get(&key) {
            return Some(v);
        }
        let entry = self.entries.get(&key)?;
        if let Some(v) = entry.fixed {
            values.insert(key, i32::from(v));
            return Some(i32::from(v));
        }
        let board = key.board();
        // A leaf whose move now leads into the book is superseded by that position's value.
        let mut best = entry
            .leaf
            .filter(|l| {
                l.best.is_none_or(|mv| {
                    !self
                        .entries
                        .contains_key(&BookKey::of(&board.play_unchecked(mv)).0)
                })
            })
            .map(|l| i32::from(l.value));
        let children: Vec<Board> = if board.has_moves() {
            Squares(board.moves())
                .map(|sq| board.play_unchecked(sq))
                .collect()
        } else if board.pass().has_moves() {
            vec![board.pass()]
        } else {
            Vec::new()
        };
        for child in children {
            let child_key = BookKey::of(&child).0;
            if let Some(v) = self.negamax(child_key, values) {
                best = Some(best.map_or(-v, |b| b.max(-v)));
            }
        }
        if let Some(v) = best {
            values.insert(key, v);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::board_after as after;

    #[test]
    fn lines_count_the_line_ends_below_a_position_along_every_path() {
        let root = after("f5");
        let mut book = Book::new();
        book.set_leaf(&root, Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&after("f5f4"), Some("e3".parse().unwrap()), -3, 12);
        book.set_leaf(&after("f5f6"), Some("e6".parse().unwrap()), 2, 12);
        // Two lines: through f4 and through f6, each a line end.
        assert_eq!(
            (
                book.lines(&root),
                book.lines(&after("f5f4")),
                book.lines(&after("f5d6"))
            ),
            (2, 1, 0)
        );
        // Under f6, one position: still two lines; a second one under f6 makes three (the
        // count is computed again after the change).
        book.set_leaf(&after("f5f6e6"), Some("f4".parse().unwrap()), 0, 12);
        assert_eq!(book.lines(&root), 2);
        book.set_leaf(&after("f5f6d3"), Some("c5".parse().unwrap()), 0, 12);
        assert_eq!((book.lines(&root), book.lines(&after("f5f6"))), (3, 2));
        // Transpositions count every path: f5f6e6f4e3 and f5f4e3f6e6 reach one position.
        let meet = after("f5f6e6f4e3");
        assert_eq!(BookKey::of(&meet).0, BookKey::of(&after("f5f4e3f6e6")).0);
        for line in ["f5f4e3", "f5f4e3f6", "f5f6e6f4"] {
            book.set_leaf(&after(line), None, 0, 12);
        }
        book.set_leaf(&meet, Some("d3".parse().unwrap()), 0, 12);
        // Every path counts: checked against a count that walks every path anew.
        fn paths(book: &Book, board: &Board) -> u64 {
            let children: Vec<Board> = if board.has_moves() {
                Squares(board.moves())
                    .map(|sq| board.play_unchecked(sq))
                    .collect()
            } else {
                vec![board.pass()]
            };
            let below: Vec<u64> = children
                .iter()
                .filter(|c| book.get(c).is_some())
                .map(|c| paths(book, c))
                .collect();
            if below.is_empty() {
                1
            } else {
                below.iter().sum()
            }
        }
        for (key, _) in book.iter() {
            assert_eq!(book.lines(&key.board()), paths(&book, &key.board()));
        }
        // The meeting position is reached along more than one path from the root.
        assert_eq!(book.lines(&meet), 1);
        assert_eq!(book.lines(&root), 4);
    }

    #[test]
    fn values_are_the_negamax_of_leaves_and_book_children() {
        let root = after("f5");
        let mut book = Book::new();
        // White's best move out of the book at the root is d6 (+1 for White); its
        // children f4 (then Black to move, -3 for Black: +3 for White) and f6 (Black +2:
        // White -2) are in the book.
        book.set_leaf(&root, Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&after("f5f4"), Some("e3".parse().unwrap()), -3, 12);
        book.set_leaf(&after("f5f6"), Some("e6".parse().unwrap()), 2, 12);
        assert_eq!(book.value(&after("f5f4")), Some(-3));
        assert_eq!(book.value(&root), Some(3));
        let moves = book.moves(&root);
        let shown: Vec<(String, i32, bool)> = moves
            .iter()
            .map(|m| (m.square.to_string(), m.value, m.in_book))
            .collect();
        assert_eq!(
            shown,
            vec![
                ("f4".to_string(), 3, true),
                ("d6".to_string(), 1, false),
                ("f6".to_string(), -2, true)
            ]
        );
        // A deeper line below f4 turns it: Black finds +5 there, and the root's best
        // becomes the leaf d6.
        book.set_leaf(&after("f5f4e3"), Some("f6".parse().unwrap()), -5, 14);
        assert_eq!(book.value(&after("f5f4")), Some(5));
        assert_eq!(book.value(&root), Some(1));
        assert_eq!(book.moves(&root)[0].square.to_string(), "d6");
    }

    #[test]
    fn a_symmetric_line_reads_the_same_entries() {
        let mut book = Book::new();
        book.set_leaf(&after("f5d6"), Some("c3".parse().unwrap()), 2, 12);
        // Turned half a turn, f5 d6 is c4 e3, and c3 is f6.
        let image = after("c4e3");
        assert_eq!(book.value(&image), Some(2));
        let moves = book.moves(&image);
        assert_eq!(moves.len(), 1);
        assert_eq!(
            (
                moves[0].square.to_string(),
                moves[0].value,
                moves[0].in_book
            ),
            ("f6".to_string(), 2, false)
        );
        assert_ne!(image.moves() & (1 << moves[0].square.index()), 0);
    }

    #[test]
    fn the_summary_counts_positions_line_ends_and_leaf_depths() {
        let mut book = Book::new();
        book.set_leaf(&after("f5"), Some("d6".parse().unwrap()), 1, 12);
        book.set_leaf(&after("f5f4"), Some("e3".parse().unwrap()), -3, 14);
        book.set_leaf(&after("f5f6"), Some("e6".parse().unwrap()), 2, 14);
        book.add_result(&after("f5f6"), 2);
        let mut depths = std::collections::BTreeMap::new();
        depths.insert(12, 1);
        depths.insert(14, 2);
        assert_eq!(
            book.summary(),
            BookSummary {
                positions: 3,
                line_ends: 2,
                leaf_depths: depths,
                games: 1
            }
        );
    }

    #[test]
    fn the_shipped_book_reads_and_knows_the_start() {
        let book = Book::shipped();
        // Pinned: growing the shipped book changes these (docs/cli.md, `book build`).
        let summary = book.summary();
        assert_eq!(
            (summary.positions, summary.line_ends, summary.games),
            (10507, 3265, 0)
        );
        assert_eq!(
            summary.leaf_depths.into_iter().collect::<Vec<_>>(),
            [(14, 10492)]
        );
        let start = Board::start();
        // The four first moves are one position, in the book.
        let moves = book.moves(&start);
        assert_eq!(moves.len(), 4);
        assert!(moves.iter().all(|m| m.in_book && m.value == moves[0].value));
    }

    #[test]
    fn a_users_changes_merge_over_the_shipped_book() {
        let mut shipped = Book::new();
        shipped.set_leaf(&after("f5"), Some("d6".parse().unwrap()), 1, 12);
        shipped.set_leaf(&after("f5f4"), Some("e3".parse().unwrap()), -3, 12);
        let mut mine = shipped.clone();
        mine.add_result(&after("f5"), 2);
        mine.set_leaf(&after("f5f6"), Some("e6".parse().unwrap()), 2, 14);
        let changes = mine.changes_from(&shipped);
        assert_eq!(changes.len(), 2);
        assert_eq!(changes.get(&after("f5f4")), None);
        let mut merged = shipped.clone();
        merged.merge(&changes);
        assert_eq!(merged, mine);
        assert_eq!(merged.value(&after("f5")), Some(3));
    }

    #[test]
    fn results_count_for_the_side_to_move() {
        let mut book = Book::new();
        let b = after("f5");
        book.add_result(&b, 4);
        book.add_result(&b, -2);
        book.add_result(&b, 0);
        book.add_result(&after("c4"), 6);
        let stats = book.get(&b).unwrap().stats;
        assert_eq!(
            stats,
            Stats {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        // Statistics alone give no value.
        assert_eq!(book.value(&b), None);
    }
}
