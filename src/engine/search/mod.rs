//! Midgame search: iterative deepening with MTD(f) (or PVS) over a transposition table.
//!
//! - `searcher.rs`: [`Searcher`], the engine's front door for Othello (resume, iterate,
//!   hand over to the solver; the move scores behind the hints).
//! - `tree_search.rs`: [`TreeSearch`], the node functions and the MTD(f) and aspiration
//!   drivers; `probcut.rs`: [`ProbCut`]; [`alphabeta`]: reference searches without memory.
//!   All are generic over the small [`SearchGame`] trait (`tree.rs`) so that the tests run
//!   them on oracle trees too.
//! - Parallel search: with more than one [`crate::engine::Threads`], null-window nodes share
//!   their moves after the first with idle threads (young brothers wait, in
//!   `tree_search.rs`); the threads share the table, which takes no lock (`tt.rs`), and each
//!   polls the split points above its work ([`Abort`]).
//! - `othello.rs`: Othello as a [`SearchGame`] (moves, ordering); `tt.rs`: the table;
//!   `limits.rs`: limits, reports, the clock and the [`StopPoller`]; `config.rs`:
//!   `search.ron`.

pub mod alphabeta;
mod config;
mod limits;
mod othello;
mod probcut;
mod searcher;
mod tree;
mod tree_search;
mod tt;

pub use alphabeta::{INFINITY, alpha_beta, negamax};
pub use config::{Algorithm, MAX_TT_MIB, OrderingMode, ProbCutSigma, SearchConfig, TimeConfig};
pub(crate) use config::{check_range, shipped_solver};
pub use limits::{
    Abort, Clock, MoveScores, SearchInfo, SearchLimits, SearchResult, StopPoller, StopShare,
};
pub use othello::{Othello, PASS};
pub use probcut::{FULL_WIDTH, LADDER, ProbCut, confidence_pct};
pub use searcher::Searcher;
pub use tree::{MAX_MOVES, Move, MoveList, SearchGame};
pub use tree_search::{RootResult, TreeSearch};
pub(crate) use tt::try_filled_with;
pub use tt::{Entry, NO_BOUND, NO_MOVE, Stored, TableAllocError, TableStats, TranspositionTable};
