//! The exact endgame solver: the final disc difference with perfect play, or only its sign.
//!
//! MTD(f) over fail-soft null-window alpha-beta searches ([`solver`]), with a transposition
//! table keyed by the whole board ([`table`]), moves ordered by the table move, parity and
//! fastest-first ([`ordering`]), stability cutoffs (`engine::stability`, shared with the evaluator) and unrolled code for the
//! last four empties ([`last`], [`count_flips`]). Each trick can be switched off in
//! [`SolverConfig`] to measure it. On more than one thread ([`Solver::set_threads`]) nodes
//! with many empties share their moves with idle threads (young brothers wait, `nws.rs`) and
//! the root's moves are shared in order (`solver.rs`), so that the score and the move do not
//! depend on the thread count.

mod config;
mod count_flips;
mod last;
mod move_list;
mod nws;
mod ordering;
mod solver;
mod table;
mod try_flips;

pub use config::SolverConfig;
pub use ordering::MobilityEval;
pub use solver::{Passed, SolveMode, Solved, Solver};
