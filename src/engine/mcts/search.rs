//! The search driver: select, expand, play out or solve, back up; limits, progress, the
//! answer, and the tree kept between searches.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::board::Board;
use crate::engine::control::{Clock, Move, MoveScores, SearchInfo};
use crate::engine::eval::Evaluate;
use crate::engine::mcts::config::MctsConfig;
use crate::engine::mcts::game::{MctsGame, Outcome};
use crate::engine::mcts::othello::{OthelloMcts, win_rate_to_discs};
use crate::engine::mcts::playout::Rng;
use crate::engine::mcts::tree::{Tree, Uct};
use crate::engine::square::Square;

/// When a search stops; `None` means no limit of that kind. With neither, it runs until
/// its stop flag is raised or the root is proven.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MctsLimits {
    /// Stop after this many playouts (iterations) of this search; visits kept from the
    /// previous search do not count.
    pub playouts: Option<u64>,
    /// Stop after this many milliseconds of the handed clock.
    pub time_ms: Option<u64>,
}

/// One root move's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove {
    /// The move (for Othello a square index, 64 for a pass).
    pub mv: Move,
    /// Playouts through it.
    pub visits: u64,
    /// Their mean result for the side to move at the root: win 1, draw 0.5, loss 0.
    pub win_rate: f64,
    /// What is proven of the move, for the side to move at the root.
    pub proven: Option<Outcome>,
}

impl RootMove {
    /// The move as a square (`None` for a pass).
    pub fn square(&self) -> Option<Square> {
        (self.mv < 64).then(|| Square::from_index(self.mv))
    }
}

/// What a search found so far (also its answer).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MctsInfo {
    /// The move to play: a proven win if there is one, else the most visited (ties to the
    /// better mean, then the first). `None` when the game is over.
    pub best_move: Option<Move>,
    /// Each root move in the game's order (square order for Othello).
    pub root_moves: Vec<RootMove>,
    /// Playouts of this search.
    pub playouts: u64,
    /// Visits of the root kept from the previous search (tree reuse).
    pub reused_visits: u64,
    /// The root's visits: kept plus new.
    pub root_visits: u64,
    /// The root's mean result for its side to move (the proven value when proven).
    pub win_rate: f64,
    /// What is proven of the root for its side to move.
    pub proven: Option<Outcome>,
    /// Nodes in the tree.
    pub tree_nodes: u64,
    /// Leaves solved exactly by the solver in this search.
    pub solved_leaves: u64,
    /// The line of most visited moves from the root.
    pub pv: Vec<Move>,
    /// Milliseconds since the search began, on the handed clock.
    pub elapsed_ms: u64,
    /// Whether the stop flag ended the search.
    pub stopped: bool,
}

impl MctsInfo {
    /// Playouts per second so far (0 before the first millisecond).
    pub fn playouts_per_second(&self) -> u64 {
        (self.playouts * 1000)
            .checked_div(self.elapsed_ms)
            .unwrap_or(0)
    }

    /// The best move as a square (`None` for a pass or a game over).
    pub fn best_square(&self) -> Option<Square> {
        self.best_move.filter(|&m| m < 64).map(Square::from_index)
    }

    /// Each root move's share of the root's playouts, 0..=1, in [`MctsInfo::root_moves`]
    /// order (all 0 before the first playout).
    pub fn visit_shares(&self) -> Vec<f64> {
        let total: u64 = self.root_moves.iter().map(|m| m.visits).sum();
        self.root_moves
            .iter()
            .map(|m| {
                if total == 0 {
                    0.0
                } else {
                    m.visits as f64 / total as f64
                }
            })
            .collect()
    }

