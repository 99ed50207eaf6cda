//! The engine's top tier, the one that plays. It stands on the searchers (`search`,
//! `endgame`, `mcts`) and the evaluator, which stand on the floor
//! ([`crate::engine::control`]); nothing below imports it.
//!
//! - `searcher.rs`: [`Searcher`], the engine's front door for Othello: iterative deepening
//!   over the tree search, the hand-over to the solver, Monte Carlo for its levels, the move
//!   scores behind the hints.
//! - `time.rs`: the time planner, all of the time policy: a move's budget on a game clock,
//!   when a move solves, and [`crate::engine::TimeConfig`]'s rules (`search.ron`'s `time`
//!   section: the solve-time model, a timed level's budget by phase, when an iteration fits).
//! - [`levels`]: the difficulty levels, how each plans a move, the Adaptive level and the
//!   levels' rating model.
//! - `ponder.rs`: what to search on the opponent's time.
//! - `job.rs`: one call for a game's job ([`Searcher::prepare`]): its own move, pondering or
//!   the hints, on a clock or not, for any kind of level; the game runs the work it gets.
//! - [`config_set`]: the settings a game or a command runs with, gathered from a designer's
//!   folder.

pub mod config_set;
mod job;
pub mod levels;
pub(crate) mod ponder;
mod searcher;
pub(crate) mod time;

pub use job::{Found, Job, JobAsk, JobSpec, Prepared, Work};
pub use searcher::Searcher;
