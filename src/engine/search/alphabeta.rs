//! The search algorithms, generic over [`SearchGame`]: plain negamax, fail-soft alpha-beta,
//! alpha-beta with memory and NegaScout/PVS over a transposition table, and MTD(f).
//!
//! MTD(f): Plaat, Schaeffer, Pijls and de Bruin, "Best-first fixed-depth minimax
//! algorithms", Artificial Intelligence 87 (1996). A sequence of null-window calls of
//! AlphaBetaWithMemory, each storing lower and upper bounds in the table, converges on the
//! minimax value from a first guess: a lower and an upper bound close in until they meet.
//! PVS: Reinefeld 1983 (NegaScout), with an aspiration window at the root.

use crate::engine::search::config::ProbCutSigma;
use crate::engine::search::limits::StopPoller;
use crate::engine::search::tree::{Move, MoveList, SearchGame};
use crate::engine::search::tt::{NO_BOUND, NO_MOVE, TranspositionTable};

/// A score beyond every real score.
pub const INFINITY: i32 = NO_BOUND;

/// Plain negamax to `depth` plies (passes use no depth); counts evaluations in `evaluations`.
pub fn negamax<G: SearchGame>(game: &G, pos: &G::Pos, depth: u32, evaluations: &mut u64) -> i32 {
    let mut moves = MoveList::default();
    if depth > 0 {
        game.moves(pos, depth, &mut moves);
    }
    if moves.is_empty() {
        *evaluations += 1;
        return game.evaluate(pos);
    }
    moves
        .as_slice()
        .iter()
        .map(|&mv| {
            let d = if game.is_pass(mv) { depth } else { depth - 1 };
            -negamax(game, &game.play(pos, mv), d, evaluations)
        })
        .max()
        .expect("at least one move")
}

/// Fail-soft alpha-beta without memory (Knuth and Moore's F2 in negamax form); counts
/// evaluations in `evaluations`.
pub fn alpha_beta<G: SearchGame>(
    game: &G,
    pos: &G::Pos,
    depth: u32,
    alpha: i32,
    beta: i32,
    evaluations: &mut u64,
) -> i32 {
    let mut moves = MoveList::default();
    if depth > 0 {
        game.moves(pos, depth, &mut moves);
    }
    if moves.is_empty() {
        *evaluations += 1;
        return game.evaluate(pos);
    }
    let mut best = -INFINITY;
    let mut a = alpha;
    for &mv in moves.as_slice() {
        let d = if game.is_pass(mv) { depth } else { depth - 1 };
        let v = -alpha_beta(game, &game.play(pos, mv), d, -beta, -a, evaluations);
        best = best.max(v);
        a = a.max(v);
        if best >= beta {
            break;
        }
    }
    best
}

/// Which driver searches each iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Algorithm {
    /// MTD(f): null-window searches with memory converging on the value.
    #[default]
    Mtdf,
    /// NegaScout/PVS with an aspiration window around the previous iteration's score.
    Pvs,
}

/// ProbCut (Buro, "ProbCut: An effective selective extension of the alpha-beta algorithm",
/// ICCA Journal 18, 1995), recursive and with both bounds as in Multi-ProbCut: a shallow
/// search predicts a deep one, `v_d ~ v_s + bias` with a normal error of standard deviation
/// `sigma`. At a null-window node `d` plies deep the search first asks, with a null-window
/// search `s` plies deep, whether `v_s >= beta - bias + t * sigma`; if so it returns `beta`
/// without the deep search, and likewise below `alpha`. `t` sets how sure the cut must be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbCut {
    /// The confidence in standard deviations (larger: fewer, safer cuts).
    pub t: f64,
    /// Nodes with fewer plies left are searched in full.
    pub min_depth: u32,
    /// The error model.
    pub sigma: ProbCutSigma,
}

