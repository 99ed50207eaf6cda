//! The book's searches, in the top tier because they run a [`Searcher`]: a grow task
//! ([`run_task`], planned by [`Book::plan`] in `book/grow.rs`) and a game learned into the
//! book ([`Book::learn`]). Each search clears the searcher's tables first, so that a value
//! does not depend on what was searched before.

use std::sync::atomic::AtomicBool;

use crate::engine::bitboard::Squares;
use crate::engine::board::{Board, BookKey};
use crate::engine::book::{Book, EXACT_DEPTH, LeafUpdate, Task, TaskResult};
use crate::engine::control::{SearchLimits, start_clock};
use crate::engine::player::Searcher;
use crate::engine::square::Square;

/// What learning a game did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Learned {
    /// Positions of the game's line searched (new ones, and those whose leaf the line
    /// made stale).
    pub searched: usize,
    /// Nodes searched.
    pub nodes: u64,
}

impl Book {
    /// Learns from a game: its line (the positions in effect from its start, up to the
    /// first one the searcher solves exactly, or `max_plies` plies from the standard start)
    /// joins the book. Deepest first, each position new to the book or whose best move out
    /// of it now leads in is searched to `depth` among its moves out of the book, so that
    /// the values of the line's end (exact where the solver reaches) flow back up: a line
    /// that loses drops below its alternatives, and the next game deviates where one is
    /// better. A finished game's result is counted at each position of the line. `None`
    /// when stopped (what was searched is kept).
    pub fn learn(
        &mut self,
        game: &crate::engine::game::Game,
        searcher: &mut Searcher,
        depth: u32,
        max_plies: u32,
        stop: &AtomicBool,
    ) -> Option<Learned> {
        let exact = searcher.config().exact_empties;
        let mut line = Vec::new();
        for n in 0..=game.cursor() {
            let position = game.position_at(n);
            let board = position.board;
            if 60 - board.empty_count() > max_plies {
                break;
            }
            line.push(position);
            if board.empty_count() <= exact {
                break;
            }
        }
        if game.is_over() {
            let black = game.position().final_score_black();
            for p in &line {
                self.add_result(&p.board, black * p.side_to_move.sign());
            }
        }
        let line: Vec<Board> = line.iter().map(|p| p.board).collect();
        self.add_line(&line, searcher, depth, stop, &mut |_, _| {})
    }

