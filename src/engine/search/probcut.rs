//! ProbCut (Buro, "ProbCut: An effective selective extension of the alpha-beta algorithm",
//! ICCA Journal 18, 1995) and Multi-ProbCut (Buro, "Experiments with Multi-ProbCut and a
//! new high-quality evaluation function for Othello", 1997): the error model, the cut
//! margins, and the selectivity ladder that iterative deepening climbs at the end of the game
//! (Edax's and Egaroucid's 73% ... 100% levels). The cut test itself runs at the null-window
//! nodes of a [`TreeSearch`](crate::engine::search::TreeSearch).

use crate::engine::search::config::ProbCutSigma;

/// ProbCut, recursive and with both bounds as in Multi-ProbCut: a shallow search predicts a
/// deep one, `v_d ~ v_s + bias` with a normal error of standard deviation `sigma`. At a
/// null-window node `d` plies deep the search first asks, with a null-window search `s`
/// plies deep, whether `v_s >= beta - bias + t * sigma`; if so it returns `beta` without the
/// deep search, and likewise below `alpha`. `t` sets how sure the cut must be.
///
/// A node whose search reaches the end of the game is cut only when `endgame` is set (the
/// selective endgame search): its deep value is then the final score, whose error the
/// model's `end_*` terms give.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbCut {
    /// The confidence in standard deviations (larger: fewer, safer cuts).
    pub t: f64,
    /// Nodes with fewer plies left are searched in full.
    pub min_depth: u32,
    /// The error model.
    pub sigma: ProbCutSigma,
    /// Whether nodes whose search reaches the end of the game may be cut too.
    pub endgame: bool,
    /// The evaluation's gate, in standard deviations of the model (0: off): a cut test is
    /// tried only when the position's own evaluation lies beyond the cut's bound less this
    /// many standard deviations, so that the shallow search is spent where it may cut.
    pub eval_gate: f64,
}

/// The selectivity ladder: the confidences (in standard deviations) a search to the end of
/// the game climbs, each iteration surer than the one before, until the full-width one. A
/// search stopped on the way has completed the most useful iteration it could. Two-sided
/// normal confidence: 73%, 87%, 95%, 98%, 99.7%.
pub const LADDER: [f64; 5] = [1.1, 1.5, 2.0, 2.4, 3.0];

/// The precision of a full-width search's bounds in the transposition table: above every
/// rung of [`LADDER`] (see [`ProbCut::precision`]).
pub const FULL_WIDTH: u8 = 7;

impl ProbCut {
    /// The depth of the shallow search that predicts a `depth`-ply one: about half of it,
    /// of the same parity (Othello's scores swing between odd and even depths): 2 for 4 and
    /// 6, 3 for 5 and 7, 4 for 8 and 10, 6 for 12 and 14.
    pub fn shallow_depth(depth: u32) -> u32 {
        2 * (depth / 4) + (depth & 1)
    }

    /// The depth of the shallow search that predicts a `depth`-ply one that stops before
    /// the end of the game: the one of the same parity nearest `share` of it (the lower on a
    /// tie), at least 1 or 2. At a share of 0.5 this is [`ProbCut::shallow_depth`]; at a
    /// third, for even depths, 4 for 12 and 14, 6 for 16 to 20, 8 for 22 and 24.
    pub fn shallow_at(depth: u32, share: f64) -> u32 {
        let d = f64::from(depth);
        let steps = ((d - d * share) / 2.0 + 0.5).floor().max(1.0) as u32;
        depth.saturating_sub(2 * steps).max(2 - (depth & 1))
    }

    /// [`ProbCut::shallow_at`] with this model's share.
    pub fn shallow(&self, depth: u32) -> u32 {
        ProbCut::shallow_at(depth, self.sigma.shallow_share)
    }

