//! What a search is asked for and what it reports: limits, progress, result, and the clock
//! the caller hands in.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::engine::square::Square;

/// Time as the caller measures it. A search reads no clock of its own: it is handed one (an
/// [`Instant`] taken when the search was asked for works). `Sync`: a parallel search's
/// threads all read it.
pub trait Clock: Sync {
    /// Milliseconds since the search was asked for.
    fn elapsed_ms(&self) -> u64;
}

impl Clock for Instant {
    fn elapsed_ms(&self) -> u64 {
        self.elapsed().as_millis() as u64
    }
}

/// A clock started now, for a search that a task of the engine runs itself, one after
/// another (a review's moves, a book's searches, the coach's), each timed from its own
/// start. The one place outside the tests where the engine reads the wall clock
/// (`tests/integration/house` checks).
pub fn start_clock() -> Instant {
    Instant::now()
}

/// When a search must give up: the caller's stop flag, a node limit, and a time limit on a
/// handed clock. Reading a shared flag or a clock at every node would cost more than the
/// node, so [`StopPoller::poll`] looks at them once every `check_every` nodes (and at the
/// first poll); once it has seen a reason to stop it answers true for good. One type serves
/// the tree search, its ordering searches and the endgame solver, each with its own
/// interval.
///
/// A thread of a parallel search polls as well the split points above its work (a sibling's
/// cutoff there makes it pointless: [`Abort`]) and counts its nodes into the team's total,
/// which the node limit then bounds.
pub struct StopPoller<'a> {
    stop: &'a AtomicBool,
    deadline: Option<(&'a dyn Clock, u64)>,
    node_limit: Option<u64>,
    check_every: u64,
    next_check: Cell<u64>,
    stopped: Cell<bool>,
    /// The innermost split point above this search, in a parallel search.
    abort: Option<&'a Abort<'a>>,
    /// All threads' nodes, in a parallel search, and how many of this search's are in it.
    team_nodes: Option<&'a AtomicU64>,
    counted: Cell<u64>,
}

/// A split point's "stop": raised when one of its moves cuts off, it ends the searches of the
/// other moves, and of everything below them. Polled up the chain of split points.
pub struct Abort<'a> {
    raised: AtomicBool,
    parent: Option<&'a Abort<'a>>,
}

impl<'a> Abort<'a> {
    /// A split point below `parent` (`None`: the search's top).
    pub fn new(parent: Option<&'a Abort<'a>>) -> Abort<'a> {
        Abort {
            raised: AtomicBool::new(false),
            parent,
        }
    }

    /// Ends the work under this split point.
    pub fn raise(&self) {
        self.raised.store(true, Ordering::Relaxed);
    }

    /// Whether this split point or one above it was raised.
    pub fn is_raised(&self) -> bool {
        let mut at = Some(self);
        while let Some(a) = at {
            if a.raised.load(Ordering::Relaxed) {
                return true;
            }
            at = a.parent;
        }
        false
    }
}

/// What the threads of one parallel search share to stop as one: the caller's flag and
/// limits, and the count of all their nodes. Each thread's [`StopPoller`] is made from it.
#[derive(Clone, Copy)]
pub struct StopShare<'a> {
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// The time limit on the caller's clock.
    pub deadline: Option<(&'a dyn Clock, u64)>,
    /// The node limit, on all threads' nodes together.
    pub node_limit: Option<u64>,
    /// Nodes between two polls.
    pub check_every: u64,
    /// All threads' nodes.
    pub team_nodes: &'a AtomicU64,
}

impl<'a> StopShare<'a> {
    /// A poller for one thread's search under the split point `abort`.
    pub fn poller(&self, abort: Option<&'a Abort<'a>>) -> StopPoller<'a> {
        let mut p = StopPoller::new(self.stop, self.deadline, self.node_limit, self.check_every);
        p.abort = abort;
        p.team_nodes = Some(self.team_nodes);
        p
    }
}

impl<'a> StopPoller<'a> {
    /// Watches `stop`, the clock of `deadline` against its milliseconds, and `node_limit`,
    /// every `check_every` nodes (at least 1).
    pub fn new(
        stop: &'a AtomicBool,
        deadline: Option<(&'a dyn Clock, u64)>,
        node_limit: Option<u64>,
        check_every: u64,
    ) -> StopPoller<'a> {
        StopPoller {
            stop,
            deadline,
            node_limit,
            check_every: check_every.max(1),
            next_check: Cell::new(0),
            stopped: Cell::new(false),
            abort: None,
            team_nodes: None,
            counted: Cell::new(0),
        }
    }

