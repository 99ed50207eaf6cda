//! The coach: practice made from a player's own games.
//!
//! - `cards`: puzzles from a reviewed game ([`Card`], [`cards_from_game`]): each move graded
//!   a mistake or worse becomes its position with every legal move's value, exact from the
//!   solver's empties, and the move that was played.
//! - `practice`: positions from the engine's games whose value lies in a chosen range at a
//!   chosen number of empties ([`pick_practice`]).
//! - `positions`: practice positions as text, and the set the game ships
//!   ([`shipped_positions`]).
//! - `explain`: why a move was a mistake, as facts ([`explain_move`]).
//! - `deck`: the player's cards and when each comes back ([`Deck`]; spaced repetition by
//!   FSRS), kept in a versioned file.

mod cards;
mod deck;
mod explain;
mod positions;
mod practice;

pub use cards::{Card, CardsProgress, cards_from_game, cards_from_reviews};
pub use deck::{Answer, DECK_VERSION, Deck, DeckEntry, DeckError, Memory, Stage};
pub use explain::{
    Explanation, Fact, LOOKAHEAD, PARITY_EMPTIES, explain_move, line_after, odd_regions,
    positions_along,
};
pub use positions::{PositionsError, SHIPPED_POSITIONS, parse_positions, shipped_positions};
pub use practice::{
    PracticePosition, PracticeProgress, PracticeSpec, ValuePrecision, pick_practice,
    position_at_empties,
};

/// A small searcher with the simple evaluator, solving from `exact_empties`: the tests'.
#[cfg(test)]
fn test_searcher(exact_empties: u32) -> crate::engine::Searcher {
    let config = crate::engine::SearchConfig {
        tt_mib: 1,
        exact_empties,
        wld_empties: exact_empties,
        ..crate::engine::SearchConfig::default()
    };
    crate::engine::Searcher::with_evaluator(
        config,
        std::sync::Arc::new(crate::engine::SimpleEval::default()),
    )
}
