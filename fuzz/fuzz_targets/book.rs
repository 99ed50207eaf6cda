//! `Book::parse` never panics, and a book it accepts writes back (`to_text`) as text that
//! reads back to the same book and writes the same bytes again; its values and moves can be
//! read at the start and after the first move (the negamax over whatever positions it holds
//! ends and gives each book move a value within -64..=64).

#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::engine::Board;
use reversi::engine::book::Book;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(book) = Book::parse(text) else {
        return;
    };
    let written = book.to_text();
    let back = match Book::parse(&written) {
        Ok(back) => back,
        Err(e) => panic!("{text:?} -> {written:?} does not read back: {e}"),
    };
    assert_eq!(back, book);
    assert_eq!(back.to_text(), written, "writing is not stable");
    let start = Board::start();
    for board in [start, start.play_unchecked("f5".parse().unwrap())] {
        let _ = book.value(&board);
        for m in book.moves(&board) {
            assert!((-64..=64).contains(&m.value), "{m:?}");
            assert_ne!(board.moves() & (1 << m.square.index()), 0, "{m:?} not legal");
        }
    }
});