    /// The root moves as the alpha-beta hints score them ([`Searcher::score_moves_with`]),
    /// for the app's hints: each move's win rate in discs, as [`MctsInfo::search_info`]
    /// scores the root (-63..=63; a move proven won +63, lost -63, drawn 0), in square
    /// order. Moves without a playout are left out (their rate says nothing); `depth` is
    /// the line's length, and `exact` is false: a proof gives the winner, not the margin.
    ///
    /// [`Searcher::score_moves_with`]: crate::engine::Searcher::score_moves_with
    pub fn move_scores(&self, prior_scale_discs: f64) -> MoveScores {
        MoveScores {
            depth: self.pv.len() as u32,
            exact: false,
            scores: self
                .root_moves
                .iter()
                .filter(|m| m.visits > 0 || m.proven.is_some())
                .filter_map(|m| {
                    let score = match m.proven {
                        Some(o) => 63 * o.sign(),
                        None => win_rate_to_discs(m.win_rate, prior_scale_discs),
                    };
                    Some((m.square()?, score))
                })
                .collect(),
            line: self
                .pv
                .iter()
                .filter(|&&m| m < 64)
                .map(|&m| Square::from_index(m))
                .collect(),
            confidence_pct: None,
        }
    }

    /// The same as the alpha-beta searches report it, for the app and the command line.
    /// `score` is the root's win rate `p` in discs, `scale * ln(p / (1 - p))` (the inverse
    /// of the priors' curve, `prior_scale_discs`), within -63..=63; a proven root gives
    /// `wld` and a score of that sign (+1, 0, -1: the margin is not known). `depth` is the
    /// length of the line of most visited moves, `nodes` the playouts, `win_permille` the
    /// root's win rate. Passes are left out of the line.
    pub fn search_info(&self, prior_scale_discs: f64) -> SearchInfo {
        let (score, wld) = match self.proven {
            Some(o) => (o.sign(), Some(o.sign())),
            None => (win_rate_to_discs(self.win_rate, prior_scale_discs), None),
        };
        SearchInfo {
            depth: self.pv.len() as u32,
            score,
            exact: false,
            wld,
            best_move: self.best_square(),
            pv: self
                .pv
                .iter()
                .filter(|&&m| m < 64)
                .map(|&m| Square::from_index(m))
                .collect(),
            nodes: self.playouts,
            elapsed_ms: self.elapsed_ms,
            win_permille: Some((self.win_rate.clamp(0.0, 1.0) * 1000.0).round() as u16),
            confidence_pct: None,
        }
    }
}

/// Monte Carlo tree search (UCT with progressive bias and MCTS-Solver) on a game, Othello
/// by default. It keeps its tree between searches: a search from a position one or two
/// plies below the last root starts from that subtree.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::Instant;
/// use reversi::engine::{Board, Mcts, MctsConfig, MctsLimits, PatternEval};
///
/// let mut mcts = Mcts::new(MctsConfig::default(), PatternEval::shipped_shared(), 1);
/// let limits = MctsLimits { playouts: Some(2000), time_ms: None };
/// let info = mcts.search(&Board::start(), &limits, &AtomicBool::new(false), &Instant::now(), &mut |_| {});
/// assert_eq!(info.playouts, 2000);
/// assert!(info.best_square().is_some());
/// ```
pub struct Mcts<G: MctsGame = OthelloMcts> {
    game: G,
    config: MctsConfig,
    tree: Option<Tree<G::Pos>>,
    rng: Rng,
}

impl Mcts<OthelloMcts> {
    /// Othello with `config`, `eval` for the priors, and the random numbers seeded by `seed`.
    ///
    /// # Panics
    /// When the solver's table (`solver_table_mib`) cannot be allocated.
    pub fn new(config: MctsConfig, eval: Arc<dyn Evaluate>, seed: u64) -> Mcts<OthelloMcts> {
        let game = OthelloMcts::new(&config, eval);
        Mcts::with_game(game, config, seed)
    }

    /// Takes new settings; the tree is kept.
    pub fn set_config(&mut self, config: MctsConfig) {
        self.game.set_config(&config);
        self.config = config;
    }

    /// Searches an Othello position; see [`Mcts::search_pos`].
    pub fn search(
        &mut self,
        board: &Board,
        limits: &MctsLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&MctsInfo),
    ) -> MctsInfo {
        self.search_pos(board, limits, stop, clock, progress)
    }
}

