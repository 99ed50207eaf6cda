//! The game database: the time to index 130,000 games (random legal play, standing in for
//! the WTHOR database's 130,000 tournament games), the index file's size and the time to
//! read it back, and the time to ask for the moves played at the start, one ply in and at a
//! position 20 plies in. Run with `cargo bench --no-default-features --bench database` (env
//! `GAMES`, default 130000). With `WTHOR_DIR` set, the games are also written there as WTHOR
//! files (a file a year) and the folder opened as the game and `thor` open one: built (read,
//! indexed, the index written) the first time, from the index the second.

mod common;

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use reversi::database_files;
use reversi::engine::{
    Board, Database, DatabaseBuilder, DbFilter, Square, Squares, WTHOR_PLAYER, WthorGame,
    write_wtb, write_wthor_names,
};

fn main() {
    let count = common::env_or("GAMES", 130_000usize);
    let mut rng = StdRng::seed_from_u64(1);
    let mut builder = DatabaseBuilder::new();
    let mut first = Vec::new();
    let mut files: Vec<Vec<WthorGame>> = vec![Vec::new(); 48];
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
        files[n % 48].push(wthor_game(n, &moves));
        if n == 0 {
            first = moves;
        }
    }
    println!(
        "{count} games generated and checked in {:.2} s",
        made.elapsed().as_secs_f64()
    );
    if let Ok(dir) = std::env::var("WTHOR_DIR") {
        open_folder(std::path::Path::new(&dir), &files);
    }
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

/// Game `n` as a WTHOR record: its players and tournament as numbers (2,000 players, 900
/// tournaments); the results (a draw each) do not change the figures.
fn wthor_game(n: usize, moves: &[Square]) -> WthorGame {
    WthorGame {
        tournament: (n % 900) as u16,
        black: (n % 2000) as u16,
        white: ((n * 7 + 1) % 2000) as u16,
        black_discs: 32,
        theoretical: 32,
        moves: moves.to_vec(),
    }
}

/// Writes the games as WTHOR files in `dir` and opens the folder twice.
fn open_folder(dir: &std::path::Path, files: &[Vec<WthorGame>]) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("the folder");
    for (i, games) in files.iter().enumerate() {
        let year = 1977 + i as u16;
        std::fs::write(dir.join(format!("WTH_{year}.wtb")), write_wtb(year, games))
            .expect("written");
    }
    let players: Vec<String> = (0..2000).map(|n| format!("Player {n}")).collect();
    std::fs::write(
        dir.join("WTHOR.JOU"),
        write_wthor_names(&players, WTHOR_PLAYER),
    )
    .expect("written");
    for time in ["first (no index)", "second"] {
        let start = Instant::now();
        let (db, opened) = database_files::open(dir, &mut |_| {}).expect("opens");
        println!(
            "folder opened, {time}: {} games in {:.2} s ({opened:?})",
            db.len(),
            start.elapsed().as_secs_f64()
        );
    }
    let index = dir.join(database_files::INDEX_FILE);
    println!(
        "{}: {} bytes",
        index.display(),
        std::fs::metadata(&index).map_or(0, |m| m.len())
    );
}
