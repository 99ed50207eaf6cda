//! The opening book's learning: a lost line's value drops and the next game deviates.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::common::data_lines;
use rand::SeedableRng;
use rand::rngs::StdRng;
use reversi::engine::book::Book;
use reversi::engine::{
    BookUse, Game, ObfRecord, SearchConfig, SearchLimits, Searcher, default_levels,
};

#[test]
fn a_lost_book_line_is_learnt_and_the_next_game_deviates() {
    // FFO #1 (14 empties, Black to move): g8 wins by 18, g2 loses by 24. The book wrongly
    // believes g2 wins by 30.
    let rec: ObfRecord = data_lines("fforum-1-19.obf")[0].parse().unwrap();
    let start = rec.position;
    let g2 = "g2".parse().unwrap();
    let mut book = Book::new();
    book.set_leaf(&start.board, Some(g2), 30, 12);
    let mut level = default_levels().pop().unwrap();
    level.book = BookUse::Best;
    let mut rng = StdRng::seed_from_u64(1);
    let first = level.book_move(&book, &start.board, &mut rng).unwrap();
    assert_eq!((first.square, first.value), (g2, 30));

    // The game: g2, then both sides play perfectly to the end (Black loses by 24).
    let mut searcher = Searcher::new(SearchConfig {
        tt_mib: 8,
        exact_empties: 14,
        wld_empties: 14,
        ..SearchConfig::shipped()
    });
    let stop = AtomicBool::new(false);
    let mut game = Game::from_position(start);
    game.play_move(g2).unwrap();
    while !game.is_over() {
        if game.must_pass() {
            game.play(reversi::engine::Ply::Pass).unwrap();
            continue;
        }
        let r = searcher.search(
            &game.position().board,
            &SearchLimits::default(),
            &stop,
            &Instant::now(),
            &mut |_| {},
        );
        game.play_move(r.info.best_move.unwrap()).unwrap();
    }
    let end = game.position();
    let black = if end.side_to_move == reversi::engine::Side::Black {
        end.board.final_score()
    } else {
        -end.board.final_score()
    };
    assert_eq!(black, -24);

    // Learning solves from 13 empties: the position after g2 is solved, the start (14
    // empties) searched to depth 6 among its moves out of the book.
    let mut learner = Searcher::new(SearchConfig {
        tt_mib: 8,
        exact_empties: 13,
        wld_empties: 13,
        ..SearchConfig::shipped()
    });
    let alternative = learner
        .search_among(
            &start.board,
            !(1u64 << g2.index()),
            &SearchLimits::depth(6),
            &stop,
            &Instant::now(),
        )
        .unwrap()
        .info;
    let learned = book
        .learn(&game, &mut learner, 6, 60, &stop)
        .expect("not stopped");
    // The position after g2 (13 empties, solved) joined the book, and the start was
    // searched again among its other moves.
    assert_eq!(learned.searched, 2);
    assert_eq!(book.len(), 2);
    assert_eq!(book.value(&start.board.play(g2)), Some(24));
    let stats = book.get(&start.board).unwrap().stats;
    assert_eq!((stats.wins, stats.draws, stats.losses), (0, 0, 1));
    let moves: Vec<(String, i32, bool)> = book
        .moves(&start.board)
        .iter()
        .map(|m| (m.square.to_string(), m.value, m.in_book))
        .collect();
    let best_other = alternative.best_move.unwrap();
    assert!(alternative.score > -24, "{alternative:?}");
    assert_eq!(
        moves,
        [
            (best_other.to_string(), alternative.score, false),
            ("g2".to_string(), -24, true)
        ]
    );
    let next = level.book_move(&book, &start.board, &mut rng).unwrap();
    assert_eq!((next.square, next.value), (best_other, alternative.score));
    assert_ne!(next.square, g2);

    // Learning the same game again searches nothing more and counts it again.
    let again = book.learn(&game, &mut learner, 6, 60, &stop).unwrap();
    assert_eq!(again.searched, 0);
    assert_eq!(book.get(&start.board).unwrap().stats.losses, 2);
}
