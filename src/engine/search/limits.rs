//! What a search is asked for and what it reports: limits, progress, result, and the clock
//! the caller hands in.

use std::time::Instant;

use crate::engine::square::Square;

/// Time as the caller measures it. The engine reads no clock of its own: a search is handed
/// one (an [`Instant`] taken when the search was asked for works).
pub trait Clock {
    /// Milliseconds since the search was asked for.
    fn elapsed_ms(&self) -> u64;
}

impl Clock for Instant {
    fn elapsed_ms(&self) -> u64 {
        self.elapsed().as_millis() as u64
    }
}

/// Limits of one search; `None` means no limit of that kind. With no limit at all the search
/// runs until its stop flag is raised or the game is solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SearchLimits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this many milliseconds of the handed clock (a hard limit: the running
    /// iteration is abandoned).
    pub time_ms: Option<u64>,
    /// Time management's budget in milliseconds: a new iteration is not started when the
    /// time it is expected to take (from the previous iterations' growth) would end it after
    /// this. `time_ms` still stops an iteration that runs over.
    #[serde(default)]
    pub soft_time_ms: Option<u64>,
}

impl SearchLimits {
    /// A search to a fixed depth.
    pub const fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            nodes: None,
            time_ms: None,
            soft_time_ms: None,
        }
    }

    /// A search for a fixed time.
    pub const fn time_ms(ms: u64) -> SearchLimits {
        SearchLimits {
            depth: None,
            nodes: None,
            time_ms: Some(ms),
            soft_time_ms: None,
        }
    }
}

/// What a completed iteration found (also the final result of a search).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration's depth in plies (for an exact solve, the number of empties).
    pub depth: u32,
    /// The score in discs from the side to move at the root.
    pub score: i32,
    /// Whether `score` is the exact final disc difference (solved to the end).
    pub exact: bool,
    /// When a win/loss/draw solve proved it: the sign of the final disc difference with
    /// perfect play (`1` win, `0` draw, `-1` loss); `score` then has that sign.
    pub wld: Option<i32>,
    /// The best move; `None` when the side to move must pass or the game is over.
    pub best_move: Option<Square>,
    /// The principal variation from the root, passes left out.
    pub pv: Vec<Square>,
    /// Nodes searched since the search began.
    pub nodes: u64,
    /// Milliseconds since the search began, on the handed clock.
    pub elapsed_ms: u64,
}

impl SearchInfo {
    /// Nodes per second so far (0 before the first millisecond).
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes * 1000)
            .checked_div(self.elapsed_ms)
            .unwrap_or(0)
    }
}

/// The result of a search: the last completed iteration, and whether the search was cut
/// short by its stop flag or a limit (in which case a deeper, unfinished iteration was
/// thrown away).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    /// The last completed iteration (`nodes` and `elapsed_ms` cover the whole search).
    pub info: SearchInfo,
    /// True when an iteration was abandoned because of the stop flag or a limit.
    pub stopped: bool,
}

/// Every legal move's score, from a search of each (hints, and the levels that err).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveScores {
    /// The depth every move was searched to (for an exact set, the number of empties).
    pub depth: u32,
    /// Whether every score is the exact final disc difference.
    pub exact: bool,
    /// Each legal move with its score in discs, from the side to move; square order.
    pub scores: Vec<(Square, i32)>,
}