/// One search's state: counters and the report's clock.
struct Run<'a> {
    limits: MctsLimits,
    stop: &'a AtomicBool,
    clock: &'a dyn Clock,
    playouts: u64,
    solved: u64,
    reused: u64,
    next_report_ms: u64,
    stopped: bool,
}

impl<G: MctsGame> Mcts<G> {
    /// Search on any game, seeded by `seed`.
    pub fn with_game(game: G, config: MctsConfig, seed: u64) -> Mcts<G> {
        Mcts {
            game,
            config,
            tree: None,
            rng: Rng::new(seed),
        }
    }

    /// The settings in force.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Forgets the tree (a new game).
    pub fn clear(&mut self) {
        self.tree = None;
    }

    /// Reseeds the random numbers.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Searches `pos` until a limit, the stop flag (read before every playout) or a proof
    /// of the root, reporting to `progress` every `progress_ms` of `clock`; returns the
    /// answer. Starts from the last tree's subtree when `pos` is one or two plies below its
    /// root (the visits kept are [`MctsInfo::reused_visits`]), else from a new tree. Where
    /// the root has a proven win it plays it at once.
    pub fn search_pos(
        &mut self,
        pos: &G::Pos,
        limits: &MctsLimits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&MctsInfo),
    ) -> MctsInfo {
        let mut tree = match self.tree.take() {
            Some(t) if t.nodes[0].pos == *pos => t,
            Some(mut t) => match t.find_descendant(pos) {
                Some(at) => {
                    t.reroot(at);
                    t
                }
                None => Tree::new(*pos),
            },
            None => Tree::new(*pos),
        };
        let priors = self.config.prior_weight > 0.0;
        if !tree.nodes[0].is_expanded() {
            // A leaf that the solver proved says nothing of which move proves it: its
            // children will prove it again.
            tree.nodes[0].proof = None;
            tree.expand(0, &self.game, priors);
        }
        let mut run = Run {
            limits: *limits,
            stop,
            clock,
            playouts: 0,
            solved: 0,
            reused: u64::from(tree.nodes[0].visits),
            next_report_ms: self.config.progress_ms,
            stopped: false,
        };
        let uct = Uct {
            exploration: self.config.exploration,
            prior_weight: self.config.prior_weight,
        };
        let check_every = u64::from(self.config.clock_check_playouts);
        let mut path = Vec::with_capacity(64);
        while tree.nodes[0].proof.is_none() {
            if run.limits.playouts.is_some_and(|n| run.playouts >= n) {
                break;
            }
            if run.playouts.is_multiple_of(check_every) && run.playouts > 0 {
                let now = clock.elapsed_ms();
                if run.limits.time_ms.is_some_and(|t| now >= t) {
                    break;
                }
                if now >= run.next_report_ms {
                    run.next_report_ms = now + self.config.progress_ms;
                    progress(&self.report(&tree, &run));
                }
            }
            if stop.load(Ordering::Relaxed) {
                run.stopped = true;
                break;
            }
            if !self.iterate(&mut tree, &mut path, uct, priors, &mut run) {
                break;
            }
            run.playouts += 1;
        }
        let info = self.report(&tree, &run);
        self.tree = Some(tree);
        info
    }

    /// One playout: down the tree by UCT, one node added, a playout or a solve from it, the
    /// result backed up. False when the stop flag or the clock cut a solve short (nothing
    /// is counted then).
    fn iterate(
        &mut self,
        tree: &mut Tree<G::Pos>,
        path: &mut Vec<usize>,
        uct: Uct,
        priors: bool,
        run: &mut Run<'_>,
    ) -> bool {
        path.clear();
        let mut at = 0;
        path.push(at);
        let result = loop {
            let node = &tree.nodes[at];
            if let Some(p) = node.proof {
                break p.half_points();
            }
            if !node.is_expanded() {
                if self.game.solvable(&node.pos) {
                    let deadline = run.limits.time_ms.map(|t| (run.clock, t));
                    let Some(outcome) = self.game.solve(&node.pos, run.stop, deadline) else {
                        run.stopped = run.stop.load(Ordering::Relaxed);
                        return false;
                    };
                    run.solved += 1;
                    tree.nodes[at].proof = Some(outcome);
                    break outcome.half_points();
                }
                let room = tree.nodes.len() + 64 <= self.config.max_nodes as usize;
                if node.visits >= self.config.expand_visits && room {
                    tree.expand(at, &self.game, priors);
                } else {
                    let pos = node.pos;
                    break self.game.playout(&pos, &mut self.rng);
                }
            }
            match tree.select(at, uct) {
                Some(child) => {
                    at = child;
                    path.push(at);
                }
                // Every child is won for the opponent: the node is lost.
                None => {
                    tree.nodes[at].proof = Some(Outcome::Loss);
                    break Outcome::Loss.half_points();
                }
            }
        };
        tree.backup(path, result);
        if tree.nodes[at].proof.is_some() {
            tree.propagate_proofs(path);
        }
        true
    }

    /// The answer so far.
    fn report(&self, tree: &Tree<G::Pos>, run: &Run<'_>) -> MctsInfo {
        let root = &tree.nodes[0];
        let root_moves: Vec<RootMove> = root
            .children()
            .map(|c| {
                let n = &tree.nodes[c];
                RootMove {
                    mv: n.mv,
                    visits: u64::from(n.visits),
                    win_rate: 1.0 - n.mean(),
                    proven: n.proof.map(Outcome::flip),
                }
            })
            .collect();
        let best = best_child(tree, 0);
        let mut pv = Vec::new();
        let mut at = best;
        while let Some(c) = at.filter(|&c| tree.nodes[c].visits > 0) {
            pv.push(tree.nodes[c].mv);
            at = best_child(tree, c);
        }
        MctsInfo {
            best_move: best.map(|c| tree.nodes[c].mv),
            root_moves,
            playouts: run.playouts,
            reused_visits: run.reused,
            root_visits: u64::from(root.visits),
            win_rate: root
                .proof
                .map_or(root.mean(), |p| f64::from(p.half_points()) / 2.0),
            proven: root.proof,
            tree_nodes: tree.nodes.len() as u64,
            solved_leaves: run.solved,
            pv,
            elapsed_ms: run.clock.elapsed_ms(),
            stopped: run.stopped,
        }
    }
}