    /// What this poller watches, for the threads of a parallel search: the node limit then
    /// bounds the nodes of all threads counted in `team_nodes`.
    pub fn share(&self, team_nodes: &'a AtomicU64) -> StopShare<'a> {
        StopShare {
            stop: self.stop,
            deadline: self.deadline,
            node_limit: self.node_limit,
            check_every: self.check_every,
            team_nodes,
        }
    }

    /// A poller watching the same things, with its own count, not yet stopped (for another
    /// thread's copy of a game's ordering searches).
    pub fn fresh(&self) -> StopPoller<'a> {
        StopPoller {
            next_check: Cell::new(self.check_every),
            stopped: Cell::new(false),
            counted: Cell::new(0),
            ..*self
        }
    }

    /// Gives up for good: a parallel search whose helper was stopped stops too.
    pub fn halt(&self) {
        self.stopped.set(true);
    }

    /// The same poller, with its first look after `check_every` nodes instead of at the
    /// first poll (the ordering searches, which start many times within one search).
    pub fn first_look_after_interval(self) -> StopPoller<'a> {
        self.next_check.set(self.check_every);
        self
    }

    /// Given the nodes counted so far, looks at the flag and the limits when the count has
    /// passed the next checkpoint; true once the search must give up.
    #[inline(always)]
    pub fn poll(&self, nodes: u64) -> bool {
        if nodes >= self.next_check.get() {
            self.next_check.set(nodes + self.check_every);
            self.look(nodes);
        }
        self.stopped.get()
    }

    /// Looks at the flags, the clock and the node limit.
    #[cold]
    fn look(&self, nodes: u64) {
        let total = match self.team_nodes {
            Some(team) => {
                let new = nodes - self.counted.replace(nodes);
                team.fetch_add(new, Ordering::Relaxed) + new
            }
            None => nodes,
        };
        if self.stop.load(Ordering::Relaxed)
            || self.node_limit.is_some_and(|n| total >= n)
            || self.abort.is_some_and(Abort::is_raised)
            || self
                .deadline
                .is_some_and(|(clock, ms)| clock.elapsed_ms() >= ms)
        {
            self.stopped.set(true);
        }
    }

    /// Notes that `nodes` of this search's count were counted into the team's total by
    /// its helpers (the nodes of a split point's other threads).
    pub fn counted_elsewhere(&self, nodes: u64) {
        self.counted.set(self.counted.get() + nodes);
    }

    /// Adds the nodes this poller has not yet counted into the team's total (at the end of
    /// a thread's work).
    pub fn settle(&self, nodes: u64) {
        if let Some(team) = self.team_nodes {
            let new = nodes - self.counted.replace(nodes);
            team.fetch_add(new, Ordering::Relaxed);
        }
    }

    /// Whether a poll has seen the flag raised or a limit reached: every result computed
    /// since is meaningless.
    #[inline(always)]
    pub fn stopped(&self) -> bool {
        self.stopped.get()
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
    /// Monte Carlo tree search only: the root's mean result for the side to move, in
    /// thousandths (a win 1000, a draw 500), of which `score` is the estimate in discs.
    pub win_permille: Option<u16>,
    /// A selective iteration's confidence in percent (ProbCut's `t` as a two-sided normal
    /// confidence: 73, 87, 95, 98, 99); `None` for a full-width one, a solve or MCTS.
    pub confidence_pct: Option<u8>,
}

impl SearchInfo {
    /// The depth as the reports write it: `18`, or `18@87%` for a selective iteration.
    pub fn depth_label(&self) -> String {
        match self.confidence_pct {
            Some(pct) => format!("{}@{pct}%", self.depth),
            None => self.depth.to_string(),
        }
    }

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
    /// The best move's line, the best move first (from the search's table; empty when not
    /// known).
    pub line: Vec<Square>,
    /// The selective searches' confidence in percent (as [`SearchInfo::confidence_pct`]);
    /// `None` when full width, exact or Monte Carlo.
    pub confidence_pct: Option<u8>,
}

impl MoveScores {
    /// The depth as the reports write it: `18`, or `18@68%` when selective.
    pub fn depth_label(&self) -> String {
        match self.confidence_pct {
            Some(pct) => format!("{}@{pct}%", self.depth),
            None => self.depth.to_string(),
        }
    }
}