impl ProbCut {
    /// The depth of the shallow search that predicts a `depth`-ply one: about half of it,
    /// of the same parity (Othello's scores swing between odd and even depths): 2 for 4 and
    /// 6, 3 for 5 and 7, 4 for 8 and 10, 6 for 12 and 14.
    pub fn shallow_depth(depth: u32) -> u32 {
        2 * (depth / 4) + (depth & 1)
    }

    /// The cut margins at a `depth`-ply node with `empties` plies left to the end of the
    /// game: `(bias, t * sigma)`, in discs.
    pub fn margin(&self, depth: u32, empties: u32) -> (f64, f64) {
        let m = &self.sigma;
        let sigma = m.base + m.per_ply * f64::from(depth) + m.per_empty * f64::from(empties);
        let bias = if depth % 2 == 1 {
            m.bias_odd
        } else {
            m.bias_even
        };
        (bias, self.t * sigma.max(1.0))
    }
}

/// A search over a transposition table: the state shared by the algorithms with memory.
pub struct TreeSearch<'a, G: SearchGame> {
    /// The game searched.
    pub game: &'a G,
    /// The table (kept between searches by the caller).
    pub tt: &'a mut TranspositionTable,
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
    /// Stop flag and limits.
    pub control: StopPoller<'a>,
    /// Selective search: `None` searches every node to its full depth.
    pub probcut: Option<ProbCut>,
    /// Nodes cut by ProbCut.
    pub probcuts: u64,
    root_best: Move,
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

impl<'a, G: SearchGame> TreeSearch<'a, G> {
    /// A search of `game` using `tt`, watched by `control`.
    pub fn new(game: &'a G, tt: &'a mut TranspositionTable, control: StopPoller<'a>) -> Self {
        TreeSearch {
            game,
            tt,
            nodes: 0,
            evaluations: 0,
            tt_min_depth: 1,
            use_table_move: true,
            pvs: true,
            control,
            probcut: None,
            probcuts: 0,
            root_best: NO_MOVE,
        }
    }

    /// Whether the search was stopped; any score returned since is meaningless.
    pub fn stopped(&self) -> bool {
        self.control.stopped()
    }