/// The child of `at` to play: one proven lost for its side to move, else a proven draw when
/// `at` is proven drawn, else the most visited of those not proven won for the opponent
/// (all of them when all are; ties to the better mean, then the first). `None` when `at`
/// has no children.
fn best_child<P: Copy + PartialEq>(tree: &Tree<P>, at: usize) -> Option<usize> {
    let node = &tree.nodes[at];
    let children = node.children();
    if let Some(c) = children
        .clone()
        .find(|&c| tree.nodes[c].proof == Some(Outcome::Loss))
    {
        return Some(c);
    }
    if node.proof == Some(Outcome::Draw) {
        return children
            .clone()
            .find(|&c| tree.nodes[c].proof == Some(Outcome::Draw));
    }
    // Every move loses (the root's proof may not say so yet: a search stopped before its
    // first playout has only the proofs its children got when they were made).
    let lost = node.proof == Some(Outcome::Loss)
        || children
            .clone()
            .all(|c| tree.nodes[c].proof == Some(Outcome::Win));
    let mut best: Option<usize> = None;
    for c in children {
        let n = &tree.nodes[c];
        if n.proof == Some(Outcome::Win) && !lost {
            continue;
        }
        let better = match best {
            None => true,
            Some(b) => {
                let m = &tree.nodes[b];
                n.visits > m.visits || (n.visits == m.visits && n.mean() < m.mean())
            }
        };
        if better {
            best = Some(c);
        }
    }
    best
}
