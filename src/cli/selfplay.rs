//! Playing whole games between two searchers, for `match` and `tune`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::book::Book;
use crate::engine::{
    BookUse, Game, GameClock, Level, Mcts, MctsLimits, Ply, Position, SearchLimits, Searcher, Side,
    Square, Squares, solve_thresholds,
};

/// A player of whole games: our engine or another program.
pub trait Mover {
    /// Called once before each game (clears tables, starts sessions).
    ///
    /// # Errors
    /// A message when the player cannot start a game.
    fn new_game(&mut self) -> Result<(), String> {
        Ok(())
    }

    /// The move to play in `game`, whose side to move has a legal move.
    ///
    /// # Errors
    /// A message when the player fails (a program that crashed or answered nonsense).
    fn choose(&mut self, game: &Game) -> Result<Square, String>;

    /// The name to show in results.
    fn name(&self) -> String;

    /// Moves taken from an opening book so far.
    fn book_moves(&self) -> usize {
        0
    }

    /// The number of the game about to start, which seeds a level's choices with the
    /// position: the games of a match differ, and each replays the same on any thread.
    fn set_game(&mut self, _number: u64) {}

    /// The player's game clock before its next move, when it plays on one: our engine plans
    /// its move on it; another program is only timed.
    fn set_clock(&mut self, _left: Option<GameClock>) {}
}

/// Our engine with its limits per move.
pub struct EnginePlayer {
    /// The searcher (its table is cleared at the start of each game).
    pub searcher: Searcher,
    /// Limits per move.
    pub limits: SearchLimits,
    /// The name to show.
    pub name: String,
    /// When set, the side plays this difficulty level (its limits, solver thresholds, time
    /// management and mistakes) instead of `limits`; the number seeds its choices (with the
    /// position and the game's number, so a game replays the same whatever thread plays it).
    pub level: Option<(Level, u64)>,
    /// The opening book, when the side plays from one: a level side as its level's `book`
    /// says, the others its best move.
    pub book: Option<Arc<Book>>,
    /// Moves taken from the book so far.
    pub book_moves: usize,
    /// The number of the game being played (see [`Mover::set_game`]).
    pub game: u64,
    /// When set, the side plays Monte Carlo tree search with these limits per move instead
    /// of `searcher` (its tree kept from move to move within a game, reseeded by the
    /// game's number).
    pub mcts: Option<(Mcts, MctsLimits, u64)>,
    /// The side's game clock before its move, when it plays on one: the move is then planned
    /// on it ([`GameClock::budget`]) instead of `limits`' time, from the solve thresholds
    /// the searcher had when the side was made (`solve_from`).
    pub clock: Option<GameClock>,
    /// The searcher's `(exact_empties, wld_empties)` before any clock planning.
    pub solve_from: (u32, u32),
}

impl EnginePlayer {
    /// The generator of a level's choices at `board`.
    fn rng(&self, seed: u64, board: &crate::engine::Board) -> StdRng {
        StdRng::seed_from_u64(seed ^ board.hash() ^ self.game.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
}

impl Mover for EnginePlayer {
    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        if let Some((mcts, _, seed)) = &mut self.mcts {
            mcts.clear();
            mcts.reseed(*seed ^ self.game.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        }
        Ok(())
    }

    fn choose(&mut self, game: &Game) -> Result<Square, String> {
        let stop = AtomicBool::new(false);
        let clock = Instant::now();
        let board = game.position().board;
        if let Some(book) = &self.book {
            let (way, seed) = self
                .level
                .as_ref()
                .map_or((BookUse::Best, 0), |(level, seed)| (level.book, *seed));
            let mut rng = self.rng(seed, &board);
            if let Some(m) = way.choose(book, &board, &mut rng) {
                self.book_moves += 1;
                return Ok(m.square);
            }
        }
        if let Some((mcts, limits, _)) = &mut self.mcts {
            let info = mcts.search(&board, limits, &stop, &clock, &mut |_| {});
            return info
                .best_square()
                .ok_or_else(|| "the engine found no move".to_string());
        }
        if let Some((level, seed)) = &self.level {
            let mut rng = self.rng(*seed, &board);
            let (square, _) = level.play_on_clock(
                self.clock.as_ref(),
                &mut self.searcher,
                &board,
                &stop,
                &clock,
                &mut |_| {},
                &mut rng,
            );
            return square.ok_or_else(|| "the engine found no move".to_string());
        }
        let mut limits = self.limits;
        if let Some(left) = &self.clock {
            // An only move costs no time.
            let moves = board.moves();
            if moves.count_ones() == 1 {
                return Ok(Square::from_index(moves.trailing_zeros() as u8));
            }
            let (exact, wld) = self.solve_from;
            let mut config = self.searcher.config().clone();
            let budget = left.budget(board.empty_count(), exact, &config.time);
            (config.exact_empties, config.wld_empties) = solve_thresholds(
                (exact, wld),
                board.empty_count(),
                budget,
                true,
                &config.time,
            );
            self.searcher.set_config(config);
            limits.time_ms = Some(budget.hard_ms);
            limits.soft_time_ms = Some(budget.soft_ms);
        }
        let r = self
            .searcher
            .search(&board, &limits, &stop, &clock, &mut |_| {});
        r.info
            .best_move
            .ok_or_else(|| "the engine found no move".to_string())
    }

    fn set_game(&mut self, number: u64) {
        self.game = number;
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn book_moves(&self) -> usize {
        self.book_moves
    }

    fn set_clock(&mut self, left: Option<GameClock>) {
        self.clock = left;
    }
}

/// Plays `game` (an opening, or the start) to its end, `black` and `white` moving for
/// those colours (`black` plays both when `white` is `None`). Returns the final position.
///
/// # Errors
/// A player that failed or played an illegal move, named with the move and position.
pub fn play_out(
    game: &mut Game,
    black: &mut dyn Mover,
    mut white: Option<&mut dyn Mover>,
) -> Result<Position, String> {
    black.new_game()?;
    if let Some(w) = white.as_deref_mut() {
        w.new_game()?;
    }
    while !game.is_over() {
        if game.must_pass() {
            game.play(Ply::Pass).expect("a forced pass is legal");
            continue;
        }
        let side: &mut dyn Mover = match (game.side_to_move(), white.as_deref_mut()) {
            (Side::White, Some(w)) => w,
            _ => &mut *black,
        };
        let mv = side.choose(game)?;
        game.play_move(mv).map_err(|e| {
            format!(
                "{} after {}: {e}",
                side.name(),
                if game.transcript().is_empty() {
                    "the start".to_string()
                } else {
                    game.transcript()
                }
            )
        })?;
    }
    Ok(game.position())
}

/// Plays `plies` random legal moves from the start (passing when forced); `None` if the
/// game ended first.
pub fn random_opening(rng: &mut StdRng, plies: usize) -> Option<Game> {
    let mut game = Game::new();
    for _ in 0..plies {
        if game.is_over() {
            return None;
        }
        if game.must_pass() {
            game.play(Ply::Pass).ok()?;
            continue;
        }
        let moves: Vec<_> = Squares(game.position().board.moves()).collect();
        let mv = moves[rng.random_range(0..moves.len())];
        game.play_move(mv).ok()?;
    }
    (!game.is_over()).then_some(game)
}