    /// Fail-soft alpha-beta with memory (Plaat et al.'s AlphaBetaWithMemory, negamax form),
    /// NegaScout at wide-window nodes when [`TreeSearch::pvs`] is set. `ply` is the distance
    /// from the root, whose best move is remembered.
    pub fn alpha_beta_memory(
        &mut self,
        pos: &G::Pos,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
    ) -> i32 {
        debug_assert!(alpha < beta);
        self.nodes += 1;
        if self.control.poll(self.nodes) {
            return 0;
        }
        let use_table = depth >= self.tt_min_depth;
        let key = if use_table { self.game.hash(pos) } else { 0 };
        let mut table_move = NO_MOVE;
        if use_table && let Some(e) = self.tt.probe(key) {
            if e.bounds_usable(depth, self.probcut.is_some()) {
                let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                if lower >= beta || upper <= alpha || lower == upper {
                    self.tt.stats.cutoffs += 1;
                    if ply == 0 {
                        self.root_best = e.best_move;
                    }
                    return if lower >= beta { lower } else { upper };
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
            table_move = e.best_move;
        }
        if ply > 0
            && beta - alpha == 1
            && let Some(score) = self.try_probcut(pos, depth, alpha, beta, ply)
        {
            return score;
        }
        let mut moves = MoveList::default();
        if depth > 0 {
            self.game.moves(pos, depth, &mut moves);
        }
        let (best, best_move) = if moves.is_empty() {
            self.evaluations += 1;
            (self.game.evaluate(pos), NO_MOVE)
        } else {
            if self.use_table_move && table_move != NO_MOVE {
                moves.move_to_front(table_move);
            }
            let mut best = -INFINITY;
            let mut best_move = NO_MOVE;
            let mut a = alpha;
            for (i, &mv) in moves.as_slice().iter().enumerate() {
                let child = self.game.play(pos, mv);
                let d = if self.game.is_pass(mv) {
                    depth
                } else {
                    depth - 1
                };
                let v = if self.pvs && i > 0 && beta - a > 1 {
                    let v = -self.alpha_beta_memory(&child, d, -a - 1, -a, ply + 1);
                    if v > a && v < beta && !self.control.stopped() {
                        -self.alpha_beta_memory(&child, d, -beta, -a, ply + 1)
                    } else {
                        v
                    }
                } else {
                    -self.alpha_beta_memory(&child, d, -beta, -a, ply + 1)
                };
                if self.control.stopped() {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = mv;
                    if ply == 0 {
                        self.root_best = mv;
                    }
                }
                a = a.max(v);
                if best >= beta {
                    break;
                }
            }
            (best, best_move)
        };
        if use_table {
            let selective = self.is_selective(pos, depth);
            self.tt
                .store(key, depth, selective, alpha, beta, best, best_move);
        }
        best
    }

    /// Whether ProbCut may have pruned the search of `pos` to `depth` (somewhere below it):
    /// its result is then marked selective in the table, where a full-width search does
    /// not trust it. Nodes too shallow for ProbCut, and searches reaching the end of the
    /// game, stay full-width, as does everything below them.
    fn is_selective(&self, pos: &G::Pos, depth: u32) -> bool {
        self.probcut_here(pos, depth).is_some()
    }

    /// ProbCut and the plies left to the game's end when ProbCut may cut `pos` searched to
    /// `depth`: it is on, the node is deep enough, and the search does not reach the end.
    fn probcut_here(&self, pos: &G::Pos, depth: u32) -> Option<(ProbCut, u32)> {
        let pc = self.probcut?;
        let plies_left = self.game.plies_left(pos);
        // The shallow search must be shallower than the node, or ProbCut would recurse
        // without end (SearchConfig checks min_depth >= 2, where this always holds).
        (depth >= pc.min_depth && ProbCut::shallow_depth(depth) < depth && depth < plies_left)
            .then_some((pc, plies_left))
    }

    /// ProbCut at a null-window node (see [`ProbCut`]): `Some(beta)` or `Some(alpha)` when
    /// the shallow search predicts a cut, `None` to search in full (also when ProbCut is
    /// off, the node is too shallow, or a search this deep reaches the end of the game).
    fn try_probcut(
        &mut self,
        pos: &G::Pos,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        let (pc, plies_left) = self.probcut_here(pos, depth)?;
        let shallow = ProbCut::shallow_depth(depth);
        let (bias, margin) = pc.margin(depth, plies_left);
        let high = (f64::from(beta) - bias + margin).ceil() as i32;
        if high < INFINITY {
            let v = self.alpha_beta_memory(pos, shallow, high - 1, high, ply);
            if self.control.stopped() {
                return Some(0);
            }
            if v >= high {
                self.probcuts += 1;
                return Some(beta);
            }
        }
        let low = (f64::from(alpha) - bias - margin).floor() as i32;
        if low > -INFINITY {
            let v = self.alpha_beta_memory(pos, shallow, low, low + 1, ply);
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

    /// MTD(f) from `first_guess` to `depth` (Plaat's driver: `beta = g + 1` when `g` is the
    /// lower bound, else `beta = g`).
    pub fn mtdf(&mut self, root: &G::Pos, depth: u32, first_guess: i32) -> RootResult {
        let mut g = first_guess;
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        let mut best_move = NO_MOVE;
        let mut passes = 0;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            self.root_best = NO_MOVE;
            g = self.alpha_beta_memory(root, depth, beta - 1, beta, 0);
            passes += 1;
            if self.control.stopped() {
                break;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
                best_move = self.root_best;
            }
        }
        if best_move == NO_MOVE {
            best_move = self.root_best;
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
            self.root_best = NO_MOVE;
            let v = self.alpha_beta_memory(root, depth, alpha, beta, 0);
            passes += 1;
            if self.control.stopped() || (v > alpha && v < beta) {
                return RootResult {
                    score: v,
                    best_move: self.root_best,
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
            let Some(e) = self.tt.peek(self.game.hash(&pos)) else {
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
