//! The searches with memory, generic over [`SearchGame`]: alpha-beta over a transposition
//! table with separate principal-variation and null-window nodes, driven at the root by
//! MTD(f) or by PVS with an aspiration window.
//!
//! MTD(f): Plaat, Schaeffer, Pijls and de Bruin, "Best-first fixed-depth minimax
//! algorithms", Artificial Intelligence 87 (1996). A sequence of null-window calls of
//! AlphaBetaWithMemory, each storing lower and upper bounds in the table, converges on the
//! minimax value from a first guess: a lower and an upper bound close in until they meet.
//! PVS: Reinefeld 1983 (NegaScout), with an aspiration window at the root.
//!
//! The node functions:
//! - [`TreeSearch::root`] searches the root with any window and reports its best move;
//! - `principal` searches a wide window `(alpha, beta)`: the first move with the full
//!   window, the later ones (when [`TreeSearch::pvs`] is set) with a null window first and
//!   again in full only when that one lands inside;
//! - `null_window` searches `(alpha, alpha + 1)`, the node where ProbCut may cut.
//!
//! Each enters through `enter` (count, poll the stop, probe the table) and leaves through
//! `leave` (store the result).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::engine::control::{Abort, StopPoller, StopShare};
use crate::engine::control::{MAX_MOVES, Move, MoveList};
use crate::engine::search::alphabeta::INFINITY;
use crate::engine::search::config::{Algorithm, SearchConfig};
use crate::engine::search::probcut::{FULL_WIDTH, ProbCut};
use crate::engine::search::tree::{SearchGame, sort_by_keys, take_best};
use crate::engine::search::tt::{NO_MOVE, Stored, TableStats, TranspositionTable};
use crate::engine::threads::{Threads, share_out, workers_for};

/// A search over a transposition table: the state shared by the algorithms with memory.
pub struct TreeSearch<'a, G: SearchGame> {
    /// The game searched.
    pub game: &'a G,
    /// The table (kept between searches by the caller; shared by a parallel search's
    /// threads).
    pub tt: &'a TranspositionTable,
    /// This search's use of the table.
    pub stats: TableStats,
    /// Nodes visited (every call, leaves included).
    pub nodes: u64,
    /// Leaf evaluations.
    pub evaluations: u64,
    /// Positions with fewer plies left than this are neither looked up nor stored.
    pub tt_min_depth: u32,
    /// Try the table's best move first.
    pub use_table_move: bool,
    /// Search later siblings with a null window first at wide-window nodes (PVS).
    pub pvs: bool,
    /// Null-window nodes with at least this many plies left probe every child's table
    /// entry before searching any (enhanced transposition cutoff): a child whose stored
    /// upper bound already refutes it settles the node.
    pub etc_min_depth: u32,
    /// Stop flag and limits.
    pub control: StopPoller<'a>,
    /// Selective search: `None` searches every node to its full depth.
    pub probcut: Option<ProbCut>,
    /// Nodes cut by ProbCut.
    pub probcuts: u64,
    /// In a parallel search, null-window nodes with at least this many plies left share
    /// their moves after the first with idle threads.
    pub split_min_depth: u32,
    /// In a parallel search: what its threads share to stop, and the innermost split point
    /// above this thread's work.
    team: Option<(StopShare<'a>, Option<&'a Abort<'a>>)>,
}

/// A search's settings and table, which another thread's search of a parallel search takes.
#[derive(Clone, Copy)]
struct Settings<'a> {
    tt: &'a TranspositionTable,
    tt_min_depth: u32,
    use_table_move: bool,
    pvs: bool,
    etc_min_depth: u32,
    probcut: Option<ProbCut>,
    split_min_depth: u32,
}

impl<'a> Settings<'a> {
    /// A search of `game` with these settings under the split point `abort`.
    fn search<'b, G: SearchGame>(
        &self,
        game: &'b G,
        share: StopShare<'b>,
        abort: Option<&'b Abort<'b>>,
    ) -> TreeSearch<'b, G>
    where
        'a: 'b,
    {
        let mut t = TreeSearch::new(game, self.tt, share.poller(abort));
        t.tt_min_depth = self.tt_min_depth;
        t.use_table_move = self.use_table_move;
        t.pvs = self.pvs;
        t.etc_min_depth = self.etc_min_depth;
        t.probcut = self.probcut;
        t.split_min_depth = self.split_min_depth;
        t.team = Some((share, abort));
        t
    }
}

