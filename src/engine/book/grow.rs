//! Growing the book by drop-out expansion (Lincke, "Strategies for the automatic
//! construction of opening books", Computers and Games 2000).
//!
//! Every position of the book knows its best move out of the book (its leaf, from a deep
//! search). Growing the book means following one such move: its position joins the book with
//! a search of its own, and the position it came from is searched again among the moves still
//! out of the book, for its next-best way out. Which move to follow is chosen by a priority:
//! a move's *cost* is the sum, over the line from the start, of what each move gives away
//! against the best move at its position (its drop, in discs, times [`GrowConfig::drop_cost`]),
//! plus [`GrowConfig::ply_cost`] a move. The cheapest moves are followed first, so the book
//! goes deep along the best lines and wide where moves are close in value, for both sides.
//!
//! [`Book::plan`] lists the next tasks, `run_task` (in the top tier's `book_search.rs`, which
//! holds the searches) runs one on any thread with its own searcher, and [`Book::apply`]
//! records what it found; the steps are separate so that a batch of tasks can run in parallel
//! while the book stays unchanged.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use crate::engine::bitboard::Squares;
use crate::engine::board::{Board, BookKey};
use crate::engine::book::{Book, Leaf};
use crate::engine::square::Square;

/// How the book grows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GrowConfig {
    /// Depth of the searches that value new positions (plies; the searcher's settings
    /// decide where the exact solve takes over).
    pub depth: u32,
    /// Cost of each disc a move gives away against the best move where it is played.
    pub drop_cost: f64,
    /// Cost of each move of a line.
    pub ply_cost: f64,
    /// No position more than this many plies from the start joins the book.
    pub max_plies: u32,
}

/// One step of growing the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Add the position after `mv` (the leaf move of `parent`, a book position) and search
    /// it; then search `parent` again among its moves still out of the book.
    Expand {
        /// The book position (canonical orientation).
        parent: Board,
        /// Its leaf move.
        mv: Square,
    },
    /// Search `board` (added if new) among its moves out of the book: it has no leaf yet,
    /// or its leaf's move now leads into the book.
    Refresh {
        /// The position (canonical orientation).
        board: Board,
    },
}

impl Task {
    /// The positions whose entries the task writes (canonical keys).
    fn writes(&self) -> Vec<BookKey> {
        match *self {
            Task::Expand { parent, mv } => vec![
                BookKey::of(&parent).0,
                BookKey::of(&parent.play_unchecked(mv)).0,
            ],
            Task::Refresh { board } => vec![BookKey::of(&board).0],
        }
    }
}

/// A planned task and its priority (lower first).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Planned {
    /// The task.
    pub task: Task,
    /// Its cost (see the module docs).
    pub cost: f64,
}

/// A searched value for one position: what [`Book::apply`] records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeafUpdate {
    /// The position.
    pub board: Board,
    /// Its best move out of the book (`None`: the value is the position's own, it must pass
    /// or the game is over) with the value and depth; `None` when every move is in the book.
    pub leaf: Option<(Option<Square>, i32, u32)>,
}

/// What one task found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskResult {
    /// The positions' new leaves, in order.
    pub updates: Vec<LeafUpdate>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Costs are kept in integer thousandths so that the plan is exactly reproducible.
fn millis(cost: f64) -> u64 {
    (cost * 1000.0).round().max(0.0) as u64
}