    /// The cut margins at a `depth`-ply node with `empties` plies left to the end of the
    /// game: `(bias, t * sigma)`, in discs. A node searched to the end (`depth >= empties`)
    /// takes the endgame terms.
    pub fn margin(&self, depth: u32, empties: u32) -> (f64, f64) {
        let m = &self.sigma;
        if depth >= empties {
            let sigma = m.end_base + m.end_per_empty * f64::from(empties);
            return (m.end_bias, self.t * sigma.max(1.0));
        }
        let sigma = m.base + m.per_ply * f64::from(depth) + m.per_empty * f64::from(empties);
        let bias = if depth % 2 == 1 {
            m.bias_odd
        } else {
            m.bias_even
        };
        (bias, self.t * sigma.max(1.0))
    }

    /// The precision of the bounds this search stores at the nodes it may cut: the number of
    /// [`LADDER`] rungs at or below `t` (0 below the first). A table entry serves a search
    /// whose precision is at most the entry's; a full-width search's is [`FULL_WIDTH`].
    pub fn precision(&self) -> u8 {
        LADDER.iter().filter(|&&rung| rung <= self.t + 1e-9).count() as u8
    }

    /// The two-sided normal confidence of a cut, in percent: 73 for `t = 1.1`, 87 for 1.5,
    /// 95 for 2.0 (what the reports write after the depth: `depth 18@87%`).
    pub fn confidence_pct(&self) -> u8 {
        confidence_pct(self.t)
    }
}

/// The two-sided normal confidence of `t` standard deviations, in percent (at most 99 below
/// certainty: a rounded 100 would read as full width).
pub fn confidence_pct(t: f64) -> u8 {
    let p = erf(t / std::f64::consts::SQRT_2) * 100.0;
    (p.round() as u8).min(99)
}

/// The error function (Abramowitz and Stegun 7.1.26; absolute error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let sign = x.signum();
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::SearchConfig;

    fn probcut(t: f64) -> ProbCut {
        ProbCut {
            t,
            min_depth: 4,
            sigma: SearchConfig::shipped().probcut_sigma,
            endgame: false,
            eval_gate: 0.0,
        }
    }

    #[test]
    fn the_shallow_depth_at_a_share() {
        for depth in 3..=60 {
            assert_eq!(
                ProbCut::shallow_at(depth, 0.5),
                ProbCut::shallow_depth(depth),
                "{depth}"
            );
        }
        let third: Vec<u32> = (4..=24)
            .map(|d| ProbCut::shallow_at(d, 1.0 / 3.0))
            .collect();
        assert_eq!(
            third,
            [
                2, 1, 2, 3, 2, 3, 4, 3, 4, 5, 4, 5, 6, 5, 6, 7, 6, 7, 8, 7, 8
            ]
        );
    }

    #[test]
    fn the_ladder_reads_as_edax_and_egaroucid_name_it() {
        let pct: Vec<u8> = LADDER.iter().map(|&t| confidence_pct(t)).collect();
        assert_eq!(pct, [73, 87, 95, 98, 99]);
        assert_eq!(confidence_pct(1.0), 68);
        assert_eq!(confidence_pct(0.5), 38);
    }

    #[test]
    fn precision_counts_the_rungs_reached() {
        let p: Vec<u8> = [0.5, 1.1, 1.3, 1.5, 2.0, 2.4, 3.0, 9.0]
            .iter()
            .map(|&t| probcut(t).precision())
            .collect();
        assert_eq!(p, [0, 1, 1, 2, 3, 4, 5, 5]);
        assert!(probcut(9.0).precision() < FULL_WIDTH);
    }

    #[test]
    fn nodes_searched_to_the_end_take_the_endgame_terms() {
        let pc = probcut(2.0);
        let m = pc.sigma;
        let (bias, margin) = pc.margin(24, 24);
        assert_eq!(bias, m.end_bias);
        let end_sigma = m.end_base + m.end_per_empty * 24.0;
        assert!((margin - 2.0 * end_sigma.max(1.0)).abs() < 1e-12);
        let (bias, margin) = pc.margin(10, 30);
        assert_eq!(bias, m.bias_even);
        let sigma = m.base + m.per_ply * 10.0 + m.per_empty * 30.0;
        assert!((margin - 2.0 * sigma.max(1.0)).abs() < 1e-12);
    }
}
