//! The engine's floor, below every searcher: what a search is asked for and reports, the
//! clock and the stop flag it is handed ([`limits`]), moves and move lists ([`moves`]), the
//! range check of settings (`range.rs`) and tables allocated without aborting ([`alloc`]).
//! It imports nothing of the engine above the board; the midgame search, the endgame
//! solver and Monte Carlo tree search all stand on it.

pub mod alloc;
pub mod limits;
pub mod moves;
pub(crate) mod range;

pub use alloc::TableAllocError;
pub(crate) use alloc::{prefetch, try_filled_with};
pub use limits::{
    Abort, Clock, MoveScores, SearchInfo, SearchLimits, SearchResult, StopPoller, StopShare,
    start_clock,
};
pub(crate) use moves::first_highest;
pub use moves::{MAX_MOVES, Move, MoveList, PASS};
pub(crate) use range::check_range;