impl Book {
    /// The next tasks to grow the book from `root`, cheapest first, at most `n` of them and
    /// no two writing the same position (so that they can run at once). Empty when the book
    /// cannot grow (every line ends at [`GrowConfig::max_plies`] or at the end of the game).
    pub fn plan(&self, root: &Board, config: &GrowConfig, n: usize) -> Vec<Planned> {
        let root_key = BookKey::of(root).0;
        if !self.entries.contains_key(&root_key) {
            // The walk starts from the root's entry.
            return vec![Planned {
                task: Task::Refresh {
                    board: root_key.board(),
                },
                cost: 0.0,
            }];
        }
        let values = self.values();
        let drop = |v: i32, best: i32| millis(config.drop_cost * f64::from(best - v).max(0.0));
        let ply = millis(config.ply_cost);
        // Dijkstra from the root over the book's positions: the cheapest line to each.
        let mut cost: HashMap<BookKey, u64> = HashMap::new();
        let mut heap = BinaryHeap::new();
        let mut tasks: Vec<(u64, Task)> = Vec::new();
        cost.insert(root_key, 0);
        heap.push(Reverse((0u64, root_key)));
        while let Some(Reverse((c, key))) = heap.pop() {
            if cost.get(&key).is_some_and(|&best| best < c) {
                continue;
            }
            let Some(entry) = self.entries.get(&key) else {
                continue;
            };
            let board = key.board();
            let in_book = |b: &Board| self.entries.contains_key(&BookKey::of(b).0);
            if self.needs_search(&board) {
                tasks.push((c, Task::Refresh { board }));
            }
            let Some(&value) = values.get(&key) else {
                continue;
            };
            if let Some(Leaf {
                best: Some(mv),
                value: leaf_value,
                ..
            }) = entry.leaf
                && !in_book(&board.play_unchecked(mv))
                && 60 - board.empty_count() < config.max_plies
            {
                let task = Task::Expand { parent: board, mv };
                tasks.push((c + drop(i32::from(leaf_value), value) + ply, task));
            }
            let mut children: Vec<Board> = Squares(board.moves())
                .map(|sq| board.play_unchecked(sq))
                .collect();
            if children.is_empty() && board.pass().has_moves() {
                children.push(board.pass());
            }
            for child in children {
                let child_key = BookKey::of(&child).0;
                let Some(&v) = values.get(&child_key) else {
                    if self.entries.contains_key(&child_key) {
                        // In the book without a value: it needs its search.
                        let cc = c + ply;
                        if cost.get(&child_key).is_none_or(|&best| cc < best) {
                            cost.insert(child_key, cc);
                            heap.push(Reverse((cc, child_key)));
                        }
                    }
                    continue;
                };
                let cc = c + drop(-v, value) + ply;
                if cost.get(&child_key).is_none_or(|&best| cc < best) {
                    cost.insert(child_key, cc);
                    heap.push(Reverse((cc, child_key)));
                }
            }
        }
        tasks.sort_by_key(|&(c, task)| (c, task_order(&task)));
        let mut written: HashSet<BookKey> = HashSet::new();
        let mut planned = Vec::new();
        for (c, task) in tasks {
            if planned.len() == n {
                break;
            }
            let writes = task.writes();
            if writes.iter().any(|k| written.contains(k)) {
                continue;
            }
            written.extend(writes);
            planned.push(Planned {
                task,
                cost: c as f64 / 1000.0,
            });
        }
        planned
    }

    /// Records a task's results.
    pub fn apply(&mut self, result: &TaskResult) {
        for u in &result.updates {
            match u.leaf {
                Some((best, value, depth)) => self.set_leaf(&u.board, best, value, depth),
                None => self.remove_leaf(&u.board),
            }
        }
    }
}

impl Book {
    /// Whether `board` needs a search: some move leads out of the book (or it must pass),
    /// and it is not in the book, has no value there, or its best move out of the book now
    /// leads into it.
    pub(crate) fn needs_search(&self, board: &Board) -> bool {
        // In the canonical orientation, where the leaf's move is written.
        let board = BookKey::of(board).0.board();
        let in_book = |b: &Board| self.get(b).is_some();
        let out_of_book = Squares(board.moves()).any(|sq| !in_book(&board.play_unchecked(sq)));
        if board.has_moves() && !out_of_book {
            return false;
        }
        let Some(entry) = self.get(&board) else {
            return true;
        };
        match entry.leaf {
            None => out_of_book || (!board.has_moves() && !board.is_game_over()),
            Some(leaf) => leaf
                .best
                .is_some_and(|mv| in_book(&board.play_unchecked(mv))),
        }
    }
}

