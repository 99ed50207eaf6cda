//! Edax's book format: the time to write and to read a book of a million positions (made
//! here from random games: every position of each game, a leaf of a random legal move and
//! value on each), the file's size, and the shipped book's round trip. Run with `cargo bench
//! --no-default-features --bench edax_book` (env `POSITIONS`, default 1000000).

mod common;

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use reversi::engine::book::{Book, read_edax, write_edax};
use reversi::engine::{Board, Squares};

fn main() {
    let target = common::env_or("POSITIONS", 1_000_000usize);
    let mut rng = StdRng::seed_from_u64(1);
    let mut book = Book::new();
    let start = Instant::now();
    while book.len() < target {
        let mut board = Board::start();
        loop {
            let moves: Vec<_> = Squares(board.moves()).collect();
            if moves.is_empty() {
                if !board.pass().has_moves() {
                    break;
                }
                board = board.pass();
                continue;
            }
            let best = moves[rng.random_range(0..moves.len())];
            book.set_leaf(&board, Some(best), rng.random_range(-64..=64), 14);
            if book.len() >= target {
                break;
            }
            board = board.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    println!(
        "{} positions from random games in {:.1} s",
        book.len(),
        start.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    book.compute_values();
    println!("negamax values: {:.2} s", start.elapsed().as_secs_f64());
    let start = Instant::now();
    let bytes = write_edax(&book);
    println!(
        "write: {:.2} s, {} bytes ({:.1} a position)",
        start.elapsed().as_secs_f64(),
        bytes.len(),
        bytes.len() as f64 / book.len() as f64
    );
    let start = Instant::now();
    let back = read_edax(&bytes).expect("our own file reads");
    println!(
        "read: {:.2} s, {} positions",
        start.elapsed().as_secs_f64(),
        back.len()
    );
    assert_eq!(back.len(), book.len());

    let shipped = Book::shipped();
    let start = Instant::now();
    let bytes = write_edax(shipped);
    let back = read_edax(&bytes).expect("the shipped book's file reads");
    let same = shipped
        .iter()
        .filter(|(k, _)| back.value(&k.board()) == shipped.value(&k.board()))
        .count();
    println!(
        "shipped book: {} positions, {} bytes, written and read in {:.3} s; the same value at {same}",
        shipped.len(),
        bytes.len(),
        start.elapsed().as_secs_f64()
    );
}
