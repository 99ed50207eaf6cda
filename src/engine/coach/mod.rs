//! The coach: practice made from a player's own games.
//!
//! - `cards`: puzzles from a reviewed game ([`Card`], [`cards_from_game`]): each move graded
//!   a mistake or worse becomes its position with every legal move's value, exact from the
//!   solver's empties, and the move that was played.

mod cards;

pub use cards::{Card, CardsProgress, cards_from_game};