/// A total order of tasks of equal cost (refreshes first, then by position and move).
fn task_order(task: &Task) -> (u8, u64, u64, u8) {
    match *task {
        Task::Refresh { board } => (0, board.player, board.opponent, 0),
        Task::Expand { parent, mv } => (1, parent.player, parent.opponent, mv.index()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::board_after as after;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    const CONFIG: GrowConfig = GrowConfig {
        depth: 3,
        drop_cost: 2.0,
        ply_cost: 1.0,
        max_plies: 60,
    };

    /// The plan as (cost, kind, position's key, move in the position's own orientation).
    fn shown(plan: &[Planned]) -> Vec<(f64, &'static str, BookKey, Option<Square>)> {
        plan.iter()
            .map(|p| match p.task {
                Task::Expand { parent, mv } => (p.cost, "expand", BookKey::of(&parent).0, Some(mv)),
                Task::Refresh { board } => (p.cost, "refresh", BookKey::of(&board).0, None),
            })
            .collect()
    }

    #[test]
    fn the_cheapest_lines_are_planned_first() {
        // As in the values test: after f5, White's leaf d6 is worth +1, f4 (+3 for White)
        // and f6 (-2) are in the book with Black's leaves e3 (-3) and e6 (+2).
        let mut book = Book::new();
        book.set_leaf(&after("f5"), Some(sq("d6")), 1, 12);
        book.set_leaf(&after("f5f4"), Some(sq("e3")), -3, 12);
        book.set_leaf(&after("f5f6"), Some(sq("e6")), 2, 12);
        let plan = book.plan(&after("f5"), &CONFIG, 10);
        // Canonical boards, with the moves turned to match them.
        let expand = |line: &str, mv: &str| {
            let (key, sym) = BookKey::of(&after(line));
            (key, Some(sym.apply_square(sq(mv))))
        };
        let (f4, e3) = expand("f5f4", "e3");
        let (f5, d6) = expand("f5", "d6");
        let (f6, e6) = expand("f5f6", "e6");
        assert_eq!(
            shown(&plan),
            vec![
                // f4 is White's best (no drop): 1 ply to it, e3 is Black's best there.
                (2.0, "expand", f4, e3),
                // d6 gives away 2 discs against f4: 2 x 2 + 1.
                (5.0, "expand", f5, d6),
                // f6 gives away 5: 2 x 5 + 1 to reach it, then 1 for e6.
                (12.0, "expand", f6, e6),
            ]
        );
        // At most n, cheapest first.
        assert_eq!(
            shown(&book.plan(&after("f5"), &CONFIG, 1)),
            shown(&plan)[..1]
        );
        // A line is not followed past max_plies: f4's position is 2 plies deep.
        let shallow = GrowConfig {
            max_plies: 2,
            ..CONFIG
        };
        assert_eq!(
            shown(&book.plan(&after("f5"), &shallow, 10)),
            vec![(5.0, "expand", f5, d6)]
        );
    }

    #[test]
    fn an_empty_book_starts_with_its_root_and_a_stale_leaf_is_searched_again() {
        let book = Book::new();
        let start = Board::start();
        assert_eq!(
            shown(&book.plan(&start, &CONFIG, 4)),
            vec![(0.0, "refresh", BookKey::of(&start).0, None)]
        );
        // f5's leaf d6 leads to a position that joined the book another way.
        let mut book = Book::new();
        book.set_leaf(&after("f5"), Some(sq("d6")), 1, 12);
        book.set_leaf(&after("f5d6"), Some(sq("c3")), 0, 12);
        let (key, _) = BookKey::of(&after("f5"));
        assert_eq!(
            shown(&book.plan(&after("f5"), &CONFIG, 1)),
            vec![(0.0, "refresh", key, None)]
        );
    }
}
