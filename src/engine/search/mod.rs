//! Midgame search: iterative deepening with MTD(f) (or PVS) over a transposition table.
//!
//! - `tree_search.rs`: [`TreeSearch`], the node functions and the MTD(f) and aspiration
//!   drivers; `probcut.rs`: [`ProbCut`]; [`alphabeta`]: reference searches without memory.
//!   All are generic over the small [`SearchGame`] trait (`tree.rs`) so that the tests run
//!   them on oracle trees too.
//! - Parallel search: with more than one [`crate::engine::Threads`], null-window nodes share
//!   their moves after the first with idle threads (young brothers wait, in
//!   `tree_search.rs`); the threads share the table, which takes no lock (`tt.rs`), and each
//!   polls the split points above its work ([`crate::engine::control::Abort`]).
//! - `othello.rs`: Othello as a [`SearchGame`] (moves, ordering); `tt.rs`: the table;
//!   `config.rs`: `search.ron`. Limits, reports, the clock, moves and the table's
//!   allocation are the floor's ([`crate::engine::control`]).

pub mod alphabeta;
mod config;
mod othello;
mod probcut;
mod tree;
mod tree_search;
mod tt;

pub use alphabeta::{INFINITY, alpha_beta, negamax};
pub use config::{Algorithm, MAX_TT_MIB, OrderingMode, ProbCutSigma, SearchConfig, TimeConfig};
pub use othello::{Node, Othello};
pub use probcut::{FULL_WIDTH, LADDER, ProbCut, confidence_pct};
pub use tree::SearchGame;
pub use tree_search::{RootResult, TreeSearch};
pub use tt::{Entry, NO_BOUND, NO_MOVE, Stored, TableStats, TranspositionTable};