    /// Adds a line of positions (each one move or a pass after the one before) to the book,
    /// as [`Book::learn`] does a game's: deepest first, each position new to the book or
    /// whose best move out of it now leads in is searched to `depth`. `progress` hears the
    /// positions looked at and their number after each. `None` when stopped (what was
    /// searched is kept).
    pub fn add_line(
        &mut self,
        line: &[Board],
        searcher: &mut Searcher,
        depth: u32,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Option<Learned> {
        let mut learned = Learned::default();
        for (done, &board) in line.iter().rev().enumerate() {
            if self.needs_search(&board) {
                let task = Task::Refresh { board };
                let r = run_task(searcher, self, &task, depth, stop)?;
                learned.searched += 1;
                learned.nodes += r.nodes;
                self.apply(&r);
            }
            progress(done + 1, line.len());
        }
        Some(learned)
    }
}

/// Runs `task` on `searcher` (its tables cleared before each search, so that the values do
/// not depend on what it searched before), reading `book` as it stands. Searches to
/// `depth`; `stop` abandons the task (`None`).
pub fn run_task(
    searcher: &mut Searcher,
    book: &Book,
    task: &Task,
    depth: u32,
    stop: &AtomicBool,
) -> Option<TaskResult> {
    let mut result = TaskResult::default();
    let parent = match *task {
        Task::Expand { parent, mv } => {
            let child = parent.play_unchecked(mv);
            let leaf = search_out_of_book(searcher, book, &child, None, depth, stop, &mut result)?;
            result.updates.push(LeafUpdate { board: child, leaf });
            (parent, Some(BookKey::of(&child).0))
        }
        Task::Refresh { board } => (board, None),
    };
    let (board, also_in_book) = parent;
    let leaf = search_out_of_book(
        searcher,
        book,
        &board,
        also_in_book,
        depth,
        stop,
        &mut result,
    )?;
    result.updates.push(LeafUpdate { board, leaf });
    Some(result)
}

/// The best move of `board` among those whose positions are out of the book (and are not
/// `also_in_book`, the position joining it: every move to it, in any orientation), with its value: the position's own value when it must pass or the game
/// is over; `None` inside when every move is in the book. `None` outside when stopped.
fn search_out_of_book(
    searcher: &mut Searcher,
    book: &Book,
    board: &Board,
    also_in_book: Option<BookKey>,
    depth: u32,
    stop: &AtomicBool,
    result: &mut TaskResult,
) -> Option<Option<(Option<Square>, i32, u32)>> {
    if board.is_game_over() {
        return Some(Some((None, board.final_score(), EXACT_DEPTH)));
    }
    let limits = SearchLimits::depth(depth);
    let clock = start_clock();
    searcher.clear();
    if !board.has_moves() {
        let r = searcher.search(board, &limits, stop, &clock, &mut |_| {});
        result.nodes += r.info.nodes;
        return (!r.stopped).then_some(Some((None, r.info.score, leaf_depth(&r.info))));
    }
    let in_book = Squares(board.moves())
        .filter(|&sq| {
            let child = board.play_unchecked(sq);
            book.get(&child).is_some() || Some(BookKey::of(&child).0) == also_in_book
        })
        .fold(0u64, |m, sq| m | 1 << sq.index());
    let Some(r) = searcher.search_among(board, !in_book, &limits, stop, &clock) else {
        return Some(None);
    };
    result.nodes += r.info.nodes;
    if r.stopped {
        return None;
    }
    Some(Some((r.info.best_move, r.info.score, leaf_depth(&r.info))))
}

/// The depth to record for a search's value.
fn leaf_depth(info: &crate::engine::control::SearchInfo) -> u32 {
    if info.exact { EXACT_DEPTH } else { info.depth }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::sync::Arc;

    use super::*;
    use crate::engine::book::{GrowConfig, Leaf};
    use crate::engine::eval::SimpleEval;
    use crate::engine::game::board_after as after;
    use crate::engine::search::{Othello, SearchConfig, negamax};

    fn simple_searcher() -> Searcher {
        let config = SearchConfig {
            tt_mib: 1,
            exact_empties: 0,
            wld_empties: 0,
            ..SearchConfig::default()
        };
        Searcher::with_evaluator(config, Arc::new(SimpleEval::default()))
    }

    #[test]
    fn growing_adds_searched_positions_and_moves_the_leaves_out_of_the_book() {
        const CONFIG: GrowConfig = GrowConfig {
            depth: 3,
            drop_cost: 2.0,
            ply_cost: 1.0,
            max_plies: 60,
        };
        let mut searcher = simple_searcher();
        let stop = AtomicBool::new(false);
        let mut book = Book::new();
        let start = Board::start();
        let mut steps = 0;
        while book.len() < 25 {
            let plan = book.plan(&start, &CONFIG, 3);
            for p in &plan {
                let r = run_task(&mut searcher, &book, &p.task, CONFIG.depth, &stop).unwrap();
                assert!(r.nodes > 0);
                book.apply(&r);
            }
            steps += 1;
            assert!(steps < 100, "the book does not grow");
        }
        // The four first moves are one position: once it is in the book, the start has no
        // move out of it, and no leaf.
        assert_eq!(book.get(&start).unwrap().leaf, None);
        assert_eq!(book.value(&start), book.value(&after("f5")).map(|v| -v));
        let eval = SimpleEval::default();
        let config = SearchConfig::default();
        let game = Othello::new(&eval, &config);
        for (key, entry) in book.iter() {
            let board = key.board();
            let Some(Leaf {
                best: Some(mv),
                value,
                depth,
            }) = entry.leaf
            else {
                continue;
            };
            // Each leaf is a depth-3 value of its move, and its move leads out of the book
            // unless another line brought that position in later.
            let mut evals = 0;
            let expected = -negamax(&game, &game.node(&board.play_unchecked(mv)), 2, &mut evals);
            assert_eq!((i32::from(value), depth), (expected, 3), "{board:?} {mv}");
        }
        // Every position is reached from the start through the book.
        let mut seen = HashSet::new();
        let mut stack = vec![start];
        while let Some(b) = stack.pop() {
            if book.get(&b).is_none() || !seen.insert(BookKey::of(&b).0) {
                continue;
            }
            stack.extend(Squares(b.moves()).map(|s| b.play_unchecked(s)));
        }
        assert_eq!(seen.len(), book.len());
    }
}