/// What one thread's search counted, added back into the search that split.
#[derive(Clone, Copy, Default)]
struct Counters {
    nodes: u64,
    evaluations: u64,
    probcuts: u64,
    stats: TableStats,
}

/// A score and a move in one word, ordered by the score (for `fetch_max`).
fn pack(score: i32, mv: Move) -> u64 {
    ((i64::from(score) - i64::from(i32::MIN)) as u64) << 8 | u64::from(mv)
}

fn unpack(word: u64) -> (i32, Move) {
    (
        ((word >> 8) as i64 + i64::from(i32::MIN)) as i32,
        word as Move,
    )
}

/// A root search's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootResult {
    /// The value, from the root's side to move.
    pub score: i32,
    /// The best move ([`NO_MOVE`] at a terminal root).
    pub best_move: Move,
    /// Null-window passes (MTD(f)) or searches (PVS, re-searches included).
    pub passes: u32,
}

/// A node after [`TreeSearch::enter`]: either settled (stopped, or cut by the table's
/// bounds) or to be searched within a window the table may have narrowed.
enum Entered {
    /// The node's value is known without a search: the table's bound and best move, or 0
    /// and no move when the search was stopped.
    Settled(i32, Move),
    /// The node is to be searched.
    Open(Node),
}

/// A node to search: its window after the table's bounds, and what the table knows.
struct Node {
    /// The table key (0 when the table is not used this shallow).
    key: u64,
    /// Whether the node is looked up and stored.
    use_table: bool,
    alpha: i32,
    beta: i32,
    /// The table's best move, tried first ([`NO_MOVE`] if none).
    table_move: Move,
}

impl Node {
    fn is_null_window(&self) -> bool {
        self.beta - self.alpha == 1
    }
}

impl<'a, G: SearchGame> TreeSearch<'a, G> {
    /// A search of `game` using `tt`, watched by `control`, with the shipped settings' knobs
    /// (`config/search.ron`; a [`crate::engine::Searcher`] sets its own config's).
    pub fn new(game: &'a G, tt: &'a TranspositionTable, control: StopPoller<'a>) -> Self {
        let shipped = SearchConfig::shipped_ref();
        TreeSearch {
            game,
            tt,
            stats: TableStats::default(),
            nodes: 0,
            evaluations: 0,
            tt_min_depth: shipped.tt_min_depth,
            use_table_move: shipped.use_table_move,
            pvs: shipped.algorithm == Algorithm::Pvs,
            etc_min_depth: shipped.etc_min_depth,
            control,
            probcut: None,
            probcuts: 0,
            split_min_depth: shipped.split_min_depth,
            team: None,
        }
    }

