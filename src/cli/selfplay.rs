//! Playing whole games between two searchers, for `match` and `tune`.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::Rng;
use rand::rngs::StdRng;

use crate::engine::{Board, Color, Game, Ply, Position, SearchLimits, Searcher, Squares};

/// One side's engine and its limits per move.
pub struct Side {
    /// The searcher (its table is cleared at the start of each game).
    pub searcher: Searcher,
    /// Limits per move.
    pub limits: SearchLimits,
    /// At or below this many empties the side searches to the end of the game (exact).
    pub exact_empties: u32,
}

/// Plays `game` (an opening, or the start) to its end, `black` and `white` moving for
/// those colours (`black` plays both when `white` is `None`). Returns the final position.
pub fn play_out(game: &mut Game, black: &mut Side, mut white: Option<&mut Side>) -> Position {
    let stop = AtomicBool::new(false);
    black.searcher.clear();
    if let Some(w) = white.as_deref_mut() {
        w.searcher.clear();
    }
    while !game.is_over() {
        if game.must_pass() {
            game.play(Ply::Pass).expect("a forced pass is legal");
            continue;
        }
        let pos = game.position();
        let side = match (pos.side_to_move, white.as_deref_mut()) {
            (Color::White, Some(w)) => w,
            _ => &mut *black,
        };
        let clock = Instant::now();
        let limits = if pos.board.empty_count() <= side.exact_empties {
            SearchLimits::default()
        } else {
            side.limits
        };
        let r = side
            .searcher
            .search(&pos.board, &limits, &stop, &clock, &mut |_| {});
        let mv = r.info.best_move.expect("a legal move when not passing");
        game.play_move(mv).expect("the searcher plays legal moves");
    }
    game.position()
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

/// The final score from the side to move at each position the game passed through from
/// ply `from` on: (board, label), passes left out.
pub fn labelled_positions(game: &Game, from: usize) -> Vec<(Board, i32)> {
    let last = game.position();
    (from..game.cursor())
        .map(|n| game.position_at(n))
        .filter(|p| p.board.has_moves())
        .map(|p| {
            let black = last.final_score_black();
            let label = match p.side_to_move {
                Color::Black => black,
                Color::White => -black,
            };
            (p.board, label)
        })
        .collect()
}
