//! The game database: the time to add 130,000 games (random legal play, standing in for
//! the WTHOR database's 130,000 tournament games) and to ask for the moves played at the
//! start and at a position 20 plies in. Run with `cargo bench --no-default-features --bench
//! database` (env `GAMES`, default 130000).

mod common;

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use reversi::engine::{Board, Database, DbGame, Ply, Squares};

fn main() {
    let count = common::env_or("GAMES", 130_000usize);
    let mut rng = StdRng::seed_from_u64(1);
    let mut games = Vec::with_capacity(count);
    for _ in 0..count {
        let mut board = Board::start();
        let mut plies = Vec::new();
        loop {
            let moves: Vec<_> = Squares(board.moves()).collect();
            if moves.is_empty() {
                if !board.pass().has_moves() {
                    break;
                }
                plies.push(Ply::Pass);
                board = board.pass();
                continue;
            }
            let sq = moves[rng.random_range(0..moves.len())];
            plies.push(Ply::Move(sq));
            board = board.play_unchecked(sq);
        }
        games.push(DbGame {
            year: 2000,
            tournament: String::new(),
            black: String::new(),
            white: String::new(),
            black_score: 0,
            plies,
        });
    }
    let plies: usize = games.iter().map(|g| g.plies.len()).sum();
    let sample = games[0].plies[..20].to_vec();
    let start = Instant::now();
    let mut db = Database::new();
    db.add_games(games);
    println!(
        "{} games, {plies} plies: indexed in {:.2} s",
        db.len(),
        start.elapsed().as_secs_f64()
    );
    let mut at20 = Board::start();
    for ply in sample {
        at20 = match ply {
            Ply::Move(sq) => at20.play_unchecked(sq),
            Ply::Pass => at20.pass(),
        };
    }
    for (name, board) in [("the start", Board::start()), ("20 plies in", at20)] {
        let start = Instant::now();
        let moves = db.moves_at(&board, &|_| true);
        let games: u32 = moves.iter().map(|m| m.games).sum();
        println!(
            "{name}: {} moves, {games} games, asked in {:.1} ms",
            moves.len(),
            start.elapsed().as_secs_f64() * 1000.0
        );
    }
}