    /// This search's settings, for the other threads of a parallel search.
    fn settings(&self) -> Settings<'a> {
        Settings {
            tt: self.tt,
            tt_min_depth: self.tt_min_depth,
            use_table_move: self.use_table_move,
            pvs: self.pvs,
            etc_min_depth: self.etc_min_depth,
            probcut: self.probcut,
            split_min_depth: self.split_min_depth,
        }
    }

    fn counters(&self) -> Counters {
        Counters {
            nodes: self.nodes,
            evaluations: self.evaluations,
            probcuts: self.probcuts,
            stats: self.stats,
        }
    }

    /// Adds another thread's counts and takes back its game's.
    fn absorb(&mut self, c: &Counters, game: G) {
        self.nodes += c.nodes;
        self.evaluations += c.evaluations;
        self.probcuts += c.probcuts;
        self.stats.add(&c.stats);
        self.control.counted_elsewhere(c.nodes);
        self.game.join(game);
    }

    /// Runs `f` on `threads`: with one, on this search; with more, on a search of a fork
    /// of the game on the pool, whose null-window nodes then share their moves with the
    /// idle threads (young brothers wait), its counts added back here after. A search
    /// stopped there is stopped here.
    pub fn run_on<R: Send>(
        &mut self,
        threads: &Threads,
        f: impl for<'b> FnOnce(&mut TreeSearch<'b, G>) -> R + Send,
    ) -> R {
        let game = match self.game.fork() {
            Some(game) if threads.count() > 1 => game,
            _ => return f(self),
        };
        let team = AtomicU64::new(0);
        let mut share = self.control.share(&team);
        share.node_limit = share.node_limit.map(|n| n.saturating_sub(self.nodes));
        let settings = self.settings();
        let (result, counters, stopped, game) = threads.run(|_| {
            let mut t = settings.search(&game, share, None);
            let result = f(&mut t);
            t.control.settle(t.nodes);
            let (counters, stopped) = (t.counters(), t.stopped());
            (result, counters, stopped, game)
        });
        self.absorb(&counters, game);
        if stopped {
            self.control.halt();
        }
        result
    }

    /// Whether a null-window node `depth` plies deep with `moves_left` moves still to
    /// search shares them out.
    #[inline(always)]
    fn splits(&self, depth: u32, moves_left: usize) -> bool {
        self.team.is_some() && moves_left > 1 && depth >= self.split_min_depth
    }

    /// Young brothers wait at a null-window node (its first move searched, without a
    /// cutoff): `moves` searched against `alpha` by this thread and the idle ones, each
    /// taking the next in order; the first to cut off ends the others' work. The best score
    /// and move over them; on a stop without a cutoff, this search stops too.
    fn split(&mut self, pos: &G::Pos, depth: u32, alpha: i32, moves: &[Move]) -> (i32, Move) {
        let (share, parent) = self.team.expect("a parallel search splits");
        let workers = workers_for(moves.len());
        let games: Vec<G> = (0..workers)
            .map(|_| self.game.fork().expect("a game searched in parallel forks"))
            .collect();
        let abort = Abort::new(parent);
        let next = AtomicUsize::new(0);
        let best = AtomicU64::new(pack(-INFINITY, NO_MOVE));
        let done: Mutex<Vec<(Counters, bool, G)>> = Mutex::new(Vec::with_capacity(workers));
        let settings = self.settings();
        let work = |game: G| {
            let mut t = settings.search(&game, share, Some(&abort));
            let mut halted = false;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= moves.len() || abort.is_raised() {
                    break;
                }
                let mv = moves[i];
                let child = game.play(pos, mv);
                let v = -t.null_window(&child, t.child_depth(mv, depth), -alpha - 1);
                if t.stopped() {
                    halted = true;
                    break;
                }
                best.fetch_max(pack(v, mv), Ordering::Relaxed);
                if v > alpha {
                    abort.raise();
                    break;
                }
            }
            t.control.settle(t.nodes);
            let counters = t.counters();
            done.lock()
                .expect("no thread panics holding it")
                .push((counters, halted, game));
        };
        share_out(games, &work);
        let mut halted = false;
        for (counters, h, game) in done.into_inner().expect("no thread panicked") {
            halted |= h;
            self.absorb(&counters, game);
        }
        let (score, mv) = unpack(best.into_inner());
        if score <= alpha && (halted || abort.is_raised()) {
            // Some move was not searched to the end (a stop, or a cutoff above): no bound
            // holds.
            self.control.halt();
        }
        (score, mv)
    }

    /// Whether the search was stopped; any score returned since is meaningless.
    pub fn stopped(&self) -> bool {
        self.control.stopped()
    }

    /// Fail-soft alpha-beta with memory at the root (Plaat et al.'s AlphaBetaWithMemory,
    /// negamax form): the value of `root` searched to `depth` within `(alpha, beta)`, and
    /// the move that gave it (the best scoring move also when every move fails low; the
    /// table's move when its bounds settle the root; [`NO_MOVE`] at a leaf).
    pub fn root(&mut self, root: &G::Pos, depth: u32, alpha: i32, beta: i32) -> (i32, Move) {
        debug_assert!(alpha < beta);
        let node = match self.enter(root, depth, alpha, beta) {
            Entered::Settled(score, mv) => return (score, mv),
            Entered::Open(node) => node,
        };
        // No ProbCut at the root: it must search its moves to report one.
        let (best, best_move) = if node.is_null_window() {
            self.null_window_moves(root, depth, &node)
        } else {
            self.principal_moves(root, depth, &node)
        };
        self.leave(root, depth, &node, best, best_move);
        (best, best_move)
    }

    /// A node searched within `(alpha, beta)`: a null-window node when the window is
    /// one wide, else a principal-variation node.
    fn search(&mut self, pos: &G::Pos, depth: u32, alpha: i32, beta: i32) -> i32 {
        if beta - alpha == 1 {
            self.null_window(pos, depth, alpha)
        } else {
            self.principal(pos, depth, alpha, beta)
        }
    }

    /// A principal-variation node: the value of `pos` within the wide window
    /// `(alpha, beta)`. When the table's bounds narrow it to a null window, the node
    /// goes on as a null-window node.
    fn principal(&mut self, pos: &G::Pos, depth: u32, alpha: i32, beta: i32) -> i32 {
        let node = match self.enter(pos, depth, alpha, beta) {
            Entered::Settled(score, _) => return score,
            Entered::Open(node) => node,
        };
        if node.is_null_window() {
            return self.search_null_window(pos, depth, &node);
        }
        let (best, best_move) = self.principal_moves(pos, depth, &node);
        self.leave(pos, depth, &node, best, best_move);
        best
    }

    /// A null-window node: the value of `pos` against the window `(alpha, alpha + 1)`,
    /// fail-soft (at most `alpha` proves the value is at most that, more proves it at
    /// least that). ProbCut may answer without the full search.
    pub fn null_window(&mut self, pos: &G::Pos, depth: u32, alpha: i32) -> i32 {
        match self.enter(pos, depth, alpha, alpha + 1) {
            Entered::Settled(score, _) => score,
            Entered::Open(node) => self.search_null_window(pos, depth, &node),
        }
    }

    /// A null-window node after [`TreeSearch::enter`]: ProbCut, else its moves; stored.
    #[inline(always)]
    fn search_null_window(&mut self, pos: &G::Pos, depth: u32, node: &Node) -> i32 {
        if let Some(score) = self.try_probcut(pos, depth, node.alpha) {
            return score;
        }
        let (best, best_move) = self.null_window_moves(pos, depth, node);
        self.leave(pos, depth, node, best, best_move);
        best
    }

    /// Counts the node, polls the stop, and probes the table: settled when the stored
    /// bounds decide the window (or the search stopped), else the window they narrow.
    #[inline(always)]
    fn enter(&mut self, pos: &G::Pos, depth: u32, mut alpha: i32, mut beta: i32) -> Entered {
        self.nodes += 1;
        if self.control.poll(self.nodes) {
            return Entered::Settled(0, NO_MOVE);
        }
        let use_table = depth >= self.tt_min_depth;
        let key = if use_table { self.game.hash(pos) } else { 0 };
        let mut table_move = NO_MOVE;
        if use_table {
            self.stats.probes += 1;
        }
        if use_table && let Some(e) = self.tt.probe(key) {
            self.stats.hits += 1;
            if e.bounds_usable(depth, self.precision()) {
                let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                if lower >= beta || upper <= alpha || lower == upper {
                    self.stats.cutoffs += 1;
                    let score = if lower >= beta { lower } else { upper };
                    return Entered::Settled(score, e.best_move);
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
            table_move = e.best_move;
        }
        Entered::Open(Node {
            key,
            use_table,
            alpha,
            beta,
            table_move,
        })
    }

    /// Stores a searched node's value in the table, when it is deep enough for it and the
    /// search was not stopped (the value is then meaningless).
    #[inline(always)]
    fn leave(&mut self, pos: &G::Pos, depth: u32, node: &Node, best: i32, best_move: Move) {
        if node.use_table && !self.control.stopped() {
            let precision = if self.is_selective(pos, depth) {
                self.precision()
            } else {
                FULL_WIDTH
            };
            let stored = self.tt.store(
                node.key, depth, precision, node.alpha, node.beta, best, best_move,
            );
            self.stats.stores += 1;
            self.stats.overwrites += u64::from(stored == Stored::Evicted);
        }
    }

    /// The moves of `pos` in search order, the table's move first; `None` at a leaf
    /// (no depth left, or the game is over).
    #[inline(always)]
    fn ordered_moves(&self, pos: &G::Pos, depth: u32, table_move: Move) -> Option<MoveList> {
        let mut moves = MoveList::default();
        if depth > 0 {
            self.game.moves(pos, depth, &mut moves);
        }
        if moves.is_empty() {
            return None;
        }
        if self.use_table_move && table_move != NO_MOVE {
            moves.move_to_front(table_move);
        }
        Some(moves)
    }

    /// A leaf's value: its evaluation, and no move.
    #[inline(always)]
    fn leaf(&mut self, pos: &G::Pos) -> (i32, Move) {
        self.evaluations += 1;
        (self.game.evaluate(pos), NO_MOVE)
    }

    /// The depth left after `mv` at a node `depth` plies deep (a pass uses none).
    #[inline(always)]
    fn child_depth(&self, mv: Move, depth: u32) -> u32 {
        if self.game.is_pass(mv) {
            depth
        } else {
            depth - 1
        }
    }

    /// The best value and move over the moves of a null-window node (the leaf's
    /// evaluation at a leaf); every child is a null-window node too. On a stop, 0.
    ///
    /// The table's move is searched before the other moves are ordered: it cuts most
    /// nodes that have one (MTD(f) searches the same tree again and again), and then their
    /// ordering (an evaluation of every child from [`SearchConfig::eval_order_min_depth`]
    /// plies) would be wasted. The order of the search is the one [`SearchGame::moves`]
    /// with the table's move in front gives.
    #[inline(always)]
    fn null_window_moves(&mut self, pos: &G::Pos, depth: u32, node: &Node) -> (i32, Move) {
        let mut list = MoveList::default();
        if depth > 0 {
            self.game.unordered_moves(pos, &mut list);
        }
        if list.is_empty() {
            return self.leaf(pos);
        }
        let alpha = node.alpha;
        if depth >= self.etc_min_depth
            && let Some(cut) = self.transposition_cutoff(pos, depth, alpha, list.as_slice())
        {
            return cut;
        }
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        let table_move = node.table_move;
        let eldest = self.use_table_move && table_move != NO_MOVE && list.remove(table_move);
        if eldest {
            let child = self.game.play(pos, table_move);
            best = -self.null_window(&child, self.child_depth(table_move, depth), -alpha - 1);
            best_move = table_move;
            if self.control.stopped() {
                return (0, best_move);
            }
            if best > alpha || list.is_empty() {
                return (best, best_move);
            }
        }
        // The others are taken best first one at a time: the first of them often cuts.
        let moves = list.as_mut_slice();
        let mut keys = [0; MAX_MOVES];
        let keys = &mut keys[..moves.len()];
        let keyed = self.game.order_keys(pos, depth, moves, keys);
        // Young brothers wait: the others are shared out once the eldest is searched.
        if eldest && self.splits(depth, moves.len()) {
            if keyed {
                sort_by_keys(moves, keys);
            }
            return self.split_rest(pos, depth, alpha, moves, (best, best_move));
        }
        for i in 0..moves.len() {
            if keyed {
                take_best(moves, keys, i);
            }
            let mv = moves[i];
            let child = self.game.play(pos, mv);
            let v = -self.null_window(&child, self.child_depth(mv, depth), -alpha - 1);
            if self.control.stopped() {
                return (0, best_move);
            }
            if v > best {
                best = v;
                best_move = mv;
                if best > alpha {
                    break;
                }
            }
            if i == 0 && self.splits(depth, moves.len() - 1) {
                if keyed {
                    sort_by_keys(&mut moves[1..], &mut keys[1..]);
                }
                return self.split_rest(pos, depth, alpha, &moves[1..], (best, best_move));
            }
        }
        (best, best_move)
    }

    /// The moves `rest` of a null-window node shared out among the threads, given the best
    /// value and move of those searched before them: the node's value and move.
    fn split_rest(
        &mut self,
        pos: &G::Pos,
        depth: u32,
        alpha: i32,
        rest: &[Move],
        (mut best, mut best_move): (i32, Move),
    ) -> (i32, Move) {
        let (v, mv) = self.split(pos, depth, alpha, rest);
        if self.control.stopped() {
            return (0, best_move);
        }
        if v > best {
            best = v;
            best_move = mv;
        }
        (best, best_move)
    }

    /// Enhanced transposition cutoff at a null-window node `(alpha, alpha + 1)`: the first
    /// of `moves` whose child the table bounds above by at most `-alpha - 1` (at the
    /// child's depth and this search's precision) proves the node above `alpha` without a
    /// search: its value is then at least minus that bound.
    #[inline(always)]
    fn transposition_cutoff(
        &mut self,
        pos: &G::Pos,
        depth: u32,
        alpha: i32,
        moves: &[Move],
    ) -> Option<(i32, Move)> {
        // The children the table keeps, each with its depth and hash: every one's bucket
        // starts to load before any is read, so that their misses overlap.
        let mut children = [(0 as Move, 0u32, 0u64); MAX_MOVES];
        let mut n = 0;
        for &mv in moves {
            let d = self.child_depth(mv, depth);
            if d >= self.tt_min_depth {
                let key = self.game.child_hash(pos, mv);
                self.tt.prefetch(key);
                children[n] = (mv, d, key);
                n += 1;
            }
        }
        for &(mv, d, key) in &children[..n] {
            self.stats.probes += 1;
            let Some(e) = self.tt.probe(key) else {
                continue;
            };
            self.stats.hits += 1;
            if e.bounds_usable(d, self.precision()) && -i32::from(e.upper) > alpha {
                self.stats.cutoffs += 1;
                self.stats.child_cutoffs += 1;
                return Some((-i32::from(e.upper), mv));
            }
        }
        None
    }

    /// The best value and move over the moves of a principal-variation node (the leaf's
    /// evaluation at a leaf): the first move with the full window; each later one, under
    /// PVS, with a null window above the best so far and again in full only when it
    /// lands inside the window. On a stop, 0.
    fn principal_moves(&mut self, pos: &G::Pos, depth: u32, node: &Node) -> (i32, Move) {
        let Some(moves) = self.ordered_moves(pos, depth, node.table_move) else {
            return self.leaf(pos);
        };
        let beta = node.beta;
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        let mut a = node.alpha;
        for (i, &mv) in moves.as_slice().iter().enumerate() {
            let child = self.game.play(pos, mv);
            let d = self.child_depth(mv, depth);
            let v = if self.pvs && i > 0 && beta - a > 1 {
                let v = -self.null_window(&child, d, -a - 1);
                if v > a && v < beta && !self.control.stopped() {
                    -self.search(&child, d, -beta, -a)
                } else {
                    v
                }
            } else {
                -self.search(&child, d, -beta, -a)
            };
            if self.control.stopped() {
                return (0, best_move);
            }
            if v > best {
                best = v;
                best_move = mv;
            }
            a = a.max(v);
            if best >= beta {
                break;
            }
        }
        (best, best_move)
    }

    /// MTD(f) from `first_guess` to `depth` (Plaat's driver: `beta = g + 1` when `g` is the
    /// lower bound, else `beta = g`).
    pub fn mtdf(&mut self, root: &G::Pos, depth: u32, first_guess: i32) -> RootResult {
        let mut g = first_guess;
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        let mut best_move = NO_MOVE;
        let mut last_move = NO_MOVE;
        let mut passes = 0;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            (g, last_move) = self.root(root, depth, beta - 1, beta);
            passes += 1;
            if self.control.stopped() {
                break;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
                best_move = last_move;
            }
        }
        if best_move == NO_MOVE {
            best_move = last_move;
        }
        RootResult {
            score: g,
            best_move,
            passes,
        }
    }

    /// PVS at the root with an aspiration window of `window` around `guess`, widened to
    /// the side that fails until the value is inside.
    pub fn aspiration(&mut self, root: &G::Pos, depth: u32, guess: i32, window: i32) -> RootResult {
        let window = window.max(1);
        let (mut alpha, mut beta) = (guess - window, guess + window);
        let mut passes = 0;
        loop {
            let (v, best_move) = self.root(root, depth, alpha, beta);
            passes += 1;
            if self.control.stopped() || (v > alpha && v < beta) {
                return RootResult {
                    score: v,
                    best_move,
                    passes,
                };
            }
            if v <= alpha {
                alpha = -INFINITY;
            } else {
                beta = INFINITY;
            }
        }
    }

    /// The principal variation read from the table's best moves (at most `max_len` plies).
    pub fn principal_variation(&self, root: &G::Pos, max_len: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut pos = *root;
        while pv.len() < max_len {
            let Some(e) = self.tt.probe(self.game.hash(&pos)) else {
                break;
            };
            let mut moves = MoveList::default();
            self.game.moves(&pos, 0, &mut moves);
            if e.best_move == NO_MOVE || !moves.as_slice().contains(&e.best_move) {
                break;
            }
            pv.push(e.best_move);
            pos = self.game.play(&pos, e.best_move);
        }
        pv
    }
}

