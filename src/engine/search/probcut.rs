//! ProbCut (Buro, "ProbCut: An effective selective extension of the alpha-beta algorithm",
//! ICCA Journal 18, 1995) at the null-window nodes of a [`TreeSearch`]: its error model and
//! the cut test.

use crate::engine::search::alphabeta::INFINITY;
use crate::engine::search::config::ProbCutSigma;
use crate::engine::search::tree::SearchGame;
use crate::engine::search::tree_search::TreeSearch;

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

impl<G: SearchGame> TreeSearch<'_, G> {
    /// Whether ProbCut may have pruned the search of `pos` to `depth` (somewhere below it):
    /// its result is then marked selective in the table, where a full-width search does
    /// not trust it. Nodes too shallow for ProbCut, and searches reaching the end of the
    /// game, stay full-width, as does everything below them.
    pub(super) fn is_selective(&self, pos: &G::Pos, depth: u32) -> bool {
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

    /// ProbCut at the null-window node `(alpha, alpha + 1)` (see [`ProbCut`]):
    /// `Some(alpha + 1)` or `Some(alpha)` when the shallow search predicts a cut, `None` to
    /// search in full (also when ProbCut is off, the node is too shallow, or a search this
    /// deep reaches the end of the game).
    pub(super) fn try_probcut(&mut self, pos: &G::Pos, depth: u32, alpha: i32) -> Option<i32> {
        let (pc, plies_left) = self.probcut_here(pos, depth)?;
        let beta = alpha + 1;
        let shallow = ProbCut::shallow_depth(depth);
        let (bias, margin) = pc.margin(depth, plies_left);
        let high = (f64::from(beta) - bias + margin).ceil() as i32;
        if high < INFINITY {
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
        if low > -INFINITY {
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
