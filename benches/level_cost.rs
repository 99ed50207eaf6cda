//! What a game costs at each level: the engine's seconds of thinking, of pondering on the
//! human's time and (optionally) of the score hints, per game, on one thread.
//!
//! Each shipped level plays `GAMES` games (default 2, from the first `GAMES / 2` openings of
//! `tests/data/openings-8ply.txt`, each with both colours) against itself without the book:
//! one side is "the engine", the other "the human". Every engine move is timed as the level
//! plays it ([`Level::play`]); on every human turn the engine ponders first as the game does
//! against a human who thinks long (over all the human's replies, within
//! [`Level::ponder_plan`]: the ponder runs until it ends by itself), then the human's side
//! plays its move with its own searcher. `HINTS=1` also times the score hints on every human
//! turn (within `time.hints_ms`), which replace the pondering when they are on. One thread
//! throughout, so the seconds are CPU seconds of one core.
//!
//! `cargo bench --no-default-features --bench level_cost` (`LEVELS=Casual,Strongest`: only
//! those, by name).

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::StdRng;
use reversi::engine::{Board, Game, Level, LevelKind, SearchConfig, Searcher, default_levels};

/// The first `n` openings of the match suite, as boards.
fn openings(n: usize) -> Vec<Board> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings-8ply.txt");
    std::fs::read_to_string(path)
        .expect("openings-8ply.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(n)
        .map(|line| {
            Game::from_transcript(line.trim())
                .expect("an opening")
                .position()
                .board
        })
        .collect()
}

fn searcher() -> Searcher {
    Searcher::new(SearchConfig {
        tt_mib: 64,
        ..SearchConfig::shipped()
    })
}

/// Seconds a game: the engine's own moves, its pondering, the hints.
#[derive(Default)]
struct Cost {
    think: f64,
    ponder: f64,
    hints: f64,
    ponder_searches: u32,
}

/// The engine's ponder on the human's position, as the game runs it against a human who
/// takes longer than the ponder.
fn ponder(level: &Level, engine: &mut Searcher, board: &Board) -> f64 {
    let never = AtomicBool::new(false);
    let start = Instant::now();
    if level.kind == LevelKind::Mcts {
        let limits = level.mcts_limits(board.empty_count(), &engine.config().time);
        engine.mcts_ponder(board, &limits, &never, &start, &mut |_| {});
    } else {
        let plan = level.ponder_plan(board.empty_count(), true, &engine.config().time);
        let config = level.search_config(&plan, engine.config().clone());
        engine.set_config(config);
        engine.search(board, &plan.limits, &never, &start, &mut |_| {});
    }
    start.elapsed().as_secs_f64()
}

/// The hints' search on the human's position, as the game runs it (to its limits).
fn hints(scorer: &mut Searcher, board: &Board) -> f64 {
    let never = AtomicBool::new(false);
    let start = Instant::now();
    let limits = scorer.config().time.hints_limits(board.empty_count());
    scorer.score_moves_with(board, &limits, &never, &start, &mut |_| {});
    start.elapsed().as_secs_f64()
}

/// One game of `level` against itself from `opening`, the engine with `engine_first`
/// (whether the engine is to move at the opening).
fn game(level: &Level, opening: &Board, engine_first: bool, with_hints: bool, seed: u64) -> Cost {
    let (mut engine, mut human, mut scorer) = (searcher(), searcher(), searcher());
    let mut rng = StdRng::seed_from_u64(seed);
    let never = AtomicBool::new(false);
    let mut cost = Cost::default();
    let mut board = *opening;
    let mut engine_to_move = engine_first;
    loop {
        if !board.has_moves() {
            board = board.pass();
            engine_to_move = !engine_to_move;
            if !board.has_moves() {
                return cost;
            }
        }
        let start = Instant::now();
        let square = if engine_to_move {
            let (square, _) =
                level.play(&mut engine, &board, &never, &start, &mut |_| {}, &mut rng);
            cost.think += start.elapsed().as_secs_f64();
            square
        } else {
            cost.ponder += ponder(level, &mut engine, &board);
            cost.ponder_searches += 1;
            if with_hints {
                cost.hints += hints(&mut scorer, &board);
            }
            let start = Instant::now();
            level
                .play(&mut human, &board, &never, &start, &mut |_| {}, &mut rng)
                .0
        };
        board = board.play(square.expect("a legal move"));
        engine_to_move = !engine_to_move;
    }
}

fn main() {
    let games: usize = common::env_or("GAMES", 2).max(2);
    let with_hints = common::env_or("HINTS", 0) == 1;
    let only: Option<Vec<String>> = std::env::var("LEVELS")
        .ok()
        .map(|v| v.split(',').map(|s| s.trim().to_string()).collect());
    let starts = openings(games / 2);
    println!(
        "level cost: {games} games a level against itself, one thread, no book; seconds a \
         game of the engine's side{}",
        if with_hints {
            "; hints on every human turn"
        } else {
            ""
        }
    );
    println!(
        "{:<13} {:>9} {:>9} {:>8} {:>9} {:>9}",
        "level", "think s", "ponder s", "total s", "ponders", "hints s"
    );
    for level in default_levels() {
        if only
            .as_ref()
            .is_some_and(|names| !names.contains(&level.name))
        {
            continue;
        }
        let mut sum = Cost::default();
        for (i, start) in starts.iter().enumerate() {
            for engine_first in [true, false] {
                let c = game(&level, start, engine_first, with_hints, i as u64);
                sum.think += c.think;
                sum.ponder += c.ponder;
                sum.hints += c.hints;
                sum.ponder_searches += c.ponder_searches;
            }
        }
        let n = (starts.len() * 2) as f64;
        println!(
            "{:<13} {:>9.2} {:>9.2} {:>8.2} {:>9.1} {:>9}",
            level.name,
            sum.think / n,
            sum.ponder / n,
            (sum.think + sum.ponder) / n,
            f64::from(sum.ponder_searches) / n,
            if with_hints {
                format!("{:.2}", sum.hints / n)
            } else {
                "-".to_string()
            }
        );
    }
}