/// ProbCut at the null-window nodes (see [`ProbCut`]).
impl<G: SearchGame> TreeSearch<'_, G> {
    /// The precision of the bounds this search finds where ProbCut may cut:
    /// [`ProbCut::precision`], or [`FULL_WIDTH`] without ProbCut. The table serves a node
    /// only bounds at least this sure.
    pub fn precision(&self) -> u8 {
        self.probcut.map_or(FULL_WIDTH, |pc| pc.precision())
    }

    /// Whether ProbCut may have pruned the search of `pos` to `depth` (somewhere below it):
    /// its result is then stored with this search's precision, which a surer search does
    /// not trust. Nodes too shallow for ProbCut, and searches reaching the end of the game
    /// (unless the endgame is cut too), stay full-width, as does everything below them.
    pub(super) fn is_selective(&self, pos: &G::Pos, depth: u32) -> bool {
        self.probcut_here(pos, depth).is_some()
    }

    /// ProbCut, the depth of the search it predicts and the plies left to the game's end when
    /// ProbCut may cut `pos` searched to `depth`: it is on, the node is deep enough, and the
    /// search does not reach the end (or, with [`ProbCut::endgame`], does so with enough
    /// plies left). A search to the end is predicted as one of `plies_left` plies.
    fn probcut_here(&self, pos: &G::Pos, depth: u32) -> Option<(ProbCut, u32, u32)> {
        let pc = self.probcut?;
        let plies_left = self.game.plies_left(pos);
        let deep = if depth < plies_left {
            depth
        } else if pc.endgame {
            plies_left
        } else {
            return None;
        };
        // The shallow search must be shallower than the node, or ProbCut would recurse
        // without end (SearchConfig checks min_depth >= 2, where this always holds).
        (deep >= pc.min_depth && ProbCut::shallow_depth(deep) < deep)
            .then_some((pc, deep, plies_left))
    }

    /// ProbCut at the null-window node `(alpha, alpha + 1)` (see [`ProbCut`]):
    /// `Some(alpha + 1)` or `Some(alpha)` when the shallow search predicts a cut, `None` to
    /// search in full (also when ProbCut is off, the node is too shallow, or a search this
    /// deep reaches the end of the game outside the selective endgame search).
    pub(super) fn try_probcut(&mut self, pos: &G::Pos, depth: u32, alpha: i32) -> Option<i32> {
        let (pc, deep, plies_left) = self.probcut_here(pos, depth)?;
        let beta = alpha + 1;
        // The model's pairing before the end; about half the empties at the end (the
        // endgame terms are fitted for that).
        let shallow = if deep < plies_left {
            pc.shallow(deep)
        } else {
            ProbCut::shallow_depth(deep)
        };
        let (bias, margin) = pc.margin(deep, plies_left);
        // The evaluation's gate: a test whose bound the position's own evaluation is too far
        // from is not tried (the shallow search would most likely not cut).
        let gate = (pc.eval_gate > 0.0).then(|| {
            let (eval, slack) = (
                f64::from(self.game.evaluate(pos)),
                pc.eval_gate * margin / pc.t,
            );
            (eval + slack, eval - slack)
        });
        let high = (f64::from(beta) - bias + margin).ceil() as i32;
        if high < INFINITY && gate.is_none_or(|(up, _)| up >= f64::from(high)) {
            let v = self.null_window(pos, shallow, high - 1);
            if self.control.stopped() {
                return Some(0);
            }
            if v >= high {
                self.probcuts += 1;
                return Some(beta);
            }
        }
        let low = (f64::from(alpha) - bias - margin).floor() as i32;
        if low > -INFINITY && gate.is_none_or(|(_, down)| down <= f64::from(low)) {
            let v = self.null_window(pos, shallow, low);
            if self.control.stopped() {
                return Some(0);
            }
            if v <= low {
                self.probcuts += 1;
                return Some(alpha);
            }
        }
        None
    }
}
