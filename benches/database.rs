//! The game database: the time to index 130,000 games (random legal play, standing in for
//! the WTHOR database's 130,000 tournament games), the index file's size and the time to
//! read it back, and the time to ask for the moves played at the start, one ply in and at a
//! position 20 plies in. Run with `cargo bench --no-default-features --bench database` (env
//! `GAMES`, default 130000).

mod common;

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use reversi::engine::{Board, Database, DatabaseBuilder, DbFilter, Squares};

fn main() {
    let count = common::env_or("GAMES", 130_000usize);
    let mut rng = StdRng::seed_from_u64(1);
    let mut builder = DatabaseBuilder::new();
    let mut first = Vec::new();
    let made = Instant::now();
    for n in 0..count {
        let mut board = Board::start();
        let mut moves = Vec::new();
        loop {
            if !board.has_moves() {
                if !board.pass().has_moves() {
                    break;
                }
                board = board.pass();
            }
            let legal: Vec<_> = Squares(board.moves()).collect();
            let sq = legal[rng.random_range(0..legal.len())];
            moves.push(sq);
            board = board.play_unchecked(sq);
        }
        let players = [
            format!("Player {}", n % 2000),
            format!("Player {}", (n * 7 + 1) % 2000),
        ];
        builder
            .add(
                1977 + (n % 48) as u16,
                &format!("Tournament {}", n % 900),
                &players[0],
                &players[1],
                board.final_score(),
                &moves,
            )
            .expect("legal moves");
        if n == 0 {
            first = moves;
        }
    }
    println!(
        "{count} games generated and checked in {:.2} s",
        made.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    let db = builder.build(&mut |_, _| {});
    println!(
        "{} games, {} positions: indexed in {:.2} s",
        db.len(),
        db.positions(),
        start.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    let bytes = db.to_index_bytes();
    let written_s = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let back = Database::from_index_bytes(&bytes).expect("reads back");
    println!(
        "index file: {} bytes ({:.1} MB, {:.1} bytes a position), written in {written_s:.2} s, read and checked in {:.2} s",
        bytes.len(),
        bytes.len() as f64 / 1e6,
        bytes.len() as f64 / db.positions() as f64,
        start.elapsed().as_secs_f64()
    );
    assert_eq!(back.positions(), db.positions());
    let at = |plies: usize| {
        let mut board = Board::start();
        for &sq in &first[..plies] {
            if !board.has_moves() {
                board = board.pass();
            }
            board = board.play_unchecked(sq);
        }
        board
    };
    let all = DbFilter::default();
    let player = DbFilter {
        player: Some("player 17".into()),
        ..DbFilter::default()
    };
    for (name, board, filter) in [
        ("the start", Board::start(), &all),
        ("1 ply in", at(1), &all),
        ("1 ply in, one player's", at(1), &player),
        ("20 plies in", at(20), &all),
    ] {
        let start = Instant::now();
        let moves = back.moves_at(&board, filter);
        let games: u32 = moves.iter().map(|m| m.games).sum();
        println!(
            "{name}: {} moves, {games} games, asked in {:.1} ms",
            moves.len(),
            start.elapsed().as_secs_f64() * 1000.0
        );
    }
}
