//! Monte Carlo tree search: a second kind of opponent, which learns the value of a move by
//! playing random games from it rather than by evaluating positions.
//!
//! UCT (Kocsis and Szepesvari 2006) picks the path down the tree; a child's score may add a
//! progressive bias from the pattern evaluator (Chaslot et al. 2008); leaves near the end are
//! solved exactly and proofs propagate up (MCTS-Solver: Winands, Bjornsson and Saito 2008).
//! Every constant is in `config/mcts.ron` ([`MctsConfig`]).
//!
//! - `config.rs`: [`MctsConfig`], its RON file and ranges.
//! - `game.rs`: [`MctsGame`], the game interface (Othello and the tests' trees), and
//!   [`Outcome`].
//! - `tree.rs`: the node arena, UCT's selection, backup and proof propagation, rerooting.
//! - `playout.rs`: random and heavy playouts, and the generator [`Rng`].
//! - `othello.rs`: [`OthelloMcts`], Othello as an [`MctsGame`] (priors, solver).
//! - `search.rs`: [`Mcts`], the driver: limits, stop flag, progress, tree reuse, the answer
//!   ([`MctsInfo`]).
//!
//! Like the other searches it names no clock of its own, prints nothing, spawns no thread:
//! the caller hands in a [`crate::engine::Clock`], a stop flag and a progress callback.

mod config;
mod game;
mod othello;
mod playout;
mod search;
mod tree;

pub use config::{DEFAULT_MCTS_RON, HeavyWeights, MctsConfig, PlayoutPolicy};
pub use game::{MctsGame, Outcome};
pub use othello::{OthelloMcts, discs_to_win_rate, win_rate_to_discs};
pub use playout::{HeavyTable, Rng, heavy_playout, random_playout};
pub use search::{Mcts, MctsInfo, MctsLimits, RootMove};
